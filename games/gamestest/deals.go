package gamestest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// DealVariants returns the game of def under every sample value (besides
// its default) of every rule option that changes the deal
// (games.Setting.ChangesDeal), one option at a time: the variants whose
// deals the defaults' tests never see. A value the game refuses with the
// other rules at their defaults is left out, as in Variants.
func DealVariants(def games.Definition) ([]Variant, error) {
	all, err := Variants(def)
	if err != nil {
		return nil, err
	}
	marked := map[string]bool{}
	for _, s := range all[0].Game.Rules() {
		marked[s.Name] = s.ChangesDeal
	}
	var vs []Variant
	for _, v := range all[1:] {
		if marked[ruleName(v.Rules[0])] {
			vs = append(vs, v)
		}
	}
	return vs, nil
}

// DealConformance runs Conformance under every variant DealVariants
// returns, each as a subtest named by its rules, so that every rule that
// changes the deal is played at values other than its default, with every
// check Conformance makes (cards conserved, hidden cards re-dealt unseen,
// clones independent, the same seed giving the same game).
func DealConformance(t *testing.T, def games.Definition, cfg Config) {
	t.Helper()
	vs, err := DealVariants(def)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		t.Run(v.String(), func(t *testing.T) { Conformance(t, v.Game, cfg) })
	}
}

// CheckDealMarks deals n games, from the seeds 0 to n−1, under the default
// rules and under every sample value of every rule option (as Variants),
// and reports the first option whose mark (games.Setting.ChangesDeal) does
// not tell what its values do to the deal. Two deals are the same when sim
// would pair them: they fingerprint alike (the cards as dealt, for a game
// that remembers its deal, games.Dealer; else the cards where they lie once
// dealt, State.Cards right after Reset) and are dealt to as many seats (the
// same deck dealt into hands for another number of players is another
// deal). A marked option must deal otherwise from every seed at every value
// it is sampled at; an unmarked one must deal the same from at least three
// seeds in four (a rule may change a few deals, as a rule that settles a
// tie by reshuffling does).
func CheckDealMarks(def games.Definition, n int) error {
	vs, err := Variants(def)
	if err != nil {
		return err
	}
	base := deals(vs[0].Game, n)
	marked := map[string]bool{}
	for _, s := range vs[0].Game.Rules() {
		marked[s.Name] = s.ChangesDeal
	}
	for _, v := range vs[1:] {
		name := ruleName(v.Rules[0])
		same := 0
		for i, d := range deals(v.Game, n) {
			if slices.Equal(d, base[i]) {
				same++
			}
		}
		switch {
		case marked[name] && same > 0:
			return fmt.Errorf("%s: rule %s is marked as changing the deal, but %s deals the same cards as the defaults from %d of %d seeds",
				def.Name, name, v, same, n)
		case !marked[name] && 4*same < 3*n:
			return fmt.Errorf("%s: rule %s is not marked as changing the deal, but %s deals other cards than the defaults from %d of %d seeds",
				def.Name, name, v, n-same, n)
		}
	}
	return nil
}

// deals returns the deals of g from the seeds 0 to n−1, as sim
// fingerprints them, each preceded by the number of seats.
func deals(g games.Game, n int) [][]cards.Card {
	s := g.NewState()
	out := make([][]cards.Card, n)
	for i := range out {
		s.Reset(uint64(i))
		out[i] = []cards.Card{cards.Card(g.Seats())}
		if d, ok := s.(games.Dealer); ok {
			out[i] = append(out[i], d.Dealt(nil)...)
		} else {
			out[i] = append(out[i], s.Cards(nil)...)
		}
	}
	return out
}

// ruleName returns the name of a "key=value" rule.
func ruleName(kv string) string {
	name, _, _ := strings.Cut(kv, "=")
	return name
}
