package experiment

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/stat"
)

// Study is a designer's question and the runs that answer it: the
// strategies compared on common deals and the rules, any of which may be
// swept (key=v1,v2,…). A report runs every study of every game; a study
// naming a game or strategy that is not registered is skipped with a note.
type Study struct {
	Game       string
	Title      string
	Strategies []string // "name" or "name:key=value:…"
	Rules      []string
	// Points, if set, are the joint points of the study's sweep instead of
	// a grid of its rules, each "key=value,key=value" as sweep --point
	// takes them; a rule a point leaves out keeps its value in force. The
	// point where every rule the points set has its default is the one
	// the others are set against (experiment.JointPoints).
	Points []string
	Games  int64 // deals (per point of a sweep) at scale 1
	// Quote names metrics the answer quotes (mean per game with its
	// interval), for questions such as "how long is a round?".
	Quote []string
	// Precision, if positive, sizes the study for its question instead:
	// it plays until the first strategy's Target figure ("win" or "score")
	// has an interval at most this wide on either side, or MaxGames deals.
	// The report's scale divides the precision by its square root and
	// multiplies MaxGames.
	Precision float64
	Target    string
	MaxGames  int64
	// Explain, if set, follows the answer: what the figures mean, such as
	// what an interval on a rare win says. "{deals}" in it stands for the
	// deals the study played (at each point of a sweep).
	Explain string
	// Asks are the questions the study answers at a glance, in the
	// report's Answers section and answers.json.
	Asks []reports.Ask
	// Analysis, if set, runs the game's analysis (cardsim analyze) with
	// these options instead, the scale multiplying its "games", and puts
	// its studies in the report.
	Analysis []string
	// Panel, if set, makes the study a bot-quality panel for a game of
	// several players: its strategies (random among them) play every
	// pair head to head, Games deals a pair. A solitaire's panel is a plain
	// comparison of its bots and random on the same deals.
	Panel bool
	// Margin is the margin of practical equivalence of the study's
	// differences, for every ask that sets none: in points for a score,
	// as a share for a rate (0.01 is 1 pp).
	Margin float64
	// Budget is the study's CPU budget at scale 1 (scaled with the deals):
	// the report prints it beside the CPU the study took, and a study does
	// not play a further look (Extend) that would take it past its budget.
	Budget time.Duration
	// Extend is how many times its first deals a study may play while a
	// verdict it gives is undecided: it plays again on twice the deals (the
	// same deals and more, its figures read from the larger run) until
	// every verdict resting on a difference is decided or equivalent, the
	// next look would pass its Budget, or it has played Extend times its
	// first deals. 0 is DefaultExtend; 1 plays a fixed number of deals, as
	// does a study played to a Precision or a Panel.
	Extend int
}

// DefaultExtend is the most times its first deals a study plays while a
// verdict is undecided, unless it says otherwise: looks at 1, 2 and 4
// times its deals.
const DefaultExtend = 4

// Looks returns the deals of each look of a study's sequential plan at
// the given scale (its analysis's "games" for a study answered by an
// analysis, per point of a sweep otherwise), or one look for a study that
// does not extend.
func (st *Study) Looks(scale float64) []int64 {
	first := st.PointDeals(scale)
	if st.Analysis != nil {
		first = 0
		for _, o := range st.Analysis {
			if k, v, _ := strings.Cut(o, "="); k == "games" {
				if n, err := strconv.ParseInt(v, 10, 64); err == nil && n > 0 {
					first = max(int64(math.Round(float64(n)*scale)), 2)
				}
			}
		}
		if first == 0 {
			return nil // an analysis whose deals the study does not set
		}
	}
	extend := int64(st.Extend)
	if extend == 0 {
		extend = DefaultExtend
	}
	if st.Panel || st.Precision > 0 || extend <= 1 {
		return []int64{first}
	}
	return stat.DoublingLooks(first, first*extend)
}

// Swept reports whether a study sweeps a rule: gives one several values,
// or lists joint points.
func (st *Study) Swept() bool {
	return len(st.Points) > 0 || slices.ContainsFunc(st.Rules, func(r string) bool { return strings.Contains(r, ",") })
}

// PointDeals returns the deals a study plays at each of its points at the
// given scale: the most, where it plays to a precision.
func (st *Study) PointDeals(scale float64) int64 {
	n := st.Games
	if st.Precision > 0 {
		n = st.MaxGames
	}
	return max(int64(math.Round(float64(n)*scale)), 2)
}

// Deals returns the deals a study will play at most, every point of its
// sweep together, or 0 for a study answered by an analysis, whose runs
// are known only as it makes them.
func (st *Study) Deals(scale float64) int64 {
	if st.Analysis != nil {
		return 0
	}
	if st.Panel {
		n := int64(len(st.Strategies))
		return n * (n - 1) / 2 * st.PointDeals(scale)
	}
	points := int64(1)
	if st.Swept() {
		spec := Spec{Rules: st.Rules, Points: st.Points}
		_, pts, _, err := spec.points()
		if err != nil {
			return 0 // the study reports it when it runs
		}
		points = int64(len(pts))
	}
	return points * st.PointDeals(scale)
}

// runReport runs every study of the games of spec (all, unless Only names
// some) at its scale, and writes the report into out.
func (r *Runner) runReport(ctx context.Context, spec *Spec, out string) (*Result, error) {
	for _, g := range spec.Only {
		if _, err := r.Games.Lookup(g); err != nil {
			return nil, err
		}
	}
	if err := reports.CheckDir(out); err != nil {
		return nil, err
	}
	rep := &reports.Report{
		Family: r.Family,
		Title:  "cardsim: the designers' questions, answered by simulation",
		Intro: fmt.Sprintf("Every figure comes with its %g%% interval. Strategies are compared on the same deals, "+
			"and in games of several players every deal is played with the seats rotated. Seed %d; --scale %g.",
			100*spec.Confidence, spec.Seed, spec.Scale),
	}
	var studies []Study
	m := r.meter()
	defer m.Finish()
	for _, st := range r.Studies {
		if len(spec.Only) > 0 && !slices.Contains(spec.Only, st.Game) {
			continue
		}
		if _, err := r.Games.Lookup(st.Game); err != nil {
			continue // a game this build does not have
		}
		studies = append(studies, st)
		m.Plan(st.Deals(spec.Scale))
	}
	for _, st := range studies {
		start, cpu := time.Now(), processCPU()
		sts, looks, err := r.runLooks(ctx, &st, spec, m)
		if err != nil {
			return nil, fmt.Errorf("%s study %q: %w", st.Game, st.Title, err)
		}
		used := processCPU() - cpu
		if len(sts) > 0 { // an analysis's studies share its CPU: the first says it
			sts[0].CPU, sts[0].Budget = used, time.Duration(float64(st.Budget)*spec.Scale)
		}
		m.Logf("%s: %s (looks: %d, %.1f s, %.1f s of CPU)", st.Game, st.Title, looks, time.Since(start).Seconds(), used.Seconds())
		rep.Studies = append(rep.Studies, sts...)
	}
	m.Finish()
	if len(rep.Studies) == 0 {
		return nil, fmt.Errorf("no study to run")
	}
	if err := reports.WriteReportDir(out, rep); err != nil {
		return nil, err
	}
	return &Result{Spec: *spec, Report: rep}, nil
}

// runLooks plays a study look by look (Study.Looks): it plays the first
// look's deals, and plays again on the next look's, the same deals and
// more, while a verdict resting on a difference is undecided (judged as
// the summary judges it, reports.Judge, at that look) and the next look
// fits in the study's CPU budget, as the CPU of the look just played
// predicts it. It returns the studies of the last look played, each
// answer marked with the plan and its look, and the looks played.
func (r *Runner) runLooks(ctx context.Context, st *Study, spec *Spec, m Meter) ([]reports.Study, int, error) {
	looks := st.Looks(spec.Scale)
	budget := time.Duration(float64(st.Budget) * spec.Scale)
	var spent time.Duration
	for k := 0; ; k++ {
		deals := int64(0)
		if len(looks) > 0 {
			deals = looks[k]
		}
		cpu := processCPU()
		sts, err := r.playLook(ctx, st, spec, deals)
		if err != nil {
			return nil, k + 1, err
		}
		used := processCPU() - cpu
		spent += used
		for i := range sts {
			for j := range sts[i].Glance {
				a := &sts[i].Glance[j]
				a.Confidence = spec.Confidence
				if len(looks) > 1 {
					a.Looks, a.Look = looks, k
				}
			}
		}
		if len(looks) <= 1 || k == len(looks)-1 || !r.undecided(sts) {
			return sts, k + 1, nil
		}
		next := time.Duration(float64(used) * float64(looks[k+1]) / float64(deals))
		if budget > 0 && spent+next > budget {
			m.Logf("%s: %s: a verdict is undecided at %s deals; the next look's %s would pass the study's CPU budget (%.0f s of CPU spent, %.0f s more needed, %.0f s budget)",
				st.Game, st.Title, grouped(deals), grouped(looks[k+1]), spent.Seconds(), next.Seconds(), budget.Seconds())
			return sts, k + 1, nil
		}
		if extra := st.Deals(spec.Scale) / looks[0] * looks[k+1]; extra > 0 {
			m.Plan(extra)
		}
	}
}

// undecided reports whether a verdict of the studies that rests on a
// difference is undecided, judged as one of the report's family.
func (r *Runner) undecided(sts []reports.Study) bool {
	var as []reports.Answer
	for _, s := range sts {
		as = append(as, s.Glance...)
	}
	for _, q := range reports.Questions(as, r.Family) {
		if q.Outcome == reports.OutOfBudget {
			return true
		}
	}
	return false
}

// playLook plays one look of a study: its analysis, panel or runs, on the
// given deals (per point of a sweep, or the analysis's "games"), or on its
// own where deals is 0.
func (r *Runner) playLook(ctx context.Context, st *Study, spec *Spec, deals int64) ([]reports.Study, error) {
	switch {
	case st.Analysis != nil:
		return r.runAnalysisStudy(ctx, st, spec, deals)
	case st.Panel:
		one, err := r.runPanelStudy(ctx, st, spec)
		if err != nil {
			return nil, err
		}
		return []reports.Study{*one}, nil
	}
	one, err := r.runStudy(ctx, st, spec, deals)
	if err != nil {
		return nil, err
	}
	return []reports.Study{*one}, nil
}

// runStudy plays one study of a report: a comparison of its strategies, or
// a sweep when a rule has several values, on the given deals (per point),
// or the study's own where deals is 0. Strategies this build lacks are
// left out, with a note.
func (r *Runner) runStudy(ctx context.Context, study *Study, report *Spec, deals int64) (*reports.Study, error) {
	st := &reports.Study{Game: study.Game, Title: study.Title, Quote: study.Quote, Rules: study.Rules}
	g, err := r.Game(study.Game, nil)
	if err != nil {
		return nil, err
	}
	var strats []string
	for _, s := range study.Strategies {
		name, _, _ := strings.Cut(s, ":")
		if _, err := r.Strategies.Lookup(g, name); err != nil {
			st.Warnings = append(st.Warnings, fmt.Sprintf("strategy %s is not in this build for %s and was left out", name, study.Game))
			continue
		}
		if _, err := r.Lineup(g, "", nil, []string{s}); err != nil {
			st.Warnings = append(st.Warnings, fmt.Sprintf("strategy %s was left out: %v", name, err))
			continue
		}
		strats = append(strats, s)
	}
	if len(strats) == 0 {
		return nil, fmt.Errorf("none of the strategies %v is registered", study.Strategies)
	}
	if deals <= 0 {
		deals = study.PointDeals(report.Scale)
	}
	spec := &Spec{Kind: Run, Game: study.Game, Rules: study.Rules, Points: study.Points, Strategies: strats, Games: deals,
		Seed: report.Seed, Confidence: report.Confidence}
	if study.Precision > 0 {
		spec.Precision, spec.Target, spec.MaxGames = study.Precision/math.Sqrt(report.Scale), study.Target, deals
	}
	if study.Swept() {
		spec.Kind = Sweep
		res, err := r.runSweep(ctx, spec, "", study.Game)
		if err != nil {
			return nil, err
		}
		st.Sweep = res.Sweep
	} else {
		res, err := r.runSession(ctx, spec, "", true)
		if err != nil {
			return nil, err
		}
		st.Summary = res.Summary
	}
	st.Command = study.Command(spec)
	st.Answer = reports.Answers(st)
	if study.Explain != "" {
		st.Answer = append(st.Answer, explain(study.Explain, st))
	}
	asks := slices.Clone(study.Asks)
	for i := range asks {
		if asks[i].Margin == 0 {
			asks[i].Margin = study.Margin
		}
	}
	st.Glance = reports.Glance(st, asks)
	charts, err := reports.StudyCharts(st)
	if err != nil {
		return nil, err
	}
	st.Charts = charts
	return st, nil
}

// explain returns a study's explanation with {deals} replaced by the
// deals it played (at each point of a sweep), written with thousands
// separators: the real count under any scale.
func explain(text string, st *reports.Study) string {
	var n int64
	switch {
	case st.Summary != nil:
		n = st.Summary.Manifest.Games
	case st.Sweep != nil && len(st.Sweep.Points) > 0:
		n = st.Sweep.Points[0].Summary.Manifest.Games
	}
	return strings.ReplaceAll(text, "{deals}", grouped(n))
}

// runAnalysisStudy runs the game's analysis with the study's options, the
// report's seed and confidence, and "games" set to the given deals (a
// look of Study.Looks, which scales the study's own), and returns the
// studies of its page.
func (r *Runner) runAnalysisStudy(ctx context.Context, study *Study, report *Spec, deals int64) ([]reports.Study, error) {
	def, ok := r.Analyses.Lookup(study.Game)
	if !ok {
		return nil, fmt.Errorf("no analysis for %s", study.Game)
	}
	options := slices.Clone(study.Analysis)
	for i, o := range options {
		if k, _, _ := strings.Cut(o, "="); k == "games" && deals > 0 {
			options[i] = "games=" + strconv.FormatInt(deals, 10)
		}
	}
	page, err := def.Run(ctx, r.Env(&Spec{Seed: report.Seed, Confidence: report.Confidence}), options)
	if err != nil {
		return nil, err
	}
	cmd := analyzeCommand(study.Game, options, report)
	for i := range page.Studies {
		if page.Studies[i].Command == "" {
			page.Studies[i].Command = cmd
		}
	}
	return page.Studies, nil
}

// Command returns the cardsim command that plays spec, a study's run or
// sweep at the report's scale and seed: what reproduces its figures.
func (st *Study) Command(spec *Spec) string {
	verb := "run"
	if spec.Kind == Sweep {
		verb = "sweep"
	}
	parts := []string{"cardsim", verb, st.Game, "--strategies", strings.Join(spec.Strategies, ",")}
	for _, r := range spec.Rules {
		parts = append(parts, "-r", r)
	}
	for _, p := range spec.Points {
		parts = append(parts, "--point", p)
	}
	if spec.Precision > 0 {
		parts = append(parts, "--precision", strconv.FormatFloat(spec.Precision, 'g', 4, 64), "--target", spec.Target,
			"--max-games", strconv.FormatInt(spec.MaxGames, 10))
	} else {
		parts = append(parts, "--games", strconv.FormatInt(spec.Games, 10))
	}
	return strings.Join(append(parts, commandTail(spec)...), " ")
}

// analyzeCommand returns the cardsim command that runs a game's analysis
// with options at the report's seed.
func analyzeCommand(game string, options []string, report *Spec) string {
	parts := []string{"cardsim", "analyze", game}
	for _, o := range options {
		parts = append(parts, "--opt", o)
	}
	return strings.Join(append(parts, commandTail(report)...), " ")
}

// commandTail returns the seed and, where it is not 95%, the confidence of
// a command.
func commandTail(spec *Spec) []string {
	out := []string{"--seed", strconv.FormatUint(spec.Seed, 10)}
	if spec.Confidence != 0 && spec.Confidence != 0.95 {
		out = append(out, "--confidence", strconv.FormatFloat(spec.Confidence, 'g', -1, 64))
	}
	return out
}
