package chriscross

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cardsim/cardsim/games"
)

// modelPairs restates which pairs may be cast, cell by cell, without the
// engine's bit sets: two cards of one rank, in one column (in neighbouring
// rows under column-adjacent) or on one diagonal whose cells all hold a
// card, in ascending order of their actions.
func modelPairs(p *Position) []games.Action {
	s := p.Size()
	full := func(anti bool) bool {
		for r := range s {
			c := r
			if anti {
				c = s - 1 - r
			}
			if p.At(r, c) == 0 {
				return false
			}
		}
		return true
	}
	onDiag := func(r, c int, anti bool) bool { return anti && c == s-1-r || !anti && c == r }
	var out []games.Action
	for i := range s * s {
		for j := i + 1; j < s*s; j++ {
			r1, c1, r2, c2 := i/s, i%s, j/s, j%s
			a, b := p.At(r1, c1), p.At(r2, c2)
			if a == 0 || b == 0 || a.Rank() != b.Rank() {
				continue
			}
			column := c1 == c2 && (!p.cfg.adjacent || r2 == r1+1)
			diagonal := false
			for _, anti := range []bool{false, true} {
				diagonal = diagonal || p.cfg.diagonals && onDiag(r1, c1, anti) && onDiag(r2, c2, anti) && full(anti)
			}
			if column || diagonal {
				out = append(out, games.Action(Cell(r1, c1)*maxCells+Cell(r2, c2)))
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestPairsAgainstModel plays random games under every tableau size and
// reading of a pair, with 13 ranks and with 7 (where pairs abound), and at
// every casting decision compares the pairs the engine offers with
// modelPairs.
func TestPairsAgainstModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, size := range []int{3, 4, 5} {
		for _, rule := range [][3]bool{{false, false, false}, {false, true, false}, {true, false, false}, {true, true, false}, {false, true, true}} {
			for _, ranks := range []int{13, 7} {
				r := DefaultRules()
				r.Size, r.ColumnAdjacent, r.Diagonals, r.ChainMoves, r.Ranks = size, rule[0], rule[1], rule[2], ranks
				g, err := New(r)
				if err != nil {
					t.Fatal(err)
				}
				s := g.NewChrisCross()
				checked := 0
				var legal []games.Action
				for seed := range uint64(200) {
					s.Reset(seed)
					for s.Turn() != games.Terminal {
						legal = s.Legal(legal)
						p := s.Position()
						if p.Stage() == Casting {
							got := slices.DeleteFunc(slices.Clone(legal), func(a games.Action) bool { return a == EndStep })
							if want := modelPairs(&p); !slices.Equal(got, want) {
								t.Fatalf("%s: pairs %v, want %v", fmt.Sprint(r), got, want)
							}
							checked++
						}
						s.Apply(legal[rng.IntN(len(legal))])
					}
				}
				if checked < 15 {
					t.Errorf("%v: only %d casting decisions checked", r, checked)
				}
			}
		}
	}
}
