package cli

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/cmd/catalog"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// MaxScale is the most --scale takes: a million times every study's deals,
// years of play on a laptop, with every count still far inside what a run
// can number.
const MaxScale = 1e6

// ReportOptions are the options of the report command.
type ReportOptions struct {
	Flags
	Scale float64
	Games []string
}

// NewCmdReport returns the command that answers the designers' questions of
// every game in one page.
func NewCmdReport(f *Factory) *cobra.Command {
	opts := &ReportOptions{}
	cmd := &cobra.Command{
		Use:   "report",
		Short: "Answer the designers' questions for every game in one HTML page",
		Long: `Run every study of every game — the designers' questions: odds and scores under
each strategy, rule price curves, the first player's edge, outcomes against the
cards dealt — and write one self-contained HTML page (charts embedded, tables,
manifests), the same as Markdown with PNG charts, and every figure as CSV.
Each answer comes with one plain sentence read off the numbers. The page opens
with Answers: a verdict for each of the designers' questions, with its figure,
interval, count and condition; they go to answers.json (its JSON Schema is
reports/answers.schema.json in the source) and answers.csv as well.

--scale multiplies every study's number of deals (1 takes about 16 minutes of
CPU, at least 8 minutes on 2 cores, as in make run; 10 narrows the intervals about three
times), up to
a million times; a study plays at least 2 deals however small the scale.`,
		Example: "  cardsim report --out out/report\n  cardsim report --scale 10 --game nora --out out/nora",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runReport(cmd.Context(), f, opts)
		},
	}
	fl := cmd.Flags()
	opts.add(cmd, playFlags, "report.html, report.md, report.csv, answers.json, answers.csv and charts")
	fl.Lookup("out").DefValue, opts.Out = "out/report", "out/report"
	fl.Float64Var(&opts.Scale, "scale", 1, "multiply every study's number of deals by this")
	fl.StringSliceVar(&opts.Games, "game", nil, "only these `games`, such as nora,spite (default: all)")
	return cmd
}

func runReport(ctx context.Context, f *Factory, opts *ReportOptions) error {
	if err := opts.Flags.check(); err != nil {
		return err
	}
	if !(opts.Scale > 0 && opts.Scale <= MaxScale) {
		return fmt.Errorf("--scale %g: want a positive number of at most %g (a million times every study's deals)", opts.Scale, MaxScale)
	}
	for _, g := range opts.Games {
		if _, err := f.Games.Lookup(g); err != nil {
			return err
		}
	}
	if err := reports.CheckDir(opts.Out); err != nil {
		return err
	}
	r := &reports.Report{
		Title: "cardsim: the designers' questions, answered by simulation",
		Intro: fmt.Sprintf("Every figure comes with its %g%% interval. Strategies are compared on the same deals, "+
			"and in games of several players every deal is played with the seats rotated. Seed %d; --scale %g.",
			100*opts.Confidence, opts.Seed, opts.Scale),
	}
	var specs []catalog.Study
	bar := f.newMeter(opts.Quiet)
	defer bar.finish()
	for _, spec := range f.Studies {
		if len(opts.Games) > 0 && !slices.Contains(opts.Games, spec.Game) {
			continue
		}
		if _, err := f.Games.Lookup(spec.Game); err != nil {
			continue // a game this build does not have
		}
		specs = append(specs, spec)
		bar.plan(studyDeals(spec, opts.Scale))
	}
	for _, spec := range specs {
		start := time.Now()
		var sts []reports.Study
		var err error
		if spec.Analysis != nil {
			sts, err = runAnalysisStudy(ctx, f, spec, opts, bar)
		} else {
			var st *reports.Study
			if st, err = runStudy(ctx, f, spec, opts, bar); err == nil {
				sts = []reports.Study{*st}
			}
		}
		if err != nil {
			return fmt.Errorf("%s study %q: %w", spec.Game, spec.Title, err)
		}
		bar.logf("%s: %s (%.1f s)", spec.Game, spec.Title, time.Since(start).Seconds())
		r.Studies = append(r.Studies, sts...)
	}
	bar.finish()
	if len(r.Studies) == 0 {
		return fmt.Errorf("no study to run")
	}
	if err := reports.WriteReportDir(opts.Out, r); err != nil {
		return err
	}
	studies := fmt.Sprintf("%d studies", len(r.Studies))
	if len(r.Studies) == 1 {
		studies = "1 study"
	}
	fmt.Fprintf(f.Out, "report written to %s/report.html (%s)\n", opts.Out, studies)
	return nil
}

// runStudy plays one study: a comparison of its strategies, or a sweep when
// a rule has several values. Strategies this build lacks are left out, with
// a note.
func runStudy(ctx context.Context, f *Factory, spec catalog.Study, opts *ReportOptions, bar *meter) (*reports.Study, error) {
	st := &reports.Study{Game: spec.Game, Title: spec.Title, Quote: spec.Quote, Rules: spec.Rules}
	var strats []string
	for _, s := range spec.Strategies {
		name, _, _ := strings.Cut(s, ":")
		if _, err := f.Strategies.Lookup(spec.Game, name); err != nil {
			st.Warnings = append(st.Warnings, fmt.Sprintf("strategy %s is not in this build and was left out", name))
			continue
		}
		if g, err := f.game(spec.Game, nil); err == nil {
			if _, err := f.lineup(g, s, nil, nil); err != nil {
				st.Warnings = append(st.Warnings, fmt.Sprintf("strategy %s was left out: %v", name, err))
				continue
			}
		}
		strats = append(strats, s)
	}
	if len(strats) == 0 {
		return nil, fmt.Errorf("none of the strategies %v is registered", spec.Strategies)
	}
	session := func(cfg sim.Config) *sim.Session {
		s := &sim.Session{Config: cfg, Deals: pointDeals(spec, opts.Scale), Confidence: opts.Confidence}
		if spec.Precision > 0 {
			s.Precision, s.Target = spec.Precision/math.Sqrt(opts.Scale), sim.Target(spec.Target)
		}
		return s
	}
	swept := isSwept(spec)
	lineupOf := func(rules []string) (sim.Config, error) {
		g, err := f.game(spec.Game, rules)
		if err != nil {
			return sim.Config{}, err
		}
		var lineup []sim.Player
		if len(strats) == 1 {
			lineup, err = f.lineup(g, strats[0], nil, nil)
		} else {
			lineup, err = f.lineup(g, "", nil, strats)
		}
		if err != nil {
			return sim.Config{}, err
		}
		return sim.Config{Game: g, Lineup: lineup, Seed: opts.Seed, Workers: opts.Workers}, nil
	}
	play := func(cfg sim.Config, label string) (sim.Summary, error) {
		r, err := bar.play(ctx, session(cfg), label)
		if err != nil {
			return sim.Summary{}, err
		}
		return r.Summary(), nil
	}
	if !swept {
		cfg, err := lineupOf(spec.Rules)
		if err != nil {
			return nil, err
		}
		s, err := play(cfg, spec.Game)
		if err != nil {
			return nil, err
		}
		st.Summary = &s
	} else {
		keys, points, values, err := grid(spec.Rules)
		if err != nil {
			return nil, err
		}
		st.Sweep = &reports.Sweep{Keys: keys}
		for i, rules := range points {
			cfg, err := lineupOf(rules)
			if err != nil {
				return nil, err
			}
			if i == 0 {
				st.Sweep.Defaults = ruleDefaults(cfg.Game, keys, values)
			}
			s, err := play(cfg, spec.Game+" "+pointProgress(i, len(points), keys, values[i]))
			if err != nil {
				return nil, fmt.Errorf("point %s: %w", pointLabel(keys, values[i]), err)
			}
			st.Sweep.Points = append(st.Sweep.Points, reports.SweepPoint{Values: values[i], Summary: s})
		}
	}
	st.Answer = reports.Answers(st)
	if spec.Explain != "" {
		st.Answer = append(st.Answer, explain(spec.Explain, st))
	}
	st.Glance = reports.Glance(st, spec.Asks)
	charts, err := reports.StudyCharts(st)
	if err != nil {
		return nil, err
	}
	st.Charts = charts
	return st, nil
}

// explain returns a study's explanation with {deals} replaced by the
// deals it played (at each point of a sweep), written with thousands
// separators: the real count under any --scale.
func explain(text string, st *reports.Study) string {
	var n int64
	switch {
	case st.Summary != nil:
		n = st.Summary.Manifest.Games
	case st.Sweep != nil && len(st.Sweep.Points) > 0:
		n = st.Sweep.Points[0].Summary.Manifest.Games
	}
	return strings.ReplaceAll(text, "{deals}", thousands(n))
}

// thousands writes n with a comma between groups of three digits.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// runAnalysisStudy runs the game's analysis with the study's options, the
// report's rules and flags, and --scale multiplying its "games", and returns
// the studies of its page.
func runAnalysisStudy(ctx context.Context, f *Factory, spec catalog.Study, opts *ReportOptions, bar *meter) ([]reports.Study, error) {
	def, ok := f.Analyses.Lookup(spec.Game)
	if !ok {
		return nil, fmt.Errorf("no analysis for %s", spec.Game)
	}
	options := slices.Clone(spec.Analysis)
	for i, o := range options {
		if k, v, _ := strings.Cut(o, "="); k == "games" {
			if n, err := strconv.ParseInt(v, 10, 64); err == nil {
				options[i] = "games=" + strconv.FormatInt(max(int64(math.Round(float64(n)*opts.Scale)), 2), 10)
			}
		}
	}
	r, err := def.Run(ctx, analysisEnv(f, nil, &opts.Flags, bar), options)
	if err != nil {
		return nil, err
	}
	return r.Studies, nil
}

// isSwept reports whether a study sweeps a rule: gives one several values.
func isSwept(spec catalog.Study) bool {
	return slices.ContainsFunc(spec.Rules, func(r string) bool { return strings.Contains(r, ",") })
}

// pointDeals returns the deals a study plays at each of its points at the
// given scale: the most, where it plays to a precision.
func pointDeals(spec catalog.Study, scale float64) int64 {
	n := spec.Games
	if spec.Precision > 0 {
		n = spec.MaxGames
	}
	return max(int64(math.Round(float64(n)*scale)), 2)
}

// studyDeals returns the deals a study will play at most, every point of
// its sweep together, or 0 for a study answered by an analysis, whose runs
// are known only as it makes them.
func studyDeals(spec catalog.Study, scale float64) int64 {
	if spec.Analysis != nil {
		return 0
	}
	points := int64(1)
	if isSwept(spec) {
		_, pts, _, err := grid(spec.Rules)
		if err != nil {
			return 0 // the study reports it when it runs
		}
		points = int64(len(pts))
	}
	return points * pointDeals(spec, scale)
}
