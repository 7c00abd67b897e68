package cli

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestTournament(t *testing.T) {
	out := mustRun(t, "tournament", "spite", "--strategies", "planner,greedy,random", "--games", "150", "--format", "json")
	var res struct {
		Matches []struct {
			A, B       string
			AWin, BWin struct{ Rate float64 }
		}
		Ranking []struct {
			Strategy string
			Elo      float64
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Matches) != 3 || len(res.Ranking) != 3 {
		t.Fatalf("%d matches and %d standings, want 3 and 3", len(res.Matches), len(res.Ranking))
	}
	if res.Ranking[0].Strategy != "planner" || res.Ranking[2].Strategy != "random" {
		t.Errorf("ranking %+v: planner should lead and random trail", res.Ranking)
	}
	sum := 0.0
	for _, r := range res.Ranking {
		sum += r.Elo
	}
	if math.Abs(sum) > 1e-6 {
		t.Errorf("Elo ratings sum to %g, want 0 (centred)", sum)
	}
	if code, _, errs := run(t, "tournament", "nora", "--strategies", "cautious,rescuer"); code == 0 || !strings.Contains(errs, "solitaire") {
		t.Errorf("a solitaire tournament: %q", errs)
	}
}

// TestFirstPlayerEdgeSymmetric: for a strategy against itself, the first
// player's edge measured from the seat that started agrees whether the same
// bot sits in both seats or two copies swap seats on every deal, and the
// two copies come out exactly even.
func TestFirstPlayerEdgeSymmetric(t *testing.T) {
	type summary struct {
		FirstPlayer struct {
			Edge   float64 `json:"edge"`
			CILow  float64 `json:"ci_low"`
			CIHigh float64 `json:"ci_high"`
		} `json:"first_player"`
		Comparisons []struct {
			WinDiff float64 `json:"win_diff"`
		} `json:"comparisons"`
	}
	var one, two summary
	if err := json.Unmarshal([]byte(mustRun(t, "run", "spite", "--strategy", "greedy", "--games", "1500", "--format", "json", "-q")), &one); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(mustRun(t, "run", "spite", "--strategies", "greedy,greedy", "--games", "1500", "--format", "json", "-q")), &two); err != nil {
		t.Fatal(err)
	}
	if e := two.FirstPlayer.Edge; !(one.FirstPlayer.CILow <= e && e <= one.FirstPlayer.CIHigh) {
		t.Errorf("edge with swapped copies %.4f outside the interval %.4f … %.4f of one bot in both seats", e, one.FirstPlayer.CILow, one.FirstPlayer.CIHigh)
	}
	if len(two.Comparisons) != 1 || two.Comparisons[0].WinDiff != 0 {
		t.Errorf("two copies of one bot on swapped seats differ: %+v", two.Comparisons)
	}
}
