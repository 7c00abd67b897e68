package cli

import (
	"context"
	"io"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/experiment"
)

// parseOptions runs the command newCmd returns on args, with the checks
// NewCmdRoot gives every flag, and returns the options it would run:
// its runF keeps them in place of running, so no deal is played. It
// returns the error of flags the command refuses, and fails the test if
// the command neither refused them nor called runF.
func parseOptions[O any](t *testing.T, newCmd func(*Factory, func(*O) error) *cobra.Command, args ...string) (*O, error) {
	t.Helper()
	var got *O
	cmd := newCmd(NewFactory(strings.NewReader(""), io.Discard, io.Discard), func(o *O) error { got = o; return nil })
	checkFlags(cmd)
	cmd.SetArgs(args)
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	if err := cmd.ExecuteContext(context.Background()); err != nil {
		if got != nil {
			t.Fatalf("%q: runF called, then %v", args, err)
		}
		return nil, err
	}
	if got == nil {
		t.Fatalf("%q: neither refused nor passed to runF", args)
	}
	return got, nil
}

// mustParse is parseOptions for flags that must be taken.
func mustParse[O any](t *testing.T, newCmd func(*Factory, func(*O) error) *cobra.Command, args ...string) *O {
	t.Helper()
	o, err := parseOptions(t, newCmd, args...)
	if err != nil {
		t.Fatalf("%q: %v", args, err)
	}
	return o
}

// defaultSpec is the Spec of a command of kind given only the game: the
// defaults the help of every flag states.
func defaultSpec(kind experiment.Kind, game string) experiment.Spec {
	return experiment.Spec{Kind: kind, Game: game, Games: experiment.DefaultGames(kind), Seed: 1, Confidence: 0.95,
		CheckpointEvery: experiment.Duration(5 * time.Second)}
}

// TestRunOptions: the flags of run and compare, long and short, make the
// Spec their help describes, and the shared flags the Flags; --target and
// --max-games are kept only beside --precision.
func TestRunOptions(t *testing.T) {
	with := func(kind experiment.Kind, f func(*experiment.Spec)) experiment.Spec {
		s := defaultSpec(kind, "nora")
		f(&s)
		return s
	}
	for _, tt := range []struct {
		args []string
		want experiment.Spec
	}{
		{[]string{"nora"}, defaultSpec(experiment.Run, "nora")},
		{[]string{"nora", "--strategy", "stop-at", "--param", "cards=20", "--rule", "insure=2", "--rule", "rounds=5", "--games", "500", "--seed", "0", "--confidence", "0.9"},
			with(experiment.Run, func(s *experiment.Spec) {
				s.Strategy, s.Params, s.Rules, s.Games, s.Seed, s.Confidence = "stop-at", []string{"cards=20"}, []string{"insure=2", "rounds=5"}, 500, 0, 0.9
			})},
		{[]string{"nora", "-s", "stop-at", "-p", "cards=20", "-r", "insure=2", "-n", "500"},
			with(experiment.Run, func(s *experiment.Spec) {
				s.Strategy, s.Params, s.Rules, s.Games = "stop-at", []string{"cards=20"}, []string{"insure=2"}, 500
			})},
		{[]string{"nora", "--games", "010", "--seed", "010"}, with(experiment.Run, func(s *experiment.Spec) { s.Games, s.Seed = 10, 10 })}, // decimal, not octal
		{[]string{"nora", "--strategies", "stop-at,rescuer:stop=0.2"},
			with(experiment.Run, func(s *experiment.Spec) { s.Strategies = []string{"stop-at", "rescuer:stop=0.2"} })},
		{[]string{"flip", "--precision", "0.1"},
			with(experiment.Run, func(s *experiment.Spec) {
				s.Game, s.Precision, s.Target, s.MaxGames = "flip", 0.1, "score", 10_000_000
			})},
		{[]string{"nora", "--precision", "0.5", "--target", "win", "--max-games", "5000"},
			with(experiment.Run, func(s *experiment.Spec) { s.Precision, s.Target, s.MaxGames = 0.5, "win", 5000 })},
		{[]string{"nora", "--shard", "auto/64", "--out", "parts"}, with(experiment.Run, func(s *experiment.Spec) { s.Shard = "auto/64" })},
		{[]string{"nora", "--checkpoint", "run.ckpt", "--checkpoint-every", "50ms", "--resume"},
			with(experiment.Run, func(s *experiment.Spec) {
				s.Checkpoint, s.CheckpointEvery, s.Resume = "run.ckpt", experiment.Duration(50*time.Millisecond), true
			})},
		{[]string{"nora", "--checkpoint", "run.ckpt", "--overwrite-checkpoint"},
			with(experiment.Run, func(s *experiment.Spec) { s.Checkpoint, s.OverwriteCheckpoint = "run.ckpt", true })},
		{[]string{"spite", "--records", "r.data", "--records-format", "parquet"},
			with(experiment.Run, func(s *experiment.Spec) { s.Game, s.Records, s.RecordsFormat = "spite", "r.data", "parquet" })},
	} {
		o := mustParse(t, NewCmdRun, tt.args...)
		if !reflect.DeepEqual(o.Spec, tt.want) {
			t.Errorf("run %q:\n got %+v\nwant %+v", tt.args, o.Spec, tt.want)
		}
	}

	o := mustParse(t, NewCmdCompare, "nora", "--strategies", "cautious,rescuer", "--games", "300")
	want := defaultSpec(experiment.Compare, "nora")
	want.Strategies, want.Games = []string{"cautious", "rescuer"}, 300 // a comparison of variants checkpoints, as a run does
	if !reflect.DeepEqual(o.Spec, want) {
		t.Errorf("compare:\n got %+v\nwant %+v", o.Spec, want)
	}

	o = mustParse(t, NewCmdRun, "nora")
	if o.Workers != runtime.GOMAXPROCS(0) || o.Quiet || o.Out != "" || o.Format != "table" {
		t.Errorf("run's shared flags by default: %+v; want GOMAXPROCS workers, not quiet, no --out, table", o.Flags)
	}
	o = mustParse(t, NewCmdRun, "nora", "-w", "3", "-q", "-o", "out/nora", "-f", "json")
	if o.Workers != 3 || !o.Quiet || o.Out != "out/nora" || o.Format != "json" {
		t.Errorf("run -w 3 -q -o out/nora -f json: %+v", o.Flags)
	}
}

// TestFlagsRefused: flags a command cannot take are refused before its
// runF is called, in one line that names the flag.
func TestFlagsRefused(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"nora", "--precision", "0"}, "--precision 0: want a positive half-width"},
		{[]string{"nora", "--target", "win"}, "--target goes with --precision"},
		{[]string{"nora", "--max-games", "5000"}, "--max-games goes with --precision"},
		{[]string{"nora", "--workers", "0"}, "--workers 0"},
		{[]string{"nora", "--workers", "1025"}, "--workers 1025: want 1 to 1024"},
		{[]string{"nora", "--format", "xml"}, `--format "xml"`},
		{[]string{"nora", "--games", "0x10"}, "decimal"},
		{[]string{"nora", "--seed", "0o7"}, "decimal"},
		{[]string{"nora", "--rule", "insure=1", "--rule", " insure =2"}, "rule insure given twice"},
		{[]string{"nora", "--param", "cards=3", "--param", "cards=4"}, "parameter cards given twice"},
		{[]string{"nora", "--strategy", ""}, `"" for "-s, --strategy" flag: empty`},
		{[]string{"nora", "--strategies", " "}, `" " for "--strategies" flag: empty`},
		{[]string{"nora", "--out", ""}, `"" for "-o, --out" flag: empty`},
		{[]string{"nora", "--records", ""}, `"" for "--records" flag: empty`},
		{[]string{"nora", "--checkpoint", ""}, `"" for "--checkpoint" flag: empty`},
		{[]string{"nora", "spite"}, "accepts 1 arg"},
	} {
		_, err := parseOptions(t, NewCmdRun, tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("run %q: %v; want an error with %q", tt.args, err, tt.want)
		}
	}
}

// TestCommandOptions: the flags of every other command make the options
// their help describes.
func TestCommandOptions(t *testing.T) {
	specOf := func(kind experiment.Kind, game string, f func(*experiment.Spec)) experiment.Spec {
		s := defaultSpec(kind, game)
		s.CheckpointEvery = 0
		f(&s)
		return s
	}
	for _, tt := range []struct {
		name string
		got  experiment.Spec
		want experiment.Spec
	}{
		{"sweep", mustParse(t, NewCmdSweep, "nora", "--strategies", "cautious,rescuer", "--rule", "insure=0,2", "--games", "300", "--checkpoint", "ckpt/").Spec,
			specOf(experiment.Sweep, "nora", func(s *experiment.Spec) {
				s.Strategies, s.Rules, s.Games, s.Checkpoint, s.CheckpointEvery = []string{"cautious", "rescuer"}, []string{"insure=0,2"}, 300, "ckpt/", experiment.Duration(5*time.Second)
			})},
		{"skill", mustParse(t, NewCmdSkill, "spite").Spec,
			specOf(experiment.Skill, "spite", func(s *experiment.Spec) { s.Strategy, s.Budgets = "ismcts", []int{10, 20, 40, 80} })},
		{"skill with flags", mustParse(t, NewCmdSkill, "flip", "--strategy", "pimc", "--budgets", "5,10", "--param", "rollout=greedy", "--games", "40").Spec,
			specOf(experiment.Skill, "flip", func(s *experiment.Spec) {
				s.Strategy, s.Budgets, s.Params, s.Games = "pimc", []int{5, 10}, []string{"rollout=greedy"}, 40
			})},
		{"tournament", mustParse(t, NewCmdTournament, "spite", "--strategies", "planner,greedy,random", "--rule", "jokers=0").Spec,
			specOf(experiment.Tournament, "spite", func(s *experiment.Spec) {
				s.Strategies, s.Rules = []string{"planner", "greedy", "random"}, []string{"jokers=0"}
			})},
		{"report", mustParse(t, NewCmdReport, "--game", "nora,spite", "--scale", "0.5").Spec,
			specOf(experiment.Report, "", func(s *experiment.Spec) { s.Only, s.Scale = []string{"nora", "spite"}, 0.5 })},
		{"analyze", mustParse(t, NewCmdAnalyze, "roundup", "--opt", "games=10", "--opt", "players=2", "--out", "out").Spec,
			specOf(experiment.Analyze, "roundup", func(s *experiment.Spec) { s.Options = []string{"games=10", "players=2"} })},
		{"solve", mustParse(t, NewCmdSolve, "nora", "--rule", "ranks=3", "--opt", "samples=100").Spec,
			experiment.Spec{Kind: experiment.Solve, Game: "nora", Rules: []string{"ranks=3"}, Options: []string{"samples=100"}}},
		{"trace", mustParse(t, NewCmdTrace, "spite", "--strategies", "planner,greedy", "--seed", "42").Spec,
			experiment.Spec{Game: "spite", Strategies: []string{"planner", "greedy"}, Seed: 42}},
	} {
		if !reflect.DeepEqual(tt.got, tt.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", tt.name, tt.got, tt.want)
		}
	}
	if o := mustParse(t, NewCmdAnalyze); o.Game != "" {
		t.Errorf("analyze without a game: game %q, want none (the listing)", o.Game)
	}
	if o := mustParse(t, NewCmdReport); o.Out != "out/report" {
		t.Errorf("report writes into %q by default, want out/report", o.Out)
	}
	if o := mustParse(t, NewCmdTrace, "nora", "--index", "17", "--deal", "AS AH"); o.Index != 17 || o.Deal != "AS AH" {
		t.Errorf("trace --index 17 --deal: %+v", o)
	}
	if o := mustParse(t, NewCmdMerge, "a.json", "parts/", "--format", "json"); !slices.Equal(o.Parts, []string{"a.json", "parts/"}) || o.Format != "json" {
		t.Errorf("merge: %+v", o)
	}
	if o := mustParse(t, NewCmdRules, "nora", "--rule", "insure=3"); o.Game != "nora" || !slices.Equal(o.Rules, []string{"insure=3"}) {
		t.Errorf("rules: %+v", o)
	}
	if o := mustParse(t, NewCmdStrategies, "flip", "--format", "json"); o.Game != "flip" || o.Format != "json" {
		t.Errorf("strategies: %+v", o)
	}
	if o := mustParse(t, NewCmdServe, "--addr", "127.0.0.1:9000", "--dir", "runs", "--max-deals", "5000"); o.Addr != "127.0.0.1:9000" || o.Dir != "runs" || o.MaxDeals != 5000 || o.MaxConcurrent != 1 {
		t.Errorf("serve: %+v", o)
	}
	for _, tt := range []struct {
		err  error
		want string
	}{
		{second(parseOptions(t, NewCmdSweep)), "which game?"},
		{second(parseOptions(t, NewCmdSweep, "nora", "--max-games", "100")), "--max-games goes with --precision"},
		{second(parseOptions(t, NewCmdTrace, "nora", "--index", "-1")), "--index -1"},
		{second(parseOptions(t, NewCmdTrace, "nora", "--deal", " ")), "--deal: empty"},
		{second(parseOptions(t, NewCmdTournament, "spite", "--workers", "0")), "--workers 0"},
		{second(parseOptions(t, NewCmdRerun, filepath.Join(t.TempDir(), "none.yaml"))), "none.yaml"},
	} {
		if tt.err == nil || !strings.Contains(tt.err.Error(), tt.want) {
			t.Errorf("%v; want an error with %q", tt.err, tt.want)
		}
	}
}

// second returns the second of two values.
func second[A, B any](_ A, b B) B { return b }
