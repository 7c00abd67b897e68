package roundup

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// View is what one seat may see: its own face-down hand, every face-up hand,
// the stacks, the discard pile, the face-down counts, the bids once revealed
// and the attack in progress. Arrays are indexed by seat; entries past
// Players are zero. A card value of 0 means "none".
type View struct {
	Me      int   // the seat whose view this is
	Players int   // seats in the game
	Rules   Rules // the rules in force
	Phase   Phase
	ToAct   int // the seat to act now
	Actor   int // the seat whose turn it is (-1 before the first turn)
	Round   int
	Dealer  int

	Stacks    [4]int                 // top number on each suit's stack (0 empty, 10 closed)
	Up        [maxPlayers]Hand       // face-up hands
	DownCount [maxPlayers]int        // face-down cards held
	Down      Hand                   // the seat's own face-down hand
	Bids      [maxPlayers]cards.Card // bids once revealed (own bid as soon as made)
	BidMade   [maxPlayers]bool       // whether each seat has bid
	Revealed  bool                   // bids revealed
	Tied      [maxPlayers]bool       // seats still tied for first player
	MyPick    cards.Card             // own tie-break card not yet revealed
	Discard   Hand                   // the discard pile
	Scores    [maxPlayers]int        // game points before this round
	FirstOut  int                    // first seat to empty its hand this round, or -1

	Face     cards.Card // the face card of the attack in progress, or 0
	Attacker int        // the seat attacking, or -1
	Target   int        // the seat attacked, or -1 before it is chosen
	Named    int        // the suit (Queen) or number (King) named, or -1

	// Handle leads back to the state for SampleState; it prints as a fixed
	// word, so views compare by what they show.
	Handle Handle
}

// Handle refers to the state a View was taken from.
type Handle struct{ s *State }

// String returns "state": a handle shows nothing of the state.
func (Handle) String() string { return "state" }

// Seat returns the seat whose view this is.
func (v *View) Seat() int { return v.Me }

// Playable returns the cards of h that could go onto the stacks now.
func (v *View) Playable(h Hand) Hand {
	var p Hand
	for s := cards.Clubs; s <= cards.Spades; s++ {
		if n := v.Stacks[s]; n < 10 {
			if c := cards.New(cards.Rank(n+1), s); h.Has(c) {
				p = p.With(c)
			}
		}
	}
	return p
}

// Backers returns how many revealed bids name suit s.
func (v *View) Backers(s cards.Suit) int {
	n := 0
	for k := range v.Players {
		if v.Bids[k] != 0 && v.Bids[k].Suit() == s && (v.Revealed || k == v.Me) {
			n++
		}
	}
	return n
}

// View returns what seat may see now. The view is reused by the next call.
func (s *State) View(seat int) games.View {
	v := &s.view
	*v = View{
		Me: seat, Players: s.n, Rules: *s.r, Phase: s.phase, ToAct: s.toAct, Actor: s.actor,
		Round: s.round, Dealer: s.dealer, Discard: s.discard, FirstOut: s.firstOut,
		Revealed: s.revealed, Face: s.face, Attacker: -1, Target: s.target, Named: s.named,
		Handle: Handle{s},
	}
	if s.face != 0 {
		v.Attacker = s.actor
	}
	for su := range s.stacks {
		v.Stacks[su] = int(s.stacks[su])
	}
	for k := range s.n {
		p := &s.p[k]
		v.Up[k] = p.up
		v.DownCount[k] = p.down.Len()
		v.Scores[k] = s.score[k]
		v.BidMade[k] = p.bid != 0
		if s.revealed || k == seat {
			v.Bids[k] = p.bid
		}
		v.Tied[k] = s.tied>>k&1 != 0
	}
	v.Down = s.p[seat].down
	if s.phase == PhaseTieBreak && s.picked>>seat&1 != 0 {
		v.MyPick = s.pick[seat]
	}
	return v
}

// SampleState implements games.Sampler: it makes dst (a *State of the same
// game, or nil for a new one) a copy of the viewed state in which the cards
// hidden from the view's seat are redistributed from seed by Determinize.
// The result depends only on what the view shows and on seed. It allocates
// nothing once dst is warm.
func (v *View) SampleState(dst games.State, seed uint64) games.State {
	s := v.Handle.s
	d := games.SampleTarget("roundup", s, dst, func(d *State) bool { return d.g == s.g },
		func() *State { return newState(s.g) })
	src, rng, buf, events, history := d.src, d.rng, d.buf, d.events, d.history
	*d = *s
	d.src, d.rng, d.buf, d.events, d.record = src, rng, buf[:0], events[:0], false
	d.history = append(history[:0], s.history...)
	d.Determinize(v.Me, seed)
	return d
}
