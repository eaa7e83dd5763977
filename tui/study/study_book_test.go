package study

import (
	"path/filepath"
	"shogi/game/notation"
	"shogi/tui/internal/screentest"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

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

// The books of the tests (tui/internal/screentest).
var testBook = screentest.PanelBook

// TestStudyBookPanelNotation: the panel writes its moves in the move
// list's notation, whichever it is.
func TestStudyBookPanelNotation(t *testing.T) {
	h := bookHarness(t, 120, 40, testBook(t))
	for _, c := range []struct {
		style notation.Style
		move  string
	}{{notation.USI, "7g7f"}, {notation.CSA, "+7776FU"}, {notation.KI2, "▲７六歩"}} {
		h.c.Notation = c.style
		h.press("o")
		mustRow(t, bookLines(t, h), c.move, "30", "50.0%", "45.0%")
		h.press("o")
	}
}
