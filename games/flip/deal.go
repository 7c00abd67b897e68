package flip

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cardsim/cardsim/games/cards"
)

// parseFaces reads cards written "light/dark" ("10H/3C"), separated by
// spaces or commas. Where pairing is not nil a card may be written by its
// light face alone and takes its dark face from pairing. Errors quote the
// offending card, cut short if it is long.
func parseFaces(text string, pairing *[64]cards.Card) (light, dark []cards.Card, err error) {
	fields := strings.FieldsFunc(text, isSeparator)
	if len(fields) == 0 {
		return nil, nil, fmt.Errorf("no cards given")
	}
	for i, f := range fields {
		q := shorten(f)
		l, d, two := strings.Cut(f, "/")
		lc, err := parseFace(l)
		if err != nil {
			return nil, nil, fmt.Errorf("card %d %q: %w", i+1, q, err)
		}
		var dc cards.Card
		switch {
		case two:
			if dc, err = parseFace(d); err != nil {
				return nil, nil, fmt.Errorf("card %d %q: dark face: %w", i+1, q, err)
			}
		case pairing != nil && pairing[lc] != 0:
			dc = pairing[lc]
		case pairing != nil:
			return nil, nil, fmt.Errorf("card %d %q: not in this game's deck", i+1, q)
		default:
			return nil, nil, fmt.Errorf("card %d %q: name both faces, light/dark (such as 7H/2S): this mapping fixes no pairing", i+1, q)
		}
		light = append(light, lc)
		dark = append(dark, dc)
	}
	return light, dark, nil
}

// parseFace parses one face; jokers are not part of the game. Its errors
// do not quote s, which the caller quotes as it sees fit.
func parseFace(s string) (cards.Card, error) {
	c, err := cards.Parse(s)
	if err != nil {
		return 0, errors.New("want a rank and a suit such as 10H or QS")
	}
	if c.IsJoker() {
		return 0, errors.New("jokers are not used")
	}
	return c, nil
}

// formatFaces writes cards as "light/dark" pairs separated by spaces, the
// form Deal reads.
func formatFaces(light, dark []cards.Card) string {
	var b strings.Builder
	for i := range light {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(light[i].String())
		b.WriteByte('/')
		b.WriteString(dark[i].String())
	}
	return b.String()
}
