package remote

import (
	"fmt"
	"strings"
	"testing"

	"shogi/tui/play"

	"shogi/app/lobby"
)

// seatTwo opens a table of alice's (Black, the defaults) that bob joins by
// its code, and brings both to the board.
func seatTwo(t *testing.T, l *lobby.Lobby) (a, b *harness) {
	t.Helper()
	a = newHarness(t, l, "alice")
	a.press("enter", "enter", "down", "down", "down", "enter")
	tables := l.Tables()
	if len(tables) != 1 {
		t.Fatalf("tables: %+v", tables)
	}
	b = newHarness(t, l, "bob")
	b.press("enter", "down", "enter")
	b.typeText(strings.ToLower(tables[0].Code))
	b.press("enter")
	a.waitFor("△White bob")
	// Each screen goes to the table on the table's start, an event of
	// its own feed.
	b.until("bob at the table", func() bool { return b.m.Screen == RTable })
	if a.m.Screen != RTable || b.m.Screen != RTable {
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
	if g := gameOf(b.m).Game; g.Len() != 1 || g.Moves()[0].USI() != "7g7f" {
		t.Fatalf("bob's game: %v", g.Moves())
	}

	b.press("t")
	b.typeText("hello")
	b.want("Say: hello")
	b.press("enter")
	c := newHarness(t, l, "carol")
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

	// Bob leaves: back in the lobby, his seat kept; the menu's first
	// entry takes him back to the game as it stands.
	b.press("q", "y")
	if b.m.Screen != RMenu || b.m.Table != nil {
		t.Fatalf("bob after leaving: screen %d\n%s", b.m.Screen, b.screen())
	}
	a.waitFor("bob is away (left or cut off): the seat is kept for")
	b.want("> ", "Back to your game "+l.Tables()[0].Code+": ▲Black alice vs △White bob, 1 move")
	b.press("enter")
	b.waitFor("1 ▲７六歩", "△White to move")
	a.waitFor("bob is back.")

	b.press("i", "y", "enter")
	b.want("Draw offered until alice moves")
	a.waitFor("bob offers a draw: i shows the count and accepts")
	a.press("i")
	a.want("Accept bob's draw? (Black 27, White 27 points; 24 each draws)")
	a.press("y", "enter")
	for _, h := range []*harness{a, b} {
		h.waitFor("Draw by impasse (24-point rule)", "Black 27 points, White 27", "w copies the game to your")
		if r := gameOf(h.m).Game.Result(); !r.Over() || gameOf(h.m).Result() == nil {
			t.Errorf("%s's game: %v, %v", h.m.R.Name, r, gameOf(h.m).Result())
		}
	}
	a.press("o")
	a.want("Studying is for the app on your own machine")
}

// watchTable brings a spectator to the table of seatTwo at 120×40.
func watchTable(t *testing.T, l *lobby.Lobby, name string) *harness {
	t.Helper()
	c := newHarness(t, l, name)
	c.send(windowSize(120, 40))
	c.press("enter", "down", "down", "enter")
	c.typeText(strings.ToLower(l.Tables()[0].Code))
	c.press("enter")
	c.waitFor("You are watching this game.")
	return c
}

// A spectator's screen has only what a spectator can do: no board
// cursor, no move line, no resigning or offering; the help bar and the ?
// screen are a spectator's.
func TestTableSpectator(t *testing.T) {
	t.Parallel()
	l := testLobby(t)
	a, _ := seatTwo(t, l)
	c := watchTable(t, l, "carol")
	s := c.screen()
	for _, bad := range []string{"type a move", "x resign", "pick/move", "offer/accept a draw", "[５七]", "[ 歩]"} {
		if strings.Contains(s, bad) {
			t.Errorf("the spectator's screen shows %q:\n%s", bad, s)
		}
	}
	c.want("[ ] step back/on", "f flip", "w copy game", "q leave", "t chat")
	c.typeText("7g7f")
	c.press("enter", "x", "i", ":", "tab")
	if p := gameOf(c.m); p.Typing || p.State != play.StateMove || strings.Contains(c.screen(), "> 7g7f") || strings.Contains(c.screen(), "Resign?") {
		t.Errorf("keys reached the game: typing %v, state %v\n%s", p.Typing, p.State, c.screen())
	}
	a.typeText("7g7f")
	a.press("enter")
	c.waitFor("1 ▲７六歩")
	if g := gameOf(c.m).Game; g.Len() != 1 {
		t.Fatalf("the spectator's game: %d moves", g.Len())
	}
	c.press("?")
	c.want("Watching a table", "scroll the chat")
	if strings.Contains(c.screen(), "resign") {
		t.Errorf("the spectator's help offers resigning:\n%s", c.screen())
	}
}

// A player's ? at a table is the table's help: the draw key and the chat,
// nothing of a local game's (taking back, hints, pausing, Resume).
func TestTableHelp(t *testing.T) {
	t.Parallel()
	l := testLobby(t)
	a, _ := seatTwo(t, l)
	a.send(windowSize(120, 40))
	a.press("?")
	a.want("At a table", "offer/accept a draw", "scroll the chat")
	s := a.screen()
	for _, bad := range []string{"undo", "hint", "pause", "Resume lists it", "On a CSA server", "leave (resigns)"} {
		if strings.Contains(s, bad) {
			t.Errorf("the table's help names %q:\n%s", bad, s)
		}
	}
}

// At a table, i puts the draw question whole at 120 columns; the
// opponent's notice of the offer goes once the offerer moves (the offer
// standing, a badge in the title says so), and accepting says whose offer.
func TestTableDrawNotice(t *testing.T) {
	t.Parallel()
	l := testLobby(t)
	a, b := seatTwo(t, l)
	for _, h := range []*harness{a, b} {
		h.send(windowSize(120, 40))
	}
	a.typeText("7g7f")
	a.press("enter")
	b.waitFor("1 ▲７六歩")
	b.typeText("3c3d")
	b.press("enter")
	a.waitFor("2 △３四歩")
	b.want("i offer/accept a draw")
	a.press("i")
	a.want("Offer a draw? (impasse count: Black 27, White 27; 24 each draws)   y then enter offers; any other key plays on")
	a.press("y", "enter")
	b.waitFor("alice offers a draw: i shows the count", "draw offered")
	a.typeText("2g2f")
	a.press("enter")
	b.waitFor("3 ▲２六歩")
	if s := b.screen(); strings.Contains(s, "alice offers a draw") || !strings.Contains(s, "draw offered") {
		t.Errorf("after the offerer's move, bob's screen:\n%s", s)
	}
	b.press("i")
	b.want("Accept alice's draw? (Black 27, White 27 points; 24 each draws)   y then enter ends the game; any other key plays on")
	b.press("esc")
}

// On a narrower terminal the draw question gives way before its keys:
// what any other key does goes first, then the points, and the keys that
// answer are never cut (at 100 columns it read "… y then enter offers;
// any other k", at 80 "… y then enter").
func TestTableDrawQuestionNarrow(t *testing.T) {
	t.Parallel()
	l := testLobby(t)
	a, b := seatTwo(t, l)
	a.typeText("7g7f")
	a.press("enter")
	b.waitFor("1 ▲７六歩")
	for _, tc := range []struct {
		w    int
		want string
	}{
		{100, "Offer a draw? (impasse count: Black 27, White 27; 24 each draws)   y then enter offers\n"},
		{80, "Offer a draw?   y then enter offers; any other key plays on\n"},
	} {
		b.send(windowSize(tc.w, 30))
		b.press("i")
		b.want(tc.want)
		b.press("esc")
	}
	b.press("i", "y", "enter")
	a.waitFor("bob offers a draw")
	a.send(windowSize(80, 24))
	a.press("i")
	a.want("Accept bob's draw?   y then enter ends the game; any other key plays on\n")
	a.press("esc")
}

// The chat panel keeps the table's history: the newest lines beneath the
// board, pgup and pgdn page through the older ones, and the panel's title
// says what is out of sight.
func TestTableChatScroll(t *testing.T) {
	t.Parallel()
	l := testLobby(t)
	a, b := seatTwo(t, l)
	a.send(windowSize(120, 40))
	for i := 1; i <= 10; i++ {
		b.press("t")
		b.typeText(fmt.Sprintf("msg-%02d", i))
		b.press("enter")
	}
	a.waitFor("bob: msg-10")
	a.want("Chat  pgup: 4 older", "bob: msg-05")
	if s := a.screen(); strings.Contains(s, "msg-04") {
		t.Errorf("the panel holds more than its six lines:\n%s", s)
	}
	a.press("pgup")
	a.want("pgdn: 4 newer", "bob: msg-01", "bob: msg-06")
	if s := a.screen(); strings.Contains(s, "msg-07") {
		t.Errorf("a page up shows the newest too:\n%s", s)
	}
	a.press("pgdown")
	a.want("bob: msg-10", "pgup: 4 older")
}

// The chat panel lines up with the footer above it: at the edge on a
// compact screen, one column in on larger ones (it was a column in at
// 80×24, out of line with the key bar).
func TestTableChatLinesUp(t *testing.T) {
	t.Parallel()
	l := testLobby(t)
	a, b := seatTwo(t, l)
	b.press("t")
	b.typeText("yoroshiku")
	b.press("enter")
	a.waitFor("bob: yoroshiku")
	indent := func(s, text string) int {
		for _, line := range strings.Split(s, "\n") {
			if i := strings.Index(line, text); i >= 0 {
				return len(line) - len(strings.TrimLeft(line, " "))
			}
		}
		t.Fatalf("no line holds %q:\n%s", text, s)
		return 0
	}
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		a.send(windowSize(sz[0], sz[1]))
		s := a.screen()
		keys := indent(s, "enter pick/move")
		for _, text := range []string{"Chat", "△White bob: yoroshiku", "t chat"} {
			if got := indent(s, text); got != keys {
				t.Errorf("%dx%d: %q begins at column %d, the key bar at %d:\n%s", sz[0], sz[1], text, got, keys, s)
			}
		}
	}
}

// The table's screen, chat panel and all, fits every terminal: no line
// wider than it, no more lines than it has.
func TestTableFits(t *testing.T) {
	t.Parallel()
	l := testLobby(t)
	a, _ := seatTwo(t, l)
	a.press("t")
	a.typeText("a line long enough to wrap on the narrowest of these screens, and then some")
	a.press("enter", "t")
	a.typeText("half a line")
	for _, sz := range [][2]int{{80, 24}, {64, 20}, {64, 22}, {40, 10}, {120, 40}, {200, 60}, {100, 32}, {1, 1}, {300, 3}} {
		a.send(windowSize(sz[0], sz[1]))
		lines := strings.Split(a.screen(), "\n")
		if len(lines) > sz[1] {
			t.Errorf("%dx%d: %d lines", sz[0], sz[1], len(lines))
		}
		for _, line := range lines {
			if w := a.m.Common.Measure.Width(line); w > sz[0] {
				t.Errorf("%dx%d: line %q is %d columns", sz[0], sz[1], line, w)
			}
		}
	}
}
