package experiment_test

import (
	"context"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/experiment/toygame"
	"github.com/cardsim/cardsim/reports"
)

// TestSkillOfOneCard: a skill ladder of a budgeted bot with one card each
// wins exactly half its games against random and against its previous
// budget, seats rotated, with no draw; a bot without a budget is refused.
func TestSkillOfOneCard(t *testing.T) {
	spec := experiment.Spec{Kind: experiment.Skill, Game: toygame.Name, Strategy: "budgeted", Budgets: []int{1, 4, 16},
		Rules: []string{"hand=1"}, Games: 200, Seed: 5, Confidence: 0.95}
	res, err := toyRunner(2).Run(context.Background(), spec, "")
	if err != nil {
		t.Fatal(err)
	}
	sk := res.Skill
	if sk == nil || len(sk.Rows) != 6 || sk.Seats != 2 {
		t.Fatalf("skill %+v, want a win rate and a draw rate at each of 3 budgets", sk)
	}
	for i, row := range sk.Rows {
		budget, figure, value := spec.Budgets[i/2], reports.SkillDraw, 0.0
		if i%2 == 0 {
			figure, value = reports.SkillWinVsPrevious, 0.5
			if i == 0 {
				figure = reports.SkillWinVsRandom
			}
		}
		if row.Budget != budget || row.Figure != figure || row.Value != value {
			t.Errorf("row %d: %+v, want budget %d, %s %v", i, row, budget, figure, value)
		}
	}
	spec.Strategy = "greedy"
	if _, err := toyRunner(1).Run(context.Background(), spec, ""); err == nil || !strings.Contains(err.Error(), "has no budget parameter") {
		t.Errorf("a skill ladder of greedy: %v", err)
	}
}
