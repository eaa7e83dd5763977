package study

import (
	"shogi/app/words"
	"shogi/kifu"
	"shogi/tui/common"

	tea "charm.land/bubbletea/v2"
)

// PastedRecordCmd reads a pasted record (any format, told apart by its
// content) off the UI loop and opens it in the study, with no file
// behind it; a paste that is no record opens the study on why.
func PastedRecordCmd(c *common.Common, text string) tea.Cmd {
	name := pastedName(c)
	return func() tea.Msg {
		rec, err := kifu.ReadPaste(text)
		return common.StudyRecordMsg{Rec: rec, Name: name, Err: err}
	}
}

// pastedName is what the study calls a pasted record.
func pastedName(c *common.Common) string {
	if c.Lang == words.Japanese {
		return "貼り付けた棋譜"
	}
	return "pasted record"
}
