package online

import (
	"shogi/tui/common"

	"charm.land/bubbles/v2/key"
)

// Help is the online screens' ? screen: a game's help (a server game's
// own) while one is played, else the keys of the form and the wait.
func (m *Model) Help() common.OpenHelpMsg {
	if m.phase == phaseGame {
		return m.Play.Help()
	}
	k := m.c.Keys
	return common.OpenHelpMsg{Groups: [][]key.Binding{{k.Up, k.Down, k.Select, k.Leave, k.Quit}}}
}
