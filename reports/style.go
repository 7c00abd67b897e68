package reports

import (
	"image/color"
	"io"

	"gonum.org/v1/plot"
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

// ChartFormats are the formats every chart is written in: SVG for pages,
// PNG at print resolution, PDF for documents.
var ChartFormats = []string{"svg", "png", "pdf"}

// canvas returns a canvas of the chart size in format and a function that
// writes it out.
func canvas(format string) (vg.CanvasWriterTo, bool) {
	switch format {
	case "svg":
		return vgsvg.New(chartWidth, chartHeight), true
	case "png":
		return vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(chartWidth, chartHeight), vgimg.UseDPI(printDPI))}, true
	case "pdf":
		c := vgpdf.New(chartWidth, chartHeight)
		c.EmbedFonts(true)
		return c, true
	}
	return nil, false
}

// drawWithLegendOutside draws p on c with its legend, if it has entries,
// in a column to the right of the plot rather than over the data.
func drawWithLegendOutside(p *plot.Plot, c draw.Canvas) {
	legend := p.Legend
	width := legend.Rectangle(c).Size().X
	if width == 0 {
		p.Draw(c)
		return
	}
	gap := vg.Points(8)
	bare := *p
	bare.Legend = plot.NewLegend()
	bare.Draw(draw.Crop(c, 0, -(width + 2*gap), 0, 0))
	// The legend's column, level with the top of the data (below the
	// title).
	col := draw.Crop(c, c.Max.X-c.Min.X-width-gap, 0, 0, 0)
	if p.Title.Text != "" {
		col.Max.Y -= p.Title.TextStyle.Rectangle(p.Title.Text).Size().Y + p.Title.Padding
	}
	legend.Left, legend.Top = true, true
	legend.XOffs, legend.YOffs = 0, 0
	legend.Draw(col)
}

// writeTo renders p in format into w.
func writeTo(p *plot.Plot, format string, w io.Writer) error {
	cv, ok := canvas(format)
	if !ok {
		return errUnknownFormat(format)
	}
	drawWithLegendOutside(p, draw.New(cv))
	_, err := cv.WriteTo(w)
	return err
}
