package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/stat"
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
	A         string          `json:"a"`
	B         string          `json:"b"`
	Deals     int64           `json:"deals"`
	AWin      sim.RateSummary `json:"a_win"` // A's win rate in these games
	BWin      sim.RateSummary `json:"b_win"`
	Draw      sim.RateSummary `json:"draw"`
	ScoreDiff sim.Comparison  `json:"score_diff"` // A − B, paired per deal
	// DesignEffect is the variance of A's points (wins and half its
	// draws) over the binomial's, from the spread between deals: the
	// ranking's intervals widen (or narrow) by its square root.
	DesignEffect float64 `json:"design_effect"`
}

// Standing is a strategy's place in the ranking fitted to the matches,
// with its intervals: Bradley–Terry strength (geometric mean 1) and Elo
// rating, 400·log10(strength), centred on 0.
type Standing struct {
	Strategy       string  `json:"strategy"`
	Games          int64   `json:"games"`  // against every other strategy
	Wins           int64   `json:"wins"`   //
	Draws          int64   `json:"draws"`  // each counted half a win in the fit
	Points         float64 `json:"points"` // wins + draws/2
	Strength       float64 `json:"strength"`
	StrengthCILow  float64 `json:"strength_ci_low"`
	StrengthCIHigh float64 `json:"strength_ci_high"`
	Elo            float64 `json:"elo"`
	EloCILow       float64 `json:"elo_ci_low"`
	EloCIHigh      float64 `json:"elo_ci_high"`
	LogStrengthSE  float64 `json:"log_strength_se"`
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
			return runTournament(cmd.Context(), f, opts)
		},
	}
	fl := cmd.Flags()
	fl.StringSliceVar(&opts.Strategies, "strategies", nil, "the strategies: `a,b:key=value,…` (at least two)")
	fl.StringArrayVarP(&opts.Rules, "rule", "r", nil, "rule option `key=value` (repeatable; see cardsim rules <game>)")
	fl.Int64VarP(&opts.Games, "games", "n", 5000, "deals per pair")
	opts.add(cmd, playFlags, "tournament.json, tournament.csv and ranking.csv", "table", "csv", "json")
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
	var pairs []stat.Pair
	var matches []Match
	standing := make([]Standing, n)
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
			m := Match{A: names[a], B: names[b], Deals: r.Tally.Games, AWin: s.Entries[0].Win, BWin: s.Entries[1].Win, Draw: s.Entries[0].Draw,
				ScoreDiff: s.Comparisons[0], DesignEffect: pointsDesignEffect(&r.Tally.Entries[0])}
			matches = append(matches, m)
			pts := float64(m.AWin.Count) + float64(m.Draw.Count)/2
			pairs = append(pairs, stat.Pair{A: a, B: b, Games: float64(m.AWin.Games), Points: pts, DesignEffect: m.DesignEffect})
			for i, w := range []sim.RateSummary{m.AWin, m.BWin} {
				st := &standing[[]int{a, b}[i]]
				st.Games += w.Games
				st.Wins += w.Count
				st.Draws += m.Draw.Count
			}
		}
	}
	bar.finish()
	fitted, err := stat.BradleyTerry(n, pairs, opts.Confidence)
	if err != nil {
		return err
	}
	for i := range standing {
		st := &standing[i]
		st.Strategy, st.Points = names[i], float64(st.Wins)+float64(st.Draws)/2
		st.Strength, st.StrengthCILow, st.StrengthCIHigh = fitted.Strength[i], fitted.StrengthLow[i], fitted.StrengthHigh[i]
		st.Elo, st.EloCILow, st.EloCIHigh = fitted.Elo[i], fitted.EloLow[i], fitted.EloHigh[i]
		st.LogStrengthSE = fitted.LogSE[i]
	}
	ranking := slices.Clone(standing)
	sort.SliceStable(ranking, func(i, j int) bool { return ranking[i].Strength > ranking[j].Strength })
	res := struct {
		Game       string     `json:"game"`
		Seed       uint64     `json:"seed"`
		Deals      int64      `json:"deals_per_pair"`
		Confidence float64    `json:"confidence"`
		Matches    []Match    `json:"matches"`
		Ranking    []Standing `json:"ranking"`
		Cardsim    string     `json:"cardsim"`
		Seatings   int        `json:"seatings_per_deal"`
	}{opts.Game, opts.Seed, opts.Games, opts.Confidence, matches, ranking, sim.Version, len(sim.Seatings(g.Seats(), 2))}
	js, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	csvb, rankb := matchesCSV(matches), rankingCSV(ranking)
	if opts.Out != "" {
		if _, err := reports.WriteFiles(opts.Out, map[string][]byte{"tournament.json": append(js, '\n'), "tournament.csv": csvb, "ranking.csv": rankb}); err != nil {
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
	return writeTournamentTable(f.Out, opts, names, matches, ranking)
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
