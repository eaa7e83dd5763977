package notation

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImports keeps the package on the standard library and the rules.
func TestImports(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path != "example.com/shogi/game" && strings.Contains(strings.Split(path, "/")[0], ".") {
				t.Errorf("%s imports %s: only the standard library and shogi/game are allowed", name, path)
			}
			if strings.HasPrefix(path, "example.com/shogi/") && path != "example.com/shogi/game" {
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
}
