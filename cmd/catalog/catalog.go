// Package catalog wires every game, strategy and analysis cardsim ships into
// the registries the commands use. Adding a game means adding its lines here.
package catalog

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"

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
	registerToyGame(r) // only with the build tag toygame (toy_on.go)
	return r
}

// Strategies returns a registry holding every strategy, generic and per game.
func Strategies() *strategies.Registry {
	r := new(strategies.Registry)
	norabots.Register(r, NoraSetup())
	chriscrossbots.Register(r)
	flipbots.Register(r)
	roundupbots.Register(r)
	spitebots.Register(r)
	registerToyBots(r)
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
	r.Register(noraanalyses.Economy(NoraSetup()))
	r.Register(roundupanalyses.Design())
	r.Register(spiteanalyses.Edge())
	registerToyAnalysis(r)
	return r
}

// Solvers returns a registry holding every game's solver of optimal play
// (cardsim solve).
func Solvers() *analyses.Registry {
	r := new(analyses.Registry)
	r.Register(noraanalyses.Policy(NoraSetup()))
	return r
}

// DealScaleEnv names the environment variable that scales cardsim's work
// down for tests: a share from 0 to 1, such as 0.001, of the deals of every
// run (cmd/cli reads it) and of the shuffles Nora's policies are built from
// by default (NoraSetup).
const DealScaleEnv = "CARDSIM_DEAL_SCALE"

// NoraSetup returns how Nora's computed policies are built: their pass
// samples kept in NoraCacheDir, and their default shuffles per composition
// scaled by DealScaleEnv when it holds a share between 0 and 1 (cmd/cli
// refuses any other value before a policy is built).
func NoraSetup() norabots.Setup {
	s := norabots.Setup{CacheDir: NoraCacheDir()}
	if v, err := DealScale(); err == nil && v < 1 {
		s.SampleScale = v
	}
	return s
}

// DealScale returns the share DealScaleEnv holds: 0 when it is unset, an
// error unless it is a number above 0 and at most 1.
func DealScale() (float64, error) {
	v := os.Getenv(DealScaleEnv)
	if v == "" {
		return 0, nil
	}
	scale, err := strconv.ParseFloat(v, 64)
	if err != nil || !(scale > 0 && scale <= 1) {
		return 0, fmt.Errorf("%s=%q: want a share of the deals, more than 0 and at most 1", DealScaleEnv, v)
	}
	return scale, nil
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
