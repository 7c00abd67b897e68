package reports

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// palette holds the Okabe–Ito colours, told apart by readers with any of
// the common colour-vision deficiencies and in greyscale by lightness.
var palette = []color.RGBA{
	{0, 114, 178, 255},   // blue
	{230, 159, 0, 255},   // orange
	{0, 158, 115, 255},   // bluish green
	{204, 121, 167, 255}, // reddish purple
	{86, 180, 233, 255},  // sky blue
	{213, 94, 0, 255},    // vermilion
	{240, 228, 66, 255},  // yellow
	{0, 0, 0, 255},       // black
}

// paletteColor returns the i-th colour, cycling.
func paletteColor(i int) color.RGBA { return palette[i%len(palette)] }

var (
	barColor       = palette[0]
	intervalColor  = color.RGBA{A: 255}                      // black interval bars read on any fill
	referenceColor = color.RGBA{R: 90, G: 90, B: 90, A: 255} // reference lines
)

// Chart sizes: a half page of a rules revision, printed at 300 dpi.
const (
	chartWidth  = 7 * vg.Inch
	chartHeight = 4 * vg.Inch
	printDPI    = 300
)

// ChartFormats are the formats every chart is written in by default: SVG
// for pages, PNG at print resolution, PDF for documents.
var ChartFormats = []string{"svg", "png", "pdf"}

// ChartFormatsEnv names the environment variable that chooses the formats
// charts are written in: a comma-separated list of ChartFormats, which
// must name svg (pages embed it), such as "svg" to skip the PNG and PDF
// files (a PNG at print resolution costs a tenth of a second of CPU a
// chart). Unset or empty means ChartFormats.
const ChartFormatsEnv = "CARDSIM_CHARTS"

// ChosenChartFormats returns the formats charts are written in, as
// ChartFormatsEnv chooses them, in the order of ChartFormats, or an error
// naming what is wrong with its value.
func ChosenChartFormats() ([]string, error) {
	v := strings.TrimSpace(os.Getenv(ChartFormatsEnv))
	if v == "" {
		return ChartFormats, nil
	}
	chosen := map[string]bool{}
	for _, f := range strings.Split(v, ",") {
		f = strings.ToLower(strings.TrimSpace(f))
		if !slices.Contains(ChartFormats, f) {
			return nil, fmt.Errorf("%s=%q: %q is no chart format; want a list of %s", ChartFormatsEnv, v, f, strings.Join(ChartFormats, ", "))
		}
		chosen[f] = true
	}
	if !chosen["svg"] {
		return nil, fmt.Errorf("%s=%q: the list must name svg, which pages embed", ChartFormatsEnv, v)
	}
	var formats []string
	for _, f := range ChartFormats {
		if chosen[f] {
			formats = append(formats, f)
		}
	}
	return formats, nil
}

// canvas returns a canvas of the chart size in format and a function that
// writes it out.
func canvas(format string) (vg.CanvasWriterTo, bool) {
	switch format {
	case "svg":
		return outlinedSVG{vgsvg.New(chartWidth, chartHeight)}, true
	case "png":
		return vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(chartWidth, chartHeight), vgimg.UseDPI(printDPI))}, true
	case "pdf":
		c := vgpdf.New(chartWidth, chartHeight)
		c.EmbedFonts(true)
		return c, true
	}
	return nil, false
}

// drawChart draws p on c as every chart is drawn: the title across the
// top, wrapped to fit; the legend, if it has entries, in a column to the
// right of the plot rather than over the data, its rows spaced apart; round
// tick values with no more decimals than they need; and a margin above the
// data (and below it where padBelow, or where the axis does not start at
// zero) so that no bar or line touches the frame. p itself is left as it
// is, so that it can be drawn again.
func drawChart(p *plot.Plot, c draw.Canvas, padBelow bool) {
	q := *p
	polishAxes(&q, padBelow)
	c = draw.Crop(c, 0, 0, 0, -vg.Points(4))
	if q.Title.Text != "" {
		sty := q.Title.TextStyle
		title := wrapText(sty, q.Title.Text, c.Size().X-vg.Points(8))
		c.FillText(sty, vg.Point{X: c.Center().X, Y: c.Max.Y + sty.FontExtents().Descent}, title)
		c.Max.Y -= sty.Rectangle(title).Size().Y + q.Title.Padding + vg.Points(4)
		q.Title.Text = ""
	}
	legend := q.Legend
	q.Legend = plot.NewLegend()
	legend.Padding = vg.Points(5)
	legend.ThumbnailWidth = vg.Points(22)
	width := legend.Rectangle(c).Size().X
	gap := vg.Points(8)
	plotArea := draw.Crop(c, 0, -gap, 0, 0) // a margin at the right edge
	if width > 0 {
		plotArea = draw.Crop(c, 0, -(width + 2*gap), 0, 0)
	}
	// Axis labels longer than their axis are wrapped rather than pushing
	// the data aside (a y label is as long as the plot is high).
	q.Y.Label.Text = wrapText(q.Y.Label.TextStyle, q.Y.Label.Text, plotArea.Size().Y-vg.Points(40))
	q.X.Label.Text = wrapText(q.X.Label.TextStyle, q.X.Label.Text, plotArea.Size().X-vg.Points(60))
	q.Draw(plotArea)
	if width == 0 {
		return
	}
	// The legend's column, level with the top of the data (below the
	// title).
	col := draw.Crop(c, c.Max.X-c.Min.X-width-gap, 0, 0, 0)
	legend.Left, legend.Top = true, true
	legend.XOffs, legend.YOffs = 0, 0
	legend.Draw(col)
}

// headroom is the share of the data's span left free above it (and below
// it where the axis is padded there).
const headroom = 0.05

// polishAxes gives p's axes round ticks labelled with the decimals they
// need (the default would label 0, 250, 500 as "0.00", "250.00",
// "500.00") and a linear y axis its headroom.
func polishAxes(p *plot.Plot, padBelow bool) {
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		if _, ok := a.Tick.Marker.(plot.DefaultTicks); ok {
			a.Tick.Marker = niceTicks{}
		}
	}
	if _, ok := p.Y.Scale.(plot.LinearScale); ok {
		if span := p.Y.Max - p.Y.Min; span > 0 && !math.IsInf(span, 0) {
			if padBelow || p.Y.Min != 0 {
				p.Y.Min -= headroom * span
			}
			p.Y.Max += headroom * span
		}
	}
}

// niceTicks marks about five round values (1, 2 or 5 times a power of ten
// apart) along an axis, labelled with as many decimals as the step needs:
// none where the step is whole.
type niceTicks struct{}

// Ticks returns the ticks between lo and hi, with minor ticks between.
func (niceTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) || math.IsInf(hi-lo, 0) {
		return plot.DefaultTicks{}.Ticks(lo, hi)
	}
	raw := (hi - lo) / 5
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step, minors := mag, 5
	best := math.Inf(1)
	for _, m := range []struct {
		mult   float64
		minors int
	}{{1, 2}, {2, 2}, {5, 5}, {10, 2}} {
		if d := math.Abs(math.Log(m.mult * mag / raw)); d < best {
			best, step, minors = d, m.mult*mag, m.minors
		}
	}
	decimals := max(0, -int(math.Floor(math.Log10(step)+1e-9)))
	var ticks []plot.Tick
	first, last := math.Ceil(lo/step-1e-9), math.Floor(hi/step+1e-9)
	for k := first; k <= last; k++ {
		ticks = append(ticks, plot.Tick{Value: k * step, Label: tickLabel(k*step, decimals)})
	}
	minor := step / float64(minors)
	for k := math.Ceil(lo/minor - 1e-9); k <= math.Floor(hi/minor+1e-9); k++ {
		if math.Mod(k, float64(minors)) != 0 {
			ticks = append(ticks, plot.Tick{Value: k * minor})
		}
	}
	return ticks
}

// tickLabel formats v with the given decimals, never as "-0".
func tickLabel(v float64, decimals int) string {
	s := strconv.FormatFloat(v, 'f', decimals, 64)
	if strings.Trim(s, "-0.") == "" {
		s = strings.TrimPrefix(s, "-")
	}
	return s
}

// wrapText breaks each line of s that is wider than width in sty at
// spaces, so that it fits.
func wrapText(sty text.Style, s string, width vg.Length) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if sty.Width(line) <= width {
			out = append(out, line)
			continue
		}
		cur := ""
		for _, w := range strings.Fields(line) {
			if cur != "" && sty.Width(cur+" "+w) > width {
				out = append(out, cur)
				cur = w
				continue
			}
			if cur != "" {
				cur += " "
			}
			cur += w
		}
		out = append(out, cur)
	}
	return strings.Join(out, "\n")
}

// writeTo renders p in format into w: a PNG with its print resolution
// recorded (see withResolution).
func writeTo(p *plot.Plot, format string, w io.Writer, padBelow bool) error {
	cv, ok := canvas(format)
	if !ok {
		return errUnknownFormat(format)
	}
	drawChart(p, draw.New(cv), padBelow)
	if format != "png" {
		_, err := cv.WriteTo(w)
		return err
	}
	// PNG's fastest compression: a chart of flat colours compresses almost
	// as well, in a fifth of the time vgimg's default encoder takes.
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&b, cv.(vgimg.PngCanvas).Image()); err != nil {
		return err
	}
	out, err := withResolution(b.Bytes(), printDPI)
	if err != nil {
		return err
	}
	_, err = w.Write(out)
	return err
}

// withResolution returns the PNG data with a pHYs chunk after its header
// saying it holds dpi pixels per inch (in pixels per metre, as PNG counts
// them), so that other software prints and places it at its size (7 × 4
// inches) rather than reading it as a screen image of 72 or 96 dpi. Go's
// encoder writes no pHYs chunk of its own.
func withResolution(png []byte, dpi float64) ([]byte, error) {
	const sigLen = 8
	if len(png) < sigLen+8 || string(png[:sigLen]) != "\x89PNG\r\n\x1a\n" || string(png[sigLen+4:sigLen+8]) != "IHDR" {
		return nil, errors.New("chart: the PNG encoder wrote no PNG header")
	}
	end := sigLen + 12 + int(binary.BigEndian.Uint32(png[sigLen:])) // IHDR's length, type, data and CRC
	if end > len(png) {
		return nil, errors.New("chart: the PNG encoder wrote a short header")
	}
	ppm := uint32(math.Round(dpi / 0.0254))
	chunk := binary.BigEndian.AppendUint32(nil, 9)
	chunk = append(chunk, "pHYs"...)
	chunk = binary.BigEndian.AppendUint32(chunk, ppm)
	chunk = binary.BigEndian.AppendUint32(chunk, ppm)
	chunk = append(chunk, 1) // unit: the metre
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	out := make([]byte, 0, len(png)+len(chunk))
	out = append(append(append(out, png[:end]...), chunk...), png[end:]...)
	return out, nil
}
