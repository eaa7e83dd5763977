package play

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shogi/app/players"
	"shogi/app/settings"
	"shogi/app/words"
	"shogi/game"
	"shogi/game/match"
	"shogi/game/notation"
	"shogi/game/usi/usitest"
	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/tui/internal/screentest"

	tea "charm.land/bubbletea/v2"
)

// The game screen driven alone (screentest.Alone), started as the app
// starts a game from the command line: players, clock, start and
// furigoma from Options.

// Options are a game's set-up and what the tests set of the shared state.
type Options struct {
	Black, White string // players as game/match reads them; "" is a person
	SFEN         string // the start; "" is the even game
	Time         [2]match.TimeControl
	Furigoma     bool
	Settings     *settings.Settings
	Lang         words.Lang
	ASCII        bool
	Notation     *notation.Style
	Width        common.WidthPolicy
	StateDir     string
	TimeSource   match.TimeSource
	Rand         *rand.Rand
	EngineEnv    []string // the scripted engine's script (usitest.Env)
}

// screen is the game screen as the app's stack holds it (common.Screen).
type screen struct{ m Model }

func (s *screen) Init() tea.Cmd { return s.m.Init() }
func (s *screen) Update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	s.m, cmd = s.m.Update(msg)
	return cmd
}
func (s *screen) View() (string, *tea.Cursor)   { return s.m.View() }
func (s *screen) Resize(tea.Msg)                {}
func (s *screen) Help() common.OpenHelpMsg      { return s.m.Help() }
func (s *screen) Title() string                 { return s.m.TitleText() }
func (s *screen) Quiet() bool                   { return s.m.Quiet() }
func (s *screen) Cover()                        {}
func (s *screen) Uncover(common.Screen) tea.Cmd { return nil }
func (s *screen) Close(bool) tea.Cmd {
	if s.m.Sess != nil {
		s.m.Sess.Stop("the app was closed")
	}
	return nil
}

// harness drives one game screen.
type harness struct {
	t testing.TB
	c *common.Common
	s *screen
	a *screentest.Alone
	d *screentest.Driver
}

// newCommon is the shared state as the app builds it from o, at 80×24.
func newCommon(t testing.TB, o Options) *common.Common {
	if o.StateDir == "" {
		o.StateDir = t.TempDir()
	}
	if o.Rand == nil {
		o.Rand = rand.New(rand.NewPCG(1, 2))
	}
	if o.EngineEnv == nil {
		o.EngineEnv = []string{usitest.Env + "=think=0"}
	}
	c := &common.Common{ASCII: o.ASCII, StateDir: o.StateDir, Rand: o.Rand, Settings: o.Settings,
		SettingsWriter: &settings.Writer{}, GamesDefault: filepath.Join(t.TempDir(), "games"),
		EngineLog: common.EngineLogger(nil), EngineEnv: o.EngineEnv, Clock: o.TimeSource}
	return common.Complete(c, o.Notation, o.Width, o.Lang)
}

// newSetup is the game o describes, as the command line's options give it.
func newSetup(t testing.TB, c *common.Common, o Options) common.Setup {
	t.Helper()
	var s common.Setup
	for i, text := range []string{o.Black, o.White} {
		if text == "" {
			text = players.HumanSpec
		}
		sp, name, err := players.Resolve(c.Settings, text)
		if err != nil {
			t.Fatal(err)
		}
		s.Players[i], s.Names[i] = sp, name
	}
	s.Names = common.HumanNames(c.Settings, s.Players, s.Names, [2]int{0, 1})
	s.Time = o.Time
	s.Start = game.StartPosition()
	if o.SFEN != "" {
		p, err := game.ParseSFEN(o.SFEN)
		if err != nil {
			t.Fatal(err)
		}
		s.Start = p
	}
	if o.Furigoma {
		toss := game.TossPawns(c.Rand)
		s.Toss = &toss
		s.TossPlayers = [2]string{common.PlayerLabel(c, s.Players[0], s.Names[0]), common.PlayerLabel(c, s.Players[1], s.Names[1])}
		if !toss.TosserIsBlack {
			s.Players[0], s.Players[1] = s.Players[1], s.Players[0]
			s.Names[0], s.Names[1] = s.Names[1], s.Names[0]
		}
	}
	return s
}

// newHarness starts the game o describes on the game screen.
func newHarness(t testing.TB, o Options) *harness {
	t.Helper()
	c := newCommon(t, o)
	s := &screen{m: New(c, newSetup(t, c, o))}
	a, d := screentest.NewAlone(t, c, s)
	return &harness{t: t, c: c, s: s, a: a, d: d}
}

// p is the game screen's model.
func (h *harness) p() *Model { return &h.s.m }

func (h *harness) settle()                             { h.t.Helper(); h.d.Settle() }
func (h *harness) until(what string, cond func() bool) { h.t.Helper(); h.d.Until(what, cond) }
func (h *harness) send(msg tea.Msg)                    { h.t.Helper(); h.d.Send(msg) }
func (h *harness) press(keys ...string)                { h.t.Helper(); h.d.Press(keys...) }
func (h *harness) pressNow(keys ...string)             { h.d.PressNow(keys...) }
func (h *harness) paste(text string)                   { h.t.Helper(); h.d.Paste(text) }
func (h *harness) before(f func(msg any))              { h.d.Before(f) }
func (h *harness) View() string                        { return h.a.View() }
func (h *harness) frame() tea.View                     { return h.a.Frame() }
func (h *harness) screen() string                      { return h.d.Screen() }
func (h *harness) game() *game.Game                    { return h.p().Game }
func (h *harness) status() string                      { return h.p().Status }

// asked reports whether the screen asked the app for a message of T's
// kind.
func asked[T tea.Msg](h *harness) (T, bool) { return screentest.Last[T](h.a) }

// The shared pieces of the screens' tests (tui/internal/screentest).
var (
	keyMsg     = screentest.KeyMsg
	sq         = screentest.Sq
	windowSize = screentest.WindowSize
	lineBook   = screentest.LineBook
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

// clickSquare clicks the middle of a square of the board, wherever the
// layout put it.
func (h *harness) clickSquare(sq game.Square) {
	p := h.p()
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

func (h *harness) moves() string {
	var s []string
	for _, mv := range h.game().Moves() {
		s = append(s, mv.USI())
	}
	return strings.Join(s, " ")
}

// fakeEngine is the program to run as the scripted engine: the test
// binary itself, with usitest.Env set by the harness.
func fakeEngine(t testing.TB) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

// engineGame is a game against the scripted engine as White, behaving
// as behaviour says (see usitest).
func engineGame(t *testing.T, behaviour string, o Options) *harness {
	t.Helper()
	o.White = "usi:" + fakeEngine(t)
	o.EngineEnv = []string{usitest.Env + "=" + behaviour}
	return newHarness(t, o)
}
