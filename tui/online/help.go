package online

import (
	"shogi/app/words"
	"shogi/assets"
	"shogi/tui/common"

	tea "charm.land/bubbletea/v2"
)

// Help is the online screens' ? screen: what the form and the wait do,
// and their keys. A server game's help is the game screen's (pushed over
// this one), which speaks of the server game.
func (m *Model) Help() common.OpenHelpMsg {
	return common.OpenHelpMsg{Notes: assets.HelpOnline(m.c.Lang == words.Japanese)}
}

// helpKey reports whether k opens the help: f1 always, since most rows
// of the form are typed into, and ? where nothing is typed.
func (m *Model) helpKey(k tea.KeyPressMsg) bool {
	typing := m.phase == phaseForm && m.form.text[m.form.cursor] != nil
	return k.String() == "f1" || k.String() == "?" && !typing
}
