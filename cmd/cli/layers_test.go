package cli

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cardsim/cardsim/cmd/catalog"
)

// TestCLINamesNoGame: the commands know games, bots and analyses only
// through the registries cmd/catalog fills. No file of the package imports
// a package of one game (games/<game>, strategies/<game>, analyses/<game>)
// or holds a game's name as a string of its own; help texts may show games
// in their examples.
func TestCLINamesNoGame(t *testing.T) {
	names := map[string]bool{}
	for _, d := range catalog.Games().All() {
		names[d.Name] = true
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			rest, ok := strings.CutPrefix(path, "github.com/cardsim/cardsim/")
			for _, layer := range []string{"games/", "strategies/", "analyses/"} {
				if game, under := strings.CutPrefix(rest, layer); ok && under && names[strings.Split(game, "/")[0]] {
					t.Errorf("%s imports %s, a package of one game", name, path)
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && names[s] {
					t.Errorf("%s: the string %s names a game", fset.Position(lit.Pos()), lit.Value)
				}
			}
			return true
		})
	}
}
