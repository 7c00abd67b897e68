package nora_test

import (
	"slices"
	"strconv"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/nora"
)

// TestPairIP works passes by hand under rule ip-pair: every pair removed
// but the jokers' earns it, a quad's two pairs included, once the pass is
// over; the other sources are as written (chain, joke, reaction, quad).
func TestPairIP(t *testing.T) {
	for _, tt := range []struct {
		order string
		pair  int
		want  string // the pass's ip by source
	}{
		{"AS AH KD KC", 0, "chain 1"},
		{"AS AH KD KC", 2, "chain 1 + pair 4"},                             // two plain pairs
		{"JK JK AS AH", 1, "joke 1 + chain 1 + pair 1"},                    // the jokers earn the joke, not a pair
		{"AS KD KC AH AD AC", 1, "quad 4 + chain 1 + reaction 1 + pair 3"}, // the kings, then the quad's two pairs
		{"AS KD QC", 3, "0"},                                               // a dead pass earns nothing
	} {
		r, err := nora.ParseRules([]string{"ip-pair=" + strconv.Itoa(tt.pair)})
		if err != nil {
			t.Fatal(err)
		}
		order, err := cards.ParseDeck(tt.order)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, ip := nora.Pass(r, order); ip.String() != tt.want {
			t.Errorf("ip-pair=%d %s: %v, want %s", tt.pair, tt.order, ip, tt.want)
		}
	}
}

// TestPairIPMetric: ip_earned.pair is listed only when ip-pair pays, so
// that the figures of the rules as written keep their metrics; when it
// pays, it counts ip-pair for every pair the game removed but the jokers'.
func TestPairIPMetric(t *testing.T) {
	names := func(ms []games.Metric) map[string]int {
		m := map[string]int{}
		for i, x := range ms {
			m[x.Name] = i
		}
		return m
	}
	if _, ok := names(nora.New(nora.DefaultRules()).Metrics())["ip_earned.pair"]; ok {
		t.Error("ip_earned.pair listed under the rules as written")
	}
	r, err := nora.ParseRules([]string{"ip-pair=2", "rounds=3"})
	if err != nil {
		t.Fatal(err)
	}
	for rules, g := range map[string]*nora.Game{"as written": nora.New(nora.DefaultRules()), "ip-pair=2": nora.New(r)} {
		listed := names(g.Metrics())
		for _, b := range g.Capabilities().Balances {
			for _, name := range append(slices.Clone(b.In), b.Out...) {
				if _, ok := listed[name]; !ok {
					t.Errorf("rules %s: the balance names %s, which the game does not list", rules, name)
				}
			}
		}
	}
	g := nora.New(r)
	at, ok := names(g.Metrics())["ip_earned.pair"]
	if !ok {
		t.Fatal("ip_earned.pair not listed under ip-pair=2")
	}
	s := g.NewState()
	s.Record(true)
	for seed := range uint64(20) {
		s.Reset(seed)
		for s.Turn() != games.Terminal {
			s.Apply(s.Legal(nil)[0])
		}
		pairs := 0
		for _, e := range s.Events() {
			if p, ok := e.(*nora.PassEvent); ok {
				for _, st := range p.Steps {
					for i := 0; i < len(st.Cards); i += 2 {
						if !st.Cards[i].IsJoker() {
							pairs++
						}
					}
				}
			}
		}
		if got := s.Metrics(nil)[at]; got != int64(2*pairs) {
			t.Fatalf("seed %d: ip_earned.pair %d, want 2 × %d plain pairs removed", seed, got, pairs)
		}
	}
}
