package flip

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// State is one game of Flip Solitaire in progress. It implements
// games.State. Cards are numbered by the order in which they are dealt: card
// p is the p-th dealt (from 0), so the deck order is the order of the face
// arrays and the pile holds card numbers.
type State struct {
	g       *Game
	face    [2][maxCards]cards.Card // face[0][p], face[1][p]: light and dark face of card p
	pile    [maxCards]uint8         // the dealt cards still held, bottom to top
	n       int                     // cards in pile
	dealt   int                     // cards dealt so far
	held    uint64                  // bit p: card p dealt and still held
	dark    uint64                  // bit p: card p held and showing its dark face
	avail   uint64                  // bit w: the set pile[w:w+4] has a play
	kind    [maxCards]uint8         // kind[w]: kinds(w), wherever avail has bit w
	removed int
	stopped bool // the player ended the game with plays left

	flips, removals, lastPlay, deadDeals int

	src    *rand.PCG
	rng    *rand.Rand
	record bool
	events []games.Event
	view   View
	faces  []Face
}

func (g *Game) newState() *State {
	src := rand.NewPCG(0, 0)
	s := &State{g: g, src: src, rng: rand.New(src)}
	s.faces = make([]Face, 0, maxCards)
	return s
}

// Game returns the game s belongs to.
func (s *State) Game() *Game { return s.g }

// Reset starts a new game from seed. The order of the light faces is drawn
// from one stream and, under mapping=random, the pairing from another, so a
// seed deals the same light cards under every mapping.
func (s *State) Reset(seed uint64) {
	g := s.g
	if g.unplayable != "" {
		panic("flip: " + g.unplayable)
	}
	s.src.Seed(games.Mix(seed, 0), games.Mix(seed, 1))
	light, dark := s.face[0][:g.size], s.face[1][:g.size]
	copy(light, g.deck)
	cards.Shuffle(s.rng, light)
	if g.kind == mapRandom {
		s.src.Seed(games.Mix(seed, 2), games.Mix(seed, 3))
		s.g.pairs.random(s.rng, light, dark)
	} else {
		for i, c := range light {
			dark[i] = g.pairing[c]
		}
	}
	s.begin()
}

// Deal starts a new game from a deal in text: the cards in the order they
// are dealt (the bottom card of the held deck first), each written
// light/dark, such as "AC/3D 10H/4S …", separated by spaces or commas. Under
// a mapping that fixes the pairing (identity, fixed:<n>, file:<path>) a card
// may be written by its light face alone. The deal fixes the pairing for the
// game whatever the mapping: the light faces must be the game's deck and so
// must the dark faces. seed is unused: nothing is left to chance.
func (s *State) Deal(deal string, seed uint64) error {
	g := s.g
	if g.unplayable != "" {
		return fmt.Errorf("flip deal: %s", g.unplayable)
	}
	var pairing *[64]cards.Card
	if g.kind != mapRandom {
		pairing = &g.pairing
	}
	light, dark, err := parseFaces(deal, pairing)
	if err != nil {
		return fmt.Errorf("flip deal: %w", err)
	}
	if err := g.checkFaces(light, dark); err != nil {
		return fmt.Errorf("flip deal: %w", err)
	}
	copy(s.face[0][:], light)
	copy(s.face[1][:], dark)
	s.begin()
	return nil
}

// DealText returns the deal in the form Deal reads, first card dealt first.
func (s *State) DealText() string {
	return formatFaces(s.face[0][:s.g.size], s.face[1][:s.g.size])
}

// begin starts play on the deal in s.face.
func (s *State) begin() {
	s.n, s.dealt, s.held, s.dark, s.avail, s.removed, s.stopped = 0, 0, 0, 0, 0, 0, false
	s.flips, s.removals, s.lastPlay, s.deadDeals = 0, 0, 0, 0
	s.events = s.events[:0]
	if s.record {
		s.events = append(s.events, &StartEvent{Type: "start", Deal: s.DealText()})
	}
	s.advance()
}

// advance deals while no play is available and logs the end of the game.
func (s *State) advance() {
	for s.avail == 0 && s.dealt < s.g.size {
		s.deal()
	}
	if s.avail == 0 && s.record {
		s.logEnd()
	}
}

// deal moves the next card onto the pile.
func (s *State) deal() {
	p := s.dealt
	s.dealt++
	s.pile[s.n] = uint8(p)
	s.n++
	s.held |= 1 << p
	if s.g.startDark {
		s.dark |= 1 << p
	}
	if s.g.topOnly {
		s.avail = 0
	}
	if w := s.n - 4; w >= 0 {
		if k := s.kinds(w); k != 0 {
			s.avail |= 1 << w
			s.kind[w] = k
		}
	}
	if s.avail == 0 {
		s.deadDeals++
	}
	if s.record {
		s.events = append(s.events, &DealEvent{Type: "deal", N: p + 1,
			Light: s.face[0][p].String(), Dark: s.face[1][p].String(), Pile: s.pileText()})
	}
}

// shown returns the face card p shows.
func (s *State) shown(p uint8) cards.Card {
	return s.face[s.dark>>p&1][p]
}

// kinds returns the plays available on the set pile[w:w+4], bit k for Kind k.
func (s *State) kinds(w int) uint8 {
	p0, p1, p2, p3 := s.pile[w], s.pile[w+1], s.pile[w+2], s.pile[w+3]
	a, d := s.shown(p0), s.shown(p3)
	ends := (s.dark >> p0) & (s.dark >> p3) & 1 // both ends dark
	mid := (s.dark >> p1) & (s.dark >> p2) & 1  // both middle cards dark
	var k uint8
	if (a^d)&3 == 0 { // equal suit
		k |= uint8(mid^1)<<FlipSuit | uint8(ends)<<RemoveSuit
	}
	if a>>2 == d>>2 { // equal rank
		k |= uint8((ends&mid)^1)<<FlipRank | uint8(ends)<<RemoveRank
	}
	return k
}

// recheck recomputes the plays of the sets starting at lo through hi.
func (s *State) recheck(lo, hi int) {
	lo = max(lo, 0)
	hi = min(hi, s.n-4)
	for w := lo; w <= hi; w++ {
		if k := s.kinds(w); k != 0 {
			s.avail |= 1 << w
			s.kind[w] = k
		} else {
			s.avail &^= 1 << w
		}
	}
}

// Turn returns 0 while the game is on and games.Terminal after it.
func (s *State) Turn() int {
	if s.avail == 0 || s.stopped {
		return games.Terminal
	}
	return 0
}

// Legal appends the legal actions to dst[:0] in ascending order: Pass
// (unless forced-play forbids it) and every play available.
func (s *State) Legal(dst []games.Action) []games.Action {
	dst = dst[:0]
	if s.Turn() == games.Terminal {
		return dst
	}
	if !s.g.forced {
		dst = append(dst, Pass)
	}
	for m := s.avail; m != 0; m &= m - 1 {
		w := bits.TrailingZeros64(m)
		for k := s.kind[w]; k != 0; k &= k - 1 {
			dst = append(dst, Play(w, Kind(bits.TrailingZeros8(k))))
		}
	}
	return dst
}

// legal reports whether a is a legal action now.
func (s *State) legal(a games.Action) bool {
	if s.Turn() == games.Terminal {
		return false
	}
	if a == Pass {
		return !s.g.forced
	}
	if a < Pass {
		return false
	}
	w, k := Decode(a)
	return w <= s.n-4 && s.avail>>w&1 != 0 && s.kind[w]>>k&1 != 0
}

// Apply plays a legal action. It panics on an illegal one.
func (s *State) Apply(a games.Action) {
	if !s.legal(a) {
		panic(fmt.Sprintf("flip: illegal action %d", a))
	}
	if a == Pass {
		if s.dealt < s.g.size {
			s.deal()
			s.advance()
			return
		}
		s.stopped = true
		if s.record {
			s.logEnd()
		}
		return
	}
	w, k := Decode(a)
	s.lastPlay = s.dealt
	first, cnt := k.span()
	var ev *PlayEvent
	if s.record {
		ev = s.playEvent(w, k)
	}
	if !k.Removes() {
		s.flips++
		for i := w + first; i < w+first+cnt; i++ {
			s.dark |= 1 << s.pile[i]
		}
		if s.g.topOnly {
			s.avail = 0
			s.recheck(s.n-4, s.n-4)
		} else {
			s.recheck(w-3, w+3)
		}
	} else {
		s.removals++
		s.remove(w+first, cnt)
	}
	if ev != nil {
		ev.Pile = s.pileText()
		s.events = append(s.events, ev)
	}
	s.advance()
}

// remove takes the cnt cards from pile[at] up out of the game.
func (s *State) remove(at, cnt int) {
	for _, p := range s.pile[at : at+cnt] {
		s.held &^= 1 << p
		s.dark &^= 1 << p
	}
	copy(s.pile[at:], s.pile[at+cnt:s.n])
	s.n -= cnt
	s.removed += cnt
	if s.g.topOnly {
		s.avail = 0
		s.recheck(s.n-4, s.n-4)
		return
	}
	// Sets wholly below the gap keep their plays; sets wholly above it
	// move down by cnt; sets across the gap are new.
	var m uint64
	if keep := at - 3; keep > 0 {
		m = s.avail & (1<<keep - 1)
	}
	m |= s.avail >> (at + cnt) << at
	s.avail = m
	copy(s.kind[at:], s.kind[at+cnt:s.n+cnt]) // the sets above the gap move down
	s.recheck(at-3, at-1)
}

// Score returns the score so far: points-dark (1) per dark card held and
// points-removed (2) per card removed.
func (s *State) Score() int {
	r := &s.g.rules
	return r.PointsDark*bits.OnesCount64(s.dark) + r.PointsOut*s.removed
}

// Removed returns the number of cards removed so far.
func (s *State) Removed() int { return s.removed }

// Dealt returns the number of cards dealt so far.
func (s *State) Dealt() int { return s.dealt }

// Gain returns the points a legal action adds to the score at once: 0 for
// Pass, points-dark (1) per card a flip turns dark, and for a removal
// points-removed (2) per light card and the difference of the two (1) per
// dark card removed.
func (s *State) Gain(a games.Action) int {
	if a == Pass {
		return 0
	}
	w, k := Decode(a)
	first, cnt := k.span()
	var m uint64
	for _, p := range s.pile[w+first : w+first+cnt] {
		m |= 1 << p
	}
	r := &s.g.rules
	if k.Removes() {
		return r.PointsOut*cnt - r.PointsDark*bits.OnesCount64(m&s.dark)
	}
	return r.PointsDark * bits.OnesCount64(m&^s.dark)
}

// Key identifies a position among those reachable from one deal: two states
// of the same deal with equal keys are the same position.
type Key struct {
	Held, Dark uint64 // bit p: card p (the p-th dealt) held; held and dark
	Dealt      int    // cards dealt
}

// Key returns the position's key. A game the player ended early (Pass with
// an empty deck) has the key of the position where it ended.
func (s *State) Key() Key { return Key{s.held, s.dark, s.dealt} }

// View returns what the player sees. The view stays valid until the next
// call that changes s.
func (s *State) View(seat int) games.View {
	s.faces = s.faces[:0]
	for _, p := range s.pile[:s.n] {
		s.faces = append(s.faces, Face{Light: s.face[0][p], Dark: s.face[1][p], Flipped: s.dark>>p&1 != 0})
	}
	s.view = View{Pile: s.faces, Undealt: s.g.size - s.dealt, Removed: s.removed, Score: s.Score(), Handle: Handle{s}}
	return &s.view
}

// Outcome returns the score; the result is a win when every card was
// removed.
func (s *State) Outcome(seat int) games.Outcome {
	o := games.Outcome{Score: s.Score(), Result: games.Loss}
	if s.removed == s.g.size {
		o.Result = games.Win
	}
	return o
}

// ScoreSoFar returns Score (games.Scorer).
func (s *State) ScoreSoFar(int) int { return s.Score() }

// Metrics appends score, removed, dark, flips, removals, stalled_at and
// dead_deals to dst[:0].
func (s *State) Metrics(dst []int64) []int64 {
	return append(dst[:0], int64(s.Score()), int64(s.removed), int64(bits.OnesCount64(s.dark)),
		int64(s.flips), int64(s.removals), int64(s.lastPlay), int64(s.deadDeals))
}

// Cards appends every card of the game, by its light face, to dst[:0],
// counted where the game holds it: the pile bottom to top, the cards not
// dealt yet in dealing order, then the cards removed. Right after the deal
// that is the deal's order.
func (s *State) Cards(dst []cards.Card) []cards.Card {
	dst = dst[:0]
	for _, p := range s.pile[:s.n] {
		dst = append(dst, s.face[0][p])
	}
	dst = append(dst, s.face[0][s.dealt:s.g.size]...)
	for p := range s.dealt {
		if s.held>>p&1 == 0 {
			dst = append(dst, s.face[0][p])
		}
	}
	return dst
}

// Clone returns an independent copy, event log included.
func (s *State) Clone() games.State {
	c := s.g.newState()
	c.CopyFrom(s)
	c.record = s.record
	c.events = append(c.events, s.events...)
	return c
}

// CopyFrom makes s the same position as src, of the same game, without
// allocating once s is warm. s keeps its own event-log switch and starts an
// empty log.
func (s *State) CopyFrom(src *State) {
	rsrc, rng, record, events, faces := s.src, s.rng, s.record, s.events[:0], s.faces
	*s = *src
	s.src, s.rng, s.record, s.events, s.faces = rsrc, rng, record, events, faces
	s.view = View{}
}

// CopyAs makes s the position src is in, as a position of s's own game,
// which must deal the same deck under the same faces and sets as src's
// (such as src's game made Forced). It panics otherwise.
func (s *State) CopyAs(src *State) {
	g := s.g
	if g.size != src.g.size || g.startDark != src.g.startDark || g.topOnly != src.g.topOnly {
		panic("flip: CopyAs between games that deal differently")
	}
	s.CopyFrom(src)
	s.g = g
}

// Determinize reshuffles the undealt cards, drawing from seed. Under
// mapping=random the player cannot know which unseen dark face lies behind
// which unseen light face, so the undealt cards also swap dark faces at
// random among themselves (keeping the pairing constraints).
func (s *State) Determinize(seat int, seed uint64) {
	s.src.Seed(games.Mix(seed, 0xde7), games.Mix(seed, 0xde8))
	m := s.g.size - s.dealt
	light, dark := s.face[0][s.dealt:s.g.size], s.face[1][s.dealt:s.g.size]
	for i := m - 1; i > 0; i-- {
		j := s.rng.IntN(i + 1)
		light[i], light[j] = light[j], light[i]
		dark[i], dark[j] = dark[j], dark[i]
	}
	if s.g.kind == mapRandom {
		s.g.pairs.mix(s.rng, light, dark, 4*m)
	}
}

// ActionString names a legal action, such as "deal", "stop" or
// "flip-suit 6C [3D KD] 2C".
func (s *State) ActionString(a games.Action) string {
	if a == Pass {
		if s.dealt < s.g.size {
			return "deal"
		}
		return "stop"
	}
	if a < Pass {
		return fmt.Sprintf("Action(%d)", a)
	}
	w, k := Decode(a)
	if w > s.n-4 {
		return fmt.Sprintf("%v@%d", k, w)
	}
	return fmt.Sprintf("%v %s", k, s.setText(w, k))
}

// setText writes the set pile[w:w+4] with the cards k acts on in brackets.
func (s *State) setText(w int, k Kind) string {
	first, cnt := k.span()
	var b strings.Builder
	for i := w; i < w+4; i++ {
		if i > w {
			b.WriteByte(' ')
		}
		if i == w+first {
			b.WriteByte('[')
		}
		s.writeCard(&b, s.pile[i])
		if i == w+first+cnt-1 {
			b.WriteByte(']')
		}
	}
	return b.String()
}

// writeCard writes the face card p shows, a dark one marked with '*'.
func (s *State) writeCard(b *strings.Builder, p uint8) {
	b.WriteString(s.shown(p).String())
	if s.dark>>p&1 != 0 {
		b.WriteByte('*')
	}
}

// pileText writes the held dealt cards bottom to top.
func (s *State) pileText() string {
	var b strings.Builder
	for i, p := range s.pile[:s.n] {
		if i > 0 {
			b.WriteByte(' ')
		}
		s.writeCard(&b, p)
	}
	return b.String()
}

// Record switches the event log on or off.
func (s *State) Record(on bool) { s.record = on }

// Events returns the events logged since the deal.
func (s *State) Events() []games.Event { return s.events }

// Faces returns the light and dark face of card p, the p-th card of the deal
// (from 0), dealt or not. The faces of undealt cards are hidden from the
// player: only a clairvoyant solver, holding the state through
// View.Reveal, may ask for them.
func (s *State) Faces(p int) (light, dark cards.Card) { return s.face[0][p], s.face[1][p] }
