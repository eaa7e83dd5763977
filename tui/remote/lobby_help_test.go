package remote

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"shogi/app/lobby"
	"shogi/app/words"
	"shogi/assets"
	"shogi/tui/internal/screentest"
)

// lobbyApp drives the lobby's screens as a remote session's program
// does.
type lobbyApp struct{ m *Model }

func (a lobbyApp) Update(msg tea.Msg) tea.Cmd { _, cmd := a.m.Update(msg); return cmd }
func (a lobbyApp) View() string               { return a.m.View().Content }
func (a lobbyApp) Quiet() bool                { return true }

func openLobby(t *testing.T, lang words.Lang) (*Model, *screentest.Driver) {
	c := screentest.NewCommon(t)
	c.SetLang(lang)
	c.Restyle()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	m := NewModel(ctx, c, Remote{Lobby: lobby.New(lobby.Config{GamesDir: t.TempDir()}), Name: "alice"}, nil)
	return m, screentest.NewDriver(t, lobbyApp{m}, c)
}

var f1 = tea.KeyPressMsg{Code: tea.KeyF1}

// firstLine is the first line of the lobby's help notes, which the help
// shows under its title.
func firstLine(ja bool) string {
	l, _, _ := strings.Cut(assets.HelpLobby(ja), "\n")
	return l
}

// The lobby's help: f1 on every page, also where a name or a code is
// typed (? is typed there), ? on the pages where nothing is typed; each
// footer names the key that works there; keys that close the help do
// not act on the page under it.
func TestLobbyHelp(t *testing.T) {
	m, d := openLobby(t, words.English)
	help := firstLine(false)
	open := func(what string) {
		t.Helper()
		s := d.Screen()
		if m.help.V == nil || !strings.Contains(s, help) || !strings.HasPrefix(s, m.Common.Words.HelpTitle) {
			t.Fatalf("%s: no help:\n%s", what, s)
		}
	}
	closed := func(what string) {
		t.Helper()
		if m.help.V != nil || strings.Contains(d.Screen(), help) {
			t.Fatalf("%s: the help is open:\n%s", what, d.Screen())
		}
	}
	// The name: ? is a character of it, f1 is the help.
	if s := d.Screen(); !strings.Contains(s, "f1 help") {
		t.Errorf("the name's footer:\n%s", s)
	}
	d.Press("?")
	closed("? on the name")
	if got := m.input.Value(); got != "alice?" {
		t.Errorf("the name after ?: %q", got)
	}
	d.Send(f1)
	open("f1 on the name")
	d.Press("esc")
	closed("esc on the help")
	if d.Quit() {
		t.Fatal("esc that closed the help quit the lobby")
	}
	d.Press("backspace", "enter")
	// The menu: ? opens it, q closes it without quitting.
	if m.Screen != RMenu || !strings.Contains(d.Screen(), "? help") {
		t.Fatalf("not the menu, or its footer has no ?:\n%s", d.Screen())
	}
	d.Press("?")
	open("? on the menu")
	d.Press("q")
	closed("q on the help")
	if d.Quit() {
		t.Fatal("q that closed the help quit the lobby")
	}
	// The new table's form: ?.
	d.Press("enter")
	if m.Screen != rCreate || !strings.Contains(d.Screen(), "? help") {
		t.Fatalf("not the form, or its footer has no ?:\n%s", d.Screen())
	}
	d.Press("?")
	open("? on the form")
	d.Send(f1)
	closed("f1 on the help")
	// A code: ? is typed, f1 opens the help.
	d.Press("esc", "down", "enter")
	if m.Screen != rJoin || !strings.Contains(d.Screen(), "f1 help") {
		t.Fatalf("not the code's page, or its footer has no f1:\n%s", d.Screen())
	}
	d.Press("?")
	closed("? in a code")
	d.Send(f1)
	open("f1 in a code")
	// The list of tables: f1, the code's line being there.
	d.Press("esc", "esc", "down", "enter")
	if m.Screen != rWatch {
		t.Fatalf("not the list of tables:\n%s", d.Screen())
	}
	d.Press("?")
	closed("? on the list")
	d.Send(f1)
	open("f1 on the list")
	// The levels: ?.
	d.Press("esc", "esc", "down", "enter")
	if m.Screen != rLevel || !strings.Contains(d.Screen(), "? help") {
		t.Fatalf("not the levels, or their footer has no ?:\n%s", d.Screen())
	}
	// The list is longer than 24 lines: it follows the cursor, the
	// footer staying on screen.
	d.Press("up")
	last := m.Common.Words.BotName(m.levels[len(m.levels)-1])
	if s := d.Screen(); !strings.Contains(s, "> "+" "+last) || !strings.Contains(s, "? help") {
		t.Fatalf("the last level with the footer:\n%s", s)
	}
	d.Press("?")
	open("? on the levels")
}

// In Japanese the help is the Japanese notes, and the footers name the
// keys.
func TestLobbyHelpJapanese(t *testing.T) {
	m, d := openLobby(t, words.Japanese)
	if s := d.Screen(); !strings.Contains(s, "f1 ヘルプ") {
		t.Errorf("the name's footer:\n%s", s)
	}
	d.Press("enter")
	if s := d.Screen(); m.Screen != RMenu || !strings.Contains(s, "? ヘルプ") {
		t.Fatalf("the menu's footer:\n%s", s)
	}
	d.Press("?")
	if s := d.Screen(); m.help.V == nil || !strings.Contains(s, firstLine(true)) {
		t.Fatalf("? on the menu:\n%s", s)
	}
}
