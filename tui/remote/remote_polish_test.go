package remote

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"shogi/app/lobby"
	"shogi/game/match"
)

// The chat panel counts what is out of sight in messages: one message
// wrapped on two lines is "1 newer", not 2.
func TestTableChatCountsMessages(t *testing.T) {
	t.Parallel()
	l := testLobby(t)
	a, b := seatTwo(t, l)
	a.send(windowSize(80, 40))
	for i := 1; i <= 6; i++ {
		b.press("t")
		b.typeText(fmt.Sprintf("msg-%02d", i))
		b.press("enter")
	}
	b.press("t")
	b.typeText("a long last message " + strings.Repeat("that goes on ", 6) + "and on")
	b.press("enter")
	a.waitFor("and on")
	a.press("pgup")
	a.want("pgdn: 1 newer")
}

// A draw offer's notice is read whole at 80×24 beneath the board, the
// chat panel and all.
func TestTableDrawNoticeFits(t *testing.T) {
	t.Parallel()
	l := testLobby(t)
	a, b := seatTwo(t, l)
	a.send(windowSize(80, 24))
	a.typeText("7g7f")
	a.press("enter")
	b.waitFor("1 ▲７六歩")
	b.press("i", "y", "enter")
	a.waitFor("bob offers a draw")
	if s := a.screen(); !strings.Contains(s, "bob offers a draw: i shows the count and accepts; a move plays on") {
		t.Errorf("the notice is cut:\n%s", s)
	}
}

// When a finished table closes (its linger ends, ten minutes after the
// game), the result stays on each screen and says so; q there goes back
// to the lobby — it used to land on the lobby's menu under the person's
// hand, where the same q quit the app for every player at once.
func TestTableClosingKeepsResult(t *testing.T) {
	t.Parallel()
	ft := match.NewFakeTime(time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC))
	l := newLobby(t, lobby.Config{GamesDir: t.TempDir(), TimeSource: ft})
	a, b := seatTwo(t, l)
	a.press("x")
	a.press("y", "enter")
	for _, h := range []*harness{a, b} {
		h.waitFor("White wins by resignation")
	}
	// The linger's timer is set just after the result goes out: the time
	// moves on until the table has closed.
	deadline := time.Now().Add(10 * time.Second)
	for len(l.Tables()) > 0 && time.Now().Before(deadline) {
		ft.Advance(11 * time.Minute)
		time.Sleep(time.Millisecond)
	}
	for _, h := range []*harness{a, b} {
		h.waitFor("The table has closed; q goes back to the lobby.")
		if h.m.Screen != RTable {
			t.Fatalf("%s: screen %d after the table closed:\n%s", h.m.R.Name, h.m.Screen, h.screen())
		}
		h.press("q")
		if h.d.Quit() {
			t.Fatalf("%s: q quit the app", h.m.R.Name)
		}
		if h.m.Screen != RMenu {
			t.Errorf("%s: q left screen %d:\n%s", h.m.R.Name, h.m.Screen, h.screen())
		}
	}
}
