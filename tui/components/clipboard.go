package components

import (
	"fmt"

	"shogi/game"
	"shogi/tui/common"

	tea "charm.land/bubbletea/v2"
)

// CopyCmd is the clipboard command for a position, saying so through say.
func CopyCmd(c *common.Common, pos *game.Position, sfen bool, say func(string)) tea.Cmd {
	if sfen {
		s := pos.SFEN()
		say(fmt.Sprintf(c.Words.CopiedSFEN, s))
		return tea.SetClipboard(s)
	}
	say(c.Words.CopiedKIF)
	return tea.SetClipboard(BodDiagram(pos))
}
