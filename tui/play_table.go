package tui

import (
	"shogi/kifu"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// followTable starts the screen's session on the table's game.
func (m *playModel) followTable() tea.Cmd {
	m.gen = m.c.nextGen()
	m.starting = true
	return followTable(m.gen, m.setup.table)
}

// remoteKey handles the keys that work differently for a person on an
// SSH connection: w copies the game's record to their clipboard (the
// server keeps its own copy), and at a table there is no taking back,
// pausing or asking a program for a hint.
func (m *playModel) remoteKey(msg tea.KeyPressMsg) (bool, tea.Cmd) {
	k := m.c.keys
	w := m.c.rw()
	switch {
	case keyIs(msg, k.Save):
		data, err := kifu.Marshal(m.record(), kifu.KIF, kifu.WriteOptions{Encoding: kifu.UTF8})
		if err != nil {
			m.setError(err.Error())
			return true, nil
		}
		m.setInfo(w.copiedRecord)
		return true, tea.SetClipboard(string(data))
	case m.setup.table == nil:
		return false, nil
	case keyIs(msg, k.Undo), keyIs(msg, k.Pause), keyIs(msg, k.Step), keyIs(msg, k.Hint):
		m.setError(w.notAtTable)
		return true, nil
	}
	return false, nil
}

// remoteBindings are the help bar's keys for a person on an SSH
// connection: w copies the game; at a table nothing takes a move back,
// pauses, hints or studies, and i offers a draw.
func (m *playModel) remoteBindings(in []key.Binding) []key.Binding {
	k := m.c.keys
	w := m.c.rw()
	out := make([]key.Binding, 0, len(in)+1)
	for _, b := range in {
		switch {
		case b.Help().Key == k.Save.Help().Key:
			b = key.NewBinding(key.WithKeys("w"), key.WithHelp("w", w.copyGame))
		case m.setup.table == nil:
		case b.Help().Key == k.Undo.Help().Key, b.Help().Key == k.Pause.Help().Key, b.Help().Key == k.Step.Help().Key,
			b.Help().Key == k.Hint.Help().Key, b.Help().Key == k.Study.Help().Key, b.Help().Key == k.NewGame.Help().Key:
			continue
		}
		out = append(out, b)
	}
	if m.setup.table != nil && m.mine != [2]bool{} && !m.over() {
		out = append(out, key.NewBinding(key.WithKeys("i"), key.WithHelp("i", w.drawKey)))
	}
	return out
}
