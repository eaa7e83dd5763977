package play

import (
	"shogi/kifu"
	"shogi/tui/common"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// followTable starts the screen's session on the table's game.
func (m *Model) followTable() tea.Cmd {
	m.gen = m.c.NextGen()
	m.starting = true
	return followTable(m.gen, m.Setup.Table)
}

// remoteKey handles the keys that work differently for a person on an
// SSH connection: w copies the game's record to their clipboard (the
// server keeps its own copy), and at a table there is no taking back,
// pausing or asking a program for a hint.
func (m *Model) remoteKey(msg tea.KeyPressMsg) (bool, tea.Cmd) {
	k := m.c.Keys
	w := m.c.Rw()
	switch {
	case common.KeyIs(msg, k.Save):
		data, err := kifu.Marshal(m.Record(), kifu.KIF, kifu.WriteOptions{Encoding: kifu.UTF8})
		if err != nil {
			m.SetError(err.Error())
			return true, nil
		}
		m.SetInfo(w.CopiedRecord)
		return true, tea.SetClipboard(string(data))
	case m.Setup.Table == nil:
		return false, nil
	case common.KeyIs(msg, k.Undo), common.KeyIs(msg, k.Pause), common.KeyIs(msg, k.Step), common.KeyIs(msg, k.Hint):
		m.SetError(w.NotAtTable)
		return true, nil
	}
	return false, nil
}

// remoteBindings are the help bar's keys for a person on an SSH
// connection: w copies the game; at a table nothing takes a move back,
// pauses, hints or studies, and i offers a draw.
func (m *Model) remoteBindings(in []key.Binding) []key.Binding {
	k := m.c.Keys
	w := m.c.Rw()
	out := make([]key.Binding, 0, len(in)+1)
	for _, b := range in {
		switch {
		case b.Help().Key == k.Save.Help().Key:
			b = key.NewBinding(key.WithKeys("w"), key.WithHelp("w", w.CopyGame))
		case m.Setup.Table == nil:
		case b.Help().Key == k.Undo.Help().Key, b.Help().Key == k.Pause.Help().Key, b.Help().Key == k.Step.Help().Key,
			b.Help().Key == k.Hint.Help().Key, b.Help().Key == k.Study.Help().Key, b.Help().Key == k.NewGame.Help().Key:
			continue
		}
		out = append(out, b)
	}
	if m.Setup.Table != nil && m.mine != [2]bool{} && !m.Over() {
		out = append(out, key.NewBinding(key.WithKeys("i"), key.WithHelp("i", w.DrawKey)))
	}
	return out
}
