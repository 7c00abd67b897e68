package chriscross

import (
	"reflect"
	"strings"
	"testing"
)

func TestDefaultRules(t *testing.T) {
	// The defaults of RULES.md's table of options.
	want := Rules{Size: 5, Ranks: 13, ColumnAdjacent: false, ChainMoves: false, Diagonals: true}
	if got := DefaultRules(); got != want {
		t.Errorf("DefaultRules() = %+v, want %+v", got, want)
	}
	if r, err := ParseRules(nil); err != nil || r != want {
		t.Errorf("ParseRules(nil) = %+v, %v; want %+v", r, err, want)
	}
}

func TestParseRules(t *testing.T) {
	tests := []struct {
		kvs  []string
		want Rules
		err  string // the whole error, or "" for none
	}{
		{kvs: nil, want: Rules{Size: 5, Ranks: 13, Diagonals: true}},
		{kvs: []string{"column-adjacent=true", "diagonals=false"}, want: Rules{Size: 5, Ranks: 13, ColumnAdjacent: true}},
		{kvs: []string{"chain-moves=1", " size = 3 ", "ranks=4"}, want: Rules{Size: 3, Ranks: 4, ChainMoves: true, Diagonals: true}},
		{kvs: []string{"size=4", "ranks=4"}, want: Rules{Size: 4, Ranks: 4, Diagonals: true}}, // 16 cards fill a 4×4 tableau
		{kvs: []string{"size=6"}, err: "rule size=6: want an integer from 3 to 5"},
		{kvs: []string{"size=x"}, err: "rule size=x: want an integer from 3 to 5"},
		{kvs: []string{"ranks=0"}, err: "rule ranks=0: want an integer from 1 to 13"},
		{kvs: []string{"ranks=6"}, err: "chriscross: 6 ranks make 24 cards, too few to deal a 5×5 tableau"},
		{kvs: []string{"size=4", "ranks=3"}, err: "chriscross: 3 ranks make 12 cards, too few to deal a 4×4 tableau"},
		{kvs: []string{"diagonals=maybe"}, err: "rule diagonals=maybe: want true or false"},
		{kvs: []string{"colour=red"}, err: `unknown rule "colour" (known: column-adjacent, chain-moves, diagonals, size, ranks)`},
		{kvs: []string{"diagonals"}, err: `rule "diagonals": want key=value`},
	}
	for _, tt := range tests {
		got, err := ParseRules(tt.kvs)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("ParseRules(%q) error %v, want %q", tt.kvs, err, tt.err)
			}
			if _, err := Definition().New(tt.kvs); err == nil || err.Error() != tt.err {
				t.Errorf("Definition().New(%q) error %v, want %q", tt.kvs, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseRules(%q) = %+v, %v; want %+v", tt.kvs, got, err, tt.want)
		}
	}
}

func TestRuleSettings(t *testing.T) {
	g, err := Definition().New([]string{"size=4", "ranks=6", "diagonals=false"})
	if err != nil {
		t.Fatal(err)
	}
	if lo, hi := g.ScoreBounds(); lo != 0 || hi != 24 {
		t.Errorf("score bounds %d, %d; want 0, 24", lo, hi)
	}
	want := map[string][2]string{ // value, default
		"column-adjacent": {"false", "false"},
		"chain-moves":     {"false", "false"},
		"diagonals":       {"false", "true"},
		"size":            {"4", "5"},
		"ranks":           {"6", "13"},
	}
	got := g.Rules()
	if len(got) != len(want) {
		t.Fatalf("%d settings, want %d: %+v", len(got), len(want), got)
	}
	for _, s := range got {
		if w, ok := want[s.Name]; !ok || s.Value != w[0] || s.Default != w[1] || s.Usage == "" {
			t.Errorf("setting %+v, want value %s and default %s", s, w[0], w[1])
		}
	}
	if s := g.(*Game).RuleValues().String(); s != "column-adjacent=false chain-moves=false diagonals=false size=4 ranks=6" {
		t.Errorf("String() = %q", s)
	}
}

func TestNewChecksRules(t *testing.T) {
	for _, r := range []Rules{{}, {Size: 6, Ranks: 13}, {Size: 5, Ranks: 14}, {Size: 5, Ranks: 6}} {
		if _, err := New(r); err == nil {
			t.Errorf("New(%+v) accepted rules that cannot be played", r)
		}
	}
}

// FuzzParseRules parses fuzzed option lists: accepted rules must be
// playable, print back to themselves, and make a game whose settings show
// them; a rejected list must be rejected by the registry entry too.
func FuzzParseRules(f *testing.F) {
	f.Add("size=3 ranks=4")
	f.Add("column-adjacent=true chain-moves=true diagonals=false")
	f.Add("ranks=6")
	f.Add("size=5 size=4 ranks=4")
	f.Add("=1 x")
	f.Add("size=+4 ranks=0x7")
	f.Fuzz(func(t *testing.T, text string) {
		kvs := strings.Fields(text)
		r, err := ParseRules(kvs)
		if err != nil {
			if _, err2 := Definition().New(kvs); err2 == nil || err2.Error() != err.Error() {
				t.Fatalf("ParseRules(%q): %v, but the registry entry says %v", kvs, err, err2)
			}
			return
		}
		if err := r.Check(); err != nil {
			t.Fatalf("ParseRules(%q) accepted unplayable rules: %v", kvs, err)
		}
		back, err := ParseRules(strings.Fields(r.String()))
		if err != nil || back != r {
			t.Fatalf("rules %+v print as %q, which parse to %+v, %v", r, r.String(), back, err)
		}
		g, err := New(r)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(g.Rules(), r.Settings()) {
			t.Fatalf("rules %+v: the game's settings are %+v", r, g.Rules())
		}
		if _, hi := g.ScoreBounds(); hi != 4*r.Ranks {
			t.Fatalf("rules %+v: a deck of %d cards, want %d", r, hi, 4*r.Ranks)
		}
	})
}
