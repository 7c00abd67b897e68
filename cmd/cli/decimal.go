package cli

import (
	"errors"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// decimalFlags makes every integer flag of every command under root read
// its value in decimal. pflag reads integers as Go literals, so "--games
// 010" would play 8 games and "0x10" 16.
func decimalFlags(root *cobra.Command) {
	walk(root, func(cmd *cobra.Command) {
		cmd.Flags().VisitAll(func(fl *pflag.Flag) {
			switch fl.Value.Type() {
			case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
				if _, done := fl.Value.(decimalValue); !done {
					fl.Value = decimalValue{fl.Value}
				}
			}
		})
	})
}

// decimalValue is an integer flag's value that takes decimal digits only,
// with an optional sign; leading zeros are read as the decimal number they
// pad.
type decimalValue struct{ pflag.Value }

// errNotDecimal is the error of a value that is not a decimal integer.
var errNotDecimal = errors.New("want a whole number in decimal digits, such as 1000")

// Set sets the value from s, read in decimal.
func (d decimalValue) Set(s string) error {
	n, err := decimal(s)
	if err != nil {
		return err
	}
	return d.Value.Set(n)
}

// decimal returns s, an integer in decimal digits with an optional sign,
// without leading zeros, so that Go's and pflag's parsers, which read
// "010" as octal, read it as the decimal number it pads.
func decimal(s string) (string, error) {
	sign, digits := "", s
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		sign, digits = s[:1], s[1:]
	}
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return "", errNotDecimal
	}
	if digits = strings.TrimLeft(digits, "0"); digits == "" {
		digits = "0"
	}
	return sign + digits, nil
}
