package tui

import (
	"errors"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/match"
	"shogi/game/usi"
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
	if _, ok := m.humanSide(); a != confirmLeave && a != confirmPaste && !ok {
		m.setError(m.c.w.noHuman)
		return
	}
	if a == confirmImpasse && !(m.isHuman(game.Black) && m.isHuman(game.White)) {
		// A program cannot agree: the rule's conditions must hold.
		pos := m.g.Position()
		if err := pos.CanClaimImpasse(); err != nil {
			m.setError(impasseReason(m.c.w, err))
			return
		}
	}
	m.clearPick()
	m.state, m.confirm, m.sure = stateConfirm, a, false
}

// humanSide is the colour a resignation is for: the side to move if human,
// else the other side if human; ok is false when no human plays.
func (m *playModel) humanSide() (c game.Color, ok bool) {
	if t := m.setup.table; t != nil {
		return t.side, t.seat != nil
	}
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
		return m, m.stopSession(toMenuMsg{})
	case confirmPaste:
		s := setup{players: m.setup.players, names: m.setup.names, time: m.setup.time, start: m.pasted}
		return m, m.stopSession(startMsg{setup: s})
	case confirmResign:
		if t := m.setup.table; t != nil {
			if err := t.seat.Resign(); err != nil {
				m.setError(err.Error())
			}
			return m, nil
		}
		c, _ := m.humanSide()
		m.submitAnswer(c, usi.BestMove{Resign: true})
	case confirmDeclare:
		m.submitAnswer(m.sideToMove(), usi.BestMove{Win: true})
	case confirmImpasse:
		if t := m.setup.table; t != nil {
			m.offerDraw(t)
			return m, nil
		}
		if m.sess == nil {
			m.setError(m.startErr)
			return m, nil
		}
		if err := m.sess.m.Impasse(); err != nil {
			m.setError(impasseReason(m.c.w, err))
		} else {
			m.awaiting = true
		}
	}
	return m, nil
}

// submitAnswer hands a resignation or declaration to the match.
func (m *playModel) submitAnswer(c game.Color, b usi.BestMove) {
	if m.sess == nil {
		m.setError(m.startErr)
		return
	}
	if err := m.sess.m.Submit(c, b); err != nil {
		if b.Win {
			m.setError(fmt.Sprintf(m.c.w.cannotDeclare, declareReason(m.c.w, err)))
			return
		}
		m.setError(err.Error())
		return
	}
	m.awaiting = true
}

// undo takes back the last move; against a bot or an engine, also its
// reply, so that it is the person's turn again, with both clocks as they
// were. A game that ended by a move (mate, a repetition) can be taken
// back into play: a new match continues it. One ended by a decision
// (resignation, impasse, declaration, time, a fault) cannot.
func (m *playModel) undo() tea.Cmd {
	w := m.c.w
	if !m.undoable() {
		m.setError(w.gameOver)
		return nil
	}
	if m.g.Len() == 0 {
		m.setError(w.noUndo)
		return nil
	}
	if m.starting || m.sess == nil && !m.over() {
		m.setError(m.cannotMove())
		return nil
	}
	n := m.undoCount()
	if m.over() {
		// The match has ended: continue the game in a new one, from the
		// position before, with the players that are still running.
		reuse := [2]match.Player{}
		if m.sess != nil {
			reuse = m.sess.handOver()
		}
		// A new game of the moves kept: the match's own game is left as
		// it ended.
		g := game.NewGame(m.g.Start())
		for _, mv := range m.g.Moves()[:m.g.Len()-n] {
			if err := g.Play(mv); err != nil {
				break
			}
		}
		m.g = g
		m.notes = m.notes[:min(len(m.notes), m.g.Len())]
		m.result = nil
		m.sess = nil
		m.afterMove()
		m.setInfo(fmt.Sprintf(w.undone, m.before+m.g.Len()))
		return m.startSession(reuse)
	}
	if err := m.sess.m.Undo(n); err != nil {
		m.setError(err.Error())
		return nil
	}
	m.awaiting = true
	return nil
}

// undoable reports whether the game may be taken back: it is on, or it
// ended by a move (mate, a repetition), or by a program's failure (a
// crash, a hang, an illegal move: taking back starts it afresh); not one
// a player decided (resignation, impasse, declaration) or the clock did.
func (m *playModel) undoable() bool {
	r := m.g.Result()
	if !r.Over() {
		return true
	}
	switch r.Ending {
	case game.Checkmate, game.NoLegalMoves, game.Repetition, game.PerpetualCheck:
		return true
	case game.IllegalMove:
		switch {
		case m.result == nil:
		case m.result.Fault != nil:
			return !m.isHuman(m.result.Faulty)
		case m.result.Illegal != "":
			w, ok := r.Winner()
			return ok && !m.isHuman(w.Other())
		}
	}
	return false
}

// undoCount is how many moves undo takes back: one, and against a
// program as many more as it takes to reach a person's turn.
func (m *playModel) undoCount() int {
	n := 1
	if m.noHuman() {
		return n
	}
	for n < m.g.Len() {
		p := m.g.PositionAt(m.g.Len() - n)
		if m.isHuman(p.SideToMove()) {
			break
		}
		n++
	}
	return n
}

// togglePause pauses or resumes the game: no clock runs and no program
// thinks while it is paused.
func (m *playModel) togglePause() {
	if m.sess == nil || m.over() {
		m.setError(m.c.w.gameOver)
		return
	}
	var err error
	if m.paused {
		err = m.sess.m.Resume()
	} else {
		err = m.sess.m.Pause()
	}
	if err != nil {
		m.setError(err.Error())
		return
	}
	m.awaiting = true
}

// stepOne plays one move of a paused game.
func (m *playModel) stepOne() {
	if m.sess == nil || m.over() {
		m.setError(m.c.w.gameOver)
		return
	}
	if !m.paused {
		m.setError(m.c.w.stepPaused)
		return
	}
	if err := m.sess.m.Step(); err != nil {
		m.setError(err.Error())
	}
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

// impasseReason says why an impasse claim is refused, in the screen's
// language, from the refusal's cause.
func impasseReason(w *words, err error) string {
	var ie *game.ImpasseError
	if !errors.As(err, &ie) {
		return err.Error()
	}
	if w.lang != Japanese {
		return fmt.Sprintf(w.cannotImpasse, strings.TrimPrefix(ie.Error(), "impasse refused: "))
	}
	king := "先手玉"
	if ie.Side == game.White {
		king = "後手玉"
	}
	why := king + "が入玉していません"
	switch ie.Cause {
	case game.ImpasseInCheck:
		why = "王手されています"
	case game.ImpasseNoKing:
		why = king + "がありません"
	}
	return fmt.Sprintf(w.cannotImpasse, why)
}

// declareReason says which condition of the declaration is not met, in
// the screen's language, from the refusal's condition and figures.
func declareReason(w *words, err error) string {
	var de *game.DeclarationError
	if !errors.As(err, &de) {
		return err.Error()
	}
	if w.lang != Japanese {
		return strings.TrimPrefix(de.Error(), "declaration refused: ")
	}
	switch de.Condition {
	case game.DeclareNoKing:
		return "玉がありません"
	case game.DeclareNotInCamp:
		return "玉が敵陣にいません"
	case game.DeclareInCheck:
		return "王手されています"
	case game.DeclareFewPieces:
		return fmt.Sprintf("敵陣の駒が玉のほかに%d枚です (%d枚必要)", de.Have, de.Need)
	}
	return fmt.Sprintf("%d点です (%d点必要)", de.Have, de.Need)
}
