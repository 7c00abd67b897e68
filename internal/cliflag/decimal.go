package cliflag

import (
	"errors"
	"strings"

	"github.com/spf13/pflag"
)

// DecimalInts makes every integer flag of fs read its value in decimal.
// pflag reads integers as Go literals, so "--games 010" would play 8 games
// and "0x10" 16.
func DecimalInts(fs *pflag.FlagSet) {
	fs.VisitAll(func(fl *pflag.Flag) {
		switch fl.Value.Type() {
		case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
			if _, done := fl.Value.(DecimalValue); !done {
				fl.Value = DecimalValue{fl.Value}
			}
		}
	})
}

// DecimalValue is an integer flag's value that takes decimal digits only,
// with an optional sign; leading zeros are read as the decimal number they
// pad.
type DecimalValue struct{ pflag.Value }

// ErrNotDecimal is the error of a value that is not a decimal integer.
var ErrNotDecimal = errors.New("want a whole number in decimal digits, such as 1000")

// Set sets the value from s, read in decimal.
func (d DecimalValue) Set(s string) error {
	n, err := Decimal(s)
	if err != nil {
		return err
	}
	return d.Value.Set(n)
}

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
