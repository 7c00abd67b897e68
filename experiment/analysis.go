package experiment

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/reports"
)

// registry returns the analyses of an Analyze spec or the solvers of a
// Solve one, and what each is called.
func (r *Runner) registry(kind Kind) (reg *analyses.Registry, what string) {
	if kind == Solve {
		return r.Solvers, "solver"
	}
	return r.Analyses, "analysis"
}

// Analysis returns the analysis (or solver, for a Solve spec) of spec's
// game, or an error that names the games that have one.
func (r *Runner) Analysis(spec *Spec) (analyses.Definition, error) {
	reg, what := r.registry(spec.Kind)
	def, ok := reg.Lookup(spec.Game)
	if ok {
		return def, nil
	}
	if _, err := r.Games.Lookup(spec.Game); err != nil {
		return analyses.Definition{}, err
	}
	var games []string
	for _, d := range reg.All() {
		games = append(games, d.Game)
	}
	return analyses.Definition{}, fmt.Errorf("no %s for %s (there is one for: %s)", what, spec.Game, strings.Join(games, ", "))
}

// runAnalysis runs the game's analysis or solver with spec's options and
// writes its page into out (which an analysis needs).
func (r *Runner) runAnalysis(ctx context.Context, spec *Spec, out string) (*Result, error) {
	def, err := r.Analysis(spec)
	if err != nil {
		return nil, err
	}
	if err := def.Check(spec.Options); err != nil {
		return nil, err
	}
	if spec.Kind == Analyze && out == "" {
		return nil, fmt.Errorf("give --out DIR for the report")
	}
	if out != "" {
		if err := reports.CheckDir(out); err != nil {
			return nil, err
		}
	}
	m := r.meter()
	defer m.Finish()
	env := r.Env(spec)
	env.Out = r.Out
	begin := time.Now()
	page, err := def.Run(ctx, env, spec.Options)
	m.Finish()
	if err != nil {
		return nil, err
	}
	res := &Result{Spec: *spec, Page: page}
	if out == "" {
		return res, nil
	}
	if err := page.WriteDir(out); err != nil {
		return nil, err
	}
	_, what := r.registry(spec.Kind)
	if r.Out != nil {
		fmt.Fprintf(r.Out, "%s %s written to %s in %.0f s\n", spec.Game, what, out, time.Since(begin).Seconds())
	}
	return res, nil
}
