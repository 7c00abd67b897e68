package stat

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsNoCardsim: stat works on plain numbers and sums, beneath every
// other package of the module: none of its files imports one of them.
func TestImportsNoCardsim(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(path, "github.com/cardsim/cardsim/") && path != "github.com/cardsim/cardsim/stat" {
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
}
