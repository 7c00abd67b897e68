package chriscross

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// base is a 5×5 tableau without a pair in any column or diagonal: the rank
// in row r, column c is (r + 5c) mod 13 + 1, and no rank appears twice in a
// column or a diagonal. Tests edit copies of it.
var base = []string{
	"AC 6C JC 3C 8C",
	"2C 7C QC 4C 9C",
	"3D 8D KC 5C 10C",
	"4D 9D AD 6D JD",
	"5D 10D 2D 7D QD",
}

// edit returns base with the cells set: "r,c=card" pairs, from 0.
func edit(t *testing.T, rows []string, sets ...string) []string {
	t.Helper()
	g := make([][]string, len(rows))
	for r, row := range rows {
		g[r] = strings.Fields(row)
	}
	for _, s := range sets {
		var r, c int
		cell, card, _ := strings.Cut(s, "=")
		if _, err := fmt.Sscanf(cell, "%d,%d", &r, &c); err != nil {
			t.Fatalf("bad edit %q", s)
		}
		g[r][c] = card
	}
	out := make([]string, len(g))
	for r := range g {
		out[r] = strings.Join(g[r], " ")
	}
	return out
}

// dealText returns the deal text for a tableau given row by row, followed
// by the stock: the cards named in top, then the rest of rules r's deck in
// rank-major order.
func dealText(t *testing.T, r Rules, rows []string, top string) string {
	t.Helper()
	n := r.Size
	grid := make([][]string, n)
	for i, row := range rows {
		grid[i] = strings.Fields(row)
		if len(grid[i]) != n {
			t.Fatalf("row %d has %d cards", i+1, len(grid[i]))
		}
	}
	var order []string
	for c := 0; c < n; c++ {
		for i := 0; i < n; i++ {
			order = append(order, grid[i][c])
		}
	}
	order = append(order, strings.Fields(top)...)
	used, err := cards.ParseDeck(strings.Join(order, " "))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[cards.Card]bool{}
	for _, c := range used {
		seen[c] = true
	}
	for _, c := range r.Deck() {
		if !seen[c] {
			order = append(order, c.String())
		}
	}
	return strings.Join(order, " ")
}

// newDealt returns a state of rules r dealt from the rows.
func newDealt(t *testing.T, r Rules, rows []string, top string) *State {
	t.Helper()
	g, err := New(r)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewChrisCross()
	s.Record(true)
	if err := s.Deal(dealText(t, r, rows, top), 0); err != nil {
		t.Fatal(err)
	}
	return s
}

// rowsOf returns the tableau as the trace prints it.
func rowsOf(s *State) string { return s.pos.gridString() }

// legalOf returns the legal actions.
func legalOf(s *State) []games.Action { return s.Legal(nil) }

// position builds a Position of rules r directly from rows ("." for an
// empty cell) and a stock, at the start of a step of the given round and
// phase.
func position(t *testing.T, r Rules, rows []string, stock string, round, phase, castPhase int) Position {
	t.Helper()
	p := Position{cfg: r.config(), round: uint8(round), phase: uint8(phase), castPhase: uint8(castPhase)}
	for i, row := range rows {
		for c, f := range strings.Fields(row) {
			if f == "." {
				continue
			}
			x, err := cards.Parse(f)
			if err != nil {
				t.Fatal(err)
			}
			p.grid[Cell(i, c)] = x
		}
	}
	st, err := cards.ParseDeck(stock)
	if err != nil {
		t.Fatal(err)
	}
	p.nStock = uint8(copy(p.stock[:], st))
	return p
}
