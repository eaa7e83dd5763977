package online

import (
	"shogi/tui/common"

	"charm.land/bubbles/v2/key"
)

// Help is the online screens' ? screen: the keys of the form and the
// wait. A server game's help is the game screen's (pushed over this one),
// which speaks of the server game.
func (m *Model) Help() common.OpenHelpMsg {
	k := m.c.Keys
	return common.OpenHelpMsg{Groups: [][]key.Binding{{k.Up, k.Down, k.Select, k.Leave, k.Quit}}}
}
