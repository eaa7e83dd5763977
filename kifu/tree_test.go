package kifu

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"shogi/game"
)

func mustUSI(t *testing.T, p *game.Position, s string) game.Move {
	t.Helper()
	m, err := p.ParseUSI(s)
	if err != nil || !p.IsLegal(m) {
		t.Fatalf("%s: %v", s, err)
	}
	return m
}

// TestFromGame saves a played game (Fool's-mate-like quick mate is not
// possible in shogi, so a resignation and a mate position) and reads the
// file back.
func TestFromGame(t *testing.T) {
	g := game.NewGame(game.StartPosition())
	for _, u := range []string{"7g7f", "3c3d", "8h2b+"} {
		p := g.Position()
		if err := g.Play(mustUSI(t, &p, u)); err != nil {
			t.Fatal(err)
		}
	}
	g.Resign(game.White)
	r := FromGame(g, []Header{{"先手", "me"}, {"後手", "bot"}}, []time.Duration{time.Second, 2 * time.Second, 3 * time.Second})
	if e, _ := r.Ending(); e != Resign || r.Handicap != "平手" {
		t.Fatalf("ending %v handicap %q", e, r.Handicap)
	}
	if res := r.Result(); res != g.Result() {
		t.Errorf("Result %v, want the game's %v", res, g.Result())
	}
	if n := r.MainLine()[2]; n.Total != 4*time.Second || n.Elapsed != 3*time.Second {
		t.Errorf("times of move 3: %v/%v", n.Elapsed, n.Total)
	}
	dir := t.TempDir()
	for _, name := range []string{"g.kif", "g.kifu", "g.ki2", "g.csa", "g.jkf", "g.psn", "g.usi"} {
		path := filepath.Join(dir, name)
		if err := WriteFile(path, r); err != nil {
			t.Fatal(err)
		}
		back, err := ReadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if fmt.Sprint(back.MainMoves()) != fmt.Sprint(r.MainMoves()) {
			t.Errorf("%s: moves %v", name, back.MainMoves())
		}
		if e, _ := back.Ending(); e != Resign && name != "g.usi" {
			t.Errorf("%s: ending %v", name, e)
		}
	}
	if err := WriteFile(filepath.Join(dir, "g.doc"), r); err == nil {
		t.Errorf("unknown extension accepted")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 7 {
		t.Errorf("files left behind: %d", len(entries))
	}

	// Checkmate, from a position where Black mates at once with G*5b.
	p, _ := game.ParseSFEN("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	g = game.NewGame(p)
	if err := g.Play(mustUSI(t, &p, "G*5b")); err != nil {
		t.Fatal(err)
	}
	r = FromGame(g, nil, nil)
	if e, _ := r.Ending(); e != Mate {
		t.Errorf("mate recorded as %v (game result %v)", e, g.Result())
	}
	if r.Result() != g.Result() {
		t.Errorf("Result %v, want %v", r.Result(), g.Result())
	}
}

// TestWalk checks that Walk's incremental positions agree with replaying
// each node's line from the start, over every node of the branched record.
func TestWalk(t *testing.T) {
	r, err := ReadFile(filepath.Join("testdata", "kif_lance_handicap_branches_times.kifu"))
	if err != nil {
		t.Fatal(err)
	}
	nodes := 0
	r.Walk(func(n *Node, before, after *game.Position) bool {
		nodes++
		want := r.PositionAt(n)
		if after.SFEN() != want.SFEN() {
			t.Errorf("ply %d: Walk has %s, replay %s", n.Ply, after.SFEN(), want.SFEN())
		}
		if n.IsMove() {
			if next := before.Play(n.Move); next.SFEN() != after.SFEN() {
				t.Errorf("ply %d: before and after disagree", n.Ply)
			}
		}
		if got := len(n.Path()); got != n.Ply {
			t.Errorf("ply %d: path of %d nodes", n.Ply, got)
		}
		return true
	})
	if nodes != 1+10+3+3+4+3 {
		t.Errorf("visited %d nodes", nodes)
	}
	// Line: the moves to reach the end of the ply-1 branch.
	alt := r.Root.Children[1]
	end := alt.Children[0].Children[0]
	if got := fmt.Sprint(end.Line()); got != "[8c8d 7g7f]" || end.Ending != Timeout || alt.Index() != 1 {
		t.Errorf("branch line %s ending %v", got, end.Ending)
	}
}

// TestImports keeps the package's imports to the rules, notation, x/text
// and the standard library.
func TestImports(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range af.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			switch {
			case path == "shogi/game", path == "shogi/game/notation", strings.HasPrefix(path, "golang.org/x/text/"):
			case strings.Split(path, "/")[0] == "shogi":
				t.Errorf("%s imports %s: kifu uses only game of the module", f, path)
			case !strings.Contains(strings.Split(path, "/")[0], "."):
			default:
				t.Errorf("%s imports %s", f, path)
			}
		}
	}
}
