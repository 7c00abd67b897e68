package cli

import (
	"errors"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// nonEmpty reports whether the flag name is one whose empty value would
// otherwise stand for its default, silently: an empty --strategy or
// --strategies plays the game's first strategy, an empty --game of report
// every game, an empty --out, --checkpoint or --records writes nothing.
func nonEmpty(name string) bool {
	switch name {
	case "strategy", "strategies", "game", "out", "checkpoint", "records", "plan":
		return true
	}
	return false
}

// nonEmptyFlags makes every flag that nonEmpty names in the tree below root
// refuse an empty or blank value.
func nonEmptyFlags(root *cobra.Command) {
	walk(root, func(cmd *cobra.Command) {
		cmd.Flags().VisitAll(func(fl *pflag.Flag) {
			if _, done := fl.Value.(nonEmptyValue); nonEmpty(fl.Name) && !done {
				fl.Value = nonEmptyValue{fl.Value}
				if fl.DefValue == "[]" {
					fl.DefValue = "" // pflag names the default of a wrapped empty list, "[]", in help
				}
			}
		})
	})
}

// nonEmptyValue is a flag's value that refuses an empty or blank value.
type nonEmptyValue struct{ pflag.Value }

// errEmptyValue is the error of an empty value.
var errEmptyValue = errors.New("empty: give a value, or leave the flag out for its default")

// Set sets the value from s, unless s is empty or blank.
func (v nonEmptyValue) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return errEmptyValue
	}
	return v.Value.Set(s)
}
