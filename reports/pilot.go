package reports

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/cardsim/cardsim/sim"
)

// Pilot is what a short pilot of a comparison of variants or a tune
// found: the speed of play, and for each difference (each candidate, in
// a tune) its spread and the deals it needs.
type Pilot struct {
	Game      string            `json:"game"`
	GameTitle string            `json:"game_title"`
	Kind      string            `json:"kind"` // compare or tune
	Figure    sim.VariantFigure `json:"figure"`
	Deals     int64             `json:"deals"` // deals the pilot played, every arm each
	Arms      int               `json:"arms"`
	// WallSeconds is the pilot's wall time on Workers workers.
	WallSeconds float64 `json:"wall_seconds"`
	Workers     int     `json:"workers"`
	Budget      int64   `json:"budget"` // the experiment's most deals
	Confidence  float64 `json:"confidence"`
	// HalfWidth is the half-width a comparison's estimate aims at.
	HalfWidth float64     `json:"half_width,omitempty"`
	Lines     []PilotLine `json:"lines"`
	// Plays is the games the experiment would play, Seconds its wall time
	// at the pilot's speed.
	Plays    int64   `json:"plays"`
	Seconds  float64 `json:"seconds"`
	Sentence string  `json:"sentence"`
}

// PilotLine is one difference of a pilot: a variant's from the baseline
// for a strategy, or a candidate's from the pilot's leader in a tune.
type PilotLine struct {
	What   string  `json:"what"`
	Effect float64 `json:"effect"` // the difference the pilot saw; a tune's candidate's figure
	SD     float64 `json:"sd"`     // of the per-deal differences
	Paired bool    `json:"paired,omitempty"`
	// DealsForPrecision is the deals that bring the interval to ± the
	// half-width; DealsToDecide those that would decide the difference
	// seen (0 for none seen).
	DealsForPrecision int64  `json:"deals_for_precision,omitempty"`
	DealsToDecide     int64  `json:"deals_to_decide"`
	Note              string `json:"note,omitempty"`
}

// WritePilotTable writes a pilot for a terminal.
func WritePilotTable(w io.Writer, p *Pilot) error {
	f := &p.Figure
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "pilot: %s, %s deals of %d arms in %.1f s on %d workers; %s\n", p.GameTitle, grouped(p.Deals), p.Arms, p.WallSeconds, p.Workers, figureWhat(f))
	if p.Kind == "tune" {
		fmt.Fprintf(tw, "candidate\t%s\tsd of the paired gap\tdeals to tell from the leader\tnote\n", figureWhat(f))
		for _, l := range p.Lines {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", l.What, figureValue(f, l.Effect), sdText(f, l.SD), dealCount(l.DealsToDecide), l.Note)
		}
	} else {
		fmt.Fprintf(tw, "difference\tseen\tsd per deal\tpaired\tdeals for ±%s\tdeals to decide it\n", figureSize(f, p.HalfWidth))
		for _, l := range p.Lines {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%v\t%s\t%s\n", l.What, figureDiff(f, l.Effect), sdText(f, l.SD), l.Paired, dealCount(l.DealsForPrecision), dealCount(l.DealsToDecide))
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, "\n"+p.Sentence)
	return err
}

// sdText writes a standard deviation of a figure.
func sdText(f *sim.VariantFigure, sd float64) string {
	if f.Rate {
		return fmt.Sprintf("%.3g pp", 100*sd)
	}
	return fmt.Sprintf("%.4g", sd)
}

// dealCount writes a number of deals, "—" for none.
func dealCount(n int64) string {
	if n <= 0 {
		return "—"
	}
	return grouped(n)
}
