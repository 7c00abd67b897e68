package strategies

import (
	"fmt"
	"strings"

	"github.com/cardsim/cardsim/games"
)

// Player is one entry of a lineup: a strategy with its parameters, each
// "key=value".
type Player struct {
	Strategy Definition
	Params   []string
}

// Lineup returns the players of g named by specs, each "name" or
// "name:key=value:…"; an empty name is g's first strategy. Every entry is
// checked: an unknown name, a strategy that cannot play g or a bad
// parameter is an error.
func (r *Registry) Lineup(g games.Game, specs []string) ([]Player, error) {
	var out []Player
	for _, spec := range specs {
		name, rest, _ := strings.Cut(strings.TrimSpace(spec), ":")
		var params []string
		if rest != "" {
			params = strings.Split(rest, ":")
		}
		p, err := r.Player(g, name, params)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// Player returns the named strategy of g with its parameters, checked; an
// empty name is g's first strategy.
func (r *Registry) Player(g games.Game, name string, params []string) (Player, error) {
	def, err := r.Named(g, name)
	if err != nil {
		return Player{}, err
	}
	if _, err := def.New(g, params); err != nil {
		return Player{}, fmt.Errorf("strategy %s: %w", def.Name, err)
	}
	return Player{Strategy: def, Params: params}, nil
}
