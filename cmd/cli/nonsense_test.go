package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNonsenseRefused: input that used to be accepted and quietly mean
// something else (a flag with no effect, a value that overrode another, a
// plan of which only a part was read, a number that overflowed) is
// refused with one line saying what is wrong, before any deal is played.
func TestNonsenseRefused(t *testing.T) {
	dir := t.TempDir()
	plan := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	out := filepath.Join(dir, "out")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"report", "--scale", "1e15", "--out", out}, "--scale 1e+15: want a positive number of at most 1e+06"},
		{[]string{"report", "--scale", "1e300", "--out", out}, "--scale 1e+300: want a positive number of at most"},
		{[]string{"report", "--game", "", "--scale", "0.0001", "--out", out}, `"" for "--game" flag: empty`},
		{[]string{"run", "nora", "--games", "10", "--max-games", "5000"}, "--max-games goes with --precision"},
		{[]string{"run", "nora", "--games", "10", "--target", "win"}, "--target goes with --precision"},
		{[]string{"compare", "nora", "--games", "10", "--strategies", "cautious,rescuer", "--target", "score"}, "--target goes with --precision"},
		{[]string{"sweep", "nora", "--games", "10", "--rule", "insure=0,1", "--max-games", "100"}, "--max-games goes with --precision"},
		{[]string{"sweep", "--plan", plan("maxgames.yaml", "game: nora\nrules: [insure=0,1]\ngames: 10\nmax_games: 100\n")}, "max_games goes with precision"},
		{[]string{"run", "nora", "--games", "10", "--rule", "insure=1", "--rule", "insure=2"}, "rule insure given twice"},
		{[]string{"run", "nora", "--games", "10", "--rule", "insure=1", "--rule", " insure =1"}, "rule insure given twice"},
		{[]string{"run", "nora", "--games", "10", "--strategy", "stop-at", "--param", "cards=3", "--param", "cards=4"}, "parameter cards given twice"},
		{[]string{"compare", "nora", "--games", "10", "--strategies", "stop-at:cards=3:cards=4,rescuer"}, "parameter cards given twice"},
		{[]string{"trace", "nora", "--rule", "rounds=2", "--rule", "rounds=3"}, "rule rounds given twice"},
		{[]string{"sweep", "nora", "--games", "10", "--rule", "insure=0,1", "--rule", "insure=2"}, "rule insure given twice"},
		{[]string{"sweep", "--plan", plan("twice.yaml", "game: nora\nrules: [insure=0,1]\ngames: 10\n"), "--rule", "insure=3"}, "rule insure given twice"},
		{[]string{"analyze", "roundup", "--out", out, "--opt", "games=10", "--opt", "games=12", "--opt", "players=2"}, "option games given twice"},
		{[]string{"sweep", "--plan", plan("two.yaml", "game: nora\nrules: [insure=0,1]\ngames: 10\n---\ngame: spite\nrules: [jokers=0,2]\n")}, "holds 2 YAML documents"},
		{[]string{"sweep", "--plan", plan("emptystrategy.yaml", "game: nora\nstrategy: \"\"\nrules: [insure=0,1]\ngames: 10\n")}, `strategy: an empty value`},
		{[]string{"sweep", "--plan", plan("emptygame.yaml", "game: ' '\nrules: [insure=0,1]\n")}, `game: an empty value`},
		{[]string{"trace", "spite", "--deal", ";;;"}, "no section"},
		{[]string{"trace", "spite", "--deal", "# only a comment"}, "no section"},
		{[]string{"sweep", "nora", "--rule", "insure=1,1", "--games", "10"}, "insure=1 twice"},
		{[]string{"sweep", "nora", "--rule", "insure=1,2,01", "--games", "10"}, "insure=1 twice"},
		{[]string{"sweep", "nora", "--rule", "quad-chain=true,True", "--games", "10"}, "quad-chain=true twice"},
		{[]string{"analyze", "roundup", "--out", out, "--opt", "players=2,2", "--opt", "games=10"}, "each once"},
		{[]string{"analyze", "roundup", "--out", out, "--opt", "mixes=greedy,greedy", "--opt", "players=2", "--opt", "games=10"}, "each once"},
		{[]string{"analyze", "roundup", "--out", out, "--opt", "mixes=greedy+", "--opt", "players=2", "--opt", "games=10"}, `mix "greedy+"`},
		{[]string{"analyze", "roundup", "--out", out, "--opt", "mixes=+greedy", "--opt", "players=2", "--opt", "games=10"}, `mix "+greedy"`},
		{[]string{"analyze", "roundup", "--out", out, "--opt", "mixes=greedy,greedy+psychic", "--opt", "players=2", "--opt", "games=10"}, `unknown strategy "psychic"`},
	} {
		code, stdout, errs := run(t, tt.args...)
		if code != 1 || !strings.Contains(errs, tt.want) || strings.Count(errs, "\n") != 1 || stdout != "" {
			t.Errorf("%q: exit %d, %q; want one line with %q", tt.args, code, errs, tt.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused command wrote --out")
	}
}

// TestSuitSymbols: a deal written with suit symbols (as a player copies it
// from a page, emoji forms included) is the deal written with letters.
func TestSuitSymbols(t *testing.T) {
	letters := "AS 5H 10D KC 2S 7H 9D QC JK 3S 4H 8D JC 6S 6H 6D 6C 7S 7D 7C 8S 8H 8C 9S 9H 9C 10S 10H 10C JS JH JD QS QH QD KS KH KD AH AD AC 2H 2D 2C 3H 3D 3C 4S 4D 4C 5S 5D 5C JK"
	symbol := map[byte]string{'S': "♠", 'H': "♥\uFE0F", 'D': "♦", 'C': "♣"}
	var cs []string
	for _, c := range strings.Fields(letters) {
		if c != "JK" {
			c = c[:len(c)-1] + symbol[c[len(c)-1]]
		}
		cs = append(cs, c)
	}
	symbols := strings.Join(cs, " ")
	want := mustRun(t, "trace", "nora", "--deal", letters, "--format", "json")
	got := mustRun(t, "trace", "nora", "--deal", symbols, "--format", "json")
	if strings.ReplaceAll(got, symbols, letters) != want {
		t.Errorf("the deal in suit symbols %q traces otherwise than in letters", symbols)
	}
}
