package experiment

import (
	"testing"

	"github.com/cardsim/cardsim/games"
)

// TestProgressLabels: sweep points read as rules, not as Go maps.
func TestProgressLabels(t *testing.T) {
	for _, tt := range []struct {
		i, n   int
		keys   []string
		values map[string]string
		want   string
	}{
		{0, 5, []string{"insure"}, map[string]string{"insure": "2"}, "insure=2 (point 1 of 5)"},
		{11, 12, []string{"insure", "revive"}, map[string]string{"revive": "4", "insure": "0"}, "insure=0 revive=4 (point 12 of 12)"},
	} {
		if got := pointProgress(tt.i, tt.n, tt.keys, tt.values); got != tt.want {
			t.Errorf("pointProgress(%d, %d, %v) = %q, want %q", tt.i, tt.n, tt.values, got, tt.want)
		}
	}
}

func TestSameValue(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		kind games.Kind
		want bool
	}{
		{"2", "2", games.Integer, true},
		{"0.50", "0.5", games.Number, true},
		{"0.5", "0.25", games.Number, false},
		{"True", "true", games.Boolean, true},
		{"1", "false", games.Boolean, false},
		{"Max-IP", "max-ip", games.Text, false},
		{"x", "2", games.Integer, false},
	} {
		if got := sameValue(tt.a, tt.b, tt.kind); got != tt.want {
			t.Errorf("sameValue(%q, %q, %s) = %v, want %v", tt.a, tt.b, tt.kind, got, tt.want)
		}
	}
}
