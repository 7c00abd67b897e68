package cliflag

import (
	"errors"
	"testing"

	"github.com/spf13/pflag"
)

func TestDecimal(t *testing.T) {
	tests := []struct {
		in, want string
		err      error
	}{
		{"1000", "1000", nil},
		{"010", "10", nil},
		{"000", "0", nil},
		{"-07", "-7", nil},
		{"+5", "+5", nil},
		{"0x10", "", ErrNotDecimal},
		{"1e3", "", ErrNotDecimal},
		{"1_000", "", ErrNotDecimal},
		{"", "", ErrNotDecimal},
		{"-", "", ErrNotDecimal},
		{" 1", "", ErrNotDecimal},
	}
	for _, tt := range tests {
		got, err := Decimal(tt.in)
		if got != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("Decimal(%q) = %q, %v; want %q, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestOnceEach(t *testing.T) {
	tests := []struct {
		kvs  []string
		want string
	}{
		{nil, ""},
		{[]string{"a=1", "b=2"}, ""},
		{[]string{"a=1", "b=2", "a=3"}, "rule a given twice: give each rule once"},
		{[]string{" a = 1", "a=1"}, "rule a given twice: give each rule once"},
		{[]string{"a", "a"}, "rule a given twice: give each rule once"},
	}
	for _, tt := range tests {
		got := ""
		if err := OnceEach("rule", tt.kvs); err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("OnceEach(%q) = %q, want %q", tt.kvs, got, tt.want)
		}
	}
}

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
