package strategies

import (
	"fmt"
	"reflect"

	"github.com/cardsim/cardsim/games"
)

// showSame reports whether two views of one game show the same, as the
// games' tests compare views by what fmt's %+v prints of them: a view's
// handle back to its state prints as a fixed word, so that views of
// different states compare by what they show. It compares the values
// themselves, field by field and element by element, following pointers,
// without printing and without allocating: a handle (a field whose type
// is a struct of one pointer, with a String method) compares by what
// String returns, as %+v prints it, and any other field by value, equal
// values printing alike. Maps, functions and channels, which no view
// holds, compare unequal.
func showSame(a, b games.View) bool {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	return va.Type() == vb.Type() && sameValue(va, vb, 0)
}

var stringerType = reflect.TypeFor[fmt.Stringer]()

// isHandle reports whether v is a handle: a struct of one pointer, with a
// String method, that fmt prints by String (an exported field).
func isHandle(v reflect.Value) bool {
	return v.Kind() == reflect.Struct && v.NumField() == 1 && v.Field(0).Kind() == reflect.Pointer &&
		v.CanInterface() && v.Type().Implements(stringerType)
}

// maxShowDepth bounds the pointers sameValue follows in a row; a view
// deeper than that compares unequal.
const maxShowDepth = 16

func sameValue(a, b reflect.Value, depth int) bool {
	switch a.Kind() {
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float()
	case reflect.Complex64, reflect.Complex128:
		return a.Complex() == b.Complex()
	case reflect.String:
		return a.String() == b.String()
	case reflect.Pointer, reflect.Interface:
		switch {
		case a.IsNil() || b.IsNil():
			return a.IsNil() == b.IsNil()
		case a.Kind() == reflect.Pointer && a.Pointer() == b.Pointer():
			return true
		case depth >= maxShowDepth:
			return false
		}
		ea, eb := a.Elem(), b.Elem()
		return ea.Type() == eb.Type() && sameValue(ea, eb, depth+1)
	case reflect.Array:
		for i := range a.Len() {
			if !sameValue(a.Index(i), b.Index(i), depth) {
				return false
			}
		}
		return true
	case reflect.Slice:
		if a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !sameValue(a.Index(i), b.Index(i), depth) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := range a.NumField() {
			fa, fb := a.Field(i), b.Field(i)
			if isHandle(fa) {
				if fa.Interface().(fmt.Stringer).String() != fb.Interface().(fmt.Stringer).String() {
					return false
				}
				continue
			}
			if !sameValue(fa, fb, depth) {
				return false
			}
		}
		return true
	}
	return false
}
