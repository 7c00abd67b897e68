package cli

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/cmd/catalog"
	"github.com/cardsim/cardsim/reports"
)

// TestRealisticPlayerIsTheBest: where a report study answers "the odds of
// winning for a realistic player" with one bot first and names the
// realistic players it compares, that bot is the best of them: a compare
// of the realistic players on fresh deals (seed 99, not the report's)
// finds none better by a decided paired difference in the study's figure.
// A report whose realistic answers came from a weaker bot fails here.
func TestRealisticPlayerIsTheBest(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	deals := map[string]int{"chriscross": 300, "flip": 2000} // every study that names its realistic players is a solitaire // ismcts plays 30 ms a deal
	checked := 0
	for _, st := range catalog.Studies() {
		var among []string
		figure, first := "score", "" // a solitaire's default figure (reports.Ask.Figure)
		for _, a := range st.Asks {
			switch {
			case a.Kind == reports.Best && len(a.Among) > 1 && strings.Contains(a.Condition, "realistic"):
				among = a.Among
				if a.Figure != "" {
					figure = a.Figure
				}
			case a.Kind == reports.Odds && a.At == "" && first == "" && strings.Contains(a.Question, "realistic player"):
				first = a.Strategy
			}
		}
		if among == nil || first == "" {
			continue
		}
		n, ok := deals[st.Game]
		if !ok {
			t.Errorf("%s: no deals set for its realistic players' compare", st.Game)
			continue
		}
		checked++
		out := mustRun(t, "compare", st.Game, "--strategies", strings.Join(among, ","), "--games", strconv.Itoa(n), "--seed", "99", "--format", "json", "-q")
		var sum struct {
			Comparisons []struct {
				Label     string
				ScoreDiff float64 `json:"score_diff"`
				Low       float64 `json:"ci_low"`
				High      float64 `json:"ci_high"`
				WinDiff   float64 `json:"win_diff"`
				WinLow    float64 `json:"win_diff_ci_low"`
				WinHigh   float64 `json:"win_diff_ci_high"`
			}
		}
		if err := json.Unmarshal([]byte(out), &sum); err != nil {
			t.Fatalf("%s: %v", st.Game, err)
		}
		for _, c := range sum.Comparisons {
			a, b, ok := strings.Cut(c.Label, " − ")
			if !ok || (a != first && b != first) {
				continue
			}
			lo, hi := c.WinLow, c.WinHigh
			if figure == "score" {
				lo, hi = c.Low, c.High
			}
			// first − other must not be decided below zero, nor other − first above.
			if (a == first && hi < 0) || (b == first && lo > 0) {
				t.Errorf("%s: %s answers for a realistic player, but %s: %s %g to %g on %d fresh deals", st.Game, first, c.Label, figure, lo, hi, n)
			}
		}
	}
	if checked < 2 {
		t.Errorf("%d studies name their realistic players; want Flip's and Chris-Cross's at least", checked)
	}
}
