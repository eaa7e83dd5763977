package play

import (
	"errors"
	"fmt"

	"shogi/app/words"
	"shogi/tui/common"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/match"
)

// promoteKey answers 成る?: y (or enter) promotes, n does not, esc puts
// the piece back.
func (m Model) promoteKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	// The entry's question, answered by the entry's keys: the play screen
	// keeps the question in its State (Promoting is only the entry's).
	m.Promoting = true
	ch := m.Entry.PromoteKey(m.c, msg)
	if m.Promoting {
		m.Promoting = false
		return m, nil // not an answer: still asking
	}
	m.State = StateMove
	if ch.Move == game.NoMove {
		return m, nil // cancelled: the pick is cleared
	}
	return m.playMove(ch.Move) // a premove, while premoving
}

// ask puts a yes/no question.
func (m *Model) ask(a confirmAction) {
	if a != confirmLeave && m.Over() {
		m.SetError(m.c.Words.GameOver)
		return
	}
	if _, ok := m.humanSide(); a != confirmLeave && a != confirmPaste && !ok {
		m.SetError(m.c.Words.NoHuman)
		return
	}
	if a == confirmImpasse && m.onServer() {
		// A server takes no offers: say so before asking anything.
		m.SetError(m.refusal(match.ErrRefereed, m.c.Words.ServerNoDraw))
		return
	}
	if a == confirmImpasse && !(m.IsHuman(game.Black) && m.IsHuman(game.White)) && m.Setup.Table == nil {
		// A program cannot agree: the rule's conditions must hold.
		pos := m.Game.Position()
		if err := pos.CanClaimImpasse(); err != nil {
			m.SetError(ImpasseReason(m.c.Words, err))
			return
		}
	}
	m.ClearPick()
	m.State, m.confirm, m.sure = StateConfirm, a, false
}

// humanSide is the colour a resignation or a draw offer is for: the
// side to move if the person here plays it, else the other side if they
// do; ok is false when they play neither.
func (m *Model) humanSide() (c game.Color, ok bool) {
	side := m.sideToMove()
	if m.mine[side] {
		return side, true
	}
	if m.mine[side.Other()] {
		return side.Other(), true
	}
	return side, false
}

func (m *Model) askDeclare() {
	if why := m.cannotMove(); why != "" {
		m.SetError(why)
		return
	}
	pos := m.Game.Position()
	if err := pos.CanDeclare(); err != nil {
		m.SetError(fmt.Sprintf(m.c.Words.CannotDeclare, DeclareReason(m.c.Words, err)))
		return
	}
	m.ask(confirmDeclare)
}

func (m Model) confirmKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	k := m.c.Keys
	if m.confirm == confirmResign || m.confirm == confirmImpasse {
		// Ending the game takes y and then enter, so a stray word typed
		// into the board (x… y…) never resigns; any other key keeps playing.
		switch {
		case !m.sure && common.KeyIs(msg, k.Yes):
			m.sure = true
			return m, nil
		case m.sure && common.IsEnter(msg):
			m.sure = false
		default:
			m.State, m.sure = StateMove, false
			m.SetInfo(m.c.Words.KeptPlaying)
			return m, nil
		}
	} else {
		switch {
		case common.KeyIs(msg, k.Yes):
		case common.KeyIs(msg, k.No), common.KeyIs(msg, k.Cancel):
			m.State = StateMove
			return m, nil
		default:
			return m, nil
		}
	}
	m.State = StateMove
	switch m.confirm {
	case confirmLeave:
		return m, m.stopSession(common.ToMenuMsg{})
	case confirmPaste:
		s := common.Setup{Players: m.Setup.Players, Names: m.Setup.Names, Time: m.Setup.Time, Start: m.pasted}
		return m, m.stopSession(common.StartMsg{Setup: s})
	case confirmResign:
		c, _ := m.humanSide()
		m.submitAnswer(c, false)
	case confirmDeclare:
		m.submitAnswer(m.sideToMove(), true)
	case confirmImpasse:
		if m.ctl == nil {
			m.SetError(m.startErr)
			return m, nil
		}
		if m.Setup.Table != nil {
			// At a table an impasse is agreed: a draw is offered.
			m.offerDraw()
			return m, nil
		}
		if err := m.ctl.Impasse(); err != nil {
			m.SetError(ImpasseReason(m.c.Words, err))
			if errors.Is(err, match.ErrRefereed) {
				m.SetError(m.refusal(err, m.c.Words.ServerNoDraw))
			}
		}
		m.refresh()
	}
	return m, nil
}

// offerDraw offers a draw for the person's side, or accepts the other
// side's standing offer.
func (m *Model) offerDraw() {
	c, ok := m.humanSide()
	if !ok {
		m.SetError(m.c.Rw().Watching)
		return
	}
	accept := m.Snap.Offered && m.Snap.Offer != c
	if err := m.ctl.OfferDraw(c); err != nil {
		m.SetError(m.refusal(err, m.c.Words.ServerNoDraw))
		return
	}
	m.refresh()
	if !accept {
		m.SetInfo(fmt.Sprintf(m.c.Rw().DrawOffered, m.name(c.Other())))
	}
}

// drawEvent says what became of a draw offer.
func (m *Model) drawEvent(ev match.DrawEvent) {
	w := m.c.Rw()
	mine := m.mine[ev.Side]
	m.drawNote = true
	switch {
	case ev.Offered && !mine && m.mine != [2]bool{}:
		pos := m.Game.Position()
		m.SetInfo(fmt.Sprintf(w.DrawFrom, m.name(ev.Side), pos.Points(game.Black), pos.Points(game.White)))
	case ev.Offered && !mine:
		m.SetInfo(fmt.Sprintf(w.DrawBy, m.name(ev.Side)))
	case !ev.Offered:
		m.SetInfo(fmt.Sprintf(w.DrawLapsed, m.name(ev.Side)))
	}
}

// submitAnswer hands a resignation, or a declaration (declare), to the
// match.
func (m *Model) submitAnswer(c game.Color, declare bool) {
	if m.ctl == nil {
		m.SetError(m.startErr)
		return
	}
	if declare {
		if err := m.ctl.Declare(c); err != nil {
			m.SetError(fmt.Sprintf(m.c.Words.CannotDeclare, DeclareReason(m.c.Words, err)))
			return
		}
	} else if err := m.ctl.Resign(c); err != nil {
		m.SetError(err.Error())
		return
	}
	m.answered = true
	m.refresh()
}

// undo takes back the last move; against a bot or an engine, also its
// reply, so that it is the person's turn again, with both clocks as they
// were. A game that ended by a move (mate, a repetition) can be taken
// back into play: a new match continues it. One ended by a decision
// (resignation, impasse, declaration, time, a fault) cannot.
func (m *Model) undo() tea.Cmd {
	w := m.c.Words
	if !m.Undoable() {
		m.SetError(w.GameOver)
		return nil
	}
	if m.Game.Len() == 0 {
		m.SetError(w.NoUndo)
		return nil
	}
	if m.starting || m.ctl == nil && !m.Over() {
		m.SetError(m.cannotMove())
		return nil
	}
	n := m.UndoCount()
	if m.Setup.Table != nil {
		// A game run elsewhere: its Control says what it allows (a
		// table's seat and a server allow no taking back).
		if err := m.ctl.Undo(n); err != nil {
			m.SetError(m.refusal(err, m.c.Words.ServerNoUndo))
			return nil
		}
		m.refresh()
		return nil
	}
	if m.Over() {
		// The match has ended: continue the game in a new one, from the
		// position before, with the players that are still running. The
		// screen shows the moves kept until the new match says otherwise;
		// the old match's game is left as it ended.
		var prev *localGame
		if m.Sess != nil {
			prev = m.Sess.local
		}
		keep := m.Game.Len() - n
		s := match.Snapshot{Start: m.Snap.Start, Moves: append([]game.Move(nil), m.Game.Moves()[:keep]...), Opening: m.Snap.Opening}
		if k := keep - s.Opening; k >= 0 {
			s.Notes = append([]match.MoveNote(nil), m.Snap.Notes[:min(k, len(m.Snap.Notes))]...)
		} else {
			s.Opening, s.Notes = keep, nil
		}
		m.Snap, m.Game = s, GameOf(s)
		m.Sess, m.ctl = nil, nil
		m.afterMove()
		m.SetInfo(fmt.Sprintf(w.Undone, m.before+m.Game.Len()))
		return m.startSession(prev)
	}
	if err := m.ctl.Undo(n); err != nil {
		m.SetError(err.Error())
		return nil
	}
	m.refresh()
	return nil
}

// Undoable reports whether the game may be taken back: it is on, or it
// ended by a move (mate, a repetition), or by a program's failure (a
// crash, a hang, an illegal move: taking back starts it afresh); not one
// a player decided (resignation, impasse, declaration) or the clock did.
func (m *Model) Undoable() bool {
	r := m.Game.Result()
	if !r.Over() {
		return true
	}
	switch r.Ending {
	case game.Checkmate, game.NoLegalMoves, game.Repetition, game.PerpetualCheck:
		return true
	case game.IllegalMove:
		res := m.Result()
		switch {
		case res == nil:
		case res.Fault != nil:
			return !m.IsHuman(res.Faulty)
		case res.Illegal != "":
			w, ok := r.Winner()
			return ok && !m.IsHuman(w.Other())
		}
	}
	return false
}

// UndoCount is how many moves undo takes back: one, and against a
// program as many more as it takes to reach a person's turn.
func (m *Model) UndoCount() int {
	n := 1
	if m.noHuman() {
		return n
	}
	for n < m.Game.Len() {
		p := m.Game.PositionAt(m.Game.Len() - n)
		if m.IsHuman(p.SideToMove()) {
			break
		}
		n++
	}
	return n
}

// togglePause pauses or resumes the game: no clock runs and no program
// thinks while it is paused.
func (m *Model) togglePause() {
	if m.ctl == nil || m.Over() {
		m.SetError(m.c.Words.GameOver)
		return
	}
	var err error
	if m.Paused() {
		err = m.ctl.Resume()
	} else {
		err = m.ctl.Pause()
	}
	if err != nil {
		m.SetError(m.refusal(err, m.c.Words.ServerNoPause))
		return
	}
	m.refresh()
}

// refusal says why the game refused a request, in the screen's words: a
// program's fault to settle first, what a spectator or a table's seat may
// not do, what the server of a refereed game does not allow (server: the
// words for this request), a game already over.
func (m *Model) refusal(err error, server string) string {
	switch {
	case errors.Is(err, match.ErrFaulted):
		return m.c.Gw().FaultFirst
	case errors.Is(err, match.ErrRefereed):
		return server
	case errors.Is(err, match.ErrNotAllowed):
		if m.mine == [2]bool{} {
			return m.c.Rw().Watching
		}
		return m.c.Rw().NotAtTable
	case errors.Is(err, match.ErrOver):
		return m.c.Words.GameOver
	}
	return err.Error()
}

// stepOne plays one move of a paused game.
func (m *Model) stepOne() {
	if m.ctl == nil || m.Over() {
		m.SetError(m.c.Words.GameOver)
		return
	}
	if !m.Paused() {
		m.SetError(m.c.Words.StepPaused)
		return
	}
	if err := m.ctl.Step(); err != nil {
		m.SetError(m.refusal(err, m.c.Words.ServerNoPause))
	}
}

// step moves the review one ply back or forward.
func (m *Model) step(forward bool) {
	n := m.Game.Len()
	if m.Review < 0 {
		if forward {
			return
		}
		m.Review = n
	}
	if forward {
		m.Review++
	} else if m.Review > 0 {
		m.Review--
	}
	if m.Review >= n {
		m.Review = -1
		return
	}
	m.ClearPick()
}

func (m *Model) CycleNotation() {
	m.c.Notation = m.c.CycleNotation(m.c.Notation, 1)
	m.refreshTexts()
	m.SetInfo(fmt.Sprintf(m.c.Words.ListStyle, m.c.Notation))
}

// ImpasseReason says why an impasse claim is refused, in the screen's
// language, from the refusal's cause.
func ImpasseReason(w *words.Words, err error) string {
	var ie *game.ImpasseError
	if !errors.As(err, &ie) {
		return err.Error()
	}
	return fmt.Sprintf(w.CannotImpasse, w.Impasse(ie))
}

// DeclareReason says which condition of the declaration is not met, in
// the screen's language, from the refusal's condition and figures.
func DeclareReason(w *words.Words, err error) string {
	var de *game.DeclarationError
	if !errors.As(err, &de) {
		return err.Error()
	}
	return w.Declaration(de)
}
