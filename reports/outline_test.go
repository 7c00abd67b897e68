package reports

import (
	"regexp"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// TestChartTextOutlined: an SVG chart draws its text as glyph outlines
// and keeps the words only as invisible text, so that no viewer sets them
// in a font of its own (the browser test checks the pixels).
func TestChartTextOutlined(t *testing.T) {
	c, err := LineChart("l", "a title", "x axis", "95% interval (band)", []LineSeries{{Label: "greedy", X: []float64{1, 2}, Y: []float64{1, 2}}})
	if err != nil {
		t.Fatal(err)
	}
	svg := svgOf(t, c)
	texts := regexp.MustCompile(`<text [^>]*>`).FindAllString(svg, -1)
	if len(texts) < 5 || !hasText(svg, "greedy") {
		t.Fatalf("%d text elements, greedy among them: %v", len(texts), hasText(svg, "greedy"))
	}
	for _, el := range texts {
		if !strings.Contains(el, `fill-opacity="0"`) {
			t.Errorf("visible text: %s", el)
		}
	}
	if paths := strings.Count(svg, "<path"); paths < len(texts) {
		t.Errorf("%d paths for %d strings: want each string's outlines", paths, len(texts))
	}
}

// TestGlyphOutlines: the outlines of a string are laid out as the font
// measures it: they span its width (less the side bearings) from the
// point given, rise above the baseline, and descend below it where a
// letter does (the font's y axis runs the other way).
func TestGlyphOutlines(t *testing.T) {
	face := plot.DefaultTextHandler.Cache().Lookup(plot.DefaultFont, vg.Points(12))
	size := face.Font.Size
	at := vg.Point{X: 100, Y: 50}
	for _, tt := range []struct {
		s       string
		descent bool
	}{{"95% interval", false}, {"fair share (1/4)", true}, {"Wg", true}, {"AVAVAV", false}} {
		p := glyphOutlines(face, at, tt.s)
		if len(p) == 0 {
			t.Fatalf("%q: no outlines", tt.s)
		}
		lo, hi := vg.Point{X: 1e9, Y: 1e9}, vg.Point{X: -1e9, Y: -1e9}
		for _, c := range p {
			for _, q := range append(c.Control, c.Pos) {
				if c.Type == vg.CloseComp {
					continue
				}
				lo.X, lo.Y, hi.X, hi.Y = min(lo.X, q.X), min(lo.Y, q.Y), max(hi.X, q.X), max(hi.Y, q.Y)
			}
		}
		w := face.Width(tt.s)
		if lo.X < at.X-0.1*size || hi.X > at.X+w+0.1*size || hi.X-lo.X < w-0.3*size {
			t.Errorf("%q: outlines from x = %.2f to %.2f; want the width %.2f from %.2f", tt.s, lo.X, hi.X, w, at.X)
		}
		if hi.Y < at.Y+0.5*size || hi.Y > at.Y+size {
			t.Errorf("%q: outlines up to y = %.2f, want about %.2f above the baseline %.2f", tt.s, hi.Y, 0.7*size, at.Y)
		}
		if got := lo.Y < at.Y-0.1*size; got != tt.descent {
			t.Errorf("%q: outlines down to y = %.2f, baseline %.2f: descends %v, want %v", tt.s, lo.Y, at.Y, got, tt.descent)
		}
	}
}
