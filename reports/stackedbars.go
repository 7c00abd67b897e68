package reports

import (
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// BarStack is one layer of a stacked bar chart: its value in every category.
type BarStack struct {
	Label  string
	Values []float64
}

// StackedBars draws one bar per category, made of the stacks' values one on
// top of the other, the first at the bottom; the legend lists them from the
// top down, in the order the bars show them.
func StackedBars(name, title, yLabel string, categories []string, stacks []BarStack) (Chart, error) {
	p := plot.New()
	p.Title.Text = title
	p.Y.Label.Text = yLabel
	p.Add(plotter.NewGrid())
	var below *plotter.BarChart
	bars := make([]*plotter.BarChart, len(stacks))
	for i, s := range stacks {
		if len(s.Values) != len(categories) {
			return Chart{}, fmt.Errorf("chart %s: stack %q has %d values for %d categories", name, s.Label, len(s.Values), len(categories))
		}
		b, err := plotter.NewBarChart(plotter.Values(s.Values), vg.Points(28))
		if err != nil {
			return Chart{}, err
		}
		b.Color = paletteColor(i)
		b.LineStyle.Width = 0
		if below != nil {
			b.StackOn(below)
		}
		below = b
		p.Add(b)
		bars[i] = b
	}
	// The legend lists the stacks top first, as the bars show them.
	for i := len(stacks) - 1; i >= 0; i-- {
		p.Legend.Add(stacks[i].Label, bars[i])
	}
	p.NominalX(categories...)
	return Chart{Name: name, Plot: p}, nil
}
