package chriscross

import (
	"github.com/cardsim/cardsim/games"
	cc "github.com/cardsim/cardsim/games/chriscross"
	"github.com/cardsim/cardsim/strategies"
)

// player plays games of Chris-Cross with one strategy, reusing its state
// and buffers as sim does.
type player struct {
	s     *cc.State
	strat strategies.Strategy
	legal []games.Action
}

func newPlayer(g *cc.Game, strat strategies.Strategy) *player {
	return &player{s: g.NewChrisCross(), strat: strat, legal: make([]games.Action, 0, 64)}
}

// play plays the game dealt from seed and returns the final state.
func (p *player) play(seed uint64) *cc.State {
	p.s.Reset(seed)
	p.strat.Begin(games.Mix(seed, 99))
	return p.finish()
}

// finish plays the dealt game to its end.
func (p *player) finish() *cc.State {
	for p.s.Turn() != games.Terminal {
		p.legal = p.s.Legal(p.legal)
		p.s.Apply(p.strat.Choose(p.s.View(0), p.legal))
	}
	return p.s
}

func mustGame(rules ...string) *cc.Game {
	g, err := cc.Definition().New(rules)
	if err != nil {
		panic(err)
	}
	return g.(*cc.Game)
}
