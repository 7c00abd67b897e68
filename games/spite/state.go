package spite

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// The keys of the chance events, mixed with the game's seed.
const (
	keyPiles   = 1      // the shuffle of the 52-card deck
	keyStock   = 2      // the shuffle of the hand-and-stock deck
	keyCoin    = 3      // the coin that settles a tie
	keyPad     = 4      // the cards a deal leaves open
	keyTie     = 100    // + n: the n-th reshuffle of the stockpiles on a tie
	keyRebuild = 100000 // + n: the n-th rebuild of the stock
	keyResort  = 0x7370 // the second word of every reseed
)

// How a game ended.
const (
	endNone      = ""
	endStockpile = "stockpile emptied"
	endCap       = "turn cap"
	endIdle      = "no progress"
	endRepeat    = "position repeated"
	endStall     = "no stockpile card played"
)

// State is one game of Spite and Malice in progress. Every pile is a slice
// whose last card is its top.
type State struct {
	g    *Game
	r    *Rules
	seed uint64
	src  *rand.PCG
	rng  *rand.Rand

	turn     int // the seat to act, or games.Terminal
	turns    int // turns begun
	first    int // the seat that moved first
	winner   int // -1 until a stockpile is emptied
	end      string
	progress bool // the turn has seen a centre play or a discard
	refills  int  // hands emptied and refilled this turn
	idle     int  // turns in a row without progress
	lastPile int  // the last turn in which a stockpile card was played, 0 for none
	rebuilds int

	piles   [2][]cards.Card // stockpiles; the last card is the upcard
	aside   []cards.Card    // the 52-card deck's cards left out of the stockpiles (rule stockpile below 26), out of play
	hands   [2][]cards.Card
	discard [2][NumPiles][]cards.Card
	stacks  [MaxStacks][]cards.Card // centre stacks in progress, the first nstacks
	nstacks int
	done    []cards.Card // cards of completed stacks
	stock   []cards.Card
	fresh   int          // cards at the bottom of the stock from the last rebuild that no draw has reached
	scratch []cards.Card // for rebuilds and Determinize

	seen      []uint64 // the position keys at the start of each turn since the last stockpile play
	pileKey   uint64   // the stockpiles' part of the position key
	pileKeyOK bool     // pileKey is up to date

	metrics  [numMetrics]int64
	features [2][numFeatures]int64
	views    [2]View

	record bool
	events []games.Event
}

func newState(g *Game) *State {
	src := rand.NewPCG(0, 0)
	s := &State{g: g, r: &g.rules, src: src, rng: rand.New(src)}
	n := len(g.pileDeck) + len(g.stockDeck)
	for p := range 2 {
		s.piles[p] = make([]cards.Card, 0, len(g.pileDeck))
		s.hands[p] = make([]cards.Card, 0, g.rules.Hand)
		for i := range NumPiles {
			s.discard[p][i] = make([]cards.Card, 0, 16)
		}
	}
	for i := range s.stacks {
		s.stacks[i] = make([]cards.Card, 0, 13)
	}
	s.aside = make([]cards.Card, 0, len(g.pileDeck))
	s.done = make([]cards.Card, 0, n)
	s.stock = make([]cards.Card, 0, n)
	s.scratch = make([]cards.Card, 0, n)
	window := g.rules.MaxTurns // positions a game can compare at most
	if g.rules.StallTurns > 0 {
		window = min(window, g.rules.StallTurns)
	}
	s.seen = make([]uint64, 0, min(window+1, 1024))
	return s
}

// reseed makes the chance stream a function of the game's seed and key.
func (s *State) reseed(key uint64) {
	s.src.Seed(games.Mix(s.seed, key), games.Mix(s.seed^keyResort, key))
}

// Reset deals a new game: the 52-card deck is shuffled and a stockpile of
// the stockpile rule's size (26 by default) dealt to each seat, the rest
// set aside; the hand-and-stock deck is shuffled and a hand of the hand
// rule's size (five) dealt to each seat; every later chance event also
// derives from seed.
func (s *State) Reset(seed uint64) {
	s.clear(seed)
	s.reseed(keyPiles)
	s.scratch = append(s.scratch[:0], s.g.pileDeck...)
	cards.Shuffle(s.rng, s.scratch)
	n := s.r.Stockpile
	s.piles[0] = append(s.piles[0], s.scratch[:n]...)
	s.piles[1] = append(s.piles[1], s.scratch[n:2*n]...)
	s.aside = append(s.aside, s.scratch[2*n:]...)
	s.reseed(keyStock)
	s.stock = append(s.stock, s.g.stockDeck...)
	cards.Shuffle(s.rng, s.stock)
	for range s.r.Hand {
		for p := range 2 {
			s.hands[p] = append(s.hands[p], s.pop())
		}
	}
	s.begin(-1)
}

// clear empties every place and forgets the last game.
func (s *State) clear(seed uint64) {
	s.seed = seed
	s.turns, s.winner, s.end, s.idle, s.lastPile, s.rebuilds = 0, -1, endNone, 0, 0, 0
	s.forget()
	for p := range 2 {
		s.piles[p] = s.piles[p][:0]
		s.hands[p] = s.hands[p][:0]
		for i := range NumPiles {
			s.discard[p][i] = s.discard[p][i][:0]
		}
	}
	for i := range s.stacks {
		s.stacks[i] = s.stacks[i][:0]
	}
	s.nstacks, s.fresh = 0, 0
	s.aside = s.aside[:0]
	s.done = s.done[:0]
	s.stock = s.stock[:0]
	s.metrics = [numMetrics]int64{}
	s.events = s.events[:0]
}

// pop removes the stock's top card and returns it.
func (s *State) pop() cards.Card {
	c := s.stock[len(s.stock)-1]
	s.stock = s.stock[:len(s.stock)-1]
	return c
}

// begin settles who moves first (first is -1 unless a deal names the seat),
// records the deal's features and starts the first turn.
func (s *State) begin(first int) {
	ties := 0
	for first < 0 {
		switch first = s.starter(); {
		case first >= 0:
		case s.r.FirstTie == TieReshuffle && ties < maxTieShuffles:
			s.reseed(keyTie + uint64(ties))
			cards.Shuffle(s.rng, s.piles[0])
			cards.Shuffle(s.rng, s.piles[1])
		default:
			s.reseed(keyCoin)
			first = s.rng.IntN(2)
		}
		if first < 0 {
			ties++
		}
	}
	if first == 2 { // a coin toss: start=coin, or a deal's tie
		s.reseed(keyCoin)
		first = s.rng.IntN(2)
		if s.r.Start != StartCoin {
			ties++
		}
	}
	s.first = first
	s.metrics[mFirstSeat] = int64(first)
	s.metrics[mTies] = int64(ties)
	for p := range 2 {
		f := &s.features[p]
		*f = [numFeatures]int64{}
		for _, c := range s.hands[p] {
			switch c.Rank() {
			case cards.Joker:
				f[fJokers]++
			case cards.Ace:
				f[fAces]++
			}
		}
		f[fTop] = int64(s.piles[p][len(s.piles[p])-1].Rank())
		if p == first {
			f[fFirst] = 1
		}
	}
	if s.record {
		s.events = append(s.events, &DealEvent{Type: "deal", Deal: s.DealText() + fmt.Sprintf("\nfirst: %d", first), First: first, Ties: ties})
	}
	s.turn = first
	s.repeated()
	s.startTurn(first)
}

// starter returns the seat that moves first by the start rule and the
// upcards: 0 or 1, 2 for a coin toss (start=coin), or -1 for a tie.
func (s *State) starter() int {
	if s.r.Start == StartCoin {
		return 2
	}
	a, b := s.piles[0][len(s.piles[0])-1].Rank(), s.piles[1][len(s.piles[1])-1].Rank()
	if s.r.Start == StartLower {
		a, b = b, a
	}
	switch {
	case a > b:
		return 0
	case b > a:
		return 1
	}
	return -1
}

// startTurn gives the turn to seat.
func (s *State) startTurn(seat int) {
	s.turn = seat
	s.turns++
	s.progress, s.refills = false, 0
	if s.record {
		s.events = append(s.events, &TurnEvent{Type: "turn", Turn: s.turns, Seat: seat,
			Upcard: s.piles[seat][len(s.piles[seat])-1].String(), Stockpile: len(s.piles[seat]),
			Hand: cards.Format(s.hands[seat])})
	}
}

// endTurn fills the hand of the seat that moved and passes the turn, or
// ends the game as a draw: after too long without a centre play or a
// discard, on a position repeated, after too long without a stockpile card
// played, or at the turn cap (the first that applies names the draw).
func (s *State) endTurn() {
	p := s.turn
	s.fill(p, "refill")
	s.metrics[mTurns] = int64(s.turns)
	if s.progress {
		s.idle = 0
	} else {
		s.idle++
	}
	s.turn = 1 - p
	switch {
	case s.idle >= 2*s.r.IdleRounds:
		s.finish(-1, endIdle)
	case s.repeated():
		s.finish(-1, endRepeat)
	case s.r.StallTurns > 0 && s.turns-s.lastPile >= s.r.StallTurns:
		s.finish(-1, endStall)
	case s.turns >= s.r.MaxTurns:
		s.finish(-1, endCap)
	default:
		s.startTurn(1 - p)
	}
}

// finish ends the game; winner is -1 for a draw.
func (s *State) finish(winner int, why string) {
	s.turn, s.winner, s.end = games.Terminal, winner, why
	s.metrics[mTurns] = int64(s.turns)
	switch {
	case winner >= 0:
		s.metrics[mLeft] = int64(len(s.piles[1-winner]))
		if winner == s.first {
			s.metrics[mFirstWon] = 1
		}
	case why == endCap:
		s.metrics[mDrawCap] = 1
	case why == endRepeat:
		s.metrics[mDrawRepeat] = 1
	case why == endStall:
		s.metrics[mDrawStall] = 1
	default:
		s.metrics[mDrawIdle] = 1
	}
	if s.record {
		e := &EndEvent{Type: "end", Winner: winner, Reason: why, Turns: s.turns}
		if winner >= 0 {
			e.Score = len(s.piles[1-winner])
		}
		s.events = append(s.events, e)
	}
}

// fill draws seat's hand up to the hand rule's size (five cards by
// default), first rebuilding the stock if it has run low. With too few
// cards left, the seat draws what there is.
func (s *State) fill(seat int, why string) {
	need := s.r.Hand - len(s.hands[seat])
	if need <= 0 {
		return
	}
	if len(s.stock) <= s.r.RebuildAt {
		s.rebuild()
	}
	n := min(need, len(s.stock))
	h0 := len(s.hands[seat])
	for range n {
		s.hands[seat] = append(s.hands[seat], s.pop())
	}
	if len(s.stock) < s.fresh {
		s.fresh = 0
	}
	if s.record && n > 0 {
		s.events = append(s.events, &DrawEvent{Type: "draw", Seat: seat, Why: why,
			Cards: cards.Format(s.hands[seat][h0:]), Stock: len(s.stock)})
	}
}

// rebuild shuffles the centre cards the rule names and puts them under the
// stock.
func (s *State) rebuild() {
	s.scratch = append(s.scratch[:0], s.done...)
	s.done = s.done[:0]
	if s.r.Rebuild == RebuildAll {
		for i := range s.nstacks {
			s.scratch = append(s.scratch, s.stacks[i]...)
			s.stacks[i] = s.stacks[i][:0]
		}
		s.nstacks = 0
	}
	n := len(s.scratch)
	if n == 0 {
		return
	}
	s.reseed(keyRebuild + uint64(s.rebuilds))
	s.rebuilds++
	cards.Shuffle(s.rng, s.scratch)
	s.scratch = append(s.scratch, s.stock...)
	s.stock, s.scratch = s.scratch, s.stock
	s.fresh = n
	s.metrics[mRebuilds]++
	s.metrics[mRebuilt] += int64(n)
	if s.record {
		s.events = append(s.events, &RebuildEvent{Type: "rebuild", Cards: n, Stock: len(s.stock)})
	}
}

// Turn returns the seat to act, or games.Terminal.
func (s *State) Turn() int { return s.turn }

// Outcome returns seat's result: the winner scores the cards left in the
// loser's stockpile, the loser minus that, and a draw 0 each.
func (s *State) Outcome(seat int) games.Outcome {
	switch {
	case s.turn != games.Terminal:
		panic("spite: Outcome before the end of the game")
	case s.winner < 0:
		return games.Outcome{Result: games.Draw}
	case s.winner == seat:
		return games.Outcome{Score: len(s.piles[1-seat]), Result: games.Win}
	}
	return games.Outcome{Score: -len(s.piles[seat]), Result: games.Loss}
}

// Metrics appends the game's metrics to dst[:0].
func (s *State) Metrics(dst []int64) []int64 { return append(dst[:0], s.metrics[:]...) }

// SeatFeatures appends seat's deal features to dst[:0].
func (s *State) SeatFeatures(seat int, dst []int64) []int64 {
	return append(dst[:0], s.features[seat][:]...)
}

// Cards appends every card of the game to dst[:0].
func (s *State) Cards(dst []cards.Card) []cards.Card {
	dst = dst[:0]
	for p := range 2 {
		dst = append(dst, s.piles[p]...)
		dst = append(dst, s.hands[p]...)
		for _, d := range s.discard[p] {
			dst = append(dst, d...)
		}
	}
	for _, st := range s.stacks[:s.nstacks] {
		dst = append(dst, st...)
	}
	dst = append(dst, s.done...)
	dst = append(dst, s.stock...)
	return append(dst, s.aside...)
}

// Clone returns an independent copy.
func (s *State) Clone() games.State {
	c := newState(s.g)
	c.copyFrom(s)
	c.record = s.record
	c.events = append(c.events, s.events...)
	return c
}

// copyFrom makes s a copy of src, events apart, reusing s's buffers.
func (s *State) copyFrom(src *State) {
	s.seed, s.turn, s.turns, s.first, s.winner, s.end = src.seed, src.turn, src.turns, src.first, src.winner, src.end
	s.progress, s.refills, s.idle, s.rebuilds, s.nstacks, s.fresh = src.progress, src.refills, src.idle, src.rebuilds, src.nstacks, src.fresh
	s.lastPile, s.pileKey, s.pileKeyOK = src.lastPile, src.pileKey, src.pileKeyOK
	s.seen = append(s.seen[:0], src.seen...)
	for p := range 2 {
		s.piles[p] = append(s.piles[p][:0], src.piles[p]...)
		s.hands[p] = append(s.hands[p][:0], src.hands[p]...)
		for i := range NumPiles {
			s.discard[p][i] = append(s.discard[p][i][:0], src.discard[p][i]...)
		}
	}
	for i := range s.stacks {
		s.stacks[i] = append(s.stacks[i][:0], src.stacks[i]...)
	}
	s.done = append(s.done[:0], src.done...)
	s.stock = append(s.stock[:0], src.stock...)
	s.aside = append(s.aside[:0], src.aside...)
	s.metrics, s.features = src.metrics, src.features
}

// sample makes s a copy of src in which the cards hidden from seat are
// re-dealt from seed. The hidden places are sorted first, so the result
// depends only on what seat may see and on seed.
func (s *State) sample(src *State, seat int, seed uint64) {
	s.copyFrom(src)
	s.record, s.events = false, s.events[:0]
	a, b := max(len(s.piles[0])-1, 0), max(len(s.piles[1])-1, 0)
	sortAcross(&s.scratch, s.piles[0][:a], s.piles[1][:b], s.aside)
	sortAcross(&s.scratch, s.hands[1-seat], s.stock[s.fresh:])
	slices.Sort(s.stock[:s.fresh])
	s.Determinize(seat, seed)
}

// sortAcross sorts the cards of parts as if they were one slice.
func sortAcross(buf *[]cards.Card, parts ...[]cards.Card) {
	h := (*buf)[:0]
	for _, x := range parts {
		h = append(h, x...)
	}
	slices.Sort(h)
	rest := h
	for _, x := range parts {
		rest = rest[copy(x, rest):]
	}
	*buf = h
}

// Determinize re-deals the cards hidden from seat, keeping every count: the
// hidden parts of both stockpiles and the cards set aside from the 52-card
// deck are shuffled among themselves (together they are exactly that
// deck's cards not yet turned up, which seat can work out), and the other
// hand and the stock are shuffled together,
// except the cards a rebuild put at the bottom of the stock that no draw
// has reached yet, which are shuffled among themselves. Later chance events
// then derive from seed too, so a search cannot learn the real ones.
func (s *State) Determinize(seat int, seed uint64) {
	s.pileKeyOK = false
	s.seed = games.Mix(seed, keyResort)
	s.src.Seed(games.Mix(seed, 1), games.Mix(seed, 2))
	a, b := max(len(s.piles[0])-1, 0), max(len(s.piles[1])-1, 0)
	if a > 0 || b > 0 || len(s.aside) > 0 {
		h := append(s.scratch[:0], s.piles[0][:a]...)
		h = append(h, s.piles[1][:b]...)
		h = append(h, s.aside...)
		cards.Shuffle(s.rng, h)
		copy(s.piles[0][:a], h)
		copy(s.piles[1][:b], h[a:])
		copy(s.aside, h[a+b:])
	}
	o := 1 - seat
	h := append(s.scratch[:0], s.hands[o]...)
	h = append(h, s.stock[s.fresh:]...)
	cards.Shuffle(s.rng, h)
	copy(s.hands[o], h)
	copy(s.stock[s.fresh:], h[len(s.hands[o]):])
	cards.Shuffle(s.rng, s.stock[:s.fresh])
}

// Record switches the event log on or off.
func (s *State) Record(on bool) { s.record = on }

// Events returns the events logged since the deal.
func (s *State) Events() []games.Event { return s.events }

// ActionString names an action.
func (s *State) ActionString(a games.Action) string { return Decode(a).String() }

// String returns the whole position, hidden cards included, for debugging.
func (s *State) String() string {
	return fmt.Sprintf("turn %d seat %d piles %v hands %v discard %v stacks %v stock %d",
		s.turns, s.turn, s.piles, s.hands, s.discard, s.stacks[:s.nstacks], len(s.stock))
}

// FirstSeat returns the seat that moved first: the one whose stockpile's
// upcard was higher, after any tie was settled (games.Starter).
func (s *State) FirstSeat() int { return s.first }
