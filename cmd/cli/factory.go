package cli

import (
	"io"
	"os"

	"golang.org/x/term"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/cmd/catalog"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// Factory carries what every command needs: the input and output streams and
// the registries of games, strategies, analyses, solvers and studies.
type Factory struct {
	In         io.Reader
	Out        io.Writer
	Err        io.Writer
	Games      *games.Registry
	Strategies *strategies.Registry
	Analyses   *analyses.Registry // cardsim analyze
	Solvers    *analyses.Registry // cardsim solve
	Studies    []catalog.Study    // cardsim report
}

// NewFactory returns a factory over the given streams with every game,
// strategy, analysis and study cardsim ships.
func NewFactory(in io.Reader, out, errw io.Writer) *Factory {
	return &Factory{In: in, Out: out, Err: errw, Games: catalog.Games(), Strategies: catalog.Strategies(),
		Analyses: catalog.Analyses(), Solvers: catalog.Solvers(), Studies: catalog.Studies()}
}

// ErrIsTerminal reports whether the error stream is a terminal, where a
// progress bar makes sense.
func (f *Factory) ErrIsTerminal() bool {
	file, ok := f.Err.(*os.File)
	return ok && term.IsTerminal(int(file.Fd()))
}

// game looks a game up and applies rule options.
func (f *Factory) game(name string, rules []string) (games.Game, error) {
	def, err := f.Games.Lookup(name)
	if err != nil {
		return nil, err
	}
	return def.New(rules)
}

// strategy looks a strategy up for a game; an empty name means the game's
// first own strategy.
func (f *Factory) strategy(game, name string) (strategies.Definition, error) {
	if name == "" {
		all := f.Strategies.For(game)
		if len(all) == 0 {
			return strategies.Definition{}, errNoStrategy(game)
		}
		return all[0], nil
	}
	return f.Strategies.Lookup(game, name)
}
