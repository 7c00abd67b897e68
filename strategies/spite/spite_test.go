package spite

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/spite"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
)

func newGame(t testing.TB, rules ...string) games.Game {
	t.Helper()
	g, err := spite.Definition().New(rules)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func newBot(t testing.TB, name string, params ...string) strategies.Strategy {
	t.Helper()
	r := new(strategies.Registry)
	Register(r)
	def, err := r.Lookup(newGame(t), name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := def.New(nil, params)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// deal deals deal i of run seed to s and begins each seat's bot on it,
// as sim deals it: cardsim run spite --seed seed plays the same game.
func deal(s games.State, bots [2]strategies.Strategy, seed uint64, i int64) {
	s.Reset(sim.GameSeed(seed, i))
	for seat := range 2 {
		bots[seat].Begin(sim.BotSeed(seed, i, seat))
	}
}

// play plays s to the end with bots[seat] for each seat, using legal as
// its buffer, and returns the buffer.
func play(s games.State, bots [2]strategies.Strategy, legal []games.Action) []games.Action {
	for s.Turn() != games.Terminal {
		p := s.Turn()
		legal = s.Legal(legal)
		s.Apply(bots[p].Choose(s.View(p), legal))
	}
	return legal
}

// TestJokerChain: each bot frees its upcard when the cards in its hand
// can, jokers chained as a person would: with the joker in the middle of
// the chain (upcard 5, hand A 2 JK 4 9), with two jokers in a row (upcard
// 6, hand A 2 3 JK JK: once greedy played only a joker right under its
// upcard, and held four jokers for hundreds of turns), and with three
// (upcard 6, hand A 2 JK JK JK: the planner once priced three jokers above
// the upcard). With the upcard out of reach (7, hand A 2 JK JK 9), neither
// plays a joker.
func TestJokerChain(t *testing.T) {
	for _, tt := range []struct {
		deal   string
		free   bool
		jokers int // jokers played
	}{
		{"pile0: 5H 9S ...; pile1: KD ...; hand0: AS 2D JK 4C 9H; first: 0", true, 1},
		{"pile0: 6H 9S ...; pile1: KD ...; hand0: AS 2D 3C JK JK; first: 0", true, 2},
		{"pile0: 6H 9S ...; pile1: KD ...; hand0: AS 2D JK JK JK; first: 0", true, 3},
		{"pile0: 7H 9S ...; pile1: KD ...; hand0: AS 2D JK JK 9H; first: 0", false, 0},
	} {
		for _, bot := range []string{"planner", "greedy"} {
			s := newGame(t).NewState()
			if err := s.Deal(tt.deal, 1); err != nil {
				t.Fatal(err)
			}
			b := newBot(t, bot)
			b.Begin(1)
			var legal []games.Action
			var moves []string
			jokers := 0
			for s.Turn() == 0 && s.View(0).(*spite.View).Stockpiles[0] == 26 {
				legal = s.Legal(legal)
				a := b.Choose(s.View(0), legal)
				moves = append(moves, s.ActionString(a))
				if strings.HasPrefix(s.ActionString(a), "hand JK") {
					jokers++
				}
				s.Apply(a)
			}
			freed := s.View(0).(*spite.View).Stockpiles[0] < 26
			if freed != tt.free || jokers != tt.jokers {
				t.Errorf("%s, %s: upcard played %v with %d jokers, want %v with %d; moves %s", bot, tt.deal, freed, jokers, tt.free, tt.jokers, strings.Join(moves, ", "))
			}
		}
	}
}

// TestDeterministic: the same seeds give the same game, move for move.
func TestDeterministic(t *testing.T) {
	g := newGame(t)
	run := func() string {
		s := g.NewState()
		s.Record(true)
		s.Reset(42)
		bots := [2]strategies.Strategy{newBot(t, "planner"), newBot(t, "greedy")}
		bots[0].Begin(1)
		bots[1].Begin(2)
		play(s, bots, nil)
		var b strings.Builder
		for _, e := range s.Events() {
			b.WriteString(e.String() + "\n")
		}
		return b.String()
	}
	if a, b := run(), run(); a != b {
		t.Fatal("same seeds, different games")
	}
}

// TestDecisionsIgnoreHiddenCards: at every decision, a twin of the bot
// shown the view of a clone whose hidden cards were re-dealt (Determinize)
// chooses exactly as the bot does.
func TestDecisionsIgnoreHiddenCards(t *testing.T) {
	g := newGame(t)
	for _, name := range []string{"greedy", "planner"} {
		for game := range uint64(10) {
			s := g.NewState()
			s.Reset(game)
			bots := [2]strategies.Strategy{newBot(t, name), newBot(t, name)}
			twins := [2]strategies.Strategy{newBot(t, name), newBot(t, name)}
			for i := range 2 {
				bots[i].Begin(uint64(i))
				twins[i].Begin(uint64(i))
			}
			var legal []games.Action
			for step := 0; s.Turn() != games.Terminal; step++ {
				p := s.Turn()
				legal = s.Legal(legal)
				c := s.Clone()
				c.Determinize(p, game*1000+uint64(step))
				a := bots[p].Choose(s.View(p), legal)
				if b := twins[p].Choose(c.View(p), c.Legal(nil)); a != b {
					t.Fatalf("%s, game %d step %d: %s on the real deal, %s on a re-dealt one", name, game, step, s.ActionString(a), s.ActionString(b))
				}
				s.Apply(a)
			}
		}
	}
}

func TestRegistry(t *testing.T) {
	r := new(strategies.Registry)
	Register(r)
	for _, name := range []string{"greedy", "planner"} {
		def, err := r.Lookup(newGame(t), name)
		if err != nil {
			t.Fatal(err)
		}
		if len(def.Params(nil)) == 0 {
			t.Errorf("%s lists no parameters", name)
		}
		if _, err := def.New(nil, []string{"nonsense=1"}); err == nil {
			t.Errorf("%s accepted an unknown parameter", name)
		}
	}
}

// ExampleGreedy shows greedy's first moves on a hand-picked deal: the ace
// first, then the 2, then its upcard 3.
func ExampleGreedy() {
	g, _ := spite.Definition().New(nil)
	s := g.NewState()
	if err := s.Deal("pile0: 3H 9S ...; pile1: KD ...; hand0: AS 2D 7C 8C KH; first: 0", 1); err != nil {
		panic(err)
	}
	bot := &Greedy{Spare: true, Gap: 6}
	for range 3 {
		a := bot.Choose(s.View(0), s.Legal(nil))
		fmt.Println(s.ActionString(a))
		s.Apply(a)
	}
	// Output:
	// hand A → A
	// hand 2 → 2
	// stockpile → 3
}

// TestGreedyDiscardsFromFullHand: with no play and a full hand, greedy
// discards even where the discard wastes room, since ending the turn would
// draw no new card: deal 46 of seed 1 (upcards 10 and 2, no ace within
// reach of either seat) was once drawn after four turns in which neither
// seat did anything.
func TestGreedyDiscardsFromFullHand(t *testing.T) {
	s := newGame(t).NewState()
	if err := s.Deal("pile0: 10H ...; pile1: 2H ...; hand0: 3S 3C JK 7H 5D; hand1: 5C 5H 4D 6H 2C; first: 0", 1); err != nil {
		t.Fatal(err)
	}
	bot := newBot(t, "greedy")
	bot.Begin(1)
	legal := s.Legal(nil)
	a := bot.Choose(s.View(0), legal)
	if m := spite.Decode(a); m.Kind != spite.KindDiscard {
		t.Errorf("greedy chose %s from a full hand with no play; want a discard", s.ActionString(a))
	}
	_, m := transcript(t, "greedy", 46)
	if m["draw.idle"] != 0 {
		t.Errorf("deal 46 of seed 1 is still drawn for want of progress after %d turns", m["turns"])
	}
}

// TestGreedySpares: greedy leaves the opponent's upcard out of reach (a
// stack one below it) unless it carries that stack past it this turn, so
// long as its own stockpile moves and outside the endgame. The table: its
// upcard 5, the opponent's 10, stacks at 7 and 8, discard piles topped by
// 8D and 9C. Above its upcard, it plays the highest card that spares the
// opponent (8D onto the 7) rather than 9C, which would leave the stack at
// 9; with a 10 in hand to carry that stack on, after ten turns of its own
// stockpile standing still, in the endgame (the stock at rebuild-at or
// below, where every stack goes back into the stock at the next draw), or
// with spare=false, it plays 9C.
func TestGreedySpares(t *testing.T) {
	card := func(s string) cards.Card {
		c, err := cards.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	table := func() *spite.View {
		v := &spite.View{Me: 0, Rules: spite.DefaultRules(), Upcards: [2]cards.Card{card("5S"), card("10H")}, Stockpiles: [2]int{10, 10},
			Stacks: []cards.Rank{7, 8}, Stock: 30, Turn: 1, Hand: []cards.Card{card("KS"), card("QD")}}
		v.Discards[0][0] = []cards.Card{card("8D")}
		v.Discards[0][1] = []cards.Card{card("9C")}
		return v
	}
	legal := []games.Action{spite.Play(spite.FromPile(0), 8), spite.Play(spite.FromPile(1), 9), spite.End}
	spare, carry := legal[0], legal[1]
	for _, tt := range []struct {
		name   string
		params []string
		edit   func(v *spite.View)
		later  int // turns later that greedy chooses again, its stockpile unmoved
		want   games.Action
	}{
		{"spares", nil, func(*spite.View) {}, 0, spare},
		{"a 10 carries the stack past", nil, func(v *spite.View) { v.Hand = append(v.Hand, card("10D")) }, 0, carry},
		{"five turns of its own later", nil, func(*spite.View) {}, 9, spare},
		{"six turns of its own later", nil, func(*spite.View) {}, 10, carry},
		{"patience=20, six turns later", []string{"patience=20"}, func(*spite.View) {}, 10, spare},
		{"endgame", nil, func(v *spite.View) { v.Stock = 12 }, 0, carry},
		{"endgame under rebuild=completed", nil, func(v *spite.View) { v.Stock = 12; v.Rules.Rebuild = spite.RebuildCompleted }, 0, spare},
		{"spare=false", []string{"spare=false"}, func(*spite.View) {}, 0, carry},
	} {
		g := newBot(t, "greedy", tt.params...)
		g.Begin(1)
		v := table()
		tt.edit(v)
		g.Choose(v, legal) // its stockpile seen at turn 1
		v.Turn += tt.later
		if a := g.Choose(v, legal); a != tt.want {
			t.Errorf("%s: greedy chose %v, want %v", tt.name, spite.Decode(a), spite.Decode(tt.want))
		}
	}
}

// TestGreedyBridgesWhenStuck: once its own stockpile has stood still for
// Dig turns (30 by default), greedy plays a joker that lets a card off its discard
// piles back into play, though the joker does not free its upcard; before
// then it keeps the joker. The table: its upcard a King, one stack at ace,
// a 3 on top of a discard pile, a joker and two nines in hand. Against a
// player who never builds (random), keeping jokers for a King that no
// chain reaches locked the cards in the piles until the game was drawn
// (see TestBeatsRandom).
func TestGreedyBridgesWhenStuck(t *testing.T) {
	card := func(s string) cards.Card {
		c, err := cards.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	joker := spite.Play(spite.FromHand(cards.Joker), 2)
	for _, tt := range []struct {
		name  string
		top   string // the top of its first discard pile
		later int    // turns later that greedy chooses again, its stockpile unmoved
		want  games.Action
	}{
		{"not stuck", "3C", 29, spite.End},
		{"stuck", "3C", 30, joker},
		{"stuck, nothing to bridge to", "4C", 30, spite.End},
	} {
		v := &spite.View{Me: 0, Rules: spite.DefaultRules(), Upcards: [2]cards.Card{card("KS"), card("10H")}, Stockpiles: [2]int{10, 10},
			Stacks: []cards.Rank{cards.Ace}, Stock: 30, Turn: 1, Hand: []cards.Card{card("JK"), card("9S"), card("9D")}}
		v.Discards[0][0] = []cards.Card{card("QD"), card(tt.top)}
		legal := []games.Action{joker, spite.End}
		g := newBot(t, "greedy")
		g.Begin(1)
		g.Choose(v, legal) // its stockpile seen at turn 1
		v.Turn += tt.later
		if a := g.Choose(v, legal); a != tt.want {
			t.Errorf("%s: greedy chose %v, want %v", tt.name, spite.Decode(a), spite.Decode(tt.want))
		}
	}
}

// parseCard returns the card named s.
func parseCard(t *testing.T, s string) cards.Card {
	t.Helper()
	c, err := cards.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestGreedySearchesForChains: when no single play starts a chain that
// rule 3 counts as freeing the upcard, greedy searches the turn's
// sequences of plays. The table: its upcard a 7, a stack at 3, a joker, a
// 5 and a 9 in hand, and a discard pile of 6 under 5. Counting the hand's
// 5 first, the joker (as 4) leaves no 6 within reach; played from the
// pile, the 5 uncovers the 6, and the joker, the pile's 5 and its 6 free
// the upcard. Greedy plays the joker and then the pile's 5; with search=0
// it keeps the joker.
func TestGreedySearchesForChains(t *testing.T) {
	table := func() *spite.View {
		v := &spite.View{Me: 0, Rules: spite.DefaultRules(), Upcards: [2]cards.Card{parseCard(t, "7S"), parseCard(t, "KH")}, Stockpiles: [2]int{10, 10},
			Stacks: []cards.Rank{3}, Stock: 30, Turn: 1, Hand: []cards.Card{parseCard(t, "JK"), parseCard(t, "5H"), parseCard(t, "9C")}}
		v.Discards[0][0] = []cards.Card{parseCard(t, "6D"), parseCard(t, "5C")}
		return v
	}
	joker := spite.Play(spite.FromHand(cards.Joker), 4)
	for _, tt := range []struct {
		params []string
		want   games.Action
	}{{nil, joker}, {[]string{"search=0"}, spite.End}} {
		g := newBot(t, "greedy", tt.params...)
		g.Begin(1)
		v := table()
		if a := g.Choose(v, []games.Action{joker, spite.End}); a != tt.want {
			t.Errorf("%v: greedy chose %v, want %v", tt.params, spite.Decode(a), spite.Decode(tt.want))
			continue
		}
		if tt.want != joker {
			continue
		}
		v.Stacks[0], v.Hand = 4, v.Hand[1:]
		fromPile := spite.Play(spite.FromPile(0), 5)
		if a := g.Choose(v, []games.Action{spite.Play(spite.FromHand(5), 5), fromPile, spite.End}); a != fromPile {
			t.Errorf("after the joker: greedy chose %v, want %v", spite.Decode(a), spite.Decode(fromPile))
		}
	}
}

// TestGreedyFeeds: in the endgame (the stock at rebuild-at or below, so
// that every draw sweeps the centre into the stock), once its own
// stockpile has not moved for 30 turns and a 2 tops one of the opponent's
// discard piles, greedy discards its ace rather than play it from the
// hand; next turn it plays that ace from its pile and ends the turn
// without a discard, its hand full, so that no draw sweeps the ace before
// the opponent can build on it. Not stuck, not in the endgame, with no 2
// on the opponent's piles or with feed=0, it plays the ace from its hand.
func TestGreedyFeeds(t *testing.T) {
	hand := func() []cards.Card {
		var h []cards.Card
		for _, s := range []string{"AS", "9C", "8D", "7H", "2C"} {
			h = append(h, parseCard(t, s))
		}
		return h
	}
	table := func() *spite.View {
		v := &spite.View{Me: 0, Rules: spite.DefaultRules(), Upcards: [2]cards.Card{parseCard(t, "KS"), parseCard(t, "QH")}, Stockpiles: [2]int{20, 20},
			Stock: 3, Turn: 1, Hand: hand()}
		for i, s := range []string{"10D", "JC", "QS", "KD"} {
			v.Discards[0][i] = []cards.Card{parseCard(t, s)}
		}
		v.Discards[1][0] = []cards.Card{parseCard(t, "5S"), parseCard(t, "2D")}
		return v
	}
	playAce, discardAce := spite.Play(spite.FromHand(cards.Ace), 1), spite.Discard(cards.Ace, 0)
	legal := []games.Action{playAce, discardAce, spite.Discard(9, 0), spite.End}
	for _, tt := range []struct {
		name   string
		params []string
		edit   func(v *spite.View)
		later  int // turns later that greedy chooses again, its stockpile unmoved
		want   games.Action
	}{
		{"stuck", nil, func(*spite.View) {}, 30, discardAce},
		{"not stuck", nil, func(*spite.View) {}, 29, playAce},
		{"not the endgame", nil, func(v *spite.View) { v.Stock = 13 }, 30, playAce},
		{"no 2 on the opponent's piles", nil, func(v *spite.View) { v.Discards[1][0] = v.Discards[1][0][:1] }, 30, playAce},
		{"feed=0", []string{"feed=0"}, func(*spite.View) {}, 30, playAce},
	} {
		g := newBot(t, "greedy", tt.params...)
		g.Begin(1)
		v := table()
		tt.edit(v)
		g.Choose(v, []games.Action{spite.End}) // its stockpile seen at turn 1
		v.Turn += tt.later
		if a := g.Choose(v, legal); a != tt.want {
			t.Errorf("%s: greedy chose %v, want %v", tt.name, spite.Decode(a), spite.Decode(tt.want))
		}
		if tt.want != discardAce {
			continue
		}
		// Its next turn: the ace on its first pile, the hand full again.
		v.Turn += 2
		v.Hand = append(hand()[1:], parseCard(t, "9H"))
		v.Discards[0][0] = []cards.Card{parseCard(t, "10D"), parseCard(t, "AS")}
		fromPile := spite.Play(spite.FromPile(0), 1)
		if a := g.Choose(v, []games.Action{fromPile, spite.Discard(9, 0)}); a != fromPile {
			t.Errorf("%s, next turn: greedy chose %v, want %v", tt.name, spite.Decode(a), spite.Decode(fromPile))
		}
		v.Discards[0][0], v.Stacks = v.Discards[0][0][:1], []cards.Rank{cards.Ace}
		if a := g.Choose(v, []games.Action{spite.Play(spite.FromHand(2), 2), spite.Discard(9, 0), spite.End}); a != spite.End {
			t.Errorf("%s, next turn, the ace played: greedy chose %v, want to end the turn", tt.name, spite.Decode(a))
		}
	}
}

// TestGreedyKeepsAPileOpen: greedy does not close its last discard pile
// open to Jacks with a lower card unless its hand is full: its piles
// topped by 2, 3, 4 and Queen, it ends the turn rather than discard a 9
// onto the Queen, but discards a Jack there, discards the 9 with a full
// hand or while a King tops another pile, and with keep=0.
func TestGreedyKeepsAPileOpen(t *testing.T) {
	nine, jack := spite.Discard(9, 3), spite.Discard(cards.Jack, 3)
	for _, tt := range []struct {
		name   string
		params []string
		hand   []string
		tops   [4]string
		want   games.Action
	}{
		{"the last open pile", nil, []string{"9C", "8S", "5D"}, [4]string{"2S", "3D", "4C", "QH"}, spite.End},
		{"a Jack", nil, []string{"JC", "9C", "8S"}, [4]string{"2S", "3D", "4C", "QH"}, jack},
		{"a full hand", nil, []string{"9C", "8S", "5D", "7H", "6C"}, [4]string{"2S", "3D", "4C", "QH"}, nine},
		{"a King tops another pile", nil, []string{"9C", "8S", "5D"}, [4]string{"2S", "3D", "KC", "QH"}, nine},
		{"keep=0", []string{"keep=0"}, []string{"9C", "8S", "5D"}, [4]string{"2S", "3D", "4C", "QH"}, nine},
	} {
		v := &spite.View{Me: 0, Rules: spite.DefaultRules(), Upcards: [2]cards.Card{parseCard(t, "KS"), parseCard(t, "KH")}, Stockpiles: [2]int{10, 10},
			Stock: 30, Turn: 1}
		for _, s := range tt.hand {
			v.Hand = append(v.Hand, parseCard(t, s))
		}
		for i, s := range tt.tops {
			v.Discards[0][i] = []cards.Card{parseCard(t, s)}
		}
		var legal []games.Action
		for _, c := range v.Hand {
			for i, d := range v.Discards[0] {
				if spite.CanDiscard(c.Rank(), d) {
					legal = append(legal, spite.Discard(c.Rank(), i))
				}
			}
		}
		legal = append(legal, spite.End)
		g := newBot(t, "greedy", tt.params...)
		g.Begin(1)
		if a := g.Choose(v, legal); a != tt.want {
			t.Errorf("%s: greedy chose %v, want %v", tt.name, spite.Decode(a), spite.Decode(tt.want))
		}
	}
}
