package reports

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/cardsim/cardsim/sim"
)

// Tournament is every pair of strategies played head to head on the same
// deals, seats rotated, and the ranking fitted to the matches.
type Tournament struct {
	Game string `json:"game"`
	// Rules lists the rules changed from their defaults, "key=value"
	// separated by spaces; empty for the rules as written.
	Rules      string     `json:"rules,omitempty"`
	Seed       uint64     `json:"seed"`
	Deals      int64      `json:"deals_per_pair"`
	Confidence float64    `json:"confidence"`
	Matches    []Match    `json:"matches"`
	Ranking    []Standing `json:"ranking"`
	Cardsim    string     `json:"cardsim"`
	Seatings   int        `json:"seatings_per_deal"`
	// Strategies names the entries as given, in order.
	Strategies []string `json:"-"`
}

// Names returns the strategies in the order given.
func (t *Tournament) Names() []string { return t.Strategies }

// JSON returns the tournament as indented JSON, ending in a newline.
func (t *Tournament) JSON() ([]byte, error) {
	js, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(js, '\n'), nil
}

// WriteTournamentDir writes tournament.json, tournament.csv (one row per
// pair) and ranking.csv (one row per strategy) into dir, replacing it.
func WriteTournamentDir(dir string, t *Tournament) error {
	js, err := t.JSON()
	if err != nil {
		return err
	}
	_, err = WriteFiles(dir, map[string][]byte{"tournament.json": js, "tournament.csv": t.MatchesCSV(), "ranking.csv": t.RankingCSV()})
	return err
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

// fullNum writes a figure in full.
func fullNum(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// MatchesCSV returns one row per pair of the tournament: the deals, each
// side's win rate and the draw rate with their intervals, and the paired
// score difference with its interval.
func (t *Tournament) MatchesCSV() []byte {
	rows := [][]string{{"a", "b", "deals", "games",
		"a_win", "a_win_ci_low", "a_win_ci_high", "b_win", "b_win_ci_low", "b_win_ci_high",
		"draw", "draw_ci_low", "draw_ci_high", "draws",
		"score_diff", "score_diff_ci_low", "score_diff_ci_high", "design_effect"}}
	for _, m := range t.Matches {
		rows = append(rows, []string{m.A, m.B, strconv.FormatInt(m.Deals, 10), strconv.FormatInt(m.AWin.Games, 10),
			fullNum(m.AWin.Rate), fullNum(m.AWin.CILow), fullNum(m.AWin.CIHigh), fullNum(m.BWin.Rate), fullNum(m.BWin.CILow), fullNum(m.BWin.CIHigh),
			fullNum(m.Draw.Rate), fullNum(m.Draw.CILow), fullNum(m.Draw.CIHigh), strconv.FormatInt(m.Draw.Count, 10),
			fullNum(m.ScoreDiff.ScoreDiff), fullNum(m.ScoreDiff.CILow), fullNum(m.ScoreDiff.CIHigh), fullNum(m.DesignEffect)})
	}
	return RowsCSV(rows)
}

// RankingCSV returns one row per strategy, strongest first: its games,
// wins, draws and points, and its strength and Elo rating with their
// intervals.
func (t *Tournament) RankingCSV() []byte {
	rows := [][]string{{"rank", "strategy", "games", "wins", "draws", "points",
		"strength", "strength_ci_low", "strength_ci_high", "elo", "elo_ci_low", "elo_ci_high", "log_strength_se"}}
	for i, r := range t.Ranking {
		rows = append(rows, []string{strconv.Itoa(i + 1), r.Strategy, strconv.FormatInt(r.Games, 10), strconv.FormatInt(r.Wins, 10),
			strconv.FormatInt(r.Draws, 10), fullNum(r.Points), fullNum(r.Strength), fullNum(r.StrengthCILow), fullNum(r.StrengthCIHigh),
			fullNum(r.Elo), fullNum(r.EloCILow), fullNum(r.EloCIHigh), fullNum(r.LogStrengthSE)})
	}
	return RowsCSV(rows)
}

// WriteTable writes the tournament for a terminal: the head-to-head win
// rates, the draw rates where any game was drawn, and the ranking with its
// intervals.
func (t *Tournament) WriteTable(w io.Writer) error {
	names, matches, ranking := t.Names(), t.Matches, t.Ranking
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	rules := ""
	if t.Rules != "" {
		rules = ", rules " + t.Rules
	}
	fmt.Fprintf(tw, "%s tournament%s, %d deals per pair, seats rotated, seed %d, %g%% intervals\n", t.Game, rules, t.Deals, t.Seed, 100*t.Confidence)
	cell := func(a, b string, rate func(m *Match, aFirst bool) sim.RateSummary) string {
		for i := range matches {
			m := &matches[i]
			if m.A == a && m.B == b || m.A == b && m.B == a {
				r := rate(m, m.A == a)
				return fmt.Sprintf("%.3f (%.3f…%.3f)", r.Rate, r.CILow, r.CIHigh)
			}
		}
		return "—"
	}
	matrix := func(title string, rate func(m *Match, aFirst bool) sim.RateSummary) {
		fmt.Fprintln(tw, title+"\t"+strings.Join(names, "\t"))
		for _, a := range names {
			line := a
			for _, b := range names {
				line += "\t" + cell(a, b, rate)
			}
			fmt.Fprintln(tw, line)
		}
	}
	matrix("row beats column", func(m *Match, aFirst bool) sim.RateSummary {
		if aFirst {
			return m.AWin
		}
		return m.BWin
	})
	drawn := false
	for _, m := range matches {
		drawn = drawn || m.Draw.Count > 0
	}
	if drawn {
		fmt.Fprintln(tw)
		matrix("drawn", func(m *Match, _ bool) sim.RateSummary { return m.Draw })
	}
	fmt.Fprintln(tw, "\nranking\tBradley–Terry strength\tElo\tpoints / games\twins\tdraws")
	for _, r := range ranking {
		fmt.Fprintf(tw, "%s\t%.3f (%.3f…%.3f)\t%+.0f (%+.0f…%+.0f)\t%g / %d\t%d\t%d\n", r.Strategy, r.Strength, r.StrengthCILow, r.StrengthCIHigh,
			r.Elo, r.EloCILow, r.EloCIHigh, r.Points, r.Games, r.Wins, r.Draws)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, "a draw counts half a win; intervals from the fit's Fisher information, widened by each pair's design effect (deals, not seatings, are independent)")
	return err
}
