package editor

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/kifu/edit"
)

// click: on a square, the palette's piece is put there (the same piece
// again turns it over; the eraser empties it), or without one the cursor
// goes there; the right button empties it. On a hand or a hand's row of
// the palette, the left button adds one of the kind and the right takes
// one away. The palette's pieces and buttons do what they say.
func (m *Model) click(mo tea.Mouse) {
	right := mo.Button == tea.MouseRight
	if mo.Button != tea.MouseLeft && !right {
		return
	}
	l := m.layout()
	if l.Board.Contains(mo.X, mo.Y) {
		sq := l.Geom.SquareAt(mo.X-l.Board.X, mo.Y-l.Board.Y, false)
		if sq == game.NoSquare {
			return
		}
		m.cursor, m.focus = sq, onBoard
		switch pos := m.b.Position(); {
		case right || m.erase:
			m.b.Clear(sq)
		case m.brush == game.NoPiece:
		case pos.At(sq) == m.brush || pos.At(sq) != game.NoPiece && pos.At(sq) == game.NewPiece(m.brush.Color(), m.brush.Type().Promote()):
			m.refuse(m.b.Promote(sq))
		default:
			m.refuse(m.b.Place(sq, m.brush))
		}
		return
	}
	for _, col := range []game.Color{game.White, game.Black} {
		r := l.Hands[handPlace(col)]
		if !r.Contains(mo.X, mo.Y) {
			continue
		}
		pos := m.b.Position()
		_, spans := m.hand(&pos, col, l)
		for _, s := range spans {
			if mo.Y-r.Y == s.Row && mo.X-r.X >= s.Start && mo.X-r.X < s.End {
				m.handClick(col, s.T, right)
				return
			}
		}
		return
	}
	if !l.Side.Contains(mo.X, mo.Y) {
		return
	}
	rows := m.sideRows(l.Side.W, l.Side.H)
	y := mo.Y - l.Side.Y
	if y >= len(rows) {
		return
	}
	for _, h := range rows[y].hits {
		if mo.X-l.Side.X >= h.x0 && mo.X-l.Side.X < h.x1 {
			m.act(h.act, right)
			return
		}
	}
}

func (m *Model) handClick(col game.Color, t game.PieceType, right bool) {
	m.focus, m.kind = focusOf(col), t
	if right {
		m.refuse(m.b.TakeFromHand(col, t))
	} else {
		m.refuse(m.b.AddToHand(col, t))
	}
}

// act does what a clicked part of the side column says.
func (m *Model) act(a action, right bool) {
	ew := m.words()
	switch a.kind {
	case actPiece:
		if m.brush == a.piece {
			m.brush = game.NoPiece
		} else {
			m.brush, m.erase = a.piece, false
		}
	case actErase:
		m.erase, m.brush = !m.erase, game.NoPiece
	case actHand:
		m.handClick(a.side, a.t, right)
	case actPreset:
		ps := edit.Presets()
		if a.n < len(ps) {
			m.preset = a.n
			m.b.Load(ps[a.n].Position())
			m.state = editing
			m.status = fmt.Sprintf(ew.Loaded, m.presetName(ps[a.n]))
		}
	case actButton:
		m.button(a.n)
	}
}

// button does what an action button (or its key) says.
func (m *Model) button(n int) {
	ew := m.words()
	switch n {
	case btnTurn:
		pos := m.b.Position()
		m.b.SetSideToMove(pos.SideToMove().Other())
		m.status = fmt.Sprintf(ew.Turn, m.c.Side(pos.SideToMove().Other()))
	case btnFlip:
		m.b.Flip()
		m.status = ew.Flipped
	case btnUndo:
		m.undo(false)
	case btnRedo:
		m.undo(true)
	case btnRest:
		n := m.b.RestToHand(game.White)
		m.status = fmt.Sprintf(ew.RestMoved, n, m.c.Words.SideName(game.White))
	case btnClear:
		m.b.Load(game.EmptyPosition())
		m.status = ew.Cleared
	case btnPresets:
		m.state = presets
	case btnDone:
		m.state = choosing
	}
}
