package catalog_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/cmd/catalog"
	"github.com/cardsim/cardsim/cmd/cli"
	"github.com/cardsim/cardsim/experiment/toygame"
	"github.com/cardsim/cardsim/games/gamestest"
)

// toyFactory returns cardsim's commands with a sixth game added as the
// README's recipe says, and in no other way: a game, its bots and its
// analysis (package toygame, standing for games/toy, strategies/toy and
// analyses/toy), one line for each in cmd/catalog/catalog.go and its
// question in cmd/catalog/studies.go. The lines below are those catalog
// lines (toy_on.go's, which the build tag toygame adds to the real
// catalog: then the factory has the toy already).
func toyFactory(out, errw *bytes.Buffer) *cli.Factory {
	f := cli.NewFactory(strings.NewReader(""), out, errw)
	if _, err := f.Games.Lookup(toygame.Name); err == nil {
		return f // built with -tags toygame
	}
	f.Games.Register(toygame.Definition())  // catalog.Games
	toygame.Register(f.Strategies)          // catalog.Strategies
	f.Analyses.Register(toygame.Analysis()) // catalog.Analyses
	f.Studies = append(f.Studies, catalog.Study{Game: toygame.Name, Title: toygame.Question,
		Strategies: []string{"greedy", "high"}, Games: 300}) // catalog.Studies
	return f
}

// toy runs cardsim with the toy added and returns its standard output.
func toy(t *testing.T, args ...string) string {
	t.Helper()
	var out, errw bytes.Buffer
	if code := toyFactory(&out, &errw).Main(args); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errw.String())
	}
	return out.String()
}

// TestRecipe walks the recipe for adding a game with a toy: the game passes
// the shared conformance checks, and every command plays it, traces it,
// sweeps its rules, reports its question and runs its analysis, with no
// change anywhere in cmd/cli.
func TestRecipe(t *testing.T) {
	g, err := toygame.Definition().New(nil)
	if err != nil {
		t.Fatal(err)
	}
	gamestest.Conformance(t, g, gamestest.Config{})

	for _, tt := range []struct {
		args []string
		want []string
	}{
		{[]string{"games"}, []string{"toy", "Toy tricks: a toy game"}},
		{[]string{"rules", "toy"}, []string{"ranks", "hand"}},
		{[]string{"strategies", "toy"}, []string{"greedy: takes a trick", "--param lead=high", "high: always", "random (any game)"}},
		{[]string{"analyze"}, []string{"toy: how often the seat that leads wins, by hand size", "--opt hands=1,2,3", "nora: "}},
		{[]string{"trace", "toy", "--seed", "2", "--index", "5"}, []string{"trick 1: seat 0 plays", "trick 3: seat ", "seat 1: score"}},
		// Hand-worked: seat 0 holds the aces and leads AH; seat 1 takes it
		// with 2C, leads 2H and 2D, and takes all three tricks.
		{[]string{"trace", "toy", "--deal", toygame.ExampleDeal},
			[]string{"trick 1: seat 0 plays AH", "trick 1: seat 1 plays 2C", "trick 2: seat 1 plays 2H", "seat 0: score 0, loss", "seat 1: score 3, win"}},
		{[]string{"compare", "toy", "--strategies", "greedy,greedy:lead=low", "--games", "200", "-q"}, []string{"greedy(lead=high) − greedy(lead=low): score difference (paired)", "first player's edge"}},
		{[]string{"tournament", "toy", "--strategies", "greedy,high,random", "--games", "100", "-q"}, []string{"ranking", "greedy", "random"}},
	} {
		out := toy(t, tt.args...)
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: output lacks %q:\n%s", tt.args, w, out)
			}
		}
	}

	// No search bot is offered for a game whose views do not sample.
	if out := toy(t, "strategies", "toy"); strings.Contains(out, "flatmc") || strings.Contains(out, "ismcts") {
		t.Errorf("strategies toy offers a search bot:\n%s", out)
	}

	// A run, and its first player's edge against the exact chance: with one
	// card each, the leader wins unless the follower's rank is higher, which
	// in 24 cards of 6 ranks happens 10 times in 23.
	dir := t.TempDir()
	toy(t, "run", "toy", "--strategy", "greedy", "--rule", "hand=1", "--games", "4000", "--out", dir, "-q")
	b, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		FirstPlayer struct {
			WinRate struct {
				Rate  float64
				Games int64
			} `json:"win_rate"`
		} `json:"first_player"`
		Features []struct{ Name string } `json:"features"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	p, n := 13.0/23, float64(s.FirstPlayer.WinRate.Games)
	if got := s.FirstPlayer.WinRate.Rate; n != 4000 || math.Abs(got-p) > 4*math.Sqrt(p*(1-p)/n) {
		t.Errorf("the leader wins %.4f of %g games, want %.4f", got, n, p)
	}
	if len(s.Features) != 1 || s.Features[0].Name != "aces" {
		t.Errorf("features %+v, want the aces dealt", s.Features)
	}

	// A sweep of a rule: one row per point.
	rows, err := csv.NewReader(strings.NewReader(toy(t, "sweep", "toy", "--rule", "hand=1,2,3", "--games", "100", "--format", "csv", "-q"))).ReadAll()
	if err != nil || len(rows) != 4 {
		t.Errorf("sweep: %d rows (%v), want a header and 3 points", len(rows), err)
	}

	// The report holds the toy's question.
	dir = t.TempDir()
	if out := toy(t, "report", "--game", "toy", "--out", dir, "-q"); !strings.Contains(out, "(1 study)") {
		t.Errorf("report: %q", out)
	}
	if html, _ := os.ReadFile(filepath.Join(dir, "report.html")); !bytes.Contains(html, []byte("Does the seat that leads win more?")) {
		t.Error("report.html lacks the toy's question")
	}

	// The analysis writes its page; at one card in hand it agrees with the
	// exact chance.
	dir = t.TempDir()
	toy(t, "analyze", "toy", "--opt", "games=4000", "--opt", "hands=1,3", "--out", dir, "-q")
	f, err := os.Open(filepath.Join(dir, "leader.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err = csv.NewReader(f).ReadAll()
	if err != nil || len(rows) != 3 || rows[1][0] != "1" || rows[2][0] != "3" {
		t.Fatalf("leader.csv: %v, %v", rows, err)
	}
	if got, _ := strconv.ParseFloat(rows[1][1], 64); math.Abs(got-p) > 4*math.Sqrt(p*(1-p)/4000) {
		t.Errorf("the analysis finds the leader winning %.4f at one card, want %.4f", got, p)
	}
}
