package sim

import (
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
)

// Manifest records what produced a summary, so any figure can be traced to
// the command, code and seed that made it.
type Manifest struct {
	Cardsim string               `json:"cardsim"`
	Go      string               `json:"go"`
	Modules map[string]string    `json:"modules"`
	Game    string               `json:"game"`
	Title   string               `json:"title,omitempty"` // the game's name in prose, where known
	Rules   map[string]RuleValue `json:"rules"`
	// RulesChanged lists, sorted, the rules whose value in force is not
	// their default: what the run asked beyond the rules as written.
	RulesChanged []string         `json:"rules_changed,omitempty"`
	ScoreBounds  [2]int           `json:"score_bounds"` // the least and greatest score a seat can end with
	Strategies   []StrategyRecord `json:"strategies"`   // the lineup
	Seatings     int              `json:"seatings"`     // plays per deal
	Seed         uint64           `json:"seed"`
	Games        int64            `json:"games"` // deals played
	Confidence   float64          `json:"confidence"`
	Stopped      string           `json:"stopped,omitempty"` // why the run ended, when not after --games
	Workers      int              `json:"workers"`
	WallSeconds  float64          `json:"wall_seconds"`
	// DealScale, when set, is the share of the deals asked for that the
	// run played (CARDSIM_DEAL_SCALE, a test's setting): its figures are
	// not those of the command as written.
	DealScale float64 `json:"deal_scale,omitempty"`
}

// StrategyRecord names a strategy and its parameter values.
type StrategyRecord struct {
	Name   string            `json:"name"`
	Params map[string]string `json:"params"`
}

// NewManifest returns the manifest of the run cfg that played n deals,
// filling in cardsim's version, the Go version and
// the module versions the binary was built with.
func NewManifest(cfg *Config, n int64, confidence float64) Manifest {
	g := cfg.Game
	m := Manifest{
		Cardsim: Version, Go: runtime.Version(), Modules: map[string]string{},
		Game: g.Name(), Title: cfg.Title, Rules: map[string]RuleValue{}, Seed: cfg.Seed, Games: n,
		Seatings: len(cfg.seatings()), Confidence: confidence, Workers: cfg.Workers,
	}
	m.ScoreBounds[0], m.ScoreBounds[1] = g.ScoreBounds()
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			m.Modules[d.Path] = d.Version
		}
	}
	for _, s := range g.Rules() {
		m.Rules[s.Name] = RuleValue{Text: s.Value, Kind: s.Kind}
		if s.Value != s.Default {
			m.RulesChanged = append(m.RulesChanged, s.Name)
		}
	}
	slices.Sort(m.RulesChanged)
	for _, p := range cfg.Lineup {
		m.Strategies = append(m.Strategies, StrategyRecord{Name: p.Strategy.Name, Params: ParamValues(p)})
	}
	return m
}

// ParamValues returns every parameter of p's strategy with the value in
// force: its default unless p sets it.
func ParamValues(p Player) map[string]string {
	v := map[string]string{}
	for _, s := range p.Strategy.Params(nil) {
		v[s.Name] = s.Default
	}
	for _, kv := range p.Params {
		if k, val, ok := strings.Cut(kv, "="); ok {
			v[strings.TrimSpace(k)] = strings.TrimSpace(val)
		}
	}
	return v
}
