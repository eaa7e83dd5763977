package play

import (
	"strings"
	"testing"

	"shogi/app/words"
	"shogi/tui/common"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"shogi/internal/termtest"
)

// While a move is typed the cursor keys move within the line, not on the
// board, and the usual editing keys work.
func TestMoveLineEditing(t *testing.T) {
	h := newHarness(t, Options{})
	board := h.p().Cursor
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
		h.press(step.keys...)
		if !h.p().Typing {
			t.Fatalf("after %q the move line closed", step.keys)
		}
		if got := h.p().Input.Value(); got != step.want {
			t.Fatalf("after %q the line is %q, want %q", step.keys, got, step.want)
		}
		if h.p().Cursor != board {
			t.Fatalf("after %q the board cursor moved to %v", step.keys, h.p().Cursor)
		}
	}
	h.press("ctrl+e", "ctrl+u", "7g7f")
	if live := h.p().Live; !strings.HasPrefix(live, "= ") || !strings.Contains(live, "7g7f") {
		t.Errorf("live check of the edited line: %q", live)
	}
	h.press("enter")
	if h.moves() != "7g7f" {
		t.Fatalf("the edited line played %q (status %q)", h.moves(), h.status())
	}
}

// The live check follows each edit, wherever the cursor is; moving the
// cursor alone leaves it as it was, and a refused move's reason stays
// beside the line until the line is edited.
func TestMoveLineLiveCheck(t *testing.T) {
	h := newHarness(t, Options{})
	h.press("7g7")
	if h.p().Live != words.EnglishWords.Partial {
		t.Fatalf("live check for 7g7 = %q, want the partial mark", h.p().Live)
	}
	h.press("left", "left")
	if h.p().Live != words.EnglishWords.Partial {
		t.Fatalf("live check after moving the cursor = %q", h.p().Live)
	}
	h.press("end", "f")
	if live := h.p().Live; !strings.HasPrefix(live, "= ") || !strings.Contains(live, "7g7f") {
		t.Fatalf("live check for 7g7f = %q, want what it reads as", live)
	}
	h.press("enter")
	h.typeMove("2h2d") // illegal: the reason stays until the line is edited
	why := h.p().Live
	if !strings.Contains(why, "illegal") || !strings.Contains(h.status(), "illegal") {
		t.Fatalf("2h2d: live %q, status %q", why, h.status())
	}
	h.press("left")
	if h.p().Live != why {
		t.Errorf("left replaced the reason %q with %q", why, h.p().Live)
	}
	h.press("x")
	if h.p().Live == why {
		t.Errorf("an edit left the old reason %q", why)
	}
}

// Backspace closes the move line once it is empty; esc clears it; the
// first key of a move opens it and the rest go into it, cursor letters too.
func TestMoveLineOpenClose(t *testing.T) {
	h := newHarness(t, Options{})
	h.press(":")
	if !h.p().Typing || h.p().Input.Value() != "" {
		t.Fatalf(": opened %v with %q", h.p().Typing, h.p().Input.Value())
	}
	h.press("backspace")
	if h.p().Typing {
		t.Fatal("backspace on the empty line left it open")
	}
	h.press("7", "backspace")
	if h.p().Typing {
		t.Fatal("backspace taking the only character left the line open")
	}
	h.press("7g", "home", "backspace") // nothing before the cursor: nothing deleted
	if !h.p().Typing || h.p().Input.Value() != "7g" {
		t.Fatalf("line %q, open %v", h.p().Input.Value(), h.p().Typing)
	}
	h.press("esc")
	if h.p().Typing {
		t.Fatal("esc left the line open")
	}
	h.press("P-7f")
	if got := h.p().Input.Value(); !h.p().Typing || got != "P-7f" {
		t.Fatalf("P-7f: line %q, open %v", got, h.p().Typing)
	}
	h.press("lk") // letters that are cursor keys go into the open line
	if got := h.p().Input.Value(); got != "P-7flk" {
		t.Fatalf("lk into the line: %q", got)
	}
}

// A line longer than the screen scrolls inside its width: at 80×24, no
// line is wider than the terminal, in either width policy, the end being
// typed stays in view, and the terminal's cursor sits after the last
// character typed, measured as the terminal measures.
func TestInputLinesFit(t *testing.T) {
	long := strings.Repeat("▲７六歩", 12) + "end"
	for _, policy := range []common.WidthPolicy{common.Narrow, common.Wide} {
		h := newHarness(t, Options{Width: policy})
		fits := func(what string) {
			t.Helper()
			for _, line := range strings.Split(h.View(), "\n") {
				if w := h.c.Measure.Width(line); w > 80 {
					t.Errorf("%v, %s: %q is %d columns", policy, what, ansi.Strip(line), w)
				}
			}
		}
		h.press(long)
		fits("a long move")
		if !strings.Contains(h.screen(), "歩end") {
			t.Errorf("%v: the end of the typed line is not shown:\n%s", policy, h.screen())
		}
		v := h.frame()
		lines := strings.Split(ansi.Strip(v.Content), "\n")
		if v.Cursor == nil {
			t.Fatalf("%v: no cursor while typing", policy)
		}
		row := lines[v.Cursor.Y]
		if before := strings.Index(row, "end"); before < 0 || h.c.Measure.Width(row[:before])+3 != v.Cursor.X {
			t.Errorf("%v: cursor at column %d of %q, want just after end", policy, v.Cursor.X, row)
		}
		h.press("home")
		fits("the cursor at the start")
		if !strings.Contains(h.screen(), "> ▲７六歩") {
			t.Errorf("%v: home does not show the start of the line:\n%s", policy, h.screen())
		}
		if v := h.frame(); v.Cursor == nil || v.Cursor.X != 2 {
			t.Errorf("%v: home put the cursor at %+v, want column 2", policy, v.Cursor)
		}
		h.press("esc", "w")
		h.press(strings.Repeat("/very/long/folder", 8) + "/game.kif")
		fits("a long file name")
		if s := h.screen(); !strings.Contains(s, "/game.kif") || !strings.Contains(s, words.EnglishWords.SaveHint) {
			t.Errorf("%v: the save line lost its end or its hint:\n%s", policy, s)
		}
	}
}

// Without colour the input lines carry no colour escape: the terminal's
// own cursor marks the place.
func TestInputWithoutColour(t *testing.T) {
	h := newHarness(t, Options{})
	h.c.UseTerminal(common.Terminal{Profile: colorprofile.ASCII})
	h.press("7g7", "left")
	line, x := h.p().PromptLine(80)
	if c := termtest.Colours(line); c != nil {
		t.Fatalf("colour escape %q in the move line: %q", c, line)
	}
	if x != 4 {
		t.Errorf("cursor at %d in %q, want 4", x, ansi.Strip(line))
	}
	h.press("esc", "w")
	if line, _ := h.p().PromptLine(80); termtest.Colours(line) != nil {
		t.Fatalf("colour escape %q in the save line: %q", termtest.Colours(line), line)
	}
}

// truncate keeps escape sequences whole and out of the count.
func TestTruncateStyled(t *testing.T) {
	m := common.NewMeasure(common.Narrow)
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
		got := m.Truncate(c.in, c.n)
		if got != c.want {
			t.Errorf("truncate(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
		if w := m.Width(got); w > c.n {
			t.Errorf("truncate(%q, %d) is %d columns", c.in, c.n, w)
		}
	}
}
