package cli

import (
	"github.com/cardsim/cardsim/internal/clip"

	"github.com/cardsim/cardsim/experiment"

	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// writePlan writes a plan file and returns its path.
func writePlan(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "plan.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestPlanRuleForms: the README's plan (a YAML list that splits at every
// comma), the mapping form and the JSON form make the Spec the flags do.
func TestPlanRuleForms(t *testing.T) {
	want := mustParse(t, NewCmdSweep, "nora", "--strategy", "rescuer", "--rule", "insure=0,1,2,4,8", "--rule", "rounds=2", "--games", "40").Spec
	if len(want.Rules) != 2 || want.Games != 40 {
		t.Fatalf("the flags made %+v", want)
	}
	for name, text := range map[string]string{
		"README list":   "game: nora\nstrategy: rescuer\nrules: [insure=0,1,2,4,8, rounds=2]\ngames: 40\n",
		"spaced list":   "game: nora\nstrategy: rescuer\nrules: [insure=0, 1, 2, 4, 8, rounds=2]\ngames: 40\n",
		"block list":    "game: nora\nstrategy: rescuer\nrules:\n  - insure=0,1,2,4,8\n  - rounds=2\ngames: 40\n",
		"flow mapping":  "game: nora\nstrategy: rescuer\nrules: {insure: [0,1,2,4,8], rounds: 2}\ngames: 40\n",
		"block mapping": "game: nora\nstrategy: rescuer\nrules:\n  insure: [0, 1, 2, 4, 8]\n  rounds: 2\ngames: 40\n",
		"JSON":          `{"game": "nora", "strategy": "rescuer", "rules": ["insure=0,1,2,4,8", "rounds=2"], "games": 40}`,
		"JSON mapping":  `{"game": "nora", "strategy": "rescuer", "rules": {"insure": [0, 1, 2, 4, 8], "rounds": 2}, "games": 40}`,
	} {
		got := mustParse(t, NewCmdSweep, "--plan", writePlan(t, text)).Spec
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v\nwant %+v", name, got, want)
		}
	}
	// In a mapping the rules are swept in the order written.
	got := mustParse(t, NewCmdSweep, "--plan", writePlan(t, "game: nora\nrules: {rounds: [1, 2], insure: [0, 1]}\ngames: 20\n")).Spec
	if !slices.Equal(got.Rules, []string{"rounds=1,2", "insure=0,1"}) {
		t.Errorf("mapping {rounds, insure} makes rules %q", got.Rules)
	}
}

// TestPlanZeroValues: a zero in a plan is that value, never the default:
// seed 0 is seed 0, and 0 deals is an error.
func TestPlanZeroValues(t *testing.T) {
	plan := mustParse(t, NewCmdSweep, "--plan", writePlan(t, "game: nora\nrules: [insure=0,1]\nseed: 0\ngames: 010\n")).Spec
	if plan.Seed != 0 || plan.Games != 10 {
		t.Errorf("plan seed 0, games 010 makes seed %d, %d games", plan.Seed, plan.Games)
	}
	flags := mustParse(t, NewCmdSweep, "nora", "--rule", "insure=0,1", "--seed", "0", "--games", "10").Spec
	if !reflect.DeepEqual(plan, flags) {
		t.Errorf("plan with seed 0 makes %+v\n--seed 0 makes %+v", plan, flags)
	}
	for _, tt := range []struct{ plan, want string }{
		{"game: nora\nrules: [insure=0,1]\ngames: 0\n", `line 3: games: "0": want at least 2`},
		{"game: nora\nrules: [insure=0,1]\ngames: -4\n", `games: "-4"`},
		{"game: nora\nrules: [insure=0,1]\ngames: 0x10\n", `games: "0x10": want a whole number in decimal digits`},
		{"game: nora\nrules: [insure=0,1]\nstrategies: []\n", `strategies: an empty list`},
		{"game: nora\nrules: []\n", `rules: an empty list`},
		{"game: nora\nrules: [insure=0,1]\nparams: []\n", `params: an empty list`},
		{"game: nora\nrules: [insure=0,1]\nprecision: 0\n", `precision: "0": want a positive half-width`},
		{"game: nora\nrules: [insure=0,1]\nconfidence: 0\n", `confidence: "0"`},
		{"game: nora\nrules: [insure=0,1]\nmax_games: 0\n", `max_games: "0"`},
		{"game: nora\nrules: [insure=0,1]\nseed: -1\n", `seed: "-1"`},
		{"game: nora\nrules: [insure=0,1]\ntarget: mean\n", `target: "mean"`},
		{"game: nora\nrules: [insure=0,1]\ngames:\n", `games: no value`},
		{"game: nora\nrules: [1, insure=0]\n", `rules: entry 1 "1" has no key`},
		{"game: nora\nrules: [insure=0,1]\ngame: flip\n", `line 3: game given twice`},
		{"game: nora\nrulez: [insure=1,2]\n", `unknown field "rulez" (known: game, strategy`},
		{"game: &g nora\nstrategy: *g\nrules: [insure=0,1]\n", `strategy: aliases are not read`},
		{"- game: nora\n", `want fields such as game:`},
		{"", `empty plan`},
		{"game: [nora\n", `not YAML or JSON`},
	} {
		code, _, errs := run(t, "sweep", "--plan", writePlan(t, tt.plan))
		if code != 1 || !strings.Contains(errs, tt.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("plan %q: exit %d, %q; want one line with %q", tt.plan, code, errs, tt.want)
		}
	}
}

// TestPlanFileBounded: a plan must be a regular file of at most
// MaxPlanBytes: a device, a FIFO or a directory is refused without being
// read.
func TestPlanFileBounded(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "plan.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.yaml")
	os.WriteFile(big, []byte("game: nora\n#"+strings.Repeat("x", experiment.MaxPlanBytes)+"\n"), 0o644)
	for _, tt := range []struct{ path, want string }{
		{"/dev/zero", "not a regular file"},
		{fifo, "not a regular file"},
		{dir, "not a regular file"},
		{big, "larger than the 1024 KiB such a file may hold"},
	} {
		code, _, errs := run(t, "sweep", "--plan", tt.path)
		if code != 1 || !strings.Contains(errs, tt.want) {
			t.Errorf("--plan %s: exit %d, %q; want an error with %q", tt.path, code, errs, tt.want)
		}
	}
}

// FuzzReadPlan: any plan file gives a plan or an error, never a panic,
// and an error never quotes more than a clipped field of the file.
func FuzzReadPlan(f *testing.F) {
	f.Add("game: nora\nrules: [insure=0,1,2,4,8, rounds=10]\ngames: 20000\n")
	f.Add("game: nora\nrules: {insure: [0,1,2,4,8], rounds: 10}\nseed: 0\n")
	f.Add(`{"game": "nora", "rules": ["switch=1,3"], "precision": 0.5, "target": "win"}`)
	f.Add("a: &x [1, *x]\n")
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, text string) {
		path := filepath.Join(dir, "plan.yaml")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := experiment.ReadPlan(path)
		if err != nil {
			if len(clip.Input(err.Error())) > 400 {
				t.Errorf("error of %d bytes: %.100q", len(err.Error()), err)
			}
			return
		}
		for _, r := range p.Rules {
			if !strings.Contains(r, "=") {
				t.Errorf("rule entry %q without a key", r)
			}
		}
		if p.Games != nil && *p.Games < 2 {
			t.Errorf("games %d accepted", *p.Games)
		}
	})
}
