package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/games"
)

// funcs are the templates' helpers.
var funcs = template.FuncMap{
	// link is the address of the form filled in with s; autorun runs it.
	"link": func(s experiment.Spec, autorun bool) template.URL {
		v := Values(s)
		if autorun {
			v.Set("autorun", "1")
		}
		return template.URL("/game/" + url.PathEscape(s.Game) + "?" + v.Encode())
	},
	"command": Command,
	"when":    func(t time.Time) string { return t.Local().Format("2006-01-02 15:04:05") },
	"isImage": func(name string) bool { return strings.HasSuffix(name, ".svg") },
}

// render writes the page named name with data, or a plain error.
func (s *Server) render(w http.ResponseWriter, status int, name string, data any) {
	var b bytes.Buffer
	if err := s.pages.ExecuteTemplate(&b, name, data); err != nil {
		http.Error(w, "the page could not be drawn: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	b.WriteTo(w)
}

func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	runner := s.opts.Runner()
	s.render(w, http.StatusOK, "index.html", map[string]any{"Games": runner.Games.All(), "Runs": s.runs.list()})
}

// formPage is what the form of a game shows.
type formPage struct {
	Game       games.Definition
	Rules      []games.Setting
	Values     map[string]string // rule → value in the form
	Strategies []strategyChoice
	Spec       experiment.Spec
	Errors     map[string]string // field → what is wrong with it
	Autorun    bool
	// Sweep names the rule swept over SweepValues (comma-separated);
	// the address and the command may sweep several.
	Sweep, SweepValues string
}

// strategyChoice is a strategy of the form, with its parameters.
type strategyChoice struct {
	Name, Summary string
	Params        []games.Setting
	Chosen        bool
	Given         string // its parameters as given, key=value:…
}

// form returns the form of game name filled in from spec.
func (s *Server) form(name string, spec experiment.Spec) (*formPage, error) {
	runner := s.opts.Runner()
	def, err := runner.Games.Lookup(name)
	if err != nil {
		return nil, err
	}
	g, err := def.New(nil)
	if err != nil {
		return nil, err
	}
	p := &formPage{Game: def, Rules: g.Rules(), Values: map[string]string{}, Spec: spec, Errors: map[string]string{}}
	for _, st := range p.Rules {
		p.Values[st.Name] = st.Default
	}
	for _, r := range spec.Rules {
		k, v, _ := strings.Cut(r, "=")
		if k = strings.TrimSpace(k); strings.Contains(v, ",") && p.Sweep == "" {
			p.Sweep, p.SweepValues = k, v
			continue
		}
		p.Values[k] = v
	}
	chosen := map[string]string{}
	for _, e := range spec.Strategies {
		n, params, _ := strings.Cut(e, ":")
		chosen[n] = params
	}
	for _, d := range runner.Strategies.For(g) {
		given, ok := chosen[d.Name]
		p.Strategies = append(p.Strategies, strategyChoice{Name: d.Name, Summary: d.Summary, Params: d.Params(g), Chosen: ok, Given: given})
	}
	return p, nil
}

func (s *Server) game(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	spec, err := SpecFrom(q)
	spec.Game = r.PathValue("game")
	p, ferr := s.form(spec.Game, spec)
	if ferr != nil {
		http.Error(w, ferr.Error(), http.StatusNotFound)
		return
	}
	if err != nil {
		p.Errors[field(err)] = err.Error()
	}
	p.Autorun = q.Get("autorun") == "1" && err == nil
	s.render(w, http.StatusOK, "game.html", p)
}

// specOfForm reads the form of a game into the parameters SpecFrom reads:
// each rule whose value is not its default, the strategies ticked with
// their parameters, and the numbers.
func (s *Server) specOfForm(r *http.Request) (experiment.Spec, error) {
	if err := r.ParseForm(); err != nil {
		return experiment.Spec{}, err
	}
	f := r.PostForm
	v := url.Values{"game": {f.Get("game")}}
	for _, name := range []string{"games", "seed", "confidence", "precision", "target", "max-games"} {
		v.Set(name, f.Get(name))
	}
	sweep, values := f.Get("sweep"), strings.Join(strings.Fields(strings.ReplaceAll(f.Get("sweep-values"), ",", " ")), ",")
	if p, err := s.form(f.Get("game"), experiment.Spec{}); err == nil {
		for _, st := range p.Rules {
			switch val := strings.TrimSpace(f.Get("r." + st.Name)); {
			case st.Name == sweep && values != "":
				v.Add("rule", st.Name+"="+values)
			case val != "" && val != st.Default:
				v.Add("rule", st.Name+"="+val)
			}
		}
	}
	var chosen []string
	for _, name := range f["s"] {
		entry := strings.TrimSpace(name)
		if params := strings.Join(strings.Fields(strings.ReplaceAll(f.Get("p."+name), ",", " ")), ":"); params != "" {
			entry += ":" + params
		}
		chosen = append(chosen, entry)
	}
	v.Set("strategies", strings.Join(chosen, ","))
	return SpecFrom(v)
}

// check reports what is wrong with spec before a deal is played: what the
// Runner refuses, and more deals than the workbench plays.
func (s *Server) check(spec experiment.Spec) error {
	if len(spec.Strategies) == 0 {
		return fmt.Errorf("--strategies: tick at least one strategy")
	}
	if err := s.opts.Runner().Validate(spec); err != nil {
		return err
	}
	deals, points := spec.Games, int64(1)
	if spec.Precision > 0 {
		deals = spec.MaxGames
	}
	if spec.Kind == experiment.Sweep {
		_, pts, _, _ := experiment.Grid(spec.Rules)
		points = int64(len(pts))
	}
	if deals > s.opts.MaxDeals/points {
		flag := "--games"
		if spec.Precision > 0 {
			flag = "--max-games"
		}
		return fmt.Errorf("%s %d: this workbench plays at most %d deals a run (every point of a sweep together); run it from the command line: %s", flag, deals, s.opts.MaxDeals, Command(spec))
	}
	return nil
}

func (s *Server) start(w http.ResponseWriter, r *http.Request) {
	spec, err := s.specOfForm(r)
	if err == nil {
		err = s.check(spec)
	}
	var started *run
	if err == nil {
		started, err = s.runs.start(context.WithoutCancel(r.Context()), s.opts.Runner(), spec, strings.Join(spec.Strategies, " vs "))
	}
	if err != nil {
		p, ferr := s.form(spec.Game, spec)
		if ferr != nil {
			http.Error(w, ferr.Error(), http.StatusBadRequest)
			return
		}
		p.Errors[field(err)] = err.Error()
		s.render(w, http.StatusUnprocessableEntity, "game.html", p)
		return
	}
	http.Redirect(w, r, "/runs/"+started.ID, http.StatusSeeOther)
}

// MaxScale is the largest scale of a report started from the workbench.
const MaxScale = 1

func (s *Server) report(w http.ResponseWriter, r *http.Request) {
	scale, err := strconv.ParseFloat(r.FormValue("scale"), 64)
	if err != nil || !(scale > 0 && scale <= MaxScale) {
		http.Error(w, fmt.Sprintf("scale %q: want a number above 0 and at most %d", r.FormValue("scale"), MaxScale), http.StatusUnprocessableEntity)
		return
	}
	spec := experiment.Spec{Kind: experiment.Report, Seed: experiment.DefaultSeed, Confidence: experiment.DefaultConfidence, Scale: scale}
	if g := r.FormValue("game"); g != "" {
		spec.Only = []string{g}
	}
	if err := s.opts.Runner().Validate(spec); err != nil {
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}
	started, err := s.runs.start(context.WithoutCancel(r.Context()), s.opts.Runner(), spec, "the designers' report")
	if err != nil {
		http.Error(w, err.Error(), http.StatusTooManyRequests)
		return
	}
	http.Redirect(w, r, "/runs/"+started.ID, http.StatusSeeOther)
}

// runPage is what a run's page shows.
type runPage struct {
	Run      *run
	Progress Progress
	Files    []string
	Records  bool // the run wrote records
}

func (s *Server) show(w http.ResponseWriter, r *http.Request) {
	run, err := s.runs.get(r.PathValue("id"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	p := runPage{Run: run, Progress: s.runs.status(run), Files: s.runs.files(run.ID)}
	if fi, err := os.Stat(filepath.Join(s.runs.dir, run.ID+RecordsSuffix)); err == nil && fi.Mode().IsRegular() {
		p.Records = true
	}
	s.render(w, http.StatusOK, "run.html", p)
}

func (s *Server) progressJSON(w http.ResponseWriter, r *http.Request) {
	run, err := s.runs.get(r.PathValue("id"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(s.runs.status(run))
}

// events streams a run's progress as Server-Sent Events, one every half
// second until the run ends.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	run, err := s.runs.get(r.PathValue("id"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming is not supported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	tick := time.NewTicker(figureEvery)
	defer tick.Stop()
	for {
		p := s.runs.status(run)
		b, _ := json.Marshal(p)
		fmt.Fprintf(w, "data: %s\n\n", b)
		flusher.Flush()
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

// file serves a file a run wrote, named as the run's directory lists it:
// never a path from the browser.
func (s *Server) file(w http.ResponseWriter, r *http.Request) {
	id, name := r.PathValue("id"), r.PathValue("name")
	if !validID(id) || !slices.Contains(s.runs.files(id), name) {
		http.NotFound(w, r)
		return
	}
	if strings.HasSuffix(name, ".csv") || strings.HasSuffix(name, ".json") || strings.HasSuffix(name, ".pdf") || strings.HasSuffix(name, ".png") {
		if r.URL.Query().Get("view") == "" {
			w.Header().Set("Content-Disposition", "attachment; filename="+strconv.Quote(name))
		}
	}
	http.ServeFile(w, r, filepath.Join(s.runs.dir, id, name))
}

// records serves the records a run wrote: one row per seat of every game.
func (s *Server) records(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	path := filepath.Join(s.runs.dir, id+RecordsSuffix)
	if fi, err := os.Stat(path); !validID(id) || err != nil || !fi.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Disposition", `attachment; filename="records.csv"`)
	http.ServeFile(w, r, path)
}
