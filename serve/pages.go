package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/games"
)

// funcs are the templates' helpers.
var funcs = template.FuncMap{
	// link is the address of the form filled in with s: opening it fills
	// the form, and runs nothing until Run is pressed.
	"link":    link,
	"command": Command,
	"when":    func(t time.Time) string { return t.Local().Format("2006-01-02 15:04:05") },
	"isImage": func(name string) bool { return strings.HasSuffix(name, ".svg") },
	"size":    sizeText,
	"join":    strings.Join,
	"grouped": func(n int64) string { return grouped(n) },
	"kind":    kindText,
	"err":     func(errs map[string]string, field string) string { return errs[field] },
	"has":     slices.Contains[[]string],
	"inc":     func(i int) int { return i + 1 },
	"add":     func(a, b int) int { return a + b },
	"sub":     func(a, b int) int { return a - b },
}

// link returns the address of the form that holds s: a game's form, or
// the report's.
func link(s experiment.Spec) template.URL {
	if s.Kind == experiment.Report {
		return template.URL("/report?" + ReportValues(s).Encode())
	}
	return template.URL("/game/" + url.PathEscape(s.Game) + "?" + Values(s).Encode())
}

// kindText names a kind of experiment in the pages' words.
func kindText(k experiment.Kind) string {
	switch k {
	case experiment.Compare:
		return "comparison"
	case experiment.Report:
		return "the designers' report"
	}
	return string(k)
}

// sizeText writes a number of bytes as kB, MB or GB.
func sizeText(n int64) string {
	switch {
	case n < 1000:
		return strconv.FormatInt(n, 10) + " B"
	case n < 1_000_000:
		return strconv.FormatFloat(float64(n)/1e3, 'f', 1, 64) + " kB"
	case n < 1_000_000_000:
		return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + " MB"
	}
	return strconv.FormatFloat(float64(n)/1e9, 'f', 2, 64) + " GB"
}

// grouped writes n with thousands separators.
func grouped(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// render writes the page named name with data, or a plain error.
func (s *Server) render(w http.ResponseWriter, status int, name string, data any) {
	var b bytes.Buffer
	if err := s.pages.ExecuteTemplate(&b, name, data); err != nil {
		http.Error(w, "the page could not be drawn: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	b.WriteTo(w)
}

// runRow is a run as the runs list shows it.
type runRow struct {
	*run
	Size    int64
	Deals   int64 // played, or planned while it runs
	Records bool
}

// Headline is the run's main figure: its first arm's, with how many more.
func (r runRow) Headline() string {
	if len(r.Arms) == 0 {
		if len(r.Glance) > 0 {
			return fmt.Sprintf("%d answers", len(r.Glance))
		}
		return ""
	}
	h := r.Arms[0].Text()
	if n := len(r.Arms) - 1; n > 0 {
		h += fmt.Sprintf(" (and %d more)", n)
	}
	return h
}

// GameName is the game the run plays, or the games of a report.
func (r runRow) GameName() string {
	if r.Spec.Kind == experiment.Report {
		if len(r.Spec.Only) == 0 {
			return "every game"
		}
		return strings.Join(r.Spec.Only, ", ")
	}
	return r.Spec.Game
}

// row returns r as the runs list shows it.
func (s *Server) row(r *run) runRow {
	row := runRow{run: r, Size: s.runs.size(r.ID), Records: s.runs.hasRecords(r.ID)}
	switch {
	case len(r.Arms) > 0:
		row.Deals = r.Arms[0].Deals
	case r.Spec.Kind != experiment.Report:
		row.Deals = plannedDeals(r.Spec)
	}
	return row
}

// indexPage is what the first page shows.
type indexPage struct {
	Games  []games.Definition
	Runs   []runRow
	Filter string // the game the list shows, "" for all
	Scale  string // the report's scale by default
}

func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	runner := s.opts.Runner()
	p := indexPage{Games: runner.Games.All(), Filter: r.URL.Query().Get("game"), Scale: "0.05"}
	for _, run := range s.runs.list() {
		if p.Filter == "" || run.Spec.Game == p.Filter || slices.Contains(run.Spec.Only, p.Filter) {
			p.Runs = append(p.Runs, s.row(run))
		}
	}
	s.render(w, http.StatusOK, "index.html", p)
}

// game shows a game's form, filled in from the address: a shared link
// fills the form and waits for Run. Nothing starts from a GET.
func (s *Server) game(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	q.Set("game", r.PathValue("game"))
	spec, err := s.specOf(q)
	spec.Game = r.PathValue("game")
	p, ferr := s.form(spec.Game, spec, q, !q.Has("strategies"))
	if ferr != nil {
		http.Error(w, ferr.Error(), http.StatusNotFound)
		return
	}
	if err == nil && len(q) > 1 && len(spec.Strategies) > 0 {
		err = s.check(spec) // what Run would refuse, shown before it is pressed
	}
	if err != nil {
		p.addError(err)
	}
	s.render(w, http.StatusOK, "game.html", p)
}

// start starts the experiment of a game's form, or shows the form again
// with what is wrong beside its field.
func (s *Server) start(w http.ResponseWriter, r *http.Request) {
	spec, given, err := s.specOfForm(r)
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		tooLarge(w)
		return
	}
	if err == nil {
		err = s.check(spec)
	}
	started := &run{Title: runTitle(spec)}
	if err == nil {
		runner := s.opts.Runner()
		started.Changed = changedRules(runner, spec)
		err = s.runs.start(context.WithoutCancel(r.Context()), runner, spec, started, s.opts.MaxDeals)
	}
	if err != nil {
		p, ferr := s.form(spec.Game, spec, given, false)
		if ferr != nil {
			http.Error(w, ferr.Error(), http.StatusBadRequest)
			return
		}
		p.addError(err)
		s.render(w, http.StatusUnprocessableEntity, "game.html", p)
		return
	}
	http.Redirect(w, r, "/runs/"+started.ID, http.StatusSeeOther)
}

// runTitle names what a run of spec plays: its strategies, and its rule
// variants against their baseline.
func runTitle(spec experiment.Spec) string {
	title := strings.Join(spec.Strategies, " vs ")
	if len(spec.Variants) == 0 {
		return title
	}
	labels := make([]string, len(spec.Variants))
	for i := range spec.Variants {
		labels[i] = spec.Variants[i].Label()
	}
	base := spec.Baseline
	if base == "" {
		base = "the rules as written"
	}
	return "variants " + strings.Join(labels, ", ") + " against " + base + ", played by " + title
}

// reportPage is what the report's form shows.
type reportPage struct {
	Games    []games.Definition
	Spec     experiment.Spec
	Game     string // the game chosen, "" for every game
	Errors   map[string]string
	MaxDeals int64
}

// reportForm shows the report's form filled in from the address (a
// report's shared link): it starts nothing.
func (s *Server) reportForm(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if !q.Has("scale") {
		q.Set("scale", "0.05")
	}
	spec, err := ReportFrom(q)
	if err == nil {
		_, err = s.reportDeals(spec)
	}
	s.render(w, http.StatusOK, "report.html", s.reportPage(spec, err))
}

// reportPage returns the report's form showing spec, and err beside its
// field.
func (s *Server) reportPage(spec experiment.Spec, err error) reportPage {
	p := reportPage{Games: s.opts.Runner().Games.All(), Spec: spec, Game: strings.Join(spec.Only, ","), Errors: map[string]string{}, MaxDeals: s.opts.MaxDeals}
	if err != nil {
		field, msg := "", err.Error()
		if fe := (*FieldError)(nil); errors.As(err, &fe) {
			field = fe.Field
		}
		p.Errors[field] = msg
	}
	return p
}

// reportDeals returns the deals a report of spec plays (those of its
// studies answered by an analysis are counted as they are played), or an
// error if it names a game there is not or plays more than the workbench
// plays a run.
func (s *Server) reportDeals(spec experiment.Spec) (int64, error) {
	runner := s.opts.Runner()
	for _, g := range spec.Only {
		if _, err := runner.Games.Lookup(g); err != nil {
			return 0, &FieldError{"game", err.Error()}
		}
	}
	var n int64
	for _, st := range runner.Studies {
		if len(spec.Only) > 0 && !slices.Contains(spec.Only, st.Game) {
			continue
		}
		n += st.Deals(spec.Scale)
	}
	if n > s.opts.MaxDeals {
		most := spec.Scale * float64(s.opts.MaxDeals) / float64(n)
		return n, &FieldError{"scale", fmt.Sprintf("scale %g: the report plays %s deals at this scale, and this workbench plays at most %s deals a run: "+
			"give a scale of at most about %.2g, or run it from the command line: %s", spec.Scale, grouped(n), grouped(s.opts.MaxDeals), most, Command(spec))}
	}
	return n, nil
}

// report starts the designers' report of the report's form.
func (s *Server) report(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			tooLarge(w)
			return
		}
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	spec, err := ReportFrom(r.PostForm)
	if err == nil {
		_, err = s.reportDeals(spec)
	}
	if err == nil {
		err = s.opts.Runner().Validate(spec)
	}
	started := &run{Title: "the designers' report"}
	if err == nil {
		err = s.runs.start(context.WithoutCancel(r.Context()), s.opts.Runner(), spec, started, s.opts.MaxDeals)
	}
	if err != nil {
		s.render(w, http.StatusUnprocessableEntity, "report.html", s.reportPage(spec, err))
		return
	}
	http.Redirect(w, r, "/runs/"+started.ID, http.StatusSeeOther)
}

// runPage is what a run's page shows.
type runPage struct {
	Run      *run
	Heading  string
	Progress Progress
	Files    []string
	Records  bool // the run's records are kept
	Pruned   bool // the run wrote records, since removed
	Keep     int  // how many runs keep their records
	Changed  []string
	Deals    int64
	Series   []Series // the live chart's, when the run has ended
	// Live says whether the run draws a live chart: not a report.
	Live bool
	// Variants lists the rule variants compared, as --variant writes
	// them, and Baseline what they are set against.
	Variants []string
	Baseline string
}

func (s *Server) show(w http.ResponseWriter, r *http.Request) {
	run, err := s.runs.get(r.PathValue("id"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	run = s.runs.snapshot(run)
	p := runPage{Run: run, Progress: s.runs.status(run), Files: s.runs.files(run.ID), Records: s.runs.hasRecords(run.ID), Keep: s.opts.KeepRecords}
	p.Deals = s.row(run).Deals
	p.Live = run.Spec.Kind != experiment.Report
	p.Changed = run.Changed
	if p.Changed == nil && run.Spec.Kind != experiment.Report {
		p.Changed = changedRules(s.opts.Runner(), run.Spec)
	}
	var rules []string
	for _, c := range p.Changed {
		if v, ok := strings.CutPrefix(c, "variant "); ok {
			p.Variants = append(p.Variants, v)
		} else {
			rules = append(rules, c)
		}
	}
	if p.Variants != nil {
		p.Changed, p.Baseline = rules, run.Spec.Baseline
		if p.Baseline == "" {
			p.Baseline = "the rules as written"
		}
	}
	p.Pruned = run.State == "done" && !p.Records && keepsRecords(s.opts.Runner(), run.Spec)
	switch run.Spec.Kind {
	case experiment.Report:
		games := "every game"
		if len(run.Spec.Only) > 0 {
			games = strings.Join(run.Spec.Only, ", ")
		}
		p.Heading = fmt.Sprintf("The designers' report: %s, at scale %g", games, run.Spec.Scale)
	default:
		title := run.Spec.Game
		if def, err := s.opts.Runner().Games.Lookup(run.Spec.Game); err == nil {
			title = def.Title
		}
		p.Heading = fmt.Sprintf("%s: %s of %s", title, kindText(run.Spec.Kind), run.Title)
	}
	if p.Progress.State != "running" {
		p.Series = run.Series
	}
	s.render(w, http.StatusOK, "run.html", p)
}

func (s *Server) progressJSON(w http.ResponseWriter, r *http.Request) {
	run, err := s.runs.get(r.PathValue("id"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	p := s.runs.status(run)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(p)
}

// events streams a run's progress as Server-Sent Events, one every half
// second until the run ends, each with the series changed since the last.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	run, err := s.runs.get(r.PathValue("id"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	// The stream outlives ReadTimeout: net/http lifts a request's read
	// deadline once it is read (TestSlowClientsClosed holds it).
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	tick := time.NewTicker(figureEvery)
	defer tick.Stop()
	seen := map[string]int{}
	for {
		var p Progress
		if run.meter != nil {
			p = run.meter.progress(seen)
		}
		st := s.runs.status(run)
		p.State, p.Message = st.State, st.Message
		b, _ := json.Marshal(p)
		fmt.Fprintf(w, "data: %s\n\n", b)
		if err := rc.Flush(); err != nil {
			return
		}
		if p.State != "running" {
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-run.finished:
		case <-tick.C:
		}
	}
}

func (s *Server) cancel(w http.ResponseWriter, r *http.Request) {
	run, err := s.runs.get(r.PathValue("id"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	if run.cancel != nil {
		run.cancel()
		<-run.finished
	}
	http.Redirect(w, r, "/runs/"+run.ID, http.StatusSeeOther)
}

// remove deletes a run that has ended: its outputs, records and record.
func (s *Server) remove(w http.ResponseWriter, r *http.Request) {
	switch err := s.runs.remove(r.PathValue("id")); {
	case errors.Is(err, errRunning):
		http.Error(w, err.Error(), http.StatusConflict)
	case err != nil:
		http.NotFound(w, r)
	default:
		http.Redirect(w, r, "/", http.StatusSeeOther)
	}
}

// fileHeaders are those of a run's file: it is shown sandboxed, apart
// from the workbench's pages, whatever it holds.
func fileHeaders(w http.ResponseWriter) {
	w.Header().Set("Content-Security-Policy", "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; font-src data:")
	w.Header().Set("Cache-Control", "no-store")
}

// file serves a file a run wrote, named as the run's directory lists it:
// never a path from the browser, never through a link.
func (s *Server) file(w http.ResponseWriter, r *http.Request) {
	id, name := r.PathValue("id"), r.PathValue("name")
	if !validID(id) || strings.ContainsAny(name, `/\`) || strings.HasPrefix(name, ".") {
		http.NotFound(w, r)
		return
	}
	f, fi, err := s.runs.open(id, id+"/"+name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	fileHeaders(w)
	if !strings.HasSuffix(name, ".svg") && !strings.HasSuffix(name, ".png") && r.URL.Query().Get("view") == "" {
		w.Header().Set("Content-Disposition", "attachment; filename="+strconv.Quote(name))
	}
	http.ServeContent(w, r, name, fi.ModTime(), f)
}

// records serves the records a run wrote: one row per seat of every game.
func (s *Server) records(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !validID(id) {
		http.NotFound(w, r)
		return
	}
	f, fi, err := s.runs.open(id, id+RecordsSuffix)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	fileHeaders(w)
	w.Header().Set("Content-Disposition", `attachment; filename="records.csv"`)
	http.ServeContent(w, r, "records.csv", fi.ModTime(), f)
}
