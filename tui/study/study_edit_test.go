package study

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"shogi/app/words"
	"shogi/game"
	"shogi/kifu"
	"shogi/kifu/edit"
	"shogi/tui/common"
	"shogi/tui/components"
)

// editStudy opens a test record in the study with edits kept in a
// temporary state directory, in English.
func editStudy(t *testing.T, name string, w, h int) *studyModel {
	t.Helper()
	c := studyCommon(w, h)
	c.StateDir = t.TempDir()
	c.SetLang(words.English)
	s := loadStudy(c, filepath.Join("testdata", "study", name))
	if s.loadErr != nil {
		t.Fatal(s.loadErr)
	}
	return s
}

// checkTree fails unless the record's tree is sound, the line shown is in
// it, and the kept copy on disk is the record on screen (none when
// nothing is modified).
func checkTree(t testing.TB, s *studyModel) {
	t.Helper()
	if err := s.rec.Verify(); err != nil {
		t.Fatalf("the tree: %v", err)
	}
	for i, n := range s.line.nodes {
		if n.Ply != i || !s.rec.InTree(n) {
			t.Fatalf("the line's ply %d holds a node of ply %d, in the tree %v", i, n.Ply, s.rec.InTree(n))
		}
	}
	want := s.rec.PositionAt(s.node())
	if got := s.Position(); !got.Equal(&want) {
		t.Fatalf("position shown %s, replayed %s", got.SFEN(), want.SFEN())
	}
	path := s.ed.KeptPath()
	switch {
	case !s.ed.Modified() && path != "":
		t.Fatalf("an unmodified record is kept in %s", path)
	case s.ed.Modified() && s.c.StateDir != "":
		back, err := edit.Restore(path)
		if err != nil {
			t.Fatalf("the kept copy: %v", err)
		}
		if got, want := recordText(t, back.Record()), recordText(t, s.rec); got != want {
			t.Fatalf("the kept copy differs from the record on screen:\n%s\nwant\n%s", got, want)
		}
	}
}

// childMoves lists n's children as USI (endings by name).
func childMoves(n *kifu.Node) string {
	var out []string
	for c := range n.Children() {
		if c.IsMove() {
			out = append(out, c.Move.USI())
		} else {
			out = append(out, c.Ending.String())
		}
	}
	return strings.Join(out, " ")
}

// A move typed at a ply in any notation follows the record's move when
// it is the same and otherwise becomes a new variation there, shown at
// once; the tree stays sound and its kept copy is the record on screen.
func TestStudyTypedMoves(t *testing.T) {
	s := editStudy(t, "branches.kif", 100, 30)
	studyPress(t, s, "2", "enter") // ply 2: the record has 3 ２六歩 and 3 ６六歩
	at := s.node()
	studyPress(t, s, "2g2f", "enter") // the same move, in USI
	if s.cur != 3 || s.node() != at.FirstChild() || s.ed.Modified() {
		t.Fatalf("the record's own move: ply %d, modified %v", s.cur, s.ed.Modified())
	}
	mustShow(t, s, "move 3 is in the record")
	studyPress(t, s, "home", "2", "enter")
	studyPress(t, s, "５六歩", "enter") // KI2, full width
	if got := childMoves(at); got != "2g2f 6g6f 5g5f" {
		t.Fatalf("ply 3's moves: %s", got)
	}
	if s.cur != 3 || s.node() != at.Child(2) || s.line.from != 3 {
		t.Fatalf("the new variation is not shown: ply %d, from %d", s.cur, s.line.from)
	}
	mustShow(t, s, "a new variation at move 3", "(modified)")
	checkTree(t, s)
	// On from the new move, in Western notation (':' first for a
	// lower-case start), then CSA: the variation grows.
	studyPress(t, s, ":", "P-8d", "enter")
	studyPress(t, s, ":", "+2726FU", "enter")
	if s.cur != 5 || s.moves() != 5 || s.line.nodes[5].Move.USI() != "2g2f" {
		t.Fatalf("the variation after two moves: ply %d of %d, %v", s.cur, s.moves(), s.line.nodes[5].Move)
	}
	checkTree(t, s)
	// A move the rules refuse is said, and nothing changes.
	before := recordText(t, s.rec)
	studyPress(t, s, ":", "5i5a", "enter")
	if recordText(t, s.rec) == before && !s.isError {
		t.Fatal("an illegal move was not refused")
	}
	studyPress(t, s, "esc")
	if recordText(t, s.rec) != before {
		t.Fatal("an illegal move changed the record")
	}
}

// The board cursor: enter takes the keyboard to the board, the arrows
// move the cursor, enter picks and moves, and a move that may promote
// asks; a click does the same.
func TestStudyBoardMoves(t *testing.T) {
	s := editStudy(t, "branches.kif", 100, 30)
	studyPress(t, s, "enter") // the board, the cursor on 5g (Black to move)
	if !s.ui.board || s.ui.cursor != game.NewSquare(5, 7) {
		t.Fatalf("board %v, cursor %v", s.ui.board, s.ui.cursor)
	}
	studyPress(t, s, "left", "enter", "up", "enter") // 6g6f
	if s.cur != 1 || s.node().Move.USI() != "6g6f" || s.rec.Root.Child(1) != s.node() {
		t.Fatalf("6g6f by the cursor: ply %d, %v", s.cur, s.node().Move)
	}
	checkTree(t, s)
	// h j k l move the cursor while the board has the keyboard, and do
	// not step through the record.
	studyPress(t, s, "l", "l", "k")
	if s.cur != 1 || s.ui.cursor != game.NewSquare(4, 5) {
		t.Fatalf("hjkl on the board: ply %d, cursor %v", s.cur, s.ui.cursor)
	}
	studyPress(t, s, "esc", "h") // esc lets the board go: h steps back
	if s.ui.board || s.cur != 0 {
		t.Fatalf("after esc, h: board %v ply %d", s.ui.board, s.cur)
	}

	// The mouse: a click on a piece, then on where it goes.
	l := s.Layout()
	clickSq := func(sq game.Square) {
		for col := range 9 {
			for row := range 9 {
				if game.NewSquare(components.FileAt(col, s.flip), components.RankAt(row, s.flip)) == sq {
					x, y := l.Geom.CellOrigin(col, row)
					s.Update(tea.MouseClickMsg{X: l.Board.X + x + 1, Y: l.Board.Y + y, Button: tea.MouseLeft})
					return
				}
			}
		}
	}
	clickSq(sq(t, "1g"))
	clickSq(sq(t, "1f"))
	if got := childMoves(s.rec.Root); got != "7g7f 6g6f 1g1f" || s.node().Move.USI() != "1g1f" {
		t.Fatalf("by the mouse: root's moves %s, shown %v", got, s.node().Move)
	}
	checkTree(t, s)

	// A promotion the rules leave open asks.
	s = editStudy(t, "branches.kif", 100, 30)
	// Ply 12 (△２三歩打): Black's rook on 2d may take on 2c, in the zone.
	studyPress(t, s, "12", "enter", "同飛", "enter") // KI2 without 成 or 不成: open
	if s.ui.promo == nil {
		t.Fatalf("2d2c (the rook into the zone) did not ask: %q", s.message)
	}
	studyPress(t, s, "y")
	if n := s.node(); s.cur != 13 || !n.Move.IsPromotion() || n.Index() != 1 {
		t.Fatalf("y: ply %d, %v", s.cur, n.Move)
	}
	checkTree(t, s)
}

// d deletes the move shown and what follows (after asking), u brings it
// back and ctrl+r deletes it again; { makes a variation the main line;
// [ and ] move it among its siblings; x inserts an ending.
func TestStudyTreeEdits(t *testing.T) {
	s := editStudy(t, "branches.kif", 100, 30)
	studyPress(t, s, "3", "enter", "v") // ply 3: the variation ６六歩
	alt := s.node()
	if alt.Move.USI() != "6g6f" {
		t.Fatalf("v shows %v", alt.Move)
	}
	studyPress(t, s, "d")
	mustShow(t, s, "Delete move 3")
	studyPress(t, s, "n")
	if alt.Parent.NumChildren() != 2 {
		t.Fatal("n deleted")
	}
	studyPress(t, s, "d", "y")
	if got := childMoves(alt.Parent); got != "2g2f" || s.cur != 2 {
		t.Fatalf("after delete: %s, ply %d", got, s.cur)
	}
	checkTree(t, s)
	studyPress(t, s, "u")
	if got := childMoves(alt.Parent); got != "2g2f 6g6f" || s.node() != alt {
		t.Fatalf("after undo: %s, shown ply %d", got, s.cur)
	}
	checkTree(t, s)
	studyPress(t, s, "ctrl+r")
	if got := childMoves(alt.Parent); got != "2g2f" {
		t.Fatalf("after redo: %s", got)
	}
	studyPress(t, s, "u")

	// The variation becomes the main line: the record's result follows.
	studyPress(t, s, "3", "enter", "{") // the undo showed the variation: ply 3 is ６六歩
	if alt.Index() != 0 || s.line.from != 0 {
		t.Fatalf("{: the variation is child %d, line from %d", alt.Index(), s.line.from)
	}
	mustShow(t, s, "this line is now the main line", "Result: (none recorded)")
	checkTree(t, s)
	studyPress(t, s, "]")
	if alt.Index() != 1 {
		t.Fatalf("]: child %d", alt.Index())
	}
	studyPress(t, s, "]")
	mustShow(t, s, "the variation is already the last")
	studyPress(t, s, "[", "u", "u")
	if alt.Index() != 0 {
		t.Fatalf("after [ and two undos: child %d", alt.Index())
	}
	studyPress(t, s, "u") // the promotion to the main line
	if alt.Index() != 1 {
		t.Fatalf("after three undos: child %d", alt.Index())
	}
	mustShow(t, s, "Result: Black wins")
	checkTree(t, s)

	// An ending after the move shown: after the last move it ends the
	// line; elsewhere it is a variation of its own.
	studyPress(t, s, "home", "5", "enter", "x")
	mustShow(t, s, "1 resigns", "9 entering king")
	studyPress(t, s, "2") // ply 5 ends the variation shown: the ending closes it
	if n := s.line.nodes[6]; n.Ending != kifu.Interrupt || n.Index() != 0 || s.cur != 5 {
		t.Fatalf("x 2 at ply 5: %v, child %d, ply %d", n.Ending, n.Index(), s.cur)
	}
	studyPress(t, s, "4", "enter", "x", "1") // mid-line: a variation of its own
	if n := s.line.nodes[5]; n.Ending != kifu.Resign || n.Index() != 1 || s.moves() != 4 {
		t.Fatalf("x 1 at ply 4: %v, child %d, %d moves", n.Ending, n.Index(), s.moves())
	}
	checkTree(t, s)
	// At the start nothing can be deleted.
	studyPress(t, s, "home", "d")
	mustShow(t, s, "the start of the record cannot be deleted")
}

// n writes the comment of the move shown in a text area (line breaks,
// kanji, a paste); at the start, the game's comment before move 1. The
// analysis lines a comment has stay apart; u takes the comment back.
func TestStudyComments(t *testing.T) {
	s := editStudy(t, "branches.kif", 100, 30)
	studyPress(t, s, "1", "enter", "n")
	if s.ui.notes == nil {
		t.Fatal("n opened no comment")
	}
	mustShow(t, s, "Comment on move 1", "角道を開ける")
	studyPress(t, s, "ctrl+u")                        // clear the line
	s.Update(tea.KeyPressMsg{Code: '飛', Text: "飛車先"}) // an IME's text arrives as one key's text
	studyPress(t, s, "enter", "line 2")
	s.Update(tea.PasteMsg{Content: "\rpasted\r\n３行目"})
	studyPress(t, s, "esc")
	n := s.node()
	if want := "飛車先\nline 2\npasted\n３行目"; n.Comment() != want {
		t.Fatalf("comment %q, want %q", n.Comment(), want)
	}
	mustShow(t, s, "comment kept", "line 2")
	checkTree(t, s)
	studyPress(t, s, "home", "n", "ctrl+u", "ゲーム", "esc")
	if s.rec.Root.Comment() != "ゲーム" {
		t.Fatalf("the game's comment: %q", s.rec.Root.Comment())
	}
	studyPress(t, s, "u")
	if s.rec.Root.Comment() != "テスト用の棋譜" {
		t.Fatalf("undone: %q", s.rec.Root.Comment())
	}
	// An engine's analysis stays before the comment written.
	s.rec.Root.SetComment("*#評価値=120\n*#読み筋=▲７六歩\nold")
	studyPress(t, s, "n", "ctrl+u", "new", "esc")
	if got := s.rec.Root.Comment(); !strings.HasPrefix(got, "*#評価値=120\n*#読み筋=▲７六歩") || !strings.HasSuffix(got, "new") || strings.Contains(got, "old") {
		t.Fatalf("with analysis: %q", got)
	}
	// A comment far beyond the limit is cut, and said.
	studyPress(t, s, "n")
	s.Update(tea.PasteMsg{Content: strings.Repeat("長", 10<<10) + strings.Repeat("x", 10<<20)})
	studyPress(t, s, "esc")
	if got := len([]rune(s.rec.Root.UserComment())); got > maxComment {
		t.Fatalf("a comment of %d characters", got)
	}
	checkTree(t, s)
}

// i opens the game's headers as a form: players, event, date, place,
// time control, the start's name and any other key, each written in its
// format's own key when saved.
func TestStudyHeaders(t *testing.T) {
	s := editStudy(t, "branches.kif", 100, 30)
	studyPress(t, s, "i")
	mustShow(t, s, "Game info", "Black", "山田太郎", "Time control", "各10分")
	studyPress(t, s, "enter", "ctrl+u", "羽生善治", "enter")         // Black
	studyPress(t, s, "down", "down", "enter", "ctrl+u", "enter") // Event: empty removes it
	// The add row: a key, then its value.
	for s.ui.info.cur != len(s.ui.info.rows)-1 {
		studyPress(t, s, "down")
	}
	studyPress(t, s, "enter", "備考", "enter", "テスト", "enter", "esc")
	if v, _ := s.rec.Lookup(kifu.KeyBlack); v != "羽生善治" {
		t.Errorf("Black: %q", v)
	}
	if _, ok := s.rec.Lookup(kifu.KeyEvent); ok {
		t.Error("the event is still there")
	}
	if v, _ := s.rec.Lookup("備考"); v != "テスト" {
		t.Errorf("備考: %q", v)
	}
	mustShow(t, s, "▲Black 羽生善治")
	checkTree(t, s)
	// The start is the even game: its name stays.
	studyPress(t, s, "i")
	for !s.ui.info.rows[s.ui.info.cur].start {
		studyPress(t, s, "down")
	}
	studyPress(t, s, "enter", "ctrl+u", "詰将棋", "enter", "esc")
	mustShow(t, s, "the start is named 平手")
	// CSA writes the players in its own keys.
	dir := t.TempDir()
	out := filepath.Join(dir, "h.csa")
	studyPress(t, s, "e", "ctrl+u", out, "enter", "y")
	data, _ := os.ReadFile(out)
	if !strings.Contains(string(data), "N+羽生善治") {
		t.Errorf("CSA without N+:\n%s", data)
	}
	studyPress(t, s, "u", "u", "u")
	if v, _ := s.rec.Lookup(kifu.KeyBlack); v != "山田太郎" {
		t.Errorf("three undos: Black %q", v)
	}
}

// Bookmarks: s names the move shown, ' lists them, enter jumps, r
// renames, d removes; a name taken is refused.
func TestStudyBookmarks(t *testing.T) {
	s := editStudy(t, "branches.kif", 100, 30)
	studyPress(t, s, "5", "enter", "s", "居飛車", "enter")
	studyPress(t, s, "8", "enter", "v", "s", "角交換", "enter")
	marked := s.node()
	studyPress(t, s, "10", "enter", "s", "居飛車", "enter")
	mustShow(t, s, `move 5 already has the bookmark "居飛車"`)
	studyPress(t, s, "home", "'")
	mustShow(t, s, "Bookmarks", "居飛車  5", "角交換  8")
	studyPress(t, s, "down", "enter")
	if s.node() != marked {
		t.Fatalf("the list jumped to ply %d", s.cur)
	}
	studyPress(t, s, "'", "down", "r", "ctrl+u", "角換わり", "enter")
	if marked.Bookmark() != "角換わり" {
		t.Fatalf("renamed: %q", marked.Bookmark())
	}
	studyPress(t, s, "d", "esc")
	if marked.Bookmark() != "" || len(s.rec.Bookmarks()) != 1 {
		t.Fatalf("removed: %q, %d left", marked.Bookmark(), len(s.rec.Bookmarks()))
	}
	checkTree(t, s)
	// KIF keeps them: saved and read back, the one left is there.
	out := filepath.Join(t.TempDir(), "marks.kif")
	studyPress(t, s, "e", "ctrl+u", out, "enter")
	back, err := kifu.ReadFile(out)
	if err != nil || len(back.Bookmarks()) != 1 || back.Bookmarks()[0].Bookmark() != "居飛車" {
		t.Fatalf("read back: %v %v", back.Bookmarks(), err)
	}
	if s.ed.Modified() || s.ed.KeptPath() != "" {
		t.Error("saved in full, the record is still modified")
	}
}

// w saves to the record's own file in its format — saying first what the
// format cannot hold — and the saved file is the record; leaving with
// edits asks, and y discards the kept copy.
func TestStudySaveAndLeave(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "game.csa")
	data, _ := os.ReadFile(filepath.Join("testdata", "study", "branches.kif"))
	rec, _ := kifu.Read(data, "branches.kif")
	if err := kifu.WriteFile(src, rec); err != nil {
		t.Fatal(err)
	}
	c := studyCommon(100, 30)
	c.StateDir = t.TempDir()
	c.SetLang(words.English)
	s := loadStudy(c, src)
	studyPress(t, s, "2", "enter", ":", "6g6f", "enter") // a variation CSA cannot hold
	kept := s.ed.KeptPath()
	if _, err := os.Stat(kept); err != nil {
		t.Fatalf("no kept copy: %v", err)
	}
	studyPress(t, s, "w")
	mustShow(t, s, "csa cannot hold 1 variations: save anyway? (y/n)")
	studyPress(t, s, "y")
	mustShow(t, s, "saved "+src, "the edits stay kept")
	if _, err := os.Stat(kept); err != nil || !s.ed.Modified() {
		t.Fatalf("a lossy save dropped the kept copy: %v", err)
	}
	// Leaving asks; w would save, y discards.
	if cmd := studyPress(t, s, "q"); cmd != nil {
		t.Fatal("q left unsaved edits without asking")
	}
	mustShow(t, s, "unsaved edits: w saves, y leaves and discards them")
	cmd := studyPress(t, s, "y")
	if _, ok := cmd().(common.ToMenuMsg); !ok {
		t.Fatal("y did not leave")
	}
	if _, err := os.Stat(kept); !os.IsNotExist(err) {
		t.Fatalf("leaving with y kept the edits: %v", err)
	}
	// A KIF source holds it all: w writes, and the record is saved.
	kif := filepath.Join(dir, "game.kif")
	kifu.WriteFile(kif, rec)
	s = loadStudy(c, kif)
	studyPress(t, s, "n", "ctrl+u", "note", "esc", "w")
	back, err := kifu.ReadFile(kif)
	if err != nil || back.Root.Comment() != "note" || s.ed.Modified() || s.ed.KeptPath() != "" {
		t.Fatalf("w on a KIF: %v, comment %q, modified %v", err, back.Root.Comment(), s.ed.Modified())
	}
	if got, want := recordText(t, back), recordText(t, s.rec); got != want {
		t.Errorf("the saved file differs from the record:\n%s\nwant\n%s", got, want)
	}
}
