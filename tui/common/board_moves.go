package common

import "shogi/game"

// BoardMoves are the legal moves of the piece on from to to: with and
// without promotion, each game.NoMove when the rules do not allow it. A
// screen asks about promotion when both are there.
func BoardMoves(pos *game.Position, from, to game.Square) (with, without game.Move) {
	with, without = game.NoMove, game.NoMove
	for _, mv := range pos.LegalMoves(nil) {
		if mv.IsDrop() || mv.From() != from || mv.To() != to {
			continue
		}
		if mv.IsPromotion() {
			with = mv
		} else {
			without = mv
		}
	}
	return with, without
}
