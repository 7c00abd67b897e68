package experiment

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/internal/inputfile"
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

// ReadSpec returns the Spec of the experiment recorded at path: a run's
// summary.json (or the directory that holds it), whose manifest gives the
// Spec that reproduces the run (SpecOf), or a spec file, YAML or JSON with
// a kind, which is the Spec written down (ParseSpec).
//
// A manifest is checked for what it means: a game, at least one strategy,
// at least 2 deals and a confidence level; the rules and strategies are
// checked when the Spec is run. The partial summary of an interrupted run
// is refused: its deals are those the interrupt left, not a run's.
func ReadSpec(path string) (Spec, error) {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		path = filepath.Join(path, "summary.json")
	}
	b, err := inputfile.Read(path, MaxSummaryBytes)
	if err != nil {
		return Spec{}, fmt.Errorf("%s: %w", path, err)
	}
	var sum struct {
		Manifest *sim.Manifest `json:"manifest"`
	}
	if json.Unmarshal(b, &sum) != nil || sum.Manifest == nil {
		spec, err := ParseSpec(b)
		if err != nil {
			return Spec{}, fmt.Errorf("%s: neither a summary.json nor a spec file: %w", path, err)
		}
		return spec, nil
	}
	m := sum.Manifest
	switch {
	case m.Game == "" || len(m.Strategies) == 0:
		return Spec{}, fmt.Errorf("%s: its manifest names no game or no strategy", path)
	case m.Games < 2 || !(m.Confidence > 0 && m.Confidence < 1):
		return Spec{}, fmt.Errorf("%s: its manifest holds %d deals at confidence %g: not a finished run", path, m.Games, m.Confidence)
	case strings.HasPrefix(m.Stopped, "interrupted"):
		return Spec{}, fmt.Errorf("%s is the partial summary of an interrupted run (%s): resume that run rather than replay it", path, m.Stopped)
	}
	return SpecOf(m), nil
}

// ParseSpec reads a Spec written in YAML or JSON, its fields named as in
// JSON; a swept rule is one quoted entry, such as rules: ["insure=0,1,2",
// rounds=10] (YAML would split it at its commas). A field it does not know is an error, and a field left out takes
// the default of the command's flag: confidence 0.95, scale 1, the most
// deals of a precision 10,000,000 aimed at the score, checkpoints every 5
// seconds. The Spec is not checked: Runner.Run checks it.
func ParseSpec(b []byte) (Spec, error) {
	var s Spec
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&s); err != nil {
		msg := strings.NewReplacer("yaml: ", "", "unmarshal errors:\n  ", "", " in type experiment.Spec", "",
			" into experiment.Spec", " into a spec", "\n  ", "; ").Replace(err.Error())
		return Spec{}, errors.New(msg)
	}
	if s.Kind == "" {
		return Spec{}, errors.New("no kind: want kind: run, compare, sweep, tournament, skill, analyze, solve or report")
	}
	if s.Confidence == 0 {
		s.Confidence = DefaultConfidence
	}
	if s.Scale == 0 {
		s.Scale = 1
	}
	if s.Precision > 0 && s.MaxGames == 0 {
		s.MaxGames = DefaultMaxGames
	}
	if s.CheckpointEvery == 0 {
		s.CheckpointEvery = Duration(DefaultCheckpointEvery)
	}
	return s, nil
}

// Merge combines the parts of a sharded run at paths (a directory stands
// for every part-K-of-N.json in it) into exactly the summary one run of all
// the deals would have given, and writes it into out if set.
func (r *Runner) Merge(paths []string, out string) (*Result, error) {
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
	cfg := sim.Config{Game: g, Lineup: lineup, Seed: spec.Seed}
	tally, err := sim.MergeParts(&cfg, parts)
	if err != nil {
		return nil, err
	}
	if err := games.CanDeal(g); err != nil {
		r.notef("cardsim: note: the parts' deals were not dealt again to check their fingerprints: %v\n", err)
	}
	res := &sim.Result{Config: cfg, Tally: tally, Confidence: spec.Confidence}
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
