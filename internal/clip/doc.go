// Package clip shortens the user's input that an error message repeats, so
// that a value pasted by mistake, or a file given where a name was expected,
// costs one line of the message.
package clip
