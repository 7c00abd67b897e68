package nora

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// State is one game of Nora's pairs solitaire in progress.
type State struct {
	g    *Game
	r    *Rules
	size int

	ps   PassState    // the deck, and the pass in progress
	deck []cards.Card // ps's cards in their current order (ps.deck[:ps.n], kept so by sync)
	pile []cards.Card // the cards removed this round
	deal []cards.Card // round 1's first shuffle, as dealt
	seed uint64
	src  *rand.PCG
	rng  *rand.Rand

	phase       Phase
	round, pass int
	ip, score   int
	insured     bool
	given       []cards.Card // a deal for round 1's first pass, or nil

	passIP Earned // ip the pass earned by source: its steps, then its bonus

	metrics [numMetrics]int64
	view    View

	record bool
	events []games.Event
	cur    *PassEvent
	blocks []Block // Legal's buffer
}

func newState(g *Game) *State {
	src := rand.NewPCG(0, 0)
	s := &State{
		g: g, r: &g.rules, size: g.rules.DeckSize(),
		pile: make([]cards.Card, 0, 64),
		src:  src, rng: rand.New(src),
	}
	s.ps.r, s.ps.cas = s.r, newCascader(s.r)
	s.sync()
	s.view.Rules = s.r
	s.view.Handle = Handle{s}
	return s
}

// Reset starts a new game whose shuffles derive from seed.
func (s *State) Reset(seed uint64) {
	s.given = nil
	s.start(seed)
}

// Deal starts a new game whose first shuffle is the given order, cards
// separated by spaces (such as "AS 5H … JK"), top first; every later shuffle
// derives from seed. The deal must hold the whole deck, each card once.
func (s *State) Deal(deal string, seed uint64) error {
	d, err := cards.ParseDeck(deal)
	if err != nil {
		return err
	}
	if err := cards.CheckDeal(d, s.g.deck); err != nil {
		return fmt.Errorf("deal: %w", err)
	}
	s.given = d
	s.start(seed)
	return nil
}

func (s *State) start(seed uint64) {
	s.seed = seed
	s.round, s.score = 0, 0
	s.ip = s.r.StartIP
	s.metrics = [numMetrics]int64{}
	s.events = s.events[:0]
	s.startRound()
}

func (s *State) startRound() {
	s.round++
	s.pass = 0
	s.ps.n = copy(s.ps.deck[:], s.g.deck)
	s.sync()
	s.pile = s.pile[:0]
	s.startPass()
}

// startPass shuffles the deck. The shuffle is keyed by (seed, round, pass)
// and applied to the deck in canonical order, so two players holding the same
// cards at the same pass see the same order whatever they did before.
func (s *State) startPass() {
	s.pass++
	s.metrics[mPasses]++
	if s.round == 1 && s.pass == 1 && s.given != nil {
		copy(s.deck, s.given)
	} else {
		canonical(s.deck)
		s.src.Seed(games.Mix(s.seed, uint64(s.round)), games.Mix(s.seed^0x6e6f7261, uint64(s.pass)))
		cards.Shuffle(s.rng, s.deck)
	}
	if s.round == 1 && s.pass == 1 {
		s.deal = append(s.deal[:0], s.deck...)
	}
	s.ps.Begin(s.deck)
	s.passIP, s.insured = Earned{}, false
	if s.pass == 1 {
		left := ReducedLen(s.deck)
		s.metrics[mFirstPassRemoved] += int64(len(s.deck) - left)
		if !hasPair(s.deck) {
			s.metrics[mFirstPassDead]++
		}
	}
	if s.record {
		s.cur = &PassEvent{Type: "pass", Round: s.round, Pass: s.pass, Size: len(s.deck)}
	}
	if s.ip >= s.r.Insure && s.r.Insure >= 0 {
		s.phase = PhaseInsure
		return
	}
	s.look()
}

// canonical sorts d, which holds distinct cards, by card value.
func canonical(d []cards.Card) {
	var set uint64
	for _, c := range d {
		set |= 1 << c
	}
	for i := range d {
		d[i] = cards.Card(bits.TrailingZeros64(set))
		set &= set - 1
	}
}

// hasPair reports whether two adjacent cards of d have equal rank.
func hasPair(d []cards.Card) bool {
	for i := 1; i < len(d); i++ {
		if d[i].Rank() == d[i-1].Rank() {
			return true
		}
	}
	return false
}

// ReducedLen returns how many cards of d survive casting out adjacent pairs
// until none is left. The survivors do not depend on the order of removal,
// so a planner can tell from it how many pairs a deck still holds.
func ReducedLen(d []cards.Card) int {
	var stack [64]cards.Rank
	h := 0
	for _, c := range d {
		if h > 0 && stack[h-1] == c.Rank() {
			h--
		} else {
			stack[h] = c.Rank()
			h++
		}
	}
	return h
}

// sync points deck at the cards of the pass state.
func (s *State) sync() { s.deck = s.ps.deck[:s.ps.n] }

// look turns the deck face up: the player may now switch, or proceed.
func (s *State) look() {
	if s.cur != nil {
		s.cur.Order = cards.Format(s.deck)
		s.cur.Insured = s.insured
	}
	s.offer()
}

// offer waits for the player's decision within the pass when there is one
// to make: a SWITCH it can afford now, or removal steps that might earn the
// price of one before the pairs run out. Otherwise it removes every pair and
// ends the pass.
func (s *State) offer() {
	if len(s.deck) >= 2 && (s.ip >= s.r.Switch || s.ps.Waiting() && s.ip+s.ps.Potential() >= s.r.Switch) {
		s.phase = PhaseSwitch
		return
	}
	s.proceed()
}

// proceed removes every pair now in the deck, in the order the rules
// choose, then rests.
func (s *State) proceed() {
	var steps *[]Step
	if s.cur != nil {
		steps = &s.cur.Steps
	}
	before := s.ps.removed
	e := s.ps.Settle(&s.pile, steps)
	s.sync()
	s.passIP.Add(&e)
	s.ip += e.Total()
	if s.ps.removed == before {
		s.endPass() // nothing fell: the player is done with this pass
		return
	}
	s.rest()
}

// rest follows a removal step or a cascade: while pairs wait the player may
// go on deciding; at rest the pass goes on if the player can still afford a
// switch, and ends otherwise.
func (s *State) rest() {
	switch {
	case s.ps.Waiting():
		s.offer()
	case len(s.deck) >= 2 && s.ip >= s.r.Switch:
		s.phase = PhaseSwitch
	default:
		s.endPass()
	}
}

// endPass adds the pass's sweep and jamboree ip and moves on to the next
// decision.
func (s *State) endPass() {
	e := s.ps.Bonus()
	s.passIP.Add(&e)
	s.ip += e.Total()
	for src, v := range s.passIP {
		s.metrics[earnedMetric(Source(src))] += int64(v)
	}
	dead := s.ps.removed == 0
	if dead {
		s.metrics[mDeadPasses]++
	}
	if s.cur != nil {
		s.cur.Removed, s.cur.Left, s.cur.Dead = s.ps.removed, len(s.deck), dead
		s.cur.IP, s.cur.IPHeld = s.passIP, s.ip
		s.events = append(s.events, s.cur)
		s.cur = nil
	}
	switch {
	case len(s.deck) == 0:
		s.endRound(s.size, "cleared", 0)
	case !dead || s.insured:
		s.phase = PhaseStop
	case s.ip >= s.r.Revive:
		s.phase = PhaseRevive
	default:
		s.endDead()
	}
}

// endDead ends the round on a dead deck: it scores 0 and earns the
// dead-deck consolation.
func (s *State) endDead() {
	v := s.r.DeadShort
	if len(s.deck) == s.size {
		v = s.r.DeadFull
	}
	s.ip += v
	s.metrics[mEarned+int(DeadDeck)] += int64(v)
	s.metrics[mRoundsDead]++
	s.endRound(0, "dead", v)
}

func (s *State) endRound(score int, end string, ip int) {
	s.score += score
	if score == s.size {
		s.metrics[mRoundsPerfect]++
	}
	if s.record {
		s.events = append(s.events, &RoundEvent{Type: "round", Round: s.round, End: end, Score: score, Total: s.score, IP: ip, IPHeld: s.ip})
	}
	if s.round < s.r.Rounds {
		s.startRound()
		return
	}
	s.phase = PhaseOver
	s.metrics[mUnused] = int64(s.ip)
}

// Turn returns 0 while the game goes on, then games.Terminal.
func (s *State) Turn() int {
	if s.phase == PhaseOver {
		return games.Terminal
	}
	return 0
}

// Legal appends the actions of the current phase to dst[:0].
func (s *State) Legal(dst []games.Action) []games.Action {
	dst = dst[:0]
	switch s.phase {
	case PhaseInsure:
		dst = append(dst, Skip, Insure)
	case PhaseSwitch:
		dst = append(dst, Proceed)
		if s.ip >= s.r.Switch {
			for i := 0; i+1 < len(s.deck); i++ {
				dst = append(dst, SwitchAt(i))
			}
		}
		s.blocks = s.ps.Blocks(s.blocks)
		for _, b := range s.blocks {
			dst = append(dst, RemoveAt(b.At, b.Pairs))
		}
	case PhaseRevive:
		dst = append(dst, Accept, Revive)
	case PhaseStop:
		dst = append(dst, Continue, Stop)
	}
	return dst
}

// Apply plays a. It panics if a is not legal now.
func (s *State) Apply(a games.Action) {
	switch {
	case s.phase == PhaseInsure && a == Skip:
		s.decided(a)
		s.look()
	case s.phase == PhaseInsure && a == Insure:
		s.ip -= s.r.Insure
		s.metrics[mSpentInsure] += int64(s.r.Insure)
		s.insured = true
		s.decided(a)
		s.look()
	case s.phase == PhaseSwitch && a == Proceed:
		s.proceed()
	case s.phase == PhaseSwitch && s.switchable(a):
		i, _ := SwitchPosition(a)
		if s.cur != nil {
			s.cur.Switches = append(s.cur.Switches, SwitchEvent{Position: i, Cards: s.deck[i].String() + " " + s.deck[i+1].String(), Cascade: len(s.cur.Steps)})
		}
		s.ps.Switch(i)
		s.ip -= s.r.Switch
		s.metrics[mSpentSwitch] += int64(s.r.Switch)
		s.offer()
	case s.phase == PhaseSwitch && s.removable(a):
		i, k, _ := RemovePosition(a)
		var st Step
		if s.cur != nil {
			st.Cards = append([]cards.Card(nil), s.deck[i:i+2*k]...)
		}
		e := s.ps.Remove(i, k, &s.pile)
		s.sync()
		s.passIP.Add(&e)
		s.ip += e.Total()
		if s.cur != nil {
			st.IP = e
			s.cur.Steps = append(s.cur.Steps, st)
		}
		s.rest()
	case s.phase == PhaseRevive && a == Accept:
		s.decided(a)
		s.endDead()
	case s.phase == PhaseRevive && a == Revive:
		s.ip -= s.r.Revive
		s.metrics[mSpentRevive] += int64(s.r.Revive)
		s.decided(a)
		s.phase = PhaseStop
	case s.phase == PhaseStop && a == Continue:
		s.decided(a)
		s.startPass()
	case s.phase == PhaseStop && a == Stop:
		s.decided(a)
		s.endRound(s.size-len(s.deck), "stopped", 0)
	default:
		panic(fmt.Sprintf("nora: action %s is not legal in phase %s", ActionName(a), s.phase))
	}
}

// switchable reports whether a is a SWITCH the player may make now.
func (s *State) switchable(a games.Action) bool {
	i, ok := SwitchPosition(a)
	return ok && i+1 < len(s.deck) && s.ip >= s.r.Switch
}

// removable reports whether a is a removal step the deck offers now.
func (s *State) removable(a games.Action) bool {
	i, k, ok := RemovePosition(a)
	return ok && s.ps.CanRemove(i, k)
}

func (s *State) decided(a games.Action) {
	if s.record {
		s.events = append(s.events, &DecisionEvent{Type: "decision", Round: s.round, Pass: s.pass, Action: ActionName(a), IPHeld: s.ip})
	}
}

// View returns what the player sees now.
func (s *State) View(seat int) games.View {
	v := &s.view
	v.Phase, v.Round, v.Pass, v.IP, v.Insured, v.Score = s.phase, s.round, s.pass, s.ip, s.insured, s.score
	v.Left, v.PassRemoved, v.RoundRemoved = len(s.deck), s.ps.removed, s.size-len(s.deck)
	v.Counts = [15]uint8{}
	for _, c := range s.deck {
		v.Counts[c.Rank()]++
	}
	v.Top, v.Order = 0, nil
	if len(s.deck) > 0 && s.phase != PhaseOver {
		v.Top = s.deck[0]
	}
	if s.phase == PhaseSwitch || s.phase == PhaseRevive || s.phase == PhaseStop {
		v.Order = s.deck
	}
	return v
}

// Dealt appends round 1's first shuffle, top first, to dst[:0].
func (s *State) Dealt(dst []cards.Card) []cards.Card { return append(dst[:0], s.deal...) }

// Outcome returns the game score; a win is the perfect score.
func (s *State) Outcome(seat int) games.Outcome {
	o := games.Outcome{Score: s.score}
	if s.score == s.size*s.r.Rounds {
		o.Result = games.Win
	}
	return o
}

// ScoreSoFar returns the score of the rounds finished so far
// (games.Scorer).
func (s *State) ScoreSoFar(int) int { return s.score }

// Metrics appends the game's metrics to dst[:0].
func (s *State) Metrics(dst []int64) []int64 {
	return append(dst[:0], s.metrics[:len(s.g.metrics)]...)
}

// Cards appends the deck and the removed cards to dst[:0].
func (s *State) Cards(dst []cards.Card) []cards.Card {
	return append(append(dst[:0], s.deck...), s.pile...)
}

// Clone returns an independent copy of s (without its event log).
func (s *State) Clone() games.State {
	c := newState(s.g)
	src := *s.src
	c.src = &src
	c.rng = rand.New(c.src)
	c.ps.CopyFrom(&s.ps)
	c.sync()
	c.pile = append(c.pile, s.pile...)
	c.deal = append(c.deal, s.deal...)
	c.seed, c.phase, c.round, c.pass, c.ip, c.score, c.insured = s.seed, s.phase, s.round, s.pass, s.ip, s.score, s.insured
	c.given = s.given
	c.passIP = s.passIP
	c.metrics = s.metrics
	return c
}

// Determinize re-samples what the player has not seen: the order below the
// top card before the player looks, and every later shuffle.
func (s *State) Determinize(seat int, seed uint64) {
	if s.phase == PhaseInsure && len(s.deck) > 2 {
		s.src.Seed(seed, games.Mix(seed, 3))
		cards.Shuffle(s.rng, s.deck[1:])
	}
	s.seed = games.Mix(seed, s.seed)
}

// ActionString names a, showing the cards a switch would swap.
func (s *State) ActionString(a games.Action) string {
	if i, ok := SwitchPosition(a); ok && i+1 < len(s.deck) {
		return fmt.Sprintf("switch %d (%v %v)", i, s.deck[i], s.deck[i+1])
	}
	if i, k, ok := RemovePosition(a); ok && i+2*k <= len(s.deck) {
		return fmt.Sprintf("%s (%s)", ActionName(a), strings.TrimSpace(cards.Format(s.deck[i:i+2*k])))
	}
	return ActionName(a)
}

// Record switches the event log on or off.
func (s *State) Record(on bool) { s.record = on }

// Events returns the events logged since the deal.
func (s *State) Events() []games.Event { return s.events }

// String returns a one-line summary of the state, for debugging.
func (s *State) String() string {
	return fmt.Sprintf("round %d pass %d %s: ip %d, score %d, deck %s", s.round, s.pass, s.phase, s.ip, s.score, strings.TrimSpace(cards.Format(s.deck)))
}
