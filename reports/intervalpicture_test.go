package reports

import (
	"math"
	"regexp"
	"strconv"
	"testing"
)

// TestIntervalPicture: the picture draws what the verdict says. A decided
// effect's bar lies wholly on one side of the zero line, an equivalent
// one's wholly inside the margin's band, an undecided one's crosses zero;
// the estimate's dot lies on the bar; a figure measured has no picture.
func TestIntervalPicture(t *testing.T) {
	attr := func(svg, class, name string) float64 {
		m := regexp.MustCompile(`class="` + class + `"[^>]*? ` + name + `="([-0-9.]+)"`).FindStringSubmatch(svg)
		if m == nil {
			return math.NaN()
		}
		v, _ := strconv.ParseFloat(m[1], 64)
		return v
	}
	for _, c := range []struct {
		name string
		a    Answer
		want Kind
	}{
		{"decided above", Answer{Unit: "share difference", Value: .05, CILow: .02, CIHigh: .08, Margin: .01}, Matters},
		{"decided below", Answer{Unit: "points difference", Value: -120, CILow: -130, CIHigh: -116, Margin: 5.4}, Matters},
		{"equivalent", Answer{Unit: "points difference", Value: -.6, CILow: -2.4, CIHigh: 1.1, Margin: 5.4}, NoMatter},
		{"undecided", Answer{Unit: "share difference", Value: .01, CILow: -.02, CIHigh: .04, Margin: .01}, Open},
	} {
		q := Questions([]Answer{c.a}, 1)[0]
		if q.Kind != c.want {
			t.Fatalf("%s: kind %q, want %q", c.name, q.Kind, c.want)
		}
		svg := string(IntervalPicture(q))
		zero, lo, hi, dot := attr(svg, "zero", "x1"), attr(svg, "interval", "x1"), attr(svg, "interval", "x2"), attr(svg, "estimate", "cx")
		band, width := attr(svg, "margin", "x"), attr(svg, "margin", "width")
		if math.IsNaN(zero+lo+hi+dot+band+width) || !(lo <= dot && dot <= hi) {
			t.Fatalf("%s: %s", c.name, svg)
		}
		var ok bool
		switch c.want {
		case Matters:
			ok = lo > zero || hi < zero
		case NoMatter:
			ok = lo > band && hi < band+width
		case Open:
			ok = lo < zero && hi > zero && (lo < band || hi > band+width)
		}
		if !ok {
			t.Errorf("%s: zero at %g, band %g to %g, bar %g to %g: the picture does not say %q", c.name, zero, band, band+width, lo, hi, c.want)
		}
	}
	if p := IntervalPicture(Questions([]Answer{{Unit: "share", Value: .9, CILow: .88, CIHigh: .92}}, 1)[0]); p != "" {
		t.Errorf("a figure measured drawn as %s", p)
	}
}
