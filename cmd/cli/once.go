package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// keyedFlags names the repeatable key=value flags and what their keys are:
// a key given twice would otherwise keep the last value, silently.
var keyedFlags = map[string]string{"rule": "rule", "param": "parameter", "opt": "option"}

// onceFlags makes every repeatable key=value flag in the tree below root
// refuse a key given twice.
func onceFlags(root *cobra.Command) {
	walk(root, func(cmd *cobra.Command) {
		cmd.Flags().VisitAll(func(fl *pflag.Flag) {
			if what, ok := keyedFlags[fl.Name]; ok {
				if _, done := fl.Value.(*onceValue); !done {
					fl.Value = &onceValue{Value: fl.Value, what: what}
					if fl.DefValue == "[]" {
						fl.DefValue = "" // pflag names the default of a wrapped empty list, "[]", in help
					}
				}
			}
		})
	})
}

// onceValue is a repeatable key=value flag's value that refuses a key given
// twice.
type onceValue struct {
	pflag.Value
	what string
	keys []string
}

// Set adds the key=value s, unless its key was given before.
func (v *onceValue) Set(s string) error {
	if err := onceEach(v.what, append(v.keys, s)); err != nil {
		return err
	}
	v.keys = append(v.keys, s)
	return v.Value.Set(s)
}

// onceEach reports the first key of the key=value options kvs given twice
// (spaces around it aside), naming the option a what ("rule").
func onceEach(what string, kvs []string) error {
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
