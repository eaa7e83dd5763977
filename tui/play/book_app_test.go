package play

import (
	"shogi/app/settings"
	"shogi/game/book"
	"shogi/tui/internal/screentest"
	"slices"
	"strings"
	"testing"
)

// TestHintBookMoves: the hint shows the books' moves with their shares
// (50%, 28/60 = 47%, 2/60 = 3%) beside the program's move.
func TestHintBookMoves(t *testing.T) {
	st := settings.Default()
	st.Book.Files = []string{screentest.PanelBook(t)}
	st.Hint = "greedy"
	h := newHarness(t, Options{White: "greedy", Settings: st})
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
		h := newHarness(t, Options{Black: "greedy", White: "greedy", Settings: st})
		h.until("six moves", func() bool { return h.game().Len() >= 6 || h.p().Over() })
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
