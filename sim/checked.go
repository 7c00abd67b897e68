package sim

import (
	"errors"
	"math"
)

// errOverflow reports a count or a sum beyond what an int64 holds: a tally
// read from a file whose counts only a forger could have written, or a
// merge of more deals than a tally can count.
var errOverflow = errors.New("counts or sums beyond what 64 bits hold")

// checked does int64 arithmetic and remembers whether any step of it
// overflowed, so that a long computation checks once at its end.
type checked struct{ overflow bool }

// add returns a+b.
func (c *checked) add(a, b int64) int64 {
	s := a + b
	if (a >= 0) == (b >= 0) && (s >= 0) != (a >= 0) {
		c.overflow = true
	}
	return s
}

// mul returns a·b.
func (c *checked) mul(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	p := a * b
	if p/b != a || a == math.MinInt64 || b == math.MinInt64 {
		c.overflow = true
	}
	return p
}

// err returns errOverflow if any step overflowed.
func (c *checked) err() error {
	if c.overflow {
		return errOverflow
	}
	return nil
}

// saturated returns a·b, or the largest int64 when that overflows: a bound
// that a product too large to count cannot tighten.
func saturated(a, b int64) int64 {
	var c checked
	if p := c.mul(a, b); !c.overflow {
		return p
	}
	return math.MaxInt64
}
