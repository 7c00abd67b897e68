package cliflag

import (
	"github.com/spf13/pflag"

	"github.com/cardsim/cardsim/internal/parse"
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

// Set sets the value from s, read in decimal.
func (d DecimalValue) Set(s string) error {
	n, err := parse.Decimal(s)
	if err != nil {
		return err
	}
	return d.Value.Set(n)
}
