package game

import "fmt"

// Square is one of the 81 squares, or NoSquare. Squares are stored rank by
// rank from White's side, files 9 to 1 within a rank — the order SFEN and
// board diagrams use — so index 0 is 9a and index 80 is 1i.
type Square int8

// NoSquare marks "no square" (the origin of a drop, an unknown previous move).
const NoSquare Square = -1

// NumSquares is the number of squares on the board.
const NumSquares = 81

// NewSquare returns the square at file 1–9 and rank 1–9, or NoSquare.
func NewSquare(file, rank int) Square {
	if file < 1 || file > 9 || rank < 1 || rank > 9 {
		return NoSquare
	}
	return Square((rank-1)*9 + 9 - file)
}

// File returns 1–9 (1 is Black's right-hand edge).
func (s Square) File() int { return 9 - int(s)%9 }

// Rank returns 1–9 (1 is White's back rank).
func (s Square) Rank() int { return int(s)/9 + 1 }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s >= 0 && s < NumSquares }

// String names the square as USI does: file digit, rank letter ("7g").
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return string([]byte{byte('0' + s.File()), byte('a' + s.Rank() - 1)})
}

// ParseSquare reads "7g" or "77".
func ParseSquare(text string) (Square, error) {
	if len(text) != 2 || text[0] < '1' || text[0] > '9' {
		return NoSquare, fmt.Errorf("bad square %q", text)
	}
	f := int(text[0] - '0')
	switch r := text[1]; {
	case r >= 'a' && r <= 'i':
		return NewSquare(f, int(r-'a')+1), nil
	case r >= '1' && r <= '9':
		return NewSquare(f, int(r-'0')), nil
	}
	return NoSquare, fmt.Errorf("bad square %q", text)
}

// relRank returns the rank 1–9 as seen by c (1 is the far rank).
func relRank(c Color, s Square) int {
	if c == Black {
		return s.Rank()
	}
	return 10 - s.Rank()
}

// InZone reports whether s is in c's promotion zone (the far three ranks).
func InZone(c Color, s Square) bool { return relRank(c, s) <= 3 }
