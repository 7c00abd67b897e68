package chriscross

import (
	"slices"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// View is what the player sees: the whole tableau and the progress of the
// round, but of the stock only its size. It prints fully with %+v. Only
// Reveal, reserved for clairvoyant strategies, leads to the stock order.
type View struct {
	Rules         Rules
	Round, Phase  int
	Stage         Stage
	Grid          [maxSize][maxSize]cards.Card // [row][column]; 0 is an empty cell
	StockLeft     int
	CastOut       int    // cards cast out so far
	CastThisStep  int    // pairs cast in the current step
	CastThisPhase int    // pairs cast in the current phase
	Target        int    // the cell (row*5+column) under decision while moving, else -1
	Vacated       uint32 // cells (bit row*5+column) vacated in this step
	Decided       uint32 // vacated cells whose move is decided
	Moved         uint32 // cells holding a card moved this step

	// Handle leads back to the state for SampleState and Reveal. It shows
	// nothing of the state and prints as "hidden", so views compare by
	// what they show.
	Handle Handle
}

// Handle refers to the state a View was taken from.
type Handle struct{ s *State }

// String returns "hidden": a handle shows nothing of the state.
func (Handle) String() string { return "hidden" }

var (
	_ games.Revealer = (*View)(nil)
	_ games.Sampler  = (*View)(nil)
)

// Seat returns 0: the game has one player.
func (v *View) Seat() int { return 0 }

// Lookahead returns the visible position: the stock's cards are unknown, so
// play on it stops at the end of the round, before the refill, with the
// stage RoundEnd (or Over if the game ends sooner). Strategies search the
// current round with it.
func (v *View) Lookahead() Position {
	p := Position{
		cfg:       v.Rules.config(),
		nStock:    uint8(v.StockLeft),
		nWaste:    uint8(v.CastOut),
		round:     uint8(v.Round),
		phase:     uint8(v.Phase),
		stage:     v.Stage,
		halt:      true,
		castStep:  uint8(v.CastThisStep),
		castPhase: uint8(v.CastThisPhase),
		vacated:   v.Vacated,
		decided:   v.Decided,
		moved:     v.Moved,
	}
	for r := range maxSize {
		for c := range maxSize {
			p.grid[Cell(r, c)] = v.Grid[r][c]
		}
	}
	return p
}

// fill sets v from p.
func (v *View) fill(r Rules, p *Position, s *State) {
	*v = View{
		Rules:         r,
		Round:         int(p.round),
		Phase:         int(p.phase),
		Stage:         p.stage,
		StockLeft:     p.StockLeft(),
		CastOut:       int(p.nWaste),
		CastThisStep:  int(p.castStep),
		CastThisPhase: int(p.castPhase),
		Target:        p.Target(),
		Vacated:       p.vacated,
		Decided:       p.decided,
		Moved:         p.moved,
		Handle:        Handle{s: s},
	}
	for r := range maxSize {
		for c := range maxSize {
			v.Grid[r][c] = p.grid[Cell(r, c)]
		}
	}
}

// Reveal implements games.Revealer: it returns the viewed *State itself,
// stock order included (its Position shows the whole game). Only the
// clairvoyant solver, whose results bound from above what any player can
// achieve, may call it; realistic strategies must not. The caller must not
// change the state. It panics on a view not taken from a state.
func (v *View) Reveal() games.State {
	if v.Handle.s == nil {
		panic("chriscross: Reveal of a view without a state")
	}
	return v.Handle.s
}

// SampleState implements games.Sampler: it makes dst (a *State of the same
// Game, or nil for a new one) the viewed position with the stock, the only
// hidden cards, sorted and then shuffled from seed, so the sample does not
// depend on the true stock order. It allocates nothing once dst is warm.
func (v *View) SampleState(dst games.State, seed uint64) games.State {
	src := v.Handle.s
	d := games.SampleTarget("chriscross", src, dst, func(d *State) bool { return d.g == src.g },
		func() *State { return src.Clone().(*State) })
	d.pos, d.known = src.pos, false
	d.record, d.events = false, d.events[:0]
	slices.Sort(d.pos.stock[d.pos.top:d.pos.nStock])
	d.Determinize(0, seed)
	return d
}
