package roundup

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/roundup"
	"github.com/cardsim/cardsim/strategies"
)

func hand(t *testing.T, text string) roundup.Hand {
	t.Helper()
	d, err := cards.ParseDeck(text)
	if err != nil {
		t.Fatal(err)
	}
	return roundup.HandOf(d...)
}

func cardOf(t *testing.T, text string) cards.Card {
	t.Helper()
	c, err := cards.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// view returns a 4-player view for seat 0 backing the suit of bid (or
// none), bids revealed, in phase p.
func view(t *testing.T, p roundup.Phase, bid, down string) *roundup.View {
	v := &roundup.View{Me: 0, Players: 4, Phase: p, Revealed: true, Down: hand(t, down), Attacker: -1, Target: -1, Named: -1}
	if bid != "" {
		v.Bids[0] = cardOf(t, bid)
	}
	for k := range 4 {
		v.DownCount[k] = 5
	}
	return v
}

func cardActions(t *testing.T, names ...string) []games.Action {
	var a []games.Action
	for _, n := range names {
		switch n {
		case "pass":
			a = append(a, roundup.Pass)
		case "stop":
			a = append(a, roundup.Stop)
		default:
			a = append(a, roundup.CardAction(cardOf(t, n)))
		}
	}
	return a
}

func TestChooseBid(t *testing.T) {
	tests := []struct {
		down string
		want string
	}{
		{"2C 5C 9C AD 3D JH", "9C"},    // clubs: 3 cards + the Two = 7; diamonds: 2 cards + the Ace = 6
		{"2C 5C 9C AD 3D 7D JH", "7D"}, // diamonds: 3 cards + the Ace = 8
		{"3H 8H QS KS 4S", "8H"},       // hearts 2 cards = 4, spades 1 = 2; face cards do not count
		{"10S 9S 8S AC 2C QC", "2C"},   // clubs: 2 cards + Ace + Two = 7 beats spades' 3 cards = 6
	}
	for _, tt := range tests {
		v := view(t, roundup.PhaseBid, "", tt.down)
		if got := chooseBid(v); got != roundup.CardAction(cardOf(t, tt.want)) {
			t.Errorf("bid with %s: %s, want card %s", tt.down, roundup.ActionName(got), tt.want)
		}
	}
}

func TestGreedyChoices(t *testing.T) {
	g := new(Greedy)
	tests := []struct {
		name  string
		phase roundup.Phase
		bid   string
		down  string
		legal []string
		want  string
	}{
		{"forced: off suit first", roundup.PhasePlay, "9H", "", []string{"AH", "2C"}, "2C"},
		{"forced: own suit if nothing else", roundup.PhasePlay, "9H", "", []string{"AH"}, "AH"},
		{"more: stop rather than play own suit", roundup.PhaseMore, "9H", "", []string{"stop", "2H"}, "stop"},
		{"more: go on off suit", roundup.PhaseMore, "9H", "", []string{"stop", "2H", "3S"}, "3S"},
		{"free: face-down card off suit", roundup.PhasePlay, "9H", "AH AS QC", []string{"pass", "AH", "AS", "QC"}, "AS"},
		{"free: attack rather than play own suit", roundup.PhasePlay, "9H", "AH QC", []string{"pass", "AH", "QC"}, "QC"},
		{"free: pass to hold own suit", roundup.PhasePlay, "9H", "AH 7D", []string{"pass", "AH"}, "pass"},
		{"penalty: highest off suit", roundup.PhasePenalty, "9H", "2H 8H 3C 7D", []string{"2H", "8H", "3C", "7D"}, "7D"},
		{"penalty: own suit's highest when nothing else", roundup.PhasePenalty, "9H", "2H 8H", []string{"2H", "8H"}, "8H"},
		{"answer: number off suit before a face card", roundup.PhaseAnswer, "9H", "3S QS", []string{"3S", "QS"}, "3S"},
		{"answer: face card before own suit", roundup.PhaseAnswer, "9H", "3H QH", []string{"3H", "QH"}, "QH"},
	}
	for _, tt := range tests {
		v := view(t, tt.phase, tt.bid, tt.down)
		if got, want := g.Choose(v, cardActions(t, tt.legal...)), cardActions(t, tt.want)[0]; got != want {
			t.Errorf("%s: %s, want %s", tt.name, roundup.ActionName(got), roundup.ActionName(want))
		}
	}
}

// TestAttackChoices: the target is the rival whose suit is furthest from
// closing; the Queen names that suit, the King its next card.
func TestAttackChoices(t *testing.T) {
	v := view(t, roundup.PhaseTarget, "9H", "")
	v.Bids[1], v.Bids[2], v.Bids[3] = cardOf(t, "5H"), cardOf(t, "4C"), cardOf(t, "6S")
	v.Stacks = [4]int{3, 0, 2, 7} // clubs 3, spades 7
	legal := []games.Action{roundup.TargetSeat(1), roundup.TargetSeat(2), roundup.TargetSeat(3)}
	if got := chooseTarget(v, legal); got != roundup.TargetSeat(2) {
		t.Errorf("target %s, want seat 2 (clubs at 3 lags spades at 7; seat 1 is an ally)", roundup.ActionName(got))
	}
	v.Target = 2
	if got := nameSuit(v); got != roundup.NameSuit(cards.Clubs) {
		t.Errorf("queen names %s, want clubs", roundup.ActionName(got))
	}
	if got := nameNumber(v); got != roundup.NameNumber(4) {
		t.Errorf("king names %s, want 4 (the card blocking clubs)", roundup.ActionName(got))
	}
	// The target backing the bot's own suit: pry open the laggard instead.
	v.Target = 1
	if got := nameSuit(v); got != roundup.NameSuit(cards.Diamonds) {
		t.Errorf("queen on an ally names %s, want diamonds (at 0, the laggard)", roundup.ActionName(got))
	}
}

func TestDefenderChoices(t *testing.T) {
	d := &Defender{Keep: 2}
	tests := []struct {
		name  string
		phase roundup.Phase
		bid   string
		down  string
		legal []string
		want  string
	}{
		{"keeps its suit's face card, attacks with another", roundup.PhasePlay, "9H", "QH JC 5D", []string{"pass", "QH", "JC"}, "JC"},
		{"holds its suit's face card: passes", roundup.PhasePlay, "9H", "QH 5D", []string{"pass", "QH"}, "pass"},
		{"plays off suit while holding more than keep", roundup.PhasePlay, "9H", "AS 5D 7C", []string{"pass", "AS"}, "AS"},
		{"keeps king cover: passes", roundup.PhasePlay, "9H", "AS 5D", []string{"pass", "AS"}, "pass"},
		{"queen on its suit: discards the face card", roundup.PhaseAnswer, "9H", "2H 7H KH", []string{"2H", "7H", "KH"}, "KH"},
		{"queen on its suit: gives the highest", roundup.PhaseAnswer, "9H", "2H 7H", []string{"2H", "7H"}, "7H"},
		{"king: off suit", roundup.PhaseAnswer, "9H", "7H 7C", []string{"7C", "7H"}, "7C"},
		{"penalty: a covered card", roundup.PhasePenalty, "9H", "9S 6C 6D 2H", []string{"2H", "6C", "6D", "9S"}, "6D"},
		{"penalty: faces off suit first", roundup.PhasePenalty, "9H", "QH JS", []string{"QH", "JS"}, "JS"},
	}
	for _, tt := range tests {
		v := view(t, tt.phase, tt.bid, tt.down)
		if got, want := d.Choose(v, cardActions(t, tt.legal...)), cardActions(t, tt.want)[0]; got != want {
			t.Errorf("%s: %s, want %s", tt.name, roundup.ActionName(got), roundup.ActionName(want))
		}
	}
	// No rival to attack: all others are allies.
	v := view(t, roundup.PhasePlay, "9H", "JC 5D")
	for k := 1; k < 4; k++ {
		v.Bids[k] = cardOf(t, fmt.Sprintf("%dH", k+1))
	}
	if got := d.Choose(v, cardActions(t, "pass", "JC")); got != roundup.Pass {
		t.Errorf("only allies to attack: %s, want pass", roundup.ActionName(got))
	}
}

// TestBotsIgnoreHiddenCards: redistributing the cards a seat cannot see
// never changes its bot's choice.
func TestBotsIgnoreHiddenCards(t *testing.T) {
	for _, bot := range []strategies.Strategy{new(Greedy), &Defender{Keep: 2}} {
		tb := newTable(t, []string{"players=4", "goal=3"}, bot)
		rng := rand.New(rand.NewPCG(3, 3))
		checked := 0
		for game := range 5 {
			tb.s.Reset(uint64(game))
			for tb.s.Turn() != games.Terminal {
				seat := tb.s.Turn()
				tb.legal = tb.s.Legal(tb.legal)
				a := bot.Choose(tb.s.View(seat), tb.legal)
				for range 3 {
					c := tb.s.Clone()
					c.Determinize(seat, rng.Uint64())
					if b := bot.Choose(c.View(seat), c.Legal(nil)); b != a {
						t.Fatalf("%T chose %s, but %s once hidden cards moved", bot, roundup.ActionName(a), roundup.ActionName(b))
					}
					checked++
				}
				tb.s.Apply(a)
			}
		}
		if checked < 1000 {
			t.Errorf("only %d choices checked", checked)
		}
	}
}

// winShare plays n games with a in seats 0 and 2 and b in seats 1 and 3
// and returns a's share of the wins (draws count half).
func winShare(t *testing.T, a, b strategies.Strategy, n int) float64 {
	tb := newTable(t, nil, a, b, a, b)
	var wa, total float64
	for i := range n {
		tb.play(uint64(i))
		for k := range 4 {
			w := 0.0
			switch tb.s.Outcome(k).Result {
			case games.Win:
				w = 1
			case games.Draw:
				w = 0.5
			}
			total += w
			if k%2 == 0 {
				wa += w
			}
		}
	}
	return wa / total
}

// TestBotsBeatRandom: each bot, in two seats of four, takes far more than
// half the wins from random players in the other two (measured near 0.95
// over 3000 games).
func TestBotsBeatRandom(t *testing.T) {
	for _, bot := range []strategies.Strategy{new(Greedy), &Defender{Keep: 2}} {
		if share := winShare(t, bot, strategies.NewRandom(), 400); share < 0.8 {
			t.Errorf("%T won %.2f of the wins against random, want > 0.8", bot, share)
		}
	}
}

func TestRegister(t *testing.T) {
	r := new(strategies.Registry)
	Register(r)
	g, _ := roundup.Definition().New(nil)
	for _, name := range []string{"greedy", "defender"} {
		d, err := r.Lookup(g, name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.New(g, nil); err != nil {
			t.Errorf("%s with defaults: %v", name, err)
		}
		if _, err := d.New(g, []string{"nonsense=1"}); err == nil {
			t.Errorf("%s accepted an unknown parameter", name)
		}
	}
	d, _ := r.Lookup(g, "defender")
	if _, err := d.New(g, []string{"keep=5"}); err != nil {
		t.Errorf("defender keep=5: %v", err)
	}
}

// TestGreedyAttackParameter: left out of attack, a face rank is never
// played; the bot passes instead.
func TestGreedyAttackParameter(t *testing.T) {
	v := view(t, roundup.PhasePlay, "9H", "AH QC KD")
	legal := cardActions(t, "pass", "AH", "QC", "KD")
	tests := []struct{ attack, want string }{{"jqk", "QC"}, {"k", "KD"}, {"j", "pass"}, {"none", "pass"}}
	for _, tt := range tests {
		g := &Greedy{Attack: tt.attack}
		if got, want := g.Choose(v, legal), cardActions(t, tt.want)[0]; got != want {
			t.Errorf("attack=%s: %s, want %s", tt.attack, roundup.ActionName(got), roundup.ActionName(want))
		}
	}
}

// TestBlankChoices: a blank face card is played where the bot would
// otherwise pass (it costs no penalty), after any attack it would make;
// greedy plays it whatever its attack parameter says; the defender plays
// it even when only allies hold cards, but keeps one of its own suit.
func TestBlankChoices(t *testing.T) {
	allies := func(v *roundup.View) {
		for k := 1; k < 4; k++ {
			v.Bids[k] = cardOf(t, fmt.Sprintf("%dH", k+1))
		}
	}
	tests := []struct {
		name  string
		bot   strategies.Strategy
		rules []string
		down  string
		legal []string
		setup func(*roundup.View)
		want  string
	}{
		{"greedy: blank rather than pass", new(Greedy), []string{"jack=blank"}, "AH JC 5D", []string{"pass", "AH", "JC"}, nil, "JC"},
		{"greedy: attack before blank", new(Greedy), []string{"jack=blank"}, "AH JC QD", []string{"pass", "AH", "JC", "QD"}, nil, "QD"},
		{"greedy attack=none: blank all the same", &Greedy{Attack: "none"}, []string{"jack=blank"}, "AH JC", []string{"pass", "AH", "JC"}, nil, "JC"},
		{"greedy: a dead card cannot be chosen", new(Greedy), []string{"jack=off"}, "AH JC", []string{"pass", "AH"}, nil, "pass"},
		{"defender: blank with only allies to attack", &Defender{Keep: 2}, []string{"jack=blank"}, "JC 5D", []string{"pass", "JC"}, allies, "JC"},
		{"defender: attack before blank", &Defender{Keep: 2}, []string{"jack=blank"}, "JC QD 5D", []string{"pass", "JC", "QD"}, nil, "QD"},
		{"defender: keeps its own suit's blank", &Defender{Keep: 2}, []string{"jack=blank"}, "JH 5D", []string{"pass", "JH"}, nil, "pass"},
	}
	for _, tt := range tests {
		v := view(t, roundup.PhasePlay, "9H", tt.down)
		r, err := roundup.ParseRules(tt.rules)
		if err != nil {
			t.Fatal(err)
		}
		v.Rules = r
		if tt.setup != nil {
			tt.setup(v)
		}
		if got, want := tt.bot.Choose(v, cardActions(t, tt.legal...)), cardActions(t, tt.want)[0]; got != want {
			t.Errorf("%s: %s, want %s", tt.name, roundup.ActionName(got), roundup.ActionName(want))
		}
	}
}

// TestBlankGames: with Jacks blank, both bots play them (blank_plays) and
// never attack with one.
func TestBlankGames(t *testing.T) {
	for _, bot := range []strategies.Strategy{new(Greedy), &Defender{Keep: 2}} {
		tb := newTable(t, []string{"jack=blank"}, bot)
		idx := map[string]int{}
		for i, m := range tb.g.Metrics() {
			idx[m.Name] = i
		}
		var blank, attacks int64
		var m []int64
		for game := range uint64(20) {
			tb.play(game)
			m = tb.s.Metrics(m)
			blank += m[idx["blank_plays"]]
			attacks += m[idx["attacks.jack"]]
		}
		if blank == 0 || attacks != 0 {
			t.Errorf("%T: %d blank plays, %d Jack attacks in 20 games; want some and none", bot, blank, attacks)
		}
	}
}
