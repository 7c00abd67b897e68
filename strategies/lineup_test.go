package strategies_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/strategies"
	norabots "github.com/cardsim/cardsim/strategies/nora"
)

// TestLineup: entries name a strategy and its parameters (an empty name is
// the game's first); unknown names and bad parameters are errors.
func TestLineup(t *testing.T) {
	g, err := nora.Definition().New(nil)
	if err != nil {
		t.Fatal(err)
	}
	r := new(strategies.Registry)
	norabots.Register(r, norabots.Setup{})
	ps, err := r.Lineup(g, []string{"stop-at:cards=20", " rescuer ", ""})
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 3 || ps[0].Strategy.Name != "stop-at" || !reflect.DeepEqual(ps[0].Params, []string{"cards=20"}) ||
		ps[1].Strategy.Name != "rescuer" || ps[1].Params != nil || ps[2].Strategy.Name != r.For(g)[0].Name {
		t.Errorf("lineup %+v", ps)
	}
	for spec, want := range map[string]string{"psychic": `unknown strategy "psychic"`, "stop-at:cards=x": "strategy stop-at: parameter cards=x"} {
		if _, err := r.Lineup(g, []string{spec}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", spec, err, want)
		}
	}
	if _, err := new(strategies.Registry).Player(g, "", nil); err == nil {
		t.Error("a game without strategies has a first one")
	}
}
