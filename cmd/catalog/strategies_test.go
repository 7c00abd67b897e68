package catalog_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cardsim/cardsim/cmd/catalog"
	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// build makes d for g with params, a panic counted as a refusal.
func build(d strategies.Definition, g games.Game, params ...string) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	_, err = d.New(g, params)
	return err
}

// TestStrategiesListedArePlayable: for every game of the catalog, under its
// default rules, the strategies listed for it (Registry.For, as cardsim
// strategies, completion and the workbench's form show them) are exactly
// those that can be made for it: every generic strategy is listed if and
// only if it builds for the game (a search needs views that sample), and
// no other game's bot is listed. Of each listed strategy's parameters that
// name a strategy (a search's rollout), every choice offered builds, and
// every registered strategy not offered is refused.
func TestStrategiesListedArePlayable(t *testing.T) {
	r := catalog.Strategies()
	all := r.All()
	var names []string
	for _, d := range all {
		if !slices.Contains(names, d.Name) {
			names = append(names, d.Name)
		}
	}
	for _, gd := range catalog.Games().All() {
		g, err := gd.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(gd.Name, func(t *testing.T) {
			listed := r.For(g)
			isListed := func(d strategies.Definition) bool {
				return slices.ContainsFunc(listed, func(l strategies.Definition) bool { return l.Name == d.Name && l.Game == d.Game })
			}
			for _, d := range all {
				switch {
				case d.Game != "" && d.Game != gd.Name:
					if isListed(d) {
						t.Errorf("%s's %s is listed", d.Game, d.Name)
					}
				default:
					err := build(d, g)
					if listed := isListed(d); listed != (err == nil) {
						t.Errorf("%s: listed %v, but making it gives %v", d.Name, listed, err)
					}
				}
			}
			for _, d := range listed {
				for _, p := range d.Params(g) {
					if !slices.ContainsFunc(p.Choices, func(c string) bool { return slices.Contains(names, c) }) {
						continue // not a parameter naming a strategy
					}
					for _, c := range p.Choices {
						if err := build(d, g, p.Name+"="+c); err != nil {
							t.Errorf("%s %s=%s is offered but refused: %v", d.Name, p.Name, c, err)
						}
					}
					for _, n := range names {
						if !slices.Contains(p.Choices, n) && build(d, g, p.Name+"="+n) == nil {
							t.Errorf("%s %s=%s is not offered but plays", d.Name, p.Name, n)
						}
					}
				}
			}
		})
	}
}
