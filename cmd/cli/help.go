package cli

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// finishTree completes the command tree under root once every command is
// added: the --version flag, shell completions and plain help placeholders.
func finishTree(root *cobra.Command, f *Factory) {
	setVersion(root)
	completeTree(root, f)
	completeListsInBash(root)
	walk(root, func(cmd *cobra.Command) {
		cmd.Flags().VisitAll(plainPlaceholder)
		cmd.PersistentFlags().VisitAll(plainPlaceholder)
	})
}

// plainPlaceholder writes the placeholder of fl's value (the `quoted` name
// in its usage) with "..." for "…". The help lines up flags' meanings by
// counting bytes, so a placeholder with a character of several bytes
// pushes its meaning left of the others'.
func plainPlaceholder(fl *pflag.Flag) {
	start := strings.IndexByte(fl.Usage, '`')
	if start < 0 {
		return
	}
	end := strings.IndexByte(fl.Usage[start+1:], '`')
	if end < 0 {
		return
	}
	end += start + 1
	name := strings.ReplaceAll(fl.Usage[start+1:end], "…", "...")
	fl.Usage = fl.Usage[:start+1] + name + fl.Usage[end:]
}
