package roundup

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/reports"
)

// TestRulesRefused: rules the analysis sets itself are refused with the
// option to use instead, before anything is played; other rules, and a
// face card's power left on, pass.
func TestRulesRefused(t *testing.T) {
	for _, tt := range []struct {
		rule string
		want []string // in the error; nil for none
	}{
		{"players=5", []string{"--rule players=5", "--opt players=5"}},
		{" players = 3", []string{"--rule players=3", "--opt players=3"}},
		{"jack=off", []string{"--rule jack=off", "made blank", "cardsim run or compare roundup --rule jack=off"}},
		{"queen=blank", []string{"--rule queen=blank"}},
		{"king=off", []string{"--rule king=off"}},
		{"jack=on", nil},
		{"goal=5", nil},
		{"tie=shared", nil},
	} {
		err := checkRules([]string{"goal=7", tt.rule})
		if tt.want == nil {
			if err != nil {
				t.Errorf("%s refused: %v", tt.rule, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s accepted", tt.rule)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %v lacks %q", tt.rule, err, w)
			}
		}
	}
	env := roundupEnv()
	env.Rules = []string{"players=5"}
	if _, err := Design().Run(context.Background(), env, []string{"games=2", "players=2", "mixes=greedy"}); err == nil || !strings.Contains(err.Error(), "--opt players=5") {
		t.Errorf("analysis under --rule players=5: %v", err)
	}
}

// TestRulesReachRuns: a --rule reaches every run of the analysis and the
// page records it: with goal=5 a game lasts fewer rounds than to the
// default 10, and the page's introduction and every study's note say
// goal=5.
func TestRulesReachRuns(t *testing.T) {
	roundsPerGame := func(rules ...string) (float64, *reports.Report) {
		env := roundupEnv()
		env.Rules = rules
		r, err := Design().Run(context.Background(), env, []string{"games=40", "players=2", "mixes=greedy"})
		if err != nil {
			t.Fatal(err)
		}
		rows := r.Studies[0].Rows
		col := map[string]int{}
		for j, h := range rows[0] {
			col[h] = j
		}
		for _, row := range rows[1:] {
			if strings.HasPrefix(row[col["rules"]], "players=2") && row[col["strategy"]] == "greedy" && row[col["metric"]] == "rounds" && row[col["statistic"]] == "mean_per_game" {
				v, err := strconv.ParseFloat(row[col["value"]], 64)
				if err != nil {
					t.Fatal(err)
				}
				return v, r
			}
		}
		t.Fatal("no rounds per game in the table")
		return 0, nil
	}
	short, r := roundsPerGame("goal=5")
	long, r10 := roundsPerGame()
	if !(short < long) || short <= 0 {
		t.Errorf("rounds per game %g with goal=5, %g with goal=10", short, long)
	}
	if !strings.Contains(r.Intro, "goal=5 (given with --rule)") {
		t.Errorf("the introduction does not record goal=5: %s", r.Intro)
	}
	for _, st := range r.Studies {
		if !strings.Contains(st.Note, "goal=5 (given with --rule)") {
			t.Errorf("study %q: note %q does not record goal=5", st.Title, st.Note)
		}
	}
	if !strings.Contains(r10.Intro, "the designer's defaults, goal=10 ") {
		t.Errorf("the introduction does not record the default rules: %s", r10.Intro)
	}
}
