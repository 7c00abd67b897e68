package games

import (
	"strings"
	"testing"
)

// TestRuleIdentity: a rule value naming a file by path and contents is
// the same rule under any path with the same contents, and nothing else
// changes.
func TestRuleIdentity(t *testing.T) {
	sum := strings.Repeat("ab", 32)
	for _, tt := range []struct{ a, b string }{
		{"file:t1.txt" + ContentMark + sum, "file:./t1.txt" + ContentMark + sum},
		{"file:/a/b.txt" + ContentMark + sum, "file:/c/d#e.txt" + ContentMark + sum},
	} {
		if RuleIdentity(tt.a) != RuleIdentity(tt.b) {
			t.Errorf("%s and %s: %s and %s, want one identity", tt.a, tt.b, RuleIdentity(tt.a), RuleIdentity(tt.b))
		}
	}
	for _, v := range []string{"random", "fixed:7", "file:t1.txt", "file:t1.txt#sha256=00", "file:x" + ContentMark + strings.ToUpper(sum), "10"} {
		if RuleIdentity(v) != v {
			t.Errorf("RuleIdentity(%q) = %q, want the value itself", v, RuleIdentity(v))
		}
	}
	if RuleIdentity("file:a"+ContentMark+sum) == RuleIdentity("file:a"+ContentMark+strings.Repeat("cd", 32)) {
		t.Error("two contents give one identity")
	}
}
