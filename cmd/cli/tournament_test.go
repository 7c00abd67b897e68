package cli

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestTournament(t *testing.T) {
	dir := t.TempDir()
	out := mustRun(t, "tournament", "spite", "--strategies", "planner,greedy,random", "--games", "150", "--format", "json", "--out", dir)
	var res struct {
		Matches []struct {
			A, B string
			AWin struct{ Rate float64 } `json:"a_win"`
			BWin struct{ Rate float64 } `json:"b_win"`
			Draw struct {
				Rate         float64
				Count, Games int64
			}
		}
		Ranking []struct {
			Strategy           string
			Games, Wins, Draws int64
			Points             float64
			Strength, Elo      float64
			StrengthLow        float64 `json:"strength_ci_low"`
			StrengthHigh       float64 `json:"strength_ci_high"`
			EloLow             float64 `json:"elo_ci_low"`
			EloHigh            float64 `json:"elo_ci_high"`
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Matches) != 3 || len(res.Ranking) != 3 {
		t.Fatalf("%d matches and %d standings, want 3 and 3", len(res.Matches), len(res.Ranking))
	}
	// Both bots that build beat the one that plays at random; which of the
	// two leads is what the tournament measures (greedy has led since its
	// spare rule stopped stalling), so the test does not fix it.
	if res.Ranking[2].Strategy != "random" {
		t.Errorf("ranking %+v: random should trail", res.Ranking)
	}
	sum := 0.0
	draws := map[string]int64{}
	for _, m := range res.Matches {
		if m.Draw.Games != 300 || math.Abs(m.AWin.Rate+m.BWin.Rate+m.Draw.Rate-1) > 1e-12 {
			t.Errorf("%s against %s: %d games, win rates %g and %g and draw rate %g do not add up to 1", m.A, m.B, m.Draw.Games, m.AWin.Rate, m.BWin.Rate, m.Draw.Rate)
		}
		draws[m.A] += m.Draw.Count
		draws[m.B] += m.Draw.Count
	}
	for _, r := range res.Ranking {
		sum += r.Elo
		if !(r.StrengthLow < r.Strength && r.Strength < r.StrengthHigh && r.EloLow < r.Elo && r.Elo < r.EloHigh) {
			t.Errorf("%s: strength %g (%g…%g), Elo %g (%g…%g): want each inside its interval", r.Strategy, r.Strength, r.StrengthLow, r.StrengthHigh, r.Elo, r.EloLow, r.EloHigh)
		}
		if r.Draws != draws[r.Strategy] || r.Games != 600 || r.Points != float64(r.Wins)+float64(r.Draws)/2 {
			t.Errorf("%s: %d games, %d wins, %d draws (%d in its matches), %g points", r.Strategy, r.Games, r.Wins, r.Draws, draws[r.Strategy], r.Points)
		}
	}
	if math.Abs(sum) > 1e-6 {
		t.Errorf("Elo ratings sum to %g, want 0 (centred)", sum)
	}
	// Planner's lead over random is far outside the intervals.
	if res.Ranking[0].EloLow <= res.Ranking[2].EloHigh {
		t.Errorf("planner's Elo interval %g… overlaps random's …%g", res.Ranking[0].EloLow, res.Ranking[2].EloHigh)
	}
	table := mustRun(t, "tournament", "spite", "--strategies", "planner,greedy,random", "--games", "150", "-q")
	for _, want := range []string{"drawn", "planner  —", "Bradley–Terry strength", "points / games", "half a win"} {
		if !strings.Contains(table, want) {
			t.Errorf("table lacks %q:\n%s", want, table)
		}
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
