package reports

import (
	"encoding/json"
	"io"

	"github.com/cardsim/cardsim/sim"
)

// WriteJSON writes s as indented JSON. Map keys come out sorted, so the same
// summary always gives the same bytes.
func WriteJSON(w io.Writer, s *sim.Summary) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
