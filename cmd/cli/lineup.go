package cli

import (
	"fmt"
	"strings"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
)

// lineup builds the strategies of a run from --strategy/--param or from
// --strategies, whose entries are "name" or "name:key=value:key=value".
// Every entry is checked (unknown names and bad parameters are errors).
func (f *Factory) lineup(g games.Game, strategy string, params, specs []string) ([]sim.Player, error) {
	if err := checkSpecs(specs); err != nil {
		return nil, err
	}
	if strategy != "" && len(specs) > 0 {
		return nil, fmt.Errorf("give --strategy or --strategies, not both")
	}
	if len(specs) == 0 {
		p, err := analyses.Player(f.Strategies, g, strategy, params)
		if err != nil {
			return nil, err
		}
		return []sim.Player{p}, nil
	}
	if len(params) > 0 {
		return nil, fmt.Errorf("--param goes with --strategy; with --strategies write name:key=value")
	}
	return analyses.Lineup(f.Strategies, g, specs)
}

// checkSpecs reports an empty entry of --strategies, such as those of ","
// or "a,,b", which would otherwise stand for the game's first strategy, and
// a parameter given twice to one entry, which would keep its last value.
func checkSpecs(specs []string) error {
	for i, spec := range specs {
		name, params, _ := strings.Cut(spec, ":")
		if strings.TrimSpace(name) == "" {
			return fmt.Errorf("--strategies: empty strategy name in place %d of %d: write names such as a,b", i+1, len(specs))
		}
		if err := onceEach("parameter", strings.Split(params, ":")); err != nil {
			return fmt.Errorf("--strategies %s: %w", spec, err)
		}
	}
	return nil
}
