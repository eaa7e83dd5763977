package book

import "shogi/game"

// Flip returns p turned round: each piece on the square opposite, in the
// other colour, the hands swapped and the other side to move (the move
// number kept). A book that lists a position for one side serves the
// mirror position for the other (YaneuraOu's FlippedBook).
func Flip(p *game.Position) game.Position {
	f := game.EmptyPosition()
	for s := game.Square(0); s < game.NumSquares; s++ {
		if pc := p.At(s); pc != game.NoPiece {
			f.Put(flipSquare(s), flipPiece(pc))
		}
	}
	for _, t := range game.HandTypes {
		f.SetHand(game.Black, t, p.Hand(game.White, t))
		f.SetHand(game.White, t, p.Hand(game.Black, t))
	}
	f.SetSideToMove(p.SideToMove().Other())
	f.SetMoveNumber(p.MoveNumber())
	return f
}

// FlipMove returns m as it is played in the position turned round.
func FlipMove(m game.Move) game.Move {
	switch {
	case m == game.NoMove:
		return m
	case m.IsDrop():
		return game.NewDrop(flipPiece(m.Piece()), flipSquare(m.To()))
	}
	return game.NewBoardMove(flipSquare(m.From()), flipSquare(m.To()), flipPiece(m.Piece()), flipPiece(m.Captured()), m.IsPromotion())
}

func flipSquare(s game.Square) game.Square { return game.NumSquares - 1 - s }

func flipPiece(pc game.Piece) game.Piece {
	if pc == game.NoPiece {
		return pc
	}
	return game.NewPiece(pc.Color().Other(), pc.Type())
}
