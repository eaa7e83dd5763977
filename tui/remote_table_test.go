package tui

import (
	"strings"
	"testing"

	"shogi/tui/remote"

	"shogi/tui/lobby"
)

// seatTwo opens a table of alice's (Black, the defaults) that bob joins by
// its code, and brings both to the board.
func seatTwo(t *testing.T, l *lobby.Lobby) (a, b *remoteHarness) {
	t.Helper()
	a = newRemoteHarness(t, l, "alice")
	a.press("enter", "enter", "down", "down", "down", "enter")
	tables := l.Tables()
	if len(tables) != 1 {
		t.Fatalf("tables: %+v", tables)
	}
	b = newRemoteHarness(t, l, "bob")
	b.press("enter", "down", "enter")
	b.typeText(strings.ToLower(tables[0].Code))
	b.press("enter")
	a.waitFor("△White bob")
	if a.m.Screen != remote.RTable || b.m.Screen != remote.RTable {
		t.Fatalf("not both at the table: alice's screen %d, bob's %d\n%s", a.m.Screen, b.m.Screen, b.screen())
	}
	return a, b
}

// At a table: a move reaches the other screen, chat lines carry who said
// them (a spectator marked so), the keys a game between two people has no
// use for say so, w copies the record, a player who leaves is missed and
// welcomed back to the game as it stands, and a draw offered by one and
// accepted by the other ends the game by the impasse rule's points (27
// each at the start: a rook and a bishop at 5, seventeen pieces at 1).
func TestRemoteTable(t *testing.T) {
	t.Parallel()
	l := testLobby(t)
	a, b := seatTwo(t, l)
	a.typeText("7g7f")
	a.press("enter")
	b.waitFor("1 ▲７六歩", "△White to move")
	if g := b.m.Play.Game; g.Len() != 1 || g.Moves()[0].USI() != "7g7f" {
		t.Fatalf("bob's game: %v", g.Moves())
	}

	b.press("t")
	b.typeText("hello")
	b.want("Say: hello")
	b.press("enter")
	c := newRemoteHarness(t, l, "carol")
	c.press("enter", "down", "down", "enter")
	c.typeText(strings.ToLower(l.Tables()[0].Code))
	c.press("enter")
	c.waitFor("1 ▲７六歩")
	c.press("t")
	c.typeText("hi")
	c.press("enter")
	a.waitFor("carol (watching): hi")
	if got := a.m.Table.Chat; len(got) != 2 || got[0] != "△White bob: hello" || got[1] != "carol (watching): hi" {
		t.Errorf("alice's chat: %q", got)
	}

	b.press("u")
	b.want("Not at a table: the game is between two people.")
	b.press("w")
	b.want("The game's record (KIF) is on your clipboard.")

	// Bob leaves: back in the lobby, his seat kept; back by the code, he
	// finds the game as it stands.
	b.press("q", "y")
	if b.m.Screen != remote.RMenu || b.m.Table != nil {
		t.Fatalf("bob after leaving: screen %d\n%s", b.m.Screen, b.screen())
	}
	a.waitFor("bob's connection dropped: the seat is kept for")
	b.press("down", "enter")
	b.typeText(strings.ToLower(l.Tables()[0].Code))
	b.press("enter")
	b.waitFor("1 ▲７六歩", "△White to move")
	a.waitFor("bob is back.")

	b.press("i", "y", "enter")
	b.want("Draw offered; it stands until alice moves.")
	a.waitFor("bob offers a draw: under the impasse rule Black has 27 points, White 27")
	a.press("i", "y", "enter")
	for _, h := range []*remoteHarness{a, b} {
		h.waitFor("Draw by impasse (24-point rule)", "Black 27 points, White 27", "w copies the game to your")
		if r := h.m.Play.Game.Result(); !r.Over() || h.m.Play.Result() == nil {
			t.Errorf("%s's game: %v, %v", h.m.R.Name, r, h.m.Play.Result())
		}
	}
	a.press("o")
	a.want("Studying is for the app on your own machine")
}
