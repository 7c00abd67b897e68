package sim

import (
	"fmt"
	"slices"
)

// MaxPermutedSeats is the largest number of seats for which every deal is
// played in every distinct seating of the lineup; above it, in the cyclic
// rotations only (each entry once in each seat).
const MaxPermutedSeats = 5

// Seatings returns the ways each deal is played, for a game with the given
// seats and a lineup of entries strategies. A seating maps each seat to a
// lineup entry.
//
// One seat (a solitaire): each entry plays the deal alone, so entries are
// compared on common cards. Several seats: the lineup is repeated to fill the
// seats, and the deal is played in every distinct permutation of that
// assignment (up to MaxPermutedSeats seats) or in its cyclic rotations
// (above), so no entry gains from a seat.
func Seatings(seats, entries int) [][]int {
	if seats < 1 || entries < 1 {
		panic(fmt.Sprintf("sim: Seatings(%d, %d)", seats, entries))
	}
	if seats == 1 {
		out := make([][]int, entries)
		for e := range out {
			out[e] = []int{e}
		}
		return out
	}
	base := make([]int, seats)
	for s := range base {
		base[s] = s % entries
	}
	if entries == 1 {
		return [][]int{base}
	}
	if seats > MaxPermutedSeats {
		out := make([][]int, seats)
		for r := range out {
			out[r] = make([]int, seats)
			for s := range seats {
				out[r][s] = base[(s+r)%seats]
			}
		}
		return out
	}
	// Distinct permutations in lexicographic order.
	p := slices.Clone(base)
	slices.Sort(p)
	var out [][]int
	for {
		out = append(out, slices.Clone(p))
		i := len(p) - 2
		for i >= 0 && p[i] >= p[i+1] {
			i--
		}
		if i < 0 {
			return out
		}
		j := len(p) - 1
		for p[j] <= p[i] {
			j--
		}
		p[i], p[j] = p[j], p[i]
		slices.Reverse(p[i+1:])
	}
}
