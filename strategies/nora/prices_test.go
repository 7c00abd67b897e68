package nora

import (
	"context"
	"strconv"
	"testing"

	"github.com/cardsim/cardsim/games/nora"
)

// TestFreePricesScorePerfect: what the rules make certain, the policy
// reaches. With INSURE free every dead shuffle can be insured away, and
// with SWITCH free every pair can be brought together so every round can
// be cleared: either way the best play scores the perfect 540 on every
// deal. The policy's value must be at least 539.5 and the bot must score
// 540 on each of 200 deals (the one-switch policy scored 537.6 with free
// switches; a policy that declined a free INSURE when its samples showed
// no dead shuffle for a top card lost a game here).
func TestFreePricesScorePerfect(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	t.Parallel() // independent of the other long tests, and long: they share the cores
	dir := t.TempDir()
	const samples = 300
	for _, rule := range []string{"insure=0", "switch=0"} {
		r, err := nora.ParseRules([]string{rule})
		if err != nil {
			t.Fatal(err)
		}
		sol, err := PolicyContext(context.Background(), dir, r, Budget(samples), DefaultIPCap, VariantOptimal)
		if err != nil {
			t.Fatal(err)
		}
		s := lineupRun(t, nora.New(r), []string{"optimal:samples=" + strconv.Itoa(samples)}, 200)
		t.Logf("%s: policy %.3f, bot %.3f (%.3f … %.3f), lowest %d", rule, sol.Value(0), s.Lead().Score.Mean, s.Lead().Score.CILow, s.Lead().Score.CIHigh, s.Lead().Score.Min)
		if perfect := int64(r.DeckSize() * r.Rounds); sol.Value(0) < 539.5 || s.Lead().Score.Min != perfect {
			t.Errorf("%s: policy %.3f, the bot's lowest score %d: want at least 539.5 and %d on every deal", rule, sol.Value(0), s.Lead().Score.Min, perfect)
		}
	}
}

// TestValueFallsWithSwitchPrice: a dearer SWITCH never helps. The passes
// at every price are drawn from the same shuffles, and every plan open at
// a higher price is open at a lower one for less, so the policy's value
// may not rise with the price (up to the search's own limits: 0.05
// points).
func TestValueFallsWithSwitchPrice(t *testing.T) {
	if testing.Short() {
		t.Skip("long: runs in make test-long")
	}
	t.Parallel() // independent of the other long tests, and long: they share the cores
	dir := t.TempDir()
	prev := 0.0
	for i, price := range []int{0, 1, 2, 4, 8} {
		r := smallRules(t, "switch="+strconv.Itoa(price))
		sol, err := PolicyContext(context.Background(), dir, r, Budget(500), DefaultIPCap, VariantOptimal)
		if err != nil {
			t.Fatal(err)
		}
		v := sol.Value(0)
		t.Logf("switch=%d: %.3f", price, v)
		if i > 0 && v > prev+0.05 {
			t.Errorf("switch=%d: value %.3f above %.3f at a lower price", price, v, prev)
		}
		prev = v
	}
}
