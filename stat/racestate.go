package stat

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
)

// RaceState is a race's state, to be kept (a checkpoint) and carried on
// from (ResumeRace): its sums over the deals added, the looks taken, the
// arms still racing and every arm's standing. A race resumed from it and
// given the deals that follow ends as the race it was taken from would
// have, on the same deals.
type RaceState struct {
	Next  int        `json:"next"` // looks taken
	Deals int64      `json:"deals"`
	Plays int64      `json:"plays"`
	Shift []float64  `json:"shift"`
	Sum   []float64  `json:"sum"`
	Cross []float64  `json:"cross"`
	On    []int      `json:"on"`
	Arms  []RaceArm  `json:"arms"`
	Last  RaceResult `json:"last"`
}

// State returns the race's state, at a look or between two.
func (r *Race) State() RaceState {
	last := r.last
	last.Arms = append([]RaceArm(nil), last.Arms...)
	return RaceState{
		Next: r.next, Deals: r.n, Plays: r.plays,
		Shift: append([]float64(nil), r.shift...), Sum: append([]float64(nil), r.sum...),
		Cross: append([]float64(nil), r.cross...), On: append([]int(nil), r.on...),
		Arms: append([]RaceArm(nil), r.arms...), Last: last,
	}
}

// ResumeRace returns the race described by o carried on from s, the state
// of a race described by o. It is an error for o to be one NewRace
// refuses, or for s not to be a state of such a race.
func ResumeRace(o RaceOptions, s RaceState) (*Race, error) {
	r, err := NewRace(o)
	if err != nil {
		return nil, err
	}
	m := o.Arms
	switch {
	case len(s.Shift) != m || len(s.Sum) != m || len(s.Cross) != m*m || len(s.Arms) != m:
		return nil, fmt.Errorf("a race state of other than %d arms", m)
	case s.Next < 0 || s.Next > r.plan.Looks():
		return nil, fmt.Errorf("a race state after look %d of a plan of %d", s.Next, r.plan.Looks())
	case s.Next > 0 && s.Deals < r.plan.Deals(s.Next-1), s.Next < r.plan.Looks() && s.Deals > r.plan.Deals(s.Next),
		s.Next == r.plan.Looks() && s.Deals != r.plan.Budget(), s.Deals < 0:
		return nil, fmt.Errorf("a race state of %d deals after look %d", s.Deals, s.Next)
	case s.Plays < 0 || s.Plays > s.Deals*int64(m):
		return nil, fmt.Errorf("a race state of %d plays of %d deals", s.Plays, s.Deals)
	case len(s.On) == 0 || len(s.On) > m:
		return nil, errors.New("a race state with no arm racing")
	}
	for i, j := range s.On {
		if j < 0 || j >= m || i > 0 && j <= s.On[i-1] {
			return nil, fmt.Errorf("a race state racing arms %v", s.On)
		}
	}
	for _, v := range [][]float64{s.Shift, s.Sum, s.Cross} {
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, errors.New("a race state whose sums are not finite")
			}
		}
	}
	r.next, r.n, r.plays = s.Next, s.Deals, s.Plays
	copy(r.shift, s.Shift)
	copy(r.sum, s.Sum)
	copy(r.cross, s.Cross)
	r.on = append([]int(nil), s.On...)
	copy(r.arms, s.Arms)
	r.last = s.Last
	r.done = s.Next > 0 && s.Last.Outcome != Undecided
	return r, nil
}

// raceArmJSON is a RaceArm as JSON holds it: infinite bounds, which JSON
// numbers cannot be, as the strings "+Inf" and "-Inf".
type raceArmJSON struct {
	Arm     int       `json:"arm"`
	Status  ArmStatus `json:"status"`
	Deals   int64     `json:"deals"`
	Mean    jsonFloat `json:"mean"`
	Low     jsonFloat `json:"low"`
	High    jsonFloat `json:"high"`
	Gap     jsonFloat `json:"gap"`
	GapLow  jsonFloat `json:"gap_low"`
	GapHigh jsonFloat `json:"gap_high"`
}

// MarshalJSON writes the arm's standing, an infinite bound as "+Inf" or
// "-Inf".
func (a RaceArm) MarshalJSON() ([]byte, error) {
	return json.Marshal(raceArmJSON{a.Arm, a.Status, a.Deals, jsonFloat(a.Mean), jsonFloat(a.Low), jsonFloat(a.High),
		jsonFloat(a.Gap), jsonFloat(a.GapLow), jsonFloat(a.GapHigh)})
}

// UnmarshalJSON reads an arm's standing written by MarshalJSON.
func (a *RaceArm) UnmarshalJSON(b []byte) error {
	var v raceArmJSON
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*a = RaceArm{v.Arm, v.Status, v.Deals, float64(v.Mean), float64(v.Low), float64(v.High),
		float64(v.Gap), float64(v.GapLow), float64(v.GapHigh)}
	return nil
}

// jsonFloat is a float64 that JSON holds as a number, or as "+Inf",
// "-Inf" or "NaN" where a number cannot be written.
type jsonFloat float64

// MarshalJSON writes f.
func (f jsonFloat) MarshalJSON() ([]byte, error) {
	x := float64(f)
	switch {
	case math.IsInf(x, 1):
		return []byte(`"+Inf"`), nil
	case math.IsInf(x, -1):
		return []byte(`"-Inf"`), nil
	case math.IsNaN(x):
		return []byte(`"NaN"`), nil
	}
	return strconv.AppendFloat(nil, x, 'g', -1, 64), nil
}

// UnmarshalJSON reads f.
func (f *jsonFloat) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case `"+Inf"`:
		*f = jsonFloat(math.Inf(1))
	case `"-Inf"`:
		*f = jsonFloat(math.Inf(-1))
	case `"NaN"`:
		*f = jsonFloat(math.NaN())
	default:
		x, err := strconv.ParseFloat(string(b), 64)
		if err != nil {
			return fmt.Errorf("%.20q is not a number", b)
		}
		*f = jsonFloat(x)
	}
	return nil
}
