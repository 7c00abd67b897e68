package cli

import (
	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/experiment"
)

// RerunOptions are the options of the rerun command.
type RerunOptions struct {
	Flags
	experiment.Spec        // read from From
	From            string // summary.json, its directory, or a spec file
}

// NewCmdRerun returns the command that plays again the experiment a run's
// outputs or a spec file record. runF, if not nil, takes the options, with
// the Spec read, in place of playing them (see NewCmdRun).
func NewCmdRerun(f *Factory, runF func(*RerunOptions) error) *cobra.Command {
	opts := &RerunOptions{}
	cmd := &cobra.Command{
		Use:   "rerun <summary.json | dir | spec.yaml>",
		Short: "Play again the experiment a summary or a spec file records, for the same figures",
		Long: `Play again the run whose summary.json (or the directory that holds it) is given:
the manifest records its game, every rule with its value in force, its strategies
with every parameter, its seed, its deals and its confidence, and these give the
same figures again (a run that stopped at a precision is replayed for the deals
it played). The partial summary of an interrupted run is refused: resume it.

A spec file (YAML or JSON, with a kind: run, compare, sweep, tournament, skill,
analyze, solve, report or tune, and the fields named as the flags, with _ for -)
is an experiment written down, and is run as written. Rule variants of a
comparison are a list under variants:, each "name:key=value,key=value" or
{name: cheap, rules: [insure=2, switch=3]}, with baseline: naming one of them.`,
		Example: "  cardsim rerun out/nora/summary.json --out out/again\n  cardsim rerun study.yaml --out out/study",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.From = args[0]
			if err := opts.Flags.check(); err != nil {
				return err
			}
			spec, err := experiment.ReadSpec(opts.From)
			if err != nil {
				return err
			}
			opts.Spec = spec
			if runF != nil {
				return runF(opts)
			}
			return runSpec(cmd.Context(), f, &opts.Flags, opts.Spec)
		},
	}
	w := f.Formats
	opts.add(cmd, nil, workersFlag|quietFlag, "the outputs the experiment writes", w.Summary, w.Sweep, w.Tournament, w.Skill, w.Tune)
	featuresFlag(cmd, &opts.Flags)
	return cmd
}
