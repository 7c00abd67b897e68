package gamestest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
)

// cutTable is a table of numbers for the cut game, in the form RULES.md
// files give it.
const cutTable = `# The cut game

Some prose.

## Numbers in the rules

The numbers, and the options that set them.

| in the rule text | option | default | changes the deal |
|---|---|---|---|
| a pack of eight cards | none | 8 | — |
| cut no card | ` + "`cut`" + ` | 0 | yes |

## The next section

| a | table | not | read |
|---|---|---|---|
| x | ` + "`double`" + ` | 1 | yes |
`

// TestParseRuleTable: the table under its heading is read row by row, and
// every flaw of its shape is an error naming the line.
func TestParseRuleTable(t *testing.T) {
	rows, err := ParseRuleTable(cutTable)
	if err != nil {
		t.Fatal(err)
	}
	want := []RuleRow{{Text: "a pack of eight cards", Default: "8", Deal: "—"}, {Text: "cut no card", Option: "cut", Default: "0", Deal: "yes"}}
	if len(rows) != len(want) || rows[0] != want[0] || rows[1] != want[1] {
		t.Errorf("rows %+v, want %+v", rows, want)
	}
	for _, tt := range []struct{ from, to, err string }{
		{"## Numbers in the rules", "## Numbers", "no table of numbers"},
		{"| in the rule text | option | default | changes the deal |", "| text | option | default |", "table header"},
		{"| cut no card | `cut` | 0 | yes |", "| cut no card | cut | 0 | yes |", `option "cut", want`},
		{"| cut no card | `cut` | 0 | yes |", "| cut no card | `cut` | 0 | maybe |", `changes the deal "maybe"`},
		{"| cut no card | `cut` | 0 | yes |", "| cut no card | `cut` | 0 |", "3 cells, want 4"},
		{"| a pack of eight cards | none | 8 | — |", "| a pack of eight cards | none | 8 | no |", "without an option"},
		{"| a pack of eight cards | none | 8 | — |", "| cut | `cut` | 1 | yes |", "option cut in two rows"},
	} {
		if !strings.Contains(cutTable, tt.from) {
			t.Fatalf("the table has no %q", tt.from)
		}
		_, err := ParseRuleTable(strings.Replace(cutTable, tt.from, tt.to, 1))
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%q: %v, want an error with %q", tt.to, err, tt.err)
		}
	}
}

// TestCheckRuleTable: a table passes when its options are the rules', with
// their defaults and deal marks, and every number option is in it; each
// departure is caught.
func TestCheckRuleTable(t *testing.T) {
	g, err := cutDefinition("cut").New(nil)
	if err != nil {
		t.Fatal(err)
	}
	rules := g.Rules()
	ok := []RuleRow{{Text: "a pack", Default: "8", Deal: "—"}, {Text: "cut", Option: "cut", Default: "0", Deal: "yes"}}
	if err := CheckRuleTable(ok, rules); err != nil {
		t.Errorf("a good table: %v", err)
	}
	ours := []RuleRow{{Text: RuleTableOurs + ": a cut", Option: "cut", Default: "0", Deal: "yes", Ours: true}}
	if err := CheckRuleTable(ours, rules); err != nil {
		t.Errorf("an option marked as ours: %v", err)
	}
	for _, tt := range []struct {
		rows []RuleRow
		err  string
	}{
		{[]RuleRow{{Option: "cut", Default: "1", Deal: "yes"}}, "option cut: default 1 in the table, 0 in the rules"},
		{[]RuleRow{{Option: "cut", Default: "0", Deal: "no"}}, `option cut: changes the deal "no" in the table, true in the rules`},
		{[]RuleRow{{Option: "colour", Default: "0", Deal: "no"}}, "names option colour, which the rules do not have"},
		{[]RuleRow{{Text: "a pack", Default: "8", Deal: "—"}}, "number option cut (default 0) is not in the table"},
	} {
		err := CheckRuleTable(tt.rows, rules)
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%+v: %v, want an error with %q", tt.rows, err, tt.err)
		}
	}
}

// firstBot always plays the first legal action, or a fixed action.
type firstBot struct {
	fixed games.Action // played instead when not 0
	games int
}

func (b *firstBot) Begin(uint64) { b.games++ }
func (b *firstBot) Choose(_ games.View, legal []games.Action) games.Action {
	if b.fixed != 0 {
		return b.fixed
	}
	return legal[0]
}

// TestPlayBots: bots play whole games with every invariant checked; a bot
// that chooses an illegal action and a game that breaks an invariant are
// reported.
func TestPlayBots(t *testing.T) {
	b := &firstBot{}
	if err := PlayBots(drawGame{}, []Bot{b}, 0, 5, 100); err != nil || b.games != 5 {
		t.Errorf("a flawless game: %v after %d games, want 5 games", err, b.games)
	}
	if err := PlayBots(drawGame{}, []Bot{&firstBot{fixed: 7}}, 0, 5, 100); err == nil || !strings.Contains(err.Error(), "chose 7, not among the legal [0 1]") {
		t.Errorf("an illegal choice: %v", err)
	}
	if err := PlayBots(drawGame{drawRules{flawMetric}}, []Bot{&firstBot{}}, 0, 5, 100); err == nil || !strings.Contains(err.Error(), "metric actions is 9") {
		t.Errorf("a metric beyond its bound: %v", err)
	}
}

// FuzzParseRuleTable: any text either fails to parse or gives rows of the
// documented shape: an option or "none", a deal mark that fits it, and no
// option twice.
func FuzzParseRuleTable(f *testing.F) {
	f.Add(cutTable)
	f.Add(RuleTableHeading + "\n" + RuleTableHeader + "\n|-|-|-|-|\n| x | `a` | 1 | no |\n")
	f.Add("## Numbers in the rules\n| a | b |\n")
	f.Fuzz(func(t *testing.T, text string) {
		rows, err := ParseRuleTable(text)
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, r := range rows {
			switch {
			case r.Option == "" && r.Deal != "—":
				t.Fatalf("row without an option, deal %q", r.Deal)
			case r.Option != "" && r.Deal != "yes" && r.Deal != "no":
				t.Fatalf("option %s, deal %q", r.Option, r.Deal)
			case r.Option != "" && seen[r.Option]:
				t.Fatalf("option %s twice", r.Option)
			}
			seen[r.Option] = r.Option != ""
		}
	})
}

func ExampleParseRuleTable() {
	rows, err := ParseRuleTable(`## Numbers in the rules

| in the rule text | option | default | changes the deal |
|---|---|---|---|
| each stockpile has 26 cards | ` + "`stockpile`" + ` | 26 | yes |
| two players | none | 2 | — |
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rows {
		fmt.Printf("%q option %q default %s deal %s\n", r.Text, r.Option, r.Default, r.Deal)
	}
	// Output:
	// "each stockpile has 26 cards" option "stockpile" default 26 deal yes
	// "two players" option "" default 2 deal —
}
