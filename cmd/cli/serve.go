package cli

import (
	"net"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/serve"
)

// NewCmdServe returns the command that runs the workbench in the browser.
// runF, if not nil, takes the options in place of serving (see NewCmdRun).
func NewCmdServe(f *Factory, runF func(*serve.Options) error) *cobra.Command {
	opts := serve.Options{Runner: func() *experiment.Runner {
		r := f.runner(nil)
		r.Workers = runtime.GOMAXPROCS(0)
		return r
	}}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the designers' workbench in the browser",
		Long: `Serve a workbench in the browser: pick a game, set its rules and strategies in a
form built from the game's listings, and run one strategy, compare several on the
same deals, compare rule variants (each a name and its rule changes) against the
rules as written or a baseline variant with paired differences and verdicts, as
compare --variant does, or sweep a rule given several values. The figures narrow on the page
as deals come in, each arm on a live chart; the result shows the sentences, tables
and charts the commands write, the rules not at their defaults, the files to
download, a link that fills the form with the same experiment (it runs nothing
until Run is pressed) and the equivalent cardsim command. Runs are kept as output
directories in --dir; the runs list filters, deletes and sets runs side by side.
A run or comparison of at most a million rows of records (a row per seat of every
game: 100 to 160 MB) keeps them too; only the --keep-records most recent runs do.

The workbench listens on loopback only and answers only to its own address
(a page of another site is refused, whatever its name resolves to): another
address is refused unless --allow-remote is given, and then every request needs
the token it prints. It plays at most --max-deals deals a run, reports included.`,
		Example: "  cardsim serve\n  cardsim serve --addr 127.0.0.1:9000 --dir runs/",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(&opts)
			}
			s, err := serve.New(opts)
			if err != nil {
				return err
			}
			ln, err := net.Listen("tcp", opts.Addr)
			if err != nil {
				return err
			}
			return s.Serve(cmd.Context(), ln, f.Out)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Addr, "addr", "127.0.0.1:8080", "address to listen on (`host:port`)")
	fl.BoolVar(&opts.AllowRemote, "allow-remote", false, "allow an address other than loopback; visitors then need the printed token")
	fl.StringVar(&opts.Dir, "dir", "cardsim-runs", "keep the runs in this `directory`")
	fl.IntVar(&opts.MaxConcurrent, "max-concurrent", 1, "most runs under way at once")
	fl.Int64Var(&opts.MaxDeals, "max-deals", 10_000_000, "most deals a run may play (every point of a sweep, every study of a report together)")
	fl.IntVar(&opts.KeepRecords, "keep-records", serve.DefaultKeepRecords, "keep the records of this many of the most recent runs")
	return cmd
}
