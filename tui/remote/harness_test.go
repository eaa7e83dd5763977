package remote

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"shogi/app/lobby"
	"shogi/internal/testenv"
	"shogi/tui/common"
	"shogi/tui/internal/screentest"
	"shogi/tui/play"

	tea "charm.land/bubbletea/v2"
)

func TestMain(m *testing.M) {
	cleanup := testenv.Isolate()
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// gameScreen is the game screen as the app hands it to the lobby
// (common.NewGameScreen): the tests play a table's game on tui/play, as
// the app does.
type gameScreen struct {
	common.Still
	m play.Model
}

func newGameScreen(c *common.Common, s common.Setup) common.GameScreen {
	return &gameScreen{m: play.New(c, s)}
}

func (g *gameScreen) Init() tea.Cmd { return g.m.Init() }
func (g *gameScreen) Update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	g.m, cmd = g.m.Update(msg)
	return cmd
}
func (g *gameScreen) View() (string, *tea.Cursor) { return g.m.View() }
func (g *gameScreen) Help() common.OpenHelpMsg    { return g.m.Help() }
func (g *gameScreen) Title() string               { return g.m.TitleText() }
func (g *gameScreen) Quiet() bool                 { return g.m.Quiet() }
func (g *gameScreen) Over() bool                  { return g.m.Over() }
func (g *gameScreen) Say(text string, isErr bool) {
	if isErr {
		g.m.SetError(text)
	} else {
		g.m.SetInfo(text)
	}
}
func (g *gameScreen) Asking() bool { return g.m.Typing || g.m.State != play.StateMove }
func (g *gameScreen) Margin() int  { return g.m.Layout().Margin }
func (g *gameScreen) Close(bool) tea.Cmd {
	if g.m.Sess != nil {
		g.m.Sess.Stop("the app was closed")
	}
	return nil
}

// gameOf is the game screen a remote person's lobby shows (a table's, a
// game against the computer), nil before one.
func gameOf(m *Model) *play.Model {
	if g, ok := m.Game.(*gameScreen); ok {
		return &g.m
	}
	return nil
}

// driven is the lobby as screentest's Driver drives it: the root of a
// remote person's program.
type driven struct{ m *Model }

func (d driven) Update(msg tea.Msg) tea.Cmd {
	_, cmd := d.m.Update(msg)
	return cmd
}
func (d driven) View() string { return d.m.View().Content }

// Quiet: the lobby's own screens change only on a key or a table's
// event (which the Driver counts as waiting outside); a game's screen
// says for itself, but at a table the other side's move is a person's at
// another screen, which comes from outside as a key does: a table's game
// whose turn is theirs, shown as it stands, is quiet too.
func (d driven) Quiet() bool {
	if (d.m.Screen != RTable && d.m.Screen != RLocal) || d.m.Game == nil {
		return true
	}
	if d.m.Game.Quiet() {
		return true
	}
	g := gameOf(d.m)
	return d.m.Screen == RTable && d.m.Table != nil && g != nil &&
		g.TurnPly == g.Game.Len() && !d.m.Table.Link.Mine[g.TurnSide]
}

// harness drives one remote person's lobby (screentest.Driver): after
// each key it settles; what another person's screen does reaches this
// one as a table's event, awaited with waitFor or until.
type harness struct {
	t testing.TB
	m *Model
	d *screentest.Driver
}

// newHarness is user's lobby on l at 100×32, asking their name.
func newHarness(t testing.TB, l *lobby.Lobby, user string) *harness {
	t.Helper()
	c := screentest.NewCommon(t)
	c.Remote = true
	ctx, cancel := context.WithCancel(context.Background())
	m := NewModel(ctx, c, Remote{Lobby: l, Name: user}, newGameScreen)
	h := &harness{t: t, m: m, d: screentest.NewDriver(t, driven{m}, c)}
	// As the connection's end does (New): the game stopped, the seat
	// given up, the feeds' waits ended.
	t.Cleanup(func() {
		m.stopGame()
		m.leave()
		cancel()
	})
	h.d.Run(m.Init())
	h.send(tea.WindowSizeMsg{Width: 100, Height: 32})
	return h
}

func (h *harness) send(msg tea.Msg)     { h.t.Helper(); h.d.Send(msg) }
func (h *harness) press(keys ...string) { h.t.Helper(); h.d.Press(keys...) }
func (h *harness) typeText(s string)    { h.t.Helper(); h.d.Press(s) }
func (h *harness) screen() string       { return h.d.Screen() }
func (h *harness) until(what string, cond func() bool) {
	h.t.Helper()
	h.d.Until(what, cond)
}

// waitFor takes the table's events until the screen shows every text.
func (h *harness) waitFor(texts ...string) {
	h.t.Helper()
	h.d.Until("the screen to show "+strings.Join(texts, ", "), func() bool {
		s := h.screen()
		for _, text := range texts {
			if !strings.Contains(s, text) {
				return false
			}
		}
		return true
	})
	h.d.Settle()
}

// want fails unless the screen shows every text now.
func (h *harness) want(texts ...string) {
	h.t.Helper()
	s := h.screen()
	for _, text := range texts {
		if !strings.Contains(s, text) {
			h.t.Fatalf("the screen lacks %q:\n%s", text, s)
		}
	}
}

var windowSize = screentest.WindowSize

// testLobby is a lobby of the test's, shut when the test ends.
func testLobby(t testing.TB) *lobby.Lobby {
	return newLobby(t, lobby.Config{GamesDir: t.TempDir()})
}

func newLobby(t testing.TB, cfg lobby.Config) *lobby.Lobby {
	l := lobby.New(cfg)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = l.Shutdown(ctx, "test over")
	})
	return l
}
