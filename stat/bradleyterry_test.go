package stat

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestBradleyTerry: results drawn exactly from known strengths give them
// back; Elo differences follow 400·log10 of the strength ratio; the
// intervals hold the estimates and narrow as the games grow.
func TestBradleyTerry(t *testing.T) {
	want := []float64{2, 1, 0.5}
	pairs := func(games float64) []Pair {
		var ps []Pair
		for i := range want {
			for j := i + 1; j < len(want); j++ {
				ps = append(ps, Pair{A: i, B: j, Games: games, Points: games * want[i] / (want[i] + want[j])})
			}
		}
		return ps
	}
	r, err := BradleyTerry(3, pairs(1000), 0.95)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if math.Abs(r.Strength[i]-want[i]) > 1e-6 {
			t.Errorf("strength %d = %g, want %g", i, r.Strength[i], want[i])
		}
		if !(r.StrengthLow[i] < r.Strength[i] && r.Strength[i] < r.StrengthHigh[i] && r.EloLow[i] < r.Elo[i] && r.Elo[i] < r.EloHigh[i]) {
			t.Errorf("player %d: strength %g outside (%g, %g) or Elo %g outside (%g, %g)", i,
				r.Strength[i], r.StrengthLow[i], r.StrengthHigh[i], r.Elo[i], r.EloLow[i], r.EloHigh[i])
		}
	}
	if d := r.Elo[0] - r.Elo[1]; math.Abs(d-400*math.Log10(2)) > 1e-6 {
		t.Errorf("Elo gap %g, want %g", d, 400*math.Log10(2))
	}
	big, err := BradleyTerry(3, pairs(4000), 0.95)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if ratio := r.LogSE[i] / big.LogSE[i]; math.Abs(ratio-2) > 1e-6 {
			t.Errorf("player %d: four times the games divide the standard error by %g, want 2", i, ratio)
		}
	}
	// Two players: the standard error of the log-odds of a binomial rate,
	// split evenly between the two centred log strengths.
	two, err := BradleyTerry(2, []Pair{{A: 0, B: 1, Games: 400, Points: 300}}, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if se, want := two.LogSE[0], math.Sqrt(1/(400*0.75*0.25))/2; math.Abs(se-want) > 1e-9 {
		t.Errorf("two players: log-strength SE %g, want %g", se, want)
	}
	// A design effect of 4 doubles the standard errors.
	ps := pairs(1000)
	for i := range ps {
		ps[i].DesignEffect = 4
	}
	wide, err := BradleyTerry(3, ps, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if ratio := wide.LogSE[0] / r.LogSE[0]; math.Abs(ratio-2) > 1e-9 {
		t.Errorf("design effect 4 multiplies the SE by %g, want 2", ratio)
	}
}

func TestBradleyTerryErrors(t *testing.T) {
	for _, tt := range []struct {
		n     int
		pairs []Pair
	}{
		{1, nil},
		{3, []Pair{{A: 0, B: 1, Games: 10, Points: 5}}},                                     // player 2 never played
		{2, []Pair{{A: 0, B: 1, Games: 10, Points: 11}}},                                    // more points than games
		{4, []Pair{{A: 0, B: 1, Games: 10, Points: 5}, {A: 2, B: 3, Games: 10, Points: 5}}}, // two separate groups
	} {
		if _, err := BradleyTerry(tt.n, tt.pairs, 0.95); err == nil {
			t.Errorf("%d players, %v: no error", tt.n, tt.pairs)
		}
	}
	// A player who lost every game is ranked last, with a finite strength.
	r, err := BradleyTerry(3, []Pair{{A: 0, B: 1, Games: 50, Points: 30}, {A: 0, B: 2, Games: 50, Points: 50}, {A: 1, B: 2, Games: 50, Points: 50}}, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if !(r.Strength[2] > 0 && r.Strength[2] < r.Strength[1] && r.Strength[1] < r.Strength[0]) {
		t.Errorf("strengths %v: want finite, in order 0, 1, 2", r.Strength)
	}
}

// syntheticTournament plays games games between every pair of players of
// the given strengths, each game drawn with probability draw and otherwise
// won so that a player's expected points (a draw counting half) follow the
// Bradley–Terry model.
func syntheticTournament(rng *rand.Rand, strength []float64, games int, draw float64) []Pair {
	var pairs []Pair
	for i := range strength {
		for j := i + 1; j < len(strength); j++ {
			p := strength[i] / (strength[i] + strength[j])
			win := (p - draw/2) / (1 - draw) // P(win | not drawn)
			pts := 0.0
			for range games {
				switch {
				case rng.Float64() < draw:
					pts += 0.5
				case rng.Float64() < win:
					pts++
				}
			}
			pairs = append(pairs, Pair{A: i, B: j, Games: float64(games), Points: pts})
		}
	}
	return pairs
}

// TestBradleyTerryCoverage: over repeated synthetic tournaments of players
// of known strengths, with draws, the 95% intervals of the log strengths
// cover the truth about 95% of the time, and the 80% ones about 80%.
func TestBradleyTerryCoverage(t *testing.T) {
	truth := []float64{4, 2, 1, 0.7, 0.25}
	geo := 0.0
	for _, v := range truth {
		geo += math.Log(v)
	}
	geo /= float64(len(truth))
	rng := rand.New(rand.NewPCG(1, 2))
	reps := 400
	if testing.Short() {
		reps = 100
	}
	for _, tc := range []struct{ conf, draws float64 }{{0.95, 0}, {0.8, 0}, {0.95, 0.1}} {
		conf, draws := tc.conf, tc.draws
		covered, total := 0, 0
		for range reps {
			r, err := BradleyTerry(len(truth), syntheticTournament(rng, truth, 300, draws), conf)
			if err != nil {
				t.Fatal(err)
			}
			for i, v := range truth {
				if r.StrengthLow[i] <= math.Exp(math.Log(v)-geo) && math.Exp(math.Log(v)-geo) <= r.StrengthHigh[i] {
					covered++
				}
				total++
			}
		}
		// Draws make the points less variable than a binomial's: the
		// Fisher intervals err on the safe side, a little.
		rate := float64(covered) / float64(total)
		se := math.Sqrt(conf * (1 - conf) / float64(reps))
		t.Logf("%g%% intervals, draws %g: cover the truth in %.4f of %d (player, tournament) cases", 100*conf, draws, rate, total)
		if rate < conf-3*se || rate > conf+3*se+0.02 {
			t.Errorf("%g%% intervals covered the truth in %.4f of %d cases", 100*conf, rate, total)
		}
	}
}
