package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"

	"github.com/cardsim/cardsim/cmd/catalog"
)

// referenceDir holds the CLI reference, one Markdown page per command,
// generated from the commands by cobra/doc.
const referenceDir = "../../docs/cli"

// writeReference writes the CLI reference into dir: a page per command,
// with no generation date and with --workers's default, the number of
// CPUs of the machine, written as GOMAXPROCS, so that the pages depend on
// the commands alone.
func writeReference(dir string) error {
	root := NewCmdRoot(NewFactory(strings.NewReader(""), new(bytes.Buffer), new(bytes.Buffer)))
	root.InitDefaultCompletionCmd()
	walk(root, func(cmd *cobra.Command) {
		cmd.DisableAutoGenTag = true
		if fl := cmd.Flags().Lookup("workers"); fl != nil {
			fl.DefValue = "GOMAXPROCS"
		}
	})
	return doc.GenMarkdownTree(root, dir)
}

// TestReference: the CLI reference in docs/cli is the one the commands
// generate. After changing a command, regenerate it:
//
//	make docs   # go test ./cmd/cli -run '^TestReference$' -update
func TestReference(t *testing.T) {
	if catalog.WithToy {
		t.Skip("the reference describes the build without the toy game (this one has the build tag toygame)")
	}
	if *update {
		old, _ := filepath.Glob(filepath.Join(referenceDir, "*.md"))
		for _, f := range old {
			if err := os.Remove(f); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.MkdirAll(referenceDir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := writeReference(referenceDir); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	if err := writeReference(dir); err != nil {
		t.Fatal(err)
	}
	want, _ := filepath.Glob(filepath.Join(dir, "*.md"))
	have, _ := filepath.Glob(filepath.Join(referenceDir, "*.md"))
	base := func(paths []string) []string {
		var out []string
		for _, p := range paths {
			out = append(out, filepath.Base(p))
		}
		return out
	}
	if !slices.Equal(base(want), base(have)) {
		t.Fatalf("docs/cli holds %v, the commands make %v: run make docs", base(have), base(want))
	}
	for _, p := range want {
		w, _ := os.ReadFile(p)
		h, err := os.ReadFile(filepath.Join(referenceDir, filepath.Base(p)))
		if err != nil || !bytes.Equal(w, h) {
			t.Errorf("docs/cli/%s is not what the commands make (%v): run make docs", filepath.Base(p), err)
		}
	}
	if len(want) < 15 {
		t.Errorf("only %d pages in the reference", len(want))
	}
}
