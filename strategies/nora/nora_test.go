package nora

import (
	"context"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/strategies"
)

func TestRescueSwitch(t *testing.T) {
	tests := []struct {
		order string
		pos   int
		ok    bool
	}{
		{"AC 2C AD 3C", 0, true},  // 2C AC AD 3C
		{"2C AC 3C AD", 1, true},  // 2C 3C AC AD
		{"AC 2C 3C AD", 0, false}, // no single swap brings two aces together
		{"AC 2C 3C 2D", 1, true},  // AC 3C 2C 2D
		{"AC", 0, false},
	}
	for _, tt := range tests {
		d, err := cards.ParseDeck(tt.order)
		if err != nil {
			t.Fatal(err)
		}
		pos, ok := rescueSwitch(d)
		if ok != tt.ok || (ok && pos != tt.pos) {
			t.Errorf("rescueSwitch(%s) = %d, %v; want %d, %v", tt.order, pos, ok, tt.pos, tt.ok)
		}
	}
}

func TestStopAtChoices(t *testing.T) {
	r := nora.DefaultRules()
	s := &StopAt{Cards: 10}
	tests := []struct {
		v    nora.View
		want games.Action
	}{
		{nora.View{Rules: &r, Phase: nora.PhaseStop, Left: 10}, nora.Stop},
		{nora.View{Rules: &r, Phase: nora.PhaseStop, Left: 12}, nora.Continue},
		{nora.View{Rules: &r, Phase: nora.PhaseInsure, IP: 5}, nora.Skip},
		{nora.View{Rules: &r, Phase: nora.PhaseRevive, IP: 5}, nora.Accept},
		{nora.View{Rules: &r, Phase: nora.PhaseSwitch, IP: 5}, nora.Proceed},
	}
	for _, tt := range tests {
		if got := s.Choose(&tt.v, nil); got != tt.want {
			t.Errorf("phase %v, %d left: %s, want %s", tt.v.Phase, tt.v.Left, nora.ActionName(got), nora.ActionName(tt.want))
		}
	}
}

// TestCautiousStops: with two ranks of two left (a third of shuffles dead)
// and no ip, cautious stops; with ip for insurance it goes on.
func TestCautiousStops(t *testing.T) {
	r := nora.DefaultRules()
	v := nora.View{Rules: &r, Phase: nora.PhaseStop, Left: 4}
	v.Counts[cards.Ace], v.Counts[cards.King] = 2, 2
	c := &Cautious{Stop: 0.3, Insure: 0.2}
	if got := c.Choose(&v, nil); got != nora.Stop {
		t.Errorf("no ip: %s, want stop", nora.ActionName(got))
	}
	v.IP = 1
	if got := c.Choose(&v, nil); got != nora.Continue {
		t.Errorf("1 ip: %s, want continue (and insure)", nora.ActionName(got))
	}
	v.Phase = nora.PhaseInsure
	if got := c.Choose(&v, nil); got != nora.Insure {
		t.Errorf("insure phase: %s, want insure", nora.ActionName(got))
	}
}

// TestBotsSpendAsDocumented plays games and checks each bot's spending
// against its description, and that spending pays: the bots that use ip
// score more than the baseline on the same deals.
func TestBotsSpendAsDocumented(t *testing.T) {
	g, _ := nora.Definition().New(nil)
	r := new(strategies.Registry)
	Register(r, Setup{})
	means := map[string]float64{}
	for _, name := range []string{"stop-at", "cautious", "rescuer"} {
		def, err := r.Lookup(g, name)
		if err != nil {
			t.Fatal(err)
		}
		cfg := sim.Config{Game: g, Lineup: []sim.Player{{Strategy: def}}, Seed: 5, Games: 2000}
		tally, err := sim.Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		s := sim.Summarize(&cfg, tally, 0.95)
		means[name] = s.Lead().Score.Mean
		spent := func(a string) int64 { return s.Lead().Metrics["ip_spent."+a].Total }
		switch name {
		case "stop-at":
			if spent("insure")+spent("switch")+spent("revive") != 0 {
				t.Errorf("stop-at spent ip: %d %d %d", spent("insure"), spent("switch"), spent("revive"))
			}
		case "cautious":
			if spent("switch")+spent("revive") != 0 || spent("insure") == 0 {
				t.Errorf("cautious: insure %d switch %d revive %d; want only insurance", spent("insure"), spent("switch"), spent("revive"))
			}
		case "rescuer":
			if spent("switch") == 0 || spent("revive") == 0 {
				t.Errorf("rescuer never switched or revived: %d %d", spent("switch"), spent("revive"))
			}
		}
	}
	if !(means["cautious"] > means["stop-at"] && means["rescuer"] > means["stop-at"]) {
		t.Errorf("mean scores %v: spending ip did not beat the baseline", means)
	}
}
