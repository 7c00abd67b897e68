package cli

import (
	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/cmd/internal/cliflag"
)

// checkFlags makes the flags of every command under root check their
// values: integers are read in decimal; the flags whose empty value would
// silently stand for their default (an empty --strategy or --strategies
// plays the game's first strategy, an empty --game of report every game, an
// empty --out, --checkpoint or --records writes nothing) refuse one; and
// the repeatable key=value flags refuse a key given twice, which would
// otherwise keep its last value.
func checkFlags(root *cobra.Command) {
	walk(root, func(cmd *cobra.Command) { cliflag.DecimalInts(cmd.Flags()) })
	walk(root, func(cmd *cobra.Command) {
		cliflag.RefuseEmpty(cmd.Flags(), "strategy", "strategies", "game", "out", "checkpoint", "records", "plan")
	})
	walk(root, func(cmd *cobra.Command) {
		cliflag.RefuseRepeats(cmd.Flags(), map[string]string{"rule": "rule", "param": "parameter", "opt": "option"})
	})
}
