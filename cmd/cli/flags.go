package cli

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/cardsim/cardsim/sim"
)

// MaxWorkers is the most workers --workers takes. Results do not depend on
// the number of workers, and beyond the machine's cores more only cost
// memory (each holds its own game state, bots and tally).
const MaxWorkers = 1024

// Flags are the flags commands share, declared here once with one meaning
// and one help text: --seed, --workers, --confidence, --quiet, --out and
// --format. A command's options embed Flags; the command adds the flags it
// takes and checks them with the rest of its options.
type Flags struct {
	Seed       uint64
	Workers    int
	Confidence float64
	Quiet      bool
	Out        string
	Format     string

	has     flagSet
	formats []string // the values --format takes, the default first
}

// flagSet selects shared flags.
type flagSet uint8

// The shared flags a command may take.
const (
	seedFlag flagSet = 1 << iota
	workersFlag
	confidenceFlag
	quietFlag
	outFlag
	formatFlag

	// playFlags are the flags of every command that plays deals.
	playFlags = seedFlag | workersFlag | confidenceFlag | quietFlag
)

// add declares the flags of which on cmd. writes says what --out writes into
// its directory; formats are the values --format takes, the default first.
// --out is added when writes is set, --format when formats are given.
func (fl *Flags) add(cmd *cobra.Command, which flagSet, writes string, formats ...string) {
	set := cmd.Flags()
	if which&seedFlag != 0 {
		set.Uint64Var(&fl.Seed, "seed", 1, "run seed: deal i is dealt from (seed, i) alone")
	}
	if which&workersFlag != 0 {
		set.IntVarP(&fl.Workers, "workers", "w", runtime.GOMAXPROCS(0), "parallel workers (results do not depend on it)")
	}
	if which&confidenceFlag != 0 {
		set.Float64Var(&fl.Confidence, "confidence", 0.95, "confidence level of the intervals")
	}
	if which&quietFlag != 0 {
		set.BoolVarP(&fl.Quiet, "quiet", "q", false, "no progress on stderr")
	}
	if writes != "" {
		which |= outFlag
		set.StringVarP(&fl.Out, "out", "o", "", "write "+writes+" into this `directory`")
	}
	if len(formats) > 0 {
		which |= formatFlag
		fl.formats = formats
		set.StringVarP(&fl.Format, "format", "f", formats[0], "output on stdout: "+orList(formats))
		cmd.RegisterFlagCompletionFunc("format", fixed(formats)) // completion.go
	}
	fl.has |= which
}

// check reports the first shared flag whose value is out of range.
func (fl *Flags) check() error {
	if fl.has&workersFlag != 0 && (fl.Workers < 1 || fl.Workers > MaxWorkers) {
		return fmt.Errorf("--workers %d: want 1 to %d (this machine runs %d at once; results do not depend on it)", fl.Workers, MaxWorkers, runtime.GOMAXPROCS(0))
	}
	if fl.has&confidenceFlag != 0 && !(fl.Confidence > 0 && fl.Confidence < 1) {
		return fmt.Errorf("--confidence %g: want a level between 0 and 1, such as 0.95", fl.Confidence)
	}
	if fl.has&formatFlag != 0 && !slices.Contains(fl.formats, fl.Format) {
		return fmt.Errorf("--format %q: want %s", fl.Format, orList(fl.formats))
	}
	return nil
}

// PrecisionFlags are the flags of a run played to a precision rather than
// for a number of deals: --precision, --target and --max-games.
type PrecisionFlags struct {
	Precision float64
	Target    string
	MaxGames  int64

	// The flags, to tell a value given from the default.
	precision, target, maxGames *pflag.Flag
}

// add declares the flags on cmd; each is per point of a sweep when perPoint
// is set.
func (p *PrecisionFlags) add(cmd *cobra.Command, perPoint bool) {
	each := ""
	if perPoint {
		each = " per point"
	}
	fl := cmd.Flags()
	fl.Float64Var(&p.Precision, "precision", 0, "play until the interval's half-width of the target figure is at most this"+each)
	p.precision = fl.Lookup("precision")
	fl.StringVar(&p.Target, "target", "score", "figure --precision aims at: score (mean) or win (rate)")
	fl.Int64Var(&p.MaxGames, "max-games", 10_000_000, "with --precision, the most deals to play"+each)
	p.target, p.maxGames = fl.Lookup("target"), fl.Lookup("max-games")
}

// check reports a precision, target or most deals out of range. A
// precision given is positive and finite: 0 would silently play the
// default number of deals instead. --target and --max-games go with it:
// without it they would change nothing.
func (p *PrecisionFlags) check() error {
	given := p.precision != nil && p.precision.Changed
	if (given || p.Precision != 0) && !(p.Precision > 0 && !math.IsInf(p.Precision, 1)) {
		return fmt.Errorf("--precision %g: want a positive half-width", p.Precision)
	}
	for _, fl := range []*pflag.Flag{p.maxGames, p.target} {
		if fl != nil && fl.Changed && p.Precision == 0 {
			return fmt.Errorf("--%s goes with --precision: without it the run plays --games deals", fl.Name)
		}
	}
	if p.Precision > 0 {
		if _, err := sim.ParseTarget(p.Target); err != nil {
			return fmt.Errorf("--target %w", err)
		}
		if p.MaxGames < 2 {
			return fmt.Errorf("--max-games %d: want at least 2", p.MaxGames)
		}
	}
	return nil
}

// session returns the session that plays cfg for games deals or, with a
// precision, to it.
func (p *PrecisionFlags) session(cfg sim.Config, games int64, confidence float64) *sim.Session {
	s := &sim.Session{Config: cfg, Deals: games, Confidence: confidence}
	if p.Precision > 0 {
		s.Deals, s.Precision, s.Target = p.MaxGames, p.Precision, sim.Target(p.Target)
	}
	return s
}

// checkGames reports a number of deals too small for an interval.
func checkGames(flag string, n int64) error {
	if n < 2 {
		return fmt.Errorf("--%s %d: at least 2 games are needed for an interval (cardsim trace plays one game)", flag, n)
	}
	return nil
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
