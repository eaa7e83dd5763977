package tui

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"example.com/shogi/game"
)

// harness drives the root model the way Bubble Tea would: every message
// through Update, every command run (synchronously) and its message fed
// back, until nothing is left.
type harness struct {
	t    testing.TB
	m    *Model
	quit bool
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
// (they only animate); tea.Sequence's unexported message is a []tea.Cmd.
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
			if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == cmdType {
				for i := 0; i < v.Len(); i++ {
					queue = append(queue, v.Index(i).Interface().(tea.Cmd))
				}
				continue
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

var namedKeys = map[string]tea.KeyType{
	"enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab, "space": tea.KeySpace,
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"backspace": tea.KeyBackspace, "ctrl+c": tea.KeyCtrlC,
}

// press sends named keys ("enter", "up", …) or, for anything else, its
// runes one key press at a time, as a person types.
func (h *harness) press(keys ...string) {
	for _, k := range keys {
		if t, ok := namedKeys[k]; ok {
			h.send(tea.KeyMsg{Type: t})
			continue
		}
		for _, r := range k {
			if r == ' ' {
				h.send(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
			} else {
				h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
			}
		}
	}
}

// burst sends text as one key message, as Bubble Tea v1 delivers a paste
// or keys that arrive together.
func (h *harness) burst(text string) {
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(text)})
}

// typeMove types text key by key and presses enter.
func (h *harness) typeMove(text string) {
	h.t.Helper()
	h.press(text, "enter")
}

// click is a left click at screen column x, line y.
func (h *harness) click(x, y int) {
	h.send(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
}

// clickSquare clicks the middle of a square of the play-mode board.
func (h *harness) clickSquare(sq game.Square) {
	p := &h.m.play
	for col := 0; col < 9; col++ {
		for row := 0; row < 9; row++ {
			if game.NewSquare(fileAt(col, p.flip), rankAt(row, p.flip)) == sq {
				h.click(boardLeft+1+col*cellWidth+1, boardTop+boardLineOfRow(row))
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

// screen is the current frame without escape sequences.
func (h *harness) screen() string { return ansi.Strip(h.m.View()) }

func (h *harness) status() string { return h.m.play.status }

func sq(t *testing.T, s string) game.Square {
	t.Helper()
	q, err := game.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func windowSize(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }
