package tui

import (
	tea "charm.land/bubbletea/v2"

	"example.com/shogi/lobby"
)

// tableModel is the screen of a table: the game on the app's play screen,
// driven by the table's match, with the table's chat, draw offers and the
// players' comings and goings.
type tableModel struct {
	r     *remoteModel
	start lobby.StartEvent
}

func newTableModel(r *remoteModel, ev lobby.StartEvent) *tableModel {
	return &tableModel{r: r, start: ev}
}

func (t *tableModel) init() tea.Cmd { return nil }

func (t *tableModel) event(ev lobby.Event) tea.Cmd { return nil }

func (t *tableModel) resize() {}

func (m *remoteModel) tableUpdate(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && k.String() == "esc" {
		m.leave()
		m.screen, m.cursor = rMenu, 0
	}
	return m, nil
}

func (m *remoteModel) tableView() tea.View {
	v := tea.NewView("table " + m.table.start.Names[0])
	v.AltScreen = true
	return v
}
