package games

import (
	"crypto/sha256"
	"strings"
)

// ContentMark separates, in the recorded value of a rule that names an
// input file ("file:<path>#sha256=<hex>"), the file's path from the
// SHA-256 of its contents: the value a run records, so that two files
// never pass for one.
const ContentMark = "#sha256="

// RuleIdentity returns what a rule's recorded value means for play: the
// value itself, or for a value naming an input file by its path and its
// contents, the contents alone ("file:#sha256=<hex>"), so that two
// spellings of one path (t1.txt, ./t1.txt), or two copies of one file on
// two machines, are the same rule. Runs are told apart by it.
func RuleIdentity(v string) string {
	i := strings.LastIndex(v, ContentMark)
	kind, _, named := strings.Cut(v, ":")
	if i < 0 || !named || !isHexSum(v[i+len(ContentMark):]) {
		return v
	}
	return kind + ":" + v[i:]
}

// isHexSum reports whether s is a SHA-256 in lower-case hex.
func isHexSum(s string) bool {
	if len(s) != 2*sha256.Size {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
