package reports

import (
	"encoding/json"
	"io"
)

// WriteJSON writes v as indented JSON and a newline. Map keys come out
// sorted, so the same result always gives the same bytes.
func WriteJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
