package nora

import (
	"fmt"
	"strings"
)

// Source is a way of earning ip.
type Source int

// The sources of ip, in the order of the metrics ip_earned.<source>.
const (
	Joke     Source = iota // the joker pair
	Triple                 // a pair taken from a run of exactly three
	Quad                   // a run of four removed whole
	Sweep                  // all four of a rank removed in one pass, not by one quad
	Jamboree               // pairs of a pass from the jamboree-from-th on
	Chain                  // pairs after the first in a block removed end to end
	Reaction               // a pair brought together by earlier removals
	DeadDeck               // consolation for a round ending dead
	Pair                   // every pair other than the jokers', at the end of its pass (nothing under the rules as written)
	NumSources
)

var sourceNames = [NumSources]string{"joke", "triple", "quad", "sweep", "jamboree", "chain", "reaction", "dead_deck", "pair"}

// String returns the source's name as used in metrics: "joke", "triple" ….
func (s Source) String() string { return sourceNames[s] }

// Earned counts ip by source.
type Earned [NumSources]int

// Total returns the ip earned from all sources.
func (e *Earned) Total() int {
	t := 0
	for _, v := range e {
		t += v
	}
	return t
}

// Add adds f to e.
func (e *Earned) Add(f *Earned) {
	for i, v := range f {
		e[i] += v
	}
}

// String lists the non-zero sources, such as "quad 4 + chain 1", or "0".
func (e Earned) String() string {
	var parts []string
	for s, v := range e {
		if v != 0 {
			parts = append(parts, fmt.Sprintf("%s %d", Source(s), v))
		}
	}
	if len(parts) == 0 {
		return "0"
	}
	return strings.Join(parts, " + ")
}

// MarshalJSON writes e as an object with the total and every source, but
// Pair when it is 0: the rules as written pay nothing for a plain pair.
func (e Earned) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	fmt.Fprintf(&b, `{"total":%d`, e.Total())
	for s, v := range e {
		if Source(s) == Pair && v == 0 {
			continue
		}
		fmt.Fprintf(&b, `,%q:%d`, Source(s).String(), v)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}
