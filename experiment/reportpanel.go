package experiment

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/reports"
)

// runPanelStudy plays a report's bot-quality panel for a game of several
// players: every pair of the study's bots head to head on the same deals,
// seats rotated (a tournament), so that a reader sees how far each bot is
// from random and from the others, and how much to trust the realistic
// player the study's answers rest on. A row a pair: each side's win rate
// and the draws, with their intervals.
func (r *Runner) runPanelStudy(ctx context.Context, study *Study, report *Spec) (*reports.Study, error) {
	deals := study.PointDeals(report.Scale)
	spec := &Spec{Kind: Tournament, Game: study.Game, Rules: study.Rules, Strategies: study.Strategies, Games: deals,
		Seed: report.Seed, Confidence: report.Confidence}
	res, err := r.runTournament(ctx, spec, "")
	if err != nil {
		return nil, err
	}
	t := res.Tournament
	st := &reports.Study{Game: study.Game, Title: study.Title, Rules: study.Rules, Seed: report.Seed, Deals: deals}
	st.Rows = [][]string{{"strategy", "against", "deals", "win", "win_ci_low", "win_ci_high", "their_win", "draw", "n"}}
	for _, m := range t.Matches {
		st.Rows = append(st.Rows, []string{m.A, m.B, strconv.FormatInt(m.Deals, 10), reports.FullNumber(m.AWin.Rate), reports.FullNumber(m.AWin.CILow),
			reports.FullNumber(m.AWin.CIHigh), reports.FullNumber(m.BWin.Rate), reports.FullNumber(m.Draw.Rate), strconv.FormatInt(m.AWin.Games, 10)})
		st.Answer = append(st.Answer, fmt.Sprintf("%s against %s: %s wins %s of %d games (%s to %s), %s wins %s, %s drawn.",
			m.A, m.B, m.A, pctText(m.AWin.Rate), m.AWin.Games, pctText(m.AWin.CILow), pctText(m.AWin.CIHigh), m.B, pctText(m.BWin.Rate), pctText(m.Draw.Rate)))
	}
	var rank []string
	for _, s := range t.Ranking {
		rank = append(rank, fmt.Sprintf("%s (Elo %+.0f, %+.0f to %+.0f)", s.Strategy, s.Elo, s.EloCILow, s.EloCIHigh))
	}
	st.Answer = append(st.Answer, "Ranked by a Bradley–Terry fit to these matches, a draw half a win: "+strings.Join(rank, ", ")+".")
	if study.Explain != "" {
		st.Answer = append(st.Answer, strings.ReplaceAll(study.Explain, "{deals}", grouped(deals)))
	}
	st.Note = fmt.Sprintf("seed %d, %d deals a pair, seats rotated; cardsim %s", report.Seed, deals, t.Cardsim)
	st.Command = fmt.Sprintf("cardsim tournament %s --strategies %s --games %d %s", study.Game, strings.Join(study.Strategies, ","), deals, strings.Join(commandTail(report), " "))
	for _, r := range study.Rules {
		st.Command += " -r " + r
	}
	return st, nil
}

// pctText writes a share as a percentage to one decimal.
func pctText(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) + "%" }
