package cliflag_test

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/cardsim/cardsim/cmd/internal/cliflag"
)

func ExampleDecimalInts() {
	fs := pflag.NewFlagSet("run", pflag.ContinueOnError)
	games := fs.Int("games", 1000, "deals to play")
	cliflag.DecimalInts(fs)
	fmt.Println(fs.Parse([]string{"--games", "010"}), *games)
	fmt.Println(fs.Parse([]string{"--games", "0x10"}))
	// Output:
	// <nil> 10
	// invalid argument "0x10" for "--games" flag: want a whole number in decimal digits, such as 1000
}

func ExampleRefuseRepeats() {
	fs := pflag.NewFlagSet("run", pflag.ContinueOnError)
	fs.StringArray("rule", nil, "rule option `key=value` (repeatable)")
	cliflag.RefuseRepeats(fs, map[string]string{"rule": "rule"})
	fmt.Println(fs.Parse([]string{"--rule", "insure=2", "--rule", "insure=3"}))
	// Output:
	// invalid argument "insure=3" for "--rule" flag: rule insure given twice: give each rule once
}
