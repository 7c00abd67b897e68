package chriscross

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// State is one game of Chris-Cross in progress. It implements games.State;
// its play lives in a Position, which Position returns.
type State struct {
	g      *Game
	pos    Position
	src    *rand.PCG
	rng    *rand.Rand
	work   []cards.Card // the deck being dealt
	record bool
	events []games.Event
	view   View

	// legal[:nLegal] are the legal actions when known is set: Apply keeps
	// the ones its settling found, so that Legal need not find them again.
	legal  [maxLegal]games.Action
	nLegal int
	known  bool
}

var (
	_ games.State  = (*State)(nil)
	_ games.Dealer = (*State)(nil)
)

// Position returns a copy of the game as a Position, stock order included.
func (s *State) Position() Position { return s.pos }

func (s *State) log() *[]games.Event {
	if s.record {
		return &s.events
	}
	return nil
}

// Reset deals a new game shuffled from seed.
func (s *State) Reset(seed uint64) {
	copy(s.work, s.g.deck)
	s.src.Seed(games.Mix(seed, 0), games.Mix(seed, 1))
	cards.Shuffle(s.rng, s.work)
	s.events = s.events[:0]
	s.pos.deal(s.g.rules, s.work, s.log())
	s.known = false
}

// Deal starts a game from the deal text: the cards in the order dealt, the
// first size² down the columns of the tableau (column 1 from the top row
// down, then column 2, …) and the rest the stock, next card first. An
// optional "|" may separate the tableau from the stock. The game has no
// later chance, so seed is unused.
func (s *State) Deal(deal string, seed uint64) error {
	d, err := ParseDeal(deal, s.g.rules)
	if err != nil {
		return err
	}
	copy(s.work, d)
	s.events = s.events[:0]
	s.pos.deal(s.g.rules, s.work, s.log())
	s.known = false
	return nil
}

// Turn returns 0 while the game lasts and games.Terminal after.
func (s *State) Turn() int {
	if s.pos.stage == Over {
		return games.Terminal
	}
	return 0
}

// Legal appends the legal actions to dst[:0] in ascending order.
func (s *State) Legal(dst []games.Action) []games.Action {
	if s.known {
		return append(dst[:0], s.legal[:s.nLegal]...)
	}
	return s.pos.Legal(dst)
}

// Apply plays a legal action; it panics on one that is not.
func (s *State) Apply(a games.Action) {
	s.pos.act(a, s.log())
	s.nLegal = s.pos.settleKeep(s.log(), &s.legal)
	s.known = s.nLegal >= 0
}

// View returns the player's view, valid until the state next changes.
func (s *State) View(seat int) games.View {
	s.view.fill(s.g.rules, &s.pos, s)
	return &s.view
}

// Outcome returns the number of cards cast out as the score, and Win if
// they are all of them.
func (s *State) Outcome(seat int) games.Outcome {
	o := games.Outcome{Score: s.pos.Removed()}
	if s.pos.won {
		o.Result = games.Win
	}
	return o
}

// ScoreSoFar returns the cards cast out so far (games.Scorer).
func (s *State) ScoreSoFar(int) int { return s.pos.Removed() }

// Cards appends every card of the game: tableau, stock, then the cards cast
// out.
func (s *State) Cards(dst []cards.Card) []cards.Card {
	dst = dst[:0]
	for _, c := range s.pos.grid {
		if c != 0 {
			dst = append(dst, c)
		}
	}
	dst = append(dst, s.pos.stock[s.pos.top:s.pos.nStock]...)
	return append(dst, s.pos.waste[:s.pos.nWaste]...)
}

// Dealt implements games.Dealer: it appends the deck as Reset or Deal dealt
// it to dst[:0], the tableau down the columns and then the stock, next card
// first (the form ParseDeal reads). The rule options that change how pairs
// form leave it alone, so runs under different readings can be checked to
// have played the same deals.
func (s *State) Dealt(dst []cards.Card) []cards.Card { return append(dst[:0], s.work...) }

// Clone returns an independent copy.
func (s *State) Clone() games.State {
	src := rand.NewPCG(0, 0)
	c := &State{
		g:      s.g,
		pos:    s.pos,
		src:    src,
		rng:    rand.New(src),
		work:   slices.Clone(s.work),
		record: s.record,
		events: slices.Clone(s.events),
	}
	return c
}

// Determinize shuffles the stock, the only hidden cards, from seed.
func (s *State) Determinize(seat int, seed uint64) {
	s.src.Seed(games.Mix(seed, 2), games.Mix(seed, 3))
	cards.Shuffle(s.rng, s.pos.stock[s.pos.top:s.pos.nStock])
}

// ActionString names an action legal now: "cast 7H r1c2 + 7S r4c2", "end
// step", "stay r2c3", "move 5D r1c3 down to r2c3".
func (s *State) ActionString(a games.Action) string {
	p := &s.pos
	if i, j, ok := PairCells(a); ok {
		return fmt.Sprintf("cast %v %s + %v %s", p.grid[i], cellName(i), p.grid[j], cellName(j))
	}
	t := p.Target()
	switch a {
	case EndStep:
		return "end step"
	case Stay:
		if t >= 0 {
			return "stay " + cellName(t)
		}
	case FromAbove, FromBelow:
		if t >= 0 {
			if src := p.source(t, a == FromAbove); src >= 0 {
				dir := "down"
				if a == FromBelow {
					dir = "up"
				}
				return fmt.Sprintf("move %v %s %s to %s", p.grid[src], cellName(src), dir, cellName(t))
			}
		}
	}
	return fmt.Sprintf("action %d (not legal now)", a)
}

// Record switches the event log on or off.
func (s *State) Record(on bool) { s.record = on }

// Events returns the events logged since the deal.
func (s *State) Events() []games.Event { return s.events }

// metricsFor returns the metrics under rules r, each with the most it can
// reach in one game. Every step casts at least one pair, and every round
// but the last casts at least one in phase 1, so a game of n cards plays
// at most n/2 steps and n/2+1 rounds; a step moves each card of the
// tableau at most once, and a round transposes each row at most once.
func metricsFor(r Rules) []games.Metric {
	n, cells, rows := int64(len(r.Deck())), int64(r.Size*r.Size), int64(r.Size)
	rounds := n/2 + 1
	return []games.Metric{
		{Name: "won", Usage: "1 if every card was cast out", Role: games.Indicator},
		{Name: "cards_left", Usage: "cards left in the tableau and the stock at the end", Max: n},
		{Name: "rounds", Usage: "rounds played, the last included", Max: rounds},
		{Name: "pairs.column", Usage: "pairs cast out of a column", Max: n / 2},
		{Name: "pairs.diagonal", Usage: "pairs cast out of a diagonal", Max: n / 2},
		{Name: "vertical_moves", Usage: "cards moved up or down into a vacated cell", Max: cells * (n / 2)},
		{Name: "transpositions", Usage: "rows transposed at the start of phase 2 (rows of 2 to size-1 cards)", Max: rows * rounds},
		{Name: "stall_round", Usage: "for a lost game, the round in which no pair was left to cast; 0 for a win", Max: rounds},
	}
}

// Metrics appends the game's metrics in the order of Game.Metrics.
func (s *State) Metrics(dst []int64) []int64 {
	p := &s.pos
	won := int64(0)
	if p.won {
		won = 1
	}
	return append(dst[:0], won, int64(p.CardsLeft()), int64(p.round), int64(p.pairsCol),
		int64(p.pairsDiag), int64(p.vmoves), int64(p.transposed), int64(p.stall))
}
