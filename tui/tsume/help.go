package tsume

import "shogi/tui/common"

// Help is the tsume screen's ? screen: its keys and notes.
func (m *Model) Help() common.OpenHelpMsg { return m.openHelp()().(common.OpenHelpMsg) }

// Help is the quizzes' ? screen: their keys and notes.
func (q *Quizzes) Help() common.OpenHelpMsg { return q.openHelp()().(common.OpenHelpMsg) }
