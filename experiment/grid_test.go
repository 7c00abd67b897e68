package experiment

import (
	"strconv"
	"strings"
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

// sweepValues returns n sweep values "0,1,…", the last repeating the first when
// repeat is set.
func sweepValues(n int, repeat bool) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		if repeat && i == n-1 {
			i = 0
		}
		b.WriteString(strconv.Itoa(i))
	}
	return b.String()
}

// TestGridCountsBeforeItDeduplicates: a sweep of more values than a sweep
// plays is refused for its size, even when it also repeats a value, so
// that the values are never compared with each other (the work a huge
// form would cost); below the size, a value given twice is still refused.
func TestGridCountsBeforeItDeduplicates(t *testing.T) {
	for _, tt := range []struct {
		rules []string
		want  string
	}{
		{[]string{"insure=" + sweepValues(MaxSweepPoints+1, true)}, "a grid of 1001 points is more than the 1000"},
		{[]string{"insure=" + sweepValues(80_000, true)}, "a grid of 80000 points"},
		{[]string{"insure=0,1", "revive=" + sweepValues(600, true)}, "a grid of 2×600 points"},
		{[]string{"insure=0,1", "insure=" + sweepValues(600, false)}, "a grid of 2×600 points"}, // swept twice, and too large
		{[]string{"insure=" + sweepValues(MaxSweepPoints, true)}, "rule insure=0 twice in the sweep"},
		{[]string{"insure=1, 2,2"}, "rule insure=2 twice in the sweep"},
		{[]string{"insure=0,1", "insure=2,3"}, "rule insure swept twice"},
		{[]string{"=0,1"}, `rule "=0,1": want key=value`},
		{manyRules(20_000), "a grid of 2×2×2×2×2×2×2×2×2×2×2×2×… points"}, // not quoted whole
	} {
		_, _, _, err := Grid(tt.rules)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Grid(%.40q…) = %v, want %q", tt.rules, err, tt.want)
		}
	}
	keys, points, _, err := Grid([]string{"rounds=5", "insure=" + sweepValues(MaxSweepPoints, false)})
	if err != nil || len(keys) != 1 || len(points) != MaxSweepPoints || points[999][0] != "rounds=5" || points[999][1] != "insure=999" {
		t.Errorf("a sweep of %d values: %v points, %v", MaxSweepPoints, len(points), err)
	}
}

// manyRules returns n rules each swept over two values.
func manyRules(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "r" + strconv.Itoa(i) + "=0,1"
	}
	return out
}

// BenchmarkGridRefusesHugeSweep is the work a sweep of 80,000 values costs
// before it is refused (it was seconds while every value was compared with
// those before it).
func BenchmarkGridRefusesHugeSweep(b *testing.B) {
	rules := []string{"insure=" + sweepValues(80_000, false)}
	for b.Loop() {
		if _, _, _, err := Grid(rules); err == nil {
			b.Fatal("accepted")
		}
	}
}

// BenchmarkGridLargestSweep checks the largest sweep a grid takes for a
// value given twice.
func BenchmarkGridLargestSweep(b *testing.B) {
	rules := []string{"insure=" + sweepValues(MaxSweepPoints, false)}
	for b.Loop() {
		if _, _, _, err := Grid(rules); err != nil {
			b.Fatal(err)
		}
	}
}
