package tui

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"example.com/shogi/game"
)

// harness drives the root model the way Bubble Tea would: every message
// through Update, every command run (synchronously) and its message fed
// back, until nothing is left.
type harness struct {
	t         testing.TB
	m         *Model
	quit      bool
	clipboard string // the last text set with tea.SetClipboard
}

func newHarness(t testing.TB, o Options) *harness {
	t.Helper()
	if o.StateDir == "" {
		o.StateDir = t.TempDir()
	}
	if o.Rand == nil {
		o.Rand = rand.New(rand.NewPCG(1, 2))
	}
	m, err := New(o)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	h := &harness{t: t, m: m}
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	h.run(m.Init())
	return h
}

var cmdType = reflect.TypeOf((*tea.Cmd)(nil)).Elem()

// run executes cmd and everything it leads to. Spinner ticks are dropped
// (they only animate), and so are the terminal queries (nothing answers
// them here); tea.Sequence's unexported message is a []tea.Cmd, and
// tea.SetClipboard's unexported message a string type the harness keeps.
func (h *harness) run(cmd tea.Cmd) {
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		switch msg := msg.(type) {
		case nil, spinner.TickMsg:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case tea.QuitMsg:
			h.quit = true
		default:
			v := reflect.ValueOf(msg)
			switch {
			case v.Kind() == reflect.Slice && v.Type().Elem() == cmdType:
				for i := 0; i < v.Len(); i++ {
					queue = append(queue, v.Index(i).Interface().(tea.Cmd))
				}
				continue
			case v.Kind() == reflect.String && v.Type().PkgPath() == reflect.TypeOf(tea.QuitMsg{}).PkgPath():
				h.clipboard = v.String() // setClipboardMsg
				continue
			case v.Type().PkgPath() == reflect.TypeOf(tea.QuitMsg{}).PkgPath() && v.Kind() == reflect.Struct && v.NumField() == 0:
				continue // a terminal query (background colour …)
			}
			_, next := h.m.Update(msg)
			queue = append(queue, next)
		}
	}
}

func (h *harness) send(msg tea.Msg) {
	_, cmd := h.m.Update(msg)
	h.run(cmd)
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
	p := &h.m.play
	l := p.layout()
	for col := range 9 {
		for row := range 9 {
			if game.NewSquare(fileAt(col, p.flip), rankAt(row, p.flip)) == sq {
				x, y := l.geom.cellOrigin(col, row)
				h.click(l.board.x+x+1, l.board.y+y)
				return
			}
		}
	}
	h.t.Fatalf("square %v not on the board", sq)
}

func (h *harness) game() *game.Game { return h.m.play.g }

func (h *harness) moves() string {
	var s []string
	for _, mv := range h.game().Moves() {
		s = append(s, mv.USI())
	}
	return strings.Join(s, " ")
}

// view is the current frame's text, escape sequences included.
func (h *harness) view() string { return h.m.View().Content }

// screen is the current frame without escape sequences.
func (h *harness) screen() string { return ansi.Strip(h.view()) }

func (h *harness) status() string { return h.m.play.status }

func sq(t testing.TB, s string) game.Square {
	t.Helper()
	q, err := game.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func windowSize(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }
