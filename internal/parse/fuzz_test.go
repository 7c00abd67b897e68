package parse

import (
	"math/big"
	"strings"
	"testing"
)

// FuzzDecimal: Decimal accepts exactly the strings of an optional sign and
// decimal digits, and what it returns is the same number, written without
// leading zeros.
func FuzzDecimal(f *testing.F) {
	for _, s := range []string{"1000", "010", "-07", "+5", "0x10", "1e3", "", "-", " 1", "00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := Decimal(s)
		digits := strings.TrimLeft(s, "+-")
		valid := len(s)-len(digits) <= 1 && digits != "" && strings.Trim(digits, "0123456789") == ""
		if valid != (err == nil) {
			t.Fatalf("Decimal(%q): %v, want valid=%v", s, err, valid)
		}
		if err != nil {
			return
		}
		want, _ := new(big.Int).SetString(s, 10)
		n, ok := new(big.Int).SetString(got, 10)
		if !ok || n.Cmp(want) != 0 || (len(strings.TrimLeft(got, "+-")) > 1 && strings.TrimLeft(got, "+-")[0] == '0') {
			t.Fatalf("Decimal(%q) = %q, want %v without leading zeros", s, got, want)
		}
	})
}
