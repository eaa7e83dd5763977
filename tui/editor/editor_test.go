package editor

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"shogi/app/settings"
	"shogi/app/words"
	"shogi/game"
	"shogi/kifu"
	"shogi/kifu/edit"
	"shogi/tui/common"
	"shogi/tui/components"
)

// testCommon is the shared state of a w×h terminal in lang, kanji pieces,
// the dark palette.
func testCommon(w, h int, lang words.Lang) *common.Common {
	c := &common.Common{Width: w, Height: h, Dark: true, Pieces: common.Kanji, Settings: settings.Default()}
	c.SetPolicy(common.Narrow)
	c.SetLang(lang)
	c.Restyle()
	return c
}

// key is the message a terminal sends for a named key or one character.
func key(k string) tea.KeyPressMsg {
	named := map[string]rune{
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "space": tea.KeySpace,
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"backspace": tea.KeyBackspace, "delete": tea.KeyDelete, "home": tea.KeyHome, "end": tea.KeyEnd,
	}
	if c, ok := named[k]; ok {
		if c == tea.KeySpace {
			return tea.KeyPressMsg{Code: c, Text: " "}
		}
		return tea.KeyPressMsg{Code: c}
	}
	if rest, ok := strings.CutPrefix(k, "ctrl+"); ok && len(rest) == 1 {
		return tea.KeyPressMsg{Code: rune(rest[0]), Mod: tea.ModCtrl}
	}
	r, _ := utf8.DecodeRuneInString(k)
	return tea.KeyPressMsg{Code: r, Text: string(r)}
}

// press sends keys: a name ("enter", "up", "ctrl+r"), or each character
// of any other string as a key of its own. It returns the commands' messages.
func press(t testing.TB, m *Model, keys ...string) []tea.Msg {
	t.Helper()
	var out []tea.Msg
	send := func(msg tea.Msg) {
		var cmd tea.Cmd
		*m, cmd = m.Update(msg)
		out = append(out, run(m, cmd)...)
	}
	for _, k := range keys {
		if _, ok := map[string]bool{"enter": true, "esc": true, "tab": true, "space": true, "up": true, "down": true,
			"left": true, "right": true, "backspace": true, "delete": true, "home": true, "end": true}[k]; ok || strings.HasPrefix(k, "ctrl+") {
			send(key(k))
			continue
		}
		for _, r := range k {
			send(key(string(r)))
		}
	}
	return out
}

// run runs a command as Bubble Tea would, feeding the editor's own
// reports back and returning every other message.
func run(m *Model, cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if w, ok := msg.(writtenMsg); ok {
		var next tea.Cmd
		*m, next = m.Update(w)
		return run(m, next)
	}
	return []tea.Msg{msg}
}

// screen is the editor's view without escape sequences.
func screen(m *Model) string {
	v, _ := m.View()
	return ansi.Strip(v)
}

// goTo moves the cursor to sq with the arrow keys, as a person does.
func goTo(t testing.TB, m *Model, sq game.Square) {
	t.Helper()
	for m.cursor.File() < sq.File() {
		press(t, m, "left")
	}
	for m.cursor.File() > sq.File() {
		press(t, m, "right")
	}
	for m.cursor.Rank() < sq.Rank() {
		press(t, m, "down")
	}
	for m.cursor.Rank() > sq.Rank() {
		press(t, m, "up")
	}
	if m.cursor != sq {
		t.Fatalf("the cursor is on %v, want %v", m.cursor, sq)
	}
}

func square(t testing.TB, s string) game.Square {
	t.Helper()
	q, err := game.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func newEditor(t testing.TB, sfen string) *Model {
	t.Helper()
	p := game.StartPosition()
	if sfen != "" {
		var err error
		if p, err = game.ParseSFEN(sfen); err != nil {
			t.Fatal(err)
		}
	}
	m := New(testCommon(80, 24, words.English), Options{Start: p})
	return &m
}

// The keys of the contract: on a square, upper case puts Black's piece,
// lower case White's, + turns it over, space, delete and backspace empty
// it; the position is what the keys said, checked square by square
// against an SFEN written independently.
func TestKeysPlacePieces(t *testing.T) {
	m := newEditor(t, "")
	press(t, m, "c") // clear
	if got := m.b.SFEN(); got != "9/9/9/9/9/9/9/9/9 b - 1" {
		t.Fatalf("c left %s", got)
	}
	steps := []struct{ sq, keys string }{
		{"1a", "k"}, {"5i", "K"}, {"2c", "G"}, {"3c", "p"}, {"3c", "+"}, // 3c: a White tokin
		{"9i", "L"}, {"8h", "B"}, {"8h", "+"}, {"8h", "+"}, // a bishop promoted and back
		{"4d", "S"}, {"4d", "space"}, {"6d", "N"}, {"6d", "delete"}, {"7d", "R"}, {"7d", "backspace"},
		{"5e", "r"}, {"5e", "+"}, {"9a", "n"}, {"1i", "l"},
	}
	for _, st := range steps {
		goTo(t, m, square(t, st.sq))
		press(t, m, st.keys)
		if m.isErr {
			t.Fatalf("%s on %s refused: %s", st.keys, st.sq, m.status)
		}
	}
	want := "n7k/9/6+pG1/9/4+r4/9/9/1B7/L3K3l b - 1"
	if got := m.b.SFEN(); got != want {
		t.Errorf("position %s, want %s", got, want)
	}
	// A king turns over into nothing: refused, with the reason in words.
	goTo(t, m, square(t, "5i"))
	press(t, m, "+")
	if !m.isErr || !strings.Contains(m.status, "does not promote") {
		t.Errorf("+ on a king: status %q", m.status)
	}
	if got := m.b.SFEN(); got != want {
		t.Errorf("a refused change changed the position to %s", got)
	}
}

// 40 pawns typed: the set has 18, so the 19th and after are refused with
// a message; nothing panics and the board never holds more than a set.
func TestFortyPawns(t *testing.T) {
	m := newEditor(t, "")
	press(t, m, "c")
	placed, refused := 0, 0
	for i := range 40 {
		goTo(t, m, game.NewSquare(1+i%9, 3+i/9%5))
		before := m.b.SFEN()
		if i%2 == 0 {
			press(t, m, "P")
		} else {
			press(t, m, "p")
		}
		if m.b.SFEN() != before {
			placed++
			continue
		}
		refused++
		if !m.isErr || !strings.Contains(m.status, "18 pawns") {
			t.Fatalf("pawn %d refused without the reason: %q", i+1, m.status)
		}
	}
	if placed != 18 || refused != 22 {
		t.Errorf("%d placed, %d refused; want 18 and 22", placed, refused)
	}
	if n := m.b.InBox(game.Pawn); n != 0 {
		t.Errorf("%d pawns left in the box", n)
	}
	// Two of Black's on a file: nifu is said, in the screen's words.
	press(t, m, "c")
	for _, s := range []string{"5c", "5g"} {
		goTo(t, m, square(t, s))
		press(t, m, "P")
	}
	if !strings.Contains(screen(m), "Black has 2 unpromoted pawns on file 5 (nifu)") {
		t.Errorf("no word of nifu:\n%s", screen(m))
	}
}

// The hands: tab gives White's hand the keys, then Black's; a piece
// letter adds that kind, + and - add and take the highlighted one, h puts
// the rest of the set in White's hand (the tsume setting).
func TestHands(t *testing.T) {
	m := newEditor(t, "")
	press(t, m, "c", "tab") // White's hand
	press(t, m, "g", "g", "r", "-")
	press(t, m, "tab") // Black's
	press(t, m, "B", "+", "+")
	pos := m.b.Position()
	if w, b := pos.Hand(game.White, game.Gold), pos.Hand(game.White, game.Rook); w != 2 || b != 0 {
		t.Errorf("White holds %d golds and %d rooks, want 2 and 0", w, b)
	}
	if n := pos.Hand(game.Black, game.Bishop); n != 2 {
		t.Errorf("Black holds %d bishops, want 2", n)
	}
	press(t, m, "+")
	if !m.isErr || !strings.Contains(m.status, "2 bishops") {
		t.Errorf("a third bishop: status %q", m.status)
	}
	press(t, m, "tab", "h") // back to the board; the rest to White
	pos = m.b.Position()
	want := map[game.PieceType][2]int{game.Rook: {0, 2}, game.Bishop: {2, 0}, game.Gold: {0, 4}, game.Pawn: {0, 18}}
	for t2, n := range want {
		if b, w := pos.Hand(game.Black, t2), pos.Hand(game.White, t2); b != n[0] || w != n[1] {
			t.Errorf("%v: Black %d, White %d; want %v", t2, b, w, n)
		}
	}
	if m.b.InBox(game.King) != 2 {
		t.Errorf("the kings went to a hand")
	}
}

// The tsume of the issue set up by keys alone: White's king on 1a, a
// Black gold on 2c, a gold in Black's hand, the rest to White; it is a
// tsume (one king), not a game, and solving it asks the tsume screen.
func TestTsumeSetUp(t *testing.T) {
	m := newEditor(t, "")
	press(t, m, "c")
	goTo(t, m, square(t, "1a"))
	press(t, m, "k")
	goTo(t, m, square(t, "2c"))
	press(t, m, "G", "tab", "tab", "g", "tab", "h")
	const want = "8k/9/7G1/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1"
	if got := m.b.SFEN(); got != want {
		t.Fatalf("set up %s, want %s", got, want)
	}
	sc := screen(m)
	if !strings.Contains(sc, words.EditorEnglish.TsumeOnly) || !strings.Contains(sc, "Black has no king") {
		t.Errorf("the panel does not call it a tsume:\n%s", sc)
	}
	msgs := press(t, m, "enter", "t")
	if len(msgs) != 1 {
		t.Fatalf("solving sent %v", msgs)
	}
	if tm, ok := msgs[0].(common.TsumeMsg); !ok || tm.Start.SFEN() != want {
		t.Errorf("solving sent %#v", msgs[0])
	}
	msgs = press(t, m, "enter", "p")
	if tm, ok := msgs[0].(common.ToMenuMsg); !ok || !tm.NewGame || tm.Start == nil || tm.Start.SFEN() != want {
		t.Errorf("playing sent %#v", msgs[0])
	}
	msgs = press(t, m, "enter", "s")
	sr, ok := msgs[0].(common.StudyRecordMsg)
	if !ok || sr.Rec == nil || sr.Rec.Start.SFEN() != want || sr.Rec.Root.FirstChild() != nil {
		t.Errorf("studying sent %#v", msgs[0])
	}
}

// A position the rules cannot play or solve says why, and is not handed on.
func TestImpossibleRefused(t *testing.T) {
	m := newEditor(t, "")
	press(t, m, "c")
	goTo(t, m, square(t, "5a"))
	press(t, m, "P") // a pawn that can never move, and no kings
	for _, k := range []string{"p", "s", "t"} {
		if msgs := press(t, m, "enter", k); len(msgs) != 0 {
			t.Errorf("enter %s handed on an impossible position: %v", k, msgs)
		}
		if !m.isErr || !strings.Contains(m.status, "can never move") {
			t.Errorf("enter %s: status %q", k, m.status)
		}
	}
}

// Undo and redo walk the changes back and forth; every preset loads; the
// side to move and the sides swap.
func TestUndoPresetsTurnFlip(t *testing.T) {
	m := newEditor(t, "")
	start := m.b.SFEN()
	press(t, m, "c")
	goTo(t, m, square(t, "5e"))
	press(t, m, "K", "u", "u")
	if got := m.b.SFEN(); got != start {
		t.Errorf("two undos: %s, want %s", got, start)
	}
	press(t, m, "ctrl+r", "U")
	if got := m.b.SFEN(); got != "9/9/9/9/4K4/9/9/9/9 b - 1" {
		t.Errorf("two redos: %s", got)
	}
	press(t, m, "ctrl+r")
	if m.status != words.EditorEnglish.NoRedo {
		t.Errorf("a redo too many: %q", m.status)
	}
	presets := edit.Presets()
	for i, p := range presets {
		press(t, m, "m") // the list opens where it was last left
		for m.preset != i {
			press(t, m, "down")
		}
		press(t, m, "enter")
		if got, want := m.b.Position(), p.Position(); !got.Equal(&want) {
			t.Errorf("preset %s: %s", p.Key, got.SFEN())
		}
	}
	press(t, m, "m")
	for m.preset != 0 {
		press(t, m, "up")
	}
	press(t, m, "enter", "t") // even, White to move
	if pos := m.b.Position(); pos.SideToMove() != game.White {
		t.Error("t did not give White the move")
	}
	press(t, m, "c")
	goTo(t, m, square(t, "2h"))
	press(t, m, "R", "f")
	if got := m.b.SFEN(); got != "9/1r7/9/9/9/9/9/9/9 w - 1" { // 2h seen from the other chair: 8b
		t.Errorf("flipped: %s", got)
	}
}

// Saving writes a record of the position in the extension's format,
// which reads back as the same start; the name is offered, an existing
// file is asked about.
func TestSave(t *testing.T) {
	dir := t.TempDir()
	m := newEditor(t, "8k/9/7G1/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1")
	for _, ext := range []string{".kif", ".csa", ".sfen", ".jkf"} {
		path := filepath.Join(dir, "tsume"+ext)
		press(t, m, "w", "ctrl+u", path, "enter")
		if m.isErr || !strings.Contains(m.status, "saved "+path) {
			t.Fatalf("%s: status %q", ext, m.status)
		}
		rec, err := kifu.ReadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", ext, err)
		}
		if got := rec.Start.SFEN(); got != m.b.SFEN() {
			t.Errorf("%s reads back as %s", ext, got)
		}
	}
	data, _ := os.ReadFile(filepath.Join(dir, "tsume.kif"))
	if kif, _ := kifu.Read(data, "tsume.kif"); kif == nil || !strings.Contains(kifu.Diagram(&kif.Start), "|") {
		t.Error("the KIF has no diagram")
	}
	path := filepath.Join(dir, "tsume.kif")
	press(t, m, "w", "ctrl+u", path, "enter")
	if m.state != overwrite {
		t.Fatalf("an existing file was not asked about: %q", m.status)
	}
	press(t, m, "n")
	if m.status != words.EditorEnglish.NotSaved {
		t.Errorf("n: %q", m.status)
	}
	press(t, m, "w", "ctrl+u", filepath.Join(dir, "x.txt2"), "enter")
	if !m.isErr {
		t.Errorf("an unknown extension saved: %q", m.status)
	}
}

// Pastes: an SFEN, a KIF diagram and a USI line with moves set the board;
// text that is no position, and a paste beyond the limit, are said and
// change nothing.
func TestPaste(t *testing.T) {
	m := newEditor(t, "")
	m.Update(tea.PasteMsg{})
	paste := func(s string) {
		*m, _ = m.Update(tea.PasteMsg{Content: s})
	}
	paste("sfen 4k4/9/9/9/9/9/9/9/4K4 w 2G 1")
	if got := m.b.SFEN(); got != "4k4/9/9/9/9/9/9/9/4K4 w 2G 1" || m.isErr {
		t.Errorf("pasted SFEN: %s %q", got, m.status)
	}
	paste("position startpos moves 7g7f 3c3d")
	if got := m.b.SFEN(); got != "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3" { // two moves played: move 3 next
		t.Errorf("pasted USI: %s", got)
	}
	start := game.StartPosition()
	paste(strings.ReplaceAll(kifu.Diagram(&start), "\n", "\r"))
	if got := m.b.SFEN(); got != start.SFEN() {
		t.Errorf("pasted diagram: %s", got)
	}
	before := m.b.SFEN()
	for _, junk := range []string{"hello", "9/9/9 b", strings.Repeat("x", 10<<20)} {
		paste(junk)
		if !m.isErr || m.b.SFEN() != before {
			t.Errorf("pasted %.20q: status %q, position %s", junk, m.status, m.b.SFEN())
		}
	}
	// More than a set, pasted: said, and it copies and draws (the KIF
	// diagram counts 40 pawns in kanji).
	paste("sfen 4k4/9/9/9/9/9/9/9/4K4 b 40P 1")
	if !strings.Contains(screen(m), "but a set has 18") {
		t.Errorf("40 pawns pasted:\n%s", screen(m))
	}
	msgs := press(t, m, "y")
	if len(msgs) != 1 || !strings.Contains(fmt.Sprint(msgs[0]), "歩四十") {
		t.Errorf("copied %v", msgs)
	}
	m.c.Pieces = common.KIF
	screen(m)
	m.c.Pieces = common.Kanji
	var far *kifu.PasteTooLong
	if _, err := PastedPosition(strings.Repeat("x", 10<<20)); !errors.As(err, &far) {
		t.Errorf("10 MB: %v", err)
	}
}

// The mouse: a palette piece, then squares; the right button empties; on
// a hand's row a click adds and a right-click takes away.
func TestMouse(t *testing.T) {
	m := newEditor(t, "")
	press(t, m, "c")
	l := m.layout()
	click := func(x, y int, right bool) {
		b := tea.MouseLeft
		if right {
			b = tea.MouseRight
		}
		*m, _ = m.Update(tea.MouseClickMsg{X: x, Y: y, Button: b})
	}
	// find returns where the side column draws a clickable part.
	find := func(a action) (int, int) {
		for y, row := range m.sideRows(l.Side.W, l.Side.H) {
			for _, h := range row.hits {
				if h.act == a {
					return l.Side.X + h.x0, l.Side.Y + y
				}
			}
		}
		t.Fatalf("no %+v in the side column", a)
		return 0, 0
	}
	onSquare := func(sq game.Square) (int, int) {
		for col := range 9 {
			for row := range 9 {
				if game.NewSquare(components.FileAt(col, false), components.RankAt(row, false)) == sq {
					x, y := l.Geom.CellOrigin(col, row)
					return l.Board.X + x + 1, l.Board.Y + y
				}
			}
		}
		return 0, 0
	}
	x, y := find(action{kind: actPiece, piece: game.NewPiece(game.White, game.King)})
	click(x, y, false)
	x, y = onSquare(square(t, "1a"))
	click(x, y, false)
	x, y = find(action{kind: actPiece, piece: game.NewPiece(game.Black, game.Gold)})
	click(x, y, false)
	x, y = onSquare(square(t, "2c"))
	click(x, y, false)
	x, y = onSquare(square(t, "3c"))
	click(x, y, false)
	x, y = onSquare(square(t, "3c"))
	click(x, y, true)
	x, y = find(action{kind: actHand, side: game.Black, t: game.Gold})
	click(x, y, false)
	click(x, y, false)
	click(x, y, true)
	x, y = find(action{kind: actButton, n: btnRest})
	click(x, y, false)
	if got := m.b.SFEN(); got != "8k/9/7G1/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1" {
		t.Errorf("set up by mouse: %s (%s)", got, m.status)
	}
}

// Every frame is the terminal's height, no line wider than it (the help
// bar exactly as wide), at the sizes the app lays
// out differently, in both languages, in every state.
func TestViewFits(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {100, 32}, {120, 40}, {160, 50}, {64, 20}} {
		for _, lang := range []words.Lang{words.English, words.Japanese} {
			c := testCommon(size[0], size[1], lang)
			m := New(c, Options{Start: game.StartPosition()})
			for _, keys := range [][]string{nil, {"tab"}, {"m"}, {"enter"}, {"w"}, {"c", "q"}, {"P", "P"}} {
				mm := m
				mm.b = edit.NewBoard(game.StartPosition())
				press(t, &mm, keys...)
				v, _ := mm.View()
				lines := strings.Split(v, "\n")
				if len(lines) != size[1] {
					t.Fatalf("%v %v %q: %d lines", size, lang, keys, len(lines))
				}
				for i, l := range lines {
					if w := c.Measure.Width(l); w > size[0] || i == len(lines)-1 && w != size[0] {
						t.Fatalf("%v %v %q: line %d is %d columns: %q", size, lang, keys, i, w, ansi.Strip(l))
					}
				}
			}
		}
	}
}

var benchView string

// The time from a key to the redrawn screen in the editor: a piece put on
// a square and taken off, at the two usual sizes.
func BenchmarkEditorKey(b *testing.B) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			m := New(testCommon(size[0], size[1], words.Japanese), Options{Start: game.StartPosition()})
			keys := []tea.Msg{key("S"), key("space")}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				m, _ = m.Update(keys[i%2])
				benchView, _ = m.View()
			}
		})
	}
}
