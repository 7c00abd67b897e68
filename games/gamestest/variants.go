package gamestest

import (
	"fmt"
	"strings"

	"github.com/cardsim/cardsim/games"
)

// Variant is a game under one reading of its rules.
type Variant struct {
	Rules []string // the rule options over the defaults, "key=value"
	Game  games.Game
}

// String names the variant by its rules, "defaults" for none.
func (v Variant) String() string {
	if len(v.Rules) == 0 {
		return "defaults"
	}
	return strings.Join(v.Rules, " ")
}

// Variants returns the game of def under its default rules, then under
// every sample of every rule option (games.Setting.Samples) other than its
// default, one option at a time: every player count, every choice, both
// truth values, both ends of every range. A sample the game refuses with
// the other rules at their defaults (a short deck under a pairing that
// needs a longer one) is left out, but every option must keep a sample
// besides its default: an option the soak cannot play is an error.
func Variants(def games.Definition) ([]Variant, error) {
	g, err := def.New(nil)
	if err != nil {
		return nil, fmt.Errorf("%s: default rules: %w", def.Name, err)
	}
	vs := []Variant{{Game: g}}
	for _, s := range g.Rules() {
		kept := 0
		for _, v := range s.Samples {
			if v == s.Default {
				continue
			}
			rules := []string{s.Name + "=" + v}
			if g, err := def.New(rules); err == nil {
				vs = append(vs, Variant{Rules: rules, Game: g})
				kept++
			}
		}
		if kept == 0 {
			return nil, fmt.Errorf("%s: rule %s has no sample value besides its default %q that the game plays (samples %q)", def.Name, s.Name, s.Default, s.Samples)
		}
	}
	return vs, nil
}
