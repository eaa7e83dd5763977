package screentest

import (
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"shogi/app/settings"
	"shogi/tui/common"
	"shogi/tui/components"
)

// NewCommon is the shared state as the app builds it, at 80×24 in the
// dark palette, in English: dice seeded, the state in a temporary folder,
// and the settings file at config.toml in another (read with
// settings.Load(c.SettingsPath)).
func NewCommon(t testing.TB) *common.Common {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.toml")
	st, err := settings.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	c := &common.Common{Settings: st, SettingsPath: path, SettingsWriter: &settings.Writer{}, StateDir: t.TempDir(),
		Rand: rand.New(rand.NewPCG(1, 2)), GamesDefault: filepath.Join(t.TempDir(), "games"), EngineLog: common.EngineLogger(nil)}
	return common.Complete(c, nil, 0, 0)
}

// Alone is one screen driven without the app around it: the messages
// with which a screen asks the app for something (open a screen, leave,
// start a game, show its help) are kept in Asked rather than handed back
// to the screen; as the root does, the terminal's size and colours reach
// the Common first, the help asked for goes over the screen until a key
// closes it, and the frame says when the terminal is too small.
type Alone struct {
	c     *common.Common
	s     common.Screen
	help  components.HelpOverlay
	asked []tea.Msg
}

// NewAlone drives s on c with a Driver: s's Init has run and settled.
// The test's cleanup closes s.
func NewAlone(t testing.TB, c *common.Common, s common.Screen) (*Alone, *Driver) {
	t.Helper()
	a := &Alone{c: c, s: s}
	d := NewDriver(t, a, c)
	t.Cleanup(func() { s.Close(true) })
	d.Run(s.Init())
	d.Settle()
	return a, d
}

// Update hands msg to the screen unless it is for the app.
func (a *Alone) Update(msg tea.Msg) tea.Cmd {
	if _, ok := msg.(common.OpenHelpMsg); ok {
		a.asked = append(a.asked, msg)
	}
	if a.help.Take(msg) {
		return nil
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg, tea.BackgroundColorMsg, tea.ColorProfileMsg:
		a.c.TakeTerminal(msg)
		a.s.Resize(msg)
		return nil
	case common.ToMenuMsg, common.StartMsg, common.EditPositionMsg, common.StudyRecordMsg,
		common.TsumeMsg, common.QuizzesMsg, common.OnlineMsg, common.OpenMsg, common.ReviewGameMsg,
		common.PlayFromMsg, common.ShutdownMsg, common.SettingsSavedMsg:
		a.asked = append(a.asked, msg)
		return nil
	}
	return a.s.Update(msg)
}

// View is the screen's frame.
func (a *Alone) View() string { return a.Frame().Content }

// Frame is the frame as the root draws it: the screen, its help over it,
// or the word that the terminal is too small; with the typing cursor.
func (a *Alone) Frame() tea.View {
	return components.Frame(a.c, &a.help, a.s.Title(), a.s.View)
}

// HelpOpen reports whether the help asked for is over the screen.
func (a *Alone) HelpOpen() bool { return a.help.V != nil }

// Quiet reports whether the screen stays as it is until a key.
func (a *Alone) Quiet() bool { return a.s.Quiet() }

// Asked are the messages the screen sent the app, oldest first.
func (a *Alone) Asked() []tea.Msg { return a.asked }

// Last is the newest message of type T the screen sent the app, and
// whether there is one.
func Last[T tea.Msg](a *Alone) (T, bool) {
	for i := len(a.asked) - 1; i >= 0; i-- {
		if m, ok := a.asked[i].(T); ok {
			return m, true
		}
	}
	var zero T
	return zero, false
}

// Forget drops the messages asked so far: what the next keys ask is then
// alone in Asked.
func (a *Alone) Forget() { a.asked = nil }

// cursorMark is where a list's cursor row begins (components.Row: "> "
// and the row padded by a space); a field's "< value >" followed by a
// note looks the same, but has its "<" before it.
var cursorMark = regexp.MustCompile(`^[^<>]*?(?:^|\s)(> {2}\S)`)

// CursorRow is the row of a list or form under the cursor, from its
// mark on, in a screen without escape sequences.
func CursorRow(screen string) (string, bool) {
	for _, l := range strings.Split(screen, "\n") {
		if loc := cursorMark.FindStringSubmatchIndex(l); loc != nil {
			return strings.TrimRight(l[loc[2]:], " "), true
		}
	}
	return "", false
}
