package reports

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/games/nora"
	"github.com/cardsim/cardsim/games/roundup"
	"github.com/cardsim/cardsim/games/spite"
	"github.com/cardsim/cardsim/sim"
)

// tableOf writes s as a table with opts and returns its lines.
func tableOf(t *testing.T, s *sim.Summary, opts TableOptions) []string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteTableWith(&b, s, opts); err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
}

// label returns a table line's label: the text before its first run of
// two spaces.
func label(line string) string {
	l, _, _ := strings.Cut(line, "  ")
	return strings.TrimSpace(l)
}

// TestTableSeatsFirst: at five players of Round-up, the seat section
// comes first, under the header: the test that every seat wins its fair
// share, then the five seats counted from 1 (the first dealer last, named),
// then all ten pairs; the deal features' rows are left to the files unless
// asked for, and a line says so.
func TestTableSeatsFirst(t *testing.T) {
	s := summaryOf(t, roundup.Definition(), []string{"players=5"}, 300, "greedy")
	lines := tableOf(t, s, TableOptions{})
	if !strings.HasPrefix(lines[2], "seats: every seat wins its fair share (20.00%)") {
		t.Fatalf("third line %q, want the seat test first:\n%s", lines[2], strings.Join(lines, "\n"))
	}
	for i, want := range []string{"seat 1 (left of the first dealer): win rate", "seat 2: win rate", "seat 3: win rate", "seat 4: win rate", "seat 5 (first dealer): win rate"} {
		if label(lines[3+i]) != want {
			t.Errorf("line %d: %q, want %q", 4+i, label(lines[3+i]), want)
		}
	}
	pairs := 0
	for _, l := range lines {
		if strings.Contains(l, "win rate difference (all pairs at once)") {
			pairs++
		}
		if strings.HasPrefix(l, "dealt ") {
			t.Errorf("a deal feature's row without --features: %q", l)
		}
	}
	if pairs != 10 {
		t.Errorf("%d seat pairs, want 10", pairs)
	}
	if last := lines[len(lines)-1]; !strings.Contains(last, "rows by deal feature are left out") {
		t.Errorf("last line %q: want a note of the deal features left out", last)
	}
	with := tableOf(t, s, TableOptions{Features: true})
	dealt := 0
	for _, l := range with {
		if strings.HasPrefix(l, "dealt ") {
			dealt++
		}
	}
	if dealt == 0 || len(with) != len(lines)-1+dealt {
		t.Errorf("with Features: %d rows of deal features in %d lines (%d without)", dealt, len(with), len(lines))
	}
}

// TestTableRowsSaySomething: every row of a table is printed once, and
// self-play's rows that the seats decide by construction are left out: its
// win rate (the fair share, exactly 0.20000 at five players) and, in Spite,
// whose two scores sum to 0 every game, its mean score (0.000, 0.000 …
// 0.000); Spite's draw rate is printed once.
func TestTableRowsSaySomething(t *testing.T) {
	for _, tt := range []struct {
		name    string
		s       *sim.Summary
		missing []string
	}{
		{"roundup self-play", summaryOf(t, roundup.Definition(), []string{"players=5"}, 200, "greedy"), []string{"win rate"}},
		{"spite self-play", summaryOf(t, spite.Definition(), nil, 200, "greedy"), []string{"win rate", "score (mean)"}},
		{"roundup, two strategies", summaryOf(t, roundup.Definition(), []string{"players=3"}, 60, "greedy", "defender"), nil},
		{"spite, two strategies", summaryOf(t, spite.Definition(), nil, 60, "greedy", "planner"), nil},
		{"nora, three strategies", summaryOf(t, nora.Definition(), nil, 100, "stop-at", "cautious", "rescuer"), nil},
	} {
		seen := map[string]bool{}
		for _, l := range tableOf(t, tt.s, TableOptions{Features: true})[1:] {
			lb := label(l)
			if seen[lb] {
				t.Errorf("%s: %q printed twice", tt.name, lb)
			}
			seen[lb] = true
		}
		for _, m := range tt.missing {
			if seen[m] {
				t.Errorf("%s: row %q, decided by the seats", tt.name, m)
			}
		}
		if strings.HasPrefix(tt.name, "spite self") && !seen["draw rate"] {
			t.Errorf("%s: no draw rate", tt.name)
		}
	}
}

// TestTableHeaderNamesRules: the header lists the rules changed from their
// defaults, and only those.
func TestTableHeaderNamesRules(t *testing.T) {
	s := summaryOf(t, nora.Definition(), []string{"rounds=3", "insure=2"}, 20, "stop-at")
	if got, want := tableOf(t, s, TableOptions{})[0], "nora, 20 deals, seed 2, rules insure=2 rounds=3, stop-at "; !strings.HasPrefix(got, want) {
		t.Errorf("header %q, want it to start %q", got, want)
	}
	s = summaryOf(t, nora.Definition(), nil, 20, "stop-at")
	if got := tableOf(t, s, TableOptions{})[0]; strings.Contains(got, "rules") {
		t.Errorf("header %q names rules, though all are at their defaults", got)
	}
}

// TestSeatChart: a game of several players gets a chart of the seats' win
// rates in %, counted from 1 with their names, with the fair share and the
// seat test's p-value; a solitaire gets none.
func TestSeatChart(t *testing.T) {
	s := summaryOf(t, roundup.Definition(), []string{"players=5"}, 300, "greedy")
	cs, err := Charts(s)
	if err != nil {
		t.Fatal(err)
	}
	var seats *Chart
	for i := range cs {
		if cs[i].Name == "seats" {
			seats = &cs[i]
		}
	}
	if seats == nil {
		t.Fatalf("charts %v: no seats", chartNames(cs))
	}
	svg := svgOf(t, *seats)
	for _, want := range []string{"seat 1", "seat 5", "first dealer", "fair share (20.00%)"} {
		if !hasText(svg, want) {
			t.Errorf("seat chart: no %q", want)
		}
	}
	if !strings.Contains(seats.Plot.Title.Text, "every seat its fair share? p") {
		t.Errorf("seat chart's title %q: no seat test", seats.Plot.Title.Text)
	}
	if seats.Plot.Y.Max < 15 {
		t.Errorf("seat chart's y axis ends at %g: want win rates in %% (about 20)", seats.Plot.Y.Max)
	}
	cs, err = Charts(summaryOf(t, nora.Definition(), nil, 20, "stop-at"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.Name == "seats" {
			t.Error("a seat chart of a solitaire")
		}
	}
}

// TestRateChartsInPercent: every chart of win rates draws them in %, as
// the text speaks of percentage points: strategies' win rates, a deal
// feature's, and a sweep's; and titles name the game as its definition
// does.
func TestRateChartsInPercent(t *testing.T) {
	s := summaryOf(t, roundup.Definition(), []string{"players=3"}, 60, "greedy", "defender")
	s.Manifest.Title = "Round-up"
	cs, err := StudyCharts(&Study{Game: "roundup", Summary: s})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, c := range cs {
		if !strings.Contains(c.Plot.Title.Text, "Round-up") {
			t.Errorf("chart %s: title %q without the game's name", c.Name, c.Plot.Title.Text)
		}
		if c.Name == "entry_score" {
			continue
		}
		checked++
		if !strings.Contains(c.Plot.Y.Label.Text, "%") || c.Plot.Y.Max < 5 {
			t.Errorf("chart %s: y axis %q up to %g; want a win rate in %%", c.Name, c.Plot.Y.Label.Text, c.Plot.Y.Max)
		}
	}
	if checked < 2 {
		t.Errorf("charts %v: want the win rate and a deal feature's", chartNames(cs))
	}
	sw := sweepOf(t, "roundup", "players", []string{"2", "3"}, 30, "greedy", "defender")
	sw.Meanings = map[string]string{"players": "number of players; all 52 cards are dealt"}
	cs, err = SweepCharts(sw, "roundup")
	if err != nil {
		t.Fatal(err)
	}
	win := cs[len(cs)-1]
	if win.Name != "sweep_players_win" || win.Plot.Y.Max < 5 || win.Plot.X.Label.Text != "players: number of players" {
		t.Errorf("sweep chart %s: y up to %g, x axis %q; want %% and the rule's meaning", win.Name, win.Plot.Y.Max, win.Plot.X.Label.Text)
	}
}

// TestOtherHeadersNameRules: the tables of a sweep, a tournament and a
// skill ladder name the rules changed from their defaults, a sweep those
// it does not sweep.
func TestOtherHeadersNameRules(t *testing.T) {
	sw := &Sweep{Keys: []string{"insure"}}
	for _, v := range []string{"0", "2"} {
		s := summaryOf(t, nora.Definition(), []string{"insure=" + v, "rounds=3"}, 20, "stop-at")
		sw.Points = append(sw.Points, SweepPoint{Values: map[string]string{"insure": v}, Summary: *s})
	}
	var b bytes.Buffer
	if err := WriteSweepTable(&b, sw); err != nil {
		t.Fatal(err)
	}
	if first, _, _ := strings.Cut(b.String(), "\n"); !strings.HasPrefix(first, "nora sweep of insure, seed 2, rules rounds=3, stop-at ") {
		t.Errorf("sweep table's first line %q: want the rules not swept", first)
	}
	b.Reset()
	tn := &Tournament{Game: "spite", Rules: "hand=4", Deals: 10, Seed: 1, Confidence: 0.95}
	if err := tn.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "spite tournament, rules hand=4, ") {
		t.Errorf("tournament table %q: want its rules", b.String())
	}
	b.Reset()
	if err := WriteSkillTable(&b, &Skill{Game: "spite", Rules: "hand=4", Strategy: "flatmc", Games: 2, Seed: 1, Confidence: 0.95}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "spite, rules hand=4, flatmc by budget") {
		t.Errorf("skill table %q: want its rules", b.String())
	}
}

// TestSeatSentence: a study of a game of several players says whether its
// seats win alike, naming the lowest and highest seats as players count
// them and the widest gap with its simultaneous interval.
func TestSeatSentence(t *testing.T) {
	s := summaryOf(t, roundup.Definition(), []string{"players=5"}, 300, "greedy")
	var got string
	for _, a := range Answers(&Study{Game: "roundup", Summary: s}) {
		if strings.HasPrefix(a, "Over 300 deals the seats win from ") {
			got = a
		}
	}
	lo, hi := 0, 0
	for i, seat := range s.Seats {
		if seat.Win.Rate < s.Seats[lo].Win.Rate {
			lo = i
		}
		if seat.Win.Rate > s.Seats[hi].Win.Rate {
			hi = i
		}
	}
	for _, want := range []string{"against a fair share of 20.00% each", "the test that every seat wins it gives p ",
		"(" + seatLabel(s, lo) + ")", "(" + seatLabel(s, hi) + ")", " percentage points more than " + seatLabel(s, lo), "all 10 pairs of seats at once"} {
		if !strings.Contains(got, want) {
			t.Errorf("seat sentence %q lacks %q", got, want)
		}
	}
}
