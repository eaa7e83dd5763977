package layers

import (
	"errors"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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

// layer is what a package may import of the module (paths and the trees
// under them) and outside it (third-party prefixes); the standard library
// is always allowed. A layer governs its package, and the packages under
// it when tree is set; the most specific layer governs. Every package of
// the module must be governed by a layer of its own or by a tree.
type layer struct {
	pkg   string
	tree  bool
	may   []string // in the module
	third []string
}

// Inside game the packages stand in order: the rules, then notation (and
// the other leaves on the rules), the USI protocol, the engines and
// books, the match, and what runs matches (csa, tsume, analysis).
var (
	rules    = []string{"shogi/game"}
	leaves   = append(slices.Clone(rules), "shogi/game/notation", "shogi/game/progress", "shogi/game/engine", "shogi/game/opening", "shogi/game/lines")
	protocol = append(slices.Clone(leaves), "shogi/game/usi")
	engines  = append(slices.Clone(protocol), "shogi/game/bot", "shogi/game/book")
	matches  = append(slices.Clone(engines), "shogi/game/match")
	gameTop  = append(slices.Clone(matches), "shogi/game/csa", "shogi/game/tsume", "shogi/game/analysis")
	records  = append(slices.Clone(gameTop), "shogi/kifu/...")
	appLayer = append(slices.Clone(records), "shogi/app/...")
	uiBase   = append(slices.Clone(appLayer), "shogi/assets", "shogi/app/words", "shogi/tui/common", "shogi/tui/components", "shogi/tui/components/entry")
	screens  = append(slices.Clone(uiBase), "shogi/tui/...") // checked again by screenImport: never another screen
)

var layers = []layer{
	{pkg: "shogi/game", may: rules},
	{pkg: "shogi/game/notation", may: rules},
	{pkg: "shogi/game/progress", may: rules},
	{pkg: "shogi/game/engine", may: rules},
	{pkg: "shogi/game/opening", may: rules},
	{pkg: "shogi/game/lines"},
	{pkg: "shogi/game/usi", may: append(slices.Clone(leaves), "shogi/game/usi")},
	{pkg: "shogi/game/usi/usitest", may: protocol},
	{pkg: "shogi/game/bot", tree: true, may: append(slices.Clone(protocol), "shogi/game/bot/...")},
	{pkg: "shogi/game/bot/internal/train", tree: true, may: append(slices.Clone(gameTop), "shogi/game/bot/...")},
	{pkg: "shogi/game/book", may: protocol},
	{pkg: "shogi/game/match", may: engines},
	{pkg: "shogi/game/csa", tree: true, may: append(slices.Clone(matches), "shogi/game/csa/...")},
	{pkg: "shogi/game/tsume", tree: true, may: append(slices.Clone(matches), "shogi/game/tsume/...")},
	{pkg: "shogi/game/analysis", may: matches},
	{pkg: "shogi/assets"},
	{pkg: "shogi/internal", tree: true},
	{pkg: "shogi/kifu", tree: true, may: records, third: []string{"golang.org/x/text"}},
	{pkg: "shogi/app", tree: true, may: appLayer, third: []string{"github.com/pelletier/go-toml/v2", "golang.org/x/text", "go.etcd.io/bbolt"}},
	{pkg: "shogi/app/words", may: append(slices.Clone(appLayer), "shogi/app/words")},
	// shogi csa's runner: games on a CSA server and their records, run
	// through the one game session, on nothing else of the app.
	{pkg: "shogi/app/csaplay", may: append(slices.Clone(records), "shogi/app/session")},
	{pkg: "shogi/tui/common", may: append(slices.Clone(appLayer), "shogi/assets", "shogi/app/words", "shogi/tui/common"), third: charm},
	{pkg: "shogi/tui/components", may: uiBase, third: charm},
	// The move entry the play, tsume and quiz screens share.
	{pkg: "shogi/tui/components/entry", may: uiBase, third: charm},
	// The study's explorer panel: a component on the games database.
	{pkg: "shogi/tui/components/explorer", may: uiBase, third: charm},
	// The screens: each on what the screens share (common, components)
	// and, by screenImport, never on another screen. A screen that shows
	// a game asks the root for the game screen (common.PlayMsg) or is
	// handed its constructor (common.NewGameScreen).
	{pkg: "shogi/tui/play", tree: true, may: screens, third: charm},
	{pkg: "shogi/tui/newgame", tree: true, may: screens, third: charm},
	{pkg: "shogi/tui/prefs", tree: true, may: screens, third: charm},
	{pkg: "shogi/tui/editor", tree: true, may: screens, third: charm},
	{pkg: "shogi/tui/tsume", tree: true, may: screens, third: charm},
	{pkg: "shogi/tui/online", tree: true, may: screens, third: charm},
	{pkg: "shogi/tui/remote", tree: true, may: screens, third: charm},
	{pkg: "shogi/tui/study", tree: true, may: append(slices.Clone(screens), "shogi/tui/components/explorer"), third: charm},
	// What the screens' tests share (screentest): for tests only.
	{pkg: "shogi/tui/internal", tree: true, may: append(slices.Clone(uiBase), "shogi/tui/internal/..."), third: charm},
	// The root package tui: the stack of screens.
	{pkg: "shogi/tui", may: append(slices.Clone(uiBase), "shogi/tui/newgame", "shogi/tui/prefs", "shogi/tui/play", "shogi/tui/remote", "shogi/tui/editor", "shogi/tui/tsume", "shogi/tui/online", "shogi/tui/study", "shogi/tui/components/explorer"), third: charm},
	// The SSH server and the cluster, on the app beside tui/: main hands
	// the SSH server the screens it runs (sshd.Config.App).
	{pkg: "shogi/server", tree: true, may: append(slices.Clone(appLayer), "shogi/server/..."), third: append(append([]string{"github.com/nats-io/"}, charm...), server...)},
	// main wires everything.
	{pkg: "shogi", may: []string{"shogi/..."}, third: append(append([]string{"github.com/nats-io/"}, charm...), server...)},
}

// testHelper reports whether imp is a package made for tests (termtest,
// testenv, csatest, usitest): only test files may import one.
func testHelper(imp string) bool {
	return under(imp, module) && (strings.HasSuffix(imp, "test") || strings.HasSuffix(imp, "/testenv"))
}

// screen returns the screen package pkg belongs to (tui/X, and the tree
// under it), or "" for a package that is no screen's: the root tui, what
// the screens share (tui/common, tui/components/...), and tests' helpers
// (tui/internal/...).
func screen(pkg string) string {
	rest, ok := strings.CutPrefix(pkg, module+"/tui/")
	if !ok {
		return ""
	}
	first, _, _ := strings.Cut(rest, "/")
	switch first {
	case "common", "components", "internal":
		return ""
	}
	return module + "/tui/" + first
}

// screenImport reports whether pkg, a screen's package, imports imp of
// another screen, or the root that holds them: screens never import each
// other, and the root is above them.
func screenImport(pkg, imp string) bool {
	from, to := screen(pkg), screen(imp)
	return from != "" && (imp == module+"/tui" || to != "" && from != to)
}

// tuiImport reports whether pkg imports imp of the screens (tui and the
// tree under it) when pkg is neither a command (package main: shogi, or
// a tool such as server/sshd/loadtest) nor a package under tui: only a
// command hands the screens to what runs them. It holds whatever the
// table above says.
func tuiImport(pkg string, command bool, imp string) bool {
	return under(imp, module+"/tui") && !command && !under(pkg, module+"/tui")
}

// under reports whether path is p or in the tree under it.
func under(path, p string) bool { return path == p || strings.HasPrefix(path, p+"/") }

// governing returns the layer of package pkg.
func governing(pkg string) layer {
	best := layer{pkg: ""}
	for _, l := range layers {
		if (pkg == l.pkg || l.tree && under(pkg, l.pkg)) && len(l.pkg) > len(best.pkg) {
			best = l
		}
	}
	return best
}

// allowed reports whether pkg's layer lets it import imp: a path of the
// module must be in its list, exactly or under an entry "X/..." (X and
// the tree under it).
func allowed(l layer, imp string) bool {
	switch {
	case under(imp, module):
		for _, p := range l.may {
			if imp == p || strings.HasSuffix(p, "/...") && under(imp, strings.TrimSuffix(p, "/...")) {
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
		if l.pkg == "" {
			bad = append(bad, filepath.ToSlash(rel)+" has no layer")
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			// A command wires the screens to what runs them, whatever its layer.
			command := f.Name.Name == "main"
			wires := command && under(p, module+"/tui")
			if !allowed(l, p) && !wires || testHelper(p) && !under(pkg, p) || screenImport(pkg, p) || tuiImport(pkg, command, p) {
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
		{"app/lobby", "shogi/tui/play"},
		{"app/lobby", "github.com/nats-io/nats.go"},
		{"app/settings", "shogi/tui/common"},
		{"app/session", "shogi/server/sshd"},
		{"app/csaplay", "shogi/app/settings"},
		{"app/csaplay", "shogi/internal/appdirs"},
		// The five the app issue named as let through before.
		{"tui/editor", "shogi/tui/online"},
		{"tui/tsume", "shogi/tui/remote"},
		// Screens never import each other: not the game screen either,
		// nor a screen's sub-package, nor from one.
		{"tui/online", "shogi/tui/play"},
		{"tui/remote", "shogi/tui/play"},
		{"tui/study", "shogi/tui/play"},
		{"tui/editor", "shogi/tui/study"},
		{"tui/play", "shogi/tui/online"},
		{"tui/tsume", "shogi/tui/study/sub"},
		{"tui/study/sub", "shogi/tui/editor"},
		{"game/notation", "shogi/game/match"},
		{"game/usi", "shogi/game/bot"},
		{"tui/play", "shogi/internal/termtest"},
		// Order inside game, and test helpers.
		{"game/book", "shogi/game/match"},
		{"game/match", "shogi/game/csa"},
		{"game/bot", "shogi/game/book"},
		{"server/sshd", "shogi/game/usi/usitest"},
		{"app/words", "shogi/tui/common"},
		{"tui/components", "shogi/tui/play"},
		{"tui/play", "shogi/tui"},
		{"tui", "shogi/server/sshd"},
		{"game/match", "github.com/pelletier/go-toml/v2"},
		// Only main and tui/ import the screens: the SSH server is handed
		// them.
		{"server/sshd", "shogi/tui"},
		{"server/sshd", "shogi/tui/remote"},
		{"server/cluster", "shogi/tui/common"},
		{"server", "shogi/tui"},
		{"internal/appdirs", "shogi/tui"},
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

// A command under server (package main) may hand the screens to the SSH
// server, as main does; a library beside it may not.
func TestCommandsWireTheScreens(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for name, src := range map[string]string{
		"server/sshd/loadtest/main.go": "package main\n\nimport _ \"shogi/tui\"\n",
		"server/sshd/sshd.go":          "package sshd\n\nimport _ \"shogi/tui/remote\"\n",
	} {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if bad := check(t, root); !slices.Equal(bad, []string{"server/sshd/sshd.go imports shogi/tui/remote"}) {
		t.Errorf("caught %q, want the library's import alone", bad)
	}
}

// A package that no layer names (a new screen, say) is reported: every
// package is given its place on purpose.
func TestEveryPackageHasALayer(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dir := filepath.Join(root, "tui", "newscreen")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "new.go"), []byte("package newscreen\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if bad := check(t, root); len(bad) != 1 || bad[0] != "tui/newscreen has no layer" {
		t.Errorf("caught %q", bad)
	}
}

// TestTUITreeIsUI: every package under tui/ is a UI, so each depends on
// Bubble Tea (go list -deps, without tests); a package with no UI belongs
// in app/ or server/.
func TestTUITreeIsUI(t *testing.T) {
	t.Parallel()
	if bad := withoutBubbleTea(t, filepath.Join("..", "..")); len(bad) > 0 {
		t.Errorf("packages under tui/ without Bubble Tea among their dependencies: %q", bad)
	}
}

// TestTUITreeIsUICatches seeds a package with no UI under tui/ in a module
// of its own and checks that it is reported.
func TestTUITreeIsUICatches(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for name, src := range map[string]string{
		"go.mod":         "module shogi\n\ngo 1.21\n",
		"tui/plain/p.go": "package plain\n\nimport _ \"strings\"\n",
		"app/a/a.go":     "package a\n",
	} {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if bad := withoutBubbleTea(t, root); !slices.Equal(bad, []string{"shogi/tui/plain"}) {
		t.Errorf("caught %q, want shogi/tui/plain alone", bad)
	}
}

// withoutBubbleTea lists the packages under tui/ of the module at root
// whose dependencies (go list -deps) leave out Bubble Tea.
func withoutBubbleTea(t *testing.T, root string) []string {
	cmd := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Deps " "}}`, "./tui/...")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOWORK=off")
	out, err := cmd.Output()
	if err != nil {
		var e *exec.ExitError
		if errors.As(err, &e) {
			t.Fatalf("go list: %v\n%s", err, e.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	var bad []string
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if !slices.Contains(fields[1:], "charm.land/bubbletea/v2") {
			bad = append(bad, fields[0])
		}
	}
	if len(bad) == 0 && len(out) == 0 {
		t.Fatal("go list found no package under tui/")
	}
	return bad
}
