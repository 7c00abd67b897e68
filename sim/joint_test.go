package sim

import (
	"reflect"
	"testing"

	"github.com/cardsim/cardsim/stat"
)

// TestJointGroups: the cells of a joint table of features a, b and c,
// grouped by hand by the features asked for, in the order of their values.
func TestJointGroups(t *testing.T) {
	tally := &Tally{Joint: map[string]*JointCell{
		"0,1,5": {Games: 10, Wins: 3},
		"0,2,5": {Games: 20, Wins: 5},
		"1,1,6": {Games: 30, Wins: 20},
		"1,2,5": {Games: 40, Wins: 30},
	}}
	names := []string{"a", "b", "c"}
	for _, tt := range []struct {
		use  []string
		want []stat.BinomialGroup
	}{
		{[]string{"a"}, []stat.BinomialGroup{{X: []float64{0}, Trials: 30, Successes: 8}, {X: []float64{1}, Trials: 70, Successes: 50}}},
		{[]string{"c", "b"}, []stat.BinomialGroup{
			{X: []float64{5, 1}, Trials: 10, Successes: 3},
			{X: []float64{5, 2}, Trials: 60, Successes: 35},
			{X: []float64{6, 1}, Trials: 30, Successes: 20},
		}},
	} {
		got, err := tally.JointGroups(names, tt.use)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%v: %+v, %v; want %+v", tt.use, got, err, tt.want)
		}
	}
	for _, bad := range []struct {
		joint map[string]*JointCell
		use   []string
	}{
		{tally.Joint, []string{"z"}},
		{map[string]*JointCell{"0,1": {Games: 1}}, []string{"a"}},
		{map[string]*JointCell{"0,x,1": {Games: 1}}, []string{"b"}},
	} {
		if _, err := (&Tally{Joint: bad.joint}).JointGroups(names, bad.use); err == nil {
			t.Errorf("%v by %v: no error", bad.joint, bad.use)
		}
	}
}
