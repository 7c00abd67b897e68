package cli

import (
	"github.com/spf13/cobra"
)

// MergeOptions are the options of the merge command.
type MergeOptions struct {
	Flags
	Parts []string
}

// NewCmdMerge returns the command that combines shard parts into one
// summary. runF, if not nil, takes the options in place of merging (see
// NewCmdRun).
func NewCmdMerge(f *Factory, runF func(*MergeOptions) error) *cobra.Command {
	opts := &MergeOptions{}
	cmd := &cobra.Command{
		Use:   "merge <part.json | dir>...",
		Short: "Combine the parts of a sharded run into the summary one run would give",
		Long: `Combine the part files written by "cardsim run ... --shard k/n" into exactly the
summary a single run of all the deals would have written (only wall_seconds and
workers differ). The parts must come from the same command and cover every shard
once: missing, duplicate, foreign, incomplete or damaged parts are errors. Every
figure of every part is checked against what its game and its slice of deals
allow (scores and metrics within the game's bounds, counts matching the deals,
paired differences matching the strategies' totals), and its deals are dealt
again to check that it counts the deals it claims. A directory stands for
every part-K-of-N.json file in it.`,
		Example: "  cardsim merge parts/part-*.json --out out/\n  cardsim merge parts/ --format json",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.Parts = args
			if err := opts.Flags.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return runMerge(f, opts)
		},
	}
	opts.add(cmd, nil, quietFlag, "summary.json, CSV files and charts", f.Formats.Summary)
	featuresFlag(cmd, &opts.Flags)
	return cmd
}

func runMerge(f *Factory, opts *MergeOptions) error {
	r := f.runner(nil)
	if opts.Quiet {
		r.Err = nil // no notes on stderr
	}
	res, err := r.Merge(opts.Parts, opts.Out)
	if err != nil {
		return err
	}
	return render(f, res, &opts.Flags)
}
