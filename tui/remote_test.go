package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"shogi/tui/common"
	"shogi/tui/play"
	"shogi/tui/remote"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"shogi/app/lobby"
)

// remoteHarness drives a remote person's model by hand: messages through
// Update, commands run on goroutines of their own; a command that waits
// (on a table with nothing to say) delivers its message later, when pump
// is called.
type remoteHarness struct {
	t    *testing.T
	m    *remote.Model
	late chan tea.Msg
}

func newRemoteHarness(t *testing.T, l *lobby.Lobby, user string) *remoteHarness {
	t.Helper()
	c := newCommon(Options{})
	c.Remote = true
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	h := &remoteHarness{t: t, m: remote.NewModel(ctx, c, remote.Remote{Lobby: l, Name: user}, newGameScreen), late: make(chan tea.Msg, 100)}
	h.send(tea.WindowSizeMsg{Width: 100, Height: 32})
	return h
}

func (h *remoteHarness) send(msg tea.Msg) {
	queue := []tea.Msg{msg}
	for len(queue) > 0 {
		msg := queue[0]
		queue = queue[1:]
		_, cmd := h.m.Update(msg)
		queue = append(queue, h.run(cmd)...)
	}
}

// pump takes the messages of waiting commands that arrive within d.
func (h *remoteHarness) pump(d time.Duration) {
	deadline := time.After(d)
	for {
		select {
		case msg := <-h.late:
			h.send(msg)
		case <-deadline:
			return
		}
	}
}

// run runs cmd and what it batches, returning the messages that come
// within a moment; the others arrive on h.late.
func (h *remoteHarness) run(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	out := make(chan tea.Msg) // unbuffered: a message not taken in time goes to h.late
	waited := make(chan struct{})
	go func() {
		msg := cmd()
		select {
		case out <- msg:
		case <-waited:
			if msg != nil {
				h.late <- msg
			}
		}
	}()
	select {
	case msg := <-out:
		if b, ok := msg.(tea.BatchMsg); ok {
			var all []tea.Msg
			for _, c := range b {
				all = append(all, h.run(c)...)
			}
			return all
		}
		if msg == nil {
			return nil
		}
		return []tea.Msg{msg}
	case <-time.After(50 * time.Millisecond):
		close(waited)
		return nil
	}
}

// waitFor takes the messages of waiting commands until the screen shows
// every text, for up to 10 s.
func (h *remoteHarness) waitFor(texts ...string) {
	h.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		s, missing := h.screen(), ""
		for _, text := range texts {
			if !strings.Contains(s, text) {
				missing = text
				break
			}
		}
		if missing == "" {
			return
		}
		select {
		case msg := <-h.late:
			h.send(msg)
		case <-deadline:
			h.t.Fatalf("the screen never showed %q:\n%s", missing, s)
		}
	}
}

func (h *remoteHarness) press(keys ...string) {
	for _, k := range keys {
		h.send(keyMsg(k))
	}
}

func (h *remoteHarness) typeText(s string) {
	for _, r := range s {
		h.press(string(r))
	}
}

func (h *remoteHarness) screen() string { return ansi.Strip(h.m.View().Content) }

func (h *remoteHarness) want(texts ...string) {
	h.t.Helper()
	s := h.screen()
	for _, text := range texts {
		if !strings.Contains(s, text) {
			h.t.Fatalf("the screen lacks %q:\n%s", text, s)
		}
	}
}

func testLobby(t *testing.T) *lobby.Lobby {
	l := lobby.New(lobby.Config{GamesDir: t.TempDir()})
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = l.Shutdown(ctx, "test over")
	})
	return l
}

func TestRemoteNameIsAskedAndCleaned(t *testing.T) {
	h := newRemoteHarness(t, testLobby(t), "root\x1b[2J")
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
	a := newRemoteHarness(t, l, "alice")
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
	a.want("Your table's code:", remote.Spaced(tables[0].Code), "Waiting for an opponent")

	b := newRemoteHarness(t, l, "bob")
	b.press("enter", "down", "enter")
	b.typeText("zzzzz")
	b.press("enter")
	b.want("No table has that code.")
	b.press("ctrl+u")
	b.typeText(strings.ToLower(tables[0].Code))
	b.press("enter")
	if b.m.Screen != remote.RTable || b.m.Table == nil {
		t.Fatalf("bob is not at the table: screen %d", b.m.Screen)
	}
	// Furigoma was chosen: the toss decides who is Black.
	a.pump(300 * time.Millisecond)
	if a.m.Screen != remote.RTable {
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
	h := newRemoteHarness(t, l, "eve")
	h.press("enter", "down", "down", "enter")
	h.want("Tables", "dave — waiting for an opponent", "rook")
	h.press("enter")
	if h.m.Watcher == nil {
		t.Fatal("not watching")
	}
	h.press("esc")
	if h.m.Watcher != nil || h.m.Screen != remote.RMenu {
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
		h := newRemoteHarness(t, l, "fuzz")
		sizes := [][2]int{{80, 24}, {40, 10}, {120, 40}, {200, 60}, {1, 1}}
		sz := sizes[int(size)%len(sizes)]
		h.send(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		for _, b := range data {
			if h.m.Screen == remote.RLocal || h.m.Screen == remote.RTable {
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
	h := newRemoteHarness(t, l, "eve")
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
		a := newRemoteHarness(t, l, "alice")
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

// gameOf is the game screen a remote person's lobby shows (a table's, a
// game against the computer), nil before one.
func gameOf(m *remote.Model) *play.Model {
	if p, ok := m.Game.(*playScreen); ok {
		return &p.m
	}
	return nil
}
