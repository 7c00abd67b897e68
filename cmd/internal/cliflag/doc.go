// Package cliflag makes pflag flags check what they are given: integer
// values read in decimal (internal/parse; pflag reads "010" as octal), values that refuse
// to be empty where empty would silently stand for a default, and
// repeatable key=value flags that refuse a key given twice. It also writes
// the placeholders of flags' help in plain ASCII, so the help lines up.
package cliflag
