package play

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/notation"
	"shogi/tui/components"
)

// A premove (lishogi's) is a move the person picks or types while the
// other side thinks: it is kept, shown on the board, and played the
// moment it is their turn if it is legal then; esc cancels it. Picked
// with the cursor it may be any move the piece makes on an empty board
// (a recapture on a square one's own piece stands on now); typed, it must
// read in the position as it is, as if it were the person's turn.

// premoving reports whether a move made now would be a premove: the
// game is on and it is the other side's turn, the person here playing
// the side that moves next.
func (m *Model) premoving() bool {
	if m.ctl == nil || m.starting || m.Over() || m.Paused() || m.Review >= 0 {
		return false
	}
	side := m.sideToMove()
	return !m.mine[side] && m.mine[side.Other()]
}

// moverSide is the side whose pieces the keys pick: the side to move, or
// the person's while premoving.
func (m *Model) moverSide() game.Color {
	if m.premoving() {
		return m.sideToMove().Other()
	}
	return m.sideToMove()
}

// premovePosition is the position a premove is read in: the position
// now, the person's side to move.
func (m *Model) premovePosition() game.Position {
	pos := m.Game.Position()
	pos.SetSideToMove(pos.SideToMove().Other())
	return pos
}

// reach is every move the piece on from (or, from NoSquare, a piece of
// kind drop in hand) could make on an empty board: where a premove may
// go.
func reach(pc game.Piece, from game.Square, drop game.PieceType) []game.Move {
	p := game.EmptyPosition()
	p.SetSideToMove(pc.Color())
	if from == game.NoSquare {
		p.SetHand(pc.Color(), drop, 1)
	} else {
		p.Put(from, pc)
	}
	var out []game.Move
	for _, mv := range p.LegalMoves(nil) {
		if (from == game.NoSquare) == mv.IsDrop() && (from == game.NoSquare || mv.From() == from) {
			out = append(out, mv)
		}
	}
	return out
}

// premoveSquare is enter (or a click) on sq while premoving: pick one of
// the person's pieces, or set the premove to sq.
func (m Model) premoveSquare(sq game.Square) (Model, tea.Cmd) {
	w := m.c.Words
	pos := m.Game.Position()
	side := m.moverSide()
	var moves []game.Move
	switch {
	case m.Drop != game.NoPieceType:
		moves = reach(game.NewPiece(side, m.Drop), game.NoSquare, m.Drop)
	case m.Selected == sq:
		m.ClearPick()
		return m, nil
	case m.Selected != game.NoSquare && m.Targets[sq]:
		moves = reach(pos.At(m.Selected), m.Selected, game.NoPieceType)
	default:
		pc := pos.At(sq)
		if pc == game.NoPiece || pc.Color() != side {
			m.SetError(fmt.Sprintf(w.PickOwn, w.SideName(side)))
			return m, nil
		}
		m.ClearPick()
		m.Selected = sq
		for _, mv := range reach(pc, sq, game.NoPieceType) {
			m.Targets[mv.To()] = true
		}
		return m, nil
	}
	var with, without game.Move
	for _, mv := range moves {
		if mv.To() != sq {
			continue
		}
		if mv.IsPromotion() {
			with = mv
		} else {
			without = mv
		}
	}
	switch {
	case with != game.NoMove && without != game.NoMove:
		m.Pending = [2]game.Move{with, without}
		m.State = StatePromote
		return m, nil
	case with != game.NoMove:
		m.setPremove(with)
	case without != game.NoMove:
		m.setPremove(without)
	default:
		m.SetError(fmt.Sprintf(w.NoLegal, components.SquareName(sq, m.c.Pieces)))
	}
	return m, nil
}

// setPremove keeps mv to be played when the person's turn comes.
func (m *Model) setPremove(mv game.Move) {
	m.ClearPick()
	m.closeInput()
	m.premove = mv
	m.SetInfo(fmt.Sprintf(m.c.Gw().PremoveSet, m.premoveText()))
}

// cancelPremove drops the premove, saying so.
func (m *Model) cancelPremove() {
	m.premove = game.NoMove
	m.SetInfo(m.c.Gw().PremoveCancelled)
}

// premoveText is the premove in the move list's notation.
func (m *Model) premoveText() string {
	pos := m.premovePosition()
	return notation.Format(&pos, m.premove, m.c.Notation, m.lastMove())
}

// playPremove plays the premove, now that it is the person's turn, if it
// is legal; either way it is gone.
func (m Model) playPremove() (Model, tea.Cmd) {
	pm := m.premove
	m.premove = game.NoMove
	pos := m.Game.Position()
	for _, mv := range pos.LegalMoves(nil) {
		if mv.IsDrop() != pm.IsDrop() || mv.To() != pm.To() || mv.IsPromotion() != pm.IsPromotion() || mv.Piece() != pm.Piece() {
			continue
		}
		if mv.IsDrop() || mv.From() == pm.From() {
			// The notice that it waits goes: it no longer does.
			m.SetInfo(fmt.Sprintf(m.c.Gw().PremovePlayed, notation.Format(&pos, mv, m.c.Notation, m.lastMove())))
			return m.submitMove(mv)
		}
	}
	text := pm.USI()
	why := m.c.Gw().PremoveIllegal
	if err := pos.CheckMove(asPlayable(&pos, pm)); err != nil {
		why = m.explain(text, err)
	}
	m.SetError(fmt.Sprintf(m.c.Gw().PremoveGone, text, why))
	return m, nil
}

// asPlayable is a premove as a move of pos, for the rules to say why it
// cannot be played there.
func asPlayable(pos *game.Position, pm game.Move) game.Move {
	if pm.IsDrop() {
		return game.NewDrop(pm.Piece(), pm.To())
	}
	return pos.NewMove(pm.From(), pm.To(), pm.IsPromotion())
}

// submitMove hands a move to the game for the side to move.
func (m Model) submitMove(mv game.Move) (Model, tea.Cmd) {
	pos := m.Game.Position()
	if err := m.ctl.SubmitMove(pos.SideToMove(), mv); err != nil {
		m.SetError(m.explain(mv.USI(), err))
		return m, nil
	}
	m.refresh()
	return m, nil
}
