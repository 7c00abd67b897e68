package cliflag

import (
	"github.com/spf13/pflag"

	"github.com/cardsim/cardsim/internal/parse"
)

// RefuseRepeats makes every repeatable key=value flag of fs named in keyed
// refuse a key given twice; keyed maps the flag's name to what its keys are
// ("param" to "parameter"), for the error.
func RefuseRepeats(fs *pflag.FlagSet, keyed map[string]string) {
	fs.VisitAll(func(fl *pflag.Flag) {
		if what, ok := keyed[fl.Name]; ok {
			if _, done := fl.Value.(*OnceValue); !done {
				fl.Value = &OnceValue{Value: fl.Value, What: what}
				if fl.DefValue == "[]" {
					fl.DefValue = "" // pflag names the default of a wrapped empty list, "[]", in help
				}
			}
		}
	})
}

// OnceValue is a repeatable key=value flag's value that refuses a key given
// twice.
type OnceValue struct {
	pflag.Value
	What string // what the keys are, such as "rule"
	kvs  []string
}

// Set adds the key=value s, unless its key was given before.
func (v *OnceValue) Set(s string) error {
	if err := parse.OnceEach(v.What, append(v.kvs, s)); err != nil {
		return err
	}
	v.kvs = append(v.kvs, s)
	return v.Value.Set(s)
}
