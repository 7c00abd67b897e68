package sim

import (
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/cardsim/cardsim/games"
)

// NewManifest returns the manifest of a run of g with the given players,
// seed and number of games, filling in cardsim's version, the Go version and
// the module versions the binary was built with.
func NewManifest(g games.Game, players []Player, seed uint64, n int64, confidence float64, workers int) Manifest {
	m := Manifest{
		Cardsim: Version, Go: runtime.Version(), Modules: map[string]string{},
		Game: g.Name(), Rules: map[string]string{}, Seed: seed, Games: n,
		Confidence: confidence, Workers: workers,
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			m.Modules[d.Path] = d.Version
		}
	}
	for _, s := range g.Rules() {
		m.Rules[s.Name] = s.Value
	}
	for _, p := range players {
		m.Strategies = append(m.Strategies, StrategyRecord{Name: p.Strategy.Name, Params: ParamValues(p)})
	}
	return m
}

// ParamValues returns every parameter of p's strategy with the value in
// force: its default unless p sets it.
func ParamValues(p Player) map[string]string {
	v := map[string]string{}
	for _, s := range p.Strategy.Params() {
		v[s.Name] = s.Default
	}
	for _, kv := range p.Params {
		if k, val, ok := strings.Cut(kv, "="); ok {
			v[strings.TrimSpace(k)] = strings.TrimSpace(val)
		}
	}
	return v
}
