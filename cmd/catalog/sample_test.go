package catalog

import (
	"math/rand/v2"
	"testing"

	"github.com/cardsim/cardsim/games"
)

// TestWarmSampleAllocatesNothing: for every game whose views sample, a
// view's SampleState into a state it filled before allocates nothing, at
// the start of a game and a few random moves in, as games.Sampler asks.
func TestWarmSampleAllocatesNothing(t *testing.T) {
	for _, d := range Games().All() {
		g, err := d.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Capabilities().Sample {
			continue
		}
		s := g.NewState()
		s.Reset(7)
		rng := rand.New(rand.NewPCG(1, 2))
		var legal []games.Action
		for move := 0; move < 12 && s.Turn() != games.Terminal; move++ {
			v := s.View(s.Turn()).(games.Sampler)
			dst := v.SampleState(nil, 1)
			if n := testing.AllocsPerRun(20, func() { dst = v.SampleState(dst, 3) }); n > 0 {
				t.Errorf("%s, move %d: a warm sample allocates %v times", d.Name, move, n)
				break
			}
			legal = s.Legal(legal)
			s.Apply(legal[rng.IntN(len(legal))])
		}
	}
}
