package stat

import (
	"math"
	"math/rand/v2"
	"testing"
)

// sums builds the SeatSums of the given deals (each seat's wins in one
// game a deal).
func sums(deals [][]int64) *SeatSums {
	s := NewSeatSums(len(deals[0]), 1)
	for _, d := range deals {
		s.Add(d)
	}
	return s
}

// TestSeatsEqualTwoSeats: with two seats, T² is the square of the paired t
// statistic of the two seats' per-deal wins, worked by hand: deals won by
// seat 1, 2, 1, 1 and neither give differences 1, −1, 1, 1, 0, mean 0.4
// and variance (4 − 5·0.16)/4 = 0.8, so T² = 5·0.16/0.8 = 1 and
// p = P(|t₄| > 1) = 0.3739.
func TestSeatsEqualTwoSeats(t *testing.T) {
	got, err := SeatsEqual(sums([][]int64{{1, 0}, {0, 1}, {1, 0}, {1, 0}, {0, 0}}))
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got.Statistic-1) > 1e-12 || got.DF != 1 || math.Abs(got.P-0.3739) > 1e-4 {
		t.Errorf("SeatsEqual = %+v, want T² 1, 1 df, p 0.3739", got)
	}
}

// TestSeatsEqualNeyman: when every deal has exactly one winner, the seats'
// wins are multinomial, and "every seat wins alike" is the simple
// hypothesis p = (1/k, …, 1/k); the Wald statistic of a simple multinomial
// hypothesis is Neyman's chi-square Σ (O − E)²/O, so T², whose covariance
// divides by n − 1 where the Wald statistic's divides by n, is exactly
// (n − 1)/n times it.
func TestSeatsEqualNeyman(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, k := range []int{2, 4, 6} {
		s := NewSeatSums(k, 1)
		wins := make([]int64, k)
		for range 3000 {
			clear(wins)
			if u := rng.Float64(); u < 0.1 {
				wins[0] = 1 // seat 1 a little ahead
			} else {
				wins[rng.IntN(k)] = 1
			}
			s.Add(wins)
		}
		var neyman float64
		expect := float64(s.Deals) / float64(k)
		for _, w := range s.Wins {
			d := float64(w) - expect
			neyman += d * d / float64(w)
		}
		want := neyman * float64(s.Deals-1) / float64(s.Deals)
		got, err := SeatsEqual(s)
		if err != nil {
			t.Fatal(err)
		}
		if got.DF != k-1 || math.Abs(got.Statistic/want-1) > 1e-9 {
			t.Errorf("%d seats: T² %.6f on %d df, want (n − 1)/n × Neyman's %.6f on %d", k, got.Statistic, got.DF, want, k-1)
		}
	}
}

// TestSeatsEqualDegenerate: a seat that wins every deal differs for
// certain; seats that never win are alike; too few deals is an error.
func TestSeatsEqualDegenerate(t *testing.T) {
	got, err := SeatsEqual(sums([][]int64{{1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}}))
	if err != nil || !math.IsInf(got.Statistic, 1) || got.P != 0 {
		t.Errorf("seat 1 wins every deal: %+v, %v", got, err)
	}
	got, err = SeatsEqual(sums([][]int64{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}}))
	if err != nil || got.P != 1 || got.DF != 0 {
		t.Errorf("nothing won: %+v, %v", got, err)
	}
	// Seat 3 never wins, the others split: two differences of which one
	// varies.
	got, err = SeatsEqual(sums([][]int64{{1, 0, 0}, {0, 1, 0}, {1, 0, 0}, {0, 1, 0}, {1, 0, 0}}))
	if err != nil || got.P > 0.01 {
		t.Errorf("seat 3 never wins: %+v, %v", got, err)
	}
	if _, err := SeatsEqual(sums([][]int64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}})); err == nil {
		t.Error("three deals of three seats: no error")
	}
	if _, err := SeatsEqual(sums([][]int64{{1}, {0}, {1}})); err == nil {
		t.Error("one seat: no error")
	}
}

// dealer plays one deal of k seats: drawn with chance draw, shared by two
// seats with chance shared, and otherwise won by one seat, seat i with
// weight w[i].
type dealer struct {
	draw, shared float64
	w            []float64
}

func (d dealer) deal(rng *rand.Rand, wins []int64) {
	clear(wins)
	u := rng.Float64()
	switch {
	case u < d.draw:
		return
	case u < d.draw+d.shared:
		i := rng.IntN(len(wins))
		j := (i + 1 + rng.IntN(len(wins)-1)) % len(wins)
		wins[i], wins[j] = 1, 1
		return
	}
	var total float64
	for _, w := range d.w {
		total += w
	}
	v := rng.Float64() * total
	for i, w := range d.w {
		if v < w || i == len(d.w)-1 {
			wins[i] = 1
			return
		}
		v -= w
	}
}

// rates returns each seat's true win rate.
func (d dealer) rates() []float64 {
	var total float64
	for _, w := range d.w {
		total += w
	}
	k := float64(len(d.w))
	r := make([]float64, len(d.w))
	for i, w := range d.w {
		r[i] = (1-d.draw-d.shared)*w/total + d.shared*2/k
	}
	return r
}

// TestSeatsEqualSizeAndPower: on deals with draws and shared wins, the
// test rejects even seats at about its level, and a seat 3 pp ahead
// nearly always.
func TestSeatsEqualSizeAndPower(t *testing.T) {
	studies := 300
	if !testing.Short() {
		studies = 3000
	}
	even := dealer{draw: 0.2, shared: 0.1, w: []float64{1, 1, 1, 1, 1}}
	ahead := dealer{draw: 0.2, shared: 0.1, w: []float64{1.2, 1, 1, 1, 1}}
	rng := rand.New(rand.NewPCG(9, 10))
	wins := make([]int64, 5)
	rejected := func(d dealer, deals int) int {
		n := 0
		for range studies {
			s := NewSeatSums(5, 1)
			for range deals {
				d.deal(rng, wins)
				s.Add(wins)
			}
			r, err := SeatsEqual(s)
			if err != nil {
				t.Fatal(err)
			}
			if r.P < 0.05 {
				n++
			}
		}
		return n
	}
	size := float64(rejected(even, 400)) / float64(studies)
	if slack := 3 * math.Sqrt(0.05*0.95/float64(studies)); math.Abs(size-0.05) > slack {
		t.Errorf("even seats rejected %.4f of the time at 5%%", size)
	}
	r := ahead.rates()
	studies /= 10
	power := float64(rejected(ahead, 8000)) / float64(studies)
	if power < 0.9 {
		t.Errorf("a seat %.1f pp ahead rejected only %.3f of the time", 100*(r[0]-r[1]), power)
	}
	t.Logf("size %.4f; power %.3f against a seat %.1f pp ahead on 8,000 deals", size, power, 100*(r[0]-r[1]))
}

// TestSeatPairsTukey: with every deal won by exactly one of k seats
// equally often, the seats' rates are exchangeable, and the simultaneous
// critical value is Tukey's studentised range over √2: q(0.95; k, ∞) =
// 3.314, 3.633, 3.858, 4.030 for k = 3 … 6; with two seats, the normal
// 1.96.
func TestSeatPairsTukey(t *testing.T) {
	for k, q := range map[int]float64{2: 1.95996 * math.Sqrt2, 3: 3.314, 4: 3.633, 5: 3.858, 6: 4.030} {
		n := int64(600 * k)
		s := NewSeatSums(k, 1)
		s.Deals = n
		for i := range k {
			s.Wins[i] = n / int64(k)
			s.Cross[i*k+i] = n / int64(k)
		}
		pairs, err := SeatPairs(s, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		if len(pairs) != k*(k-1)/2 {
			t.Fatalf("%d seats: %d pairs", k, len(pairs))
		}
		se := math.Sqrt(2 / float64(k) / float64(n-1)) // 2p/(n−1), p = 1/k
		for _, p := range pairs {
			// 65,536 draws put the quantile within about 0.007 (one
			// standard error); Bonferroni's would be 0.08 higher at 5 seats.
			if c := (p.High - p.Diff) / se; math.Abs(c-q/math.Sqrt2) > 0.025 {
				t.Errorf("%d seats, pair %d–%d: critical value %.4f, want %.4f", k, p.First, p.Second, c, q/math.Sqrt2)
			}
			if p.Diff != 0 || p.P != 1 {
				t.Errorf("%d seats, pair %d–%d: difference %g, p %g; want 0 and 1", k, p.First, p.Second, p.Diff, p.P)
			}
		}
	}
}

// TestSeatPairsCoverage: on deals with draws, shared wins and uneven
// seats, the intervals of all the pairs hold together about 95% of the
// time, where intervals at 95% each do not.
func TestSeatPairsCoverage(t *testing.T) {
	studies := 60
	if !testing.Short() {
		studies = 2000
	}
	d := dealer{draw: 0.15, shared: 0.1, w: []float64{1.3, 1.1, 1, 0.9, 0.7}}
	truth := d.rates()
	rng := rand.New(rand.NewPCG(11, 12))
	wins := make([]int64, 5)
	var all, each int
	for range studies {
		s := NewSeatSums(5, 1)
		for range 1500 {
			d.deal(rng, wins)
			s.Add(wins)
		}
		pairs, err := SeatPairs(s, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		ok, okEach := true, true
		for _, p := range pairs {
			want := truth[p.First] - truth[p.Second]
			if want < p.Low || want > p.High {
				ok = false
			}
			half := 1.96 * seSeatPair(s, p)
			if math.Abs(want-p.Diff) > half {
				okEach = false
			}
		}
		if ok {
			all++
		}
		if okEach {
			each++
		}
	}
	cover := float64(all) / float64(studies)
	coverEach := float64(each) / float64(studies)
	slack := 3 * math.Sqrt(0.05*0.95/float64(studies))
	if cover < 0.95-slack {
		t.Errorf("all 10 pairs covered together in %.4f of studies, want 0.95", cover)
	}
	if coverEach > 0.95-slack {
		t.Errorf("unadjusted 95%% intervals covered all pairs in %.4f of studies; the test cannot tell", coverEach)
	}
	t.Logf("simultaneous coverage %.4f; unadjusted %.4f", cover, coverEach)
}

// seSeatPair returns the standard error of a pair's difference.
func seSeatPair(s *SeatSums, p SeatPair) float64 {
	v := s.rateCovariance()
	i, j := p.First, p.Second
	return math.Sqrt(v.At(i, i) + v.At(j, j) - 2*v.At(i, j))
}
