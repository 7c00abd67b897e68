package catalog

import (
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/gamestest"
	"github.com/cardsim/cardsim/strategies"
)

// TestRuleTables holds the table of numbers in every game's RULES.md to the
// game's rules (gamestest.CheckRuleTable: every option named exists with the
// table's default and deal mark, and every number option is in the table),
// then plays every option of the table at a value other than its default
// (the sample nearest the default the game accepts) with every invariant
// checked: a few games with every seat playing at random and a few with
// every seat played by the game's default bot (its first own strategy).
func TestRuleTables(t *testing.T) {
	games := 10
	bots := Strategies()
	for _, d := range Games().All() {
		t.Run(d.Name, func(t *testing.T) {
			text, err := os.ReadFile(filepath.Join("..", "..", "games", d.Name, "RULES.md"))
			if errors.Is(err, fs.ErrNotExist) {
				// The toy of the build tag toygame keeps its rules
				// beside it, in its test package.
				text, err = os.ReadFile(filepath.Join("..", "..", "experiment", d.Name+"game", "RULES.md"))
			}
			if err != nil {
				t.Fatal(err)
			}
			rows, err := gamestest.ParseRuleTable(string(text))
			if err != nil {
				t.Fatalf("%s/RULES.md: %v", d.Name, err)
			}
			def, err := d.New(nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := gamestest.CheckRuleTable(rows, def.Rules()); err != nil {
				t.Fatalf("%s/RULES.md: %v", d.Name, err)
			}
			own, err := bots.Named(def, "")
			if err != nil {
				t.Fatal(err)
			}
			var played []string
			for _, r := range rows {
				if r.Option == "" {
					continue
				}
				kv, g := otherValue(t, d, def.Rules(), r.Option)
				played = append(played, kv)
				for _, b := range []strategies.Definition{strategies.RandomDefinition(), own} {
					seats := make([]gamestest.Bot, g.Seats())
					for k := range seats {
						s, err := b.New(g, nil)
						if err != nil {
							t.Fatalf("%s under %s: %v", b.Name, kv, err)
						}
						seats[k] = s
					}
					if err := gamestest.PlayBots(g, seats, 0, games, 1_000_000); err != nil {
						t.Errorf("%s under %s: %v", b.Name, kv, err)
					}
				}
			}
			t.Logf("%d games each by random and by %s under %q", games, own.Name, played)
		})
	}
}

// otherValue returns option name set to the value nearest its default,
// among its samples, that the game of d accepts with every other rule at
// its default, and the game under it.
func otherValue(t *testing.T, d games.Definition, rules []games.Setting, name string) (string, games.Game) {
	t.Helper()
	for _, s := range rules {
		if s.Name != name {
			continue
		}
		def, _ := strconv.ParseFloat(s.Default, 64)
		best, dist := "", math.Inf(1)
		var game games.Game
		for _, v := range s.Samples {
			if v == s.Default {
				continue
			}
			x, err := strconv.ParseFloat(v, 64)
			if err != nil {
				x = def + 1 // a choice or a truth value: any other will do
			}
			g, err := d.New([]string{name + "=" + v})
			if err == nil && math.Abs(x-def) < dist {
				best, dist, game = name+"="+v, math.Abs(x-def), g
			}
		}
		if game == nil {
			t.Fatalf("%s: option %s has no other value the game accepts (samples %q)", d.Name, name, s.Samples)
		}
		return best, game
	}
	t.Fatalf("%s: no option %s", d.Name, name)
	return "", nil
}
