package cli

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/cardsim/cardsim/cmd/internal/buildinfo"
	"github.com/cardsim/cardsim/reports"
)

// setVersion gives root the --version flag, printing what cardsim version
// prints.
func setVersion(root *cobra.Command) {
	root.Version = buildinfo.Read().String()
	root.SetVersionTemplate("cardsim {{.Version}}\n")
}

// versionFormats returns the formats cardsim version prints the build's
// version in: the one result whose writers are not in reports.Writers,
// since the build's version is the command's own (buildinfo is a tool
// helper, beside cmd).
func versionFormats() *reports.Formats[buildinfo.Version] {
	f := &reports.Formats[buildinfo.Version]{What: "the version"}
	f.Add("text", "one line", func(w io.Writer, v buildinfo.Version) error {
		_, err := fmt.Fprintln(w, "cardsim "+v.String())
		return err
	})
	f.Add("json", "every field", func(w io.Writer, v buildinfo.Version) error { return reports.WriteJSON(w, v) })
	return f
}
