package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/cardsim/cardsim/reports"
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

// TestHelpAgreesWithOutputs: a command's help that names the formats its
// charts are written in names every one of them (run's said "SVG and PNG"
// of charts written as PDF too), and report's help gives the time of a
// report at --scale 1 that the README gives for make run.
func TestHelpAgreesWithOutputs(t *testing.T) {
	root := NewCmdRoot(NewFactory(strings.NewReader(""), new(strings.Builder), new(strings.Builder)))
	walk(root, func(cmd *cobra.Command) {
		long := strings.Join(strings.Fields(cmd.Long), " ")
		if !strings.Contains(long, "SVG") || strings.Contains(cmd.CommandPath(), "completion") {
			return
		}
		for _, f := range reports.ChartFormats {
			if !strings.Contains(long, strings.ToUpper(f)) {
				t.Errorf("%s --help names the charts' formats without %s: %q", cmd.CommandPath(), strings.ToUpper(f), long)
			}
		}
	})
	minutes := regexp.MustCompile(`takes about (\d+) minutes`)
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, help, _ := run(t, "report", "--help")
	r, h := minutes.FindSubmatch(readme), minutes.FindStringSubmatch(strings.Join(strings.Fields(help), " "))
	if r == nil || h == nil || string(r[1]) != h[1] {
		t.Errorf("the README says make run takes about %s minutes, report --help %s at --scale 1", r, h)
	}
}
