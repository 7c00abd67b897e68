//go:build !toygame

package catalog

import (
	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// Without the build tag toygame the catalog holds the real games only:
// these add nothing (toy_on.go adds the toy).

// WithToy reports whether the catalog holds the toy game: true in a build
// with the tag toygame.
const WithToy = false

func registerToyGame(*games.Registry)        {}
func registerToyBots(*strategies.Registry)   {}
func registerToyAnalysis(*analyses.Registry) {}
func toyStudies() []Study                    { return nil }
