package roundup

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// player is one seat's cards in a round.
type player struct {
	down, up Hand       // face-down and face-up hands
	bid      cards.Card // the card bid, or 0 (not yet, or no number card)
	dealt    Hand       // the hand as dealt this round
}

// State is one game of Round-up in progress.
type State struct {
	g     *Game
	r     *Rules
	n     int
	seed  uint64
	src   *rand.PCG
	rng   *rand.Rand
	given *givenDeal // round 1's deal, or nil

	deck    [52]cards.Card
	p       [maxPlayers]player
	stacks  [4]uint8
	discard Hand
	score   [maxPlayers]int

	round, dealer int
	phase         Phase
	toAct, actor  int
	revealed      bool
	tied          uint8                  // seats still tied for first player
	picked        uint8                  // tied seats that chose this step
	pick          [maxPlayers]cards.Card // tie-break choices, hidden until all chose
	face          cards.Card             // attack in progress
	target, named int
	firstOut      int
	lastSuit      int
	roundTurns    int
	roundActions  int
	jackDraws     uint64
	firstSeat     int            // the seat that took round 1's first turn
	dealt         [52]cards.Card // round 1's cards in dealing order
	winners       uint8          // seats that won or drew, once over

	metrics  [numMetrics]int64
	history  []roundRecord // one per round dealt
	finished int           // rounds scored
	view     View
	buf      []games.Action

	record bool
	events []games.Event
}

func newState(g *Game) *State {
	src := rand.NewPCG(0, 0)
	s := &State{g: g, r: &g.rules, n: g.rules.Players, src: src, rng: rand.New(src)}
	s.history = make([]roundRecord, 0, 16)
	return s
}

// Reset starts a new game whose deals and Jack draws derive from seed.
func (s *State) Reset(seed uint64) {
	s.given = nil
	s.start(seed)
}

// Deal starts a new game whose first round is dealt as text describes;
// later deals and every Jack draw derive from seed. The text lists the
// hands of seats 0, 1, … separated by "|", each as cards separated by spaces
// or commas, such as "AC 2D … | 3H QS … | …". Seat k must hold
// HandSize(k, players) cards and the hands together the whole deck. A card
// marked with a leading "*" is its seat's bid: then every seat holding a
// number card marks exactly one number card and play starts from those
// bids; without marks the players bid as usual. Deal reports an error naming
// the seat and card for a deal that breaks these rules.
func (s *State) Deal(text string, seed uint64) error {
	d, err := parseDeal(text, s.r)
	if err != nil {
		return err
	}
	s.given = d
	s.start(seed)
	return nil
}

func (s *State) start(seed uint64) {
	s.seed = seed
	s.round = 0
	s.score = [maxPlayers]int{}
	s.metrics = [numMetrics]int64{}
	s.history, s.finished = s.history[:0], 0
	s.events = s.events[:0]
	s.jackDraws = 0
	s.winners = 0
	s.firstSeat = -1
	s.startRound()
}

// Turn returns the seat to act, or games.Terminal once the game is over.
func (s *State) Turn() int {
	if s.phase == PhaseOver {
		return games.Terminal
	}
	return s.toAct
}

// Legal appends the legal actions of the seat to act to dst[:0].
func (s *State) Legal(dst []games.Action) []games.Action {
	dst = dst[:0]
	p := &s.p[s.toAct]
	switch s.phase {
	case PhaseBid, PhaseTieBreak:
		dst = appendCards(dst, p.down.Numbers())
	case PhasePlay:
		if up := s.playable(p.up); up != 0 {
			return appendCards(dst, up)
		}
		dst = append(dst, Pass)
		dst = appendCards(dst, s.playable(p.down)|s.attackers(s.toAct))
	case PhaseMore:
		dst = append(dst, Stop)
		dst = appendCards(dst, s.playable(p.up))
	case PhaseTarget:
		for k := range s.n {
			if s.targetable(k) {
				dst = append(dst, TargetSeat(k))
			}
		}
	case PhaseSuit:
		for su := cards.Clubs; su <= cards.Spades; su++ {
			dst = append(dst, NameSuit(su))
		}
	case PhaseNumber:
		for n := 1; n <= 10; n++ {
			dst = append(dst, NameNumber(n))
		}
	case PhaseAnswer:
		dst = appendCards(dst, s.answers())
	case PhasePenalty:
		dst = appendCards(dst, penalties(p.down))
	}
	return dst
}

func appendCards(dst []games.Action, h Hand) []games.Action {
	for ; h != 0; h &= h - 1 {
		c, _ := h.First()
		dst = append(dst, CardAction(c))
	}
	return dst
}

// playable returns the cards of h that continue their suit's stack.
func (s *State) playable(h Hand) Hand {
	var p Hand
	for su := cards.Clubs; su <= cards.Spades; su++ {
		if n := s.stacks[su]; n < 10 {
			if c := cards.New(cards.Rank(n+1), su); h.Has(c) {
				p = p.With(c)
			}
		}
	}
	return p
}

// targetable reports whether seat k may be attacked by the actor: another
// seat with a face-down card.
func (s *State) targetable(k int) bool { return k != s.actor && s.p[k].down != 0 }

// attackers returns the face cards seat may play: those whose rank has its
// power or is blank, provided some other seat holds a face-down card (the
// target an attack needs; a blank card may be played exactly when it could
// attack, so that blanking a rank changes nothing but its effect).
func (s *State) attackers(seat int) Hand {
	f := s.p[seat].down.Faces()
	if f == 0 {
		return 0
	}
	ok := false
	for k := range s.n {
		if k != seat && s.p[k].down != 0 {
			ok = true
			break
		}
	}
	if !ok {
		return 0
	}
	var h Hand
	for _, r := range [3]cards.Rank{cards.Jack, cards.Queen, cards.King} {
		if s.r.Playable(r) {
			h |= f.Rank(r)
		}
	}
	return h
}

// penalties returns the cards a pass may cost: a number card moved face up,
// or with none, a face card discarded.
func penalties(down Hand) Hand {
	if n := down.Numbers(); n != 0 {
		return n
	}
	return down.Faces()
}

// answers returns the cards the target may give up to the Queen or King in
// progress.
func (s *State) answers() Hand {
	down := s.p[s.target].down
	if s.face.Rank() == cards.Queen {
		return down.Suit(cards.Suit(s.named))
	}
	return down.Rank(cards.Rank(s.named))
}

// Apply plays a legal action for the seat to act. It panics if a is not
// legal now.
func (s *State) Apply(a games.Action) {
	s.buf = s.Legal(s.buf)
	if !slices.Contains(s.buf, a) {
		panic(fmt.Sprintf("roundup: %s is not legal for seat %d in phase %s", ActionName(a), s.toAct, s.phase))
	}
	s.roundActions++
	if s.roundActions > ActionBound(s.n) {
		panic(fmt.Sprintf("roundup: round %d passed %d actions, the proven bound: a defect (seed %d)", s.round, ActionBound(s.n), s.seed))
	}
	c, _ := ActionCard(a)
	switch s.phase {
	case PhaseBid:
		s.bid(c)
	case PhaseTieBreak:
		s.tieBreak(c)
	case PhasePlay:
		s.play(a, c)
	case PhaseMore:
		if a == Stop {
			if s.record {
				s.log("stop", "")
			}
			s.endTurn()
			return
		}
		s.playUp(c)
	case PhaseTarget:
		t, _ := ActionTarget(a)
		s.aim(t)
	case PhaseSuit:
		su, _ := ActionSuit(a)
		s.declare(int(su))
	case PhaseNumber:
		n, _ := ActionNumber(a)
		s.declare(n)
	case PhaseAnswer:
		s.answer(c)
	case PhasePenalty:
		s.payPenalty(c)
		s.endTurn()
	}
}

// Outcome returns seat's game points and result: a win for the single
// leader, a draw for leaders tied at the end, a loss otherwise.
func (s *State) Outcome(seat int) games.Outcome {
	o := games.Outcome{Score: s.score[seat]}
	if s.winners>>seat&1 != 0 {
		o.Result = games.Win
		if s.winners&(s.winners-1) != 0 {
			o.Result = games.Draw
		}
	}
	return o
}

// ScoreSoFar returns seat's game points so far (games.Scorer).
func (s *State) ScoreSoFar(seat int) int { return s.score[seat] }

// Metrics appends the game's metrics to dst[:0].
func (s *State) Metrics(dst []int64) []int64 {
	return append(dst[:0], s.metrics[:mStartSeat+s.n]...)
}

// Cards appends every card to dst[:0]: hands, pending bids and tie-break
// choices, stacks and the discard pile.
func (s *State) Cards(dst []cards.Card) []cards.Card {
	dst = dst[:0]
	var all Hand
	for k := range s.n {
		p := &s.p[k]
		dst = p.down.Cards(dst)
		dst = p.up.Cards(dst)
		all |= p.down | p.up
		if p.bid != 0 && !s.revealed {
			dst = append(dst, p.bid)
		}
		if s.phase == PhaseTieBreak && s.picked>>k&1 != 0 {
			dst = append(dst, s.pick[k])
		}
	}
	for su := cards.Clubs; su <= cards.Spades; su++ {
		for r := cards.Ace; r <= cards.Rank(s.stacks[su]); r++ {
			dst = append(dst, cards.New(r, su))
		}
	}
	return s.discard.Cards(dst)
}

// Clone returns an independent copy of s, with its event log off.
func (s *State) Clone() games.State {
	c := *s
	src := *s.src
	c.src = &src
	c.rng = rand.New(c.src)
	c.buf = nil
	c.record = false
	c.events = nil
	c.history = slices.Clone(s.history)
	return &c
}

// Record switches the event log on or off.
func (s *State) Record(on bool) { s.record = on }

// Events returns the events logged since the deal.
func (s *State) Events() []games.Event { return s.events }

// FirstSeat returns the seat that took the first turn of round 1, or -1
// before it is known (during the bids and the tie-break).
func (s *State) FirstSeat() int { return s.firstSeat }

// Dealt appends round 1's cards to dst[:0] in dealing order (for a deal
// given as text: seat 0's cards, then seat 1's, …, each in card order).
func (s *State) Dealt(dst []cards.Card) []cards.Card { return append(dst[:0], s.dealt[:]...) }

// String returns a one-line summary of the state, for debugging.
func (s *State) String() string {
	return fmt.Sprintf("round %d phase %s seat %d to act, stacks %v, scores %v", s.round, s.phase, s.toAct, s.stacks, s.score[:s.n])
}
