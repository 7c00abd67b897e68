package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
)

// Main runs cardsim with args and returns the exit status: 0 on success, 1
// on any error (printed as one line on errw), 130 when interrupted.
func Main(args []string, in io.Reader, out, errw io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	root := NewCmdRoot(NewFactory(in, out, errw))
	root.SetArgs(args)
	if err := root.ExecuteContext(ctx); err != nil {
		fmt.Fprintln(errw, "cardsim: "+strings.ReplaceAll(err.Error(), "\n", " "))
		if errors.Is(err, context.Canceled) {
			return 130
		}
		return 1
	}
	return 0
}

// NewCmdRoot returns the cardsim command with every subcommand.
func NewCmdRoot(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "cardsim <command>",
		Short: "Answer questions about card games by playing millions of them",
		Long: `cardsim plays card games many times with bots and reports the odds, scores and
rule effects with confidence intervals. Every run is reproducible from its seed,
whatever the number of workers.`,
		Example: `  cardsim games
  cardsim rules nora
  cardsim run nora --strategy stop-at --param cards=10 --games 1000000 --out out/
  cardsim trace nora --seed 42 --index 17`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	cmd.SetOut(f.Out)
	cmd.SetErr(f.Err)
	cmd.AddCommand(
		NewCmdGames(f),
		NewCmdRules(f),
		NewCmdStrategies(f),
		NewCmdRun(f),
		NewCmdSkill(f),
		NewCmdSolve(f),
		NewCmdAnalyze(f),
		NewCmdCompare(f),
		NewCmdSweep(f),
		NewCmdReport(f),
		NewCmdTournament(f),
		NewCmdTrace(f),
		NewCmdMerge(f),
		NewCmdVersion(f),
	)
	return cmd
}

func errNoStrategy(game string) error {
	return fmt.Errorf("no strategy plays %s", game)
}
