package catalog_test

// This file stands for games/toy, the first step of the recipe for a new
// game: a package implementing games.Game and games.State.

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// toyRules are the rules of the toy: two seats are dealt Hand cards each
// from a deck of Ranks ranks in four suits; the seat that leads plays a
// card, the other answers, and the higher rank takes the trick (the leader
// takes ties) and leads the next. A seat scores its tricks; the seat with
// more wins.
type toyRules struct {
	Ranks int
	Hand  int
}

func (r *toyRules) bind() *games.Options {
	o := games.NewOptions("rule")
	o.Int(&r.Ranks, "ranks", 6, 2, 13, "ranks in the deck, from the ace up, in four suits")
	o.Int(&r.Hand, "hand", 3, 1, 8, "cards dealt to each seat: the tricks played")
	return o
}

// check refuses hands that do not fit in the deck.
func (r *toyRules) check() error {
	if 2*r.Hand > 4*r.Ranks {
		return fmt.Errorf("rule hand=%d: two hands of %d do not fit in %d cards", r.Hand, r.Hand, 4*r.Ranks)
	}
	return nil
}

// toyRulebook derives the toy's defaults, parser, settings and registry
// entry from its options.
var toyRulebook = games.Define("toy", "Toy tricks", "a toy game of two seats and a few tricks, for the recipe's test",
	(*toyRules).bind, (*toyRules).check, func(r toyRules) (games.Game, error) { return toyGame{r}, nil })

// toyDefinition is the line games/toy gives the catalog.
func toyDefinition() games.Definition { return toyRulebook.Definition() }

type toyGame struct{ r toyRules }

func (g toyGame) Name() string            { return "toy" }
func (g toyGame) Seats() int              { return 2 }
func (g toyGame) Rules() []games.Setting  { return toyRulebook.Settings(g.r) }
func (g toyGame) ScoreBounds() (int, int) { return 0, g.r.Hand }
func (g toyGame) Metrics() []games.Metric {
	return []games.Metric{
		{Name: "ties", Usage: "tricks whose two cards had the same rank", Max: int64(g.r.Hand)},
		{Name: "turns", Usage: "cards played", Role: games.Duration, Max: int64(2 * g.r.Hand)},
	}
}
func (g toyGame) Capabilities() games.Capabilities {
	return games.Capabilities{DealFeatures: []games.Metric{{Name: "aces", Usage: "aces dealt to the seat", Max: 4}}, FirstSeat: true}
}
func (g toyGame) NewState() games.State { return &toyState{g: g} }

// toyPlay is the event of one card played.
type toyPlay struct {
	Type  string `json:"type"`
	Trick int    `json:"trick"`
	Seat  int    `json:"seat"`
	Card  string `json:"card"`
}

func (e toyPlay) String() string {
	return fmt.Sprintf("trick %d: seat %d plays %s", e.Trick, e.Seat, e.Card)
}

type toyState struct {
	g      toyGame
	deck   []cards.Card // the deal: hands first, then the cards left out
	hands  [2][]cards.Card
	played []cards.Card
	led    cards.Card // the card led in the trick under way
	leader int
	turn   int
	tricks [2]int
	aces   [2]int64
	ties   int64
	record bool
	events []games.Event
	view   toyView
}

// toyView is what a seat sees: its hand, the card led, the cards played.
type toyView struct {
	seat   int
	Hand   []cards.Card
	Led    cards.Card
	Played []cards.Card
}

func (v *toyView) Seat() int { return v.seat }

func (s *toyState) Reset(seed uint64) {
	s.deck = cards.Ranks(s.g.r.Ranks, 0)
	cards.Shuffle(rand.New(rand.NewPCG(seed, 0x70)), s.deck)
	s.start()
}

func (s *toyState) Deal(deal string, seed uint64) error {
	d, err := cards.ParseDeck(deal)
	if err != nil {
		return err
	}
	if err := cards.CheckDeal(d, cards.Ranks(s.g.r.Ranks, 0)); err != nil {
		return err
	}
	s.deck = d
	s.start()
	return nil
}

// start deals the hands from the deck.
func (s *toyState) start() {
	h := s.g.r.Hand
	for seat := range s.hands {
		s.hands[seat] = slices.Clone(s.deck[seat*h : (seat+1)*h])
		slices.Sort(s.hands[seat])
		s.aces[seat] = 0
		for _, c := range s.hands[seat] {
			if c.Rank() == cards.Ace {
				s.aces[seat]++
			}
		}
	}
	s.played, s.led, s.leader, s.turn, s.tricks, s.ties, s.events = nil, 0, 0, 0, [2]int{}, 0, nil
}

func (s *toyState) Turn() int {
	if len(s.played) == 2*s.g.r.Hand {
		return games.Terminal
	}
	return s.turn
}

func (s *toyState) Legal(dst []games.Action) []games.Action {
	dst = dst[:0]
	for _, c := range s.hands[s.turn] {
		dst = append(dst, games.Action(c))
	}
	return dst
}

func (s *toyState) Apply(a games.Action) {
	c, seat := cards.Card(a), s.turn
	i := slices.Index(s.hands[seat], c)
	s.hands[seat] = slices.Delete(s.hands[seat], i, i+1)
	s.played = append(s.played, c)
	if s.record {
		s.events = append(s.events, toyPlay{Type: "play", Trick: (len(s.played) + 1) / 2, Seat: seat, Card: c.String()})
	}
	if seat == s.leader {
		s.led, s.turn = c, 1-seat
		return
	}
	winner := s.leader
	if c.Rank() > s.led.Rank() {
		winner = seat
	} else if c.Rank() == s.led.Rank() {
		s.ties++
	}
	s.tricks[winner]++
	s.led, s.leader, s.turn = 0, winner, winner
}

func (s *toyState) View(seat int) games.View {
	s.view = toyView{seat: seat, Hand: slices.Clone(s.hands[seat]), Led: s.led, Played: slices.Clone(s.played)}
	return &s.view
}

func (s *toyState) Outcome(seat int) games.Outcome {
	o := games.Outcome{Score: s.tricks[seat]}
	switch {
	case s.tricks[seat] > s.tricks[1-seat]:
		o.Result = games.Win
	case s.tricks[seat] == s.tricks[1-seat]:
		o.Result = games.Draw
	}
	return o
}

func (s *toyState) Metrics(dst []int64) []int64 {
	return append(dst[:0], s.ties, int64(len(s.played)))
}

func (s *toyState) SeatFeatures(seat int, dst []int64) []int64 { return append(dst[:0], s.aces[seat]) }
func (s *toyState) FirstSeat() int                             { return 0 }

// Cards returns the hands, the cards played and the cards left out.
func (s *toyState) Cards(dst []cards.Card) []cards.Card {
	dst = append(append(append(dst[:0], s.hands[0]...), s.hands[1]...), s.played...)
	return append(dst, s.deck[2*s.g.r.Hand:]...)
}

func (s *toyState) Clone() games.State {
	c := *s
	c.deck, c.played, c.events = slices.Clone(s.deck), slices.Clone(s.played), slices.Clone(s.events)
	c.hands = [2][]cards.Card{slices.Clone(s.hands[0]), slices.Clone(s.hands[1])}
	return &c
}

// Determinize re-deals the cards seat cannot see: the other hand and the
// cards left out.
func (s *toyState) Determinize(seat int, seed uint64) {
	other, out := s.hands[1-seat], s.deck[2*s.g.r.Hand:]
	hidden := append(slices.Clone(other), out...)
	cards.Shuffle(rand.New(rand.NewPCG(seed, 0x71)), hidden)
	copy(other, hidden)
	slices.Sort(other)
	copy(out, hidden[len(other):])
}

func (s *toyState) ActionString(a games.Action) string { return cards.Card(a).String() }
func (s *toyState) Record(on bool)                     { s.record = on }
func (s *toyState) Events() []games.Event              { return s.events }
