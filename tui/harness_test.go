package tui

import (
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"shogi/tui/components"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"shogi/game"
	"shogi/game/usi/usitest"
)

// harness drives the root model the way Bubble Tea would: every message
// through Update, every command run on a goroutine of its own and its
// message fed back in order of arrival. After each message it settles:
// it goes on until nothing is left that will change the screen by itself
// — no command running but those that wait on something outside (a
// match's next event, a clock's tick), and a game waiting for a person.
type harness struct {
	t         testing.TB
	m         *Model
	quit      bool
	clipboard string // the last text set with tea.SetClipboard

	msgs     chan tea.Msg
	done     chan struct{}
	inflight int           // commands started and not yet reported
	blocking atomic.Int32  // of those, the ones waiting on something outside
	before   func(msg any) // called with each message before Update sees it
}

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
	h := &harness{t: t, m: m, msgs: make(chan tea.Msg, 256), done: make(chan struct{})}
	m.c.Blocking = func(cmd tea.Cmd) tea.Cmd {
		return func() tea.Msg {
			h.blocking.Add(1)
			defer h.blocking.Add(-1)
			return cmd()
		}
	}
	t.Cleanup(func() {
		m.Shutdown()
		close(h.done)
	})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	h.run(m.Init())
	h.settle()
	return h
}

var cmdType = reflect.TypeOf((*tea.Cmd)(nil)).Elem()

// run starts cmd on a goroutine; its message comes back through h.msgs.
// A batch starts each of its commands; a sequence runs its commands in
// order on one goroutine.
func (h *harness) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	h.inflight++
	go func() {
		msg := cmd()
		select {
		case h.msgs <- msg:
		case <-h.done:
		}
	}()
}

// deliver handles one message that came back from a command: the kinds
// Bubble Tea handles itself are handled here, the rest go to Update.
func (h *harness) deliver(msg tea.Msg) {
	switch msg := msg.(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			h.run(c)
		}
	case tea.QuitMsg:
		h.quit = true
	default:
		v := reflect.ValueOf(msg)
		switch {
		case v.Kind() == reflect.Slice && v.Type().Elem() == cmdType:
			// tea.Sequence: the commands in order, each message before the next runs.
			cmds := make([]tea.Cmd, v.Len())
			for i := range cmds {
				cmds[i] = v.Index(i).Interface().(tea.Cmd)
			}
			h.inflight++
			go func() {
				var out []tea.Msg
				for _, c := range cmds {
					if c != nil {
						out = append(out, c())
					}
				}
				select {
				case h.msgs <- sequenceDone(out):
				case <-h.done:
				}
			}()
			return
		case v.Kind() == reflect.String && v.Type().PkgPath() == reflect.TypeOf(tea.QuitMsg{}).PkgPath():
			h.clipboard = v.String() // setClipboardMsg
			return
		case v.Type().PkgPath() == reflect.TypeOf(tea.QuitMsg{}).PkgPath() && v.Kind() == reflect.Struct && v.NumField() == 0:
			return // a terminal query (background colour …)
		}
		if sd, ok := msg.(sequenceDone); ok {
			for _, x := range sd {
				h.deliver(x)
			}
			return
		}
		if h.before != nil {
			h.before(msg)
		}
		_, next := h.m.Update(msg)
		h.run(next)
	}
}

// sequenceDone is a tea.Sequence's messages, in order.
type sequenceDone []tea.Msg

// settle processes messages until the app is quiet (see harness).
func (h *harness) settle() {
	h.t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		select {
		case msg := <-h.msgs:
			h.inflight--
			h.deliver(msg)
			continue
		default:
		}
		if h.quit || h.inflight <= int(h.blocking.Load()) && h.m.Quiet() {
			return
		}
		select {
		case msg := <-h.msgs:
			h.inflight--
			h.deliver(msg)
		case <-time.After(5 * time.Millisecond):
		case <-deadline:
			h.t.Fatalf("the app never settled (%d commands running, %d waiting outside):\n%s", h.inflight, h.blocking.Load(), h.screen())
		}
	}
}

// until processes messages until cond holds (a game between programs
// goes on by itself, so settle would not return).
func (h *harness) until(what string, cond func() bool) {
	h.t.Helper()
	deadline := time.After(20 * time.Second)
	for !cond() {
		select {
		case msg := <-h.msgs:
			h.inflight--
			h.deliver(msg)
		case <-deadline:
			h.t.Fatalf("waited in vain for %s:\n%s", what, h.screen())
		}
	}
}

func (h *harness) send(msg tea.Msg) {
	h.t.Helper()
	_, cmd := h.m.Update(msg)
	h.run(cmd)
	h.settle()
}

// keyMsg is the message a terminal sends for a named key ("enter", "up",
// "ctrl+u" …) or one typed character.
func keyMsg(k string) tea.KeyPressMsg {
	named := map[string]rune{
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "space": tea.KeySpace,
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"backspace": tea.KeyBackspace, "delete": tea.KeyDelete, "home": tea.KeyHome, "end": tea.KeyEnd,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown,
	}
	if c, ok := named[k]; ok {
		if c == tea.KeySpace {
			return tea.KeyPressMsg{Code: c, Text: " "}
		}
		return tea.KeyPressMsg{Code: c}
	}
	if rest, ok := strings.CutPrefix(k, "ctrl+"); ok && len(rest) == 1 {
		return tea.KeyPressMsg{Code: rune(rest[0]), Mod: tea.ModCtrl}
	}
	r, _ := utf8.DecodeRuneInString(k)
	return tea.KeyPressMsg{Code: r, Text: string(r)}
}

// isNamedKey reports whether k is a key name rather than text to type.
func isNamedKey(k string) bool {
	switch k {
	case "enter", "esc", "tab", "space", "up", "down", "left", "right", "backspace", "delete",
		"home", "end", "pgup", "pgdown":
		return true
	}
	return strings.HasPrefix(k, "ctrl+") && len(k) == 6
}

// press sends named keys ("enter", "up", "ctrl+u" …) or, for anything
// else, its characters one key press at a time, as a person types.
func (h *harness) press(keys ...string) {
	for _, k := range keys {
		if isNamedKey(k) {
			h.send(keyMsg(k))
			continue
		}
		for _, r := range k {
			h.send(keyMsg(string(r)))
		}
	}
}

// pressNow sends keys as press does but does not settle after them: the
// test watches what happens meanwhile (with until).
func (h *harness) pressNow(keys ...string) {
	for _, k := range keys {
		if isNamedKey(k) {
			_, cmd := h.m.Update(keyMsg(k))
			h.run(cmd)
			continue
		}
		for _, r := range k {
			_, cmd := h.m.Update(keyMsg(string(r)))
			h.run(cmd)
		}
	}
}

// paste sends text as a terminal's bracketed paste.
func (h *harness) paste(text string) { h.send(tea.PasteMsg{Content: text}) }

// typeMove types text key by key and presses enter.
func (h *harness) typeMove(text string) {
	h.t.Helper()
	h.press(text, "enter")
}

// click is a left click at screen column x, line y.
func (h *harness) click(x, y int) {
	h.send(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
}

// clickSquare clicks the middle of a square of the play screen's board,
// wherever the layout put it.
func (h *harness) clickSquare(sq game.Square) {
	p := h.m.playShown()
	l := p.Layout()
	for col := range 9 {
		for row := range 9 {
			if game.NewSquare(components.FileAt(col, p.Flip), components.RankAt(row, p.Flip)) == sq {
				x, y := l.Geom.CellOrigin(col, row)
				h.click(l.Board.X+x+1, l.Board.Y+y)
				return
			}
		}
	}
	h.t.Fatalf("square %v not on the board", sq)
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

func sq(t testing.TB, s string) game.Square {
	t.Helper()
	q, err := game.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func windowSize(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }

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

// choose moves the menu's cursor to item and presses enter: tests do not
// count the entries above it.
func (h *harness) choose(item menuItem) {
	h.t.Helper()
	for i, it := range h.m.menuShown().items() {
		if it == item {
			h.m.menuShown().cursor = i
			h.press("enter")
			return
		}
	}
	h.t.Fatalf("the menu has no item %d:\n%s", item, h.screen())
}
