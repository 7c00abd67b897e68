package games_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
)

// check refuses a house of many rounds played fast, a rule of the example's
// own that no single option states.
func (h *house) check() error {
	if h.Rounds > 50 && h.Speed > 5 {
		return errors.New("rule rounds: more than 50 rounds want speed 5 or less")
	}
	return nil
}

// houseGame is the game the house rules build: only its rules matter here.
type houseGame struct {
	games.Game
	r house
}

var houseRules = games.Define("house", "House rules", "a game of the house",
	(*house).options, (*house).check, func(h house) (games.Game, error) { return houseGame{r: h}, nil })

func ExampleDefine() {
	r, err := houseRules.Parse([]string{"rounds=3", "order=down"})
	fmt.Println(r, err)
	for _, s := range houseRules.Settings(r) {
		fmt.Printf("%s=%s (default %s)\n", s.Name, s.Value, s.Default)
	}
	d := houseRules.Definition()
	g, err := d.New([]string{"jokers=false"})
	fmt.Println(d.Name, d.Title, g.(houseGame).r, err)
	// Output:
	// {3 1.5 true down} <nil>
	// rounds=3 (default 10)
	// speed=1.5 (default 1.5)
	// jokers=true (default true)
	// order=down (default up)
	// house House rules {10 1.5 false up} <nil>
}

// TestDefine: the rulebook's defaults are the options' defaults, and Parse
// and the Definition's New refuse what the options refuse and what check
// refuses, with the zero rules and no game.
func TestDefine(t *testing.T) {
	if d := houseRules.Defaults(); d != (house{10, 1.5, true, "up"}) {
		t.Errorf("Defaults = %+v", d)
	}
	tests := []struct {
		kvs []string
		err string
	}{
		{[]string{"rounds=60", "speed=5"}, ""},
		{[]string{"rounds=60", "speed=6"}, "more than 50 rounds want speed 5 or less"},
		{[]string{"rounds=0"}, "rule rounds=0: want an integer from 1 to 100"},
		{[]string{"colour=red"}, `unknown rule "colour"`},
	}
	for _, tt := range tests {
		r, err := houseRules.Parse(tt.kvs)
		g, gerr := houseRules.Definition().New(tt.kvs)
		if tt.err == "" {
			if err != nil || gerr != nil || g.(houseGame).r != r {
				t.Errorf("%q: Parse %+v, %v; New %v, %v", tt.kvs, r, err, g, gerr)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.err) || r != (house{}) {
			t.Errorf("%q: Parse %+v, %v; want the error %q", tt.kvs, r, err, tt.err)
		}
		if gerr == nil || gerr.Error() != err.Error() || g != nil {
			t.Errorf("%q: New %v, %v; want Parse's error %v", tt.kvs, g, gerr, err)
		}
	}
}
