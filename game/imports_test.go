package game

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStandardLibraryOnly keeps the rules free of dependencies: game and
// its subpackages may import only the standard library and each other.
func TestStandardLibraryOnly(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			p := strings.Trim(imp.Path.Value, `"`)
			first := strings.Split(p, "/")[0]
			inModule := first == "shogi"
			// Tests may use the module's test helpers (shogi/internal/...).
			helper := strings.HasSuffix(path, "_test.go") && strings.HasPrefix(p, "shogi/internal/")
			if (strings.Contains(first, ".") || inModule) && p != "shogi/game" && !strings.HasPrefix(p, "shogi/game/") && !helper {
				t.Errorf("%s imports %s: game may use only the standard library", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
