package gamestest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// The flaws the draw game can be built with, each breaking one invariant
// for a moment in the middle of a game and never at its end, where the
// checks used to look.
const (
	flawNone   = "none"
	flawMetric = "metric" // a metric beyond its bound at the third action
	flawScore  = "score"  // the score so far beyond the bounds at the third action
	flawTurn   = "turn"   // Turn names a seat the game does not have at the third action
	flawClone  = "clone"  // a clone shares its count of cards taken with the original
	flawCards  = "cards"  // a card is counted twice at the third action
)

// drawRules are the rules of the draw game: a solitaire that takes the
// cards of an eight-card deck one at a time (action 0 scores the card,
// action 1 does not), with one flaw of its own.
type drawRules struct{ Flaw string }

func (r *drawRules) bind() *games.Options {
	o := games.NewOptions("rule")
	o.Enum(&r.Flaw, "flaw", flawNone, []string{flawNone, flawMetric, flawScore, flawTurn, flawClone, flawCards}, "the invariant the game breaks mid-game")
	return o
}

func drawDefinition() games.Definition {
	return games.Definition{Name: "draw", New: func(kvs []string) (games.Game, error) {
		r, err := games.Parse((*drawRules).bind, kvs)
		return drawGame{r}, err
	}}
}

type drawGame struct{ r drawRules }

func (g drawGame) Name() string            { return "draw" }
func (g drawGame) Seats() int              { return 1 }
func (g drawGame) Rules() []games.Setting  { return games.SettingsOf((*drawRules).bind, g.r) }
func (g drawGame) ScoreBounds() (int, int) { return 0, 8 }
func (g drawGame) Metrics() []games.Metric {
	return []games.Metric{{Name: "actions", Usage: "cards taken", Max: 8}}
}
func (g drawGame) NewState() games.State { return &drawState{g: g, taken: new(int)} }
func (g drawGame) Capabilities() games.Capabilities {
	return games.Capabilities{ScoreSoFar: true}
}

type drawState struct {
	g     drawGame
	deck  []cards.Card
	taken *int // cards taken, the view
	score int
}

func (s *drawState) Reset(seed uint64) {
	s.deck = cards.Ranks(2, 0)
	cards.Shuffle(rand.New(rand.NewPCG(seed, 1)), s.deck)
	*s.taken, s.score = 0, 0
}
func (s *drawState) Deal(string, uint64) error { return fmt.Errorf("no deals") }
func (s *drawState) third() bool               { return *s.taken == 3 }
func (s *drawState) Turn() int {
	switch {
	case *s.taken == len(s.deck):
		return games.Terminal
	case s.g.r.Flaw == flawTurn && s.third():
		return 1
	}
	return 0
}
func (s *drawState) Legal(dst []games.Action) []games.Action { return append(dst[:0], 0, 1) }
func (s *drawState) Apply(a games.Action) {
	*s.taken++
	if a == 0 {
		s.score++
	}
}
func (s *drawState) View(int) games.View       { return drawView{*s.taken} }
func (s *drawState) Outcome(int) games.Outcome { return games.Outcome{Score: s.score} }
func (s *drawState) ScoreSoFar(int) int {
	if s.g.r.Flaw == flawScore && s.third() {
		return 9
	}
	return s.score
}
func (s *drawState) Metrics(dst []int64) []int64 {
	if s.g.r.Flaw == flawMetric && s.third() {
		return append(dst[:0], 9)
	}
	return append(dst[:0], int64(*s.taken))
}
func (s *drawState) Cards(dst []cards.Card) []cards.Card {
	dst = append(dst[:0], s.deck...)
	if s.g.r.Flaw == flawCards && s.third() {
		dst[0] = dst[1]
	}
	return dst
}
func (s *drawState) Clone() games.State {
	c := *s
	c.deck = slices.Clone(s.deck)
	if s.g.r.Flaw != flawClone {
		c.taken = new(int)
		*c.taken = *s.taken
	}
	return &c
}
func (s *drawState) Determinize(int, uint64)            {}
func (s *drawState) ActionString(a games.Action) string { return fmt.Sprint(a) }
func (s *drawState) Record(bool)                        {}
func (s *drawState) Events() []games.Event              { return []games.Event{drawView{}} }

type drawView struct{ Taken int }

func (v drawView) Seat() int      { return 0 }
func (v drawView) String() string { return fmt.Sprint(v.Taken) }

// TestSoakChecksEveryRuleMidGame: the soak plays every rule's values and
// checks, after every action, the seat to act, the cards, the metrics'
// bounds and the score so far, and in games it picks that a clone is
// independent; each flaw of the draw game, under its own rule value and
// only in the middle of a game, is caught and named with its rules. The
// soak used to play the default rules only, and to check scores and
// metrics at the end of a game.
func TestSoakChecksEveryRuleMidGame(t *testing.T) {
	vs, err := Variants(drawDefinition())
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 6 {
		t.Fatalf("%d variants of the draw game, want the defaults and the 5 flaws", len(vs))
	}
	cfg := SoakConfig{Workers: 1, MaxSteps: 100, DeepEvery: 1}
	if _, err := Soak(context.Background(), vs[:1], 0, 200, cfg); err != nil {
		t.Fatalf("the flawless game failed the soak: %v", err)
	}
	for _, v := range vs[1:] {
		flaw := strings.TrimPrefix(v.String(), "flaw=")
		_, err := Soak(context.Background(), []Variant{vs[0], v}, 0, 200, cfg)
		if err == nil || !strings.Contains(err.Error(), "rules flaw="+flaw) {
			t.Errorf("flaw %s: soak says %v; want it caught, naming the rules", flaw, err)
		}
	}
}

// TestVariantsCoverEveryOption: every rule option of every game is played
// with values besides its default, every player count of a game of
// several included.
func TestVariantsCoverEveryOption(t *testing.T) {
	vs, err := Variants(drawDefinition())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, v := range vs {
		names = append(names, v.String())
	}
	want := []string{"defaults", "flaw=metric", "flaw=score", "flaw=turn", "flaw=clone", "flaw=cards"}
	if !slices.Equal(names, want) {
		t.Errorf("variants %q, want %q", names, want)
	}
}

// statedGame is the draw game with the capabilities it states replaced.
type statedGame struct {
	drawGame
	caps games.Capabilities
}

func (g statedGame) Capabilities() games.Capabilities { return g.caps }

// TestCheckCapabilities: a game passes when it states what its states and
// views implement, and is caught when it states a capability they lack or
// leaves out one they implement.
func TestCheckCapabilities(t *testing.T) {
	for _, tt := range []struct {
		caps games.Capabilities
		want string // "" for a pass
	}{
		{games.Capabilities{ScoreSoFar: true}, ""},
		{games.Capabilities{}, "implement ScoreSoFar (Scorer), which Capabilities does not state"},
		{games.Capabilities{ScoreSoFar: true, Sample: true}, "states Sample (Sampler), which"},
		{games.Capabilities{ScoreSoFar: true, Reveal: true}, "states Reveal (Revealer), which"},
		{games.Capabilities{ScoreSoFar: true, FirstSeat: true}, "states FirstSeat (Starter), which"},
		{games.Capabilities{ScoreSoFar: true, CannotDeal: errors.New("no table")}, "cannot be dealt: no table"},
	} {
		err := checkCapabilities(statedGame{drawGame{}, tt.caps})
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%+v: %v, want %q", tt.caps, err, tt.want)
		}
	}
}
