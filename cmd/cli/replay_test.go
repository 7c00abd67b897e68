package cli

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// fragile is a bot that fails: it plays by a running hash of everything it
// was shown (its seed, every legal action at every decision) and panics, with
// the hash in the message, at the first decision where the hash is a
// multiple of every. Only the same game played by the same bots under the
// same rules fails at the same decision with the same hash.
type fragile struct {
	every uint64
	hash  uint64
	n     int
}

func (b *fragile) Begin(seed uint64) { b.hash, b.n = seed, 0 }

func (b *fragile) Choose(_ games.View, legal []games.Action) games.Action {
	b.n++
	for _, a := range legal {
		b.hash = games.Mix(b.hash, uint64(a))
	}
	if b.hash%b.every == 0 {
		panic(fmt.Sprintf("fragile: decision %d, hash %016x", b.n, b.hash))
	}
	return legal[b.hash%uint64(len(legal))]
}

// fragileDefinition registers fragile for every game, with its parameter.
func fragileDefinition() strategies.Definition {
	bind := func(p *int) *games.Options {
		o := games.NewOptions("parameter")
		o.Int(p, "every", 1000, 1, 1<<30, "fail at a decision whose hash is a multiple of this")
		return o
	}
	return strategies.Definition{
		Name: "fragile", Summary: "fails now and then, for tests",
		Params: func(games.Game) []games.Setting { var every int; return bind(&every).Settings() },
		New: func(_ games.Game, params []string) (strategies.Strategy, error) {
			var every int
			if err := bind(&every).Apply(params); err != nil {
				return nil, err
			}
			return &fragile{every: uint64(every)}, nil
		},
	}
}

// runFragile runs cardsim with fragile among the strategies.
func runFragile(t *testing.T, args ...string) (code int, out, errs string) {
	t.Helper()
	var o, e bytes.Buffer
	f := NewFactory(strings.NewReader(""), &o, &e)
	f.Strategies.Register(fragileDefinition())
	code = f.Main(args)
	return code, o.String(), e.String()
}

var (
	replayHint = regexp.MustCompile(`\(replay: cardsim (trace [^)]*)\)`)
	panicText  = regexp.MustCompile(`fragile: decision \d+, hash [0-9a-f]{16}`)
)

// TestReplayHint: a run in which a bot fails, with a strategy other than the
// default, a parameter and a rule changed, prints the cardsim trace command
// that plays the same game: replayed, it fails at the same decision with
// the same hash. In a game of several players the command seats the
// strategies as they sat.
func TestReplayHint(t *testing.T) {
	tests := []struct {
		run  []string
		want string // in the trace command
	}{
		{[]string{"run", "nora", "--strategies", "cautious,fragile:every=600", "--rule", "insure=2", "--games", "3000", "--seed", "5"},
			"trace nora --strategy fragile --param every=600 --rule insure=2 --seed 5 --index "},
		{[]string{"run", "roundup", "--strategies", "greedy,fragile:every=40", "--rule", "players=3", "--rule", "queen=off", "--games", "200", "--seed", "4"},
			"--rule players=3 --rule queen=off --seed 4"},
	}
	for _, tt := range tests {
		code, _, errs := runFragile(t, tt.run...)
		m := replayHint.FindStringSubmatch(errs)
		failure := panicText.FindString(errs)
		if code != 1 || m == nil || failure == "" || !strings.Contains(m[1], tt.want) {
			t.Fatalf("%v: exit %d, %q; want a fragile failure and a trace command with %q", tt.run, code, errs, tt.want)
		}
		if strings.Contains(tt.run[1], "roundup") && !regexp.MustCompile(`--strategies (greedy|fragile:every=40)(,(greedy|fragile:every=40)){2} `).MatchString(m[1]) {
			t.Errorf("%s: want the strategy of each of the 3 seats", m[1])
		}
		code, out, terrs := runFragile(t, strings.Fields(m[1])...)
		if code != 1 || panicText.FindString(terrs) != failure || out == "" {
			t.Errorf("%s: exit %d, %q, %d bytes of events; want the run's failure %q after the game's events", m[1], code, terrs, len(out), failure)
		}
		// Each strategy, parameter and rule in the command is needed: left
		// out, the trace plays another game.
		fields := strings.Fields(m[1])
		for i, a := range fields {
			if a != "--rule" && a != "--param" && a != "--strategy" && a != "--strategies" {
				continue
			}
			short := append(append([]string{}, fields[:i]...), fields[i+2:]...)
			if code, _, terrs := runFragile(t, short...); code == 1 && panicText.FindString(terrs) == failure {
				t.Errorf("%s fails as the run did, without %s %s", strings.Join(short, " "), a, fields[i+1])
			}
		}
	}
}
