package roundup

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/games/cards"
)

// lastPlay returns a 4-player position in which seat 0 closes spades, the
// last open stack, by playing 10S; the seats' bids are the given cards.
func lastPlay(t *testing.T, rules []string, bids [4]string, seat0Down string) *State {
	t.Helper()
	s := position(t, append([]string{"players=4"}, rules...), [4]uint8{10, 10, 10, 9}, 0,
		seatSpec{up: "10S", down: seat0Down}, seatSpec{down: "QC"}, seatSpec{down: "QD"}, seatSpec{down: "QH"})
	for k, b := range bids {
		s.p[k].bid = card(t, b)
	}
	return s
}

// TestRoundScoring: the last suit scores 3, 2, 1 or 0 to each backer as one
// to four players backed it; the first player out scores 1, including one
// who empties the hand with the closing play. Under other points (rules
// last-suit, last-suit-2, -3, -4 and first-out) the same rounds score those.
func TestRoundScoring(t *testing.T) {
	other := []string{"last-suit=5", "last-suit-2=4", "last-suit-3=2", "last-suit-4=1", "first-out=3"}
	tests := []struct {
		rules    []string
		bids     [4]string
		down     string // seat 0's face-down hand besides the 10S it plays
		firstOut int    // set before the closing play
		want     [4]int
	}{
		{nil, [4]string{"2S", "3C", "4D", "5H"}, "JC", -1, [4]int{3, 0, 0, 0}},
		{nil, [4]string{"2S", "3S", "4D", "5H"}, "JC", -1, [4]int{2, 2, 0, 0}},
		{nil, [4]string{"2S", "3S", "4S", "5H"}, "JC", -1, [4]int{1, 1, 1, 0}},
		{nil, [4]string{"2S", "3S", "4S", "5S"}, "JC", -1, [4]int{0, 0, 0, 0}},
		{nil, [4]string{"2C", "3C", "4D", "5H"}, "JC", 2, [4]int{0, 0, 1, 0}},
		{nil, [4]string{"2H", "3S", "4D", "5H"}, "JC", 3, [4]int{0, 3, 0, 1}},
		{nil, [4]string{"2S", "3C", "4D", "5H"}, "", -1, [4]int{4, 0, 0, 0}}, // 10S was seat 0's last card
		{other, [4]string{"2S", "3C", "4D", "5H"}, "JC", -1, [4]int{5, 0, 0, 0}},
		{other, [4]string{"2S", "3S", "4D", "5H"}, "JC", -1, [4]int{4, 4, 0, 0}},
		{other, [4]string{"2S", "3S", "4S", "5H"}, "JC", -1, [4]int{2, 2, 2, 0}},
		{other, [4]string{"2S", "3S", "4S", "5S"}, "JC", -1, [4]int{1, 1, 1, 1}},
		{other, [4]string{"2C", "3C", "4D", "5H"}, "JC", 2, [4]int{0, 0, 3, 0}},
		{other, [4]string{"2S", "3C", "4D", "5H"}, "", -1, [4]int{8, 0, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.rules, tt.bids, tt.firstOut, tt.down), func(t *testing.T) {
			s := lastPlay(t, tt.rules, tt.bids, tt.down)
			s.firstOut = tt.firstOut
			do(t, s, "play 10S")
			if got := [4]int(s.score[:4]); got != tt.want {
				t.Errorf("scores %v, want %v", got, tt.want)
			}
			if s.round != 2 || s.phase != PhaseBid {
				t.Errorf("round %d phase %s after scoring; want round 2 dealt, bidding", s.round, s.phase)
			}
			if s.metrics[mLastSuit+int(cards.Spades)] != 1 {
				t.Errorf("last_suit.spades = %d, want 1", s.metrics[mLastSuit+int(cards.Spades)])
			}
			total := 0
			for _, v := range tt.want {
				total += v
			}
			if got := s.metrics[mPointsSuit] + s.metrics[mPointsOut]; got != int64(total) {
				t.Errorf("points.last_suit + points.first_out = %d, want the round's %d", got, total)
			}
		})
	}
}

// TestGameEnd: the game ends after the round in which someone reaches the
// goal; a single leader wins; tied leaders play on (extra-round) or draw
// (shared); max-rounds ends the game whatever the scores.
func TestGameEnd(t *testing.T) {
	tests := []struct {
		rules  []string
		bids   [4]string
		before [4]int
		over   bool
		want   [4]games.Result
		metric int // index of a metric that must be 1, or -1
	}{
		{nil, [4]string{"2S", "3C", "4D", "5H"}, [4]int{7, 9, 9, 0}, true, [4]games.Result{games.Win, games.Loss, games.Loss, games.Loss}, -1},
		{nil, [4]string{"2S", "3C", "4D", "5H"}, [4]int{5, 9, 9, 0}, false, [4]games.Result{}, -1},
		{nil, [4]string{"2S", "3S", "4D", "5H"}, [4]int{8, 8, 9, 0}, false, [4]games.Result{}, mExtraRounds},
		{[]string{"tie=shared"}, [4]string{"2S", "3S", "4D", "5H"}, [4]int{8, 8, 9, 0}, true, [4]games.Result{games.Draw, games.Draw, games.Loss, games.Loss}, mDrawn},
		{[]string{"max-rounds=1"}, [4]string{"2S", "3C", "4D", "5H"}, [4]int{0, 0, 0, 0}, true, [4]games.Result{games.Win, games.Loss, games.Loss, games.Loss}, mCapped},
		{[]string{"goal=3"}, [4]string{"2S", "3C", "4D", "5H"}, [4]int{0, 0, 0, 0}, true, [4]games.Result{games.Win, games.Loss, games.Loss, games.Loss}, -1},
	}
	for i, tt := range tests {
		t.Run(fmt.Sprint(i, tt.rules), func(t *testing.T) {
			s := lastPlay(t, tt.rules, tt.bids, "JC")
			copy(s.score[:], tt.before[:])
			do(t, s, "play 10S")
			if over := s.Turn() == games.Terminal; over != tt.over {
				t.Fatalf("over = %v, want %v (scores %v)", over, tt.over, s.score[:4])
			}
			if tt.over {
				for k := range 4 {
					if o := s.Outcome(k); o.Result != tt.want[k] || o.Score != s.score[k] {
						t.Errorf("seat %d: %+v, want %v with score %d", k, o, tt.want[k], s.score[k])
					}
				}
			}
			if tt.metric >= 0 && s.metrics[tt.metric] != 1 {
				t.Errorf("metric %s = %d, want 1", s.g.Metrics()[tt.metric].Name, s.metrics[tt.metric])
			}
		})
	}
}

// fourHands returns a 4-player deal: seat 0 gets the cards of a, seat 1 of
// b, seat 2 of c, and seat 3 the rest of the deck. Bids are marked with "*"
// in the arguments.
func fourHands(t *testing.T, a, b, c string) string {
	t.Helper()
	var used Hand
	for _, h := range []string{a, b, c} {
		used |= hand(t, strings.ReplaceAll(h, "*", ""))
	}
	var rest []string
	for _, x := range fullDeck {
		if !used.Has(x) {
			rest = append(rest, x.String())
		}
	}
	return a + " | " + b + " | " + c + " | " + strings.Join(rest, " ")
}

// TestFirstPlayer: the lowest bid starts; tied seats move a number card
// face up, hidden until all tied have chosen, and the lowest new card
// starts; a tied seat with no number card left loses the tie.
func TestFirstPlayer(t *testing.T) {
	r := DefaultRules()
	g := New(r)
	s := g.NewState().(*State)
	// Seat 0: clubs A-10 and J-K of clubs; seat 1: diamonds; seat 2: hearts;
	// seat 3 the rest (spades).
	c := "*3C AC 2C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
	d := "*5D AD 2D 3D 4D 6D 7D 8D 9D 10D JD QD KD"
	h := "*7H AH 2H 3H 4H 5H 6H 8H 9H 10H JH QH KH"
	deal := strings.Replace(fourHands(t, c, d, h), "9S", "*9S", 1)
	if err := s.Deal(deal, 1); err != nil {
		t.Fatal(err)
	}
	if s.phase != PhasePlay || s.Turn() != 0 {
		t.Fatalf("bids 3C 5D 7H 9S: seat %d in %s, want seat 0 to play", s.Turn(), s.phase)
	}

	// Bids 3C and 3D tie: seats 0 and 1 each move a card face up.
	d = "*3D AD 2D 4D 5D 6D 7D 8D 9D 10D JD QD KD"
	deal = strings.Replace(fourHands(t, c, d, h), "9S", "*9S", 1)
	if err := s.Deal(deal, 1); err != nil {
		t.Fatal(err)
	}
	if s.phase != PhaseTieBreak || s.Turn() != 0 {
		t.Fatalf("bids 3C 3D: seat %d in %s, want seat 0 to break the tie", s.Turn(), s.phase)
	}
	do(t, s, "move 4C face up")
	if v := fmt.Sprintf("%+v", s.View(1)); strings.Contains(v, "4C") {
		t.Fatalf("seat 1's view shows 4C before the reveal: %s", v)
	}
	if v := s.View(0).(*View); v.MyPick != card(t, "4C") {
		t.Fatalf("seat 0's view shows its pick as %v, want 4C", v.MyPick)
	}
	if s.Turn() != 1 {
		t.Fatalf("seat %d to act, want seat 1 to choose", s.Turn())
	}
	do(t, s, "move 2D face up")
	if s.phase != PhasePlay || s.Turn() != 1 || !s.p[0].up.Has(card(t, "4C")) || !s.p[1].up.Has(card(t, "2D")) {
		t.Fatalf("after 4C against 2D: seat %d in %s, ups %v %v; want seat 1 to play, both cards face up", s.Turn(), s.phase, s.p[0].up, s.p[1].up)
	}

	// Seat 0 holds only face cards besides its bid 3C: it loses the tie to
	// seat 1 at once.
	faces := "*3C JC QC KC JD QD KD JH QH KH JS QS KS"
	deal = fourHands(t, faces, "*3D AC AD AH AS 2C 2D 2H 2S 4C 4D 4H 4S", "*5H 5C 5D 5S 6C 6D 6H 6S 7C 7D 7H 7S 8H")
	deal = strings.Replace(deal, "8C", "*8C", 1)
	if err := s.Deal(deal, 1); err != nil {
		t.Fatal(err)
	}
	if s.phase != PhasePlay || s.Turn() != 1 {
		t.Fatalf("seat 0 without number cards tied: seat %d in %s, want seat 1 to play", s.Turn(), s.phase)
	}
}

// twoPlayerDeal gives seat 0 clubs and diamonds, seat 1 hearts and spades,
// each with the six face cards of its suits; seat 0 bids 9D, seat 1 8S.
const twoPlayerDeal = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C AD 2D 3D 4D 5D 6D 7D 8D *9D 10D JC QC KC JD QD KD | " +
	"AH 2H 3H 4H 5H 6H 7H 8H 9H 10H AS 2S 3S 4S 5S 6S 7S *8S 9S 10S JH QH KH JS QS KS"

// TestScriptedTwoPlayerGame plays twoPlayerDeal with the lazy policy in
// both seats. Worked by hand: the seats never interact (each holds its own
// two suits, and lazy never attacks). Seat 1 (lower bid) starts. Each seat
// passes to move its lowest card face up and plays it the next turn, so the
// cards below its bid take two turns each; when the card before the bid
// falls, the bid follows on the next turn (lazy stops after one card).
//
// Seat 1: A–7 of hearts and spades in 28 turns; 8S on turn 29; 8H 9H 9S 10H
// 10S two turns each, 10S on its turn 39, the 77th turn of the round.
// Seat 0: A–8 of clubs and diamonds in 32 turns; 9D on turn 33; 9C 10C 10D
// two turns each, 10D on its turn 39, the 78th turn: diamonds close last.
// Seat 0 alone backs diamonds: 3 points. Both still hold six face cards, so
// nobody is out first. 38 penalty passes (19 cards moved up by each seat),
// 40 face-up plays.
func TestScriptedTwoPlayerGame(t *testing.T) {
	r, _ := ParseRules([]string{"players=2"})
	s := New(r).NewState().(*State)
	s.Record(true)
	if err := s.Deal(twoPlayerDeal, 7); err != nil {
		t.Fatal(err)
	}
	var buf []games.Action
	for s.round == 1 {
		buf = lazy(s, buf)
	}
	re := roundEvents(s)
	if len(re) != 1 {
		t.Fatalf("%d round events, want 1", len(re))
	}
	e := re[0]
	if e.Turns != 78 || e.LastSuit != "diamonds" || !slices.Equal(e.Backers, []int{0}) || e.FirstOut != -1 || !slices.Equal(e.Points, []int{3, 0}) {
		t.Errorf("round 1: %v\nwant 78 turns, diamonds last backed by [0], nobody out, points [3 0]", e)
	}
	if s.metrics[mPassPenalty] != 38 || s.metrics[mPlayUp] != 40 || s.metrics[mPlayDown] != 0 || s.metrics[mAttack] != 0 {
		t.Errorf("round 1 metrics: penalty passes %d, face-up plays %d, face-down %d, jack attacks %d; want 38, 40, 0, 0",
			s.metrics[mPassPenalty], s.metrics[mPlayUp], s.metrics[mPlayDown], s.metrics[mAttack])
	}
	// Play on to the end: the totals are the sums of the round points, and
	// the winner alone has the most, at least the goal.
	for s.Turn() != games.Terminal {
		buf = lazy(s, buf)
	}
	var sum [2]int
	for _, e := range roundEvents(s) {
		sum[0] += e.Points[0]
		sum[1] += e.Points[1]
	}
	if sum[0] != s.score[0] || sum[1] != s.score[1] {
		t.Errorf("totals %v, sums of round points %v", s.score[:2], sum)
	}
	w := 0
	if s.score[1] > s.score[0] {
		w = 1
	}
	if s.score[w] < 10 || s.score[w] == s.score[1-w] || s.Outcome(w).Result != games.Win || s.Outcome(1-w).Result != games.Loss {
		t.Errorf("end: scores %v, outcomes %+v %+v", s.score[:2], s.Outcome(0), s.Outcome(1))
	}
}

// TestCountAllied: a round with two players backing hearts, one backing
// clubs alone and one backing spades alone counts two allied bidders and
// two lone ones, with the points each kind scored (hearts closed last:
// 2 each to the allies; clubs' bidder emptied a hand first: 1). A round
// where every bid is on a suit of its own, or every bidder is allied,
// counts nothing: there is nothing to compare.
func TestCountAllied(t *testing.T) {
	s := position(t, []string{"players=4"}, [4]uint8{}, 0, seatSpec{}, seatSpec{}, seatSpec{}, seatSpec{})
	bid := func(bids ...string) {
		for k, b := range bids {
			s.p[k].bid = card(t, b)
		}
	}
	bid("5H", "7H", "3C", "9S")
	s.metrics = [numMetrics]int64{}
	s.countAllied(&[maxPlayers]int{2, 2, 1, 0})
	if got := s.metrics[mMixedAllied : mMixedAllied+4]; got[0] != 2 || got[1] != 4 || got[2] != 2 || got[3] != 1 {
		t.Errorf("allied bidders, points, lone bidders, points = %v, want [2 4 2 1]", got)
	}
	for _, bids := range [][]string{{"5H", "7C", "3D", "9S"}, {"5H", "7H", "3C", "9C"}} {
		bid(bids...)
		s.metrics = [numMetrics]int64{}
		s.countAllied(&[maxPlayers]int{3, 0, 0, 1})
		if got := s.metrics[mMixedAllied : mMixedAllied+4]; got[0]+got[1]+got[2]+got[3] != 0 {
			t.Errorf("bids %v: counted %v", bids, got)
		}
	}
}

// TestPointRules: the bounds of a game's score follow the points a round
// can give one player; rules under which no round scores are refused.
func TestPointRules(t *testing.T) {
	for _, tt := range []struct {
		rules []string
		hi    int
		err   string
	}{
		{nil, 400, ""}, // 3 + 1 a round, 100 rounds
		{[]string{"tie=shared"}, 13, ""},
		{[]string{"last-suit=5", "last-suit-2=4", "first-out=3", "max-rounds=10"}, 80, ""},
		{[]string{"players=2", "last-suit=0", "last-suit-2=6", "max-rounds=10"}, 70, ""}, // both backers of a pair
		{[]string{"players=2", "last-suit=1", "last-suit-3=9", "max-rounds=10"}, 30, ""}, // three backers impossible
		{[]string{"last-suit=0", "last-suit-2=0", "last-suit-3=0", "first-out=0"}, 0, "no round scores a point"},
	} {
		r, err := ParseRules(tt.rules)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: %v, want an error with %q", tt.rules, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if lo, hi := New(r).ScoreBounds(); lo != 0 || hi != tt.hi {
			t.Errorf("%q: ScoreBounds %d, %d; want 0, %d", tt.rules, lo, hi, tt.hi)
		}
	}
}
