package book

import (
	"shogi/game"
	"shogi/game/notation"
)

// Row is a book move as a list of them shows it: the move and its reply
// written in a notation, and the figures beside them.
type Row struct {
	Move
	Text  string // the move in the notation asked for
	Reply string // the reply expected, in the same notation; "" for none
	// Share is the move's part of the position's count (0 to 1), when
	// the book counts (HasShare).
	Share    float64
	HasShare bool
	// WinRate is the mover's expected share of points (Move.WinRate),
	// when the book gives results or a score (HasWinRate).
	WinRate    float64
	HasWinRate bool
}

// Rows returns e's moves as rows for the position p they were found for
// (so a move found turned round is written for p), in style; prev is the
// move that led to p (game.NoMove if none), so 同 comes out right.
func (e *Entry) Rows(p *game.Position, style notation.Style, prev game.Move) []Row {
	total := e.Count()
	rows := make([]Row, len(e.Moves))
	for i, m := range e.Moves {
		r := Row{Move: m, Text: notation.Format(p, m.Move, style, prev)}
		if m.Ponder != game.NoMove {
			after := p.Play(m.Move)
			r.Reply = notation.Format(&after, m.Ponder, style, m.Move)
		}
		if m.HasCount && total > 0 {
			r.Share, r.HasShare = float64(m.Count)/float64(total), true
		}
		r.WinRate, r.HasWinRate = m.WinRate()
		rows[i] = r
	}
	return rows
}
