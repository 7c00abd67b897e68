package strategies_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// holder takes action number Pick among the legal ones (the last if there
// are fewer).
type holder struct{ Pick int }

func (h *holder) Begin(uint64) {}
func (h *holder) Choose(_ games.View, legal []games.Action) games.Action {
	return legal[min(h.Pick, len(legal)-1)]
}

func holderParams() (*holder, *games.Options) {
	h := new(holder)
	o := games.NewOptions("parameter")
	o.Int(&h.Pick, "pick", 0, 0, 9, "which legal action to take")
	return h, o
}

// ExampleDefine defines a strategy whose parameter is a field of the
// strategy itself, and makes one with a parameter set.
func ExampleDefine() {
	d := strategies.Define("nth", "", "takes the n-th legal action", holderParams, nil)
	for _, p := range d.Params(nil) {
		fmt.Printf("%s=%s: %s\n", p.Name, p.Value, p.Usage)
	}
	s, _ := d.New(nil, []string{"pick=2"})
	fmt.Println(s.Choose(nil, []games.Action{4, 5, 6, 7}))
	// Output:
	// pick=0: which legal action to take (an integer from 0 to 9)
	// 6
}

// TestDefine: New applies parameters to a fresh value each time, refuses
// bad ones, and lets build refuse a game; Define panics at once when the
// value is no strategy and nothing builds one.
func TestDefine(t *testing.T) {
	noGame := errors.New("needs a game")
	d := strategies.Define("nth", "", "", holderParams, func(h *holder, g games.Game) (strategies.Strategy, error) {
		if g == nil {
			return nil, noGame
		}
		return h, nil
	})
	if _, err := d.New(nil, nil); !errors.Is(err, noGame) {
		t.Errorf("build's error: got %v", err)
	}
	plain := strategies.Define("nth", "", "", holderParams, nil)
	a, err := plain.New(nil, []string{"pick=3"})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := plain.New(nil, nil)
	if a.(*holder).Pick != 3 || b.(*holder).Pick != 0 {
		t.Errorf("picks %d and %d, want 3 then the default 0 (a fresh value each time)", a.(*holder).Pick, b.(*holder).Pick)
	}
	if _, err := plain.New(nil, []string{"pick=10"}); err == nil || !strings.Contains(err.Error(), "pick") {
		t.Errorf("pick=10 out of range: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("Define of a value that is no strategy, without build, did not panic")
		}
	}()
	strategies.Define("budget", "", "", func() (*int, *games.Options) { return new(int), games.NewOptions("parameter") }, nil)
}
