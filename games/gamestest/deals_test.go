package gamestest

import (
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
)

// cutRules are the rules of the cut game: the draw game (a flawless one)
// whose deck is cut Cut cards from the top after the shuffle, and whose
// score counts Double for each card taken; marks says which options the
// game marks as changing the deal.
type cutRules struct {
	Cut    int
	Double bool
}

// cutDefinition returns the cut game with the options marks names marked as
// changing the deal.
func cutDefinition(marks ...string) games.Definition {
	bind := func(r *cutRules) *games.Options {
		o := games.NewOptions("rule")
		o.Int(&r.Cut, "cut", 0, 0, 3, "cards cut from the top of the shuffled deck to its bottom")
		o.Bool(&r.Double, "double", false, "every card taken scores two")
		o.ChangesDeal(marks...)
		return o
	}
	return games.Definition{Name: "cut", New: func(kvs []string) (games.Game, error) {
		r, err := games.Parse(bind, kvs)
		return cutGame{drawGame{}, r, bind}, err
	}}
}

type cutGame struct {
	drawGame
	r    cutRules
	bind func(*cutRules) *games.Options
}

func (g cutGame) Rules() []games.Setting { return games.SettingsOf(g.bind, g.r) }
func (g cutGame) NewState() games.State {
	return &cutState{drawState{g: g.drawGame, taken: new(int)}, g.r}
}

type cutState struct {
	drawState
	r cutRules
}

func (s *cutState) Reset(seed uint64) {
	s.drawState.Reset(seed)
	s.deck = append(s.deck[s.r.Cut:], s.deck[:s.r.Cut]...)
}

// TestCheckDealMarks: an option that deals other cards must be marked as
// changing the deal, and one that only changes the score must not be.
func TestCheckDealMarks(t *testing.T) {
	for _, tt := range []struct {
		marks []string
		want  string // "" for a pass
	}{
		{[]string{"cut"}, ""},
		{nil, "rule cut is not marked as changing the deal, but cut=1 deals other cards than the defaults from 64 of 64 seeds"},
		{[]string{"cut", "double"}, "rule double is marked as changing the deal, but double=true deals the same cards as the defaults from 64 of 64 seeds"},
	} {
		err := CheckDealMarks(cutDefinition(tt.marks...), 64)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("marks %q: %v, want %q", tt.marks, err, tt.want)
		}
	}
}

// TestDealVariants: the variants of the options that change the deal are
// every sample of those options and nothing else.
func TestDealVariants(t *testing.T) {
	vs, err := DealVariants(cutDefinition("cut"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, v := range vs {
		names = append(names, v.String())
	}
	if got, want := strings.Join(names, " "), "cut=1 cut=2 cut=3"; got != want {
		t.Errorf("deal variants %q, want %q", got, want)
	}
	DealConformance(t, cutDefinition("cut"), Config{Games: 5, MaxSteps: 100})
}
