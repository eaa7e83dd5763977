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
	if a == confirmImpasse && !(m.isHuman(game.Black) && m.isHuman(game.White)) && m.setup.table == nil {
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

// humanSide is the colour a resignation or a draw offer is for: the
// side to move if the person here plays it, else the other side if they
// do; ok is false when they play neither.
func (m *playModel) humanSide() (c game.Color, ok bool) {
	side := m.sideToMove()
	if m.mine[side] {
		return side, true
	}
	if m.mine[side.Other()] {
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
		c, _ := m.humanSide()
		m.submitAnswer(c, usi.BestMove{Resign: true})
	case confirmDeclare:
		m.submitAnswer(m.sideToMove(), usi.BestMove{Win: true})
	case confirmImpasse:
		if m.ctl == nil {
			m.setError(m.startErr)
			return m, nil
		}
		if m.setup.table != nil {
			// At a table an impasse is agreed: a draw is offered.
			m.offerDraw()
			return m, nil
		}
		if err := m.ctl.Impasse(); err != nil {
			m.setError(impasseReason(m.c.w, err))
		}
		m.refresh()
	}
	return m, nil
}

// offerDraw offers a draw for the person's side, or accepts the other
// side's standing offer.
func (m *playModel) offerDraw() {
	c, ok := m.humanSide()
	if !ok {
		m.setError(m.c.rw().watching)
		return
	}
	accept := m.snap.Offered && m.snap.Offer != c
	if err := m.ctl.OfferDraw(c); err != nil {
		m.setError(err.Error())
		return
	}
	m.refresh()
	if !accept {
		m.setInfo(fmt.Sprintf(m.c.rw().drawOffered, m.name(c.Other())))
	}
}

// drawEvent says what became of a draw offer.
func (m *playModel) drawEvent(ev match.DrawEvent) {
	w := m.c.rw()
	mine := m.mine[ev.Side]
	switch {
	case ev.Offered && !mine && m.mine != [2]bool{}:
		pos := m.g.Position()
		m.setInfo(fmt.Sprintf(w.drawFrom, m.name(ev.Side), pos.Points(game.Black), pos.Points(game.White)))
	case ev.Offered && !mine:
		m.setInfo(fmt.Sprintf(w.drawBy, m.name(ev.Side)))
	case !ev.Offered:
		m.setInfo(fmt.Sprintf(w.drawLapsed, m.name(ev.Side)))
	}
}

// submitAnswer hands a resignation or declaration to the match.
func (m *playModel) submitAnswer(c game.Color, b usi.BestMove) {
	if m.ctl == nil {
		m.setError(m.startErr)
		return
	}
	if err := m.ctl.Submit(c, b); err != nil {
		if b.Win {
			m.setError(fmt.Sprintf(m.c.w.cannotDeclare, declareReason(m.c.w, err)))
			return
		}
		m.setError(err.Error())
		return
	}
	m.refresh()
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
	if m.starting || m.ctl == nil && !m.over() {
		m.setError(m.cannotMove())
		return nil
	}
	if m.setup.table != nil {
		m.setError(m.c.rw().notAtTable)
		return nil
	}
	n := m.undoCount()
	if m.over() {
		// The match has ended: continue the game in a new one, from the
		// position before, with the players that are still running. The
		// screen shows the moves kept until the new match says otherwise;
		// the old match's game is left as it ended.
		reuse := [2]match.Player{}
		if m.sess != nil && m.sess.local != nil {
			reuse = m.sess.local.handOver()
		}
		keep := m.g.Len() - n
		s := match.Snapshot{Start: m.snap.Start, Moves: append([]game.Move(nil), m.g.Moves()[:keep]...), Opening: m.snap.Opening}
		if k := keep - s.Opening; k >= 0 {
			s.Notes = append([]match.MoveNote(nil), m.snap.Notes[:min(k, len(m.snap.Notes))]...)
		} else {
			s.Opening, s.Notes = keep, nil
		}
		m.snap, m.g = s, gameOf(s)
		m.sess, m.ctl = nil, nil
		m.afterMove()
		m.setInfo(fmt.Sprintf(w.undone, m.before+m.g.Len()))
		return m.startSession(reuse)
	}
	if err := m.ctl.Undo(n); err != nil {
		m.setError(err.Error())
		return nil
	}
	m.refresh()
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
		res := m.result()
		switch {
		case res == nil:
		case res.Fault != nil:
			return !m.isHuman(res.Faulty)
		case res.Illegal != "":
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
	if m.ctl == nil || m.over() {
		m.setError(m.c.w.gameOver)
		return
	}
	var err error
	if m.paused() {
		err = m.ctl.Resume()
	} else {
		err = m.ctl.Pause()
	}
	if err != nil {
		m.setError(m.refusal(err))
		return
	}
	m.refresh()
}

// refusal says why the game refused a request, in the screen's words.
func (m *playModel) refusal(err error) string {
	if errors.Is(err, match.ErrNotAllowed) {
		if m.mine == [2]bool{} {
			return m.c.rw().watching
		}
		return m.c.rw().notAtTable
	}
	return err.Error()
}

// stepOne plays one move of a paused game.
func (m *playModel) stepOne() {
	if m.ctl == nil || m.over() {
		m.setError(m.c.w.gameOver)
		return
	}
	if !m.paused() {
		m.setError(m.c.w.stepPaused)
		return
	}
	if err := m.ctl.Step(); err != nil {
		m.setError(m.refusal(err))
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
