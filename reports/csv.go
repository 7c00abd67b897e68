package reports

import (
	"io"
	"maps"
	"slices"
	"strconv"

	"github.com/cardsim/cardsim/sim"
)

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

func ftoa(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
func itoa(i int64) string   { return strconv.FormatInt(i, 10) }

// WriteHistogramCSV writes each strategy's exact score histogram: strategy,
// score, how many games ended with it and their share. In a game of several
// players the count column is seat_games (each seat's score in each game
// once) rather than games. A strategy's shares sum to 1.
func WriteHistogramCSV(w io.Writer, s *sim.Summary) error {
	c := newCSVWriter(w)
	c.Write([]string{"strategy", "score", scoreUnit(s), "share"})
	for _, e := range entries(s) {
		for _, b := range e.score.Histogram {
			c.Write([]string{e.name, itoa(b.Value), itoa(b.Count), ftoa(float64(b.Count) / float64(e.score.N))})
		}
	}
	c.Flush()
	return c.Error()
}
