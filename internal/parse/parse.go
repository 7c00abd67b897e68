package parse

import (
	"errors"
	"fmt"
	"strings"
)

// ErrNotDecimal is the error of a value that is not a decimal integer.
var ErrNotDecimal = errors.New("want a whole number in decimal digits, such as 1000")

// Decimal returns s, an integer in decimal digits with an optional sign,
// without leading zeros, so that Go's and pflag's parsers, which read "010"
// as octal, read it as the decimal number it pads. It returns ErrNotDecimal
// for anything else.
func Decimal(s string) (string, error) {
	sign, digits := "", s
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		sign, digits = s[:1], s[1:]
	}
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return "", ErrNotDecimal
	}
	if digits = strings.TrimLeft(digits, "0"); digits == "" {
		digits = "0"
	}
	return sign + digits, nil
}

// OnceEach reports the first key of the key=value options kvs given twice
// (spaces around it aside), naming the option a what ("rule").
func OnceEach(what string, kvs []string) error {
	seen := map[string]bool{}
	for _, kv := range kvs {
		k, _, _ := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		if seen[k] {
			return fmt.Errorf("%s %s given twice: give each %s once", what, k, what)
		}
		seen[k] = true
	}
	return nil
}
