package stat

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkSeatPairs: the simultaneous intervals of six seats, whose
// 65,536 normal draws are the cost.
func BenchmarkSeatPairs(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	d := dealer{draw: 0.1, shared: 0.1, w: []float64{1, 1, 1, 1, 1, 1}}
	s := NewSeatSums(6, 1)
	wins := make([]int64, 6)
	for range 5000 {
		d.deal(rng, wins)
		s.Add(wins)
	}
	for b.Loop() {
		if _, err := SeatPairs(s, 0.95); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewPlan: the critical values of seven doubling looks.
func BenchmarkNewPlan(b *testing.B) {
	looks := DoublingLooks(1000, 64000)
	for b.Loop() {
		if _, err := NewPlan(looks, 0.05, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRaceAdd: one deal of a race of 20 arms, all still racing: the
// 210 sums of products a deal adds are the cost a race puts on the hot
// loop.
func BenchmarkRaceAdd(b *testing.B) {
	const arms = 20
	r, err := NewRace(RaceOptions{Arms: arms, Looks: []int64{1 << 62}, Alpha: 0.05})
	if err != nil {
		b.Fatal(err)
	}
	f := make([]float64, arms)
	for j := range f {
		f[j] = float64(j) / 7
	}
	for b.Loop() {
		r.Add(f)
	}
}

// BenchmarkJudge: a verdict at one look from a paired rate difference.
func BenchmarkJudge(b *testing.B) {
	p, err := NewPlan(DoublingLooks(1000, 64000), 0.05, nil)
	if err != nil {
		b.Fatal(err)
	}
	iv := PairedRateEffect(PairedCounts{Both: 3000, Only1: 420, Only2: 380, N: 8000})
	for b.Loop() {
		p.Judge(3, 0.01, iv)
	}
}
