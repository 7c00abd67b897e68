package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/analyses/fit"
	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
)

// TournamentOptions are the options of the tournament command.
type TournamentOptions struct {
	Flags
	Game       string
	Strategies []string
	Rules      []string
	Games      int64
}

// Match is one cell of a tournament: A against B on the same deals, seats
// rotated.
type Match struct {
	A, B      string
	Deals     int64
	AWin      sim.RateSummary // A's win rate in these games
	BWin      sim.RateSummary
	Draw      sim.RateSummary
	ScoreDiff sim.Comparison // A − B, paired per deal
}

// Standing is a strategy's place in the ranking fitted to the matches.
type Standing struct {
	Strategy string  `json:"strategy"`
	Strength float64 `json:"strength"` // Bradley–Terry, geometric mean 1
	Elo      float64 `json:"elo"`      // 400·log10(strength), centred on 0
}

// NewCmdTournament returns the command that plays every pair of strategies
// head to head and ranks them.
func NewCmdTournament(f *Factory) *cobra.Command {
	opts := &TournamentOptions{}
	cmd := &cobra.Command{
		Use:   "tournament <game> --strategies a,b,c…",
		Short: "Play every pair of strategies head to head and rank them",
		Long: `Play every pair of strategies against each other on the same deals, every deal
in every seating, and report the head-to-head matrix (each cell: the row
strategy's win rate against the column's, with its interval, and the paired
score difference) and a ranking: Bradley–Terry strengths fitted to the matrix,
with draws counted half, and the matching Elo ratings.`,
		Example: "  cardsim tournament spite --strategies planner,greedy,random --games 5000",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			return runTournament(cmd.Context(), f, opts)
		},
	}
	fl := cmd.Flags()
	fl.StringSliceVar(&opts.Strategies, "strategies", nil, "the strategies: `a,b:key=value,…` (at least two)")
	fl.StringArrayVarP(&opts.Rules, "rule", "r", nil, "rule option `key=value` (repeatable; see cardsim rules <game>)")
	fl.Int64VarP(&opts.Games, "games", "n", 5000, "deals per pair")
	opts.add(cmd, playFlags, "tournament.json and tournament.csv", "table", "csv", "json")
	fl.SortFlags = false
	return cmd
}

func runTournament(ctx context.Context, f *Factory, opts *TournamentOptions) error {
	if len(opts.Strategies) < 2 {
		return errors.New("a tournament needs at least two strategies: --strategies a,b")
	}
	if err := opts.Flags.check(); err != nil {
		return err
	}
	if err := checkGames("games", opts.Games); err != nil {
		return err
	}
	g, err := f.game(opts.Game, opts.Rules)
	if err != nil {
		return err
	}
	if g.Seats() < 2 {
		return fmt.Errorf("%s is a solitaire: use cardsim compare to rank its strategies", opts.Game)
	}
	lineup, err := f.lineup(g, "", nil, opts.Strategies)
	if err != nil {
		return err
	}
	if opts.Out != "" {
		if err := reports.CheckDir(opts.Out); err != nil {
			return err
		}
	}
	n := len(lineup)
	names := make([]string, n)
	for i := range lineup {
		names[i] = opts.Strategies[i]
	}
	wins := make([][]float64, n)
	for i := range wins {
		wins[i] = make([]float64, n)
	}
	var matches []Match
	bar := f.newMeter(opts.Quiet)
	defer bar.finish()
	bar.plan(int64(n*(n-1)/2) * opts.Games)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			cfg := sim.Config{Game: g, Lineup: []sim.Player{lineup[a], lineup[b]}, Seed: opts.Seed, Workers: opts.Workers}
			vs := names[a] + " against " + names[b]
			r, err := bar.play(ctx, &sim.Session{Config: cfg, Deals: opts.Games, Confidence: opts.Confidence}, vs)
			if err != nil {
				return fmt.Errorf("%s: %w", vs, err)
			}
			s := r.Summary()
			m := Match{A: names[a], B: names[b], Deals: r.Tally.Games, AWin: s.Entries[0].Win, BWin: s.Entries[1].Win, Draw: s.Entries[0].Draw, ScoreDiff: s.Comparisons[0]}
			matches = append(matches, m)
			wins[a][b] = float64(m.AWin.Count) + float64(m.Draw.Count)/2
			wins[b][a] = float64(m.BWin.Count) + float64(s.Entries[1].Draw.Count)/2
		}
	}
	bar.finish()
	strength, elo, err := fit.BradleyTerry(wins)
	if err != nil {
		return err
	}
	var ranking []Standing
	for i := range names {
		ranking = append(ranking, Standing{Strategy: names[i], Strength: strength[i], Elo: elo[i]})
	}
	sort.SliceStable(ranking, func(i, j int) bool { return ranking[i].Strength > ranking[j].Strength })
	res := struct {
		Game     string     `json:"game"`
		Seed     uint64     `json:"seed"`
		Deals    int64      `json:"deals_per_pair"`
		Matches  []Match    `json:"matches"`
		Ranking  []Standing `json:"ranking"`
		Cardsim  string     `json:"cardsim"`
		Seatings int        `json:"seatings_per_deal"`
	}{opts.Game, opts.Seed, opts.Games, matches, ranking, sim.Version, len(sim.Seatings(g.Seats(), 2))}
	js, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	var csvb []byte
	{
		num := func(v float64) string { return strconv.FormatFloat(v, 'g', 8, 64) }
		rows := [][]string{{"a", "b", "deals", "a_win", "a_win_ci_low", "a_win_ci_high", "b_win", "draw", "score_diff", "score_diff_ci_low", "score_diff_ci_high"}}
		for _, m := range matches {
			rows = append(rows, []string{m.A, m.B, strconv.FormatInt(m.Deals, 10), num(m.AWin.Rate), num(m.AWin.CILow), num(m.AWin.CIHigh),
				num(m.BWin.Rate), num(m.Draw.Rate), num(m.ScoreDiff.ScoreDiff), num(m.ScoreDiff.CILow), num(m.ScoreDiff.CIHigh)})
		}
		csvb = reports.RowsCSV(rows)
	}
	if opts.Out != "" {
		if _, err := reports.WriteFiles(opts.Out, map[string][]byte{"tournament.json": append(js, '\n'), "tournament.csv": csvb}); err != nil {
			return err
		}
	}
	switch opts.Format {
	case "json":
		_, err = f.Out.Write(append(js, '\n'))
		return err
	case "csv":
		_, err = f.Out.Write(csvb)
		return err
	}
	tw := tabwriter.NewWriter(f.Out, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "%s tournament, %d deals per pair, seats rotated, seed %d\n", opts.Game, opts.Games, opts.Seed)
	fmt.Fprintln(tw, "row beats column\t"+joinTabs(names))
	for a := range names {
		line := names[a]
		for b := range names {
			cell := "—"
			for _, m := range matches {
				if m.A == names[a] && m.B == names[b] {
					cell = fmt.Sprintf("%.3f (%.3f…%.3f)", m.AWin.Rate, m.AWin.CILow, m.AWin.CIHigh)
				} else if m.B == names[a] && m.A == names[b] {
					cell = fmt.Sprintf("%.3f (%.3f…%.3f)", m.BWin.Rate, m.BWin.CILow, m.BWin.CIHigh)
				}
			}
			line += "\t" + cell
		}
		fmt.Fprintln(tw, line)
	}
	fmt.Fprintln(tw, "\nranking\tBradley–Terry strength\tElo")
	for _, r := range ranking {
		fmt.Fprintf(tw, "%s\t%.3f\t%+.0f\n", r.Strategy, r.Strength, r.Elo)
	}
	return tw.Flush()
}

func joinTabs(xs []string) string {
	s := ""
	for i, x := range xs {
		if i > 0 {
			s += "\t"
		}
		s += x
	}
	return s
}
