package cli

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
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

// layers lists cardsim's layers from the bottom up, by the directory that
// holds them: a package may import packages of its own layer or of the
// layers below it, never above (README's Layout). internal/ and stat/ are
// leaves: they import nothing of cardsim. Within cmd/, the tool helpers
// (cmd/internal) sit below the catalog, the catalog below the commands.
var layers = []string{"internal", "stat", "games", "strategies", "sim", "reports", "analyses", "experiment", "serve",
	"cmd/internal", "cmd/catalog", "cmd/cli", "cmd/cardsim"}

// leaves are the layers that import nothing of cardsim.
var leaves = []string{"internal", "stat"}

// layerOf returns the index in layers of the package at path (relative to
// the module), -1 for one outside every layer.
func layerOf(path string) int {
	best, at := -1, -1
	for i, l := range layers {
		if (path == l || strings.HasPrefix(path, l+"/")) && len(l) > best {
			best, at = len(l), i
		}
	}
	return at
}

// layerViolations returns an error for each import of imports (package →
// the packages it imports, both relative to the module) that runs from a
// layer up to a higher one, out of a leaf, or from a package in no layer.
func layerViolations(imports map[string][]string) []string {
	var out []string
	for _, pkg := range slices.Sorted(maps.Keys(imports)) {
		from := layerOf(pkg)
		if from < 0 {
			out = append(out, pkg+" is in no layer: add its directory to layers (and to README's Layout)")
			continue
		}
		for _, imp := range imports[pkg] {
			to := layerOf(imp)
			switch {
			case slices.Contains(leaves, layers[from]):
				out = append(out, fmt.Sprintf("%s imports %s: %s/ is a leaf and imports nothing of cardsim", pkg, imp, layers[from]))
			case to > from:
				out = append(out, fmt.Sprintf("%s imports %s: %s/ sits below %s/", pkg, imp, layers[from], layers[to]))
			}
		}
	}
	return out
}

// moduleImports parses every Go file of the module under root, tests
// aside, and returns each package's imports of cardsim's own packages, all
// relative to the module.
func moduleImports(t *testing.T, root string) map[string][]string {
	const module = "github.com/cardsim/cardsim/"
	out := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := filepath.ToSlash(rel)
		if _, ok := out[pkg]; !ok {
			out[pkg] = nil
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if rest, ok := strings.CutPrefix(p, module); ok && !slices.Contains(out[pkg], rest) {
				out[pkg] = append(out[pkg], rest)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestLayers: no import of the module runs from a layer up to a higher
// one, and the leaves import nothing of cardsim. Test files may import
// what they need (a game's tests may play it with the catalog's bots).
func TestLayers(t *testing.T) {
	for _, v := range layerViolations(moduleImports(t, filepath.Join("..", ".."))) {
		t.Error(v)
	}
}

// TestLayerViolations: the check finds an import up, an import out of a
// leaf and a package in no layer, and lets an import down or within a
// layer pass.
func TestLayerViolations(t *testing.T) {
	got := layerViolations(map[string][]string{
		"sim":              {"games", "strategies", "stat", "internal/inputfile"},
		"games/nora":       {"games", "games/cards"},
		"strategies":       {"experiment"},
		"stat":             {"internal/clip"},
		"cmd/internal/bar": {"cmd/cli"},
		"tools/gen":        nil,
	})
	want := []string{
		"cmd/internal/bar imports cmd/cli: cmd/internal/ sits below cmd/cli/",
		"stat imports internal/clip: stat/ is a leaf and imports nothing of cardsim",
		"strategies imports experiment: strategies/ sits below experiment/",
		"tools/gen is in no layer: add its directory to layers (and to README's Layout)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
