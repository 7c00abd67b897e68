package cliflag

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"
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
	if err := OnceEach(v.What, append(v.kvs, s)); err != nil {
		return err
	}
	v.kvs = append(v.kvs, s)
	return v.Value.Set(s)
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
