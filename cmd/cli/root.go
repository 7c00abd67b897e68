package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/cmd/internal/interrupt"
	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/internal/clip"
	"github.com/cardsim/cardsim/reports"
)

// Main runs cardsim with args and returns the exit status: 0 on success, 1
// on any error (printed as one line on errw), 130 when interrupted.
func Main(args []string, in io.Reader, out, errw io.Writer) int {
	return NewFactory(in, out, errw).Main(args)
}

// Main runs cardsim with args on f's streams and registries and returns the
// exit status, as the package's Main does. The first SIGINT or SIGTERM
// cancels the command, which stops after the deals under way; a second one
// exits at once.
func (f *Factory) Main(args []string) int {
	ctx, stop := interrupt.OnSignals(context.Background(), f.Err, os.Exit)
	defer stop()
	return f.execute(ctx, args)
}

// execute runs cardsim with args under ctx, whose cancellation stands for
// an interrupt, and returns the exit status.
func (f *Factory) execute(ctx context.Context, args []string) int {
	if f.dealScaleErr != nil {
		fmt.Fprintln(f.Err, "cardsim: "+escapeControls(f.dealScaleErr.Error()))
		return 1
	}
	if _, err := reports.ChosenChartFormats(); err != nil { // before any deal is played
		fmt.Fprintln(f.Err, "cardsim: "+escapeControls(err.Error()))
		return 1
	}
	root := NewCmdRoot(f)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	if errors.Is(err, context.Canceled) {
		err = experiment.AsInterrupted(err) // never the bare "context canceled"
	}
	// The replay hint is a command to run as it stands; the message
	// before it may quote input, which is clipped.
	msg := clip.Input(err.Error()) + strings.TrimPrefix(withReplay(err), err.Error())
	msg = escapeControls(msg) // no input's escape sequence reaches the terminal
	if strings.HasPrefix(msg, "unknown command ") {
		// As gh prints it: cobra's suggestions on lines of their own
		// ("Did you mean this?", then each command indented), a blank
		// line, then where to find the commands.
		msg = strings.TrimRight(msg, "\n")
		if strings.Contains(msg, "\n") {
			msg += "\n"
		}
		fmt.Fprintf(f.Err, "cardsim: %s\nRun 'cardsim --help' for usage.\n", msg)
		return 1
	}
	fmt.Fprintln(f.Err, "cardsim: "+strings.ReplaceAll(msg, "\n", " "))
	if errors.Is(err, context.Canceled) {
		return 130
	}
	return 1
}

// NewCmdRoot returns the cardsim command with every subcommand.
func NewCmdRoot(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "cardsim <command>",
		Short: "Answer questions about card games by playing millions of them",
		Long: `cardsim plays card games many times with bots and reports the odds, scores and
rule effects with confidence intervals. Every run is reproducible from its seed,
whatever the number of workers.

Environment:
  ` + reports.ChartFormatsEnv + `      the chart formats written: a comma list of svg, png (300 dpi)
                      and pdf that names svg, such as svg alone (default: all three)
  ` + DealScaleEnv + `  play that share (0 to 1) of the deals every command asks for,
                      for tests; the manifests say so`,
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
		NewCmdGames(f, nil),
		NewCmdRules(f, nil),
		NewCmdStrategies(f, nil),
		NewCmdRun(f, nil),
		NewCmdSkill(f, nil),
		NewCmdSolve(f, nil),
		NewCmdAnalyze(f, nil),
		NewCmdCompare(f, nil),
		NewCmdSweep(f, nil),
		NewCmdTune(f, nil),
		NewCmdReport(f, nil),
		NewCmdTournament(f, nil),
		NewCmdTrace(f, nil),
		NewCmdMerge(f, nil),
		NewCmdRerun(f, nil),
		NewCmdServe(f, nil),
		NewCmdVersion(f, nil),
	)
	finishTree(cmd, f) // completions, --version, help placeholders (completion.go, version.go, help.go)
	checkFlags(cmd)    // decimal integers, no empty values, no key twice (once.go)
	return cmd
}

// escapeControls writes every character of msg that a terminal would act
// on rather than show (control characters, such as the escape that starts
// a colour sequence, bidirectional overrides, and bytes that are not
// UTF-8) as Go writes it in a quoted string: \x1b for escape. Newlines
// and tabs stay, for the lines of a message and their indents.
func escapeControls(msg string) string {
	var b strings.Builder
	for i := 0; i < len(msg); {
		r, size := utf8.DecodeRuneInString(msg[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, "\\x%02x", msg[i])
		case r != '\n' && r != '\t' && (unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(msg[i : i+size])
		}
		i += size
	}
	return b.String()
}
