package reports

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// PointDifference is a sweep point's figure less the reference point's,
// for one strategy (the same at both): paired deal by deal where both
// points dealt the same cards and kept their figures from the first deal,
// else the two runs' intervals combined as if independent.
type PointDifference struct {
	Entry    int     `json:"entry"`
	Strategy string  `json:"strategy"`
	Figure   string  `json:"figure"` // score or win
	Diff     float64 `json:"diff"`
	CILow    float64 `json:"ci_low"`
	CIHigh   float64 `json:"ci_high"`
	Paired   bool    `json:"paired"`
	Deals    int64   `json:"deals"` // the common deals paired, or the fewer of the two runs' deals
}

// referenceLabel names a sweep's reference point by its values, or ""
// when it is not among the points finished (which are the first of the
// grid, in its order).
func (sw *Sweep) referenceLabel() string {
	if sw.Reference < 0 || sw.Reference >= len(sw.Points) {
		return ""
	}
	return pointValues(sw, &sw.Points[sw.Reference])
}

// writeSweepDifferences writes, below a sweep's table, every point's
// differences from the reference point, and the strategies' differences at
// each point when several were compared.
func writeSweepDifferences(w io.Writer, sw *Sweep) error {
	ref := sw.referenceLabel()
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	any := false
	for _, p := range sw.Points {
		for _, d := range p.Differences {
			if !any {
				fmt.Fprintf(tw, "\ndifference from %s\tstrategy\tscore difference\tinterval\twin rate difference\tinterval\tpaired\n", ref)
				any = true
			}
			if d.Figure != "score" {
				continue
			}
			win := findDifference(p.Differences, d.Entry, "win")
			paired := "yes"
			if !d.Paired {
				paired = "no: intervals combined"
			}
			fmt.Fprintf(tw, "%s\t%s\t%+.3f\t%+.3f … %+.3f\t%s pp\t%s … %s\t%s\n", pointValues(sw, &p), d.Strategy,
				d.Diff, d.CILow, d.CIHigh, PP(win.Diff), PP(win.CILow), PP(win.CIHigh), paired)
		}
	}
	several := false
	for _, p := range sw.Points {
		several = several || len(p.Summary.Comparisons) > 0
	}
	if several {
		fmt.Fprintf(tw, "\nat each point\tstrategies\tscore difference (paired)\tinterval\twin rate difference\tinterval\n")
		for _, p := range sw.Points {
			for _, c := range p.Summary.Comparisons {
				fmt.Fprintf(tw, "%s\t%s\t%+.3f\t%+.3f … %+.3f\t%s pp\t%s … %s\n", pointValues(sw, &p), c.Label,
					c.ScoreDiff, c.CILow, c.CIHigh, PP(c.WinDiff), PP(c.WinDiffCILow), PP(c.WinDiffCIHigh))
			}
		}
	}
	return tw.Flush()
}

// findDifference returns the difference of entry e on fig among ds.
func findDifference(ds []PointDifference, e int, fig string) PointDifference {
	for _, d := range ds {
		if d.Entry == e && d.Figure == fig {
			return d
		}
	}
	return PointDifference{}
}

// pointValues names a point by its swept values, "insure=2 switch=3".
func pointValues(sw *Sweep, p *SweepPoint) string {
	var kv []string
	for _, k := range sw.Keys {
		kv = append(kv, k+"="+p.Values[k])
	}
	return strings.Join(kv, " ")
}

// SweepDifferenceColumns are the columns of differences.csv, after a
// column per swept rule and before the schema version.
var SweepDifferenceColumns = []string{"strategy", "versus", "figure", "diff", "ci_low", "ci_high", "paired", "deals"}

// WriteSweepDifferencesCSV writes a sweep's differences as tidy rows: for
// every point but the reference, each strategy's score and win rate less
// the reference point's (versus names the reference point), then at every
// point each pair of strategies' paired differences (versus names the
// other strategy).
func WriteSweepDifferencesCSV(w io.Writer, sw *Sweep) error {
	c := newCSVWriter(w)
	var head []string
	for _, k := range sw.Keys {
		head = append(head, snake(k))
	}
	c.Write(append(head, SweepDifferenceColumns...))
	ref := sw.referenceLabel()
	for _, p := range sw.Points {
		var vals []string
		for _, k := range sw.Keys {
			vals = append(vals, p.Values[k])
		}
		for _, d := range p.Differences {
			c.Write(append(append([]string{}, vals...), d.Strategy, ref, d.Figure, ftoa(d.Diff), ftoa(d.CILow), ftoa(d.CIHigh), fmt.Sprint(d.Paired), itoa(d.Deals)))
		}
		for _, cp := range p.Summary.Comparisons {
			a, b, _ := strings.Cut(cp.Label, " − ")
			n := itoa(p.Summary.Manifest.Games)
			c.Write(append(append([]string{}, vals...), a, b, "score", ftoa(cp.ScoreDiff), ftoa(cp.CILow), ftoa(cp.CIHigh), "true", n))
			c.Write(append(append([]string{}, vals...), a, b, "win", ftoa(cp.WinDiff), ftoa(cp.WinDiffCILow), ftoa(cp.WinDiffCIHigh), "true", n))
		}
	}
	c.Flush()
	return c.Error()
}
