//go:build toygame

package catalog

import (
	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/experiment/toygame"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// With the build tag toygame, the catalog holds a sixth game, the toy of
// package toygame, added by the recipe's lines alone: its definition, its
// bots, its analysis and its question. "go test -short -tags toygame
// ./cmd/..." then runs every command's tests with six games (CI does).

// WithToy reports whether the catalog holds the toy game: true in a build
// with the tag toygame.
const WithToy = true

func registerToyGame(r *games.Registry)        { r.Register(toygame.Definition()) }
func registerToyBots(r *strategies.Registry)   { toygame.Register(r) }
func registerToyAnalysis(r *analyses.Registry) { r.Register(toygame.Analysis()) }
func toyStudies() []Study {
	return []Study{{Game: toygame.Name, Title: toygame.Question, Strategies: []string{"greedy", "high"}, Games: 300}}
}
