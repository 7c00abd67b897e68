package chriscross

import (
	"slices"
	"testing"

	"github.com/cardsim/cardsim/games"
)

// The expected values below are worked out by hand from RULES.md; cells are
// numbered row*5+column from 0, and a pair action is 25*i+j.

func TestNoPairLosesWithStockLeft(t *testing.T) {
	s := newDealt(t, DefaultRules(), base, "")
	if s.Turn() != games.Terminal {
		t.Fatalf("a tableau without pairs should lose at once; legal %v", legalOf(s))
	}
	o := s.Outcome(0)
	if o.Result != games.Loss || o.Score != 0 {
		t.Errorf("outcome %+v, want a loss with score 0", o)
	}
	// won, cards_left, rounds, pairs.column, pairs.diagonal, moves, transpositions, stall_round
	if m := s.Metrics(nil); !slices.Equal(m, []int64{0, 52, 1, 0, 0, 0, 0, 1}) {
		t.Errorf("metrics %v", m)
	}
}

func TestTripleInColumn(t *testing.T) {
	rows := edit(t, base, "2,0=AH", "4,0=AS") // column 1: AC 2C AH 4D AS
	s := newDealt(t, DefaultRules(), rows, "")
	want := []games.Action{0*25 + 10, 0*25 + 20, 10*25 + 20}
	if got := legalOf(s); !slices.Equal(got, want) {
		t.Fatalf("legal %v, want the three pairs %v", got, want)
	}
	s.Apply(PairAction(0, 10)) // AC + AH
	// AS has no partner left, so the step's casting ends by itself; the
	// first vacated cell, r1c1, can take 2C from below.
	if got := legalOf(s); !slices.Equal(got, []games.Action{Stay, FromBelow}) {
		t.Fatalf("after the cast: legal %v, want stay or from below", got)
	}
	s.Apply(Stay)
	// r3c1 can take 2C from above or 4D from below.
	if got := legalOf(s); !slices.Equal(got, []games.Action{Stay, FromAbove, FromBelow}) {
		t.Fatalf("second cell: legal %v", got)
	}
	s.Apply(FromAbove)
	// Rows 1 and 2 close left; the main diagonal is then 6C QC KC 6D QD,
	// full, with two pairs.
	if got, want := rowsOf(s), "[6C JC 3C 8C .] [7C QC 4C 9C .] [2C 8D KC 5C 10C] [4D 9D AD 6D JD] [AS 10D 2D 7D QD]"; got != want {
		t.Fatalf("tableau\n%s\nwant\n%s", got, want)
	}
	if got, want := legalOf(s), []games.Action{0*25 + 18, 6*25 + 24}; !slices.Equal(got, want) {
		t.Fatalf("legal %v, want the diagonal pairs %v", got, want)
	}
}

func TestFourInColumnBothPairsInOneStep(t *testing.T) {
	rows := edit(t, base, "1,0=AD", "2,0=AH", "3,0=AS", "3,2=3H") // column 1: AC AD AH AS 5D
	s := newDealt(t, DefaultRules(), rows, "")
	if got := legalOf(s); len(got) != 6 {
		t.Fatalf("legal %v, want the six pairs of four aces", got)
	}
	s.Apply(PairAction(0, 5))
	if got, want := legalOf(s), []games.Action{10*25 + 15, EndStep}; !slices.Equal(got, want) {
		t.Fatalf("after one pair: legal %v, want %v", got, want)
	}
	s.Apply(PairAction(10, 15))
	// No pair is left, so the moves follow. r1c1 has no neighbour with a
	// card (r2c1 was vacated), nor r2c1, nor r3c1; r4c1 takes 5D from below.
	if got := legalOf(s); !slices.Equal(got, []games.Action{Stay, FromBelow}) || s.pos.Target() != 15 {
		t.Fatalf("legal %v at target %d, want stay or from below at 15", got, s.pos.Target())
	}
	if s.pos.Removed() != 4 || s.pos.pairsCol != 2 {
		t.Errorf("removed %d, column pairs %d; want 4 and 2", s.pos.Removed(), s.pos.pairsCol)
	}
}

func TestCentreOnBothDiagonals(t *testing.T) {
	// KD on the main diagonal (r2c2) and KH on the anti diagonal (r2c4)
	// both pair with the centre KC.
	rows := edit(t, base, "1,1=KD", "1,3=KH")
	s := newDealt(t, DefaultRules(), rows, "")
	if got, want := legalOf(s), []games.Action{6*25 + 12, 8*25 + 12}; !slices.Equal(got, want) {
		t.Fatalf("legal %v, want both diagonal pairs %v", got, want)
	}
	s.Apply(PairAction(6, 12))
	// The anti diagonal has lost its centre: its pair is gone, and the
	// step moves on to vertical moves into r2c2.
	if s.pos.Stage() != Moving || s.pos.Target() != 6 {
		t.Fatalf("stage %v target %d, want moving at 6; legal %v", s.pos.Stage(), s.pos.Target(), legalOf(s))
	}
	if s.pos.pairsDiag != 1 {
		t.Errorf("diagonal pairs %d, want 1", s.pos.pairsDiag)
	}
}

func TestVerticalMoveSplitsRowPair(t *testing.T) {
	// Row 3 holds 8D and 8H, which cannot pair in one row. Column 4 holds
	// the only pair, 4C and 4H, which is cast by itself.
	rows := edit(t, base, "2,3=8H", "4,3=4H")
	s := newDealt(t, DefaultRules(), rows, "")
	if s.pos.Stage() != Moving || s.pos.Target() != 8 {
		t.Fatalf("stage %v target %d, want moving at r2c4 (8)", s.pos.Stage(), s.pos.Target())
	}
	if got := legalOf(s); !slices.Equal(got, []games.Action{Stay, FromAbove, FromBelow}) {
		t.Fatalf("legal %v", got)
	}
	s.Apply(FromBelow) // 8H up into r2c4
	if got := legalOf(s); !slices.Equal(got, []games.Action{Stay, FromAbove}) {
		t.Fatalf("r5c4: legal %v", got)
	}
	s.Apply(Stay)
	// After closing, the anti diagonal 8C 8H KC 9D 5D is full and pairs
	// 8C with 8H; cast alone, it leaves r1c5 to decide (9C below it).
	if got, want := rowsOf(s), "[AC 6C JC 3C .] [2C 7C QC . 9C] [3D 8D KC 10C .] [4D 9D AD 6D JD] [5D 10D 2D QD .]"; got != want {
		t.Fatalf("tableau\n%s\nwant\n%s", got, want)
	}
	if got := legalOf(s); !slices.Equal(got, []games.Action{Stay, FromBelow}) || s.pos.Target() != 4 {
		t.Fatalf("legal %v target %d", got, s.pos.Target())
	}
	if s.pos.vmoves != 1 || s.pos.pairsCol != 1 || s.pos.pairsDiag != 1 {
		t.Errorf("moves %d, column pairs %d, diagonal pairs %d; want 1 each", s.pos.vmoves, s.pos.pairsCol, s.pos.pairsDiag)
	}
}

func TestTranspositionAndRefill(t *testing.T) {
	p := position(t, DefaultRules(), []string{
		"AC 2C 3C 4C 5C",
		"6C 7C 8C . .",
		"9C . . . .",
		". . . . .",
		"10C JC QC KC .",
	}, "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AH", 1, 1, 1)
	var log []games.Event
	p.settle(&log)
	if len(log) < 2 {
		t.Fatalf("events %v", log)
	}
	tr, ok := log[0].(*TransposeEvent)
	if !ok {
		t.Fatalf("first event %v, want a transposition", log[0])
	}
	if want := "[AC 2C 3C 4C 5C] [7C 8C 6C . .] [9C . . . .] [. . . . .] [JC QC KC 10C .]"; tr.Tableau != want || !slices.Equal(tr.Rows, []int{2, 5}) {
		t.Errorf("transposed rows %v to\n%s\nwant rows [2 5] and\n%s", tr.Rows, tr.Tableau, want)
	}
	rf, ok := log[1].(*RefillEvent)
	if !ok {
		t.Fatalf("second event %v, want a refill", log[1])
	}
	// Down column 1 (one gap), then column 2 (two), 3 (two), 4 (three), 5 (four).
	if want := "[AC 2C 3C 4C 5C] [7C 8C 6C 6D 9D] [9C 2D 4D 7D 10D] [AD 3D 5D 8D JD] [JC QC KC 10C QD]"; rf.Tableau != want || rf.StockLeft != 2 || rf.Round != 2 {
		t.Errorf("refill: round %d, %d left,\n%s\nwant round 2, 2 left,\n%s", rf.Round, rf.StockLeft, rf.Tableau, want)
	}
	if got, want := p.Legal(nil), []games.Action{0*25 + 15, 1*25 + 11, 6*25 + 18}; !slices.Equal(got, want) {
		t.Errorf("round 2 legal %v, want %v", got, want)
	}
	if p.transposed != 2 || p.round != 2 || p.phase != 1 {
		t.Errorf("transposed %d round %d phase %d", p.transposed, p.round, p.phase)
	}
}

func TestRoundEnds(t *testing.T) {
	rows := []string{"AC 2C . . .", "3C . . . .", ". . . . .", ". . . . .", ". . . . ."}
	for _, tc := range []struct {
		name                    string
		rows                    []string
		stock                   string
		round, phase, castPhase int
		won                     bool
		stall                   int
	}{
		{"phase 1 cast nothing, stock left", rows, "AD", 3, 1, 0, false, 3},
		{"phase 2 over, no stock", rows, "", 4, 2, 0, false, 4},
		{"last pair cast, no stock", []string{"AC . . . .", "AD . . . .", ". . . . .", ". . . . .", ". . . . ."}, "", 5, 2, 0, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := position(t, DefaultRules(), tc.rows, tc.stock, tc.round, tc.phase, tc.castPhase)
			p.settle(nil)
			if !p.Over() || p.Won() != tc.won || int(p.stall) != tc.stall {
				t.Errorf("over %v won %v stall %d, want over, won %v, stall %d", p.Over(), p.Won(), p.stall, tc.won, tc.stall)
			}
		})
	}
}

func TestColumnAdjacent(t *testing.T) {
	rows := edit(t, base, "1,0=AH", "3,0=AS", "3,2=4H") // column 1: AC AH 3D AS 5D
	for _, tc := range []struct {
		adjacent bool
		want     []games.Action
	}{
		{false, []games.Action{0*25 + 5, 0*25 + 15, 5*25 + 15}},
		{true, []games.Action{0*25 + 5}},
	} {
		r := DefaultRules()
		r.ColumnAdjacent = tc.adjacent
		p := position(t, r, rows, "", 1, 1, 0)
		if got := p.Legal(nil); !slices.Equal(got, tc.want) {
			t.Errorf("column-adjacent=%v: legal %v, want %v", tc.adjacent, got, tc.want)
		}
	}
}

func TestChainMoves(t *testing.T) {
	// Cast the pair at r3c1 and r3c3 of a diagonal-free layout by hand,
	// then move 2C down from r2c1: with chains, AC may follow into r2c1.
	rows := []string{"AC . . . .", "2C . . . .", "3C . . . .", ". . . . .", ". . . . ."}
	for _, chain := range []bool{false, true} {
		r := DefaultRules()
		r.ChainMoves = chain
		p := position(t, r, rows, "", 1, 1, 0)
		p.grid[Cell(2, 0)] = 0
		p.vacated = 1 << Cell(2, 0)
		p.castStep, p.castPhase, p.stage = 1, 1, Moving
		p.Apply(FromAbove)
		got := p.Legal(nil)
		if chain {
			if p.Target() != Cell(1, 0) || !slices.Equal(got, []games.Action{Stay, FromAbove}) {
				t.Errorf("chain: target %d legal %v, want r2c1 with stay or from above", p.Target(), got)
			}
			continue
		}
		// The step closes; no pair is left and the stock is empty, so the
		// game is lost with 2C in row 3.
		if p.Stage() != Over || p.vmoves != 1 {
			t.Errorf("no chain: stage %v, %d moves; want over after 1 move", p.Stage(), p.vmoves)
		}
		if want := "[AC . . . .] [. . . . .] [2C . . . .] [. . . . .] [. . . . .]"; p.gridString() != want {
			t.Errorf("no chain: %s, want %s", p.gridString(), want)
		}
	}
}
