package nora

import (
	"fmt"
	"testing"

	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/strategies"
)

func TestSetupSamples(t *testing.T) {
	for _, tt := range []struct {
		scale float64
		n     int
		want  int
	}{
		{0, 500, 500},     // no scale
		{1, 500, 500},     // a whole share
		{1.5, 500, 500},   // not a share: ignored
		{-0.5, 500, 500},  // not a share: ignored
		{0.5, 500, 250},   // half
		{0.001, 500, 20},  // never below MinSamples
		{0.001, 1500, 20}, // the one-switch policies too
		{0.1, 1500, 150},  // rounded share
		{0.001, 15, 15},   // never more than asked for
		{0.25, 1001, 250}, // 250.25 rounds down
		{0.5, 301, 151},   // 150.5 rounds half away from zero
	} {
		if got := (Setup{SampleScale: tt.scale}).Samples(tt.n); got != tt.want {
			t.Errorf("Setup{SampleScale: %g}.Samples(%d) = %d, want %d", tt.scale, tt.n, got, tt.want)
		}
	}
}

// TestScaledDefaultSamples: a scaled setup lowers the samples parameter's
// default of every computed policy, and no setup leaves it as it was.
func TestScaledDefaultSamples(t *testing.T) {
	for _, tt := range []struct {
		setup Setup
		want  map[string]string
	}{
		{Setup{}, map[string]string{"optimal": "250", "optimal-v2": "1500", "optimal-v1": "1500", "upper-bound": "250"}},
		{Setup{SampleScale: 0.1}, map[string]string{"optimal": "25", "optimal-v2": "150", "optimal-v1": "150", "upper-bound": "25"}},
	} {
		reg := new(strategies.Registry)
		Register(reg, tt.setup)
		for name, want := range tt.want {
			def, err := reg.Lookup(nora.New(nora.DefaultRules()).Clairvoyant(), name) // upper-bound plays only under it
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range def.Params(nil) {
				if p.Name == "samples" && (p.Default != want || p.Value != want) {
					t.Errorf("%+v: %s samples default %s (value %s), want %s", tt.setup, name, p.Default, p.Value, want)
				}
			}
		}
	}
}

func ExampleSetup_Samples() {
	s := Setup{SampleScale: 0.001} // as CARDSIM_DEAL_SCALE=0.001 sets it
	fmt.Println(s.Samples(DefaultSamples), s.Samples(OneSwitchSamples), Setup{}.Samples(DefaultSamples))
	// Output: 20 20 250
}
