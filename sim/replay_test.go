package sim

import (
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"insure=2": "insure=2", "a,b:c=1": "a,b:c=1", "": "''", "file:my deck.txt": "'file:my deck.txt'", "it's": `'it'\''s'`,
	} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

// everyDef is a strategy with one parameter, every, of default 1000.
func everyDef() strategies.Definition {
	return strategies.Definition{Name: "fragile",
		Params: func(games.Game) []games.Setting {
			var every int
			o := games.NewOptions("parameter")
			o.Int(&every, "every", 1000, 1, 1<<30, "fail at a decision whose hash is a multiple of this")
			return o.Settings()
		}}
}

// TestTraceCommand: the command names only what differs from the defaults,
// and names every seat when they differ.
func TestTraceCommand(t *testing.T) {
	def := everyDef()
	ge := &GameError{Game: "g", Seed: 3, Index: 7,
		Rules: []games.Setting{{Name: "a", Value: "1", Default: "1"}, {Name: "b", Value: "x y", Default: "z"}},
		Seats: []Player{{Strategy: def, Params: []string{"every=1000"}}, {Strategy: def}}}
	if got, want := ge.TraceCommand(), "cardsim trace g --strategy fragile --rule 'b=x y' --seed 3 --index 7"; got != want {
		t.Errorf("same seats: %s, want %s", got, want)
	}
	ge.Seats[1].Params = []string{" every = 5 "}
	if got, want := ge.TraceCommand(), "cardsim trace g --strategies fragile,fragile:every=5 --rule 'b=x y' --seed 3 --index 7"; got != want {
		t.Errorf("different seats: %s, want %s", got, want)
	}
	ge.Seats = ge.Seats[1:]
	if got, want := ge.TraceCommand(), "cardsim trace g --strategy fragile --param every=5 --rule 'b=x y' --seed 3 --index 7"; got != want {
		t.Errorf("one seat: %s, want %s", got, want)
	}
}
