package analyses

import (
	"fmt"
	"strings"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
)

// Lineup returns the players of g named by specs, each "name" or
// "name:key=value:…"; an empty name is g's first strategy. Every entry is
// checked: an unknown name or a bad parameter is an error.
func Lineup(r *strategies.Registry, g games.Game, specs []string) ([]sim.Player, error) {
	var out []sim.Player
	for _, spec := range specs {
		name, rest, _ := strings.Cut(strings.TrimSpace(spec), ":")
		var params []string
		if rest != "" {
			params = strings.Split(rest, ":")
		}
		p, err := Player(r, g, name, params)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// Player returns the named strategy of g with its parameters, checked; an
// empty name is g's first strategy.
func Player(r *strategies.Registry, g games.Game, name string, params []string) (sim.Player, error) {
	def, err := r.Named(g, name)
	if err != nil {
		return sim.Player{}, err
	}
	if _, err := def.New(g, params); err != nil {
		return sim.Player{}, fmt.Errorf("strategy %s: %w", def.Name, err)
	}
	return sim.Player{Strategy: def, Params: params}, nil
}
