package reports

import (
	"strings"
	"testing"
)

// TestStackedBarsLegendTopDown: a stacked bar chart's legend lists the
// stacks from the top of the bars down, as they are seen.
func TestStackedBarsLegendTopDown(t *testing.T) {
	c, err := StackedBars("s", "t", "y", []string{"p", "q"}, []BarStack{{"bottom", []float64{1, 2}}, {"middle", []float64{1, 1}}, {"top", []float64{2, 1}}})
	if err != nil {
		t.Fatal(err)
	}
	svg := svgOf(t, c)
	top, middle, bottom := strings.Index(svg, ">top<"), strings.Index(svg, ">middle<"), strings.Index(svg, ">bottom<")
	if top < 0 || !(top < middle && middle < bottom) {
		t.Errorf("legend drawn in the order top %d, middle %d, bottom %d: want top first", top, middle, bottom)
	}
}
