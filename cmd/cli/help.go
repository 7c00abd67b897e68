package cli

import (
	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/cmd/internal/cliflag"
	"github.com/cardsim/cardsim/cmd/internal/complete"
)

// finishTree completes the command tree under root once every command is
// added: the --version flag, shell completions and plain help placeholders.
func finishTree(root *cobra.Command, f *Factory) {
	setVersion(root)
	completeTree(root, f)
	complete.ListsInBash(root)
	walk(root, func(cmd *cobra.Command) {
		cmd.Flags().VisitAll(cliflag.PlainPlaceholder)
		cmd.PersistentFlags().VisitAll(cliflag.PlainPlaceholder)
	})
}
