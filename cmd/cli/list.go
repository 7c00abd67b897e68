package cli

import (
	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/cmd/internal/buildinfo"
	"github.com/cardsim/cardsim/reports"
)

// NewCmdGames returns the command that lists the games.
func NewCmdGames(f *Factory) *cobra.Command {
	fl := &Flags{}
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List the games cardsim plays",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if err := fl.check(); err != nil {
				return err
			}
			return f.Formats.Games.Write(f.Out, fl.Format, f.Games)
		},
	}
	fl.add(cmd, nil, 0, "", f.Formats.Games)
	return cmd
}

// RulesOptions are the options of the rules command.
type RulesOptions struct {
	Flags
	Game  string
	Rules []string
}

// NewCmdRules returns the command that lists a game's rule options.
func NewCmdRules(f *Factory) *cobra.Command {
	opts := &RulesOptions{}
	cmd := &cobra.Command{
		Use:   "rules <game>",
		Short: "List a game's rule options, their defaults and meanings",
		Long: `List every rule option of a game with its value, its default and its meaning.
Any option can be changed in run and trace with --rule key=value.

The deal column says "changes" for a rule whose other values deal other cards
from the same seed (another deck, other stockpiles or hands, another number of
players), so that its variants are not played on the same deals and are compared
unpaired; "same" for a rule that changes only how the cards dealt are played or
scored (changes_deal in the JSON listing).`,
		Example: "  cardsim rules nora\n  cardsim rules nora --rule insure=2",
		Args:    cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.Game = args[0]
			if err := opts.check(); err != nil {
				return err
			}
			g, err := f.runner(nil).Game(opts.Game, opts.Rules)
			if err != nil {
				return err
			}
			return f.Formats.Rules.Write(f.Out, opts.Format, g)
		},
	}
	ruleFlag(cmd, &opts.Rules, "show values with this rule option set (`key=value`, repeatable)")
	opts.add(cmd, nil, 0, "", f.Formats.Rules)
	return cmd
}

// NewCmdStrategies returns the command that lists the strategies of a game.
func NewCmdStrategies(f *Factory) *cobra.Command {
	fl := &Flags{}
	cmd := &cobra.Command{
		Use:     "strategies <game>",
		Short:   "List the strategies that play a game, with their parameters",
		Example: "  cardsim strategies nora",
		Args:    cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if err := fl.check(); err != nil {
				return err
			}
			g, err := f.runner(nil).Game(args[0], nil)
			if err != nil {
				return err
			}
			return f.Formats.Strategies.Write(f.Out, fl.Format, reports.StrategyList{Game: g, Strategies: f.Strategies.For(g)})
		},
	}
	fl.add(cmd, nil, 0, "", f.Formats.Strategies)
	return cmd
}

// NewCmdVersion returns the command that prints cardsim's version.
func NewCmdVersion(f *Factory) *cobra.Command {
	fl, formats := &Flags{}, versionFormats()
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print cardsim's version, the module version and the commit it was built from",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if err := fl.check(); err != nil {
				return err
			}
			return formats.Write(f.Out, fl.Format, buildinfo.Read())
		},
	}
	fl.add(cmd, nil, 0, "", formats)
	return cmd
}
