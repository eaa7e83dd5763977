package online

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"shogi/assets"
	"shogi/tui/common"
	"shogi/tui/internal/screentest"
)

// formScreen is the online screens as the root's stack holds them.
type formScreen struct {
	common.Still
	m *Model
}

func (s *formScreen) Init() tea.Cmd               { return s.m.Init() }
func (s *formScreen) Update(msg tea.Msg) tea.Cmd  { return s.m.Update(msg) }
func (s *formScreen) View() (string, *tea.Cursor) { return s.m.View() }
func (s *formScreen) Help() common.OpenHelpMsg    { return s.m.Help() }
func (s *formScreen) Title() string               { return s.m.Title() }

var f1 = tea.KeyPressMsg{Code: tea.KeyF1}

// The form's help opens with f1 on every row, a typed one too, where ?
// is typed into the field; on a row of choices ? opens it as well. The
// help speaks of the form and the server, and the footer names its key.
func TestFormHelp(t *testing.T) {
	c := screentest.NewCommon(t)
	a, d := screentest.NewAlone(t, c, &formScreen{m: New(c)})
	if s := d.Screen(); !strings.Contains(s, "f1 help") {
		t.Errorf("the footer of the server list's row does not name f1:\n%s", s)
	}
	// The first row, the server list, is a choice: ? opens the help.
	d.Press("?")
	h, ok := screentest.Last[common.OpenHelpMsg](a)
	if !ok || h.Notes != assets.HelpOnline(false) || !a.HelpOpen() || !strings.Contains(d.Screen(), "CSA server") {
		t.Fatalf("? on the server list asked for %v:\n%s", a.Asked(), d.Screen())
	}
	d.Send(f1) // closes it
	if a.HelpOpen() {
		t.Fatalf("f1 did not close the help:\n%s", d.Screen())
	}
	a.Forget()
	// On the server's row, ? is typed: the host may not have one, but the
	// field takes what is typed, as any other key.
	d.Press("down", "?")
	if _, ok := screentest.Last[common.OpenHelpMsg](a); ok || a.HelpOpen() {
		t.Fatalf("? in the server's field opened the help:\n%s", d.Screen())
	}
	s := d.Screen()
	if row, _ := screentest.CursorRow(s); !strings.HasSuffix(row, "?") {
		t.Errorf("the server's field after ?: %q", row)
	}
	if !strings.Contains(s, "f1 help") {
		t.Errorf("the footer while typing does not name f1:\n%s", s)
	}
	d.Send(f1)
	if h, ok := screentest.Last[common.OpenHelpMsg](a); !ok || h.Notes != assets.HelpOnline(false) || !a.HelpOpen() {
		t.Fatalf("f1 in the server's field asked for %v:\n%s", a.Asked(), d.Screen())
	}
	d.Press("esc")
	if _, ok := screentest.Last[common.ToMenuMsg](a); ok || a.HelpOpen() {
		t.Fatalf("esc on the help: left the form, or the help stays")
	}
}
