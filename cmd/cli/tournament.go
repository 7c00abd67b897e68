package cli

import (
	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/experiment"
)

// TournamentOptions are the options of the tournament command.
type TournamentOptions struct {
	Flags
	experiment.Spec
}

// NewCmdTournament returns the command that plays every pair of strategies
// head to head and ranks them. runF, if not nil, takes the options in
// place of playing them (see NewCmdRun).
func NewCmdTournament(f *Factory, runF func(*TournamentOptions) error) *cobra.Command {
	opts := &TournamentOptions{Spec: experiment.Spec{Kind: experiment.Tournament}}
	cmd := &cobra.Command{
		Use:   "tournament <game> --strategies a,b,c…",
		Short: "Play every pair of strategies head to head and rank them",
		Long: `Play every pair of strategies against each other on the same deals, every deal
in every seating, and report the head-to-head matrix (each cell: the row
strategy's win rate against the column's, with its interval, and the paired
score difference), the draws, and a ranking: Bradley–Terry strengths fitted to
the matrix, draws counted half a win, and the matching Elo ratings, each with its
interval (Wald, from the Fisher information of the fit, widened by each pair's
design effect: the seatings of one deal are not independent games).

Writes (with --out DIR) tournament.json, tournament.csv (one row per pair) and
ranking.csv (one row per strategy).`,
		Example: "  cardsim tournament spite --strategies planner,greedy,random --games 5000",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			if err := opts.Flags.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return runSpec(cmd.Context(), f, &opts.Flags, opts.Spec)
		},
	}
	strategiesFlag(cmd, &opts.Strategies, "the strategies: `a,b:key=value,…` (at least two)")
	ruleFlag(cmd, &opts.Rules, ruleUsage)
	gamesFlag(cmd, &opts.Games, experiment.DefaultGames(experiment.Tournament), "deals per pair")
	opts.add(cmd, &opts.Spec, playFlags, "tournament.json, tournament.csv and ranking.csv", f.Formats.Tournament)
	cmd.Flags().SortFlags = false
	return cmd
}
