package layers

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The module's path, and the third-party modules each layer may use.
const module = "shogi"

var (
	charm = []string{"charm.land/", "github.com/charmbracelet/", "github.com/mattn/go-runewidth",
		"github.com/pelletier/go-toml/v2", "golang.org/x/text"}
	server = []string{"charm.land/", "github.com/charmbracelet/", "golang.org/x/crypto"}
)

// layer is what the packages under pkg may import of the module (paths
// and the trees under them) and outside it (third-party prefixes); the
// standard library is always allowed. The most specific layer governs.
type layer struct {
	pkg   string
	may   []string // in the module
	third []string
}

var layers = []layer{
	{pkg: "shogi/game", may: []string{"shogi/game"}},
	{pkg: "shogi/assets"},
	{pkg: "shogi/internal"},
	{pkg: "shogi/kifu", may: []string{"shogi/game", "shogi/kifu"}, third: []string{"golang.org/x/text"}},
	{pkg: "shogi/app", may: []string{"shogi/game", "shogi/kifu", "shogi/app"}, third: []string{"github.com/pelletier/go-toml/v2", "golang.org/x/text"}},
	{pkg: "shogi/server/lobby", may: []string{"shogi/game", "shogi/kifu", "shogi/app", "shogi/server/lobby"}},
	{pkg: "shogi/server/cluster", may: []string{"shogi/game", "shogi/kifu", "shogi/app", "shogi/server/lobby", "shogi/server/cluster"},
		third: []string{"github.com/nats-io/"}},
	{pkg: "shogi/tui/words", may: []string{"shogi/game", "shogi/kifu", "shogi/tui/words"}},
	{pkg: "shogi/tui/common", may: []string{"shogi/game", "shogi/kifu", "shogi/assets", "shogi/tui/words", "shogi/tui/common"}, third: charm},
	{pkg: "shogi/tui/components", may: []string{"shogi/game", "shogi/kifu", "shogi/assets", "shogi/tui/words", "shogi/tui/common", "shogi/tui/components"}, third: charm},
	{pkg: "shogi/tui/play", may: []string{"shogi/game", "shogi/kifu", "shogi/assets", "shogi/tui/words", "shogi/tui/common", "shogi/tui/components", "shogi/tui/play"}, third: charm},
	{pkg: "shogi/tui/remote", may: []string{"shogi/game", "shogi/kifu", "shogi/tui/words", "shogi/tui/common", "shogi/tui/components", "shogi/tui/play", "shogi/server/lobby", "shogi/tui/remote"}, third: charm},
	{pkg: "shogi/tui/online", may: []string{"shogi/app", "shogi/game", "shogi/kifu", "shogi/tui/words", "shogi/tui/common", "shogi/tui/components", "shogi/tui/play", "shogi/tui/online"}, third: charm},
	{pkg: "shogi/server/sshd", may: []string{"shogi/game", "shogi/kifu", "shogi/app", "shogi/tui", "shogi/server/lobby", "shogi/server/sshd"}, third: append(append([]string{}, charm...), server...)},
	// The root package tui: every screen of the app, not the server.
	{pkg: "shogi/tui", may: []string{"shogi/game", "shogi/kifu", "shogi/assets", "shogi/tui/words", "shogi/tui/common", "shogi/tui/components",
		"shogi/tui/play", "shogi/tui/remote", "shogi/server/lobby", "shogi/app", "shogi/tui/editor", "shogi/tui/tsume", "shogi/tui/online"}, third: charm},
	// main wires everything.
	{pkg: "shogi", may: []string{"shogi"}, third: append(append([]string{}, charm...), server...)},
}

// under reports whether path is p or in the tree under it.
func under(path, p string) bool { return path == p || strings.HasPrefix(path, p+"/") }

// governing returns the layer of package pkg.
func governing(pkg string) layer {
	best := layer{pkg: ""}
	for _, l := range layers {
		if under(pkg, l.pkg) && len(l.pkg) > len(best.pkg) {
			best = l
		}
	}
	return best
}

// allowed reports whether pkg's layer lets it import imp.
func allowed(l layer, imp string) bool {
	switch {
	case under(imp, module):
		for _, p := range l.may {
			// A tree is allowed only where no more specific layer says
			// otherwise: shogi/tui allows the root package, not serve.
			if under(imp, p) && (p != "shogi/tui" || imp == "shogi/tui") {
				return true
			}
		}
		return false
	case !strings.Contains(strings.Split(imp, "/")[0], "."):
		return true // the standard library
	}
	for _, p := range l.third {
		if strings.HasPrefix(imp, p) {
			return true
		}
	}
	return false
}

// check walks the module at root and reports every import of a non-test
// file that its layer does not allow, as "file imports path".
func check(t *testing.T, root string) []string {
	var bad []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := module
		if rel != "." {
			pkg = module + "/" + filepath.ToSlash(rel)
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		l := governing(pkg)
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if !allowed(l, p) {
				bad = append(bad, filepath.ToSlash(filepath.Join(rel, filepath.Base(path)))+" imports "+p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return bad
}

// TestLayers keeps every package's imports to its layer.
func TestLayers(t *testing.T) {
	t.Parallel()
	for _, b := range check(t, filepath.Join("..", "..")) {
		t.Error(b)
	}
}

// TestLayersCatch seeds imports that break the layers into a copy of
// files of the module, in the module's own paths, and checks that each is
// caught: the guard must see imports inside the module, not only those of
// other modules.
func TestLayersCatch(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ dir, imp string }{
		{"game", "shogi/tui"},
		{"game/bot", "shogi/kifu"},
		{"kifu", "shogi/tui/common"},
		{"server/lobby", "shogi/tui/play"},
		{"server/cluster", "shogi/server/sshd"},
		{"server/lobby", "github.com/nats-io/nats.go"},
		{"app/settings", "shogi/tui/common"},
		{"tui/words", "shogi/tui/common"},
		{"tui/components", "shogi/tui/play"},
		{"tui/play", "shogi/tui"},
		{"tui", "shogi/server/sshd"},
		{"game/match", "github.com/pelletier/go-toml/v2"},
	} {
		root := t.TempDir()
		dir := filepath.Join(root, filepath.FromSlash(c.dir))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		src := "package x\n\nimport _ \"" + c.imp + "\"\n"
		if err := os.WriteFile(filepath.Join(dir, "seeded.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if bad := check(t, root); len(bad) != 1 || !strings.HasSuffix(bad[0], " imports "+c.imp) {
			t.Errorf("%s importing %s: caught %q", c.dir, c.imp, bad)
		}
	}
}
