package spite

import (
	"slices"
	"testing"

	"github.com/cardsim/cardsim/strategies"
)

// transcript plays deal index of run seed 1 with the named bot in both
// seats under rules, as "cardsim trace spite --strategy name --seed 1
// --index index" does, and returns the event lines and the final metrics.
func transcript(t *testing.T, name string, index int64, rules ...string) ([]string, map[string]int64) {
	t.Helper()
	g := newGame(t, rules...)
	s := g.NewState()
	s.Record(true)
	bots := [2]strategies.Strategy{newBot(t, name), newBot(t, name)}
	deal(s, bots, 1, index)
	play(s, bots, nil)
	var lines []string
	for _, e := range s.Events() {
		lines = append(lines, e.String())
	}
	m := map[string]int64{}
	for i, v := range s.Metrics(nil) {
		m[g.Metrics()[i].Name] = v
	}
	return lines, m
}

// TestDeadLoopDrawnByRepetition: deal 1157 of seed 1 with the planner in
// both seats is a dead loop (the stock is used up and two aces and a 2 go
// round the centre, a rebuild and the hands) that only the turn cap ended
// before repetition draws: 950 turns of the same two-turn cycle. Under the
// default rules the third occurrence of the position ends it within 60
// turns, and the game up to then is move for move the one the cap ended.
func TestDeadLoopDrawnByRepetition(t *testing.T) {
	capped, cm := transcript(t, "planner", 1157, "repeat=0", "stall-turns=0")
	if cm["draw.cap"] != 1 || cm["turns"] != 1000 {
		t.Fatalf("without the new draws: turns %d, draw.cap %d; want the cap at 1000", cm["turns"], cm["draw.cap"])
	}
	drawn, dm := transcript(t, "planner", 1157)
	if dm["draw.repeat"] != 1 || dm["turns"] > 60 {
		t.Errorf("under the defaults: turns %d, draw.repeat %d; want a repetition within 60 turns", dm["turns"], dm["draw.repeat"])
	}
	n := len(drawn) - 1 // all but the end
	if n > len(capped) || !slices.Equal(drawn[:n], capped[:n]) {
		t.Error("the game drawn by repetition is not the start of the capped one")
	}
}

// TestDrawRulesOnlyStop: the new draws change no game they do not end: for
// both bots, each game under the defaults is the start of the same game
// with repeat=0 and stall-turns=0, and one that ends by the rules ends the
// same way. (The bots cannot see the positions seen, so they cannot steer
// towards or away from a repetition.)
func TestDrawRulesOnlyStop(t *testing.T) {
	n := int64(60)
	if testing.Short() {
		n = 15
	}
	for _, name := range []string{"greedy", "planner"} {
		for i := range n {
			a, am := transcript(t, name, i)
			b, _ := transcript(t, name, i, "repeat=0", "stall-turns=0")
			k := len(a) - 1
			if am["draw.repeat"]+am["draw.stall"] == 0 {
				k = len(a)
			}
			if k > len(b) || !slices.Equal(a[:k], b[:k]) {
				t.Errorf("%s, deal %d: the game under the defaults departs from the one without the new draws", name, i)
			}
		}
	}
}
