package spite

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/spite"
	"github.com/cardsim/cardsim/stat"
	"github.com/cardsim/cardsim/strategies"
)

var drawDeals = flag.Int("spite.deals", 300, "deals per pairing in TestNewDraws (the report used 5000)")

// ending is how one game ended.
type ending struct {
	why     string // "win" or the draw metric's name
	winner  int    // -1 for a draw
	ahead   int    // the seat with fewer stockpile cards at the end, -1 if level
	stalled int    // the longest run of turns without a stockpile card
}

// playEnding plays deal index of run seed 1 with bots under g's rules.
func playEnding(g games.Game, s games.State, bots [2]strategies.Strategy, index int64, legal []games.Action) (ending, []games.Action) {
	deal(s, bots, 1, index)
	var e ending
	last, left := 0, 2*spite.StockpileSize
	for s.Turn() != games.Terminal {
		p := s.Turn()
		legal = s.Legal(legal)
		s.Apply(bots[p].Choose(s.View(p), legal))
		v := s.View(0).(*spite.View)
		if n := v.Stockpiles[0] + v.Stockpiles[1]; n != left {
			left, last = n, v.Turn
		}
		e.stalled = max(e.stalled, v.Turn-last)
	}
	e.why, e.winner = "win", -1
	m := s.Metrics(nil)
	for i, d := range g.Metrics() {
		if strings.HasPrefix(d.Name, "draw.") && m[i] == 1 {
			e.why = d.Name
		}
	}
	for seat := range 2 {
		if s.Outcome(seat).Result == games.Win {
			e.winner = seat
		}
	}
	v := s.View(0).(*spite.View)
	switch {
	case v.Stockpiles[0] < v.Stockpiles[1]:
		e.ahead = 0
	case v.Stockpiles[1] < v.Stockpiles[0]:
		e.ahead = 1
	default:
		e.ahead = -1
	}
	return e, legal
}

// TestNewDraws plays each pairing of the bots on the same deals under the
// default rules and with repeat=0 and stall-turns=0 (where only the turn cap
// ends a dead loop). Under the defaults the turn cap must end at most one
// game in a thousand, and a game the defaults decide must be decided alike
// without the new draws (they only stop games). It logs how the new draws
// end games the old rules would have gone on with, who was ahead in each
// kind of draw, and the longest stretches without a stockpile card in the
// decided games. Run with -v -args -spite.deals=5000 for the report's
// figures.
func TestNewDraws(t *testing.T) {
	n := *drawDeals
	if testing.Short() {
		n = min(n, 60)
	}
	gNew, gOld := newGame(t), newGame(t, "repeat=0", "stall-turns=0")
	sNew, sOld := gNew.NewState(), gOld.NewState()
	var legal []games.Action
	for _, pair := range [][2]string{{"planner", "planner"}, {"greedy", "greedy"}, {"planner", "greedy"}, {"greedy", "planner"}} {
		bots := [2]strategies.Strategy{newBot(t, pair[0]), newBot(t, pair[1])}
		cross := map[string]int{}
		ahead := map[string]*[3]int{} // seat 0 ahead, seat 1 ahead, level
		var stalls []int
		var e, o ending
		for i := range int64(n) {
			e, legal = playEnding(gNew, sNew, bots, i, legal)
			o, legal = playEnding(gOld, sOld, bots, i, legal)
			if e.why == "win" && (o.why != "win" || o.winner != e.winner) {
				t.Errorf("%v, deal %d: seat %d wins under the defaults, but without the new draws %s (winner %d)", pair, i, e.winner, o.why, o.winner)
			}
			if e.why == "win" {
				stalls = append(stalls, e.stalled)
			} else {
				if ahead[e.why] == nil {
					ahead[e.why] = new([3]int)
				}
				ahead[e.why][(e.ahead+3)%3]++
			}
			to := o.why
			if to == "win" {
				to = fmt.Sprintf("seat %d wins", o.winner)
			}
			cross[e.why+" → "+to]++
		}
		if cross["draw.cap → draw.cap"] > n/1000 {
			t.Errorf("%v: %d of %d games reached the turn cap under the defaults", pair, cross["draw.cap → draw.cap"], n)
		}
		slices.Sort(stalls)
		q := func(p float64) int { return stalls[int(p*float64(len(stalls)-1))] }
		t.Logf("%s against %s, %d deals: ending under the defaults → ending without repeat and stall-turns:", pair[0], pair[1], n)
		keys := make([]string, 0, len(cross))
		for k := range cross {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			t.Logf("  %-40s %5d", k, cross[k])
		}
		for _, k := range []string{"draw.idle", "draw.repeat", "draw.stall", "draw.cap"} {
			if a := ahead[k]; a != nil {
				t.Logf("  %s: seat 0 ahead %d, seat 1 ahead %d, level %d (stockpile cards left)", k, a[0], a[1], a[2])
			}
		}
		t.Logf("  decided games: longest run without a stockpile card: median %d, 99%% %d, 99.9%% %d, max %d turns",
			q(0.5), q(0.99), q(0.999), stalls[len(stalls)-1])
	}
}

// TestSelfPlayDraws: each bot meant to stand for a player draws at most 3%
// of its games against itself under the default rules, and so does each
// pairing of them (seats swapped): the upper end of the Wilson 95%
// interval over 20,000 deals of seed 1 (as cardsim run spite --strategy
// NAME --games 20000 --seed 1 plays them) is below 3%.
func TestSelfPlayDraws(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	const deals = 20000
	g := newGame(t)
	s := g.NewState()
	for _, pair := range [][2]string{{"greedy", "greedy"}, {"planner", "planner"}, {"planner", "greedy"}, {"greedy", "planner"}} {
		bots := [2]strategies.Strategy{newBot(t, pair[0]), newBot(t, pair[1])}
		var drawn int64
		var legal []games.Action
		for i := range int64(deals) {
			deal(s, bots, 1, i)
			legal = play(s, bots, legal)
			if s.Outcome(0).Result == games.Draw {
				drawn++
			}
		}
		lo, hi := stat.Wilson(drawn, deals, 0.95)
		t.Logf("%s against %s: %d of %d drawn (%.2f%% to %.2f%%)", pair[0], pair[1], drawn, deals, 100*lo, 100*hi)
		if hi >= 0.03 {
			t.Errorf("%s against %s: %d of %d games drawn, up to %.2f%% at 95%%; want below 3%%", pair[0], pair[1], drawn, deals, 100*hi)
		}
	}
}

// TestDrawnEndgames: the draws greedy still plays into against itself are
// endgames a person could not break either, not loops of its own making:
// over 20,000 deals of seed 1, at least nine draws in ten end with the stock
// at 12 cards or fewer (so that every draw sweeps the centre under it, as
// rebuild=all reads the rules) and 40 or more cards locked in discard
// piles. It logs how many also leave a seat holding three or four jokers
// that cannot reach its upcard.
func TestDrawnEndgames(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	g := newGame(t)
	s := g.NewState()
	bots := [2]strategies.Strategy{newBot(t, "greedy"), newBot(t, "greedy")}
	var legal []games.Action
	drawn, endgame, jokers := 0, 0, 0
	for i := range int64(20000) {
		deal(s, bots, 1, i)
		legal = play(s, bots, legal)
		if s.Outcome(0).Result != games.Draw {
			continue
		}
		drawn++
		v := s.View(0).(*spite.View)
		locked := 0
		for p := range 2 {
			for _, d := range v.Discards[p] {
				locked += len(d)
			}
		}
		if v.Stock <= 12 && locked >= 40 {
			endgame++
		}
		for seat := range 2 {
			n := 0
			for _, c := range s.View(seat).(*spite.View).Hand {
				if c.IsJoker() {
					n++
				}
			}
			if n >= 3 {
				jokers++
				break
			}
		}
	}
	t.Logf("%d drawn: %d with the stock at 12 or fewer and 40 or more cards in discard piles, %d with a seat holding 3 or 4 jokers", drawn, endgame, jokers)
	if endgame*10 < drawn*9 {
		t.Errorf("%d of %d draws are endgames of a low stock and full discard piles: want nine in ten", endgame, drawn)
	}
}

// againstRandom plays deals 0 to deals−1 of seed 1 under the default
// rules with the named bot against random, the bot in seat 0 on even deals
// and seat 1 on odd ones, and returns the games it won and drew.
func againstRandom(t *testing.T, name string, deals int64) (won, drawn int) {
	g := newGame(t)
	s := g.NewState()
	bot := newBot(t, name)
	random := strategies.NewRandom()
	var legal []games.Action
	for i := range deals {
		seat := int(i % 2)
		var bots [2]strategies.Strategy
		bots[seat], bots[1-seat] = bot, random
		deal(s, bots, 1, i)
		legal = play(s, bots, legal)
		switch s.Outcome(seat).Result {
		case games.Win:
			won++
		case games.Draw:
			drawn++
		}
	}
	return won, drawn
}

// TestBeatsRandom: greedy and the planner, the bots meant to stand for
// players, beat one that plays at random clearly: over 2,000 deals of seed
// 1 under the default rules (see againstRandom), each wins at least 60% of
// the games, and random none. Greedy draws at most 5% of them, as the
// report issue asks (53, 2.65%, when this was written: 139 before it
// searched for chains that free its upcard, kept a pile open to high cards
// and fed the opponent's piles in a stuck endgame). The planner's draws
// are held below where they stood when this was written (253, 12.65%),
// about three standard errors above: the drawn games are mostly endgames
// where a King or Queen sits on the bot's stockpile, and random holds a
// hand it can neither play nor discard, its piles topped by low cards.
func TestBeatsRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	const deals = 2000
	for _, tt := range []struct {
		name     string
		maxDrawn int
	}{{"greedy", deals * 5 / 100}, {"planner", 300}} {
		won, drawn := againstRandom(t, tt.name, deals)
		t.Logf("%s against random: won %d, drawn %d of %d", tt.name, won, drawn, deals)
		if won < deals*60/100 || drawn > tt.maxDrawn || won+drawn != deals {
			t.Errorf("%s against random: won %d and drew %d of %d games; want at least 60%% won, at most %d drawn and none lost",
				tt.name, won, drawn, deals, tt.maxDrawn)
		}
	}
}

// TestGreedyBeatsRandomBothSeats: the report issue's measure, played as
// "cardsim tournament spite --strategies greedy,random --games 2000 --seed
// S" plays it (each deal twice, greedy in each seat): for seeds 21, 1 and
// 7, greedy wins at least 60% of the 4,000 games, draws at most 5% and
// loses none. (145, 136 and 139 drawn when this was written; 287, 262 and
// 287 before greedy searched for chains, kept a pile open and fed the
// opponent's piles.)
func TestGreedyBeatsRandomBothSeats(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	const deals = 2000
	g := newGame(t)
	s := g.NewState()
	greedy, random := newBot(t, "greedy"), strategies.NewRandom()
	var legal []games.Action
	for _, seed := range []uint64{21, 1, 7} {
		won, drawn, lost := 0, 0, 0
		for i := range int64(deals) {
			for seat := range 2 {
				var bots [2]strategies.Strategy
				bots[seat], bots[1-seat] = greedy, random
				deal(s, bots, seed, i)
				legal = play(s, bots, legal)
				switch s.Outcome(seat).Result {
				case games.Win:
					won++
				case games.Draw:
					drawn++
				default:
					lost++
				}
			}
		}
		t.Logf("seed %d: greedy won %d, drew %d, lost %d of %d", seed, won, drawn, lost, 2*deals)
		if won < 2*deals*60/100 || drawn > 2*deals*5/100 || lost > 0 {
			t.Errorf("seed %d: greedy won %d, drew %d and lost %d of %d games; want at least 60%% won, at most 5%% drawn, none lost",
				seed, won, drawn, lost, 2*deals)
		}
	}
}

// TestGreedyBeatsRandomSample: on the first 200 deals of TestBeatsRandom,
// greedy wins at least 60% of the games, loses none, and draws at most 5%
// (10): 24 of these deals were drawn before greedy dug with jokers when
// stuck (TestGreedyBridgesWhenStuck), 15 since, and 3 once it also
// searched for chains, kept a pile open and fed the opponent's piles.
func TestGreedyBeatsRandomSample(t *testing.T) {
	const deals = 200
	won, drawn := againstRandom(t, "greedy", deals)
	if won < deals*60/100 || drawn > deals*5/100 || won+drawn != deals {
		t.Errorf("greedy against random: won %d and drew %d of %d games; want at least 60%% won, at most %d drawn and none lost", won, drawn, deals, deals*5/100)
	}
}
