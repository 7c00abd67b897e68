package cli

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// flagLine matches a line of a help's flag list: the flag with its
// placeholder, then the spaces before its meaning.
var flagLine = regexp.MustCompile(`^(\s+(?:-., )?--\S+(?: \S+)?)( {2,})\S`)

// TestHelpAligned: in every command's help the meanings of the flags start
// in one column, counted in characters as a terminal shows them, and no
// placeholder holds a character outside ASCII (which the help would count
// as several).
func TestHelpAligned(t *testing.T) {
	root := NewCmdRoot(NewFactory(strings.NewReader(""), new(strings.Builder), new(strings.Builder)))
	walk(root, func(cmd *cobra.Command) {
		_, out, _ := run(t, append(strings.Fields(cmd.CommandPath())[1:], "--help")...)
		col, lines, inFlags := -1, 0, false
		for _, line := range strings.Split(out, "\n") {
			if strings.HasSuffix(line, "Flags:") {
				inFlags, col = true, -1 // each list is aligned on its own
				continue
			}
			m := flagLine.FindStringSubmatch(line)
			if !inFlags || m == nil {
				inFlags = inFlags && line != ""
				continue
			}
			lines++
			at := utf8.RuneCountInString(m[1]) + len(m[2])
			if col < 0 {
				col = at
			} else if at != col {
				t.Errorf("%s: a meaning at column %d, not %d:\n%s", cmd.CommandPath(), at, col, line)
			}
		}
		if lines == 0 {
			t.Errorf("%s: no flag in its help:\n%s", cmd.CommandPath(), out)
		}
		cmd.Flags().VisitAll(func(fl *pflag.Flag) {
			name, _ := pflag.UnquoteUsage(fl)
			for _, r := range name {
				if r >= utf8.RuneSelf {
					t.Errorf("%s --%s: placeholder %q", cmd.CommandPath(), fl.Name, name)
					break
				}
			}
		})
	})
}
