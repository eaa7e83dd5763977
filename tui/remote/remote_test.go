package remote

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"shogi/tui/common"

	tea "charm.land/bubbletea/v2"

	"shogi/app/lobby"
)

func TestRemoteNameIsAskedAndCleaned(t *testing.T) {
	h := newHarness(t, testLobby(t), "root\x1b[2J")
	h.want("Your name: root[2J")
	h.press("ctrl+u")
	h.press("enter")
	h.want("A name needs at least one letter.")
	h.typeText("花子")
	h.press("enter")
	h.want("花子", "Create a table", "Join a table by its code", "Watch a game", "Play the computer", "Quit")
	for _, no := range []string{"Open record", "Settings", "棋譜を開く"} {
		if strings.Contains(h.screen(), no) {
			t.Errorf("the remote menu offers %q", no)
		}
	}
}

func TestRemoteCreateJoinAndPlay(t *testing.T) {
	l := testLobby(t)
	a := newHarness(t, l, "alice")
	a.press("enter", "enter")
	a.want("Create a table", "10m + 30s byōyomi", "Black (sente)")
	a.press("right", "down")
	for _, h := range common.HandicapChoices() {
		if h.Key == "bishop" {
			break
		}
		a.press("right")
	}
	a.press("down", "right", "right", "down", "enter")
	tables := l.Tables()
	if len(tables) != 1 || tables[0].Time.Main != 5*time.Minute || tables[0].Handicap != "bishop" {
		t.Fatalf("the table opened: %+v", tables)
	}
	a.want("Your table's code:", Spaced(tables[0].Code), "Waiting for an opponent")

	b := newHarness(t, l, "bob")
	b.press("enter", "down", "enter")
	b.typeText("zzzzz")
	b.press("enter")
	b.want("No table has that code.")
	b.press("ctrl+u")
	b.typeText(strings.ToLower(tables[0].Code))
	b.press("enter")
	b.until("bob at the table", func() bool { return b.m.Screen == RTable && b.m.Table != nil })
	// Furigoma was chosen: the toss decides who is Black. Alice's screen
	// follows the table's start.
	a.until("alice at the table", func() bool { return a.m.Screen == RTable })
	if a.m.Screen != RTable {
		t.Fatalf("alice is not at the table: screen %d", a.m.Screen)
	}
	b.want("alice", "bob")
	if a.m.Table.Link.Mine == b.m.Table.Link.Mine {
		t.Fatal("both players have the same side")
	}
}

func TestRemoteWatchList(t *testing.T) {
	l := testLobby(t)
	if _, err := l.Create(lobby.Person{Name: "dave"}, lobby.Options{Handicap: "rook"}); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, l, "eve")
	h.press("enter", "down", "down", "enter")
	h.want("Tables", "dave — waiting for an opponent", "rook")
	h.press("enter")
	if h.m.Watcher == nil {
		t.Fatal("not watching")
	}
	h.press("esc")
	if h.m.Watcher != nil || h.m.Screen != RMenu {
		t.Fatal("esc did not stop watching")
	}
	if got := l.Tables()[0].Watchers; got != 0 {
		t.Fatalf("%d watchers after leaving", got)
	}
}

// FuzzRemoteKeys drives the lobby's screens with arbitrary keys, pastes
// and sizes: nothing may panic and every frame fits the terminal.
func FuzzRemoteKeys(f *testing.F) {
	f.Add([]byte("\r\r\x02\x02\x02\r\x1b"), uint8(0))
	f.Add([]byte("\r\x02\rABCDE\r\x1b\x02\x02\rxx\r"), uint8(1))
	f.Add([]byte("\r\x02\x02\x02\r\x02\r"), uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, size uint8) {
		if len(data) > 120 {
			data = data[:120]
		}
		l := testLobby(t)
		if _, err := l.Create(lobby.Person{Name: "dave"}, lobby.Options{}); err != nil {
			t.Fatal(err)
		}
		h := newHarness(t, l, "fuzz")
		sizes := [][2]int{{80, 24}, {40, 10}, {120, 40}, {200, 60}, {1, 1}}
		sz := sizes[int(size)%len(sizes)]
		h.send(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		for _, b := range data {
			if h.m.Screen == RLocal || h.m.Screen == RTable {
				return // the play screen has its own fuzz target
			}
			switch {
			case b == '\r':
				h.press("enter")
			case b == 0x1b:
				h.press("esc")
			case b >= 1 && b <= 4:
				h.press([]string{"up", "down", "left", "right"}[b-1])
			case b == 5:
				h.send(tea.PasteMsg{Content: "\x1b]52;c;x\x07 pasted"})
			case b == 'q' || b == 3:
			case b >= 0x20 && b < 0x7f:
				h.press(string(rune(b)))
			case b >= 0x80:
				h.press(string([]rune("歩金五同▲△")[int(b)%6]))
			}
			lines := strings.Split(h.screen(), "\n")
			if len(lines) > max(h.m.Common.Height, 1) {
				t.Fatalf("%d lines on a %d-line screen", len(lines), h.m.Common.Height)
			}
			for _, line := range lines {
				if w := h.m.Common.Measure.Width(line); w > h.m.Common.Width {
					t.Fatalf("line %q is %d columns, more than %d", line, w, h.m.Common.Width)
				}
			}
		}
	})
}

func TestRemoteWatchByTypedCode(t *testing.T) {
	l := testLobby(t)
	// A code with a letter the list's keys would take (h, j, k).
	code := ""
	for i := 0; code == ""; i++ {
		s, err := l.Create(lobby.Person{Name: fmt.Sprintf("p%d", i)}, lobby.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if strings.ContainsAny(s.Code(), "HJK") {
			code = s.Code()
		}
	}
	h := newHarness(t, l, "eve")
	h.press("enter", "down", "down", "enter")
	h.typeText(strings.ToLower(code))
	h.press("enter")
	if h.m.Watcher == nil || h.m.Watcher.Table().Code() != code {
		t.Fatalf("not watching %s: %s", code, h.screen())
	}
}

// Every form follows one rule: enter does what the footer says. The SSH
// "Create a table" form opens from any field (the new-game form and the
// settings page have the same test in tui/newgame and tui/prefs).
func TestFormsEnterDoesWhatTheFooterSays(t *testing.T) {
	for row := 0; row < 4; row++ {
		l := testLobby(t)
		a := newHarness(t, l, "alice")
		a.press("enter", "enter")
		a.want("enter open")
		for i := 0; i < row; i++ {
			a.press("down")
		}
		a.press("enter")
		if tables := l.Tables(); len(tables) != 1 || tables[0].Time.Main != 10*time.Minute {
			t.Errorf("enter on row %d of the table form: tables %+v", row, tables)
		}
	}
}
