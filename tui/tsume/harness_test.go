package tsume

import (
	"os"
	"strings"
	"testing"

	"shogi/app/words"
	"shogi/assets"
	"shogi/game"
	"shogi/game/tsume"
	"shogi/game/usi/usitest"
	"shogi/internal/testenv"
	"shogi/tui/common"
	"shogi/tui/internal/screentest"

	tea "charm.land/bubbletea/v2"
)

func TestMain(m *testing.M) {
	usitest.MaybeRun()
	cleanup := testenv.Isolate()
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// screen is the tsume screen as the app's stack holds it (common.Screen),
// for screentest.Alone.
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
func (s *screen) Close(bool) tea.Cmd            { s.m.Stop(); return nil }

// harness drives a tsume screen alone (screentest.Alone).
type harness struct {
	t testing.TB
	c *common.Common
	s *screen
	a *screentest.Alone
	d *screentest.Driver
}

// newHarness opens the tsume screen on set with o, in lang, its progress
// in state ("": a folder of the test's).
func newHarness(t testing.TB, lang words.Lang, state string, set Set, o Options) *harness {
	t.Helper()
	c := screentest.NewCommon(t)
	c.SetLang(lang)
	if state != "" {
		c.StateDir = state
	}
	s := &screen{m: New(c, NewEnv(c.StateDir), set, o)}
	a, d := screentest.NewAlone(t, c, s)
	return &harness{t: t, c: c, s: s, a: a, d: d}
}

// collectionHarness opens the collection's chooser, as the menu does.
func collectionHarness(t testing.TB, lang words.Lang, state string, o Options) *harness {
	t.Helper()
	set, err := NewEnv(t.TempDir()).CollectionSet()
	if err != nil {
		t.Fatal(err)
	}
	o.Chooser = true
	return newHarness(t, lang, state, set, o)
}

// positionHarness opens p as a problem, as the study and the editor do.
func positionHarness(t testing.TB, lang words.Lang, p game.Position) *harness {
	t.Helper()
	return newHarness(t, lang, "", PositionSet(p), Options{})
}

func (h *harness) ts() *Model                          { return &h.s.m }
func (h *harness) screen() string                      { return h.d.Screen() }
func (h *harness) press(keys ...string)                { h.t.Helper(); h.d.Press(keys...) }
func (h *harness) until(what string, cond func() bool) { h.t.Helper(); h.d.Until(what, cond) }
func (h *harness) typeMove(text string)                { h.t.Helper(); h.d.Press(text, "enter") }
func (h *harness) left() bool                          { _, ok := screentest.Last[common.ToMenuMsg](h.a); return ok }
func (h *harness) click(x, y int)                      { h.d.Send(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft}) }

// collection is the problems shipped in assets: the tests' truth for
// lengths, first moves and solutions.
func collection(t testing.TB) []tsume.Problem {
	t.Helper()
	ps, err := tsume.ParseCollection(strings.NewReader(assets.Tsume))
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// ofLength is the collection's problems of n plies, in order.
func ofLength(t testing.TB, n int) []tsume.Problem {
	var out []tsume.Problem
	for _, p := range collection(t) {
		if p.Length == n {
			out = append(out, p)
		}
	}
	return out
}
