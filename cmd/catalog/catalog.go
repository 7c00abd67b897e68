// Package catalog wires every game, strategy and analysis cardsim ships into
// the registries the commands use. Adding a game means adding its lines here.
package catalog

import (
	"os"
	"path/filepath"

	"github.com/cardsim/cardsim/analyses"
	noraanalyses "github.com/cardsim/cardsim/analyses/nora"
	roundupanalyses "github.com/cardsim/cardsim/analyses/roundup"
	spiteanalyses "github.com/cardsim/cardsim/analyses/spite"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/chriscross"
	"github.com/cardsim/cardsim/games/flip"
	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/games/roundup"
	"github.com/cardsim/cardsim/games/spite"
	"github.com/cardsim/cardsim/strategies"
	chriscrossbots "github.com/cardsim/cardsim/strategies/chriscross"
	flipbots "github.com/cardsim/cardsim/strategies/flip"
	norabots "github.com/cardsim/cardsim/strategies/nora"
	roundupbots "github.com/cardsim/cardsim/strategies/roundup"
	spitebots "github.com/cardsim/cardsim/strategies/spite"
)

// Games returns a registry holding every game.
func Games() *games.Registry {
	r := new(games.Registry)
	r.Register(nora.Definition())
	r.Register(chriscross.Definition())
	r.Register(flip.Definition())
	r.Register(roundup.Definition())
	r.Register(spite.Definition())
	return r
}

// Strategies returns a registry holding every strategy, generic and per game.
func Strategies() *strategies.Registry {
	r := new(strategies.Registry)
	norabots.Register(r, NoraCacheDir())
	chriscrossbots.Register(r)
	flipbots.Register(r)
	roundupbots.Register(r)
	spitebots.Register(r)
	r.Register(strategies.RandomDefinition())
	r.Register(strategies.FlatMCDefinition(r))
	r.Register(strategies.PIMCDefinition(r))
	r.Register(strategies.ISMCTSDefinition(r))
	return r
}

// Analyses returns a registry holding every game's analysis (cardsim
// analyze).
func Analyses() *analyses.Registry {
	r := new(analyses.Registry)
	r.Register(noraanalyses.Economy(NoraCacheDir()))
	r.Register(roundupanalyses.Design())
	r.Register(spiteanalyses.Edge())
	return r
}

// Solvers returns a registry holding every game's solver of optimal play
// (cardsim solve).
func Solvers() *analyses.Registry {
	r := new(analyses.Registry)
	r.Register(noraanalyses.Policy(NoraCacheDir()))
	return r
}

// NoraCacheDir returns the directory where Nora's policy bots, analysis and
// solver keep the pass samples their policies are built from, so that a
// later run reads them back rather than drawing them again: cardsim under
// the user's cache directory (os.UserCacheDir, read when the registries are
// built), or "" (kept in memory only) when there is none.
func NoraCacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "cardsim")
}
