package cli

import (
	"fmt"
	"io"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/cmd/catalog"
	"github.com/cardsim/cardsim/cmd/internal/progress"
	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/strategies"
)

// Factory carries what every command needs: the input and output streams and
// the registries of games, strategies, analyses, solvers and studies.
type Factory struct {
	In         io.Reader
	Out        io.Writer
	Err        io.Writer
	Games      *games.Registry
	Strategies *strategies.Registry
	Analyses   *analyses.Registry // cardsim analyze
	Solvers    *analyses.Registry // cardsim solve
	Studies    []experiment.Study // cardsim report
	// Family is the most verdicts resting on a difference that the report
	// of Studies gives (experiment.Runner.Family).
	Family int
	// Formats holds the formats each kind of result is printed in
	// (--format): a format added there is taken by every command that
	// prints that kind of result.
	Formats *reports.Writers
	// DealScale, if positive, multiplies the deals of every run a command
	// plays (at least 2 a run): a test's way to run commands written for
	// millions of deals in seconds. NewFactory reads it from DealScaleEnv.
	DealScale     float64
	dealScaleErr  error
	dealScaleTold bool // the deal scale was announced on the error stream
}

// DealScaleEnv names the environment variable that sets a factory's
// DealScale: a share of the deals from 0 to 1, such as 0.001, which also
// scales the shuffles Nora's policies are built from by default
// (catalog.NoraSetup). The README's test runs every command of the
// README's shell blocks with it.
const DealScaleEnv = catalog.DealScaleEnv

// NewFactory returns a factory over the given streams with every game,
// strategy, analysis and study cardsim ships.
func NewFactory(in io.Reader, out, errw io.Writer) *Factory {
	f := &Factory{In: in, Out: out, Err: errw, Games: catalog.Games(), Strategies: catalog.Strategies(),
		Analyses: catalog.Analyses(), Solvers: catalog.Solvers(), Studies: catalog.Studies(), Family: catalog.Family, Formats: reports.NewWriters()}
	f.DealScale, f.dealScaleErr = catalog.DealScale()
	return f
}

// runner returns the runner of a command's experiments: the factory's
// registries and deal scale, the command's --workers, and a progress bar
// on the error stream unless --quiet or not on a terminal. A nil fl gives
// a silent runner for looking games and strategies up.
func (f *Factory) runner(fl *Flags) *experiment.Runner {
	r := &experiment.Runner{Games: f.Games, Strategies: f.Strategies, Analyses: f.Analyses, Solvers: f.Solvers,
		Studies: f.Studies, Family: f.Family, DealScale: f.DealScale, Out: f.Out, Err: f.Err}
	if fl != nil {
		r.Workers, r.Meter = fl.Workers, progress.New(f.Err, fl.Quiet)
		if f.DealScale > 0 && f.DealScale < 1 && !f.dealScaleTold {
			f.dealScaleTold = true
			fmt.Fprintf(f.Err, "cardsim: %s=%g: every run plays that share of the deals it asks for (at least 2), and says so in its manifest: its figures are a test's\n", DealScaleEnv, f.DealScale)
		}
	}
	return r
}
