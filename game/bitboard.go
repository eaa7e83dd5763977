package game

import (
	"iter"
	"math/bits"
	"strings"
)

// SquareSet is a set of squares (a bitboard): a small value, comparable
// with ==, whose zero value is the empty set. Take squares out with Pop
// or All, both in ascending Square order.
//
// Square s is bit s of lo for s < 63 (ranks 1–7) and bit s-63 of hi
// otherwise (ranks 8 and 9), so a rank never straddles the two words.
// Bit 63 of lo is always zero.
type SquareSet struct{ lo, hi uint64 }

const (
	loSquares = 63
	loMask    = 1<<loSquares - 1
	hiMask    = 1<<(NumSquares-loSquares) - 1
)

// allSquares is the whole board.
var allSquares = SquareSet{loMask, hiMask}

// squareBit[s] is the set holding only s.
var squareBit [NumSquares]SquareSet

// SquareSetOf returns the set of the given squares (NoSquare is ignored).
func SquareSetOf(squares ...Square) SquareSet {
	var b SquareSet
	for _, s := range squares {
		if s.Valid() {
			b = b.or(squareBit[s])
		}
	}
	return b
}

// Has reports whether s is in the set.
func (b SquareSet) Has(s Square) bool {
	if !s.Valid() {
		return false
	}
	return !b.and(squareBit[s]).Empty()
}

// Count returns the number of squares in the set.
func (b SquareSet) Count() int { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }

// Empty reports whether the set has no square.
func (b SquareSet) Empty() bool { return b.lo|b.hi == 0 }

// Lowest returns the lowest square of the set (in Square order: rank 1
// first, file 9 first within a rank), or NoSquare if it is empty.
func (b SquareSet) Lowest() Square {
	if b.lo != 0 {
		return Square(bits.TrailingZeros64(b.lo))
	}
	if b.hi != 0 {
		return Square(bits.TrailingZeros64(b.hi) + loSquares)
	}
	return NoSquare
}

// Pop removes the lowest square of the set and returns it, or returns
// NoSquare if the set is empty.
func (b *SquareSet) Pop() Square {
	if b.lo != 0 {
		s := Square(bits.TrailingZeros64(b.lo))
		b.lo &= b.lo - 1
		return s
	}
	if b.hi != 0 {
		s := Square(bits.TrailingZeros64(b.hi) + loSquares)
		b.hi &= b.hi - 1
		return s
	}
	return NoSquare
}

// pop is Pop for a set known not to be empty.
func (b *SquareSet) pop() Square {
	if b.lo != 0 {
		s := Square(bits.TrailingZeros64(b.lo))
		b.lo &= b.lo - 1
		return s
	}
	s := Square(bits.TrailingZeros64(b.hi) + loSquares)
	b.hi &= b.hi - 1
	return s
}

// All iterates over the squares of the set in ascending order.
func (b SquareSet) All() iter.Seq[Square] {
	return func(yield func(Square) bool) {
		for !b.Empty() {
			if !yield(b.pop()) {
				return
			}
		}
	}
}

// With returns the set with s added.
func (b SquareSet) With(s Square) SquareSet {
	if !s.Valid() {
		return b
	}
	return b.or(squareBit[s])
}

// Without returns the set with s removed.
func (b SquareSet) Without(s Square) SquareSet {
	if !s.Valid() {
		return b
	}
	return b.andNot(squareBit[s])
}

// And returns the squares in both sets.
func (b SquareSet) And(o SquareSet) SquareSet { return b.and(o) }

// Or returns the squares in either set.
func (b SquareSet) Or(o SquareSet) SquareSet { return b.or(o) }

// AndNot returns the squares of b that are not in o.
func (b SquareSet) AndNot(o SquareSet) SquareSet { return b.andNot(o) }

// Complement returns the squares of the board not in b.
func (b SquareSet) Complement() SquareSet { return allSquares.andNot(b) }

// String draws the set as a board seen from Black's side, file 9 on the
// left and rank 1 at the top: "*" for a square in the set, "." otherwise.
func (b SquareSet) String() string {
	var sb strings.Builder
	for s := Square(0); s < NumSquares; s++ {
		if b.Has(s) {
			sb.WriteByte('*')
		} else {
			sb.WriteByte('.')
		}
		if s%9 == 8 {
			if s != NumSquares-1 {
				sb.WriteByte('\n')
			}
		} else {
			sb.WriteByte(' ')
		}
	}
	return sb.String()
}

func (b SquareSet) and(o SquareSet) SquareSet    { return SquareSet{b.lo & o.lo, b.hi & o.hi} }
func (b SquareSet) or(o SquareSet) SquareSet     { return SquareSet{b.lo | o.lo, b.hi | o.hi} }
func (b SquareSet) xor(o SquareSet) SquareSet    { return SquareSet{b.lo ^ o.lo, b.hi ^ o.hi} }
func (b SquareSet) andNot(o SquareSet) SquareSet { return SquareSet{b.lo &^ o.lo, b.hi &^ o.hi} }
func (b SquareSet) has(s Square) bool            { return b.and(squareBit[s]).any() }
func (b SquareSet) any() bool                    { return b.lo|b.hi != 0 }

// more reports whether the set has more than one square.
func (b SquareSet) more() bool {
	return b.lo&(b.lo-1) != 0 || b.hi&(b.hi-1) != 0 || b.lo != 0 && b.hi != 0
}

// up moves every square one rank toward rank 1 (Black's forward); squares
// on rank 1 fall off.
func (b SquareSet) up() SquareSet {
	return SquareSet{b.lo>>9 | b.hi<<(loSquares-9)&loMask, b.hi >> 9}
}

// down moves every square one rank toward rank 9 (White's forward).
func (b SquareSet) down() SquareSet {
	return SquareSet{b.lo << 9 & loMask, (b.hi<<9 | b.lo>>(loSquares-9)) & hiMask}
}

// forwardOf moves every square one rank forward for c.
func (b SquareSet) forwardOf(c Color) SquareSet {
	if c == Black {
		return b.up()
	}
	return b.down()
}

// files returns the set of whole files that hold at least one square of b.
func (b SquareSet) files() SquareSet {
	// Fold the seven ranks of lo and the two of hi onto one rank, then
	// copy that rank onto all nine.
	x := b.lo | b.lo>>27
	x |= x >> 18
	x |= x >> 9
	x = (x | b.hi | b.hi>>9) & 0x1ff
	lo := x * 0x0040201008040201 // x copied to ranks 1–7
	return SquareSet{lo & loMask, (x | x<<9) & hiMask}
}
