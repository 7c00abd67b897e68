package sim

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/stat"
	"github.com/cardsim/cardsim/strategies"
)

// dice is a tiny synthetic game for checking sim by hand. Each seat is dealt
// a die d (0…5) from the game seed. A solitaire seat chooses to score its die
// (action 0) or a sure 2 (action 1). With two seats nobody chooses: the
// higher die wins and seat 0, which moves first, wins ties.
type dice struct{ seats int }

func (g dice) Name() string            { return "dice" }
func (g dice) Seats() int              { return g.seats }
func (g dice) Rules() []games.Setting  { return nil }
func (g dice) ScoreBounds() (int, int) { return 0, 5 }
func (g dice) Metrics() []games.Metric {
	return []games.Metric{
		{Name: "die", Usage: "seat 0's die", Max: 5},
		{Name: "end.cap", Usage: "1 if seat 0 rolled 0, as if a cap ended the game", Role: games.Capped},
		{Name: "length", Usage: "seat 0's die + 1, as if it were the game's turns", Role: games.Duration, Max: 6},
	}
}
func (g dice) NewState() games.State { return &diceState{g: g} }
func (g dice) Capabilities() games.Capabilities {
	return games.Capabilities{DealFeatures: []games.Metric{{Name: "die", Usage: "the seat's die", Max: 5}}, FirstSeat: true}
}

// dieOf returns seat's die for a game seed: the deal, written out so the
// tests can work the expected figures by hand.
func dieOf(seed uint64, seat int) int64 { return int64(games.Mix(seed, uint64(seat)) % 6) }

type diceState struct {
	g      dice
	die    [2]int64
	choice int // -1 before the choice
}

func (s *diceState) Reset(seed uint64) {
	s.die = [2]int64{dieOf(seed, 0), dieOf(seed, 1)}
	s.choice = -1
	if s.g.seats > 1 {
		s.choice = 0
	}
}
func (s *diceState) Deal(string, uint64) error { return fmt.Errorf("no deals") }
func (s *diceState) Turn() int {
	if s.choice >= 0 {
		return games.Terminal
	}
	return 0
}
func (s *diceState) Legal(dst []games.Action) []games.Action { return append(dst[:0], 0, 1) }
func (s *diceState) Apply(a games.Action)                    { s.choice = int(a) }
func (s *diceState) View(seat int) games.View                { return s }
func (s *diceState) Seat() int                               { return 0 }
func (s *diceState) Outcome(seat int) games.Outcome {
	if s.g.seats == 1 {
		if s.choice == 1 {
			return games.Outcome{Score: 2}
		}
		return games.Outcome{Score: int(s.die[0]), Result: map[bool]games.Result{true: games.Win}[s.die[0] == 5]}
	}
	o := games.Outcome{Score: int(s.die[seat])}
	if (seat == 0) == (s.die[0] >= s.die[1]) {
		o.Result = games.Win
	}
	return o
}
func (s *diceState) Metrics(dst []int64) []int64 {
	capped := int64(0)
	if s.die[0] == 0 {
		capped = 1
	}
	return append(dst[:0], s.die[0], capped, s.die[0]+1)
}
func (s *diceState) SeatFeatures(seat int, dst []int64) []int64 {
	return append(dst[:0], s.die[seat])
}
func (s *diceState) FirstSeat() int                      { return 0 }
func (s *diceState) Cards(dst []cards.Card) []cards.Card { return dst[:0] }
func (s *diceState) Clone() games.State                  { c := *s; return &c }
func (s *diceState) Determinize(int, uint64)             {}
func (s *diceState) ActionString(a games.Action) string  { return fmt.Sprint(a) }
func (s *diceState) Record(bool)                         {}
func (s *diceState) Events() []games.Event               { return nil }

type fixed games.Action

func (f fixed) Begin(uint64)                                   {}
func (f fixed) Choose(games.View, []games.Action) games.Action { return games.Action(f) }

func fixedDef(name string, a games.Action) strategies.Definition {
	return strategies.Definition{Name: name, Params: func(games.Game) []games.Setting { return nil },
		New: func(games.Game, []string) (strategies.Strategy, error) { return fixed(a), nil }}
}

// TestPairedComparisonByHand: "take the die" against "take 2" on the same
// deals. The paired difference per deal is d − 2; its mean and t interval
// are computed here from the deals directly.
func TestPairedComparisonByHand(t *testing.T) {
	const n = 50
	cfg := Config{Game: dice{1}, Lineup: []Player{{Strategy: fixedDef("die", 0)}, {Strategy: fixedDef("two", 1)}}, Seed: 3, Games: n, Workers: 2, Chunk: 7}
	tally, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(&cfg, tally, 0.95)
	var sum, sq float64
	for i := range int64(n) {
		d := float64(dieOf(GameSeed(3, i), 0)) - 2
		sum += d
		sq += d * d
	}
	mean := sum / n
	sd := math.Sqrt((sq - n*mean*mean) / (n - 1))
	half := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: n - 1}.Quantile(0.975) * sd / math.Sqrt(n)
	c := s.Comparisons[0]
	if c.Label != "die − two" || math.Abs(c.ScoreDiff-mean) > 1e-9 || math.Abs(c.CILow-(mean-half)) > 1e-9 || math.Abs(c.CIHigh-(mean+half)) > 1e-9 {
		t.Errorf("comparison %+v; by hand %s: mean %.6f, interval %.6f … %.6f", c, "die − two", mean, mean-half, mean+half)
	}
	// "two" has no variance, so unpaired and paired intervals coincide up to
	// the t quantile's degrees of freedom; both must contain the mean.
	if !(c.UnpairedLow < mean && mean < c.UnpairedHigh) {
		t.Errorf("unpaired interval %.4f … %.4f misses %.4f", c.UnpairedLow, c.UnpairedHigh, mean)
	}
	if s.Entries[1].Score.Mean != 2 || s.Entries[1].Score.SD != 0 {
		t.Errorf("entry two: %+v", s.Entries[1].Score)
	}
}

// TestSeatRotation: two seats, seat 0 wins ties. Rotating seats, each entry
// sits first half the time, so identical entries tie exactly; the first
// player's win rate estimates P(d0 ≥ d1) = 21/36.
func TestSeatRotation(t *testing.T) {
	if got := Seatings(2, 2); !reflect.DeepEqual(got, [][]int{{0, 1}, {1, 0}}) {
		t.Fatalf("Seatings(2, 2) = %v", got)
	}
	if got := len(Seatings(4, 2)); got != 6 {
		t.Fatalf("Seatings(4, 2) has %d seatings, want 4!/(2!2!) = 6", got)
	}
	if got := len(Seatings(5, 5)); got != 120 {
		t.Fatalf("Seatings(5, 5) has %d seatings, want 120", got)
	}
	if got := Seatings(6, 3); len(got) != 6 || !reflect.DeepEqual(got[1], []int{1, 2, 0, 1, 2, 0}) {
		t.Fatalf("Seatings(6, 3) = %v, want the 6 rotations of 0 1 2 0 1 2", got)
	}
	const n = 20000
	cfg := Config{Game: dice{2}, Lineup: []Player{{Strategy: fixedDef("a", 0)}, {Strategy: fixedDef("b", 0)}}, Seed: 8, Games: n}
	tally, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(&cfg, tally, 0.95)
	if c := s.Comparisons[0]; c.WinDiff != 0 || c.ScoreDiff != 0 {
		t.Errorf("identical entries on rotated seats differ: %+v", c)
	}
	p := 21.0 / 36
	se := math.Sqrt(p * (1 - p) / float64(2*n))
	if got := s.FirstPlayer.WinRate.Rate; math.Abs(got-p) > 4*se {
		t.Errorf("first player wins %.4f, want %.4f ± %.4f", got, p, 4*se)
	}
	if math.Abs(s.FirstPlayer.Edge-(s.FirstPlayer.WinRate.Rate-0.5)) > 1e-12 {
		t.Errorf("edge %v", s.FirstPlayer)
	}
	// Features: a seat dealt a 5 always wins (5 ≥ anything, and a 5 against
	// a 5 wins for seat 0 only: half the time over rotated seats).
	var five *FeatureValue
	for i := range s.Features[0].Values {
		if s.Features[0].Values[i].Value == 5 {
			five = &s.Features[0].Values[i]
		}
	}
	if five == nil || five.Win.Rate < 0.85 || five.Win.Rate > 0.95 {
		t.Errorf("win rate with a 5: %+v, want about 11/12", five)
	}
}

// TestSummaryOneGameFeature: a deal feature seen in a single seat has no
// t interval; its score interval is the game's score bounds, and the
// summary still encodes as JSON.
func TestSummaryOneGameFeature(t *testing.T) {
	cfg := Config{Game: dice{2}, Lineup: []Player{{Strategy: fixedDef("a", 0)}}, Seed: 8, Games: 1, Workers: 1}
	tally, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(&cfg, tally, 0.95)
	for _, v := range s.Features[0].Values {
		if v.Games == 1 && (v.Score.CILow != 0 || v.Score.CIHigh != 5) {
			t.Errorf("one seat: interval %g … %g, want the bounds 0 … 5", v.Score.CILow, v.Score.CIHigh)
		}
	}
	if _, err := json.Marshal(s); err != nil {
		t.Errorf("summary of one game does not encode: %v", err)
	}
}

// TestBalanceReadsMetricRoles: completion and duration come from the
// metrics whose roles say so, whatever their names ("end.cap", "length"),
// worked out here from the deals.
func TestBalanceReadsMetricRoles(t *testing.T) {
	const n = 3000
	cfg := Config{Game: dice{2}, Lineup: []Player{{Strategy: fixedDef("a", 0)}}, Seed: 4, Games: n}
	tally, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(&cfg, tally, 0.95)
	var done, length float64
	for i := range int64(n) {
		d := dieOf(GameSeed(4, i), 0)
		if d != 0 {
			done++
		}
		length += float64(d + 1)
	}
	if want := done / n; math.Abs(s.Balance.Completion-want) > 1e-12 {
		t.Errorf("completion %g, want %g (games whose cap metric is 0)", s.Balance.Completion, want)
	}
	if s.Balance.Duration == nil || math.Abs(s.Balance.Duration.Mean-length/n) > 1e-9 {
		t.Errorf("duration %+v, want mean %g", s.Balance.Duration, length/n)
	}
}

// doubter takes the sure 2 (never a win) and, like a solver out of budget,
// reports every game undecided.
type doubter struct{ fixed }

func (doubter) Undecided() bool { return true }

// TestPairedWinsCountUndecidedBothWays: "die" wins on a 5; "doubt" never
// wins but leaves every game undecided, so it may have won any of them. The
// win-rate difference's interval must reach down to die's rate minus 1 and
// up to die's rate, not shrink to the decided games; two strategies that
// never win and leave nothing undecided differ by an interval around 0, not
// a point.
func TestPairedWinsCountUndecidedBothWays(t *testing.T) {
	const n = 4000
	doubt := strategies.Definition{Name: "doubt", Params: func(games.Game) []games.Setting { return nil },
		New: func(games.Game, []string) (strategies.Strategy, error) { return doubter{1}, nil }}
	cfg := Config{Game: dice{1}, Lineup: []Player{{Strategy: fixedDef("die", 0)}, {Strategy: doubt}, {Strategy: fixedDef("two", 1)}}, Seed: 6, Games: n}
	tally, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(&cfg, tally, 0.95)
	var fives int64
	for i := range int64(n) {
		if dieOf(GameSeed(6, i), 0) == 5 {
			fives++
		}
	}
	p := float64(fives) / n
	dd := s.Comparisons[0] // die − doubt
	if dd.UndecidedA != 0 || dd.UndecidedB != n {
		t.Errorf("undecided %d and %d, want 0 and %d", dd.UndecidedA, dd.UndecidedB, n)
	}
	if math.Abs(dd.WinDiff-p) > 1e-12 {
		t.Errorf("win difference %g, want %g (undecided counted as not won)", dd.WinDiff, p)
	}
	if !(dd.WinDiffCILow < p-1+0.02 && dd.WinDiffCIHigh > p && dd.WinDiffCIHigh < p+0.03) {
		t.Errorf("die − doubt: interval %g … %g, want about %g … %g", dd.WinDiffCILow, dd.WinDiffCIHigh, p-1, p)
	}
	dt := s.Comparisons[2] // doubt − two: both never win
	_, u := stat.Wilson(0, n, 0.95)
	if dt.WinDiff != 0 || dt.WinDiffCILow != -u || !(dt.WinDiffCIHigh > 0.99) {
		t.Errorf("doubt − two: %g (%g … %g), want 0 (−%g … about 1)", dt.WinDiff, dt.WinDiffCILow, dt.WinDiffCIHigh, u)
	}
	// die − two on the same deals: no undecided games, the ordinary
	// paired interval around p.
	if c := s.Comparisons[1]; !(c.WinDiffCILow < p && p < c.WinDiffCIHigh && c.WinDiffCIHigh-c.WinDiffCILow < 0.03) {
		t.Errorf("die − two: %g … %g, want a narrow interval around %g", c.WinDiffCILow, c.WinDiffCIHigh, p)
	}
}

// TestNoWinsIsNotAPoint: two strategies that never win differ by 0 with an
// interval of ± the Wilson bound of 0 of n, not "+0.00 (+0.00 to +0.00)".
func TestNoWinsIsNotAPoint(t *testing.T) {
	const n = 2000
	cfg := Config{Game: dice{1}, Lineup: []Player{{Strategy: fixedDef("two", 1)}, {Strategy: fixedDef("two", 1)}}, Seed: 6, Games: n}
	tally, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	c := Summarize(&cfg, tally, 0.95).Comparisons[0]
	_, u := stat.Wilson(0, n, 0.95)
	if c.WinDiff != 0 || c.WinDiffCILow != -u || c.WinDiffCIHigh != u || u < 0.0015 {
		t.Errorf("never-winners differ by %g (%g … %g), want 0 (−%g … %g)", c.WinDiff, c.WinDiffCILow, c.WinDiffCIHigh, u, u)
	}
}

// roundDice plays dice{2} with three extra rounds beside the game: in round
// r each seat throws dieOf(seed, 10r+seat+2); the higher die wins the
// round, equal dice draw it, and a round's score is the seat's die.
type roundDice struct{ dice }

func (g roundDice) NewState() games.State { return &roundDiceState{diceState{g: g.dice}, 0} }
func (g roundDice) Capabilities() games.Capabilities {
	c := g.dice.Capabilities()
	c.Rounds = true
	return c
}

type roundDiceState struct {
	diceState
	seed uint64
}

func (s *roundDiceState) Reset(seed uint64)  { s.diceState.Reset(seed); s.seed = seed }
func (s *roundDiceState) Clone() games.State { c := *s; return &c }
func (s *roundDiceState) Rounds() int        { return 3 }
func (s *roundDiceState) roundDie(r, seat int) int64 {
	return dieOf(s.seed, 10*r+seat+2)
}
func (s *roundDiceState) RoundFeatures(r, seat int, dst []int64) []int64 {
	return append(dst[:0], s.roundDie(r, seat))
}
func (s *roundDiceState) RoundOutcome(r, seat int) games.Outcome {
	me, other := s.roundDie(r, seat), s.roundDie(r, 1-seat)
	o := games.Outcome{Score: int(me)}
	switch {
	case me > other:
		o.Result = games.Win
	case me == other:
		o.Result = games.Draw
	}
	return o
}

// TestRoundFeatures: every round's result is counted against that round's
// deal, exactly as counted here from the deals, in addition to the game's
// result against the first deal.
func TestRoundFeatures(t *testing.T) {
	const n = 500
	cfg := Config{Game: roundDice{dice{2}}, Lineup: []Player{{Strategy: fixedDef("a", 0)}}, Seed: 9, Games: n, Chunk: 64, Batch: 1}
	tally, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(&cfg, tally, 0.95)
	type cell struct{ games, wins, draws, points int64 }
	want := map[int64]*cell{}
	for i := range int64(n) {
		st := cfg.Game.NewState().(*roundDiceState)
		st.Reset(GameSeed(9, i))
		for r := range 3 {
			for seat := range 2 {
				v := st.roundDie(r, seat)
				if want[v] == nil {
					want[v] = &cell{}
				}
				c, o := want[v], st.RoundOutcome(r, seat)
				c.games++
				c.points += int64(o.Score)
				switch o.Result {
				case games.Win:
					c.wins++
				case games.Draw:
					c.draws++
				}
			}
		}
	}
	if len(s.RoundFeatures) != 1 || len(s.RoundFeatures[0].Values) != len(want) {
		t.Fatalf("round features %+v, want one feature with %d values", s.RoundFeatures, len(want))
	}
	for _, v := range s.RoundFeatures[0].Values {
		w := want[v.Value]
		if v.Games != w.games || v.Win.Count != w.wins || v.Draw.Count != w.draws || math.Abs(v.Score.Mean-float64(w.points)/float64(w.games)) > 1e-12 {
			t.Errorf("die %d: %d seat-rounds, %d won, %d drawn, mean %g; counted %+v", v.Value, v.Games, v.Win.Count, v.Draw.Count, v.Score.Mean, *w)
		}
	}
	// The game's own features are untouched: 2 seats per deal.
	var seats int64
	for _, v := range s.Features[0].Values {
		seats += v.Games
	}
	if seats != 2*n {
		t.Errorf("game features count %d seats, want %d", seats, 2*n)
	}
}

// TestIntervalsCountDealsNotPlays: where a deal counts several plays, the
// intervals treat deals as independent. With the seats rotated, seat 0
// holds the same die in both seatings of a deal, so its two games agree
// and its win rate is known as well as from one game a deal, not two; and
// one strategy in both seats of a game that always has one winner wins
// exactly half its games, an interval of no width.
func TestIntervalsCountDealsNotPlays(t *testing.T) {
	const n = 4000
	cfg := Config{Game: dice{2}, Lineup: []Player{{Strategy: fixedDef("a", 0)}, {Strategy: fixedDef("b", 0)}}, Seed: 14, Games: n}
	tally, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(&cfg, tally, 0.95)
	seat0 := s.Seats[0].Win
	if seat0.Games != 2*n || seat0.Deals != n {
		t.Fatalf("seat 0: %d games over %d deals, want %d over %d", seat0.Games, seat0.Deals, 2*n, n)
	}
	lo, hi := stat.Wilson(seat0.Count/2, n, 0.95) // one game a deal
	if w, want := seat0.CIHigh-seat0.CILow, hi-lo; math.Abs(w/want-1) > 0.02 {
		t.Errorf("seat 0's interval is %.5f wide, want %.5f as from %d independent games", w, want, n)
	}
	// Its mean score (its die) likewise: the t interval of one die a deal.
	var sum, sq float64
	for i := range int64(n) {
		d := float64(dieOf(GameSeed(14, i), 0))
		sum, sq = sum+d, sq+d*d
	}
	mean := sum / n
	mlo, mhi := stat.MeanInterval(mean, math.Sqrt((sq-n*mean*mean)/(n-1)), n, 0.95)
	if sc := s.Seats[0].Score; math.Abs(sc.Mean-mean) > 1e-9 || math.Abs(sc.CILow-mlo) > 1e-9 || math.Abs(sc.CIHigh-mhi) > 1e-9 {
		t.Errorf("seat 0's score %g (%g … %g), want %g (%g … %g) as from one die a deal", sc.Mean, sc.CILow, sc.CIHigh, mean, mlo, mhi)
	}
	one := Config{Game: dice{2}, Lineup: []Player{{Strategy: fixedDef("a", 0)}}, Seed: 14, Games: n}
	tally, err = Run(context.Background(), one)
	if err != nil {
		t.Fatal(err)
	}
	oneSum := Summarize(&one, tally, 0.95)
	if w := oneSum.Lead().Win; w.Rate != 0.5 || w.CILow != 0.5 || w.CIHigh != 0.5 {
		t.Errorf("one strategy in both seats wins %g (%g … %g), want exactly 0.5", w.Rate, w.CILow, w.CIHigh)
	}
}
