package roundup

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cardsim/cardsim/games"
)

// TestRoundOutcome: the round's result follows its points alone: a win for
// the single top scorer, a draw for every seat tied at the top (all at 0
// included), a loss for the rest; the game's totals do not matter.
func TestRoundOutcome(t *testing.T) {
	W, D, L := games.Win, games.Draw, games.Loss
	tests := []struct {
		bids     [4]string
		firstOut int
		before   [4]int // game points before the round
		points   [4]int
		want     [4]games.Result
	}{
		{[4]string{"2S", "3C", "4D", "5H"}, -1, [4]int{}, [4]int{3, 0, 0, 0}, [4]games.Result{W, L, L, L}},
		{[4]string{"2S", "3S", "4D", "5H"}, -1, [4]int{}, [4]int{2, 2, 0, 0}, [4]games.Result{D, D, L, L}},
		{[4]string{"2S", "3S", "4S", "5H"}, 3, [4]int{}, [4]int{1, 1, 1, 1}, [4]games.Result{D, D, D, D}},
		{[4]string{"2S", "3S", "4S", "5S"}, -1, [4]int{}, [4]int{0, 0, 0, 0}, [4]games.Result{D, D, D, D}},
		{[4]string{"2C", "3C", "4D", "5H"}, 2, [4]int{}, [4]int{0, 0, 1, 0}, [4]games.Result{L, L, W, L}},
		{[4]string{"2S", "3S", "4D", "5H"}, 2, [4]int{}, [4]int{2, 2, 1, 0}, [4]games.Result{D, D, L, L}},
		{[4]string{"2H", "3S", "4D", "5H"}, 3, [4]int{9, 0, 0, 0}, [4]int{0, 3, 0, 1}, [4]games.Result{L, W, L, L}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.bids, tt.firstOut), func(t *testing.T) {
			s := lastPlay(t, nil, tt.bids, "JC")
			s.firstOut = tt.firstOut
			copy(s.score[:], tt.before[:])
			do(t, s, "play 10S")
			if s.Rounds() != 1 {
				t.Fatalf("%d rounds finished, want 1", s.Rounds())
			}
			for k := range 4 {
				o := s.RoundOutcome(0, k)
				if o.Score != tt.points[k] || o.Result != tt.want[k] {
					t.Errorf("seat %d: round outcome %+v, want %d points, %v", k, o, tt.points[k], tt.want[k])
				}
			}
		})
	}
}

// TestRoundRecordScripted: the scripted two-player round (see
// TestScriptedTwoPlayerGame) has the features of its deal, 78 turns, and
// 3 points to seat 0 alone: a round won by seat 0.
func TestRoundRecordScripted(t *testing.T) {
	r, _ := ParseRules([]string{"players=2"})
	s := New(r).NewState().(*State)
	if err := s.Deal(twoPlayerDeal, 7); err != nil {
		t.Fatal(err)
	}
	var buf []games.Action
	for s.Rounds() == 0 {
		if s.round != 1 {
			t.Fatal("round 2 started before round 1 was counted")
		}
		buf = lazy(s, buf)
	}
	want := []int64{6, 2, 2, 2, 2, 10, 26}
	for seat := range 2 {
		if got := s.RoundFeatures(0, seat, nil); !slices.Equal(got, want) {
			t.Errorf("round 0, seat %d: features %v, want %v", seat, got, want)
		}
	}
	if s.RoundTurns(0) != 78 || s.RoundOutcome(0, 0) != (games.Outcome{Score: 3, Result: games.Win}) ||
		s.RoundOutcome(0, 1) != (games.Outcome{Score: 0, Result: games.Loss}) {
		t.Errorf("round 0: %d turns, outcomes %+v %+v; want 78, 3 points won, 0 lost",
			s.RoundTurns(0), s.RoundOutcome(0, 0), s.RoundOutcome(0, 1))
	}
}

// TestRoundRecords plays random games at every player count and checks the
// round records against the game: every round's deal hands out 52 cards,
// 12 face cards and 4 of each face rank and of aces; the first round's
// features are the game's deal features; the rounds' points add up to each
// seat's score and their turns to the game's; each round has one winner
// and losers, or tied top scorers who draw and losers.
func TestRoundRecords(t *testing.T) {
	for players := 2; players <= 6; players++ {
		r, _ := ParseRules([]string{fmt.Sprintf("players=%d", players)})
		s := New(r).NewState().(*State)
		var buf []games.Action
		var f []int64
		for seed := range uint64(6) {
			s.Reset(seed)
			for step := 0; s.Turn() != games.Terminal; step++ {
				buf = s.Legal(buf)
				s.Apply(buf[(int(seed)+7*step)%len(buf)])
			}
			m := s.Metrics(nil)
			if int64(s.Rounds()) != m[mRounds] {
				t.Fatalf("%d players, seed %d: Rounds %d, metric rounds %d", players, seed, s.Rounds(), m[mRounds])
			}
			var score [maxPlayers]int
			turns, shortest, longest := 0, 1<<30, 0
			for rd := range s.Rounds() {
				var sum [numFeatures]int64
				var wins, draws int
				for k := range players {
					f = s.RoundFeatures(rd, k, f)
					for i, v := range f {
						sum[i] += v
					}
					o := s.RoundOutcome(rd, k)
					score[k] += o.Score
					switch o.Result {
					case games.Win:
						wins++
					case games.Draw:
						draws++
					}
				}
				if want := [numFeatures]int64{12, 4, 4, 4, 4, sum[fLongest], 52}; sum != want {
					t.Errorf("%d players, seed %d, round %d: features add up to %v, want %v", players, seed, rd, sum, want)
				}
				if !(wins == 1 && draws == 0 || wins == 0 && draws >= 2) {
					t.Errorf("%d players, seed %d, round %d: %d wins and %d draws", players, seed, rd, wins, draws)
				}
				n := s.RoundTurns(rd)
				turns += n
				shortest, longest = min(shortest, n), max(longest, n)
			}
			for k := range players {
				if score[k] != s.Outcome(k).Score {
					t.Errorf("%d players, seed %d, seat %d: round points add up to %d, game score %d", players, seed, k, score[k], s.Outcome(k).Score)
				}
				if got, want := s.SeatFeatures(k, nil), s.RoundFeatures(0, k, nil); !slices.Equal(got, want) {
					t.Errorf("%d players, seed %d, seat %d: deal features %v, round 0's %v", players, seed, k, got, want)
				}
			}
			if int64(turns) != m[mTurns] || int64(shortest) != m[mMinRoundTurns] || int64(longest) != m[mMaxRoundTurns] ||
				int64(s.RoundTurns(0)) != m[mFirstRoundTurns] {
				t.Errorf("%d players, seed %d: rounds' turns add to %d (shortest %d, longest %d, first %d); metrics %d, %d, %d, %d",
					players, seed, turns, shortest, longest, s.RoundTurns(0), m[mTurns], m[mMinRoundTurns], m[mMaxRoundTurns], m[mFirstRoundTurns])
			}
		}
	}
}

// TestRoundRecordsClone: a copy's rounds are its own. A clone re-dealt by
// Determinize and a sampled state, both with other futures, play a third
// round after the original has played its own; the original's records stay
// as they were.
func TestRoundRecordsClone(t *testing.T) {
	s := New(DefaultRules()).NewState().(*State)
	s.Reset(3)
	var buf []games.Action
	for s.Rounds() < 2 {
		buf = lazy(s, buf)
	}
	c := s.Clone().(*State)
	c.Determinize(0, 99)
	d := s.View(0).(*View).SampleState(nil, 9).(*State)
	for s.Rounds() < 3 {
		buf = lazy(s, buf)
	}
	want := slices.Clone(s.history)
	for _, x := range []*State{c, d} {
		for x.Rounds() < 3 {
			buf = lazy(x, buf)
		}
		if x.history[2] == want[2] {
			t.Fatal("a copy with another future dealt the original's third round")
		}
	}
	if !slices.Equal(s.history, want) {
		t.Error("playing a copy changed the original's round records")
	}
}

// TestRoundRecordsAllocate: once warm, a whole game allocates nothing.
func TestRoundRecordsAllocate(t *testing.T) {
	s := New(DefaultRules()).NewState().(*State)
	var buf []games.Action
	play := func(seed uint64) {
		s.Reset(seed)
		for s.Turn() != games.Terminal {
			buf = lazy(s, buf)
		}
	}
	for seed := range uint64(20) {
		play(seed)
	}
	if n := testing.AllocsPerRun(20, func() { play(5) }); n != 0 {
		t.Errorf("%v allocations per game", n)
	}
}
