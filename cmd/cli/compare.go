package cli

import (
	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/experiment"
)

// NewCmdCompare returns the command that compares strategies, and rule
// variants, on the same deals: run with --strategies or --variant. runF,
// if not nil, takes the options in place of playing them (see NewCmdRun).
func NewCmdCompare(f *Factory, runF func(*RunOptions) error) *cobra.Command {
	opts := &RunOptions{Spec: experiment.Spec{Kind: experiment.Compare}}
	var vf variantFlags
	var pilot bool
	cmd := &cobra.Command{
		Use:   "compare <game> --strategies a,b[,c…] | --variant [name:]key=value,…",
		Short: "Compare strategies, or rule variants, on the same deals, with paired intervals",
		Long: `Play every strategy on the same deals (common random numbers) and report each
one's figures and every pairwise difference, with the interval of the paired
differences per deal: far narrower than two independent runs would give (the
unpaired interval is printed beside it). In games of several players the seats
rotate over every deal, so no strategy gains from its seat; the seat section
(as in run) then asks whether a seat wins more whoever sits in it, averaged over
the strategies. Two settings of one strategy are named by the parameters that
set them apart, as in search(nodes=5000).

Parameters go after the name: --strategies stop-at:cards=20,rescuer:stop=0.2.
` + variantsHelp,
		Example: `  cardsim compare nora --strategies stop-at,cautious,rescuer --games 100000
  cardsim compare nora --strategies cautious,rescuer --precision 0.5 --out out/compare
  cardsim compare nora --strategies rescuer --variant cheap:insure=2,switch=3 --games 10000 --out out/cheap
  cardsim compare spite --variant stockpile=20 --variant stockpile=30 --figure win --reference 0.5
  cardsim compare nora --variant insure=2 --precision 1 --max-games 200000 --checkpoint cmp.ckpt`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			if err := vf.apply(&opts.Spec); err != nil {
				return err
			}
			if err := opts.check(); err != nil {
				return err
			}
			if pilot {
				return runPilot(cmd.Context(), f, &opts.Flags, opts.Spec)
			}
			if runF != nil {
				return runF(opts)
			}
			return runSpec(cmd.Context(), f, &opts.Flags, opts.Spec)
		},
	}
	opts.addFlags(f, cmd)
	vf.addVariantFlags(cmd, &opts.Spec)
	addFigureFlags(cmd, &opts.Spec, "with --variant, the `figures` compared: score, win or a metric of the game, the first the main one (default score,win)")
	checkpointFlags(cmd, &opts.Spec, "save progress to this `file` every few seconds and on interruption",
		"carry on from --checkpoint", "replace an existing --checkpoint file and start afresh")
	cmd.Flags().BoolVar(&pilot, "pilot", false, "with --variant, play a short pilot and estimate the deals and time needed, instead of the comparison")
	cmd.Flags().Lookup("strategy").Hidden = true
	cmd.Flags().Lookup("param").Hidden = true
	return cmd
}
