package stat

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestResumeRace: a race whose state is taken mid-way (between two looks,
// and at a look), written as JSON and read back, ends as the race never
// stopped would, on the same deals: the same standings, bit for bit.
func TestResumeRace(t *testing.T) {
	for _, set := range raceSets {
		o := RaceOptions{Arms: len(set.means), Looks: DoublingLooks(200, 6400), Alpha: 0.1, Margin: set.margin, Goal: set.goal, Target: set.target}
		deals := func() func(f []float64) {
			rng := rand.New(rand.NewPCG(7, 3))
			return func(f []float64) { set.draw(rng, f) }
		}
		whole, err := NewRace(o)
		if err != nil {
			t.Fatal(err)
		}
		draw := deals()
		f := make([]float64, o.Arms)
		want, err := whole.Run(func(from, to int64, _ []bool, add func([]float64)) error {
			for range to - from {
				draw(f)
				add(f)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, stop := range []int64{150, 400, 1000} {
			r, _ := NewRace(o)
			draw := deals()
			var n int64
			for n < stop && !r.done {
				draw(f)
				r.Add(f)
				n++
				if k := r.next; k < r.plan.Looks() && n == r.plan.Deals(k) {
					r.Look()
				}
			}
			b, err := json.Marshal(r.State())
			if err != nil {
				t.Fatal(err)
			}
			var st RaceState
			if err := json.Unmarshal(b, &st); err != nil {
				t.Fatal(err)
			}
			r2, err := ResumeRace(o, st)
			if err != nil {
				t.Fatalf("%s: %v", set.name, err)
			}
			if r2.done {
				continue
			}
			got, _ := r2.Run(func(from, to int64, _ []bool, add func([]float64)) error {
				for range to - from {
					draw(f)
					add(f)
				}
				return nil
			})
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s, stopped after %d deals: resumed %+v\nwant %+v", set.name, stop, got, want)
			}
		}
	}
	// States that are not a race's are refused.
	o := RaceOptions{Arms: 2, Looks: []int64{10, 20}, Alpha: 0.05}
	r, _ := NewRace(o)
	good := r.State()
	for _, tt := range []struct {
		edit func(s *RaceState)
		want string
	}{
		{func(s *RaceState) { s.Sum = s.Sum[:1] }, "other than 2 arms"},
		{func(s *RaceState) { s.Next = 3 }, "after look 3"},
		{func(s *RaceState) { s.Deals = 11 }, "of 11 deals after look 0"},
		{func(s *RaceState) { s.On = []int{1, 0} }, "racing arms"},
		{func(s *RaceState) { s.On = nil }, "no arm racing"},
	} {
		s := good
		s.Shift, s.Sum, s.Cross, s.On, s.Arms = append([]float64(nil), good.Shift...), append([]float64(nil), good.Sum...), append([]float64(nil), good.Cross...), append([]int(nil), good.On...), append([]RaceArm(nil), good.Arms...)
		tt.edit(&s)
		if _, err := ResumeRace(o, s); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ResumeRace: %v, want %q", err, tt.want)
		}
	}
}
