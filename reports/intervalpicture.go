package reports

import (
	"fmt"
	"html/template"
	"math"
	"strings"
)

// The size of a verdict's interval picture, in CSS pixels.
const (
	pictureWidth  = 160
	pictureHeight = 22
)

// IntervalPicture returns a verdict's interval as a small inline SVG for
// the summary: the no-change line at zero, the margin of practical
// equivalence as a grey band around it, and the interval as a bar in the
// colour of its kind with a dot at the estimate, on a scale that holds all
// three. A reader sees at a glance whether the bar clears zero (matters),
// sits inside the band (does not matter) or straddles both (undecided).
// It returns "" for an answer that is not a difference with an interval.
func IntervalPicture(q Question) template.HTML {
	a := q.Answer
	if !inFamily(a) || math.IsInf(a.CILow, 0) || math.IsInf(a.CIHigh, 0) {
		return ""
	}
	reach := math.Max(math.Max(math.Abs(a.CILow), math.Abs(a.CIHigh)), a.Margin)
	if !(reach > 0) {
		reach = 1
	}
	reach *= 1.1
	pad := 4.0
	x := func(v float64) float64 { return pad + (v+reach)/(2*reach)*(pictureWidth-2*pad) }
	style := kindStyles[len(kindStyles)-1]
	for _, s := range kindStyles {
		if s.Kind == q.Kind {
			style = s
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="picture" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">`,
		pictureWidth, pictureHeight, pictureWidth, pictureHeight, template.HTMLEscapeString(string(q.Kind)+": "+IntervalText(a)))
	if a.Margin > 0 {
		fmt.Fprintf(&b, `<rect class="margin" x="%.1f" y="2" width="%.1f" height="%d" fill="#e4e4e4"/>`, x(-a.Margin), x(a.Margin)-x(-a.Margin), pictureHeight-4)
	}
	fmt.Fprintf(&b, `<line class="zero" x1="%.1f" y1="1" x2="%.1f" y2="%d" stroke="#222" stroke-width="1"/>`, x(0), x(0), pictureHeight-1)
	mid := pictureHeight / 2
	fmt.Fprintf(&b, `<line class="interval" x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="4"/>`, x(a.CILow), mid, x(a.CIHigh), mid, darker(style))
	fmt.Fprintf(&b, `<circle class="estimate" cx="%.1f" cy="%d" r="3" fill="#222"/></svg>`, x(a.Value), mid)
	return template.HTML(b.String())
}

// darker returns the colour a kind's interval is drawn in: its background,
// or a dark grey where that is too light to see on white.
func darker(s kindStyle) string {
	if s.Kind == Open || s.Kind == Measured {
		return "#8a7d00" // the yellow of undecided, dark enough on white; grey is never drawn
	}
	return s.Background
}
