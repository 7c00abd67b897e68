package cliflag

import (
	"testing"

	"github.com/spf13/pflag"
)

// TestChecks: the checks take hold of the flags they name, each once, and
// refuse what they should in a parse.
func TestChecks(t *testing.T) {
	newSet := func() *pflag.FlagSet {
		fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
		fs.Int("games", 100, "")
		fs.Uint64("seed", 1, "")
		fs.String("name", "x", "")
		fs.String("out", "", "")
		fs.StringSlice("strategies", nil, "")
		fs.StringArray("rule", nil, "")
		fs.StringArray("tag", nil, "")
		for range 2 { // a second pass wraps nothing twice
			DecimalInts(fs)
			RefuseEmpty(fs, "out", "strategies")
			RefuseRepeats(fs, map[string]string{"rule": "rule"})
		}
		return fs
	}
	tests := []struct {
		args []string
		ok   bool
	}{
		{[]string{"--games", "010", "--seed", "0020"}, true},
		{[]string{"--games", "0x10"}, false},
		{[]string{"--seed", "1e3"}, false},
		{[]string{"--name", ""}, true},
		{[]string{"--out", ""}, false},
		{[]string{"--out", "  "}, false},
		{[]string{"--strategies", ""}, false},
		{[]string{"--rule", "a=1", "--rule", "b=1"}, true},
		{[]string{"--rule", "a=1", "--rule", "a=2"}, false},
		{[]string{"--tag", "a=1", "--tag", "a=2"}, true},
	}
	for _, tt := range tests {
		fs := newSet()
		if err := fs.Parse(tt.args); (err == nil) != tt.ok {
			t.Errorf("%q: %v, want ok %t", tt.args, err, tt.ok)
		}
	}
	fs := newSet()
	if err := fs.Parse([]string{"--games", "010", "--seed", "0020"}); err != nil {
		t.Fatal(err)
	}
	if g, _ := fs.GetInt("games"); g != 10 {
		t.Errorf("--games 010 = %d, want 10", g)
	}
	if s, _ := fs.GetUint64("seed"); s != 20 {
		t.Errorf("--seed 0020 = %d, want 20", s)
	}
	for _, name := range []string{"strategies", "rule"} {
		if d := fs.Lookup(name).DefValue; d != "" {
			t.Errorf("--%s's default shows as %q, want none", name, d)
		}
	}
	if d := fs.Lookup("tag").DefValue; d != "[]" {
		t.Errorf("--tag's default shows as %q, want pflag's []", d)
	}
}

func TestPlainPlaceholder(t *testing.T) {
	tests := []struct{ usage, want string }{
		{"the strategies `a,b,…` in seat order", "the strategies `a,b,...` in seat order"},
		{"no placeholder…", "no placeholder…"},
		{"one backquote ` only…", "one backquote ` only…"},
		{"`k=v…` and `x…`", "`k=v...` and `x…`"},
	}
	for _, tt := range tests {
		fl := &pflag.Flag{Usage: tt.usage}
		if PlainPlaceholder(fl); fl.Usage != tt.want {
			t.Errorf("PlainPlaceholder(%q) = %q, want %q", tt.usage, fl.Usage, tt.want)
		}
	}
}
