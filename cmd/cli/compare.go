package cli

import (
	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/experiment"
)

// NewCmdCompare returns the command that compares strategies on the same
// deals: run with --strategies required. runF, if not nil, takes the
// options in place of playing them (see NewCmdRun).
func NewCmdCompare(f *Factory, runF func(*RunOptions) error) *cobra.Command {
	opts := &RunOptions{Spec: experiment.Spec{Kind: experiment.Compare}}
	cmd := &cobra.Command{
		Use:   "compare <game> --strategies a,b[,c…]",
		Short: "Compare strategies on the same deals, with paired intervals",
		Long: `Play every strategy on the same deals (common random numbers) and report each
one's figures and every pairwise difference, with the interval of the paired
differences per deal: far narrower than two independent runs would give (the
unpaired interval is printed beside it). In games of several players the seats
rotate over every deal, so no strategy gains from its seat.

Parameters go after the name: --strategies stop-at:cards=20,rescuer:stop=0.2.`,
		Example: `  cardsim compare nora --strategies stop-at,cautious,rescuer --games 100000
  cardsim compare nora --strategies cautious,rescuer --precision 0.5 --out out/compare`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			if err := opts.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return runSpec(cmd.Context(), f, &opts.Flags, opts.Spec)
		},
	}
	opts.addFlags(f, cmd)
	cmd.Flags().Lookup("strategy").Hidden = true
	cmd.Flags().Lookup("param").Hidden = true
	return cmd
}
