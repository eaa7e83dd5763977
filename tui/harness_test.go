package tui

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"shogi/assets"
	"shogi/tui/internal/screentest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"shogi/game"
	"shogi/game/tsume"
	"shogi/game/usi/usitest"
)

// harness drives the root model as Bubble Tea would (screentest.Driver):
// after each message it settles until nothing is left that will change
// the screen by itself.
type harness struct {
	t testing.TB
	m *Model
	d *screentest.Driver
}

// root is the root model as the Driver sees it.
type root struct{ m *Model }

func (r root) Update(msg tea.Msg) tea.Cmd {
	_, cmd := r.m.Update(msg)
	return cmd
}
func (r root) View() string { return r.m.View().Content }
func (r root) Quiet() bool  { return r.m.Quiet() }

func newHarness(t testing.TB, o Options) *harness {
	t.Helper()
	if o.StateDir == "" {
		o.StateDir = t.TempDir()
	}
	if o.Rand == nil {
		o.Rand = rand.New(rand.NewPCG(1, 2))
	}
	if o.engineEnv == nil {
		o.engineEnv = []string{usitest.Env + "=think=0"}
	}
	if o.GamesDir == "" {
		o.GamesDir = filepath.Join(t.TempDir(), "games")
	}
	m, err := New(o)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	h := &harness{t: t, m: m, d: screentest.NewDriver(t, root{m}, m.c)}
	t.Cleanup(m.Shutdown) // before the Driver stops its commands: cleanups run last first
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	h.run(m.Init())
	h.settle()
	return h
}

func (h *harness) run(cmd tea.Cmd)                     { h.d.Run(cmd) }
func (h *harness) settle()                             { h.t.Helper(); h.d.Settle() }
func (h *harness) until(what string, cond func() bool) { h.t.Helper(); h.d.Until(what, cond) }
func (h *harness) send(msg tea.Msg)                    { h.t.Helper(); h.d.Send(msg) }
func (h *harness) press(keys ...string)                { h.t.Helper(); h.d.Press(keys...) }
func (h *harness) pressNow(keys ...string)             { h.d.PressNow(keys...) }
func (h *harness) paste(text string)                   { h.t.Helper(); h.d.Paste(text) }
func (h *harness) quit() bool                          { return h.d.Quit() }
func (h *harness) clipboard() string                   { return h.d.Clipboard() }
func (h *harness) before(f func(msg any))              { h.d.Before(f) }

// The shared pieces of the screens' tests (tui/internal/screentest).
var (
	sq         = screentest.Sq
	windowSize = screentest.WindowSize
	recordText = screentest.RecordText
)

// typeMove types text key by key and presses enter.
func (h *harness) typeMove(text string) {
	h.t.Helper()
	h.press(text, "enter")
}

// click is a left click at screen column x, line y.
func (h *harness) click(x, y int) {
	h.send(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
}

func (h *harness) game() *game.Game { return h.m.playShown().Game }

func (h *harness) moves() string {
	var s []string
	for _, mv := range h.game().Moves() {
		s = append(s, mv.USI())
	}
	return strings.Join(s, " ")
}

// View is the current frame's text, escape sequences included.
func (h *harness) View() string { return h.m.View().Content }

// screen is the current frame without escape sequences.
func (h *harness) screen() string { return ansi.Strip(h.View()) }

func (h *harness) status() string { return h.m.playShown().Status }

// menuItem moves the main menu's cursor down to the entry whose text
// holds item and presses enter: tests do not count the entries.
func (h *harness) menuItem(item string) {
	h.t.Helper()
	for range len(h.m.menuShown().items()) {
		if h.m.menuShown().itemText(h.m.menuShown().items()[h.m.menuShown().cursor]) == item || strings.Contains(h.m.menuShown().itemText(h.m.menuShown().items()[h.m.menuShown().cursor]), item) {
			h.press("enter")
			return
		}
		h.press("down")
	}
	h.t.Fatalf("no menu entry %q:\n%s", item, h.screen())
}

// cursorTo presses down until the row under the cursor
// holds text: tests of the new-game and settings screens do not count
// their rows.
func (h *harness) cursorTo(text string) {
	h.t.Helper()
	for range 40 {
		if row, ok := screentest.CursorRow(h.screen()); ok && strings.Contains(row, text) {
			return
		}
		h.press("down")
	}
	h.t.Fatalf("no row %q under the cursor:\n%s", text, h.screen())
}

// ofLength is the problems of n plies of the collection shipped in
// assets, in order: the tests' truth for lengths and solutions.
func ofLength(t testing.TB, n int) []tsume.Problem {
	t.Helper()
	ps, err := tsume.ParseCollection(strings.NewReader(assets.Tsume))
	if err != nil {
		t.Fatal(err)
	}
	var out []tsume.Problem
	for _, p := range ps {
		if p.Length == n {
			out = append(out, p)
		}
	}
	return out
}
