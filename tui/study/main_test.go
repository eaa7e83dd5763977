package study

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"shogi/app/settings"
	"shogi/app/words"
	"shogi/game/notation"
	"shogi/game/usi/usitest"
	"shogi/internal/testenv"
	"shogi/tui/common"
	"shogi/tui/internal/screentest"

	tea "charm.land/bubbletea/v2"
)

// The test binary doubles as a scripted USI engine (see usitest): the
// study's analysis runs against it.
func TestMain(m *testing.M) {
	usitest.MaybeRun()
	cleanup := testenv.Isolate()
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// The shared pieces of the screens' tests (tui/internal/screentest).
var (
	keyMsg     = screentest.KeyMsg
	isNamedKey = screentest.IsNamedKey
	sq         = screentest.Sq
)

// goldenSizes are the terminal sizes the golden views are drawn at.
var goldenSizes = [][2]int{{80, 24}, {120, 40}, {200, 50}}

// golden compares got with the root's testdata/name (the study's views
// were drawn there before the study had a package), or rewrites it under
// -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	screentest.Golden(t, filepath.Join("testdata", name), got)
}

// Options are what a study test sets of the shared state.
type Options struct {
	Pieces       common.PieceStyle
	Lang         words.Lang
	Settings     *settings.Settings
	Engine       string
	AnalysisTime time.Duration
}

// newCommon is the shared state as the app builds it, from o.
func newCommon(o Options) *common.Common {
	c := &common.Common{Pieces: o.Pieces, Settings: o.Settings, EngineLog: common.EngineLogger(nil),
		Engines: common.EngineOptions{Engine: o.Engine, PassTime: o.AnalysisTime}}
	return common.Complete(c, nil, 0, o.Lang)
}

// harness drives a study Screen alone as the app would
// (screentest.Driver): its commands run, their messages come back, its
// engine work reaches it.
type harness struct {
	t testing.TB
	c *common.Common
	s *Screen
	d *screentest.Driver
}

// alone is the Screen as the Driver sees it.
type alone struct {
	c *common.Common
	s *Screen
}

func (a alone) Update(msg tea.Msg) tea.Cmd {
	if cmd, ok := Deliver(msg); ok {
		return cmd
	}
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		a.c.TakeTerminal(ws)
		return nil
	}
	return a.s.Update(msg)
}
func (a alone) View() string { v, _ := a.s.View(); return v }
func (a alone) Quiet() bool  { return a.s.Quiet() }

// newHarness studies the record file at path with c.
func newHarness(t testing.TB, c *common.Common, path string) *harness {
	t.Helper()
	data, err := os.ReadFile(path)
	s := Read(c, ReadMsg{path: path, data: data, err: err})
	h := &harness{t: t, c: c, s: s}
	h.d = screentest.NewDriver(t, alone{c, s}, c)
	t.Cleanup(func() { s.Close(true) })
	h.d.Run(s.Init())
	h.d.Settle()
	return h
}

func (h *harness) press(keys ...string)    { h.t.Helper(); h.d.Press(keys...) }
func (h *harness) screen() string          { return h.d.Screen() }
func (h *harness) studyShown() *studyModel { return h.s.study() }

// bookHarness opens branches.kif (7g7f 3c3d 2g2f …) in the study with
// the given book files in the settings, at w×h, in KI2.
func bookHarness(t *testing.T, w, h int, files ...string) *harness {
	t.Helper()
	st := settings.Default()
	st.Book.Files = files
	c := newCommon(Options{Settings: st})
	c.Width, c.Height = w, h
	hs := newHarness(t, c, filepath.Join("testdata", "study", "branches.kif"))
	c.Notation = notation.KI2
	return hs
}

// click is a left click at screen column x, line y.
func (h *harness) click(x, y int) {
	h.t.Helper()
	h.d.Send(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
}

// recordText is a record as KIF writes it, to compare two records.
var recordText = screentest.RecordText
