package experiment

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cardsim/cardsim/internal/parse"
	"github.com/cardsim/cardsim/sim"
)

// Kind names what an experiment does.
type Kind string

// The kinds of experiment.
const (
	Run        Kind = "run"        // one strategy, or several on the same deals
	Compare    Kind = "compare"    // several strategies on the same deals
	Sweep      Kind = "sweep"      // a run at every point of a grid of rule values
	Tournament Kind = "tournament" // every pair of strategies head to head, ranked
	Skill      Kind = "skill"      // a search strategy at several budgets
	Analyze    Kind = "analyze"    // a game's analysis
	Solve      Kind = "solve"      // a game's solver
	Report     Kind = "report"     // the designers' studies of every game
	Tune       Kind = "tune"       // a race of rule variants toward a target
)

// Kinds lists every kind of experiment.
var Kinds = []Kind{Run, Compare, Sweep, Tournament, Skill, Analyze, Solve, Report, Tune}

// Spec is one experiment written down: what to play, on which deals, to
// what precision, and where to keep its progress. It is the value every
// command parses its flags into, a plan file holds and a run's outputs
// record, so that the same Spec always gives the same figures. Its field
// names in JSON and YAML are those of the flags, with "_" for "-".
//
// Fields a kind does not use are left at their zero values.
type Spec struct {
	Kind Kind   `json:"kind" yaml:"kind"`
	Game string `json:"game,omitempty" yaml:"game,omitempty"`
	// Rules are rule options "key=value"; in a sweep or a tune
	// "key=v1,v2,…" (or a range "key=lo..hi", "key=lo..hi:step") sweeps
	// the rule over its values.
	Rules []string `json:"rules,omitempty" yaml:"rules,omitempty"`
	// Points are the joint points of a sweep or a tune, each
	// "key=value,key=value": a list of points in place of a grid.
	Points []string `json:"points,omitempty" yaml:"points,omitempty"`
	// Variants are rule variants compared on the same deals (compare):
	// every variant with every strategy, set against Baseline, the name of
	// one of them, or if empty the rules as written (AsWritten).
	Variants []Variant `json:"variants,omitempty" yaml:"variants,omitempty"`
	Baseline string    `json:"baseline,omitempty" yaml:"baseline,omitempty"`
	// Figures names the figures variants are compared on, or a tune aims
	// at: "score", "win" or a metric of the game; the first is the main
	// one. Margins are the margins of practical equivalence, "figure=δ"
	// or δ alone for the main figure; References are values drawn on the
	// charts, "figure=value" or the value alone for the main figure.
	Figures    []string `json:"figures,omitempty" yaml:"figures,omitempty"`
	Margins    []string `json:"margins,omitempty" yaml:"margins,omitempty"`
	References []string `json:"references,omitempty" yaml:"references,omitempty"`
	// Goal is what a tune looks for: "highest", "lowest", or a value of
	// its figure to come nearest; Best is how many of the best it reports.
	Goal string `json:"goal,omitempty" yaml:"goal,omitempty"`
	Best int    `json:"best,omitempty" yaml:"best,omitempty"`
	// Strategy and Params name one strategy and its parameters
	// "key=value"; Strategies names several, each "name" or
	// "name:key=value:…", played on the same deals.
	Strategy   string   `json:"strategy,omitempty" yaml:"strategy,omitempty"`
	Params     []string `json:"params,omitempty" yaml:"params,omitempty"`
	Strategies []string `json:"strategies,omitempty" yaml:"strategies,omitempty"`
	// Budgets are the budgets of a skill ladder, ascending.
	Budgets []int `json:"budgets,omitempty" yaml:"budgets,omitempty"`
	// Options are an analysis's or solver's own options, "key=value".
	Options []string `json:"options,omitempty" yaml:"options,omitempty"`
	// Games is the number of deals: of a run, per point of a sweep, per
	// pair of a tournament, per budget of a skill ladder.
	Games int64 `json:"games,omitempty" yaml:"games,omitempty"`
	// Precision, if positive, plays until the interval of Target ("score"
	// or "win") is at most this wide on either side, or MaxGames deals.
	Precision float64 `json:"precision,omitempty" yaml:"precision,omitempty"`
	Target    string  `json:"target,omitempty" yaml:"target,omitempty"`
	MaxGames  int64   `json:"max_games,omitempty" yaml:"max_games,omitempty"`
	// Seed is the run seed: deal i is dealt from (Seed, i) alone.
	Seed uint64 `json:"seed" yaml:"seed"`
	// Confidence is the level of every interval, such as 0.95.
	Confidence float64 `json:"confidence,omitempty" yaml:"confidence,omitempty"`
	// Shard "k/n" plays the k-th of n disjoint slices of a run's deals.
	Shard string `json:"shard,omitempty" yaml:"shard,omitempty"`
	// Checkpoint is the file (a directory, for a sweep) that keeps the
	// run's progress; Resume carries on from it, OverwriteCheckpoint
	// starts afresh over it.
	Checkpoint          string   `json:"checkpoint,omitempty" yaml:"checkpoint,omitempty"`
	CheckpointEvery     Duration `json:"checkpoint_every,omitempty" yaml:"checkpoint_every,omitempty"`
	Resume              bool     `json:"resume,omitempty" yaml:"resume,omitempty"`
	OverwriteCheckpoint bool     `json:"overwrite_checkpoint,omitempty" yaml:"overwrite_checkpoint,omitempty"`
	// Records is the file of per-deal records of a run, in RecordsFormat
	// (from its extension if empty).
	Records       string `json:"records,omitempty" yaml:"records,omitempty"`
	RecordsFormat string `json:"records_format,omitempty" yaml:"records_format,omitempty"`
	// Scale multiplies the deals of every study of a report; Only limits
	// it to these games.
	Scale float64  `json:"scale,omitempty" yaml:"scale,omitempty"`
	Only  []string `json:"only,omitempty" yaml:"only,omitempty"`
}

// Duration is a time.Duration written as text, such as "5s", in JSON and
// YAML.
type Duration time.Duration

// MarshalText writes d as time.Duration's String does.
func (d Duration) MarshalText() ([]byte, error) { return []byte(time.Duration(d).String()), nil }

// UnmarshalText reads a duration such as "5s" or "1m30s".
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return fmt.Errorf("checkpoint_every %q: want a duration such as 5s", b)
	}
	*d = Duration(v)
	return nil
}

// The defaults of a Spec's fields, the same in the commands' flags, in
// spec files and in the workbench's form (DefaultGames gives the deals).
const (
	DefaultSeed            = 1
	DefaultConfidence      = 0.95
	DefaultMaxGames        = 10_000_000 // the most deals of a run to a precision
	DefaultCheckpointEvery = 5 * time.Second
	DefaultTarget          = string(sim.TargetScore) // the figure a precision aims at
	DefaultScale           = 1                       // of a report's studies' deals
)

// DefaultSkillStrategy is the strategy a skill ladder measures by default.
const DefaultSkillStrategy = "ismcts"

// DefaultBudgets returns the budgets of a skill ladder by default.
func DefaultBudgets() []int { return []int{10, 20, 40, 80} }

// DefaultGames returns the default number of deals of an experiment of
// kind k: of a run or a comparison, per point of a sweep, per pair of a
// tournament, per budget of a skill ladder; 0 for the kinds that take no
// number of deals.
func DefaultGames(k Kind) int64 {
	switch k {
	case Run, Compare:
		return 100_000
	case Sweep:
		return 20_000
	case Tune:
		return 64_000
	case Tournament:
		return 5_000
	case Skill:
		return 200
	}
	return 0
}

// MaxArms is the most arms an experiment compares on the same deals:
// strategies, each under every rule variant it is played with (the
// tally's memory grows as the square of their number; sim.MaxLineup).
const MaxArms = sim.MaxLineup

// MaxScale is the most a report's Scale takes: a million times every
// study's deals, years of play on a laptop, with every count still far
// inside what a run can number.
const MaxScale = 1e6

// Check reports the first value of s that is out of range or does not go
// with the others, in the words of the command's flags. It does not look
// games or strategies up: the Runner does, before playing any deal.
func (s *Spec) Check() error {
	if !slices.Contains(Kinds, s.Kind) {
		return fmt.Errorf("kind %q: want one of %v", s.Kind, Kinds)
	}
	if sim.CheckConfidence(s.Confidence) != nil && s.Kind != Solve {
		return fmt.Errorf("--confidence %v: want a level above 0 and at most %v, such as 0.95", s.Confidence, sim.MaxConfidence)
	}
	if len(s.Strategies) > MaxArms {
		return fmt.Errorf("--strategies: %d strategies, want at most %d (every two of them are paired on the same deals)", len(s.Strategies), MaxArms)
	}
	for _, o := range []struct {
		what string
		kvs  []string
	}{{"rule", s.Rules}, {"parameter", s.Params}, {"option", s.Options}} {
		if err := parse.OnceEach(o.what, o.kvs); err != nil {
			return err
		}
	}
	if err := s.checkVariants(); err != nil {
		return err
	}
	if len(s.Variants) > 0 && s.Kind != Compare {
		return fmt.Errorf("--variant goes with compare; a %s takes none", s.Kind)
	}
	if len(s.Points) > 0 && s.Kind != Sweep && s.Kind != Tune {
		return fmt.Errorf("--point goes with sweep and tune; a %s takes none", s.Kind)
	}
	if (len(s.Figures) > 0 || len(s.Margins) > 0 || len(s.References) > 0) && len(s.Variants) == 0 && s.Kind != Tune {
		return errors.New("--figure, --margin and --reference go with --variant (compare) and with tune")
	}
	switch s.Kind {
	case Run, Compare:
		return s.checkRun()
	case Tune:
		return s.checkTune()
	case Sweep:
		if err := CheckGames("games", s.Games); err != nil {
			return err
		}
		if err := s.checkPrecision(); err != nil {
			return err
		}
		if err := s.checkResume("DIR", "the checkpoints, or start afresh over them"); err != nil {
			return err
		}
		return s.checkEvery()
	case Tournament:
		if len(s.Strategies) < 2 {
			return errors.New("a tournament needs at least two strategies: --strategies a,b")
		}
		return CheckGames("games", s.Games)
	case Skill:
		return s.checkSkill()
	case Report:
		if !(s.Scale > 0 && s.Scale <= MaxScale) {
			return fmt.Errorf("--scale %g: want a positive number of at most %g (a million times every study's deals)", s.Scale, MaxScale)
		}
	}
	return nil
}

// CheckGames reports a number of deals too small for an interval.
func CheckGames(flag string, n int64) error {
	if n < 2 {
		return fmt.Errorf("--%s %d: at least 2 games are needed for an interval (cardsim trace plays one game)", flag, n)
	}
	return nil
}

func (s *Spec) checkRun() error {
	if s.Kind == Compare && len(s.Strategies) < 2 && len(s.Variants) == 0 {
		return errors.New("compare needs at least two strategies (--strategies a,b) or a rule variant (--variant key=value)")
	}
	if len(s.Variants) > 0 {
		switch {
		case s.Shard != "":
			return errors.New("--shard cannot be combined with --variant: the variants' differences are paired deal by deal as they are played, and a shard's part holds only tallies (play the comparison whole, with --checkpoint to keep its progress)")
		case s.Records != "":
			return errors.New("--records cannot be combined with --variant: write each variant's records with cardsim run --rule … --records FILE")
		}
	}
	if err := CheckGames("games", s.Games); err != nil {
		return err
	}
	if err := s.checkPrecision(); err != nil {
		return err
	}
	if s.Precision > 0 && s.Shard != "" {
		return errors.New("--precision cannot be combined with --shard: a shard cannot know the whole run's interval")
	}
	if err := s.checkResume("FILE", "the checkpoint, or start afresh over it"); err != nil {
		return err
	}
	switch {
	case s.Records != "" && (s.Checkpoint != "" || s.Resume):
		return errors.New("--records writes every deal's records in one go when the run ends: it cannot be combined with --checkpoint or --resume")
	case s.RecordsFormat != "" && s.Records == "":
		return errors.New("--records-format goes with --records FILE")
	}
	return s.checkEvery()
}

// checkPrecision reports a precision, target or most deals out of range.
// A precision given is positive and finite. The target and the most deals
// go with a precision: without it they would change nothing, and a Spec
// read from flags leaves them empty unless given.
func (s *Spec) checkPrecision() error {
	if s.Precision != 0 && !(s.Precision > 0 && !math.IsInf(s.Precision, 1)) {
		return fmt.Errorf("--precision %g: want a positive half-width", s.Precision)
	}
	if s.Precision == 0 {
		return nil
	}
	if _, err := sim.ParseTarget(s.target()); err != nil {
		return fmt.Errorf("--target %w", err)
	}
	if s.MaxGames < 2 {
		return fmt.Errorf("--max-games %d: want at least 2", s.MaxGames)
	}
	return nil
}

// target returns the figure a precision aims at: the mean score unless
// Target says otherwise.
func (s *Spec) target() string {
	if s.Target == "" {
		return DefaultTarget
	}
	return s.Target
}

// checkResume checks the fields that resume or replace a checkpoint;
// what names the checkpoint's kind of path (FILE or DIR) and choice the
// two ways on from it.
func (s *Spec) checkResume(what, choice string) error {
	switch {
	case s.Resume && s.Checkpoint == "":
		return fmt.Errorf("--resume needs --checkpoint %s", what)
	case s.OverwriteCheckpoint && s.Checkpoint == "":
		return fmt.Errorf("--overwrite-checkpoint goes with --checkpoint %s", what)
	case s.OverwriteCheckpoint && s.Resume:
		return fmt.Errorf("--overwrite-checkpoint cannot be combined with --resume: carry on from %s", choice)
	}
	return nil
}

// checkEvery checks the time between checkpoints.
func (s *Spec) checkEvery() error {
	if s.Checkpoint != "" && s.CheckpointEvery <= 0 {
		return fmt.Errorf("--checkpoint-every %v: want a positive duration", time.Duration(s.CheckpointEvery))
	}
	return nil
}

func (s *Spec) checkSkill() error {
	if len(s.Budgets) == 0 {
		return fmt.Errorf("--budgets: give at least one budget")
	}
	for i, b := range s.Budgets {
		if b < 1 {
			return fmt.Errorf("--budgets: %d is not a positive budget", b)
		}
		if i > 0 && b <= s.Budgets[i-1] {
			return fmt.Errorf("--budgets: want strictly ascending budgets, got %d after %d", b, s.Budgets[i-1])
		}
	}
	if err := CheckGames("games", s.Games); err != nil {
		return err
	}
	for _, p := range s.Params {
		if k, _, _ := strings.Cut(p, "="); strings.TrimSpace(k) == "budget" {
			return fmt.Errorf("--param %s: the budgets come from --budgets", p)
		}
	}
	return nil
}

// ParseShard reads a shard "k/n" or "auto/n", where auto reads k from the
// environment through env (JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID).
func ParseShard(s string, env func(string) string) (k, n int, err error) {
	ks, ns, ok := strings.Cut(s, "/")
	n, err1 := strconv.Atoi(ns)
	if !ok || err1 != nil || n < 1 || n > sim.MaxShards {
		return 0, 0, fmt.Errorf("--shard %q: want k/n with n from 1 to %d, such as 3/8 or auto/8", s, sim.MaxShards)
	}
	if ks == "auto" {
		for _, name := range []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"} {
			if v := env(name); v != "" { // set but empty counts as unset
				if k, err = strconv.Atoi(v); err != nil || k < 0 || k >= n {
					return 0, 0, fmt.Errorf("--shard auto/%d: %s=%q is not a shard index from 0 to %d", n, name, v, n-1)
				}
				return k, n, nil
			}
		}
		return 0, 0, fmt.Errorf("--shard auto/%d: neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set", n)
	}
	k, err = strconv.Atoi(ks)
	if err != nil || k < 0 || k >= n {
		return 0, 0, fmt.Errorf("--shard %q: k must be from 0 to %d", s, n-1)
	}
	return k, n, nil
}
