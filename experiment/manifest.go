package experiment

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/internal/inputfile"
	"github.com/cardsim/cardsim/internal/parse"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// SpecOf returns the Spec that reproduces the run a manifest records: its
// game under every rule with the value in force, its strategies with every
// parameter, its seed, its deals and its confidence. A run that stopped at
// a precision is reproduced by its deals: the same seed and deals give the
// same tally.
func SpecOf(m *sim.Manifest) Spec {
	s := Spec{Kind: Run, Game: m.Game, Seed: m.Seed, Games: m.Games, Confidence: m.Confidence}
	for _, k := range slices.Sorted(maps.Keys(m.Rules)) {
		s.Rules = append(s.Rules, k+"="+m.Rules[k].Text)
	}
	for _, st := range m.Strategies {
		entry := st.Name
		for _, k := range slices.Sorted(maps.Keys(st.Params)) {
			entry += ":" + k + "=" + st.Params[k]
		}
		s.Strategies = append(s.Strategies, entry)
	}
	if len(s.Strategies) > 1 {
		s.Kind = Compare
	}
	return s
}

// MaxSummaryBytes is the largest summary ReadSpec reads.
const MaxSummaryBytes = 64 << 20

// MaxSpecBytes is the largest spec file ReadSpec and ParseSpec read, as
// for a plan file: a spec is a few lines.
const MaxSpecBytes = MaxPlanBytes

// ReadSpec returns the Spec of the experiment recorded at path: a run's
// summary.json (or the directory that holds it), whose manifest gives the
// Spec that reproduces the run (SpecOf), or a spec file, YAML or JSON with
// a kind, which is the Spec written down (ParseSpec).
//
// A manifest is checked for what it means: a game, at least one strategy
// and at most MaxArms, at least 2 deals and a confidence level; the rules
// and strategies are checked when the Spec is run. The partial summary of
// an interrupted run is refused: its deals are those the interrupt left,
// not a run's.
func ReadSpec(path string) (Spec, error) {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		path = filepath.Join(path, "summary.json")
	}
	b, err := inputfile.Read(path, MaxSummaryBytes)
	if err != nil {
		return Spec{}, fmt.Errorf("%q: %w", path, err)
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(b, &top) != nil || top["manifest"] == nil {
		spec, err := ParseSpec(b)
		switch {
		case err != nil && len(b) > MaxSpecBytes:
			return Spec{}, fmt.Errorf("%q: %w", path, err)
		case err != nil:
			return Spec{}, fmt.Errorf("%q: neither a summary.json nor a spec file: %w", path, err)
		}
		return spec, nil
	}
	var m sim.Manifest
	if err := json.Unmarshal(top["manifest"], &m); err != nil {
		return Spec{}, fmt.Errorf("%q: a summary whose manifest does not read: %s", path, jsonFieldError(err))
	}
	switch {
	case m.Game == "" || len(m.Strategies) == 0:
		return Spec{}, fmt.Errorf("%q: its manifest names no game or no strategy", path)
	case len(m.Strategies) > MaxArms:
		return Spec{}, fmt.Errorf("%q: its manifest names %d strategies, more than the %d a run compares", path, len(m.Strategies), MaxArms)
	case m.Games < 2 || sim.CheckConfidence(m.Confidence) != nil:
		return Spec{}, fmt.Errorf("%q: its manifest holds %d deals at confidence %v: not a finished run", path, m.Games, m.Confidence)
	case strings.HasPrefix(strings.ToLower(strings.TrimSpace(m.Stopped)), "interrupted"):
		return Spec{}, fmt.Errorf("%q is the partial summary of an interrupted run (%q): resume that run rather than replay it", path, m.Stopped)
	}
	spec := SpecOf(&m)
	if top["variants"] != nil {
		var sum sim.Summary
		if err := json.Unmarshal(b, &sum); err != nil || sum.Variants == nil {
			return Spec{}, fmt.Errorf("%q: a summary whose variants do not read", path)
		}
		specOfVariants(&spec, &sum)
	}
	return spec, nil
}

// specOfVariants makes spec, the Spec of a comparison's baseline, the Spec
// of the whole comparison of variants s holds: every variant's changes,
// the baseline named, the figures with their margins and references, and
// the rules under the variants' changes as written (a rule the baseline
// variant changes takes its value in an arm that leaves it alone).
func specOfVariants(spec *Spec, s *sim.Summary) {
	vs := s.Variants
	spec.Kind = Compare
	variant := func(name string, changes map[string]sim.RuleValue) Variant {
		v := Variant{Name: name}
		for _, k := range slices.Sorted(maps.Keys(changes)) {
			v.Rules = append(v.Rules, k+"="+changes[k].Text)
		}
		if v.Name == strings.Join(v.Rules, " ") {
			v.Name = ""
		}
		return v
	}
	if vs.Baseline != AsWritten {
		spec.Baseline = vs.Baseline
		spec.Variants = append(spec.Variants, variant(vs.Baseline, vs.BaselineChanges))
		for i, r := range spec.Rules {
			k, _, _ := strings.Cut(r, "=")
			if _, changed := vs.BaselineChanges[k]; !changed {
				continue
			}
			for _, a := range vs.Arms {
				if _, also := a.Changes[k]; !also {
					spec.Rules[i] = k + "=" + a.Summary.Manifest.Rules[k].Text
					break
				}
			}
		}
	}
	for _, a := range vs.Arms {
		spec.Variants = append(spec.Variants, variant(a.Name, a.Changes))
	}
	spec.Figures, spec.Margins, spec.References = nil, nil, nil
	for _, f := range vs.Figures {
		spec.Figures = append(spec.Figures, f.Name)
		spec.Margins = append(spec.Margins, f.Name+"="+strconv.FormatFloat(f.Margin, 'g', -1, 64))
		if f.Reference != nil {
			spec.References = append(spec.References, f.Name+"="+strconv.FormatFloat(*f.Reference, 'g', -1, 64))
		}
	}
}

// jsonFieldError says which field of a manifest holds a value of the wrong
// type, in the manifest's words, or returns the decoder's error.
func jsonFieldError(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return fmt.Sprintf("field %q holds a %s, want a %s", te.Field, te.Value, jsonType(te.Type.Kind()))
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// jsonType names a Go kind as JSON names the values it holds.
func jsonType(k reflect.Kind) string {
	switch k {
	case reflect.Bool:
		return "boolean"
	case reflect.String:
		return "string"
	case reflect.Slice, reflect.Array:
		return "list"
	case reflect.Map, reflect.Struct:
		return "object"
	case reflect.Float32, reflect.Float64:
		return "number"
	}
	return "whole number"
}

// specInts are the fields of a spec that hold whole numbers, and specInt
// lists those that hold lists of them.
var (
	specInts     = []string{"games", "max_games", "seed", "best"}
	specIntLists = []string{"budgets"}
)

// ParseSpec reads a Spec written in YAML or JSON, its fields named as in
// JSON; a swept rule is one quoted entry, such as rules: ["insure=0,1,2",
// rounds=10] (YAML would split it at its commas). It refuses a field it
// does not know, a file of more than MaxSpecBytes or of several documents
// (as plan files), and a whole number written otherwise than in decimal
// digits (seed: 1.5 is not seed 1). A field left out takes the default of
// the command's flag (DefaultGames, DefaultSeed, DefaultConfidence, a scale
// of 1, DefaultMaxGames deals at most for a precision, checkpoints every
// DefaultCheckpointEvery), so that a spec, the flags and the workbench's
// form play the same experiment. The Spec is not checked: Runner.Run
// checks it.
func ParseSpec(b []byte) (Spec, error) {
	if len(b) > MaxSpecBytes {
		return Spec{}, fmt.Errorf("a spec file of %d bytes: the most is %d (1 MiB)", len(b), MaxSpecBytes)
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return Spec{}, errors.New("empty: want kind: and the fields of the experiment")
		}
		return Spec{}, errors.New(yamlError(err))
	}
	docs := 1
	for {
		var more yaml.Node
		if err := dec.Decode(&more); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return Spec{}, errors.New(yamlError(err))
		}
		docs++
	}
	if docs > 1 {
		return Spec{}, fmt.Errorf("holds %d YAML documents (separated by ---): want one spec a file", docs)
	}
	given := map[string]bool{}
	if len(doc.Content) == 1 && doc.Content[0].Kind == yaml.MappingNode {
		root := doc.Content[0]
		for i := 0; i+1 < len(root.Content); i += 2 {
			key, val := root.Content[i].Value, root.Content[i+1]
			if given[key] {
				return Spec{}, fmt.Errorf("line %d: %s given twice", root.Content[i].Line, key)
			}
			given[key] = true
			if err := wholeNumbers(key, val); err != nil {
				return Spec{}, fmt.Errorf("line %d: %s: %w", val.Line, key, err)
			}
		}
	}
	fixed, err := yaml.Marshal(&doc)
	if err != nil {
		return Spec{}, errors.New(yamlError(err))
	}
	var s Spec
	strict := yaml.NewDecoder(bytes.NewReader(fixed))
	strict.KnownFields(true)
	if err := strict.Decode(&s); err != nil && !errors.Is(err, io.EOF) {
		return Spec{}, errors.New(yamlError(err))
	}
	if s.Kind == "" {
		return Spec{}, errors.New("no kind: want kind: run, compare, sweep, tournament, skill, analyze, solve, report or tune")
	}
	for _, d := range []struct {
		field string
		set   func()
	}{
		{"games", func() { s.Games = DefaultGames(s.Kind) }},
		{"seed", func() { s.Seed = DefaultSeed }},
		{"confidence", func() { s.Confidence = DefaultConfidence }},
		{"scale", func() { s.Scale = DefaultScale }},
		{"checkpoint_every", func() { s.CheckpointEvery = Duration(DefaultCheckpointEvery) }},
		{"max_games", func() {
			if s.Precision > 0 {
				s.MaxGames = DefaultMaxGames
			}
		}},
		{"strategy", func() {
			if s.Kind == Skill {
				s.Strategy = DefaultSkillStrategy
			}
		}},
		{"best", func() {
			if s.Kind == Tune {
				s.Best = DefaultBest
			}
		}},
		{"budgets", func() {
			if s.Kind == Skill {
				s.Budgets = DefaultBudgets()
			}
		}},
	} {
		if !given[d.field] {
			d.set()
		}
	}
	return s, nil
}

// yamlError returns the YAML decoder's error in a spec's words.
func yamlError(err error) string {
	return strings.NewReplacer("yaml: ", "", "unmarshal errors:\n  ", "", " in type experiment.Spec", "",
		" into experiment.Spec", " into a spec", "\n  ", "; ").Replace(err.Error())
}

// wholeNumbers checks that the value of a spec's field key that holds a
// whole number, or a list of them, writes each in decimal digits, and makes
// the decoder read it so (YAML would read seed: 1.5 as 1, and 010 as 8).
func wholeNumbers(key string, val *yaml.Node) error {
	var nodes []*yaml.Node
	switch {
	case slices.Contains(specInts, key):
		nodes = []*yaml.Node{val}
	case slices.Contains(specIntLists, key) && val.Kind == yaml.SequenceNode:
		nodes = val.Content
	case slices.Contains(specIntLists, key):
		nodes = []*yaml.Node{val}
	}
	for _, n := range nodes {
		if n.Kind != yaml.ScalarNode {
			return errors.New("want a whole number")
		}
		d, err := parse.Decimal(n.Value)
		if err != nil {
			return fmt.Errorf("%q: %w", n.Value, err)
		}
		n.Value, n.Tag, n.Style = d, "!!int", 0
	}
	return nil
}

// Merge combines the parts of a sharded run at paths (a directory stands
// for every part-K-of-N.json in it) into exactly the summary one run of all
// the deals would have given, and writes it into out if set.
func (r *Runner) Merge(paths []string, out string) (*Result, error) {
	if out != "" {
		unlock, err := lockOut(out)
		if err != nil {
			return nil, err
		}
		defer unlock()
	}
	var files []string
	for _, path := range paths {
		if fi, err := os.Stat(path); err == nil && fi.IsDir() {
			found, _ := filepath.Glob(filepath.Join(path, "part-*-of-*.json"))
			if len(found) == 0 {
				return nil, fmt.Errorf("%s holds no part-K-of-N.json file", path)
			}
			files = append(files, found...)
			continue
		}
		files = append(files, path)
	}
	var parts []*sim.Part
	for _, path := range files {
		p, err := sim.ReadPart(path)
		if errors.Is(err, sim.ErrPartFormat) {
			return nil, fmt.Errorf("%w: play its shard again with this cardsim (the command that wrote it, with the same --shard k/n), then merge", err)
		}
		if err != nil {
			return nil, err
		}
		parts = append(parts, p)
	}
	spec := SpecOf(&parts[0].Manifest)
	g, err := r.Game(spec.Game, spec.Rules)
	if err != nil {
		return nil, fmt.Errorf("the parts' game: %w", err)
	}
	var lineup []sim.Player
	for _, s := range parts[0].Manifest.Strategies {
		def, err := r.Strategies.Lookup(g, s.Name)
		if err != nil {
			return nil, fmt.Errorf("the parts' strategy: %w", err)
		}
		var params []string
		for _, k := range slices.Sorted(maps.Keys(s.Params)) {
			params = append(params, k+"="+s.Params[k])
		}
		lineup = append(lineup, sim.Player{Strategy: def, Params: params})
	}
	if len(lineup) == 0 {
		return nil, errors.New("the parts name no strategy")
	}
	cfg := sim.Config{Game: g, Title: r.title(spec.Game), Lineup: lineup, Seed: spec.Seed}
	tally, err := sim.MergeParts(&cfg, parts)
	if err != nil {
		return nil, err
	}
	if err := games.CanDeal(g); err != nil {
		r.notef("cardsim: note: the parts' deals were not dealt again to check their fingerprints: %v\n", err)
	}
	res := &sim.Result{Config: cfg, Tally: tally, Confidence: spec.Confidence, DealScale: parts[0].Manifest.DealScale}
	for _, p := range parts {
		res.WallSeconds += p.Manifest.WallSeconds
		res.Config.Workers = max(res.Config.Workers, p.Manifest.Workers)
	}
	sum := res.Summary()
	if out != "" {
		if _, err := reports.WriteDir(out, &sum); err != nil {
			return nil, err
		}
	}
	spec.Games = tally.Games
	return &Result{Spec: spec, Summary: &sum}, nil
}
