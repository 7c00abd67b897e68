package reports

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// Format is one way of writing a result of type T on a stream, as
// --format names it.
type Format[T any] struct {
	Name  string // as --format names it, such as "csv"
	Usage string // what it writes, for help and completion
	Write func(w io.Writer, v T) error
}

// Formats lists the formats a kind of result is written in, the default
// first. Every command that prints that kind of result takes each of them
// with --format, lists them in its help and completes them: a format added
// here (Add) is added to all those commands at once.
type Formats[T any] struct {
	// What names the kind of result in errors, such as "a sweep".
	What string
	list []Format[T]
}

// FormatList is what a command reads of a kind of result's formats: their
// names, the default first, and what each writes. Every *Formats is one.
type FormatList interface {
	Names() []string
	Usage(name string) string
	Kind() string
	Refuse(name string) error
}

// Add declares a format of the result. It panics if name is taken.
func (f *Formats[T]) Add(name, usage string, write func(io.Writer, T) error) {
	if f.Has(name) {
		panic(fmt.Sprintf("reports: format %q of %s added twice", name, f.What))
	}
	f.list = append(f.list, Format[T]{Name: name, Usage: usage, Write: write})
}

// Names returns the formats' names, the default first.
func (f *Formats[T]) Names() []string {
	names := make([]string, len(f.list))
	for i, ft := range f.list {
		names[i] = ft.Name
	}
	return names
}

// Has reports whether the result is written in the named format.
func (f *Formats[T]) Has(name string) bool {
	return slices.ContainsFunc(f.list, func(ft Format[T]) bool { return ft.Name == name })
}

// Usage returns what the named format writes, or "" for none.
func (f *Formats[T]) Usage(name string) string {
	if i := slices.IndexFunc(f.list, func(ft Format[T]) bool { return ft.Name == name }); i >= 0 {
		return f.list[i].Usage
	}
	return ""
}

// Kind returns what the formats write: the kind of result.
func (f *Formats[T]) Kind() string { return f.What }

// Write writes v in the named format; a format the result is not written
// in is an error naming those it is.
func (f *Formats[T]) Write(w io.Writer, name string, v T) error {
	if i := slices.IndexFunc(f.list, func(ft Format[T]) bool { return ft.Name == name }); i >= 0 {
		return f.list[i].Write(w, v)
	}
	return f.Refuse(name)
}

// Refuse returns the error of a format the result is not written in.
func (f *Formats[T]) Refuse(name string) error {
	return fmt.Errorf("--format %q: %s is written as %s", name, f.What, OrList(f.Names()))
}

// OrList joins words as "a, b or c".
func OrList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
