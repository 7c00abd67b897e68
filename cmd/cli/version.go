package cli

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/internal/buildinfo"
)

// setVersion gives root the --version flag, printing what cardsim version
// prints.
func setVersion(root *cobra.Command) {
	root.Version = buildinfo.Read().String()
	root.SetVersionTemplate("cardsim {{.Version}}\n")
}

// writeVersion prints the version of the running program as text or JSON.
func writeVersion(w io.Writer, format string) error {
	v := buildinfo.Read()
	if format == "json" {
		return writeJSON(w, v)
	}
	_, err := fmt.Fprintln(w, "cardsim "+v.String())
	return err
}
