package experiment

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cardsim/cardsim/sim"
)

// TestSpecCheck: each kind refuses the values its flags refuse, in the
// flags' words, and takes a valid Spec.
func TestSpecCheck(t *testing.T) {
	run := Spec{Kind: Run, Game: "nora", Games: 100, Seed: 1, Confidence: 0.95}
	with := func(s Spec, f func(*Spec)) Spec { f(&s); return s }
	for _, tt := range []struct {
		spec Spec
		want string // "" for valid
	}{
		{run, ""},
		{with(run, func(s *Spec) { s.Kind = "poker" }), `kind "poker"`},
		{with(run, func(s *Spec) { s.Confidence = 1 }), "--confidence 1"},
		{with(run, func(s *Spec) { s.Games = 1 }), "--games 1: at least 2 games"},
		{with(run, func(s *Spec) { s.Precision = -1; s.MaxGames = 10 }), "--precision -1"},
		{with(run, func(s *Spec) { s.Precision = 1; s.MaxGames = 1 }), "--max-games 1"},
		{with(run, func(s *Spec) { s.Precision = 1; s.MaxGames = 10; s.Target = "ties" }), "--target"},
		{with(run, func(s *Spec) { s.Precision = 1; s.MaxGames = 10 }), ""},
		{with(run, func(s *Spec) { s.Precision = 1; s.MaxGames = 10; s.Shard = "0/2" }), "cannot be combined with --shard"},
		{with(run, func(s *Spec) { s.Resume = true }), "--resume needs --checkpoint FILE"},
		{with(run, func(s *Spec) { s.Checkpoint, s.Resume, s.OverwriteCheckpoint = "c", true, true }), "carry on from the checkpoint, or start afresh over it"},
		{with(run, func(s *Spec) { s.Checkpoint = "c" }), "--checkpoint-every 0s"},
		{with(run, func(s *Spec) { s.Checkpoint, s.CheckpointEvery = "c", Duration(time.Second) }), ""},
		{with(run, func(s *Spec) { s.Records, s.Checkpoint, s.CheckpointEvery = "r.csv", "c", Duration(time.Second) }), "--records writes"},
		{with(run, func(s *Spec) { s.RecordsFormat = "csv" }), "--records-format goes with --records"},
		{with(run, func(s *Spec) { s.Kind = Compare }), "compare needs at least two strategies"},
		{with(run, func(s *Spec) { s.Kind = Sweep; s.Checkpoint, s.OverwriteCheckpoint, s.Resume = "d", true, true }), "carry on from the checkpoints, or start afresh over them"},
		{with(run, func(s *Spec) { s.Kind = Tournament; s.Strategies = []string{"a"} }), "at least two strategies"},
		{with(run, func(s *Spec) { s.Kind = Skill }), "--budgets: give at least one budget"},
		{with(run, func(s *Spec) { s.Kind = Skill; s.Budgets = []int{4, 2} }), "strictly ascending"},
		{with(run, func(s *Spec) { s.Kind = Skill; s.Budgets = []int{2}; s.Params = []string{"budget=3"} }), "the budgets come from --budgets"},
		{with(run, func(s *Spec) { s.Kind = Report }), "--scale 0"},
		{with(run, func(s *Spec) { s.Kind = Report; s.Scale = 2 }), ""},
		{with(run, func(s *Spec) { s.Kind = Solve; s.Confidence = 0 }), ""},
	} {
		err := tt.spec.Check()
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%+v: %v, want valid", tt.spec, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%+v: %v, want an error saying %q", tt.spec, err, tt.want)
		}
	}
}

func TestParseShard(t *testing.T) {
	env := func(k string) string { return map[string]string{"SLURM_ARRAY_TASK_ID": "3"}[k] }
	for _, tt := range []struct {
		in   string
		k, n int
		bad  bool
	}{{"0/1", 0, 1, false}, {"3/8", 3, 8, false}, {"auto/4", 3, 4, false}, {"auto/3", 0, 0, true}, {"8/8", 0, 0, true}, {"1", 0, 0, true}, {"x/2", 0, 0, true}} {
		k, n, err := ParseShard(tt.in, env)
		if (err != nil) != tt.bad || !tt.bad && (k != tt.k || n != tt.n) {
			t.Errorf("ParseShard(%q) = %d, %d, %v", tt.in, k, n, err)
		}
	}
}

// TestSpecOfManifest: the Spec read back from a manifest names every rule
// and every parameter in a fixed order, and compares when the manifest
// holds several strategies.
func TestSpecOfManifest(t *testing.T) {
	m := sim.Manifest{Game: "nora", Seed: 7, Games: 500, Confidence: 0.9,
		Rules:      map[string]sim.RuleValue{"rounds": {Text: "3"}, "insure": {Text: "2"}},
		Strategies: []sim.StrategyRecord{{Name: "stop-at", Params: map[string]string{"cards": "12", "a": "b"}}, {Name: "cautious"}}}
	s := SpecOf(&m)
	want := Spec{Kind: Compare, Game: "nora", Rules: []string{"insure=2", "rounds=3"}, Strategies: []string{"stop-at:a=b:cards=12", "cautious"},
		Seed: 7, Games: 500, Confidence: 0.9}
	if fmt.Sprint(s) != fmt.Sprint(want) {
		t.Errorf("SpecOf = %+v\nwant %+v", s, want)
	}
	if err := s.Check(); err != nil {
		t.Errorf("the Spec of a finished run: %v", err)
	}
}

// TestParseSpecRoundTrip: a Spec written as JSON reads back as itself.
func TestParseSpecRoundTrip(t *testing.T) {
	in := Spec{Kind: Sweep, Game: "nora", Rules: []string{"insure=0,1,2"}, Strategies: []string{"cautious", "rescuer:stop=0.2"},
		Games: 2000, Precision: 0.5, Target: "win", MaxGames: 9000, Seed: 0, Confidence: 0.99, Scale: 1, CheckpointEvery: Duration(5 * time.Second)}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	out, err := ParseSpec(b)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(out) != fmt.Sprint(in) {
		t.Errorf("read back %+v\nwant %+v", out, in)
	}
}

func ExampleParseSpec() {
	spec, err := ParseSpec([]byte(`
kind: sweep
game: nora
strategies: [cautious, rescuer]
rules: ["insure=0,2,4", rounds=10]
games: 20000
seed: 42
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	keys, points, _, _ := Grid(spec.Rules)
	fmt.Println(spec.Kind, spec.Game, spec.Strategies, spec.Confidence, spec.Check())
	fmt.Println(keys, len(points), points[1])
	// Output:
	// sweep nora [cautious rescuer] 0.95 <nil>
	// [insure] 3 [rounds=10 insure=2]
}
