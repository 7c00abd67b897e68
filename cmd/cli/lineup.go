package cli

import (
	"fmt"
	"strings"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
)

// lineup builds the strategies of a run from --strategy/--param or from
// --strategies, whose entries are "name" or "name:key=value:key=value".
// Every entry is checked (unknown names and bad parameters are errors).
func (f *Factory) lineup(g games.Game, strategy string, params, specs []string) ([]sim.Player, error) {
	if strategy != "" && len(specs) > 0 {
		return nil, fmt.Errorf("give --strategy or --strategies, not both")
	}
	if len(specs) == 0 {
		specs = []string{strategy}
	} else if len(params) > 0 {
		return nil, fmt.Errorf("--param goes with --strategy; with --strategies write name:key=value")
	}
	var out []sim.Player
	for _, spec := range specs {
		name, rest, _ := strings.Cut(strings.TrimSpace(spec), ":")
		p := params
		if rest != "" {
			p = strings.Split(rest, ":")
		}
		def, err := f.strategy(g.Name(), name)
		if err != nil {
			return nil, err
		}
		if _, err := def.New(g, p); err != nil {
			return nil, fmt.Errorf("strategy %s: %w", def.Name, err)
		}
		out = append(out, sim.Player{Strategy: def, Params: p})
	}
	return out, nil
}
