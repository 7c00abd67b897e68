package nora

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
	"github.com/cardsim/cardsim/games/gamestest"
)

func TestConformance(t *testing.T) {
	for _, rules := range [][]string{nil, {"removal=left-to-right"}, {"jokers=0", "ranks=5", "rounds=3"}, {"insure=0", "switch=0", "revive=0", "rounds=2"}} {
		g, err := Definition().New(rules)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(strings.Join(rules, ","), func(t *testing.T) {
			gamestest.Conformance(t, g, gamestest.Config{Games: 100})
		})
	}
}

// deadDeal is a full deck in which no two neighbours share a rank.
const deadDeal = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC JK " +
	"AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD JK " +
	"AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH " +
	"AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"

func newTestState(t *testing.T, rules ...string) *State {
	t.Helper()
	r, err := ParseRules(rules)
	if err != nil {
		t.Fatal(err)
	}
	s := New(r).NewState().(*State)
	s.Record(true)
	return s
}

func lastPass(t *testing.T, s *State) *PassEvent {
	t.Helper()
	ev := s.Events()
	for i := len(ev) - 1; i >= 0; i-- {
		if p, ok := ev[i].(*PassEvent); ok {
			return p
		}
	}
	t.Fatal("no pass logged")
	return nil
}

// TestDeadDeckConsolation: a dead first shuffle ends the round with 0 and
// earns the full-deck consolation (4 ip), which the next round can spend.
func TestDeadDeckConsolation(t *testing.T) {
	s := newTestState(t)
	if err := s.Deal(deadDeal, 1); err != nil {
		t.Fatal(err)
	}
	if p := lastPass(t, s); !p.Dead || p.Removed != 0 {
		t.Fatalf("pass %+v, want dead", p)
	}
	if s.round != 2 || s.ip != 4 || s.score != 0 {
		t.Fatalf("after the dead round: round %d, ip %d, score %d; want round 2, ip 4, score 0", s.round, s.ip, s.score)
	}
	if got := s.metrics[mEarned+int(DeadDeck)]; got != 4 {
		t.Errorf("ip_earned.dead_deck = %d, want 4", got)
	}
	if s.phase != PhaseInsure || !equalActions(s.Legal(nil), []games.Action{Skip, Insure}) {
		t.Errorf("round 2 with 4 ip: phase %v, legal %v; want the INSURE choice", s.phase, s.Legal(nil))
	}
}

func equalActions(a, b []games.Action) bool { return slices.Equal(a, b) }

// TestHandWorkedDeal: the deal opens with 5S 5H 9D 9C (a chain, 1 ip) and is
// otherwise dead; stopping scores the 4 cards removed.
func TestHandWorkedDeal(t *testing.T) {
	deal := "5S 5H 9D 9C " + strings.NewReplacer("5S ", "", "5H ", "", "9D ", "", "9C ", "").Replace(deadDeal+" ")
	s := newTestState(t)
	if err := s.Deal(deal, 1); err != nil {
		t.Fatal(err)
	}
	// 0 ip: no INSURE and no SWITCH are offered, but the player may take the
	// waiting pairs step by step (ip earned in a pass pay for a switch later
	// in it): the fives, the nines, or both as one block.
	want := []games.Action{Proceed, RemoveAt(0, 1), RemoveAt(2, 1), RemoveAt(0, 2)}
	if s.phase != PhaseSwitch || !equalActions(s.Legal(nil), want) {
		t.Fatalf("phase %v, legal %v; want switch with %v", s.phase, s.Legal(nil), want)
	}
	s.Apply(Proceed)
	if s.phase != PhaseStop {
		t.Fatalf("phase %v, want stop", s.phase)
	}
	pe := lastPass(t, s)
	if pe.Removed != 4 || pe.IP != (Earned{Chain: 1}) || pe.Dead {
		t.Fatalf("pass removed %d with ip %v; want 4 with chain 1", pe.Removed, pe.IP)
	}
	s.Apply(Stop)
	if s.round != 2 || s.score != 4 || s.ip != 1 {
		t.Fatalf("after stopping: round %d, score %d, ip %d; want round 2, score 4, ip 1", s.round, s.score, s.ip)
	}
}

// TestInsureSwitchRevive walks the ip spending actions on a dead deal with
// enough ip to afford each.
func TestInsureSwitchRevive(t *testing.T) {
	// Insured dead pass: the deck stays live, nothing removed, 1 ip spent.
	s := newTestState(t, "start-ip=10")
	if err := s.Deal(deadDeal, 1); err != nil {
		t.Fatal(err)
	}
	s.Apply(Insure)
	if s.phase != PhaseSwitch {
		t.Fatalf("phase %v after insuring with 9 ip, want switch", s.phase)
	}
	s.Apply(Proceed)
	if s.phase != PhaseStop || s.ip != 9 {
		t.Fatalf("insured dead pass: phase %v, ip %d; want stop with 9 ip", s.phase, s.ip)
	}
	// Stopping with nothing removed scores 0 and earns no consolation.
	s.Apply(Stop)
	if s.score != 0 || s.ip != 9 || s.metrics[mEarned+int(DeadDeck)] != 0 {
		t.Fatalf("stopped empty: score %d, ip %d, dead-deck ip %d; want 0, 9, 0", s.score, s.ip, s.metrics[mEarned+int(DeadDeck)])
	}

	// Uninsured and dead, with the price of REVIVE in hand: revive.
	s = newTestState(t, "start-ip=6")
	if err := s.Deal(deadDeal, 1); err != nil {
		t.Fatal(err)
	}
	s.Apply(Skip)
	s.Apply(Proceed)
	if s.phase != PhaseRevive {
		t.Fatalf("dead uninsured pass with 6 ip: phase %v, want revive", s.phase)
	}
	s.Apply(Revive)
	if s.phase != PhaseStop || s.ip != 2 || s.metrics[mSpentRevive] != 4 {
		t.Fatalf("after REVIVE: phase %v, ip %d, spent %d; want stop, 2, 4", s.phase, s.ip, s.metrics[mSpentRevive])
	}

	// A switch that creates a pair: AC 2C AD … → swap 2C and AD: AC AD 2C.
	deal := "AC 2C AD 3C " + strings.NewReplacer("AC ", "", "2C ", "", "AD ", "", "3C ", "").Replace(deadDeal+" ")
	s = newTestState(t, "start-ip=2")
	if err := s.Deal(deal, 1); err != nil {
		t.Fatal(err)
	}
	s.Apply(Skip)
	if s.phase != PhaseSwitch {
		t.Fatalf("phase %v with 2 ip, want switch", s.phase)
	}
	s.Apply(SwitchAt(1))
	// The aces now wait; with no ip left only the removal remains.
	if want := []games.Action{Proceed, RemoveAt(0, 1)}; s.phase != PhaseSwitch || !equalActions(s.Legal(nil), want) {
		t.Fatalf("after the switch: phase %v, legal %v; want switch with %v", s.phase, s.Legal(nil), want)
	}
	s.Apply(Proceed)
	pe := lastPass(t, s)
	if pe.Removed != 2 || pe.IP.Total() != 0 || len(pe.Switches) != 1 || s.ip != 0 {
		t.Fatalf("switched pass: removed %d, ip %v, switches %v, holding %d; want 2 removed, no ip (a switch is no reaction), 1 switch, 0 held",
			pe.Removed, pe.IP, pe.Switches, s.ip)
	}
}

func TestDealErrors(t *testing.T) {
	s := newTestState(t)
	for _, deal := range []string{
		"",
		"AS AH",
		strings.Replace(deadDeal, "KS", "QS", 1), // QS twice, KS missing
		strings.Replace(deadDeal, "KS", "ZZ", 1),
		deadDeal + " JK",
	} {
		if err := s.Deal(deal, 1); err == nil {
			t.Errorf("Deal(%.30q…) accepted", deal)
		}
	}
}

// playFirstPassOnly plays games in which every round stops after its first
// shuffle (never insuring), and returns the mean score per round and the
// share of rounds that ended dead.
func playFirstPassOnly(t *testing.T, g *Game, n int) (mean, dead float64, rounds int) {
	s := g.NewState().(*State)
	var sum, deadRounds int64
	for i := range n {
		s.Reset(uint64(i) * 7919)
		for s.Turn() != games.Terminal {
			switch s.phase {
			case PhaseInsure:
				s.Apply(Skip)
			case PhaseSwitch:
				s.Apply(Proceed)
			case PhaseRevive:
				s.Apply(Accept)
			case PhaseStop:
				s.Apply(Stop)
			}
		}
		sum += int64(s.score)
		deadRounds += s.metrics[mRoundsDead]
	}
	rounds = n * g.rules.Rounds
	return float64(sum) / float64(rounds), float64(deadRounds) / float64(rounds), rounds
}

// TestSmallDeckOracle enumerates every order of a 10-card deck (two ranks
// and the jokers), removing pairs by a naive rule written here, and checks
// the engine's chance of a dead pass and mean cards removed against it.
func TestSmallDeckOracle(t *testing.T) {
	var all, dead int
	var removed, removedSq float64
	permutations([]int{4, 4, 2}, func(seq []int) {
		all++
		w := append([]int(nil), seq...)
		for again := true; again; {
			again = false
			for i := 0; i+1 < len(w); i++ {
				if w[i] == w[i+1] {
					w = append(w[:i], w[i+2:]...)
					again = true
					break
				}
			}
		}
		r := float64(len(seq) - len(w))
		if r == 0 {
			dead++
		}
		removed += r
		removedSq += r * r
	})
	pDead := float64(dead) / float64(all)
	mean := removed / float64(all)
	sd := math.Sqrt(removedSq/float64(all) - mean*mean)

	r, _ := ParseRules([]string{"ranks=2", "rounds=1"})
	gotMean, gotDead, n := playFirstPassOnly(t, New(r), 40000)
	seMean := sd / math.Sqrt(float64(n))
	seDead := math.Sqrt(pDead * (1 - pDead) / float64(n))
	if math.Abs(gotMean-mean) > 4*seMean {
		t.Errorf("mean removed by a pass: engine %.4f, enumeration %.4f (4 SE = %.4f)", gotMean, mean, 4*seMean)
	}
	if math.Abs(gotDead-pDead) > 4*seDead {
		t.Errorf("P(dead pass): engine %.4f, enumeration %.4f (4 SE = %.4f)", gotDead, pDead, 4*seDead)
	}
}

// TestFirstPassDeadFullDeck checks the share of rounds whose first shuffle
// of 54 cards is dead against the exact count of arrangements.
func TestFirstPassDeadFullDeck(t *testing.T) {
	want := DeadChance(13, 0, true)
	_, got, n := playFirstPassOnly(t, New(DefaultRules()), 20000)
	se := math.Sqrt(want * (1 - want) / float64(n))
	if math.Abs(got-want) > 4*se {
		t.Errorf("P(first shuffle dead): engine %.5f over %d rounds, exact %.5f (4 SE = %.5f)", got, n, want, 4*se)
	}
}

func TestCanonicalShuffleCommon(t *testing.T) {
	// Two states holding the same cards in different orders at the same
	// round and pass see the same shuffle.
	a, b := newTestState(t), newTestState(t)
	a.Reset(5)
	b.Reset(5)
	for i, j := 0, len(b.deck)-1; i < j; i, j = i+1, j-1 {
		b.deck[i], b.deck[j] = b.deck[j], b.deck[i]
	}
	a.pass, b.pass = 3, 3
	a.startPass()
	b.startPass()
	if cards.Format(a.deck) != cards.Format(b.deck) {
		t.Errorf("same cards, same round and pass, different shuffles:\n%v\n%v", a.deck, b.deck)
	}
}

// FuzzDeal: any text either is rejected with an error or deals exactly the
// deck, and the game then plays to the end with every action's invariants.
func FuzzDeal(f *testing.F) {
	f.Add(deadDeal, uint64(1))
	f.Add("AS AH", uint64(2))
	f.Add(strings.Replace(deadDeal, "KS", "QS", 1), uint64(3))
	f.Add("5S 5H 9D 9C "+strings.NewReplacer("5S ", "", "5H ", "", "9D ", "", "9C ", "").Replace(deadDeal+" "), uint64(4))
	g := New(DefaultRules())
	f.Fuzz(func(t *testing.T, deal string, seed uint64) {
		s := g.NewState().(*State)
		if err := s.Deal(deal, seed); err != nil {
			return
		}
		var legal []games.Action
		for step := 0; s.Turn() != games.Terminal; step++ {
			if step > 100000 {
				t.Fatal("no end")
			}
			if ok, diff := cards.SameCards(s.Cards(nil), g.deck); !ok {
				t.Fatalf("cards not conserved: %s", diff)
			}
			legal = s.Legal(legal)
			s.Apply(legal[int(seed>>uint(step%64))%len(legal)])
		}
		if o := s.Outcome(0); o.Score < 0 || o.Score > 540 {
			t.Fatalf("score %d", o.Score)
		}
	})
}

// FuzzPlay plays whole games from fuzzed seeds and choices, checking the
// invariants after every action (see gamestest.Fuzz). A game has at most
// rounds × (27 live passes + the passes ip can insure) decisions of a few
// actions each; 100000 is far above anything reachable.
func FuzzPlay(f *testing.F) { gamestest.Fuzz(f, New(DefaultRules()), 100000) }

// TestDealRules checks that the rules marked as changing the deal are
// exactly those whose values deal other cards, and plays random games
// under every sampled value of each of them with every conformance check.
func TestDealRules(t *testing.T) {
	if err := gamestest.CheckDealMarks(Definition(), 64); err != nil {
		t.Error(err)
	}
	gamestest.DealConformance(t, Definition(), gamestest.Config{Games: 20})
}
