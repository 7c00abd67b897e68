package roundup

import (
	"math"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/reports"
	"github.com/cardsim/cardsim/sim"
	"github.com/cardsim/cardsim/stat"
)

// rate returns a win rate of count in games with the interval lo to hi.
func rate(count, games int64, lo, hi float64) sim.RateSummary {
	return sim.RateSummary{Rate: float64(count) / float64(games), CILow: lo, CIHigh: hi, Count: count, Games: games}
}

// answers returns every sentence of studies.
func answers(sts ...reports.Study) string {
	var all []string
	for _, st := range sts {
		all = append(all, st.Answer...)
	}
	return strings.Join(all, "\n")
}

// TestMostFaceCardsAgainstFairShare: the seats dealt the most face cards
// are read against the fair share for the player count (1/players, or the
// games not drawn shared out when games can be drawn), never against one
// half. Synthetic figures: 900 seats dealt 2 face cards, 100 dealt 8,
// whose win rate and interval the sentence quotes (the top value alone is
// at least 1% of the seats, so it is the group read).
func TestMostFaceCardsAgainstFairShare(t *testing.T) {
	for _, tt := range []struct {
		name      string
		players   int
		drawn     float64
		top       sim.RateSummary
		want, not string
	}{
		// 40% of 4 players' games, 31% to 49%: more than a fair 25%,
		// though not half; the old verdict read it against 50%.
		{"more at 4", 4, 0, rate(40, 100, 0.31, 0.49),
			"Seats dealt 8 or more face cards in the first round (100 seat-games) win 40.0% of their games (31.0% to 49.0%) against a fair share of 25.0% (one game in 4): more often than their fair share, though not most of the time.", "do not win most of the time"},
		{"less at 4", 4, 0, rate(10, 100, 0.05, 0.15),
			"win 10.0% of their games (5.0% to 15.0%) against a fair share of 25.0% (one game in 4): less often than their fair share.", "most of the time"},
		// 55% at 2 players, 45% to 65%: the fair share is one half.
		{"even at 2", 2, 0, rate(55, 100, 0.45, 0.65),
			"win 55.0% of their games (45.0% to 65.0%) against a fair share of 50.0% (one game in 2): not distinguishable from their fair share at this number of deals.", "most of the time"},
		// 62% at 2 players, 55% to 69%: above one half, the fair share.
		{"more at 2", 2, 0, rate(62, 100, 0.55, 0.69),
			"win 62.0% of their games (55.0% to 69.0%) against a fair share of 50.0% (one game in 2): more often than their fair share, and most of the time.", "not most"},
		// A fifth of the games drawn: each of 4 seats' fair share is
		// (1 − 0.2)/4 = 20%, which 21% to 27% lies above (and 25% does not).
		{"draws", 4, 0.2, rate(24, 100, 0.21, 0.27),
			"win 24.0% of their games (21.0% to 27.0%) against a fair share of 20.0% (the 80.0% of games not drawn, shared among 4 players): more often than their fair share, though not most of the time.", "25.0%"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fig := &roundupFigures{players: tt.players, mix: "greedy", summary: sim.Summary{
				Balance: &sim.BalanceSummary{DrawRate: tt.drawn},
				Features: []sim.FeatureSummary{{Name: "face_cards", Values: []sim.FeatureValue{
					{Value: 2, Games: 900, Win: rate(180, 900, 0.17, 0.23)},
					{Value: 8, Games: 100, Win: tt.top},
				}}},
			}}
			sts, err := faceCardStudies("greedy", []*roundupFigures{fig}, 0.95)
			if err != nil {
				t.Fatal(err)
			}
			got := sts[0].Answer[0]
			if !strings.Contains(got, tt.want) {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			if strings.Contains(got, tt.not) {
				t.Errorf("%s\nsays %q", got, tt.not)
			}
		})
	}
}

// TestStartingSeatWithDraws: the starting seat's edge is read against the
// fair share sim measured it from, the games not drawn shared out: with a
// fifth of 4 players' games drawn a seat's fair share is 20%, and a
// starting seat winning 26% has an edge of 6 points, not 1.
func TestStartingSeatWithDraws(t *testing.T) {
	fig := &roundupFigures{players: 4, mix: "greedy", summary: sim.Summary{
		Entries:     []sim.EntrySummary{{}},
		Balance:     &sim.BalanceSummary{DrawRate: 0.2},
		FirstPlayer: &sim.EdgeSummary{WinRate: rate(260, 1000, 0.233, 0.289), FairShare: 0.2, Edge: 0.06, CILow: 0.03, CIHigh: 0.09},
	}}
	st, err := seatStudy([]string{"greedy"}, map[string][]*roundupFigures{"greedy": {fig}}, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	want := "With 4 players (greedy), the seat that starts wins 26.0% of 1000 games (23.3% to 28.9%) against a fair share of 20.0% (the 80.0% of games not drawn, shared among 4 players): an edge of +6.00 percentage points (+3.00 to +9.00)."
	if got := answers(st); !strings.Contains(got, want) {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// Without draws the fair share is one game in the player count.
	fig.summary.FirstPlayer = &sim.EdgeSummary{WinRate: rate(260, 1000, 0.233, 0.289), FairShare: 0.25, Edge: 0.01, CILow: -0.017, CIHigh: 0.039}
	st, err = seatStudy([]string{"greedy"}, map[string][]*roundupFigures{"greedy": {fig}}, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	want = "against a fair share of 25.0% (one game in 4): no edge the interval can tell from zero: +1.00 percentage points (-1.70 to +3.90)."
	if got := answers(st); !strings.Contains(got, want) {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestAlliedBidders: allied bids get a sentence: the share of allied
// rounds whose allied suit closed last, with counts and the Wilson
// interval, against one suit in four. 80 of 200 is 40%, Wilson 95%
// 33.46% to 46.92% (worked by hand: centre (0.4 + 1.96²/400)/(1 +
// 1.96²/200) = 0.4019, half-width 1.96·√(0.0012 + 0.000024)/1.0192 =
// 0.0673), above 25%. At 4 players a round may hold two allied suits, so
// the fair share runs to 50%, and 70 of 200 (28.7% to 41.8%) cannot be
// told from it.
func TestAlliedBidders(t *testing.T) {
	metrics := func(rounds, allied, won int64) map[string]sim.MetricSummary {
		return map[string]sim.MetricSummary{"rounds": {Total: rounds}, "allied.rounds": {Total: allied}, "allied.won": {Total: won}, "last_suit_unbacked": {Total: 3}}
	}
	for _, tt := range []struct {
		players           int
		rounds, allied, n int64
		want              string
	}{
		{3, 500, 200, 80, "With 3 players (greedy), 200 of 500 rounds had allied bids (two or more players backing one suit); an allied suit closed last (the allies' bid came good) in 80 of them: 40.0% (33.5% to 46.9%, rounds counted as independent) against a fair share of 25.0% (one suit in four): more often than the fair share."},
		{3, 500, 200, 30, "in 30 of them: 15.0% (10.7% to 20.6%, rounds counted as independent) against a fair share of 25.0% (one suit in four): less often than the fair share."},
		{4, 500, 200, 70, "in 70 of them: 35.0% (28.7% to 41.8%, rounds counted as independent) against a fair share of 25.0% (one suit in four) to 50.0% (when 2 suits are allied, which these counts do not tell apart): not distinguishable from the fair share at this number of deals."},
		{2, 400, 0, 0, "With 2 players (greedy), none of the 400 rounds had allied bids"},
	} {
		fig := &roundupFigures{players: tt.players, mix: "greedy", summary: sim.Summary{
			Manifest: sim.Manifest{Confidence: 0.95}, Entries: []sim.EntrySummary{{Metrics: metrics(tt.rounds, tt.allied, tt.n)}},
		}}
		st, err := seatStudy([]string{"greedy"}, map[string][]*roundupFigures{"greedy": {fig}}, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		got := answers(st)
		if !strings.Contains(got, tt.want) {
			t.Errorf("got  %s\nwant %s", got, tt.want)
		}
		// A lone bid beats one suit in four too: said with the counts.
		if caveat := "one nobody backed closed last in 3 of the 500 rounds above"; (tt.allied > 0) != strings.Contains(got, caveat) {
			t.Errorf("%d allied rounds: %s", tt.allied, got)
		}
	}
}

// TestMostUsefulByPairedTest: the most useful face card is named exactly
// where a paired test on the same deals separates it from every other
// card, whether or not the cards' own intervals overlap: Queen against
// Jack and King, its per-card gain less theirs clear of zero. Where the
// paired difference with one card reaches zero, none stands out (and the
// answer says which cards the test cannot separate); where no power helps,
// that is said.
func TestMostUsefulByPairedTest(t *testing.T) {
	// slopes J, Q, K; paired J − Q, J − K, Q − K.
	fig := func(j, q, k [3]float64, jq, jk, qk [3]float64) *roundupFigures {
		f := &roundupFigures{players: 2, mix: "greedy"}
		for i, w := range [][3]float64{j, q, k} {
			f.power[i].winPerCard = stat.Trend{Slope: w[0], CILow: w[1], CIHigh: w[2]}
		}
		for i, d := range [][3]float64{jq, jk, qk} {
			f.perCard[i] = estimate{d[0], d[1], d[2], 4000}
		}
		return f
	}
	for _, tt := range []struct {
		name          string
		fig           *roundupFigures
		verdict, want string
		value, lo, hi float64
	}{
		// The figures: Queen +11.62 (8.93 to 14.31), Jack +5.59
		// (3.10 to 8.07), King +6.56 (4.19 to 8.94): the King's interval
		// overlaps the Queen's, but paired on the same deals the Queen
		// beats both.
		{"paired test decides", fig([3]float64{0.0559, 0.0310, 0.0807}, [3]float64{0.1162, 0.0893, 0.1431}, [3]float64{0.0656, 0.0419, 0.0894},
			[3]float64{-0.0603, -0.085, -0.035}, [3]float64{-0.0097, -0.03, 0.011}, [3]float64{0.0506, 0.028, 0.073}),
			"the Queen", "The Queen's power is the most useful: paired on the same deals, its gain per card beats the Jack's by +6.03 percentage points a card (+3.50 to +8.50) and the King's by +5.06 percentage points a card (+2.80 to +7.30).", 0.0506, 0.028, 0.073},
		// The Queen's interval clear of the King's, but the paired test
		// cannot separate them: none stands out.
		{"paired test undecided", fig([3]float64{0.01, -0.01, 0.03}, [3]float64{0.12, 0.10, 0.14}, [3]float64{0.07, 0.05, 0.09},
			[3]float64{-0.11, -0.13, -0.09}, [3]float64{-0.06, -0.08, -0.04}, [3]float64{0.05, -0.01, 0.11}),
			"none stands out: a paired test cannot separate the Queen from the King", "None stands out", 0.05, -0.01, 0.11},
		{"none helps", fig([3]float64{0.02, -0.01, 0.05}, [3]float64{0.03, -0.001, 0.06}, [3]float64{0.01, -0.02, 0.04},
			[3]float64{-0.01, -0.03, 0.01}, [3]float64{0.01, -0.01, 0.03}, [3]float64{0.02, 0, 0.04}),
			"none helps its holder measurably at this many deals", "No power helps its holder measurably", 0.01, -0.01, 0.03},
	} {
		got, ans := usefulSentence(tt.fig)
		if ans.Verdict != tt.verdict || !strings.Contains(got, tt.want) {
			t.Errorf("%s: verdict %q\n%s\nwant %q and %q", tt.name, ans.Verdict, got, tt.verdict, tt.want)
		}
		if ans.Value != tt.value || ans.CILow != tt.lo || ans.CIHigh != tt.hi || ans.N != 4000 {
			t.Errorf("%s: figure %v (%v to %v), n %d; want the paired difference with the runner-up %v (%v to %v)", tt.name, ans.Value, ans.CILow, ans.CIHigh, ans.N, tt.value, tt.lo, tt.hi)
		}
		if strings.Contains(got, "intervals overlap") {
			t.Errorf("%s: judged by overlapping intervals: %s", tt.name, got)
		}
	}
}

// TestPairedGain: the paired difference of two cards' gains, worked by
// hand and against stat.TrendSums. With the second card's gain zero on
// every seat the difference is the first card's gain with the interval
// TrendSums gives it; swapping the cards flips the sign and the interval;
// and on two cards with the same gain on every seat it is exactly zero
// with no width.
func TestPairedGain(t *testing.T) {
	var seats []seatResult
	var tr stat.TrendSums
	for d := range int64(200) {
		for seat := range 4 {
			s := seatResult{deal: d, seat: int16(seat)}
			s.held = [3]int8{int8((d + int64(seat)) % 3), int8((d * int64(seat+1)) % 4), 1}
			s.dw[0] = int8((d+int64(seat))%3) - 1
			if s.held[0] > 0 && d%5 == 0 {
				s.dw[0] = 1
			}
			s.dw[2] = s.dw[0]
			seats = append(seats, s)
			tr.Add(float64(s.held[0]), float64(s.dw[0]))
		}
		tr.EndCluster()
	}
	want, _ := tr.Fit(0.95)
	got := pairedGain(seats, 0, 1, true, 0.95)
	if math.Abs(got.value-want.Slope) > 1e-12 || math.Abs(got.lo-want.CILow) > 1e-9 || math.Abs(got.hi-want.CIHigh) > 1e-9 || got.n != 800 {
		t.Errorf("paired against a card that does nothing: %+v, want the trend %+v", got, want)
	}
	back := pairedGain(seats, 1, 0, true, 0.95)
	if math.Abs(back.value+got.value) > 1e-12 || math.Abs(back.lo+got.hi) > 1e-9 {
		t.Errorf("swapped: %+v against %+v", back, got)
	}
	// The same gains on two cards held alike: no difference at all.
	for i := range seats {
		seats[i].held[2] = seats[i].held[0]
	}
	if z := pairedGain(seats, 0, 2, true, 0.95); z.value != 0 || z.lo != 0 || z.hi != 0 {
		t.Errorf("two identical cards: %+v", z)
	}
	// The holders' means: worked by hand on three deals. Card 0 held by
	// seats with gains 1, 0 | 1 | −1 (mean 1/4), card 1 by 0 | 1, 1 | 0
	// (mean 1/2): the difference is −1/4.
	h := []seatResult{
		{deal: 0, held: [3]int8{1, 1, 0}, dw: [3]int8{1, 0, 0}}, {deal: 0, held: [3]int8{1, 0, 0}, dw: [3]int8{0, 0, 0}},
		{deal: 1, held: [3]int8{1, 1, 0}, dw: [3]int8{1, 1, 0}}, {deal: 1, held: [3]int8{0, 1, 0}, dw: [3]int8{0, 1, 0}},
		{deal: 2, held: [3]int8{1, 1, 0}, dw: [3]int8{-1, 0, 0}},
	}
	if d := pairedGain(h, 0, 1, false, 0.95); math.Abs(d.value+0.25) > 1e-12 || !(d.lo < d.value && d.value < d.hi) {
		t.Errorf("holders' means: %+v, want −0.25", d)
	}
}

// TestAlliedGain: allied bidders scored 12 points in 8 bids (1.5 a bid),
// lone bidders 6 in 6 (1 a bid), over three deals: a gain of 0.5 a round,
// its interval by the delta method, clustered by deal.
func TestAlliedGain(t *testing.T) {
	deals := []alliedDeal{{alliedPoints: 6, allied: 4, lonePoints: 2, lone: 2}, {alliedPoints: 2, allied: 2, lonePoints: 3, lone: 2}, {alliedPoints: 4, allied: 2, lonePoints: 1, lone: 2}}
	g, a, l := alliedGain(deals, 0.95)
	if math.Abs(g.value-0.5) > 1e-12 || math.Abs(a.value-1.5) > 1e-12 || math.Abs(l.value-1) > 1e-12 || a.n != 8 || l.n != 6 {
		t.Fatalf("gain %+v, allied %+v, lone %+v", g, a, l)
	}
	// Influences: allied (6 − 6)/8, (2 − 3)/8, (4 − 3)/8; lone (2 − 2)/6,
	// (3 − 2)/6, (1 − 2)/6; differences 0, −1/8 − 1/6, 1/8 + 1/6: Σ² =
	// 2·(7/24)², times 3/2, the t quantile of 2 degrees of freedom.
	half := 4.302652729911275 * math.Sqrt(2*(7.0/24)*(7.0/24)*1.5)
	if math.Abs(g.hi-g.value-half) > 1e-9 {
		t.Errorf("half-width %v, want %v", g.hi-g.value, half)
	}
	if g, _, _ := alliedGain([]alliedDeal{{alliedPoints: 3, allied: 2}}, 0.95); !math.IsNaN(g.value) {
		t.Errorf("no lone bidders: %+v", g)
	}
}

// TestTopSeatsPools: the thinnest top cells are pooled, from the top value
// down, until they hold at least 1% of the seats; the pooled rate is their
// wins over their seats and its half-width the seat-weighted mean of their
// half-widths. Worked by hand on 10,000 seats whose top three values hold
// 10, 30 and 60 seats (100 = 1%).
func TestTopSeatsPools(t *testing.T) {
	values := func(top ...sim.FeatureValue) []sim.FeatureValue {
		return append([]sim.FeatureValue{
			{Value: 0, Games: 5000, Win: rate(1000, 5000, 0.19, 0.21)},
			{Value: 1, Games: 3000, Win: rate(600, 3000, 0.18, 0.22)},
			{Value: 2, Games: 1500, Win: rate(300, 1500, 0.17, 0.23)},
			{Value: 3, Games: 400, Win: rate(80, 400, 0.16, 0.24)},
		}, top...)
	}
	for _, tt := range []struct {
		name   string
		values []sim.FeatureValue
		ok     bool
		want   topGroup
	}{
		// Seats 60 + 30 + 10 = 100, wins 30 + 10 + 5 = 45; half-widths
		// 0.10, 0.20, 0.30 weighted 0.6, 0.3, 0.1: 0.06 + 0.06 + 0.03.
		{"three thin cells", values(
			sim.FeatureValue{Value: 4, Games: 60, Win: rate(30, 60, 0.40, 0.60)},
			sim.FeatureValue{Value: 5, Games: 30, Win: rate(10, 30, 0.13, 0.53)},
			sim.FeatureValue{Value: 6, Games: 10, Win: rate(5, 10, 0.20, 0.80)},
		), true, topGroup{from: 4, games: 100, rate: 0.45, lo: 0.30, hi: 0.60}},
		// One cell of 100 seats is already 1%: read alone.
		{"one cell", values(
			sim.FeatureValue{Value: 4, Games: 100, Win: rate(50, 100, 0.40, 0.60)},
		)[1:], true, topGroup{from: 4, games: 100, rate: 0.5, lo: 0.4, hi: 0.6}},
		// A pooled half-width past the ends is cut at 0.
		{"clipped", values(
			sim.FeatureValue{Value: 4, Games: 100, Win: rate(2, 100, 0.0, 0.14)},
		), true, topGroup{from: 4, games: 100, rate: 0.02, lo: 0, hi: 0.09}},
		// Every seat is needed to reach 1%: nothing to compare it with.
		{"everything", []sim.FeatureValue{{Value: 0, Games: 1, Win: rate(1, 1, 0.2, 1)}}, false, topGroup{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := topSeats(&sim.FeatureSummary{Name: "face_cards", Values: tt.values})
			if ok != tt.ok {
				t.Fatalf("ok %v, want %v", ok, tt.ok)
			}
			if !ok {
				return
			}
			const eps = 1e-12
			if got.from != tt.want.from || got.games != tt.want.games || math.Abs(got.rate-tt.want.rate) > eps || math.Abs(got.lo-tt.want.lo) > eps || math.Abs(got.hi-tt.want.hi) > eps {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}
