package tui

import (
	"fmt"
	"strings"
	"testing"
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
