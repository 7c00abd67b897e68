package cli

import (
	"strings"
	"unicode/utf8"
)

// Bounds on what an error message repeats of the user's input: a quoted
// value longer than maxQuoted characters, or any other word longer than
// maxWord, is cut to maxQuoted characters and "…". A value pasted by
// mistake, or a file given where a name was expected, then costs one line.
const (
	maxQuoted = 60
	maxWord   = 120
)

// clipInput shortens the values an error message quotes: every
// double-quoted run (as %q writes it) longer than maxQuoted characters, and
// every unquoted word longer than maxWord, keeps its first maxQuoted
// characters followed by "…".
func clipInput(msg string) string {
	var b strings.Builder
	for i := 0; i < len(msg); {
		switch c := msg[i]; {
		case c == '"':
			end := closingQuote(msg, i+1)
			b.WriteByte('"')
			b.WriteString(clipRunes(msg[i+1:end], maxQuoted))
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
			body := strings.TrimRight(word, ":;,.)")
			b.WriteString(clipRunes(body, maxWord))
			b.WriteString(word[len(body):]) // "key=value…:" keeps its colon
			i = end
		}
	}
	return b.String()
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

// clipRunes returns s if it has at most limit characters, and otherwise its
// first maxQuoted characters followed by "…", never splitting an escape.
func clipRunes(s string, limit int) string {
	if utf8.RuneCountInString(s) <= limit {
		return s
	}
	n, i := 0, 0
	for i < len(s) && n < maxQuoted {
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
