package toygame

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// Name is the toy's name, as commands take it.
const Name = "toy"

// Rules are the rules of the toy: a deck of Ranks ranks in four suits, and
// Hand cards dealt to each seat (see the package's doc).
type Rules struct {
	Ranks int
	Hand  int
}

func (r *Rules) bind() *games.Options {
	o := games.NewOptions("rule")
	o.Int(&r.Ranks, "ranks", 6, 2, 13, "ranks in the deck, from the ace up, in four suits")
	o.Int(&r.Hand, "hand", 3, 1, 8, "cards dealt to each seat: the tricks played")
	// Another deck shuffles other cards; another hand size deals the
	// shuffled deck out differently (seat 0's hand first).
	o.ChangesDeal("ranks", "hand")
	return o
}

// check refuses hands that do not fit in the deck.
func (r *Rules) check() error {
	if 2*r.Hand > 4*r.Ranks {
		return fmt.Errorf("rule hand=%d: two hands of %d do not fit in %d cards", r.Hand, r.Hand, 4*r.Ranks)
	}
	return nil
}

// rulebook derives the toy's defaults, parser, settings and registry
// entry from its options.
var rulebook = games.Define(Name, "Toy tricks", "a toy game of two seats and a few tricks, for the recipe's test",
	(*Rules).bind, (*Rules).check, func(r Rules) (games.Game, error) { return Game{r}, nil })

// ExampleDeal is a deal of the toy under its default rules, as --deal
// takes it: the 24 cards in dealing order, seat 0's hand first. Seat 0
// holds the aces and leads AH; seat 1 takes it with 2C, leads 2H and 2D,
// and takes all three tricks.
const ExampleDeal = "AC AD AH 2C 2D 2H AS 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 6S"

// Definition returns the toy's registry entry: the line games/toy would
// give the catalog.
func Definition() games.Definition {
	d := rulebook.Definition()
	d.ExampleDeal = ExampleDeal
	return d
}

// Game is the toy under one set of rules.
type Game struct{ r Rules }

// Name returns the game's name.
func (g Game) Name() string { return Name }

// Seats returns 2: the toy is played by two seats.
func (g Game) Seats() int { return 2 }

// Rules returns the rules in force with their defaults and meanings.
func (g Game) Rules() []games.Setting { return rulebook.Settings(g.r) }

// ScoreBounds returns 0 and the tricks of a game: a seat scores its tricks.
func (g Game) ScoreBounds() (int, int) { return 0, g.r.Hand }

// Metrics returns the ties and the cards played, counted every game.
func (g Game) Metrics() []games.Metric {
	return []games.Metric{
		{Name: "ties", Usage: "tricks whose two cards had the same rank", Max: int64(g.r.Hand)},
		{Name: "turns", Usage: "cards played", Role: games.Duration, Max: int64(2 * g.r.Hand)},
	}
}

// Capabilities states the aces dealt to a seat as its deal feature and
// the seat that led first; the toy's views do not sample, so no generic
// search bot plays it.
func (g Game) Capabilities() games.Capabilities {
	return games.Capabilities{DealFeatures: []games.Metric{{Name: "aces", Usage: "aces dealt to the seat", Max: 4}}, FirstSeat: true}
}

// NewState returns a state ready for Reset or Deal.
func (g Game) NewState() games.State { return &state{g: g} }

// play is the event of one card played.
type play struct {
	Type  string `json:"type"`
	Trick int    `json:"trick"`
	Seat  int    `json:"seat"`
	Card  string `json:"card"`
}

func (e play) String() string {
	return fmt.Sprintf("trick %d: seat %d plays %s", e.Trick, e.Seat, e.Card)
}

type state struct {
	g      Game
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
	view   view
}

// view is what a seat sees: its hand, the card led, the cards played.
type view struct {
	seat   int
	Hand   []cards.Card
	Led    cards.Card
	Played []cards.Card
}

func (v *view) Seat() int { return v.seat }

func (s *state) Reset(seed uint64) {
	s.deck = cards.Ranks(s.g.r.Ranks, 0)
	cards.Shuffle(rand.New(rand.NewPCG(seed, 0x70)), s.deck)
	s.start()
}

func (s *state) Deal(deal string, seed uint64) error {
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
func (s *state) start() {
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

func (s *state) Turn() int {
	if len(s.played) == 2*s.g.r.Hand {
		return games.Terminal
	}
	return s.turn
}

func (s *state) Legal(dst []games.Action) []games.Action {
	dst = dst[:0]
	for _, c := range s.hands[s.turn] {
		dst = append(dst, games.Action(c))
	}
	return dst
}

func (s *state) Apply(a games.Action) {
	c, seat := cards.Card(a), s.turn
	i := slices.Index(s.hands[seat], c)
	s.hands[seat] = slices.Delete(s.hands[seat], i, i+1)
	s.played = append(s.played, c)
	if s.record {
		s.events = append(s.events, play{Type: "play", Trick: (len(s.played) + 1) / 2, Seat: seat, Card: c.String()})
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

func (s *state) View(seat int) games.View {
	s.view = view{seat: seat, Hand: slices.Clone(s.hands[seat]), Led: s.led, Played: slices.Clone(s.played)}
	return &s.view
}

func (s *state) Outcome(seat int) games.Outcome {
	o := games.Outcome{Score: s.tricks[seat]}
	switch {
	case s.tricks[seat] > s.tricks[1-seat]:
		o.Result = games.Win
	case s.tricks[seat] == s.tricks[1-seat]:
		o.Result = games.Draw
	}
	return o
}

func (s *state) Metrics(dst []int64) []int64 {
	return append(dst[:0], s.ties, int64(len(s.played)))
}

func (s *state) SeatFeatures(seat int, dst []int64) []int64 { return append(dst[:0], s.aces[seat]) }
func (s *state) FirstSeat() int                             { return 0 }

// Cards returns the hands, the cards played and the cards left out.
func (s *state) Cards(dst []cards.Card) []cards.Card {
	dst = append(append(append(dst[:0], s.hands[0]...), s.hands[1]...), s.played...)
	return append(dst, s.deck[2*s.g.r.Hand:]...)
}

func (s *state) Clone() games.State {
	c := *s
	c.deck, c.played, c.events = slices.Clone(s.deck), slices.Clone(s.played), slices.Clone(s.events)
	c.hands = [2][]cards.Card{slices.Clone(s.hands[0]), slices.Clone(s.hands[1])}
	return &c
}

// Determinize re-deals the cards seat cannot see: the other hand and the
// cards left out.
func (s *state) Determinize(seat int, seed uint64) {
	other, out := s.hands[1-seat], s.deck[2*s.g.r.Hand:]
	hidden := append(slices.Clone(other), out...)
	cards.Shuffle(rand.New(rand.NewPCG(seed, 0x71)), hidden)
	copy(other, hidden)
	slices.Sort(other)
	copy(out, hidden[len(other):])
}

func (s *state) ActionString(a games.Action) string { return cards.Card(a).String() }
func (s *state) Record(on bool)                     { s.record = on }
func (s *state) Events() []games.Event              { return s.events }
