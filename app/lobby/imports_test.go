package lobby

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsNoTUI keeps the lobby free of the app: no file of it, tests
// included, imports shogi/tui or a package under it, so that the lobby
// holds tables and games and nothing of screens or terminals.
func TestImportsNoTUI(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files: %v", err)
	}
	for _, path := range files {
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if p == "shogi/tui" || strings.HasPrefix(p, "shogi/tui/") && p != "shogi/app/lobby" {
				t.Errorf("%s imports %s: the lobby imports no tui package", path, p)
			}
		}
	}
}
