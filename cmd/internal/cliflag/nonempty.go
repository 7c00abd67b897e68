package cliflag

import (
	"errors"
	"slices"
	"strings"

	"github.com/spf13/pflag"
)

// RefuseEmpty makes the flags of fs called one of names refuse an empty or
// blank value.
func RefuseEmpty(fs *pflag.FlagSet, names ...string) {
	fs.VisitAll(func(fl *pflag.Flag) {
		if _, done := fl.Value.(NonEmptyValue); slices.Contains(names, fl.Name) && !done {
			fl.Value = NonEmptyValue{fl.Value}
			if fl.DefValue == "[]" {
				fl.DefValue = "" // pflag names the default of a wrapped empty list, "[]", in help
			}
		}
	})
}

// NonEmptyValue is a flag's value that refuses an empty or blank value.
type NonEmptyValue struct{ pflag.Value }

// ErrEmpty is the error of an empty value.
var ErrEmpty = errors.New("empty: give a value, or leave the flag out for its default")

// Set sets the value from s, unless s is empty or blank.
func (v NonEmptyValue) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return ErrEmpty
	}
	return v.Value.Set(s)
}
