package analyses

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardsim/cardsim/games"
)

// Ints defines on o an option holding a comma-separated list of distinct
// integers, each within [lo, hi], stored in *p.
func Ints(o *games.Options, p *[]int, name string, def []int, lo, hi int, usage string) {
	accepts := fmt.Sprintf("integers from %d to %d, separated by commas, each once", lo, hi)
	o.Var(name, joinInts(def), accepts, usage,
		func(s string) error {
			var v []int
			for _, f := range strings.Split(s, ",") {
				n, err := strconv.Atoi(strings.TrimSpace(f))
				if err != nil || n < lo || n > hi || slices.Contains(v, n) {
					return fmt.Errorf("want %s", accepts)
				}
				v = append(v, n)
			}
			*p = v
			return nil
		},
		func() string { return joinInts(*p) })
}

// Strings defines on o an option holding a comma-separated list of
// distinct non-empty words, stored in *p.
func Strings(o *games.Options, p *[]string, name string, def []string, usage string) {
	const accepts = "words separated by commas, each once"
	o.Var(name, strings.Join(def, ","), accepts, usage,
		func(s string) error {
			var v []string
			for _, f := range strings.Split(s, ",") {
				if f = strings.TrimSpace(f); f == "" || slices.Contains(v, f) {
					return fmt.Errorf("want %s", accepts)
				}
				v = append(v, f)
			}
			*p = v
			return nil
		},
		func() string { return strings.Join(*p, ",") })
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}
