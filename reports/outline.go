package reports

import (
	"bytes"
	"io"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// outlinedSVG is an SVG canvas that draws text as the outlines of its
// glyphs, in the font the chart was laid out with. An SVG that only names
// its font is drawn in another wherever that font is missing, and the
// other's wider letters run past the space left for them ("95% interva");
// outlines look the same in every viewer. The text is kept as well,
// invisible, so that the words can still be searched and copied.
type outlinedSVG struct {
	*vgsvg.Canvas
}

// FillString draws s at pt as the outlines of its glyphs, then as
// invisible text.
func (c outlinedSVG) FillString(f font.Face, pt vg.Point, s string) {
	if p := glyphOutlines(f, pt, s); len(p) > 0 {
		c.Canvas.Fill(p)
	}
	c.Canvas.FillString(f, pt, s)
}

// invisibleText makes every text element of an SVG written by vgsvg
// transparent: its outlines are drawn beside it.
var invisibleText = []byte(`<text fill-opacity="0" `)

// WriteTo writes the SVG, its text elements transparent.
func (c outlinedSVG) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	if _, err := c.Canvas.WriteTo(&b); err != nil {
		return 0, err
	}
	n, err := w.Write(bytes.ReplaceAll(b.Bytes(), []byte("<text "), invisibleText))
	return int64(n), err
}

// glyphOutlines returns the outlines of s set in f with its baseline
// starting at pt, laid out as f.Width measures it: each glyph's advance
// and the kerning between pairs, unhinted.
func glyphOutlines(f font.Face, pt vg.Point, s string) vg.Path {
	var (
		buf     sfnt.Buffer
		ppem    = fixed.Int26_6(f.Face.UnitsPerEm()) // one unit of the font a unit of the outline
		scale   = f.Font.Size / vg.Length(ppem)
		x       fixed.Int26_6
		prev    sfnt.GlyphIndex
		path    vg.Path
		hinting = xfont.HintingNone
	)
	at := func(p fixed.Point26_6) vg.Point {
		return vg.Point{X: pt.X + vg.Length(x+p.X)*scale, Y: pt.Y - vg.Length(p.Y)*scale} // the font's y runs down
	}
	for i, r := range []rune(s) {
		idx, err := f.Face.GlyphIndex(&buf, r)
		if err != nil {
			return nil
		}
		if i > 0 {
			if k, err := f.Face.Kern(&buf, prev, idx, ppem, hinting); err == nil {
				x += k
			}
		}
		segs, err := f.Face.LoadGlyph(&buf, idx, ppem, nil)
		if err != nil {
			return nil
		}
		for _, sg := range segs {
			switch sg.Op {
			case sfnt.SegmentOpMoveTo:
				if len(path) > 0 {
					path.Close()
				}
				path.Move(at(sg.Args[0]))
			case sfnt.SegmentOpLineTo:
				path.Line(at(sg.Args[0]))
			case sfnt.SegmentOpQuadTo:
				path.QuadTo(at(sg.Args[0]), at(sg.Args[1]))
			case sfnt.SegmentOpCubeTo:
				path.CubeTo(at(sg.Args[0]), at(sg.Args[1]), at(sg.Args[2]))
			}
		}
		adv, err := f.Face.GlyphAdvance(&buf, idx, ppem, hinting)
		if err != nil {
			return nil
		}
		x += adv
		prev = idx
	}
	if len(path) > 0 {
		path.Close()
	}
	return path
}
