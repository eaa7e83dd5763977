package bot

import "shogi/game"

// moveStats is what the search learns about moves as it goes, for
// ordering them and for deciding how much to reduce them. It outlives a
// search (an Engine keeps one between the moves of a game).
//
//   - history: how often a quiet move (a piece, or a drop of it, to a
//     square) caused a cut-off, less how often it was tried in vain;
//   - counter: the quiet move that last refuted each previous move;
//   - cont: continuation history, the same count for a quiet move given
//     the move one or two plies before it (a reply, a follow-up), with
//     both moves seen from their mover's side so that Black's and White's
//     experience is shared.
type moveStats struct {
	history [2 * game.NumPieces][game.NumSquares]int32
	counter [2 * game.NumPieces][game.NumSquares]game.Move
	cont    [contSize + 1]contRow // the last row stands for no move (a null move, the root)
}

// contRow is continuation history for the moves after one move.
type contRow [contSize]int16

// contSize counts the (piece kind or drop, destination) pairs: 14 kinds
// moving, 7 dropped, each to 81 squares.
const contSize = 21 * game.NumSquares

const noContRow = contSize

// contIndex is m's slot in a continuation row, seen from its mover's side.
func contIndex(m game.Move) int {
	t := int(m.Piece().Type()) - 1
	if m.IsDrop() {
		t += 14
	}
	to := int(m.To())
	if m.Piece().Color() == game.White {
		to = game.NumSquares - 1 - to
	}
	return t*game.NumSquares + to
}

// statBonus is the reward for a move that cut off at depth.
func statBonus(depth int) int32 { return int32(min(depth*depth*16, 1600)) }

// gravity moves h by b, less the further h already is in b's direction,
// so that it stays within ±16384.
func gravity32(h *int32, b int32) { *h += b - *h*abs32(b)/16384 }
func gravity16(h *int16, b int32) { *h += int16(b - int32(*h)*abs32(b)/16384) }
