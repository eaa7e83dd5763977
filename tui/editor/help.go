package editor

import (
	"shogi/app/words"
	"shogi/assets"
	"shogi/tui/common"
)

// Help is the editor's ? screen: its keys and notes.
func (m *Model) Help() common.OpenHelpMsg {
	return common.OpenHelpMsg{Groups: m.c.Keys.Ed.FullHelp(), Notes: assets.HelpEdit(m.c.Lang == words.Japanese)}
}

// Lang is the language of the editor's words.
func (m *Model) Lang() words.Lang { return m.c.Lang }
