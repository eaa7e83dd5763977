package kifu

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"shogi/game"
)

// line plays USI moves from n's position, each with Play, and returns the
// last node.
func line(t *testing.T, r *Record, n *Node, moves ...string) *Node {
	t.Helper()
	for _, u := range moves {
		p := r.PositionAt(n)
		next, _, err := r.Play(n, mustUSI(t, &p, u))
		if err != nil {
			t.Fatalf("%s after %v: %v", u, n.Line(), err)
		}
		n = next
	}
	return n
}

// shape writes the tree as nested USI, children in order: "7g7f(3c3d 8c8d)".
func shape(n *Node) string {
	var b strings.Builder
	var walk func(n *Node)
	walk = func(n *Node) {
		for c := range n.Children() {
			if c != n.first {
				b.WriteByte(' ')
			}
			if c.Ending != NoEnding {
				b.WriteString(c.Ending.String())
			} else {
				b.WriteString(c.Move.USI())
			}
			if c.FirstChild() != nil {
				b.WriteByte('(')
				walk(c)
				b.WriteByte(')')
			}
		}
	}
	walk(n)
	return b.String()
}

func TestPlayFollowsOrBranches(t *testing.T) {
	r := NewRecord(game.StartPosition())
	a := line(t, r, r.Root, "7g7f", "3c3d")
	first := r.Root.FirstChild()
	// The same move follows the node that is there: no new node.
	p := r.PositionAt(first)
	same, added, err := r.Play(first, mustUSI(t, &p, "3c3d"))
	if err != nil || added || same != a {
		t.Fatalf("replaying 3c3d: node %p added %v err %v, want the existing %p", same, added, err, a)
	}
	// Another move becomes a variation after the others (ShogiHome appends it).
	line(t, r, first, "8c8d")
	line(t, r, first, "4a3b")
	if got, want := shape(r.Root), "7g7f(3c3d 8c8d 4a3b)"; got != want {
		t.Errorf("tree %s, want %s", got, want)
	}
	// A move made on an ending goes after the ending's parent.
	end, _, err := r.End(a, Resign)
	if err != nil {
		t.Fatal(err)
	}
	q := r.PositionAt(a)
	n, added, err := r.Play(end, mustUSI(t, &q, "2g2f"))
	if err != nil || !added || n.Parent != a {
		t.Fatalf("move after 投了: %v %v, parent %v", added, err, n.Parent.Line())
	}
	if got, want := shape(r.Root), "7g7f(3c3d(resign 2g2f) 8c8d 4a3b)"; got != want {
		t.Errorf("tree %s, want %s", got, want)
	}
	if err := r.Verify(); err != nil {
		t.Error(err)
	}
}

func TestPlayRefusals(t *testing.T) {
	r := NewRecord(game.StartPosition())
	a := line(t, r, r.Root, "7g7f")
	// 7f7e is not White's move: the rules say why.
	p := r.PositionAt(a)
	_, _, err := r.Play(a, p.NewMove(game.NewSquare(7, 6), game.NewSquare(7, 5), false))
	var ee *EditError
	var ime *game.IllegalMoveError
	if !errors.As(err, &ee) || ee.Kind != IllegalEdit || ee.Ply != 2 || !errors.As(err, &ime) {
		t.Errorf("an illegal move: %v, want an IllegalEdit at ply 2 wrapping the rule", err)
	}
	// A deleted node takes no moves.
	if _, err := r.Delete(a); err != nil {
		t.Fatal(err)
	}
	if _, _, err := r.Play(a, mustUSI(t, &p, "3c3d")); !errors.As(err, &ee) || ee.Kind != DetachedNode {
		t.Errorf("a move after a deleted node: %v", err)
	}
	if _, err := r.Delete(r.Root); !errors.As(err, &ee) || ee.Kind != RootEdit {
		t.Errorf("deleting the root: %v", err)
	}
	if _, _, err := r.End(r.Root, NoEnding); !errors.As(err, &ee) || ee.Kind != NotAnEnding {
		t.Errorf("NoEnding: %v", err)
	}
}

// A foul the file marks is kept, and no move may follow it.
func TestPlayAfterFoul(t *testing.T) {
	text := "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７五歩(76)\n   4 ７四歩打\n   5 反則勝ち\n"
	r, err := Read([]byte(text), "foul.kif")
	if err != nil {
		t.Fatal(err)
	}
	foul := r.MainLine()[3]
	p := r.PositionAt(foul)
	_, _, err = r.Play(foul, mustUSI(t, &p, "8c8d"))
	var ee *EditError
	if !errors.As(err, &ee) || ee.Kind != AfterFoul {
		t.Errorf("a move after the kept nifu: %v, want AfterFoul", err)
	}
}

func TestDeleteReattach(t *testing.T) {
	r := NewRecord(game.StartPosition())
	first := line(t, r, r.Root, "7g7f")
	main := line(t, r, first, "3c3d", "2g2f")
	v1 := line(t, r, first, "8c8d")
	line(t, r, first, "4a3b")
	i, err := r.Delete(main.Parent)
	if err != nil || i != 0 {
		t.Fatalf("delete: %d %v", i, err)
	}
	// The next variation becomes the line.
	if got, want := shape(r.Root), "7g7f(8c8d 4a3b)"; got != want || r.MainLine()[1] != v1 {
		t.Errorf("after delete: %s, want %s", got, want)
	}
	if r.InTree(main) {
		t.Error("a node below the deleted one is still in the tree")
	}
	if err := r.Reattach(main.Parent, i); err != nil {
		t.Fatal(err)
	}
	if got, want := shape(r.Root), "7g7f(3c3d(2g2f) 8c8d 4a3b)"; got != want || !r.InTree(main) {
		t.Errorf("after reattach: %s, want %s", got, want)
	}
	var ee *EditError
	if err := r.Reattach(main.Parent, 0); !errors.As(err, &ee) || ee.Kind != DetachedNode {
		t.Errorf("reattaching a node in the tree: %v", err)
	}
}

func TestReorder(t *testing.T) {
	r := NewRecord(game.StartPosition())
	first := line(t, r, r.Root, "7g7f")
	line(t, r, first, "3c3d")
	b := line(t, r, first, "8c8d")
	c := line(t, r, first, "4a3b")
	deep := line(t, r, b, "2g2f")
	line(t, r, b, "6i7h")
	deeper := line(t, r, deep, "8d8e")
	var ee *EditError
	if err := r.MoveUp(b.Parent.FirstChild()); !errors.As(err, &ee) || ee.Kind != FirstSibling {
		t.Errorf("moving the first up: %v", err)
	}
	if err := r.MoveDown(c); !errors.As(err, &ee) || ee.Kind != LastSibling {
		t.Errorf("moving the last down: %v", err)
	}
	if err := r.MoveUp(c); err != nil {
		t.Fatal(err)
	}
	if got, want := shape(first), "3c3d 4a3b 8c8d(2g2f(8d8e) 6i7h)"; got != want {
		t.Errorf("after MoveUp: %s, want %s", got, want)
	}
	if err := r.MoveDown(c); err != nil {
		t.Fatal(err)
	}
	// Promoting a line deep in a variation makes every node on it first.
	old, err := r.PromoteToMain(deeper)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(old) != "[0 1 0 0]" {
		t.Errorf("old indices %v, want [0 1 0 0]", old)
	}
	if got := usiLine(r.MainMoves()); got != "7g7f 8c8d 2g2f 8d8e" {
		t.Errorf("main line %s", got)
	}
	if got, want := shape(first), "8c8d(2g2f(8d8e) 6i7h) 3c3d 4a3b"; got != want {
		t.Errorf("after promote: %s, want %s", got, want)
	}
	// SetIndex with the old indices, deepest first, undoes it.
	path := deeper.Path()
	for i := len(path) - 1; i >= 0; i-- {
		if err := r.SetIndex(path[i], old[i]); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := shape(first), "3c3d 8c8d(2g2f(8d8e) 6i7h) 4a3b"; got != want {
		t.Errorf("after undoing the promotion: %s, want %s", got, want)
	}
	if err := r.Verify(); err != nil {
		t.Error(err)
	}
}

func TestEndFollowsSameEnding(t *testing.T) {
	r := NewRecord(game.StartPosition())
	a := line(t, r, r.Root, "7g7f")
	e1, added, err := r.End(a, Interrupt)
	if err != nil || !added {
		t.Fatal(added, err)
	}
	e2, added, err := r.End(e1, Interrupt) // on the ending itself: its parent
	if err != nil || added || e2 != e1 {
		t.Errorf("the same ending again: %v %v", added, err)
	}
	if _, added, _ := r.End(a, Resign); !added {
		t.Error("another ending is not added as a variation")
	}
	if got, want := shape(r.Root), "7g7f(interrupt resign)"; got != want {
		t.Errorf("tree %s, want %s", got, want)
	}
}

func TestUserCommentKeepsAnalysis(t *testing.T) {
	r := NewRecord(game.StartPosition())
	n := line(t, r, r.Root, "7g7f")
	after := r.PositionAt(n)
	n.SetAnalysis(&Evaluation{Score: 120, HasScore: true, Depth: 10, PV: []game.Move{mustUSI(t, &after, "3c3d")}}, after)
	block := n.Comment()
	n.SetUserComment("良い手\r\n次は角交換")
	if n.UserComment() != "良い手\n次は角交換" {
		t.Errorf("user comment %q", n.UserComment())
	}
	if e, ok := n.Analysis(after); !ok || e.Score != 120 || e.Depth != 10 || len(e.PV) != 1 {
		t.Errorf("analysis after setting the comment: %+v %v", e, ok)
	}
	if !strings.HasPrefix(n.Comment(), block+"\n") {
		t.Errorf("comment %q does not keep the block %q first", n.Comment(), block)
	}
	for _, text := range []string{"", "\n空行で始まる", "末尾の改行\n\n"} {
		n.SetUserComment(text)
		if got, want := n.UserComment(), CleanComment(text); got != want {
			t.Errorf("set %q: user comment %q, want %q", text, got, want)
		}
		if _, ok := n.Analysis(after); !ok {
			t.Errorf("set %q: analysis lost", text)
		}
	}
	// A comment without analysis is replaced outright.
	m := line(t, r, n, "3c3d")
	m.SetUserComment("a\rb")
	if m.Comment() != "a\nb" {
		t.Errorf("comment %q", m.Comment())
	}
}

func TestBookmarks(t *testing.T) {
	r := NewRecord(game.StartPosition())
	a := line(t, r, r.Root, "7g7f", "3c3d")
	b := line(t, r, a.Parent, "8c8d")
	if err := r.SetBookmark(b, " 変化\n の局面 "); err != nil {
		t.Fatal(err)
	}
	if b.Bookmark() != "変化 の局面" {
		t.Errorf("bookmark %q", b.Bookmark())
	}
	if err := r.SetBookmark(r.Root, "開始"); err != nil {
		t.Fatal(err)
	}
	if err := r.SetBookmark(a, "本譜"); err != nil {
		t.Fatal(err)
	}
	var ee *EditError
	if err := r.SetBookmark(a, "開始"); !errors.As(err, &ee) || ee.Kind != BookmarkTaken || ee.Node != r.Root {
		t.Errorf("a taken name: %v", err)
	}
	got := []string{}
	for _, n := range r.Bookmarks() {
		got = append(got, n.Bookmark())
	}
	if fmt.Sprint(got) != "[開始 本譜 変化 の局面]" {
		t.Errorf("bookmarks in tree order: %v", got)
	}
	if r.FindBookmark("本譜") != a || r.FindBookmark("none") != nil {
		t.Error("FindBookmark")
	}
	// KIF and KI2 carry them (the root's too), as &name lines.
	for _, f := range []Format{KIF, KI2} {
		out, err := Marshal(r, f, WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out), "&開始\n") || !strings.Contains(string(out), "&変化 の局面\n") {
			t.Errorf("%v: no bookmark lines in\n%s", f, out)
		}
		back, err := ReadFormat(out, "back", f)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, n := range back.Bookmarks() {
			names = append(names, fmt.Sprintf("%s@%s", n.Bookmark(), usiLine(n.Line())))
		}
		if want := "[開始@ 本譜@7g7f 3c3d 変化 の局面@7g7f 8c8d]"; fmt.Sprint(names) != want {
			t.Errorf("%v read back %v, want %s", f, names, want)
		}
	}
	if err := r.SetBookmark(a, ""); err != nil || a.Bookmark() != "" {
		t.Errorf("removing: %v %q", err, a.Bookmark())
	}
}

func TestHeadersByAnyName(t *testing.T) {
	r, err := Read([]byte("V2.2\nN+Sente\nN-Gote\n$EVENT:Cup\n$MAX_MOVES:256\nPI\n+\n+7776FU\n"), "h.csa")
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := r.Lookup(KeyBlack); !ok || v != "Sente" {
		t.Errorf("先手 finds %q %v", v, ok)
	}
	if v, _ := r.Lookup("Event"); v != "Cup" {
		t.Errorf("Event finds %q", v)
	}
	if err := r.SetHeader("先手", "羽生"); err != nil {
		t.Fatal(err)
	}
	if err := r.SetHeader(KeySite, "東京"); err != nil {
		t.Fatal(err)
	}
	if err := r.SetHeader("備考", "一行\n二行"); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(r.Headers); got != "[{N+ 羽生} {N- Gote} {$EVENT Cup} {$MAX_MOVES 256} {場所 東京} {備考 一行 二行}]" {
		t.Errorf("headers %s", got)
	}
	if !r.DeleteHeader("後手") || r.DeleteHeader("後手") {
		t.Error("DeleteHeader by another name")
	}
	var ee *EditError
	for _, bad := range []string{"", "a:b", "手合割", "先手の持駒", "変化", "*x", "x\ny"} {
		if err := r.SetHeader(bad, "v"); !errors.As(err, &ee) || ee.Kind != BadHeaderKey {
			t.Errorf("key %q: %v", bad, err)
		}
	}
	// Each format writes the headers under its own keys.
	want := map[Format][]string{
		KIF: {"先手：羽生\n", "棋戦：Cup\n", "MAX_MOVES：256\n", "場所：東京\n", "備考：一行 二行\n"},
		CSA: {"N+羽生\n", "$EVENT:Cup\n", "$MAX_MOVES:256\n", "$SITE:東京\n"},
		JKF: {`"先手":"羽生"`, `"棋戦":"Cup"`, `"場所":"東京"`, `"備考":"一行 二行"`},
	}
	for f, lines := range want {
		out, err := Marshal(r, f, WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range lines {
			if !strings.Contains(string(out), l) {
				t.Errorf("%v: %q missing from\n%s", f, l, out)
			}
		}
	}
	if got := Losses(r, CSA); len(got) != 1 || got[0].Kind != LostHeaders || fmt.Sprint(got[0].Keys) != "[備考]" {
		t.Errorf("CSA losses %+v, want the 備考 header", got)
	}
}

func TestPlayerKey(t *testing.T) {
	even := NewRecord(game.StartPosition())
	h, _ := game.FindHandicap("2p")
	two := NewRecord(h.Position())
	if even.PlayerKey(game.Black) != "先手" || even.PlayerKey(game.White) != "後手" {
		t.Error("even game's keys")
	}
	if two.PlayerKey(game.Black) != "下手" || two.PlayerKey(game.White) != "上手" {
		t.Error("handicap game's keys")
	}
	two.Headers = append(two.Headers, Header{"先手", "x"})
	if two.PlayerKey(game.Black) != "先手" {
		t.Error("the record's own key goes first")
	}
}

func TestHandicapName(t *testing.T) {
	start, _ := game.ParseSFEN("8k/9/7G1/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1")
	r := NewRecord(start)
	line(t, r, r.Root, "G*1b")
	if err := r.SetHandicapName("一手詰"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []Format{KIF, KI2, JKF} {
		out, _ := Marshal(r, f, WriteOptions{})
		back, err := ReadFormat(out, "h", f)
		if err != nil {
			t.Fatal(err)
		}
		if back.Handicap != "一手詰" || back.Start.SFEN() != start.SFEN() {
			t.Errorf("%v: name %q start %s\n%s", f, back.Handicap, back.Start.SFEN(), out)
		}
	}
	if got := Losses(r, CSA); len(got) != 1 || got[0].Kind != LostHandicapName {
		t.Errorf("CSA losses %+v", got)
	}
	var ee *EditError
	if err := r.SetHandicapName("香落ち"); !errors.As(err, &ee) || ee.Kind != HandicapNamed {
		t.Errorf("another handicap's name: %v", err)
	}
	even := NewRecord(game.StartPosition())
	if err := even.SetHandicapName("x"); !errors.As(err, &ee) || ee.Kind != HandicapNamed || ee.Name != "平手" {
		t.Errorf("naming the even start: %v", err)
	}
}

// fullRecord has everything a record can hold: branches, comments on the
// root and on moves, bookmarks, times, an engine's verdict, headers
// (one no CSA key names), an ending on a variation and on the main line.
func fullRecord(t *testing.T) *Record {
	t.Helper()
	r := NewRecord(game.StartPosition())
	r.Headers = []Header{{"先手", "A"}, {"後手", "B"}, {"備考", "note"}}
	r.Root.SetComment("before")
	r.Root.SetBookmark("start")
	a := line(t, r, r.Root, "7g7f", "3c3d")
	a.Elapsed, a.Total, a.HasTime = 3e9, 3e9, true
	a.SetComment("c")
	a.SetBookmark("mark")
	after := r.PositionAt(a)
	a.SetEval(&Evaluation{Score: 50, HasScore: true, PV: []game.Move{mustUSI(t, &after, "2g2f")}})
	v := line(t, r, a.Parent, "8c8d")
	r.End(v, Forfeit)
	r.End(a, Resign)
	return r
}

func TestLosses(t *testing.T) {
	r := fullRecord(t)
	kinds := func(ls []Loss) string {
		var s []string
		for _, l := range ls {
			x := fmt.Sprintf("%d×%d", l.Kind, l.Count)
			if l.Kind == LostEnding {
				x += "(" + l.Ending.String() + ")"
			}
			s = append(s, x)
		}
		return strings.Join(s, " ")
	}
	f := func(k LossKind, n int) string { return fmt.Sprintf("%d×%d", k, n) }
	want := map[Format]string{
		KIF:     "",
		KI2:     f(LostTimes, 1),
		CSA:     strings.Join([]string{f(LostBranches, 1), f(LostBookmarks, 2), f(LostHeaders, 1)}, " "),
		JKF:     f(LostBookmarks, 2),
		Western: strings.Join([]string{f(LostEvaluations, 1), f(LostBookmarks, 2), f(LostTimes, 1)}, " "),
		USI:     strings.Join([]string{f(LostComments, 2), f(LostEvaluations, 1), f(LostBookmarks, 2), f(LostTimes, 1), f(LostHeaders, 3), f(LostEnding, 1) + "(resign)"}, " "),
		SFEN:    strings.Join([]string{f(LostMoves, 2), f(LostComments, 2), f(LostEvaluations, 1), f(LostBookmarks, 2), f(LostTimes, 1), f(LostHeaders, 3), f(LostEnding, 1) + "(resign)"}, " "),
	}
	want[USI] = f(LostBranches, 1) + " " + want[USI]
	want[SFEN] = f(LostBranches, 1) + " " + want[SFEN]
	for format, w := range want {
		if got := kinds(Losses(r, format)); got != w {
			t.Errorf("%v: %s, want %s", format, got, w)
		}
	}
	// A forfeit on the main line: CSA has no word for it.
	r.Root.FirstChild().FirstChild().FirstChild().Ending = Forfeit
	if got := kinds(Losses(r, CSA)); !strings.Contains(got, f(LostEnding, 1)+"(forfeit)") {
		t.Errorf("CSA with a forfeit: %s", got)
	}
	if got := kinds(Losses(r, KIF)); got != "" {
		t.Errorf("KIF with a forfeit: %s", got)
	}
}

func TestReadPaste(t *testing.T) {
	kif := "手合割：平手\r手数----指手---------消費時間--\r   1 ７六歩(77)\r   2 ３四歩(33)\r"
	tests := []struct {
		name, text, moves string
	}{
		{"KIF with CR line breaks", kif, "7g7f 3c3d"},
		{"KIF with CRLF", strings.ReplaceAll(kif, "\r", "\r\n"), "7g7f 3c3d"},
		{"KI2", "手合割：平手\n▲７六歩 △３四歩\n", "7g7f 3c3d"},
		{"CSA", "V2.2\nPI\n+\n+7776FU\n-3334FU\n", "7g7f 3c3d"},
		{"JKF", `{"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}]}`, "7g7f"},
		{"USI", "position startpos moves 7g7f 3c3d\n", "7g7f 3c3d"},
		{"SFEN", "  lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n", ""},
	}
	for _, tt := range tests {
		r, err := ReadPaste(tt.text)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got := usiLine(r.MainMoves()); got != tt.moves {
			t.Errorf("%s: moves %q, want %q", tt.name, got, tt.moves)
		}
	}
	var pe *ParseError
	var long *PasteTooLong
	_, err := ReadPaste(strings.Repeat("７六歩\n", 10<<20/10))
	if !errors.As(err, &pe) || pe.File != PasteName || !errors.As(err, &long) || long.Size < 10<<20-10 {
		t.Errorf("a 10 MB paste: %v", err)
	}
	for _, bad := range []string{"", "   \r\r", "hello", "\x00\x01", "{", "P1-KY"} {
		if _, err := ReadPaste(bad); !errors.As(err, &pe) || pe.File != PasteName {
			t.Errorf("paste %q: %v, want a *ParseError naming the paste", bad, err)
		}
	}
}

func TestVerifyFaults(t *testing.T) {
	build := func() (*Record, *Node) {
		r := NewRecord(game.StartPosition())
		return r, line(t, r, r.Root, "7g7f", "3c3d")
	}
	tests := []struct {
		fault TreeFault
		spoil func(r *Record, n *Node)
	}{
		{BadRoot, func(r *Record, n *Node) { r.Root.Ply = 1 }},
		{WrongParent, func(r *Record, n *Node) { n.Parent = r.Root }},
		{WrongPly, func(r *Record, n *Node) { n.Ply = 5 }},
		{AfterEnding, func(r *Record, n *Node) {
			e := r.AddEnding(n.Parent, Resign, "")
			e.first = &Node{Parent: e, Ply: e.Ply + 1}
		}},
		{EndingWithMove, func(r *Record, n *Node) { n.Ending = Resign }},
		{IllegalMove, func(r *Record, n *Node) {
			p := r.PositionAt(n.Parent.Parent)
			n.Parent.Move = p.NewMove(game.NewSquare(7, 7), game.NewSquare(7, 5), false) // a pawn two squares
		}},
		{SameChildren, func(r *Record, n *Node) {
			twin := *n
			twin.next = nil
			n.Parent.link(n, &twin)
		}},
	}
	for _, tt := range tests {
		r, n := build()
		tt.spoil(r, n)
		var te *TreeError
		if err := r.Verify(); !errors.As(err, &te) || te.Fault != tt.fault {
			t.Errorf("fault %d: Verify says %v", tt.fault, err)
		}
	}
	r, _ := build()
	if err := r.Verify(); err != nil {
		t.Errorf("a sound tree: %v", err)
	}
}

// A key KIF cannot write (it would read back as part of the start) is a
// loss for KIF and KI2, not for JKF, whose object holds any key.
func TestLossesUnsafeKey(t *testing.T) {
	r := NewRecord(game.StartPosition())
	r.Headers = []Header{{"先手の持駒", "x"}, {"先手", "A"}}
	for f, lost := range map[Format]bool{KIF: true, KI2: true, JKF: false} {
		ls := Losses(r, f)
		if got := len(ls) == 1 && ls[0].Kind == LostHeaders && fmt.Sprint(ls[0].Keys) == "[先手の持駒]"; got != lost {
			t.Errorf("%v: losses %+v", f, ls)
		}
		out, _ := Marshal(r, f, WriteOptions{})
		back, err := ReadFormat(out, "h", f)
		if err != nil {
			t.Fatal(err)
		}
		if _, kept := back.Lookup("先手の持駒"); kept == lost {
			t.Errorf("%v: the key came back %v, lost %v\n%s", f, kept, lost, out)
		}
	}
}

// A record whose lines are broken by CR alone reads as a file does (what
// a terminal's paste piped to shogi open - gives).
func TestReadCROnly(t *testing.T) {
	r, err := Read([]byte("手合割：平手\r   1 ７六歩(77)\r   2 ３四歩(33)\r"), "stdin")
	if err != nil || usiLine(r.MainMoves()) != "7g7f 3c3d" {
		t.Fatalf("%v %v", err, r)
	}
	// A CR inside a line of a file that has LF line breaks is no line break.
	r, err = Read([]byte("手合割：平手\n   1 ７六歩(77)\n*a\rb\n"), "x.kif")
	if err != nil || r.MainLine()[0].Comment() != "a\rb" {
		t.Fatalf("%v %q", err, r.MainLine()[0].Comment())
	}
}

// 詰み is true of a line only where the side to move is checkmated:
// after a gold dropped on 5b above a pawn (White's king on 5a has no
// square), not after 7g7f; other endings are not judged.
func TestCheckEndingMate(t *testing.T) {
	r := NewRecord(game.StartPosition())
	a := line(t, r, r.Root, "7g7f")
	var ee *EditError
	if err := r.CheckEnding(a, Mate); !errors.As(err, &ee) || ee.Kind != NotMated || ee.Ply != 1 {
		t.Errorf("詰み after 7g7f: %v", err)
	}
	if err := r.CheckEnding(a, Resign); err != nil {
		t.Errorf("投了 after 7g7f: %v", err)
	}
	start, err := game.ParseSFEN("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	r = NewRecord(start)
	m := line(t, r, r.Root, "G*5b")
	if err := r.CheckEnding(m, Mate); err != nil {
		t.Errorf("詰み after G*5b: %v", err)
	}
}

// TestAliasShadowed: a KIF with 対局日 and 開始日時 (both the start's date
// in CSA and Western) writes one $START_TIME and one Date, the start's;
// with 対局日 alone, that one; KIF keeps both.
func TestAliasShadowed(t *testing.T) {
	both := "対局日：2025/08/30\n開始日時：2025/08/30 14:04:20\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n"
	day := "対局日：2025/08/30\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n"
	for _, c := range []struct {
		kif  string
		f    Format
		want []string
	}{
		{both, CSA, []string{"$START_TIME:2025/08/30 14:04:20"}},
		{both, Western, []string{`[Date "2025/08/30 14:04:20"]`}},
		{day, CSA, []string{"$START_TIME:2025/08/30"}},
		{both, KIF, []string{"対局日：2025/08/30", "開始日時：2025/08/30 14:04:20"}},
	} {
		r, err := Read([]byte(c.kif), "a.kif")
		if err != nil {
			t.Fatal(err)
		}
		out, err := Marshal(r, c.f, WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for line := range strings.Lines(string(out)) {
			line = strings.TrimRight(line, "\r\n")
			if strings.HasPrefix(line, "$START_TIME") || strings.HasPrefix(line, "[Date") || strings.Contains(line, "日：") || strings.Contains(line, "日時：") {
				got = append(got, line)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%v: %q, want %q", c.f, got, c.want)
		}
	}
}
