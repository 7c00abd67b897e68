// Package parse reads what a person types where cardsim takes a number or
// a list of key=value options, whether on the command line, in a spec file
// or in the workbench's form: integers in decimal digits (Go's parsers
// read "010" as octal), and lists that must not give a key twice. It
// imports nothing of cardsim, so any package may use it.
package parse
