package sim

import (
	"context"
	"encoding/json"
	"math"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
)

// TestSeatCrossFromRecords: the seats' sums over deals equal those worked
// from the records of every seat of every game, a deal's wins summed over
// its seatings (six at four seats of two strategies, two in Spite), and
// in one seating two seats never win the same deal.
func TestSeatCrossFromRecords(t *testing.T) {
	runs := severalSeats(t, 60)
	one := runs["roundup"]
	one.Lineup = one.Lineup[:1]
	runs["roundup, one strategy"] = one
	for name, cfg := range runs {
		t.Run(name, func(t *testing.T) {
			var c collect
			cfg.Records = &c
			tl, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			k := cfg.Game.Seats()
			want := make([]int64, k*k)
			wins := map[int64][]int64{}
			for _, r := range c.rs {
				if wins[r.Index] == nil {
					wins[r.Index] = make([]int64, k)
				}
				if r.Result == games.Win {
					wins[r.Index][r.Seat]++
				}
			}
			for _, w := range wins {
				for s := range k {
					for u := range k {
						want[s*k+u] += w[s] * w[u]
					}
				}
			}
			if !slices.Equal(tl.SeatCross, want) {
				t.Errorf("seat cross %v; from the records %v", tl.SeatCross, want)
			}
			if len(cfg.Lineup) == 1 {
				for s := range k {
					for u := range k {
						if s != u && tl.SeatCross[s*k+u] != 0 {
							t.Errorf("one seating: seats %d and %d won %d deals together", s, u, tl.SeatCross[s*k+u])
						}
					}
				}
			}
			ss := tl.SeatSums()
			if ss == nil || ss.Plays != int64(len(cfg.seatings())) || ss.Deals != cfg.Games {
				t.Fatalf("SeatSums %+v for %d deals of %d seatings", ss, cfg.Games, len(cfg.seatings()))
			}
			// The sums feed the seat test and the pairs.
			sum := Summarize(&cfg, tl, 0.95)
			if sum.SeatTest == nil || len(sum.SeatPairs) != k*(k-1)/2 {
				t.Fatalf("seat test %+v and %d pairs for %d seats", sum.SeatTest, len(sum.SeatPairs), k)
			}
		})
	}
}

// TestSemidefinite: the exact test of a scatter matrix, on hand-made
// matrices: a Gram matrix passes, one with a correlation above 1 or a
// negative variance fails, and one of a zero variance passes only with its
// row zero.
func TestSemidefinite(t *testing.T) {
	for _, tt := range []struct {
		name string
		a    []int64
		want bool
	}{
		{"identity", []int64{1, 0, 0, 1}, true},
		{"rank one: (1,2)(1,2)ᵀ", []int64{1, 2, 2, 4}, true},
		{"correlation above 1", []int64{1, 2, 2, 3}, false},
		{"negative variance", []int64{-1, 0, 0, 1}, false},
		{"zero variance, zero row", []int64{0, 0, 0, 5}, true},
		{"zero variance, row not zero", []int64{0, 1, 1, 5}, false},
		// Pairwise within Cauchy–Schwarz, yet no three vectors give it:
		// correlations of −0.6 between each two of three.
		{"three seats, each pair fine, the whole not", []int64{5, -3, -3, -3, 5, -3, -3, -3, 5}, false},
		{"three seats of a Gram matrix", []int64{2, 1, 1, 1, 2, 1, 1, 1, 2}, true},
	} {
		k := int(math.Sqrt(float64(len(tt.a))))
		m := make([]*big.Int, len(tt.a))
		for i, v := range tt.a {
			m[i] = big.NewInt(v)
		}
		if got := semidefinite(k, m); got != tt.want {
			t.Errorf("%s: semidefinite %v, want %v", tt.name, got, tt.want)
		}
	}
}

// seatForgeries are edits of the seats' sums over deals that no deals can
// give, each with the words of its refusal: they are held to the seats'
// own cluster sums, to one winner a play, and to a scatter that some deals
// could give.
var seatForgeries = []struct {
	name, game string
	edit       func(tl *Tally)
	want       string
}{
	{"a diagonal off the seat's cluster sum", "spite", func(tl *Tally) { tl.SeatCross[0]++ }, "in its cluster sums"},
	{"not symmetric", "roundup", func(tl *Tally) { tl.SeatCross[1]++ }, "the same either way"},
	{"negative", "roundup", func(tl *Tally) { tl.SeatCross[1], tl.SeatCross[4] = -1, -1 }, "negative product"},
	{"two seats winning more deals together than they have plays", "spite", func(tl *Tally) {
		tl.SeatCross[1] += 1000
		tl.SeatCross[2] += 1000
	}, "one seat at most wins a play"},
	{"no two seats ever winning one deal, in six seatings a deal", "roundup", func(tl *Tally) {
		// Each product off the diagonal at 0: within one winner a play and
		// within Cauchy–Schwarz pair by pair, but the seats' wins then
		// spread over the deals less than their squares say.
		k := len(tl.Seats)
		for s := range k {
			for u := range k {
				if s != u {
					tl.SeatCross[s*k+u] = 0
				}
			}
		}
	}, "not positive semidefinite"},
	{"a product of a solitaire's seat", "spite", func(tl *Tally) { tl.SeatCross = append(tl.SeatCross, 0) }, "products for 2 seats"},
}

// TestSeatForgeriesRefused: every forgery of the seats' sums, resealed
// into a part, is refused by merge with words that say what is wrong,
// where the parts as played merge.
func TestSeatForgeriesRefused(t *testing.T) {
	runs := impossibleRuns(t)
	parts := impossibleRunParts(t, runs)
	for _, tt := range seatForgeries {
		t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
			cfg := runs[tt.game]
			ps := copyParts(t, parts[tt.game])
			tt.edit(ps[1].Tally)
			ps[1].Seal()
			_, err := mergeFiles(t, &cfg, ps)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("merge: %v; want an error with %q", err, tt.want)
			}
		})
	}
}

// TestOldPartOfSeveralSeatsRefused: a part of format cardsim-part/4 (no
// seats' sums over deals) of a game of several seats is refused as written
// by another version, so merge and resume give their advice; one of a
// solitaire still reads (TestReadsVersion1 in cmd/cli merges such parts).
func TestOldPartOfSeveralSeatsRefused(t *testing.T) {
	runs := impossibleRuns(t)
	p := copyParts(t, impossibleRunParts(t, runs)["spite"])[0]
	p.Tally.SeatCross = nil
	p.Seal()
	p.Format = solitairePartFormat
	p.Checksum = p.checksum()
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	_, err = decodePart(b)
	if err == nil || !strings.Contains(err.Error(), ErrPartFormat.Error()) || !strings.Contains(err.Error(), solitairePartFormat) {
		t.Errorf("a part of format 4 of Spite: %v; want it refused as another version's", err)
	}
}

// TestSeatTestOfSelfPlay: a strategy playing itself in every seat of a
// game of two seats is tested against the seats' fair share, the pair's
// interval is the paired one of the seats' wins deal by deal, and two seats
// of one deal's one game are never both winners.
func TestSeatTestOfSelfPlay(t *testing.T) {
	cfg := severalSeats(t, 400)["spite"]
	cfg.Lineup = cfg.Lineup[:1]
	tl, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(&cfg, tl, 0.95)
	st, pairs := s.SeatTest, s.SeatPairs
	if st == nil || st.DF != 1 || st.Plays != 1 || st.Deals != 400 || len(pairs) != 1 {
		t.Fatalf("seat test %+v, pairs %+v", st, pairs)
	}
	// Worked from the seats' counts alone: with one game a deal and one
	// winner, the paired difference of the two seats' wins per deal is
	// +1, −1 or 0, so its variance is (W0 + W1 − n·d²)/(n − 1).
	w0, w1 := float64(tl.Seats[0].Wins), float64(tl.Seats[1].Wins)
	n := float64(tl.Games)
	d := (w0 - w1) / n
	se := math.Sqrt((w0 + w1 - n*d*d) / (n - 1) / n)
	z := 1.959963984540054
	if p := pairs[0]; math.Abs(p.Diff-d) > 1e-12 || math.Abs(p.CILow-(d-z*se)) > 1e-9 || math.Abs(p.CIHigh-(d+z*se)) > 1e-9 {
		t.Errorf("pair %+v; want %v ± %v·%v", p, d, z, se)
	}
	t2 := d * d / (se * se)
	if math.Abs(*st.Statistic-t2) > 1e-9 {
		t.Errorf("T² %v; want the square of the paired z, %v", *st.Statistic, t2)
	}
	if want := (w0 + w1) / n / 2; math.Abs(st.FairShare-want) > 1e-12 {
		t.Errorf("fair share %v; want %v", st.FairShare, want)
	}
}
