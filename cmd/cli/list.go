package cli

import (
	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/cmd/internal/buildinfo"
	"github.com/cardsim/cardsim/reports"
)

// GamesOptions are the options of the games command.
type GamesOptions struct {
	Flags
}

// NewCmdGames returns the command that lists the games. runF, if not nil,
// takes the options in place of listing (see NewCmdRun).
func NewCmdGames(f *Factory, runF func(*GamesOptions) error) *cobra.Command {
	opts := &GamesOptions{}
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List the games cardsim plays",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if err := opts.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return f.Formats.Games.Write(f.Out, opts.Format, f.Games)
		},
	}
	opts.add(cmd, nil, 0, "", f.Formats.Games)
	return cmd
}

// RulesOptions are the options of the rules command.
type RulesOptions struct {
	Flags
	Game  string
	Rules []string
}

// NewCmdRules returns the command that lists a game's rule options. runF,
// if not nil, takes the options in place of listing (see NewCmdRun).
func NewCmdRules(f *Factory, runF func(*RulesOptions) error) *cobra.Command {
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
			if runF != nil {
				return runF(opts)
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

// StrategiesOptions are the options of the strategies command.
type StrategiesOptions struct {
	Flags
	Game string
}

// NewCmdStrategies returns the command that lists the strategies of a
// game. runF, if not nil, takes the options in place of listing (see
// NewCmdRun).
func NewCmdStrategies(f *Factory, runF func(*StrategiesOptions) error) *cobra.Command {
	opts := &StrategiesOptions{}
	cmd := &cobra.Command{
		Use:     "strategies <game>",
		Short:   "List the strategies that play a game, with their parameters",
		Example: "  cardsim strategies nora",
		Args:    cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.Game = args[0]
			if err := opts.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			g, err := f.runner(nil).Game(opts.Game, nil)
			if err != nil {
				return err
			}
			return f.Formats.Strategies.Write(f.Out, opts.Format, reports.StrategyList{Game: g, Strategies: f.Strategies.For(g)})
		},
	}
	opts.add(cmd, nil, 0, "", f.Formats.Strategies)
	return cmd
}

// VersionOptions are the options of the version command.
type VersionOptions struct {
	Flags
}

// NewCmdVersion returns the command that prints cardsim's version. runF,
// if not nil, takes the options in place of printing (see NewCmdRun).
func NewCmdVersion(f *Factory, runF func(*VersionOptions) error) *cobra.Command {
	opts, formats := &VersionOptions{}, versionFormats()
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print cardsim's version, the module version and the commit it was built from",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if err := opts.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return formats.Write(f.Out, opts.Format, buildinfo.Read())
		},
	}
	opts.add(cmd, nil, 0, "", formats)
	return cmd
}
