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
	"unsafe"

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
	alt := r.Root.Child(1)
	end := alt.FirstChild().FirstChild()
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

// A node stays at 64 bytes on 64-bit machines: a file of a thousand
// games holds a hundred thousand of them (BenchmarkReadCSA1000Games).
func TestNodeSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) == 8 && unsafe.Sizeof(Node{}) > 64 {
		t.Errorf("a Node is %d bytes, want at most 64", unsafe.Sizeof(Node{}))
	}
}

func TestChildren(t *testing.T) {
	r := NewRecord(game.StartPosition())
	p := r.Start
	var want []*Node
	for _, u := range []string{"7g7f", "2g2f", "5g5f"} {
		want = append(want, r.AddMove(r.Root, mustUSI(t, &p, u)))
	}
	want = append(want, r.AddEnding(r.Root, Resign, ""))
	if again := r.AddMove(r.Root, mustUSI(t, &p, "2g2f")); again != want[1] {
		t.Errorf("replaying 2g2f made a new node")
	}
	var got []*Node
	for c := range r.Root.Children() {
		got = append(got, c)
		if len(got) == 2 {
			break // the iterator stops when asked
		}
	}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("Children gave %v", got)
	}
	if r.Root.NumChildren() != len(want) || r.Root.FirstChild() != want[0] || r.Root.Child(-1) != nil || r.Root.Child(len(want)) != nil {
		t.Errorf("NumChildren %d, FirstChild %p, Child(-1) %p, Child(%d) %p", r.Root.NumChildren(), r.Root.FirstChild(), r.Root.Child(-1), len(want), r.Root.Child(len(want)))
	}
	for i, n := range want {
		var next *Node
		if i+1 < len(want) {
			next = want[i+1]
		}
		if r.Root.Child(i) != n || n.Index() != i || n.NextSibling() != next || n.Parent != r.Root || n.Ply != 1 {
			t.Errorf("child %d: Child %p Index %d NextSibling %p", i, r.Root.Child(i), n.Index(), n.NextSibling())
		}
	}
}

// Notes are made when one is set and let go of when the last is cleared.
func TestNotes(t *testing.T) {
	n := &Node{}
	n.SetComment("")
	n.SetBookmark("")
	n.SetEval(nil)
	if n.notes != nil {
		t.Errorf("clearing nothing made notes")
	}
	e := &Evaluation{Score: 5, HasScore: true}
	n.SetComment("c")
	n.SetBookmark("b")
	n.SetEval(e)
	if n.Comment() != "c" || n.Bookmark() != "b" || n.Eval() != e || n.Word() != "" {
		t.Errorf("notes %q %q %v %q", n.Comment(), n.Bookmark(), n.Eval(), n.Word())
	}
	n.SetComment("")
	n.SetEval(nil)
	if n.notes == nil || n.Bookmark() != "b" {
		t.Errorf("the bookmark went with the comment")
	}
	n.SetBookmark("")
	if n.notes != nil || n.Comment() != "" || n.Eval() != nil {
		t.Errorf("notes kept after the last was cleared: %+v", n.notes)
	}
}

// A variation that only repeats an ending already at its ply follows that
// ending instead of making a twin (which Verify refuses).
func TestRepeatedEndingVariation(t *testing.T) {
	text := "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 中断\n\n変化：3手\n   3 中断\n"
	r, err := ReadFormat([]byte(text), "x.kifu", KIF)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Verify(); err != nil {
		t.Error(err)
	}
	if n := r.MainLine()[1]; n.NumChildren() != 1 || n.FirstChild().Ending != Interrupt {
		t.Errorf("after move 2: %d children", n.NumChildren())
	}
}
