package game

import (
	"fmt"
	"strings"
)

// Move is a board move or a drop, packed into 32 bits. It carries the piece
// that moves and the piece it captures, so record writers and notation
// never need to look at the board again.
//
//	bits 0–6   destination square
//	bits 7–13  origin square (board moves)
//	bit  14    promotes
//	bit  15    drop
//	bits 16–20 moving Piece (for a drop: the dropped piece, unpromoted)
//	bits 21–25 captured Piece, or NoPiece
type Move uint32

// moveBits is how many low bits a Move uses; a value with any bit above
// them set is not a move.
const moveBits = 26

// fromMask covers the origin's bits, which a drop leaves at zero.
const fromMask Move = 0x7f << 7

// NoMove is the zero Move: "no move", as for the previous move at the start.
const NoMove Move = 0

const (
	movePromote = 1 << 14
	moveDrop    = 1 << 15
)

// NewBoardMove builds a board move; prefer Position.NewMove, which fills in
// the moving and captured pieces from the board.
func NewBoardMove(from, to Square, piece, captured Piece, promote bool) Move {
	m := Move(to) | Move(from)<<7 | Move(piece)<<16 | Move(captured)<<21
	if promote {
		m |= movePromote
	}
	return m
}

// NewDrop builds a drop of piece (colour included) on to.
func NewDrop(piece Piece, to Square) Move {
	return Move(to) | moveDrop | Move(piece)<<16
}

// To returns the destination.
func (m Move) To() Square { return Square(m & 0x7f) }

// From returns the origin, or NoSquare for a drop.
func (m Move) From() Square {
	if m.IsDrop() {
		return NoSquare
	}
	return Square(m >> 7 & 0x7f)
}

// IsDrop reports whether m puts a piece from the hand on the board.
func (m Move) IsDrop() bool { return m&moveDrop != 0 }

// IsPromotion reports whether the moving piece promotes.
func (m Move) IsPromotion() bool { return m&movePromote != 0 }

// Piece returns the piece that moves (before any promotion).
func (m Move) Piece() Piece { return Piece(m >> 16 & 0x1f) }

// Captured returns the piece taken, or NoPiece.
func (m Move) Captured() Piece { return Piece(m >> 21 & 0x1f) }

// Color returns the side making the move.
func (m Move) Color() Color { return m.Piece().Color() }

// PieceAfter returns the piece as it stands on the destination.
func (m Move) PieceAfter() Piece {
	p := m.Piece()
	if m.IsPromotion() {
		return NewPiece(p.Color(), p.Type().Promote())
	}
	return p
}

// key drops the captured piece, so moves built from text and from the
// generator compare equal whatever the capture field says.
func (m Move) key() Move { return m &^ (0x1f << 21) }

// SameAs reports whether m and o are the same move.
func (m Move) SameAs(o Move) bool { return m.key() == o.key() }

// USI returns the move in USI: "7g7f", "8h2b+", "P*5e".
func (m Move) USI() string {
	if m == NoMove {
		return "none"
	}
	if m.IsDrop() {
		return m.Piece().Type().SFEN() + "*" + m.To().String()
	}
	from, to := m.From(), m.To()
	b := []byte{byte('0' + from.File()), byte('a' + from.Rank() - 1), byte('0' + to.File()), byte('a' + to.Rank() - 1), '+'}
	if !m.IsPromotion() {
		b = b[:4]
	}
	return string(b)
}

func (m Move) String() string { return m.USI() }

// ParseUSI reads a USI move against p and returns the full move (with the
// moving and captured pieces). It checks the form and that the origin holds
// a piece of the side to move, not legality: use Position.IsLegal or
// Position.CheckMove for that.
func (p *Position) ParseUSI(text string) (Move, error) {
	t := strings.TrimSpace(text)
	if len(t) == 4 && t[1] == '*' {
		var pt PieceType
		for _, h := range HandTypes {
			if h.SFEN() == strings.ToUpper(t[:1]) {
				pt = h
			}
		}
		if pt == NoPieceType {
			return NoMove, fmt.Errorf("usi %q: %q cannot be dropped", text, t[:1])
		}
		to, err := ParseSquare(t[2:])
		if err != nil {
			return NoMove, fmt.Errorf("usi %q: %v", text, err)
		}
		return NewDrop(NewPiece(p.side, pt), to), nil
	}
	if len(t) != 4 && !(len(t) == 5 && t[4] == '+') {
		return NoMove, fmt.Errorf("usi %q: not a move", text)
	}
	from, err1 := ParseSquare(t[:2])
	to, err2 := ParseSquare(t[2:4])
	if err1 != nil || err2 != nil || t[1] < 'a' || t[3] < 'a' {
		return NoMove, fmt.Errorf("usi %q: not a move", text)
	}
	pc := p.board[from]
	if pc == NoPiece {
		return NoMove, fmt.Errorf("usi %q: no piece on %s", text, from)
	}
	if pc.Color() != p.side {
		return NoMove, fmt.Errorf("usi %q: the piece on %s is not %s's", text, from, p.side)
	}
	return NewBoardMove(from, to, pc, p.board[to], len(t) == 5), nil
}
