package nora

import (
	"context"
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/strategies"
	snora "github.com/cardsim/cardsim/strategies/nora"
)

// noraEnv returns an env with Nora, its bots and the given rules.
func noraEnv(rules ...string) *analyses.Env {
	gr := new(games.Registry)
	gr.Register(nora.Definition())
	sr := new(strategies.Registry)
	snora.Register(sr, snora.Setup{})
	sr.Register(strategies.RandomDefinition())
	return &analyses.Env{Games: gr, Strategies: sr, Rules: rules, Seed: 1, Workers: 2, Confidence: 0.95}
}

// writePage runs d with options in env and writes its page into a fresh
// directory, which it returns.
func writePage(t *testing.T, d analyses.Definition, env *analyses.Env, options ...string) string {
	t.Helper()
	page, err := d.Run(context.Background(), env, options)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := page.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestPolicyWritesFiles solves a small deck and checks the files and that
// every row's actions follow from its own values.
func TestPolicyWritesFiles(t *testing.T) {
	cache := t.TempDir()
	var out strings.Builder
	env := noraEnv("ranks=3", "rounds=2")
	env.Out = &out
	dir := writePage(t, Policy(snora.Setup{CacheDir: cache}), env, "samples=300", "cap=12", "fresh=true")
	for _, w := range []string{"expected game score, optimal policy", "upper bound", "ip cap 12"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("output lacks %q:\n%s", w, out.String())
		}
	}
	for _, name := range []string{"policy.csv", "round_values.csv", "pass_dists.csv", "chart_frontier.svg", "chart_frontier.png", "report.md"} {
		if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() == 0 {
			t.Errorf("%s missing or empty: %v", name, err)
		}
	}
	f, err := os.Open(filepath.Join(dir, "policy.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// 3 ranks and the jokers: 19 non-empty compositions, 2 rounds, ip 0…12.
	if got, want := len(rows)-1, 19*2*13; got != want {
		t.Errorf("policy.csv has %d states, want %d", got, want)
	}
	for _, row := range rows[1:] {
		stop, _ := strconv.ParseFloat(row[6], 64)
		shuffle, _ := strconv.ParseFloat(row[7], 64)
		if (row[8] == "true") != (stop >= shuffle) {
			t.Errorf("row %v: stop=%s but stop value %g, shuffle value %g", row, row[8], stop, shuffle)
		}
		ip, _ := strconv.Atoi(row[5])
		if row[9] == "true" && ip < 1 {
			t.Errorf("row %v: insures without the price", row)
		}
	}
}

func TestNoraOptionErrors(t *testing.T) {
	tests := []struct {
		d    analyses.Definition
		opts []string
		want string
	}{
		{Policy(snora.Setup{}), []string{"samples=0"}, "option samples=0"},
		{Policy(snora.Setup{}), []string{"cap=1"}, "option cap=1"},
		{Economy(snora.Setup{}), []string{"sweep-games=1"}, "option sweep-games=1"},
		{Economy(snora.Setup{}), []string{"games=1"}, "option games=1"},
		{Economy(snora.Setup{}), []string{"players=2"}, `unknown option "players"`},
	}
	for _, tt := range tests {
		if err := tt.d.Check(tt.opts); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: %v, want an error mentioning %q", tt.opts, err, tt.want)
		}
	}
	if _, err := Policy(snora.Setup{}).Run(context.Background(), noraEnv("insure=-1"), nil); err == nil || !strings.Contains(err.Error(), "insure") {
		t.Errorf("insure=-1: %v", err)
	}
}

// TestEconomyWritesReport writes the report of a small deck and checks that
// the page is self-contained and every table is there.
func TestEconomyWritesReport(t *testing.T) {
	cache := t.TempDir()
	dir := writePage(t, Economy(snora.Setup{CacheDir: cache}), noraEnv("ranks=2", "rounds=2"), "games=100", "sweep-games=20", "samples=40", "sweep-samples=40")
	for _, name := range []string{"report.md", "report.html", "strategies.csv", "comparisons.csv", "score_distribution.csv",
		"ip_economy.csv", "marginal_ip.csv", "price_curves.csv", "earning_rules.csv", "chart_price_curves.svg", "chart_ip_earned.png"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	h, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(h)
	if n := strings.Count(html, "<svg"); n != 6 {
		t.Errorf("report.html embeds %d SVG charts, want 6", n)
	}
	if strings.Contains(html, "src=") || strings.Contains(html, "<?xml") {
		t.Errorf("report.html is not self-contained")
	}
	for _, w := range []string{"INSURE at 1 ip adds", "One extra starting ip is worth", "upper-bound", "Switching off"} {
		if !strings.Contains(html, w) {
			t.Errorf("report.html lacks %q", w)
		}
	}
}

// TestEconomyCancelled: a cancelled analysis stops before its long steps.
func TestEconomyCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Economy(snora.Setup{}).Run(ctx, noraEnv(), nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled analysis: %v", err)
	}
}

// TestBoundSamplingError: replicas=K computes the upper bound again from K
// independent sets of shuffles. Where every deck composition is
// enumerated (two ranks and no jokers: 8 cards) no shuffle is sampled, so
// every replica gives the same bound and its sampling error is 0; where
// the full deck is sampled (three ranks and the jokers) the replicas
// differ.
func TestBoundSamplingError(t *testing.T) {
	line := regexp.MustCompile(`upper bound's sampling error: +([0-9.]+) standard deviation over (\d+) independent sets`)
	for _, tt := range []struct {
		rules   []string
		sampled bool
	}{
		{[]string{"ranks=2", "jokers=0", "rounds=2"}, false},
		{[]string{"ranks=3", "rounds=2"}, true},
	} {
		var out strings.Builder
		env := noraEnv(tt.rules...)
		env.Out = &out
		writePage(t, Policy(snora.Setup{CacheDir: t.TempDir()}), env, "samples=100", "replicas=2")
		m := line.FindStringSubmatch(out.String())
		if m == nil || m[2] != "3" {
			t.Fatalf("%v: no sampling error over 3 sets of shuffles in:\n%s", tt.rules, out.String())
		}
		sd, _ := strconv.ParseFloat(m[1], 64)
		if (sd > 0) != tt.sampled {
			t.Errorf("%v: the bound's standard deviation is %g; want it above 0 only where shuffles are sampled", tt.rules, sd)
		}
	}
}
