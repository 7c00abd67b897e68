package complete

import (
	"bytes"
	"io"
	"regexp"
	"strings"

	"github.com/spf13/cobra"
)

// ListsInBash makes the bash completion script of root complete the items
// of comma-separated lists (--strategies planner,g<TAB>). Cobra's script
// escapes each completion with printf %q before matching it against the
// word typed, and bash's %q escapes a comma: "planner\,greedy" does not
// start with "planner,g", so nothing was offered. A comma needs no escape
// outside braces, so the script takes it back out after each escape.
func ListsInBash(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		for _, sh := range c.Commands() {
			if sh.Name() != "bash" {
				continue
			}
			sh.RunE = func(cmd *cobra.Command, _ []string) error {
				noDesc, _ := cmd.Flags().GetBool("no-descriptions")
				var b bytes.Buffer
				if err := cmd.Root().GenBashCompletionV2(&b, !noDesc); err != nil {
					return err
				}
				_, err := io.WriteString(cmd.OutOrStdout(), CommasUnescaped(b.String()))
				return err
			}
		}
	}
}

// escaped matches the lines of cobra's bash script that escape completions
// with printf %q, by the variable they set: an array read from printf's
// lines, or one value.
var escaped = []struct {
	re  *regexp.Regexp
	fix string // the line that takes the commas' escapes back out; $1 is the variable
}{
	{regexp.MustCompile(`read -ra (\w+) -d '' < <\(printf "%q\\n"`), `$1=("${$1[@]//\\,/,}")`},
	{regexp.MustCompile(`^\s*([\w\[\]0-9]+)=\$\(printf "%q"`), `$1=${$1//\\,/,}`},
	{regexp.MustCompile(`printf -v (\w+) "%q"`), `$1=${$1//\\,/,}`},
}

// CommasUnescaped returns cobra's bash completion script with a line after
// each escape of completions that unescapes their commas.
func CommasUnescaped(script string) string {
	var out strings.Builder
	for _, line := range strings.SplitAfter(script, "\n") {
		out.WriteString(line)
		for _, e := range escaped {
			if m := e.re.FindStringSubmatchIndex(line); m != nil {
				indent := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
				out.WriteString(indent + string(e.re.ExpandString(nil, e.fix, line, m)) + "\n")
				break
			}
		}
	}
	return out.String()
}
