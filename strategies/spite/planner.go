package spite

import (
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/spite"
)

// Planner searches, depth first, the sequences of plays to the centre it
// can make this turn from its hand and the tops of its discard piles
// (jokers standing for any rank they may), up to Budget positions. It
// scores where each sequence leaves the table:
//
//	+1000       the stockpile upcard can be played (the sequence stops there:
//	            the next stockpile card is unknown, so it plans again)
//	+150        the hand is empty, so five new cards are drawn (it plans again)
//	+8 × h      h, the highest centre stack still below the upcard's rank
//	+2          per card taken off a discard pile
//	−JokerCost  per joker played, or −10 when the sequence frees the
//	            upcard (a person chains jokers to free it, however many)
//	−Spare      if the opponent's upcard becomes playable and was not
//	−5000       an ace is left that must still be played
//
// and follows the best sequence, which may be empty, until a chance event
// (a new upcard or a new hand) makes it plan again. It plays its upcard
// whenever it can. It then discards the card whose discard keeps most
// within reach: the discard must not bury a pile top it may soon want (a
// card that could raise a stack towards the upcard, or a joker), and it
// wastes as little room on the pile as possible (see bestDiscard).
type Planner struct {
	Budget    int
	JokerCost int
	Spare     int

	s    searcher
	plan []games.Action
	next int
	turn int
}

func (p *Planner) options() *games.Options {
	o := games.NewOptions("parameter")
	o.Int(&p.Budget, "budget", 400, 1, 1000000, "positions searched per plan")
	o.Int(&p.JokerCost, "joker-cost", 400, 0, 10000, "score given up per joker played in a sequence that does not free the upcard (400 keeps jokers for freeing it; it beats 100 and 40 head to head); jokers that free the upcard cost 10 each, however many it takes")
	o.Int(&p.Spare, "spare", 120, 0, 10000, "score given up for making the opponent's upcard playable")
	return o
}

// Begin forgets the last game's plan.
func (p *Planner) Begin(uint64) { p.plan, p.next, p.turn = p.plan[:0], 0, -1 }

// Choose plays the upcard, follows the plan, or plans, then discards.
func (p *Planner) Choose(gv games.View, legal []games.Action) games.Action {
	v := gv.(*spite.View)
	if a, ok := stockpilePlay(legal); ok {
		p.plan = p.plan[:0]
		return a
	}
	if p.turn != v.Turn || p.next >= len(p.plan) {
		p.turn, p.next = v.Turn, 0
		p.plan = p.s.search(v, p.Budget, p.JokerCost, p.Spare, p.plan[:0])
	}
	if p.next < len(p.plan) {
		a := p.plan[p.next]
		p.next++
		if contains(legal, a) {
			if p.next == len(p.plan) {
				p.plan = p.plan[:0] // plan afresh after the last step
			}
			return a
		}
		p.plan = p.plan[:0]
	}
	if !canEnd(legal) {
		return fallback(legal)
	}
	return p.discard(v, legal)
}

// contains reports whether legal holds a.
func contains(legal []games.Action, a games.Action) bool {
	for _, x := range legal {
		if x == a {
			return true
		}
	}
	return false
}

// discard chooses among the legal discards: it avoids burying a useful pile
// top, then wastes least room.
func (p *Planner) discard(v *spite.View, legal []games.Action) games.Action {
	u := upcardRank(v, v.Me)
	lo := cards.Rank(0) // the highest stack below the upcard
	for _, h := range v.Stacks {
		if h < u && h > lo {
			lo = h
		}
	}
	useful := func(r cards.Rank) bool { return r == cards.Joker || (r > lo && r < u) }
	best, bestScore := spite.End, 1<<30
	for _, a := range legal {
		m := spite.Decode(a)
		if m.Kind != spite.KindDiscard {
			continue
		}
		pile := v.Discards[v.Me][m.Pile]
		score := 2 * pileGap(m.Rank, pile)
		if n := len(pile); n > 0 && useful(pile[n-1].Rank()) && pile[n-1].Rank() != m.Rank {
			score += 10
		}
		if useful(m.Rank) {
			score -= 3 // kept within reach on top of the pile
		}
		if score < bestScore || (score == bestScore && m.Rank > spite.Decode(best).Rank) {
			best, bestScore = a, score
		}
	}
	return best
}

// freeJokerCost is what a joker costs the planner in a sequence that frees
// the upcard: little, so that it chains as many jokers as that takes, and
// uses fewer where it can.
const freeJokerCost = 10

// searcher holds the buffers of the turn search.
type searcher struct {
	p                 position
	up, opp           cards.Rank
	oppBefore         bool
	jokerCost, spare  int
	budget, nodes     int
	path, best        []games.Action
	bestScore         int
	freed             bool // the best sequence frees the upcard
	jokers, fromPiles int
	seen              [1024]uint64
	seenGen           [1024]uint32
	gen               uint32
}

// search returns in dst the best sequence of plays from v.
func (s *searcher) search(v *spite.View, budget, jokerCost, spare int, dst []games.Action) []games.Action {
	s.p.load(v)
	s.up, s.opp = upcardRank(v, v.Me), upcardRank(v, 1-v.Me)
	s.oppBefore = s.p.takes(s.opp)
	s.jokerCost, s.spare, s.budget, s.nodes = jokerCost, spare, budget, 0
	s.path, s.best = s.path[:0], dst[:0]
	s.jokers, s.fromPiles = 0, 0
	s.bestScore = -1 << 30
	s.freed = false
	s.gen++
	s.dfs()
	return s.best
}

// score values the position reached; done reports a leaf (upcard free or
// hand empty: a chance event follows).
func (s *searcher) score() (v int, done bool) {
	p := &s.p
	jokerCost := s.jokerCost
	if p.takes(s.up) {
		v += 1000
		done = true
		// Jokers that free the upcard are well spent, however many it
		// takes: a person chains them. Fewer still come first.
		jokerCost = min(jokerCost, freeJokerCost)
	}
	if p.handN == 0 {
		v += 150
		done = true
	}
	for h := s.up - 1; h >= 1; h-- {
		if p.height[h] > 0 {
			v += 8 * int(h)
			break
		}
	}
	v += 2*s.fromPiles - jokerCost*s.jokers
	if !s.oppBefore && p.takes(s.opp) {
		v -= s.spare
	}
	if p.forced() {
		v -= 5000
	}
	return v, done
}

// visited reports whether the position was seen before in this search,
// and marks it.
func (s *searcher) visited() bool {
	h := s.p.hash()
	i := h & uint64(len(s.seen)-1)
	if s.seenGen[i] == s.gen && s.seen[i] == h {
		return true
	}
	s.seen[i], s.seenGen[i] = h, s.gen
	return false
}

func (s *searcher) dfs() {
	s.nodes++
	v, done := s.score()
	if v > s.bestScore {
		s.bestScore = v
		s.best = append(s.best[:0], s.path...)
		s.freed = s.p.takes(s.up)
	}
	if done || s.nodes >= s.budget || len(s.path) >= 40 || (len(s.path) > 0 && s.visited()) {
		return
	}
	p := &s.p
	for i := range p.pileN {
		r := p.top(i)
		if r == 0 {
			continue
		}
		p.pileN[i]--
		s.fromPiles++
		s.tryTargets(spite.FromPile(i), r)
		s.fromPiles--
		p.pileN[i]++
		if s.nodes >= s.budget {
			return
		}
	}
	for r := cards.Ace; r <= cards.Joker; r++ {
		if p.hand[r] == 0 {
			continue
		}
		p.hand[r]--
		p.handN--
		s.tryTargets(spite.FromHand(r), r)
		p.handN++
		p.hand[r]++
		if s.nodes >= s.budget {
			return
		}
	}
}

// tryTargets searches on from each play of a card of rank r from src.
func (s *searcher) tryTargets(src spite.Source, r cards.Rank) {
	p := &s.p
	if r != cards.Joker {
		if p.open(r, false) {
			s.step(src, r)
		}
		return
	}
	s.jokers++
	for t := cards.King; t >= cards.Ace && s.nodes < s.budget; t-- {
		if p.open(t, true) {
			s.step(src, t)
		}
	}
	s.jokers--
}

func (s *searcher) step(src spite.Source, t cards.Rank) {
	s.p.raise(t)
	s.path = append(s.path, spite.Play(src, t))
	s.dfs()
	s.path = s.path[:len(s.path)-1]
	s.p.lower(t)
}
