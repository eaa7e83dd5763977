package tui

import (
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"example.com/shogi/game"
)

// promoteKey answers 成る?: y (or enter) promotes, n does not, esc puts
// the piece back.
func (m playModel) promoteKey(msg tea.KeyPressMsg) (playModel, tea.Cmd) {
	k := m.c.keys
	switch {
	case keyIs(msg, k.Yes), isEnter(msg):
		m.state = stateMove
		return m.playMove(m.pending[0])
	case keyIs(msg, k.No):
		m.state = stateMove
		return m.playMove(m.pending[1])
	case keyIs(msg, k.Cancel):
		m.state = stateMove
		m.clearPick()
	}
	return m, nil
}

// ask puts a yes/no question.
func (m *playModel) ask(a confirmAction) {
	if a != confirmLeave && m.over() {
		m.setError(m.c.w.gameOver)
		return
	}
	if _, ok := m.humanSide(); a != confirmLeave && !ok {
		m.setError(m.c.w.noHuman)
		return
	}
	m.clearPick()
	m.state, m.confirm, m.sure = stateConfirm, a, false
}

// humanSide is the colour a resignation is for: the side to move if human,
// else the other side if human; ok is false when no human plays.
func (m *playModel) humanSide() (c game.Color, ok bool) {
	side := m.sideToMove()
	if m.isHuman(side) {
		return side, true
	}
	if m.isHuman(side.Other()) {
		return side.Other(), true
	}
	return side, false
}

func (m *playModel) askDeclare() {
	if why := m.cannotMove(); why != "" {
		m.setError(why)
		return
	}
	pos := m.g.Position()
	if err := pos.CanDeclare(); err != nil {
		m.setError(fmt.Sprintf(m.c.w.cannotDeclare, declareReason(m.c.w, err)))
		return
	}
	m.ask(confirmDeclare)
}

func (m playModel) confirmKey(msg tea.KeyPressMsg) (playModel, tea.Cmd) {
	k := m.c.keys
	if m.confirm == confirmResign || m.confirm == confirmImpasse {
		// Ending the game takes y and then enter, so a stray word typed
		// into the board (x… y…) never resigns; any other key keeps playing.
		switch {
		case !m.sure && keyIs(msg, k.Yes):
			m.sure = true
			return m, nil
		case m.sure && isEnter(msg):
			m.sure = false
		default:
			m.state, m.sure = stateMove, false
			m.setInfo(m.c.w.keptPlaying)
			return m, nil
		}
	} else {
		switch {
		case keyIs(msg, k.Yes):
		case keyIs(msg, k.No), keyIs(msg, k.Cancel):
			m.state = stateMove
			return m, nil
		default:
			return m, nil
		}
	}
	m.state = stateMove
	switch m.confirm {
	case confirmLeave:
		m.token++
		return m, tea.Sequence(m.autosave(), func() tea.Msg { return toMenuMsg{} })
	case confirmPaste:
		m.token++
		s := setup{players: m.players, start: m.pasted}
		return m, tea.Sequence(m.autosave(), func() tea.Msg { return startMsg{setup: s} })
	case confirmResign:
		m.thinking = false
		m.token++
		c, _ := m.humanSide()
		m.g.Resign(c)
	case confirmDeclare:
		if err := m.g.Declare(); err != nil {
			m.setError(fmt.Sprintf(m.c.w.cannotDeclare, declareReason(m.c.w, err)))
			return m, nil
		}
	case confirmImpasse:
		m.thinking = false
		m.token++
		m.g.Impasse()
	}
	return m, m.afterMove()
}

// undo takes back the last move; against a bot, also the bot's reply, so
// that it is the human's turn again. A game that ended by a move (mate, a
// repetition) can be taken back into play; one ended by a decision
// (resignation, impasse, declaration) cannot.
func (m *playModel) undo() tea.Cmd {
	w := m.c.w
	if r := m.g.Result(); r.Over() && r.Ending != game.Checkmate && r.Ending != game.NoLegalMoves &&
		r.Ending != game.Repetition && r.Ending != game.PerpetualCheck {
		m.setError(w.gameOver)
		return nil
	}
	if m.g.Len() == 0 {
		m.setError(w.noUndo)
		return nil
	}
	m.thinking = false
	m.token++
	m.g.Undo()
	if m.isHuman(game.Black) || m.isHuman(game.White) {
		for m.g.Len() > 0 && !m.isHuman(m.sideToMove()) {
			m.g.Undo()
		}
	}
	cmd := m.afterMove()
	m.setInfo(fmt.Sprintf(w.undone, m.before+m.g.Len()))
	return cmd
}

// step moves the review one ply back or forward.
func (m *playModel) step(forward bool) {
	n := m.g.Len()
	if m.review < 0 {
		if forward {
			return
		}
		m.review = n
	}
	if forward {
		m.review++
	} else if m.review > 0 {
		m.review--
	}
	if m.review >= n {
		m.review = -1
		return
	}
	m.clearPick()
}

func (m *playModel) cycleNotation() {
	m.c.notation = m.c.cycleNotation(m.c.notation, 1)
	m.refreshTexts()
	m.setInfo(fmt.Sprintf(m.c.w.listStyle, m.c.notation))
}

// declareReason says which condition of the declaration is not met, in
// the screen's language. game.DeclarationError gives it in English words;
// the Japanese screen reads its few forms back.
func declareReason(w *words, err error) string {
	var de *game.DeclarationError
	if !errors.As(err, &de) {
		return err.Error()
	}
	if w.lang != Japanese {
		return de.Reason
	}
	var a, b int
	switch {
	case de.Reason == "no king":
		return "玉がありません"
	case de.Reason == "the king is not in the enemy camp":
		return "玉が敵陣にいません"
	case de.Reason == "the king is in check":
		return "王手されています"
	case scan(de.Reason, "only %d pieces besides the king in the enemy camp, need %d", &a, &b):
		return fmt.Sprintf("敵陣の駒が玉のほかに%d枚です (%d枚必要)", a, b)
	case scan(de.Reason, "%d points, need %d", &a, &b):
		return fmt.Sprintf("%d点です (%d点必要)", a, b)
	}
	return de.Reason
}

func scan(s, format string, a, b *int) bool {
	n, err := fmt.Sscanf(s, format, a, b)
	return err == nil && n == 2
}
