package experiment

import (
	"context"
	"fmt"
	"slices"
	"sort"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/stat"
)

// runTournament plays every pair of spec's strategies head to head on the
// same deals, seats rotated, fits Bradley–Terry strengths to the matches,
// draws counted half a win, and writes the tournament into out.
func (r *Runner) runTournament(ctx context.Context, spec *Spec, out string) (*Result, error) {
	g, err := r.Game(spec.Game, spec.Rules)
	if err != nil {
		return nil, err
	}
	if g.Seats() < 2 {
		return nil, fmt.Errorf("%s is a solitaire: use cardsim compare to rank its strategies", spec.Game)
	}
	lineup, err := r.Lineup(g, "", nil, spec.Strategies)
	if err != nil {
		return nil, err
	}
	if out != "" {
		if err := reports.CheckDir(out); err != nil {
			return nil, err
		}
	}
	n := len(lineup)
	names := slices.Clone(spec.Strategies[:n])
	var pairs []stat.Pair
	var matches []reports.Match
	standing := make([]reports.Standing, n)
	m := r.meter()
	defer m.Finish()
	m.Plan(int64(n*(n-1)/2) * spec.Games)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			cfg := sim.Config{Game: g, Lineup: []sim.Player{lineup[a], lineup[b]}, Seed: spec.Seed}
			vs := names[a] + " against " + names[b]
			res, err := r.play(ctx, r.newSession(cfg, spec, spec.Games), vs)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", vs, err)
			}
			s, o := res.Summary(), &res.Tally.Entries[0]
			mt := reports.Match{A: names[a], B: names[b], Deals: res.Tally.Games, AWin: s.Entries[0].Win, BWin: s.Entries[1].Win, Draw: s.Entries[0].Draw,
				ScoreDiff: s.Comparisons[0], DesignEffect: stat.PointsDesignEffect(o.Sums())}
			matches = append(matches, mt)
			pts := float64(mt.AWin.Count) + float64(mt.Draw.Count)/2
			pairs = append(pairs, stat.Pair{A: a, B: b, Games: float64(mt.AWin.Games), Points: pts, DesignEffect: mt.DesignEffect})
			for i, w := range []sim.RateSummary{mt.AWin, mt.BWin} {
				st := &standing[[]int{a, b}[i]]
				st.Games += w.Games
				st.Wins += w.Count
				st.Draws += mt.Draw.Count
			}
		}
	}
	m.Finish()
	fitted, err := stat.BradleyTerry(n, pairs, spec.Confidence)
	if err != nil {
		return nil, err
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
	t := &reports.Tournament{Game: spec.Game, Rules: rulesChanged(g), Seed: spec.Seed, Deals: spec.Games, Confidence: spec.Confidence, Matches: matches,
		Ranking: ranking, Cardsim: sim.Version, Seatings: len(sim.Seatings(g.Seats(), 2)), Strategies: names}
	if out != "" {
		if err := reports.WriteTournamentDir(out, t); err != nil {
			return nil, keepFigures(t, out, err)
		}
	}
	return &Result{Spec: *spec, Tournament: t, kept: kept{out: out}}, nil
}
