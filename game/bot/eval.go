package bot

import (
	"shogi/game"
	"shogi/game/bot/internal/eval"
)

// The evaluation is package eval's: learned weights over king-relative
// piece placement, hands, king danger, mobility and threats (see its
// documentation and docs/builtin-engine.md). What stays here are the values the search
// uses to weigh exchanges and order moves, in the same centipawns.

// evaluate returns the static score of p for the side to move.
func evaluate(p *game.Position) int { return eval.Default.Evaluate(p) }

// pieceValue is the value of a piece on the board, by type, for the static
// exchange and move ordering.
var pieceValue = [game.NumPieceTypes]int{
	game.Pawn: 60, game.Lance: 151, game.Knight: 218, game.Silver: 314, game.Gold: 383, game.Bishop: 354, game.Rook: 475, game.ProPawn: 370, game.ProLance: 322, game.ProKnight: 334, game.ProSilver: 300, game.Horse: 764, game.Dragon: 1078,
}

// handValue is the value of a piece in hand.
var handValue = [game.NumPieceTypes]int{
	game.Pawn: 66, game.Lance: 191, game.Knight: 234, game.Silver: 335, game.Gold: 390, game.Bishop: 520, game.Rook: 686,
}

// captureValue is what taking a piece of type t wins: it leaves the
// opponent's board and arrives in the taker's hand.
func captureValue(t game.PieceType) int { return pieceValue[t] + handValue[t.Unpromote()] }

// promoteGain is what promoting a piece of type t adds.
func promoteGain(t game.PieceType) int { return pieceValue[t.Promote()] - pieceValue[t] }

// distance[a][b] is the Chebyshev distance: king steps from a to b.
var distance [game.NumSquares][game.NumSquares]uint8

func init() {
	for a := range distance {
		for b := range distance[a] {
			dr, dc := a/9-b/9, a%9-b%9
			distance[a][b] = uint8(max(dr, -dr, dc, -dc))
		}
	}
}

func chebyshev(a, b game.Square) int { return int(distance[a][b]) }
