package clip

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestInput(t *testing.T) {
	a60, a61 := strings.Repeat("a", 60), strings.Repeat("a", 61)
	w120 := strings.Repeat("w", 120)
	tests := []struct{ in, want string }{
		{"", ""},
		{`unknown game "poker" (known: nora)`, `unknown game "poker" (known: nora)`},
		{`x "` + a60 + `" y`, `x "` + a60 + `" y`},
		{`x "` + a61 + `" y`, `x "` + a60 + `…" y`},
		{`rule "` + a61 + ``, `rule "` + a60 + `…`}, // no closing quote
		{`q "` + strings.Repeat(`\"`, 70) + `" end`, `q "` + strings.Repeat(`\"`, 60) + `…" end`},
		{`q "` + strings.Repeat("é", 70) + `"`, `q "` + strings.Repeat("é", 60) + `…"`},
		{"rule insure=" + w120, "rule insure=" + strings.Repeat("w", 53) + "…"}, // 60 characters of the word
		{"rule " + w120 + " ok", "rule " + w120 + " ok"},
		{"rule k=" + w120 + ": want", "rule k=" + strings.Repeat("w", 58) + "…: want"},
		{`a "b c" d`, `a "b c" d`},
		// a word of MaxWord characters with a closing bracket is over the bound
		{"x " + strings.Repeat("0", 120) + ")", "x " + strings.Repeat("0", 60) + "…)"},
		{"x " + strings.Repeat("0", 119) + ")", "x " + strings.Repeat("0", 119) + ")"},
		// a long run of punctuation is the word itself, cut like any other
		{"x " + strings.Repeat(")", 200), "x " + strings.Repeat(")", 60) + "…"},
		{"x " + strings.Repeat("w", 130) + ":.)", "x " + strings.Repeat("w", 60) + "…:.)"},
	}
	for _, tt := range tests {
		if got := Input(tt.in); got != tt.want {
			t.Errorf("Input(%.80q) = %.100q, want %.100q", tt.in, got, tt.want)
		}
	}
}

// FuzzInput: clipping never lengthens a message, keeps it valid
// UTF-8, leaves short messages alone and leaves no long word.
func FuzzInput(f *testing.F) {
	f.Add(`unknown "` + strings.Repeat("x", 100) + `" y`)
	f.Add(`"\"\\` + strings.Repeat("é", 90))
	f.Add("rule k=" + strings.Repeat("v", 200))
	f.Fuzz(func(t *testing.T, msg string) {
		got := Input(msg)
		if utf8.RuneCountInString(got) > utf8.RuneCountInString(msg) {
			t.Errorf("Input(%q) = %q, longer", msg, got)
		}
		if utf8.ValidString(msg) && !utf8.ValidString(got) {
			t.Errorf("Input(%q) = %q, not UTF-8", msg, got)
		}
		if utf8.RuneCountInString(msg) <= MaxQuoted && got != msg {
			t.Errorf("Input(%q) = %q; a message this short is never cut", msg, got)
		}
		if !strings.Contains(msg, `"`) {
			for _, w := range strings.Split(got, " ") {
				if utf8.RuneCountInString(w) > MaxWord {
					t.Errorf("Input(%q) left the word %q", msg, w)
				}
			}
		}
	})
}
