package roundup

import (
	"context"
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/roundup"
	"github.com/cardsim/cardsim/strategies"
	sroundup "github.com/cardsim/cardsim/strategies/roundup"
)

// roundupEnv returns an env with Round-up and its bots.
func roundupEnv() *analyses.Env {
	gr := new(games.Registry)
	gr.Register(roundup.Definition())
	sr := new(strategies.Registry)
	sroundup.Register(sr)
	sr.Register(strategies.RandomDefinition())
	return &analyses.Env{Games: gr, Strategies: sr, Seed: 1, Workers: 2, Confidence: 0.95}
}

// TestDesign: the analysis writes its page and a table with every player
// count and mix, answering both of the designer's questions.
func TestDesign(t *testing.T) {
	page, err := Design().Run(context.Background(), roundupEnv(), []string{"games=150", "players=2,3", "mixes=greedy,greedy+defender"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := page.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"dealt more face cards", "most useful face card by regression", "starting seat", "With 3 players (greedy+defender)"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	f, err := os.Open(filepath.Join(dir, "report.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	seen := map[string]bool{}
	for _, r := range rows[1:] {
		if m := r[col["metric"]]; strings.HasSuffix(m, "uplift_per_card|queen") && r[col["statistic"]] == "value" {
			seen[strings.Fields(m)[0]+" "+strings.Fields(m)[1]] = true
		}
	}
	if len(seen) != 4 {
		t.Errorf("queen uplift for %v, want 2 player counts × 2 mixes", seen)
	}
	if err := Design().Check([]string{"players=7"}); err == nil || !strings.Contains(err.Error(), "players=7") {
		t.Errorf("7 players accepted: %v", err)
	}
}

// TestDesignCancelled: a cancelled analysis stops with the context's error.
func TestDesignCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Design().Run(ctx, roundupEnv(), []string{"games=100000"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled analysis: %v", err)
	}
}
