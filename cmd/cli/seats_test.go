package cli

import (
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// seatWins reads a records file of a run of one seating a deal and
// returns, deal by deal, each seat's win (0 or 1).
func seatWins(t *testing.T, path string, seats int) [][]float64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, c := range rows[0] {
		col[c] = i
	}
	var deals [][]float64
	for _, r := range rows[1:] {
		i, _ := strconv.Atoi(r[col["index"]])
		seat, _ := strconv.Atoi(r[col["seat"]])
		for len(deals) <= i {
			deals = append(deals, make([]float64, seats))
		}
		if r[col["result"]] == "win" {
			deals[i][seat] = 1
		}
	}
	return deals
}

// tableRow finds the row of a table that starts with label and returns
// its cells after it, split on runs of two spaces or more.
func tableRow(t *testing.T, table, label string) []string {
	t.Helper()
	for _, line := range strings.Split(table, "\n") {
		if strings.HasPrefix(line, label) {
			return regexp.MustCompile(`\s{2,}`).Split(strings.TrimSpace(strings.TrimPrefix(line, label)), -1)
		}
	}
	t.Fatalf("no row %q in:\n%s", label, table)
	return nil
}

// TestSeatsAgainstRecords: at five players of Round-up, each printed seat
// pair is the difference of the two seats' wins paired by deal, worked
// here from the --records rows alone: its value the mean of the deals'
// differences, its interval that mean ± c·se with se the paired standard
// error and one critical value c for all ten pairs, between the single
// pair's 1.96 and Bonferroni's 3.02 for ten (the simultaneous max-|z|
// value of correlated pairs lies between the two). The seat test's T² is
// Hotelling's, worked from the deals' differences from the last seat with
// gonum's matrices.
func TestSeatsAgainstRecords(t *testing.T) {
	const seats, deals = 5, 3000
	dir := t.TempDir()
	recs := filepath.Join(dir, "records.csv")
	table := mustRun(t, "run", "roundup", "--rule", "players=5", "--games", fmt.Sprint(deals), "--seed", "3", "--records", recs, "-q")
	w := seatWins(t, recs, seats)
	if len(w) != deals {
		t.Fatalf("records of %d deals, want %d", len(w), deals)
	}
	n := float64(deals)
	var crit []float64
	for a := range seats {
		for b := a + 1; b < seats; b++ {
			var sum, sq float64
			for _, d := range w {
				x := d[a] - d[b]
				sum += x
				sq += x * x
			}
			mean := sum / n
			se := math.Sqrt((sq - n*mean*mean) / (n - 1) / n)
			cells := tableRow(t, table, fmt.Sprintf("seat %d − seat %d: win rate difference", a+1, b+1))
			// cells: "(all pairs at once)", "+1.23 pp", "+0.10 … +2.36, adjusted p = 0.03"
			v, err := strconv.ParseFloat(strings.TrimSuffix(cells[1], " pp"), 64)
			if err != nil {
				t.Fatalf("seat %d − seat %d: value %q", a+1, b+1, cells[1])
			}
			if math.Abs(v-100*mean) > 0.0051 {
				t.Errorf("seat %d − seat %d: printed %+.2f pp, the records give %+.4f", a+1, b+1, v, 100*mean)
			}
			var lo, hi float64
			if _, err := fmt.Sscanf(strings.ReplaceAll(cells[2], "…", "to"), "%g to %g", &lo, &hi); err != nil {
				t.Fatalf("seat %d − seat %d: interval %q: %v", a+1, b+1, cells[2], err)
			}
			if math.Abs((lo+hi)/2-100*mean) > 0.0051 {
				t.Errorf("seat %d − seat %d: interval %g … %g not centred on %+.4f", a+1, b+1, lo, hi, 100*mean)
			}
			crit = append(crit, (hi-lo)/2/(100*se))
		}
	}
	for i, c := range crit {
		if c < 1.96 || c > 3.02 || math.Abs(c-crit[0]) > 0.03 {
			t.Errorf("pair %d: half-width %.3f standard errors; want one value for every pair, from 1.96 to 3.02 (%.3f)", i, c, crit)
		}
	}
	// Hotelling's T² of the differences from the last seat.
	q := seats - 1
	mean := mat.NewVecDense(q, nil)
	for _, d := range w {
		for i := range q {
			mean.SetVec(i, mean.AtVec(i)+(d[i]-d[q])/n)
		}
	}
	cov := mat.NewSymDense(q, nil)
	for _, d := range w {
		for i := range q {
			for j := i; j < q; j++ {
				xi, xj := d[i]-d[q]-mean.AtVec(i), d[j]-d[q]-mean.AtVec(j)
				cov.SetSym(i, j, cov.At(i, j)+xi*xj/(n-1))
			}
		}
	}
	var x mat.VecDense
	if err := x.SolveVec(cov, mean); err != nil {
		t.Fatal(err)
	}
	t2 := n * mat.Dot(mean, &x)
	cells := tableRow(t, table, "seats: every seat wins its fair share")
	var got float64
	var df int
	if _, err := fmt.Sscanf(cells[2], "Hotelling T² %g on %d df", &got, &df); err != nil {
		t.Fatalf("seat test %q: %v", cells[2], err)
	}
	if df != q || math.Abs(got-t2) > 0.0051 {
		t.Errorf("seat test: printed T² %g on %d df; the records give %.4f on %d", got, df, t2, q)
	}
}

// TestFeaturesFlag: the deal features' rows are in run's table with
// --features only, and in figures.csv either way.
func TestFeaturesFlag(t *testing.T) {
	dir := t.TempDir()
	without := mustRun(t, "run", "spite", "--games", "20", "--out", filepath.Join(dir, "a"), "-q")
	with := mustRun(t, "run", "spite", "--games", "20", "--features", "-q")
	if strings.Contains(without, "\ndealt ") || !strings.Contains(without, "rows by deal feature are left out") {
		t.Errorf("without --features:\n%s", without)
	}
	if !strings.Contains(with, "\ndealt jokers_in_first_hand = ") || strings.Contains(with, "left out") {
		t.Errorf("with --features:\n%s", with)
	}
	fig, err := os.ReadFile(filepath.Join(dir, "a", "figures.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(fig), ",jokers_in_first_hand,") {
		t.Error("figures.csv holds no deal feature's rows")
	}
}
