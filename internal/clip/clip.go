package clip

import (
	"strings"
	"unicode/utf8"
)

// Bounds on what an error message repeats of the user's input: a quoted
// value longer than MaxQuoted characters, or any other word longer than
// MaxWord, is cut to MaxQuoted characters and "…".
const (
	MaxQuoted = 60
	MaxWord   = 120
)

// Input shortens the values the error message msg quotes: every
// double-quoted run (as %q writes it) longer than MaxQuoted characters, and
// every unquoted word longer than MaxWord, keeps its first MaxQuoted
// characters followed by "…".
func Input(msg string) string {
	var b strings.Builder
	for i := 0; i < len(msg); {
		switch c := msg[i]; {
		case c == '"':
			end := closingQuote(msg, i+1)
			b.WriteByte('"')
			b.WriteString(Runes(msg[i+1:end], MaxQuoted))
			if end < len(msg) {
				b.WriteByte('"')
				end++
			}
			i = end
		case c == ' ':
			b.WriteByte(c)
			i++
		default:
			end := i
			for end < len(msg) && msg[end] != ' ' && msg[end] != '"' {
				end++
			}
			word := msg[i:end]
			punct := trailingPunct(word)
			body := word[:len(word)-len(punct)]
			b.WriteString(Runes(body, MaxWord-len(punct)))
			b.WriteString(punct) // "key=value…:" keeps its colon
			i = end
		}
	}
	return b.String()
}

// maxPunct is the most trailing punctuation a word keeps after its cut;
// a longer run of it is part of the word itself.
const maxPunct = 3

// trailingPunct returns the punctuation that ends word (as in "value:" or
// "(known: nora)"), or "" when word ends in none or in a run longer than
// maxPunct, which is cut with the rest of the word.
func trailingPunct(word string) string {
	body := strings.TrimRight(word, ":;,.)")
	if len(word)-len(body) > maxPunct {
		return ""
	}
	return word[len(body):]
}

// closingQuote returns the index of the double quote that ends the quoted
// run of s starting at i (after its opening quote), or len(s).
func closingQuote(s string, i int) int {
	for i < len(s) {
		switch s[i] {
		case '\\':
			i += 2
		case '"':
			return i
		default:
			i++
		}
	}
	return len(s)
}

// Runes returns s if it has at most limit characters, and otherwise its
// first MaxQuoted characters followed by "…", never splitting an escape.
func Runes(s string, limit int) string {
	if utf8.RuneCountInString(s) <= limit {
		return s
	}
	n, i := 0, 0
	for i < len(s) && n < MaxQuoted {
		if s[i] == '\\' && i+1 < len(s) {
			i++ // the escaped character goes with its backslash
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	if i >= len(s) {
		return s
	}
	return s[:i] + "…"
}
