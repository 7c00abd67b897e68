package reports

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image/png"
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/cardsim/cardsim/games/nora"
)

// svgOf renders c as SVG.
func svgOf(t *testing.T, c Chart) string {
	t.Helper()
	b, err := c.Render("svg")
	if err != nil {
		t.Fatalf("chart %s: %v", c.Name, err)
	}
	return string(b)
}

// hasText reports whether an SVG holds a text element reading s.
func hasText(svg, s string) bool {
	esc := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "'", "&#39;").Replace(s)
	return strings.Contains(svg, ">"+esc+"<")
}

func chartNames(cs []Chart) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}

// TestChartPNGResolution: a PNG chart says it is printed at 300 dpi (11811
// pixels per metre) in a pHYs chunk right after its header, with a correct
// CRC, and still decodes to 2100 × 1200 pixels (7 × 4 inches).
func TestChartPNGResolution(t *testing.T) {
	c, err := LineChart("l", "t", "x", "y", []LineSeries{{Label: "a", X: []float64{1, 2}, Y: []float64{1, 2}}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.Render("png")
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("the PNG does not decode: %v", err)
	}
	if sz := img.Bounds().Size(); sz.X != 2100 || sz.Y != 1200 {
		t.Errorf("PNG of %v pixels, want 2100 × 1200", sz)
	}
	// Walk the chunks after the signature.
	var types []string
	var phys []byte
	for off := 8; off+12 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[off:]))
		typ, data := string(b[off+4:off+8]), b[off+8:off+8+n]
		if crc := binary.BigEndian.Uint32(b[off+8+n:]); crc != crc32.ChecksumIEEE(b[off+4:off+8+n]) {
			t.Errorf("chunk %s: CRC %08x, want %08x", typ, crc, crc32.ChecksumIEEE(b[off+4:off+8+n]))
		}
		types = append(types, typ)
		if typ == "pHYs" {
			phys = data
		}
		off += 12 + n
	}
	if len(types) < 2 || types[0] != "IHDR" || types[1] != "pHYs" {
		t.Fatalf("chunks %v, want IHDR then pHYs", types)
	}
	if len(phys) != 9 {
		t.Fatalf("pHYs of %d bytes, want 9", len(phys))
	}
	x, y, unit := binary.BigEndian.Uint32(phys), binary.BigEndian.Uint32(phys[4:]), phys[8]
	if x != 11811 || y != 11811 || unit != 1 {
		t.Errorf("pHYs %d × %d per unit %d, want 11811 × 11811 per metre (300 dpi)", x, y, unit)
	}
	if dpi := float64(x) * 0.0254; math.Abs(dpi-300) > 0.5 {
		t.Errorf("%g dpi, want 300", dpi)
	}
}

// TestLongTitlesFit: a title wider than the chart is broken into lines
// that each fit, every word kept.
func TestLongTitlesFit(t *testing.T) {
	title := "Round-up (greedy+defender): chance of winning a round alone against face cards in that round's deal, at every player count studied"
	c, err := LineChart("l", title, "x", "y", []LineSeries{{X: []float64{1, 2}, Y: []float64{1, 2}}})
	if err != nil {
		t.Fatal(err)
	}
	sty := c.Plot.Title.TextStyle
	if sty.Width(title) <= chartWidth {
		t.Fatalf("the title is %v wide: too short to test", sty.Width(title))
	}
	width := chartWidth - vg.Points(8)
	wrapped := wrapText(sty, title, width)
	lines := strings.Split(wrapped, "\n")
	if len(lines) < 2 {
		t.Errorf("title not wrapped: %q", wrapped)
	}
	for _, l := range lines {
		if sty.Width(l) > width {
			t.Errorf("line %q is %v wide, more than %v", l, sty.Width(l), width)
		}
	}
	if strings.Join(strings.Fields(wrapped), " ") != title {
		t.Errorf("wrapping lost words: %q", wrapped)
	}
	svg := svgOf(t, c)
	if hasText(svg, title) || !hasText(svg, lines[0]) {
		t.Errorf("the SVG does not draw the title in lines")
	}
	if c.Plot.Title.Text != title {
		t.Errorf("rendering changed the chart's title to %q", c.Plot.Title.Text)
	}
}

// TestTickLabelsAndHeadroom: round ticks have no more decimals than their
// step (a score axis reads 0, 100, … not 0.00, 250.00, …; a difference
// axis -20 … 20, not -25.00, 25.00), and the y axis leaves room above the
// tallest bar, and below a line's lowest point.
func TestTickLabelsAndHeadroom(t *testing.T) {
	labels := func(lo, hi float64) []string {
		var out []string
		for _, tk := range (niceTicks{}).Ticks(lo, hi) {
			if tk.Label != "" {
				out = append(out, tk.Label)
			}
		}
		return out
	}
	for _, tt := range []struct {
		lo, hi float64
		want   []string
	}{
		{0, 567, []string{"0", "100", "200", "300", "400", "500"}},
		{-30, 30, []string{"-30", "-20", "-10", "0", "10", "20", "30"}},
		{-26, 27, []string{"-20", "-10", "0", "10", "20"}},
		{0, 1, []string{"0.0", "0.2", "0.4", "0.6", "0.8", "1.0"}},
		{0, 0.13, []string{"0.00", "0.02", "0.04", "0.06", "0.08", "0.10", "0.12"}},
		{314.6, 321.2, []string{"315", "316", "317", "318", "319", "320", "321"}},
	} {
		if got := labels(tt.lo, tt.hi); !slices.Equal(got, tt.want) {
			t.Errorf("ticks of %g … %g: %v, want %v", tt.lo, tt.hi, got, tt.want)
		}
	}
	s := summaryOf(t, nora.Definition(), nil, 300, "stop-at")
	cs, err := Charts(s)
	if err != nil {
		t.Fatal(err)
	}
	if svg := svgOf(t, cs[0]); strings.Contains(svg, ">250.00<") || strings.Contains(svg, ">500.00<") || !hasText(svg, "500") {
		t.Errorf("score axis not labelled in whole points")
	}
	p := plot.New()
	p.Y.Min, p.Y.Max = 0, 10
	q := *p
	polishAxes(&q, false)
	if q.Y.Min != 0 || q.Y.Max != 10.5 {
		t.Errorf("bars from 0 to 10: axis %g … %g, want 0 … 10.5", q.Y.Min, q.Y.Max)
	}
	q = *p
	polishAxes(&q, true)
	if q.Y.Min != -0.5 || q.Y.Max != 10.5 {
		t.Errorf("lines from 0 to 10: axis %g … %g, want -0.5 … 10.5", q.Y.Min, q.Y.Max)
	}
	if p.Y.Max != 10 {
		t.Errorf("polishing a copy changed the chart")
	}
}
