package tui

import (
	"strings"
	"testing"

	"shogi/app/words"
)

// A game started from the editor's done menu (p) goes back to the editor
// when it is left, as the tsume does; so does esc on the new-game form
// that holds the editor's position.
func TestGameFromEditorReturnsToEditor(t *testing.T) {
	h := newHarness(t, Options{Lang: words.English})
	h.menuItem("Set up a position")
	if h.m.mode() != modeEditor {
		t.Fatalf("Set up a position:\n%s", h.screen())
	}
	h.press("enter", "p")
	if h.m.mode() != modeNewGame {
		t.Fatalf("p:\n%s", h.screen())
	}
	h.press("esc")
	if h.m.mode() != modeEditor {
		t.Fatalf("esc on the form from the editor:\n%s", h.screen())
	}
	h.press("enter", "p", "enter")
	if h.m.mode() != modePlay {
		t.Fatalf("starting the game:\n%s", h.screen())
	}
	h.press("q")
	if h.m.mode() == modePlay {
		h.press("y")
	}
	if h.m.mode() != modeEditor {
		t.Fatalf("leaving the game from the editor:\n%s", h.screen())
	}
	h.press("q")
	if h.m.mode() != modeMenu {
		t.Fatalf("leaving the editor:\n%s", h.screen())
	}
	// A game started from the menu afterwards goes back to the menu.
	h.menuItem("New game")
	h.press("enter")
	if h.m.mode() != modePlay {
		t.Fatalf("a game from the menu:\n%s", h.screen())
	}
	h.press("q")
	if h.m.mode() == modePlay {
		h.press("y")
	}
	if h.m.mode() != modeMenu {
		t.Fatalf("leaving a game from the menu:\n%s", h.screen())
	}
}

// A position solved as a tsume from the editor offers what there is: the
// solution, again, back; no "] next problem" that has nowhere to go.
func TestEditorTsumeSolvedOffersNoNext(t *testing.T) {
	h := newHarness(t, Options{Lang: words.English})
	h.menuItem("Set up a position")
	h.paste("sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1")
	h.press("enter", "t")
	if h.m.mode() != modeTsume {
		t.Fatalf("t:\n%s", h.screen())
	}
	h.typeMove("G*5b")
	h.until("the mate", func() bool { return strings.Contains(h.screen(), "solved") })
	s := h.screen()
	if strings.Contains(s, "next problem") || !strings.Contains(s, "a the solution") {
		t.Errorf("solved from the editor:\n%s", s)
	}
	h.press("]")
	if strings.Contains(h.screen(), "no more problems") {
		t.Errorf("] on the only problem:\n%s", h.screen())
	}
}
