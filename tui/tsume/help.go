package tsume

import (
	"charm.land/bubbles/v2/key"

	"shogi/app/words"
	"shogi/tui/common"
)

// Help is the tsume screen's ? screen: its keys and notes.
func (m *Model) Help() common.OpenHelpMsg { return m.openHelp()().(common.OpenHelpMsg) }

// Help is the quizzes' ? screen: their keys and notes.
func (q *Quizzes) Help() common.OpenHelpMsg { return q.openHelp()().(common.OpenHelpMsg) }

// listHelp is the ? screen of a list (the collection's lengths, the
// quizzes): the list's own few keys, not the board's, and the screen's
// notes.
func listHelp(c *common.Common, tw *words.TsumeWords, enter, notes string) common.OpenHelpMsg {
	ck := c.Keys
	bind := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return common.OpenHelpMsg{Groups: [][]key.Binding{{
		bind(ck.Up.Help().Key+" "+ck.Down.Help().Key, tw.ListChoose, "up", "down", "k", "j"),
		bind("enter", enter, "enter"),
		bind("q/esc", tw.ListBack, "q", "esc"),
		ck.Help, ck.QuitPlain,
	}}, Notes: notes}
}
