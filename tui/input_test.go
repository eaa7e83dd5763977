package tui

import (
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// colourEscape is an SGR sequence that sets a foreground or background
// colour.
var colourEscape = regexp.MustCompile(`\x1b\[[0-9;]*?\b(3[0-9]|9[0-7]|4[0-9]|10[0-7])\b[0-9;]*m`)

// editKeys are the line-editing keys the harness's press does not name.
var editKeys = map[string]tea.KeyType{
	"home": tea.KeyHome, "end": tea.KeyEnd, "delete": tea.KeyDelete,
	"ctrl+a": tea.KeyCtrlA, "ctrl+e": tea.KeyCtrlE, "ctrl+u": tea.KeyCtrlU, "ctrl+w": tea.KeyCtrlW,
}

// edit sends press's keys, and the editing keys by name.
func (h *harness) edit(keys ...string) {
	for _, k := range keys {
		if t, ok := editKeys[k]; ok {
			h.send(tea.KeyMsg{Type: t})
			continue
		}
		h.press(k)
	}
}

// While a move is typed the cursor keys move within the line, not on the
// board, and the usual editing keys work.
func TestMoveLineEditing(t *testing.T) {
	h := newHarness(t, Options{Play: true})
	board := h.m.play.cursor
	for _, step := range []struct {
		keys []string
		want string // the line afterwards
	}{
		{[]string{"77f"}, "77f"},
		{[]string{"left", "left", "g"}, "7g7f"},
		{[]string{"home", "delete"}, "g7f"},
		{[]string{"ctrl+e", "backspace", "backspace"}, "g"},
		{[]string{"ctrl+a", "7"}, "7g"},
		{[]string{"end", "7f", "ctrl+w"}, ""},
		{[]string{"2g 2f", "ctrl+a", "right", "right", "ctrl+u"}, " 2f"},
		{[]string{"up", "down", "tab"}, " 2f"}, // no completion, no board cursor
	} {
		h.edit(step.keys...)
		if !h.m.play.typing {
			t.Fatalf("after %q the move line closed", step.keys)
		}
		if got := h.m.play.input.Value(); got != step.want {
			t.Fatalf("after %q the line is %q, want %q", step.keys, got, step.want)
		}
		if h.m.play.cursor != board {
			t.Fatalf("after %q the board cursor moved to %v", step.keys, h.m.play.cursor)
		}
	}
	h.edit("ctrl+e", "ctrl+u", "7g7f")
	if !strings.HasPrefix(h.status(), "= ") || !strings.Contains(h.status(), "7g7f") {
		t.Errorf("live check of the edited line: %q", h.status())
	}
	h.press("enter")
	if h.moves() != "7g7f" {
		t.Fatalf("the edited line played %q (status %q)", h.moves(), h.status())
	}
}

// The live check follows each edit, wherever the cursor is; moving the
// cursor alone leaves the status as it was.
func TestMoveLineLiveCheck(t *testing.T) {
	h := newHarness(t, Options{Play: true})
	h.press("7g7")
	if h.status() != "…" {
		t.Fatalf("status for 7g7 = %q, want the partial mark", h.status())
	}
	h.press("left", "left")
	if h.status() != "…" {
		t.Fatalf("status after moving the cursor = %q", h.status())
	}
	h.edit("end", "f")
	if !strings.HasPrefix(h.status(), "= ") || !strings.Contains(h.status(), "7g7f") {
		t.Fatalf("status for 7g7f = %q, want what it reads as", h.status())
	}
	h.press("enter")
	h.typeMove("2h2d") // illegal: the error stays until the line is edited
	why := h.status()
	h.press("left")
	if h.status() != why {
		t.Errorf("left replaced the error %q with %q", why, h.status())
	}
}

// Backspace closes the move line once it is empty; esc clears it; a burst
// opens it on its first rune and types the rest.
func TestMoveLineOpenClose(t *testing.T) {
	h := newHarness(t, Options{Play: true})
	h.press(":")
	if !h.m.play.typing || h.m.play.input.Value() != "" {
		t.Fatalf(": opened %v with %q", h.m.play.typing, h.m.play.input.Value())
	}
	h.press("backspace")
	if h.m.play.typing {
		t.Fatal("backspace on the empty line left it open")
	}
	h.press("7", "backspace")
	if h.m.play.typing {
		t.Fatal("backspace taking the only character left the line open")
	}
	h.edit("7g", "home", "backspace") // nothing before the cursor: nothing deleted
	if !h.m.play.typing || h.m.play.input.Value() != "7g" {
		t.Fatalf("line %q, open %v", h.m.play.input.Value(), h.m.play.typing)
	}
	h.press("esc")
	if h.m.play.typing {
		t.Fatal("esc left the line open")
	}
	h.burst("P-7f")
	if got := h.m.play.input.Value(); !h.m.play.typing || got != "P-7f" {
		t.Fatalf("burst P-7f: line %q, open %v", got, h.m.play.typing)
	}
	h.burst("lk") // letters that are cursor keys go into the open line
	if got := h.m.play.input.Value(); got != "P-7flk" {
		t.Fatalf("burst lk into the line: %q", got)
	}
}

// A line longer than the screen scrolls inside its width: at 80×24, with
// escape sequences for the cursor, no line is wider than the terminal, in
// either width policy, and the end being typed stays in view.
func TestInputLinesFit(t *testing.T) {
	old := lipgloss.ColorProfile()
	lipgloss.SetColorProfile(termenv.ANSI256)
	t.Cleanup(func() { lipgloss.SetColorProfile(old) })
	long := strings.Repeat("▲７六歩", 12) + "end"
	for _, policy := range []WidthPolicy{Narrow, Wide} {
		h := newHarness(t, Options{Play: true, Width: policy})
		fits := func(what string) {
			t.Helper()
			for _, line := range strings.Split(h.m.View(), "\n") {
				if w := h.m.c.m.width(line); w > 80 {
					t.Errorf("%v, %s: %q is %d columns", policy, what, ansi.Strip(line), w)
				}
			}
		}
		h.press(long)
		fits("a long move")
		if !strings.Contains(h.screen(), "歩end") {
			t.Errorf("%v: the end of the typed line is not shown:\n%s", policy, h.screen())
		}
		h.edit("home")
		fits("the cursor at the start")
		if !strings.Contains(h.screen(), "> ▲７六歩") {
			t.Errorf("%v: home does not show the start of the line:\n%s", policy, h.screen())
		}
		h.press("esc", "w")
		h.press(strings.Repeat("/very/long/folder", 8) + "/game.kif")
		fits("a long file name")
		if s := h.screen(); !strings.Contains(s, "/game.kif") || !strings.Contains(s, saveHint) {
			t.Errorf("%v: the save line lost its end or its hint:\n%s", policy, s)
		}
	}
}

// The input lines take their styles from the app's: under NO_COLOR the
// prompt and the cursor carry no colour, only the cursor's reverse.
func TestInputWithoutColour(t *testing.T) {
	old := lipgloss.ColorProfile()
	lipgloss.SetColorProfile(termenv.ANSI256)
	t.Cleanup(func() { lipgloss.SetColorProfile(old) })
	t.Setenv("NO_COLOR", "1")
	h := newHarness(t, Options{Play: true})
	h.press("7g7", "left")
	line := h.m.play.promptLine()
	if colourEscape.MatchString(line) {
		t.Fatalf("colour escape in the move line: %q", line)
	}
	if !strings.Contains(line, "\x1b[7m") {
		t.Errorf("move line %q shows no reversed cursor", line)
	}
	h.press("esc", "w")
	if line := h.m.play.promptLine(); colourEscape.MatchString(line) {
		t.Fatalf("colour escape in the save line: %q", line)
	}
	s := openTestRecord(t, "branches.kif", 100, 30)
	studyPress(t, s, "1")
	if f := s.footer(); colourEscape.MatchString(f) {
		t.Fatalf("colour escape in the move number line: %q", f)
	}
	studyPress(t, s, "esc", "e")
	if f := s.footer(); colourEscape.MatchString(f) {
		t.Fatalf("colour escape in the export line: %q", f)
	}
}

// truncate keeps escape sequences whole and out of the count.
func TestTruncateStyled(t *testing.T) {
	m := newMeasure(Narrow)
	rev := "\x1b[7m"
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"abc" + rev + "d\x1b[0m", 4, "abc" + rev + "d\x1b[0m"},
		{"abc" + rev + "d\x1b[0mef", 4, "abc" + rev + "d\x1b[0m\x1b[0m"},
		{rev + "七六" + "\x1b[0m", 3, rev + "七\x1b[0m"},
		{"abcdef", 3, "abc"},
	} {
		got := m.truncate(c.in, c.n)
		if got != c.want {
			t.Errorf("truncate(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
		if w := m.width(got); w > c.n {
			t.Errorf("truncate(%q, %d) is %d columns", c.in, c.n, w)
		}
	}
}

// The move number takes the editing keys too; any other key drops it and
// acts (the walk itself is checked in TestStudyWalk).
func TestJumpLineEditing(t *testing.T) {
	s := openTestRecord(t, "branches.kif", 100, 30)
	for _, step := range []struct {
		keys []string
		want int
	}{
		{[]string{"2", "left", "1", "enter"}, 12},      // ← moves within the number, not back a move
		{[]string{"45", "home", "delete", "enter"}, 5}, // home is the number's start, not ply 0
		{[]string{"1234567", "enter"}, 13},             // six digits at most: 123456, past the end
		{[]string{"9", "h"}, 12},                       // a letter drops the number and steps back
	} {
		studyPress(t, s, step.keys...)
		if s.cur != step.want {
			t.Fatalf("after %q: ply %d, want %d", step.keys, s.cur, step.want)
		}
	}
	studyPress(t, s, "3", "left", "backspace")
	mustShow(t, s, jumpPrompt+"3"+jumpHint)
	studyPress(t, s, "right", "backspace")
	if s.jump != nil {
		t.Fatal("backspace taking the last digit left the number open")
	}
}
