package toygame

import (
	"context"
	"fmt"
	"strconv"

	"github.com/cardsim/cardsim/analyses"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/reports"
)

// leadOptions are the analysis's options.
type leadOptions struct {
	Games int
	Hands []int
}

func (o *leadOptions) bind() *games.Options {
	opts := games.NewOptions("option")
	opts.Int(&o.Games, "games", 400, 2, 1_000_000, "deals per hand size")
	analyses.Ints(opts, &o.Hands, "hands", []int{1, 2, 3}, 1, 8, "hand sizes to study")
	return opts
}

// Analysis returns the toy's analysis, the line analyses/toy would give
// the catalog: how often the seat that leads wins, by hand size (greedy
// against itself, seats rotated), as a chart and leader.csv.
func Analysis() analyses.Definition {
	return analyses.Define(Name, "how often the seat that leads wins, by hand size", (*leadOptions).bind,
		func(ctx context.Context, env *analyses.Env, o leadOptions) (*reports.Report, error) {
			line := reports.LineSeries{Label: "greedy against itself"}
			rows := [][]string{{"hand", "leader_win_rate", "ci_low", "ci_high"}}
			for _, h := range o.Hands {
				g, err := env.Game(Name, "hand="+strconv.Itoa(h))
				if err != nil {
					return nil, err
				}
				lineup, err := env.Lineup(g, "greedy")
				if err != nil {
					return nil, err
				}
				r, err := env.Run(ctx, fmt.Sprintf("hand %d", h), g, lineup, int64(o.Games))
				if err != nil {
					return nil, err
				}
				fp := r.Summary().FirstPlayer.WinRate
				line.X, line.Y = append(line.X, float64(h)), append(line.Y, fp.Rate)
				line.Lo, line.Hi = append(line.Lo, fp.CILow), append(line.Hi, fp.CIHigh)
				rows = append(rows, []string{strconv.Itoa(h), fmt.Sprint(fp.Rate), fmt.Sprint(fp.CILow), fmt.Sprint(fp.CIHigh)})
			}
			c, err := reports.LineChart("leader", "The leader's win rate", "cards in hand", "win rate (%)", []reports.LineSeries{line}, reports.LineOptions{Percent: true})
			if err != nil {
				return nil, err
			}
			return &reports.Report{Title: "Toy: what leading is worth", Intro: "Greedy against itself, seats rotated.", Layout: reports.PageLayout,
				Studies: []reports.Study{{Game: Name, Title: "The leader's win rate", Answer: []string{"By hand size."}, Charts: []reports.Chart{c}, Rows: rows}},
				Files:   map[string][]byte{"leader.csv": reports.RowsCSV(rows)}}, nil
		})
}

// Question is the toy's designer's question, as cmd/catalog/studies.go
// would hold it, to be answered by greedy against high.
const Question = "Does the seat that leads win more?"
