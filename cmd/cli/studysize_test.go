package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/cmd/catalog"
	"github.com/cardsim/cardsim/experiment"
	"github.com/cardsim/cardsim/sim"
)

// TestStudySizedByPrecision: a study with a precision target plays until
// its first strategy's figure is known that well, not a fixed count of
// deals, says why it stopped, and ends its answer with what the interval
// means.
func TestStudySizedByPrecision(t *testing.T) {
	f := NewFactory(strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{})
	spec := catalog.Study{Game: "flip", Title: "t", Strategies: []string{"greedy"},
		Precision: 0.1, Target: "score", MaxGames: 1_000_000, Explain: "what the interval means"}
	r := f.runner(nil)
	r.Workers, r.Studies = 2, []catalog.Study{spec}
	res, err := r.Run(context.Background(), experiment.Spec{Kind: experiment.Report, Seed: 1, Confidence: 0.95, Scale: 1}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	st := res.Report.Studies[0]
	s := st.Summary
	n := s.Manifest.Games
	if n >= spec.MaxGames || n <= sim.BatchDeals {
		t.Errorf("played %d deals: want fewer than %d, stopped by the precision", n, spec.MaxGames)
	}
	if half := (s.Lead().Score.CIHigh - s.Lead().Score.CILow) / 2; half > spec.Precision {
		t.Errorf("score interval ±%.2f after %d deals, wider than the precision %g", half, n, spec.Precision)
	}
	if !strings.Contains(s.Manifest.Stopped, "precision") {
		t.Errorf("manifest says it stopped %q: want the precision named", s.Manifest.Stopped)
	}
	if last := st.Answer[len(st.Answer)-1]; last != spec.Explain {
		t.Errorf("answer ends %q, want the study's explanation", last)
	}
}

// TestRareOddsStudiesSized: Flip's clairvoyant wins about 1 deal in
// 10,000 under compulsory play, so its odds study (the one that reads the
// odds under compulsory play, not a sweep of readings) is sized by a
// precision on the win rate of at most 0.1 point with room for at least
// 10,000 deals (a fixed few hundred deals would bound the odds by several
// points), and says what its interval means.
func TestRareOddsStudiesSized(t *testing.T) {
	sized := 0
	for _, spec := range catalog.Studies() {
		if spec.Game != "flip" || spec.Swept() {
			continue
		}
		sized++
		if spec.Target != "win" || spec.Precision <= 0 || spec.Precision > 0.001 || spec.MaxGames < 10000 || spec.Explain == "" {
			t.Errorf("%q: target %q, precision %g, at most %d deals, explanation %q: want the win rate to ±0.001 or better, room for 10,000 deals and an explanation",
				spec.Title, spec.Target, spec.Precision, spec.MaxGames, spec.Explain)
		}
	}
	if sized == 0 {
		t.Fatal("no Flip odds study under compulsory play")
	}
}
