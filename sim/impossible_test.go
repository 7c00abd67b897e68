package sim

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cardsim/cardsim/games"
	"github.com/cardsim/cardsim/strategies"
)

// drawsToWins turns every draw of o into a win, with its cluster sums made
// to match: each deal's wins become its wins and draws (Σw² gains 2Σwd +
// Σd², Σnw gains Σnd), and it holds no draw.
func drawsToWins(o *Outcomes) {
	c := &o.Cluster
	c.NW += c.ND
	c.W2 += 2*c.WD + c.D2
	c.ND, c.D2, c.WD = 0, 0, 0
	o.Wins += o.Draws
	o.Draws = 0
}

// everyDrawAWin is the forgery of the hardening issue's R1: in a game of
// two seats, every draw turned into a win for both seats, with every
// count made to match (seats, strategies, the first seat to move, the
// cells of every deal feature and their cluster sums). The paired
// differences need no edit: both strategies drew the same plays.
func everyDrawAWin(_ *Config, tl *Tally) {
	for _, os := range [][]Outcomes{tl.Seats, tl.Entries} {
		for i := range os {
			drawsToWins(&os[i])
		}
	}
	drawsToWins(&tl.Starter)
	for f := range tl.Features {
		for i := range tl.Features[f].Cells {
			drawsToWins(&tl.Features[f].Cells[i])
		}
	}
}

// metricIndex returns the index of cfg's game's metric name.
func metricIndex(cfg *Config, name string) int {
	return slices.IndexFunc(cfg.Game.Metrics(), func(m games.Metric) bool { return m.Name == name })
}

// impossibleTallies are the hardening issue's "impossible tally" cases (R1
// to R3), each an edit of the tally of a real part of the run named by
// game ("nora": cautious and rescuer; "spite": the planner against random;
// "roundup": greedy and defender at four players), with the words its
// refusal holds. Each edit keeps what it does not aim at consistent, as a
// forger would. The fuzz targets take the edited parts as seeds.
var impossibleTallies = []struct {
	name, game string
	edit       func(cfg *Config, tl *Tally)
	want       string
}{
	{"R1 two winners a game: every draw a win for both seats", "spite", everyDrawAWin, "one seat at most wins a play"},
	{"R2 s2 = 0", "spite", func(_ *Config, tl *Tally) { tl.Entries[0].Cluster.S2 = 0 }, "Σ(s)²"},
	{"R2 s2 just below (Σs)²/deals", "spite", func(_ *Config, tl *Tally) {
		_, sum, _ := tl.Entries[0].Score.totals()
		tl.Entries[0].Cluster.S2 = (sum*sum+tl.Games-1)/tl.Games - 1 // ⌈(Σs)²/deals⌉ − 1
	}, "(Cauchy–Schwarz)"},
	{"R2 w2 = 0", "spite", func(_ *Config, tl *Tally) { tl.Entries[0].Cluster.W2 = 0 }, "Σ(w)²"},
	{"R2 a negative sum of squares", "spite", func(_ *Config, tl *Tally) { tl.Features[0].Moments[momentIndex(6, 6)] = -1 }, "Σ(x·s)² = -1"},
	{"R2 a seat's negative sum of squares", "spite", func(_ *Config, tl *Tally) { tl.Seats[1].Cluster.S2 = -1 }, "cluster sums"},
	{"R2 a feature moment at 10^12", "spite", func(_ *Config, tl *Tally) { tl.Features[0].Moments[momentIndex(1, 1)] = 1e12 }, "sums over deals"},
	{"R2 a round feature's sum of squares at 0", "roundup", func(_ *Config, tl *Tally) { tl.RoundFeatures[0].Moments[momentIndex(2, 2)] = 0 }, "sums over deals"},
	{"R3 10 wins more in a feature's cells than in the seats", "spite", func(_ *Config, tl *Tally) {
		cells := tl.Features[0].Cells
		i := slices.IndexFunc(cells, func(c Outcomes) bool { return c.Games-c.Wins-c.Draws >= 10 })
		cells[i].Wins += 10
	}, "each seat of each play is counted once"},
	{"R3 a round feature whose cells count other rounds", "roundup", func(_ *Config, tl *Tally) {
		cells := tl.RoundFeatures[1].Cells
		i := slices.IndexFunc(cells, func(c Outcomes) bool { return c.Games-c.Wins-c.Draws >= 1 })
		cells[i].Wins++
	}, "each seat of each round is counted once"},
	{"R3 greedy claims every game solved", "spite", func(_ *Config, tl *Tally) {
		tl.Entries[0].Solved = tl.Entries[0].Games
		for s := range tl.Seats {
			tl.Seats[s].Solved = tl.Entries[0].Games / int64(len(tl.Seats))
		}
	}, "it is no solver"},
	{"R3 ip_unused +100 a game", "nora", func(cfg *Config, tl *Tally) {
		for e := range tl.Metrics {
			tl.Metrics[e][metricIndex(cfg, "ip_unused")].Min += 100
		}
	}, "balance"},
}

// forge applies edit to tl and fails the test if it changed nothing: the
// part played holds none of what the forgery turns (no draw to make a win,
// say), so its refusal would test nothing.
func forge(t *testing.T, cfg *Config, tl *Tally, edit func(*Config, *Tally)) {
	t.Helper()
	before, err := json.Marshal(tl)
	if err != nil {
		t.Fatal(err)
	}
	edit(cfg, tl)
	after, err := json.Marshal(tl)
	if err != nil {
		t.Fatal(err)
	}
	if string(before) == string(after) {
		t.Fatal("the forgery changes nothing in this part: its run no longer holds what the forgery edits")
	}
}

// impossibleRuns returns the runs the impossible tallies edit, by game.
func impossibleRuns(t testing.TB) map[string]Config {
	runs := severalSeats(t, 0)
	runs["nora"] = noraLineupConfig(t, "cautious", "rescuer")
	// Spite: the planner against random, whose stalls draw about one game
	// in eight, so that every part and checkpoint holds draws for R1 to
	// turn into wins, and the planner's scores sum far from 0 for R2's
	// bound. (Greedy against random drew too seldom for that once it
	// learned to break those stalls.)
	sp := runs["spite"]
	random := strategies.RandomDefinition()
	sp.Lineup = []Player{sp.Lineup[1], {Strategy: random}}
	runs["spite"] = sp
	for name, cfg := range runs {
		cfg.Chunk, cfg.Batch = 0, 0
		runs[name] = cfg
	}
	return runs
}

// impossibleDeals is the number of deals of each run of impossibleRuns.
var impossibleDeals = map[string]int64{"nora": 400, "spite": 200, "roundup": 40}

var (
	impossibleOnce  sync.Once
	impossibleParts map[string][]*Part
)

// impossibleRunParts returns the parts of each run of impossibleRuns,
// played in 2 shards, played once for every test.
func impossibleRunParts(t testing.TB, runs map[string]Config) map[string][]*Part {
	impossibleOnce.Do(func() {
		impossibleParts = map[string][]*Part{}
		for name, cfg := range runs {
			impossibleParts[name] = sealedParts(t, cfg, impossibleDeals[name], 2)
		}
	})
	return impossibleParts
}

// TestImpossibleTalliesRefused: every impossible tally of the hardening
// issue, forged into a resealed part, is refused by merge with a message
// that says what is impossible, where the parts as played merge.
func TestImpossibleTalliesRefused(t *testing.T) {
	runs := impossibleRuns(t)
	parts := impossibleRunParts(t, runs)
	for name, cfg := range runs {
		if _, err := mergeFiles(t, &cfg, copyParts(t, parts[name])); err != nil {
			t.Fatalf("%s: the parts as played: %v", name, err)
		}
	}
	for _, tt := range impossibleTallies {
		t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
			cfg := runs[tt.game]
			ps := copyParts(t, parts[tt.game])
			forge(t, &cfg, ps[1].Tally, tt.edit)
			ps[1].Seal()
			merged, err := mergeFiles(t, &cfg, ps)
			if err == nil {
				t.Fatalf("merged into %d deals, %d wins; want an error with %q", merged.Games, merged.Entries[0].Wins, tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q; want it to say %q", err, tt.want)
			}
		})
	}
}

// interruptedCheckpoint plays the run cfg of deals deals on one worker,
// interrupted after its third chunk of 8 deals, and returns its checkpoint
// as read back from its file. On one worker the checkpoint holds the first
// deals, whatever the machine's load, and the draws among them that the
// forgery of R1 needs.
func interruptedCheckpoint(t testing.TB, cfg Config, deals int64) *Part {
	t.Helper()
	cfg.Chunk, cfg.Batch, cfg.Workers = 8, 4, 1
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var saved *Part
	chunks := 0
	s := &Session{Config: cfg, Deals: deals, Confidence: 0.95, CheckpointEvery: time.Hour}
	s.Checkpoint = func(p *Part) error { saved = roundTrip(t, p); return nil }
	s.Config.Progress = func(int64) {
		if chunks++; chunks == 3 {
			cancel()
		}
	}
	if _, err := s.Play(ctx); !errors.Is(err, context.Canceled) || saved == nil || saved.Played() < 16 {
		t.Fatalf("interrupted session: %v, checkpoint %+v", err, saved)
	}
	return saved
}

// resumeCheckpoint resumes the run cfg of deals deals from p, as --resume
// does, and reports what starting it gives: nil once it would play.
func resumeCheckpoint(cfg Config, deals int64, p *Part) error {
	cfg.Chunk, cfg.Batch = 8, 4
	_, err := (&Session{Config: cfg, Deals: deals, Confidence: 0.95, Resume: p}).start()
	return err
}

// TestImpossibleCheckpointsRefused: the same impossible tallies forged
// into a resealed checkpoint are refused by a resumed run, before it plays
// a deal, where the checkpoint as saved resumes.
func TestImpossibleCheckpointsRefused(t *testing.T) {
	runs := impossibleRuns(t)
	saved := map[string]*Part{}
	for name, cfg := range runs {
		saved[name] = interruptedCheckpoint(t, cfg, impossibleDeals[name])
		if err := resumeCheckpoint(cfg, impossibleDeals[name], roundTrip(t, saved[name])); err != nil {
			t.Fatalf("%s: the checkpoint as saved: %v", name, err)
		}
	}
	for _, tt := range impossibleTallies {
		cfg := runs[tt.game]
		p := roundTrip(t, saved[tt.game])
		forge(t, &cfg, p.Tally, tt.edit)
		p.Seal()
		var bad *CheckpointError
		if err := resumeCheckpoint(cfg, impossibleDeals[tt.game], p); !errors.As(err, &bad) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: resuming gave %v; want a CheckpointError with %q", tt.name, err, tt.want)
		}
	}
}

// TestEverySumOfSquaresChecked: every sum over deals a tally keeps, each
// of a feature's 28 moments and each of the 9 cluster sums of an outcome,
// is refused at 10^12 and at -10^12, the bound of every one of them
// checked, not that of the first alone.
func TestEverySumOfSquaresChecked(t *testing.T) {
	runs := impossibleRuns(t)
	cfg := runs["spite"]
	parts := impossibleRunParts(t, runs)["spite"]
	clusterFields := []string{"Deals", "N2", "NW", "W2", "ND", "D2", "WD", "NS", "S2"}
	for _, v := range []int64{1e12, -1e12} {
		for k := range momentTerms * (momentTerms + 1) / 2 {
			ps := copyParts(t, parts)
			ps[1].Tally.Features[1].Moments[k] = v
			ps[1].Seal()
			if _, err := mergeFiles(t, &cfg, ps); err == nil {
				t.Errorf("moment %d at %d merged", k, v)
			}
		}
		for i, field := range clusterFields {
			for _, who := range []string{"entry", "seat", "cell"} {
				ps := copyParts(t, parts)
				var c *Cluster
				switch tl := ps[1].Tally; who {
				case "entry":
					c = &tl.Entries[1].Cluster
				case "seat":
					c = &tl.Seats[0].Cluster
				default:
					c = &tl.Features[0].Cells[len(tl.Features[0].Cells)/2].Cluster
				}
				b, _ := json.Marshal(c)
				var m map[string]int64
				json.Unmarshal(b, &m)
				m[strings.ToLower(field)] = v
				b, _ = json.Marshal(m)
				if err := json.Unmarshal(b, c); err != nil {
					t.Fatal(err)
				}
				ps[1].Seal()
				if _, err := mergeFiles(t, &cfg, ps); err == nil {
					t.Errorf("%s's cluster sum %s (%d) at %d merged", who, field, i, v)
				}
			}
		}
	}
}

// TestOneWinnerAPlay: hand-made tallies that hold more winners or draws
// than plays can, seat by seat or entry by entry, are refused; those that
// can happen pass.
func TestOneWinnerAPlay(t *testing.T) {
	seats := func(wd ...int64) []Outcomes {
		var os []Outcomes
		for i := 0; i+1 < len(wd); i += 2 {
			os = append(os, Outcomes{Wins: wd[i], Draws: wd[i+1]})
		}
		return os
	}
	for _, tt := range []struct {
		name    string
		seats   int64
		entries []Outcomes
		most    []int64 // per entry, the most seats it holds in one seating
		t       Tally
		want    string
	}{
		{"two seats, 6 wins and 4 plays drawn in 10 plays", 2, seats(6, 8), []int64{2}, Tally{Plays: 10, Seats: seats(3, 4, 3, 4)}, ""},
		{"two seats, 7 wins and 4 plays drawn in 10 plays", 2, seats(7, 8), []int64{2}, Tally{Plays: 10, Seats: seats(4, 4, 3, 4)}, "one seat at most wins a play"},
		{"a draw of one seat alone", 2, seats(6, 5), []int64{2}, Tally{Plays: 10, Seats: seats(3, 3, 3, 2)}, "shared by two seats"},
		{"three seats, a draw of two", 3, seats(6, 2), []int64{3}, Tally{Plays: 7, Seats: seats(2, 1, 2, 1, 2, 0)}, ""},
		{"a draw in a solitaire", 1, seats(0, 1), []int64{1}, Tally{Plays: 10, Seats: seats(0, 1)}, "a game of one seat"},
		{"an entry in one seat of two, 6 wins and 5 draws in 10 plays", 2, seats(6, 5, 4, 0), []int64{1, 1}, Tally{Plays: 10, Seats: seats(5, 0, 5, 0)}, "entry 0"},
		{"the first seat to move wins more than the seats", 2, seats(6, 8), []int64{2}, Tally{Plays: 10, Seats: seats(3, 4, 3, 4), Starter: Outcomes{Wins: 7}}, "the first seat to move"},
		{"the first seat to move draws more plays than were drawn", 2, seats(6, 8), []int64{2}, Tally{Plays: 10, Seats: seats(3, 4, 3, 4), Starter: Outcomes{Draws: 5}}, "the first seat to move"},
	} {
		l := &limits{seats: tt.seats, deals: tt.t.Plays, mostSeats: tt.most}
		for e := range tt.entries {
			l.inSeatings = append(l.inSeatings, 1)
			l.names = append(l.names, fmt.Sprintf("entry %d", e))
		}
		tt.t.Entries = tt.entries
		err := l.oneWinner(&tt.t)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%s: %v; want %q", tt.name, err, tt.want)
		}
	}
}

// chunksFrom returns the first deals of p's chunks from deal next to its
// end: every chunk of a batch begun at next, played.
func chunksFrom(p *Part, next int64) []int64 {
	var done []int64
	for d := next; d < p.End; d += int64(p.Chunk) {
		done = append(done, d)
	}
	return done
}

// TestMergeMessages: merge names what is wrong with a part once, in words
// that fit it: a part relabelled as one of a run of other deals does not
// print one fingerprint twice, and a checkpoint whose deals are all played
// is not called "1000 of its 1000 deals played".
func TestMergeMessages(t *testing.T) {
	cfg := noraLineupConfig(t, "cautious", "rescuer")
	parts := sealedParts(t, cfg, 2000, 2)
	for _, tt := range []struct {
		name string
		edit func(p *Part)
		want string
	}{
		{"a part relabelled as one of a run of 3000 deals", func(p *Part) { p.Total = 3000 }, "shard 1 is of a run of 3000 deals, shard 0 of one of 2000"},
		{"a checkpoint of every deal, its last batch not closed", func(p *Part) {
			p.Next, p.Done = p.First+512, chunksFrom(p, p.First+512)
		}, "shard 1 is a checkpoint whose 1000 deals are all played"},
		{"a part stopped at a precision", func(p *Part) {
			p.Next, p.Stopped = p.First+512, "precision 1 on score reached after 1512 deals"
			p.Done = chunksFrom(p, p.First+512)
		}, "shard 1 stopped after 1000 of its 1000 deals"},
	} {
		ps := copyParts(t, parts)
		tt.edit(ps[1])
		ps[1].Seal()
		_, err := MergeParts(&cfg, ps)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Count(err.Error(), ps[1].Fingerprint) > 1 {
			t.Errorf("%s: %v; want an error with %q", tt.name, err, tt.want)
		}
	}
}

// TestLineupCapped: a lineup of more than MaxLineup entries is refused
// before a tally is made for it, by a run, a resumed checkpoint and a
// merge: its paired differences would take memory as the square of its
// size (5,000 strategies asked for 801 MB at once).
func TestLineupCapped(t *testing.T) {
	cfg := Config{Game: dice{1}, Seed: 1, Games: 10}
	for i := range MaxLineup + 1 {
		cfg.Lineup = append(cfg.Lineup, Player{Strategy: fixedDef(fmt.Sprint("s", i), 0)})
	}
	want := fmt.Sprintf("%d strategies: compare at most %d", MaxLineup+1, MaxLineup)
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Run: %v; want %q", err, want)
	}
	if _, err := MergeParts(&cfg, []*Part{{}}); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("MergeParts: %v; want %q", err, want)
	}
	small := cfg
	small.Lineup = cfg.Lineup[:2]
	p := sealedParts(t, small, 10, 1)[0]
	p.Fingerprint = Fingerprint(&cfg, 10, "")
	if err := p.Check(&cfg, 10, ""); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Part.Check: %v; want %q", err, want)
	}
}
