package tui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"shogi/app/settings"
	"shogi/game"
	"shogi/game/book"
	"shogi/game/notation"
	"shogi/tui/common"
)

// panelBookText is a book whose figures are worked out by hand below: the
// even start (60 games) and the position after 7g7f (26 games). The lines
// are out of order; testBook writes them sorted, so the panel searches the
// file on disk.
const panelBookText = book.Header + `
sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2
3c3d none 0 none 17 w4 d0 l8
8c8d none 0 none 9 w6 d0 l0
sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
7g7f none 0 none 30 w9 d0 l11
2g2f none 0 none 28 w5 d1 l6
5g5f none none none 2
`

// testBook writes panelBookText sorted, as shogi book build writes, and
// returns its path.
func testBook(t *testing.T) string {
	t.Helper()
	b, err := book.Read(strings.NewReader(panelBookText), "panel.db")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "panel.db")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := book.Write(f, b); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if bf, err := book.Open(path); err != nil {
		t.Fatalf("the test book is not searchable on disk: %v", err)
	} else {
		bf.Close()
	}
	return path
}

// bookHarness opens branches.kif (7g7f 3c3d 2g2f …) in the study with
// the given book files in the settings, at w×h, in KI2.
func bookHarness(t *testing.T, w, h int, files ...string) *harness {
	t.Helper()
	st := settings.Default()
	st.Book.Files = files
	hs := newHarness(t, Options{Settings: st})
	hs.send(windowSize(w, h))
	hs.send(common.OpenMsg{Path: filepath.Join("testdata", "study", "branches.kif")})
	hs.m.c.Notation = notation.KI2
	if hs.m.mode() != modeStudy {
		t.Fatalf("not in the study:\n%s", hs.screen())
	}
	return hs
}

func (h *harness) studyShown() *studyModel { return h.m.studyTop().(*studyModel) }

// bookLines are the screen's lines from the panel's heading on, as many
// as the panel has rows.
func bookLines(t *testing.T, h *harness) []string {
	t.Helper()
	s := h.studyShown()
	r, _ := s.bookRect(s.Layout())
	if r.H == 0 {
		t.Fatalf("the book panel is not drawn:\n%s", h.screen())
	}
	lines := strings.Split(h.screen(), "\n")
	var out []string
	for y := r.Y; y < r.Y+r.H && y < len(lines); y++ {
		out = append(out, strings.TrimRight(ansi.Cut(lines[y], r.X, r.X+r.W), " "))
	}
	return out
}

// mustRow fails unless one of the panel's lines holds the fields in
// order, apart only by spaces.
func mustRow(t *testing.T, lines []string, fields ...string) {
	t.Helper()
	want := strings.Join(fields, " ")
	for _, l := range lines {
		if strings.Join(strings.Fields(strings.TrimPrefix(strings.TrimSpace(l), ">")), " ") == want {
			return
		}
	}
	t.Fatalf("no panel row %q in:\n%s", want, strings.Join(lines, "\n"))
}

// TestStudyBookPanel: o shows the book's moves for the position on
// screen — counts, shares and win rates as worked out by hand, in the
// move list's notation, the record's move and the others; ↓ enter plays a
// book move the record does not have as a new variation, enter on the
// record's own move follows the record; a position not in the book says
// so, as does a missing book; o closes the panel.
func TestStudyBookPanel(t *testing.T) {
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		h := bookHarness(t, size[0], size[1], testBook(t))
		h.press("o")
		lines := bookLines(t, h)
		if !strings.Contains(lines[0], "Book") || !strings.Contains(lines[0], "panel.db") || !strings.Contains(lines[0], "60 played") {
			t.Fatalf("%dx%d heading: %q", size[0], size[1], lines[0])
		}
		// 30/60 = 50.0%, 9 wins 11 losses = 45.0%; 28/60 = 46.7%,
		// (5 + 1/2)/12 = 45.8%; 2/60 = 3.3% and no results.
		mustRow(t, lines, "▲７六歩", "30", "50.0%", "45.0%")
		mustRow(t, lines, "▲２六歩", "28", "46.7%", "45.8%")
		mustRow(t, lines, "▲５六歩", "2", "3.3%")
		for _, l := range strings.Split(h.screen(), "\n") {
			if w := ansi.StringWidth(l); w > size[0] {
				t.Fatalf("%dx%d: a line of %d cells: %q", size[0], size[1], w, l)
			}
		}
		// The help bar says what enter does while the panel is open.
		bar := lastLine(h.screen())
		if strings.Contains(bar, "move on the board") || !strings.Contains(bar, "play the book move") {
			t.Errorf("%dx%d: the help bar with the panel open: %q", size[0], size[1], bar)
		}

		// enter on the first row, the record's own move: the main line.
		h.press("enter")
		s := h.studyShown()
		if s.cur != 1 || strings.Contains(h.screen(), "(modified)") {
			t.Fatalf("enter on the record's move: ply %d:\n%s", s.cur, h.screen())
		}
		lines = bookLines(t, h)
		mustRow(t, lines, "△３四歩", "17", "65.4%", "33.3%")
		mustRow(t, lines, "△８四歩", "9", "34.6%", "100.0%")

		// ↓ enter: 8c8d, not in the record, becomes a variation.
		h.press("down", "enter")
		mustSFEN(t, s, "lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3")
		if !strings.Contains(h.screen(), "(modified)") || !strings.Contains(h.screen(), "variation") {
			t.Fatalf("8c8d did not become a variation:\n%s", h.screen())
		}
		if l := bookLines(t, h); !strings.Contains(l[0], "not in the book") {
			t.Fatalf("a position not in the book: %q", l)
		}

		// Back to the start, the panel follows; o closes it.
		h.press("home")
		mustRow(t, bookLines(t, h), "▲７六歩", "30", "50.0%", "45.0%")
		h.press("o")
		if r, _ := s.bookRect(s.Layout()); r.H != 0 || strings.Contains(h.screen(), "60 played") {
			t.Fatalf("o did not close the panel:\n%s", h.screen())
		}
		if bar := lastLine(h.screen()); !strings.Contains(bar, "move on the board") {
			t.Errorf("%dx%d: the help bar with the panel closed: %q", size[0], size[1], bar)
		}
	}
}

// TestStudyBookPanelNotation: the panel writes its moves in the move
// list's notation, whichever it is.
func TestStudyBookPanelNotation(t *testing.T) {
	h := bookHarness(t, 120, 40, testBook(t))
	for _, c := range []struct {
		style notation.Style
		move  string
	}{{notation.USI, "7g7f"}, {notation.CSA, "+7776FU"}, {notation.KI2, "▲７六歩"}} {
		h.m.c.Notation = c.style
		h.press("o")
		mustRow(t, bookLines(t, h), c.move, "30", "50.0%", "45.0%")
		h.press("o")
	}
}

// TestStudyBookPanelClick: a click on a book move plays it.
func TestStudyBookPanelClick(t *testing.T) {
	h := bookHarness(t, 120, 40, testBook(t))
	h.press("l", "o")
	s := h.studyShown()
	r, _ := s.bookRect(s.Layout())
	lines := strings.Split(h.screen(), "\n")
	for y := r.Y; y < r.Y+r.H; y++ {
		if i := strings.Index(ansi.Cut(lines[y], r.X, r.X+r.W), "△８四歩"); i >= 0 {
			h.click(r.X+ansi.StringWidth(ansi.Cut(lines[y], r.X, r.X+r.W)[:i])+1, y)
			mustSFEN(t, s, "lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3")
			return
		}
	}
	t.Fatalf("no △８四歩 in the panel:\n%s", h.screen())
}

// TestStudyBookPanelProblems: no books, and a book that is not there, are
// said in the panel; enter plays nothing.
func TestStudyBookPanelProblems(t *testing.T) {
	h := bookHarness(t, 120, 40)
	h.press("o")
	if l := bookLines(t, h); !strings.Contains(strings.Join(l, " "), "no book files") {
		t.Errorf("no books: %q", l)
	}
	missing := filepath.Join(t.TempDir(), "nosuch.db")
	h = bookHarness(t, 120, 40, missing)
	h.press("o")
	if l := strings.Join(bookLines(t, h), " "); !strings.Contains(l, "cannot read nosuch.db: no such file") {
		t.Errorf("a missing book: %q", l)
	}
	h.press("enter")
	if s := h.studyShown(); s.cur != 0 || strings.Contains(h.screen(), "(modified)") {
		t.Errorf("enter with no book moves moved to ply %d", s.cur)
	}
}

// lastLine is the screen's last line, the help bar.
func lastLine(screen string) string {
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	return lines[len(lines)-1]
}

// TestHintBookMoves: the hint shows the books' moves with their shares
// (50%, 28/60 = 47%, 2/60 = 3%) beside the program's move.
func TestHintBookMoves(t *testing.T) {
	st := settings.Default()
	st.Book.Files = []string{testBook(t)}
	st.Hint = "greedy"
	h := newHarness(t, Options{Play: true, White: "greedy", Settings: st})
	h.press("H")
	row := ""
	for _, l := range strings.Split(h.screen(), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "Book") {
			row = strings.Join(strings.Fields(l), " ")
		}
	}
	if row != "Book ▲７六歩 50% ▲２六歩 47% ▲５六歩 3%" {
		t.Errorf("the hint's book row %q:\n%s", row, h.screen())
	}
	if h.game().Len() != 0 {
		t.Fatalf("the hint played a move: %q", h.moves())
	}
}

// lineBook is a book of one line of moves a level would hardly choose,
// one move a position, 1 game each.
func lineBook(t *testing.T, moves ...string) string {
	t.Helper()
	g := game.NewGame(game.StartPosition())
	var text strings.Builder
	text.WriteString(book.Header + "\n")
	for _, u := range moves {
		p := g.Position()
		m, err := notation.Parse(&p, u, notation.USI, game.NoMove)
		if err != nil {
			t.Fatal(err)
		}
		text.WriteString("sfen " + p.SFEN() + "\n" + u + " none none none 1\n")
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "line.db")
	if err := os.WriteFile(path, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSettingsBookPlay: two levels of a game started in the app play the
// settings' book for its plies (4 here) and leave it after; with the
// setting off they never play it.
func TestSettingsBookPlay(t *testing.T) {
	line := []string{"9g9f", "1c1d", "1g1f", "9c9d", "5i5h", "5a5b"}
	for _, pick := range []book.Pick{book.Weighted, book.Best, book.Off} {
		st := settings.Default()
		st.Book.Files = []string{lineBook(t, line...)}
		st.Book.Play, st.Book.Plies = settings.PickSetting(pick), 4
		st.MoveDelay = 0
		h := newHarness(t, Options{Play: true, Black: "greedy", White: "greedy", Settings: st})
		h.until("six moves", func() bool { return h.game().Len() >= 6 || h.m.playShown().Over() })
		var got []string
		for _, m := range h.game().Moves()[:6] {
			got = append(got, m.USI())
		}
		if pick == book.Off {
			if got[0] == line[0] {
				t.Errorf("off: the first move is the book's: %v", got)
			}
			continue
		}
		if !slices.Equal(got[:4], line[:4]) || slices.Equal(got[4:], line[4:]) {
			t.Errorf("%v: the levels played %v; the book's first four plies are %v, its next two %v", pick, got, line[:4], line[4:])
		}
	}
}
