package game

import "fmt"

// WarningKind names one way a position cannot arise in play.
type WarningKind uint8

const (
	NoKing        WarningKind = iota + 1 // Color has no king
	DeadPiece                            // Piece on Square can never move
	TooMany                              // Count pieces of Type (promoted ones counted as their base), the set has Limit
	Nifu                                 // Color has Count unpromoted pawns on File
	OpponentCheck                        // Color, the side not to move, is in check
)

// Warning is one thing odd about a position, as data: a kind and its
// figures. Which fields are set depends on the kind (see WarningKind).
type Warning struct {
	Kind   WarningKind
	Color  Color
	Square Square
	Piece  Piece
	Type   PieceType
	File   int
	Count  int
	Limit  int
}

// String renders the warning in English (the words Warnings returns).
func (w Warning) String() string {
	switch w.Kind {
	case NoKing:
		return fmt.Sprintf("%s has no king", w.Color)
	case DeadPiece:
		return fmt.Sprintf("the %s on %s can never move", w.Piece, w.Square)
	case TooMany:
		return fmt.Sprintf("%d %ss, but a set has %d", w.Count, w.Type, w.Limit)
	case Nifu:
		return fmt.Sprintf("%s has %d unpromoted pawns on file %d (nifu)", w.Color, w.Count, w.File)
	case OpponentCheck:
		return fmt.Sprintf("%s is in check but it is %s's turn", w.Color, w.Color.Other())
	}
	return fmt.Sprintf("warning(%d)", w.Kind)
}

// SetCount returns how many pieces of type t a set has (a promoted type
// counts as its base: 18 pawns, 4 golds, 2 kings …).
func SetCount(t PieceType) int { return setCounts[t.Unpromote()%NumPieceTypes] }

// Problems lists, as data, what makes p a position that cannot arise in
// play: a missing king, more pieces than the set has, pieces that can
// never move, two unpromoted pawns of a side on a file, the side not to
// move in check. Such positions are still positions (tsume problems have
// one king); they are refused only where a user sets one up by hand.
func (p *Position) Problems() []Warning {
	var w []Warning
	for _, c := range [2]Color{Black, White} {
		if p.king[c] == NoSquare {
			w = append(w, Warning{Kind: NoKing, Color: c})
		}
	}
	var count [NumPieceTypes]int
	var pawns [2][9]int
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		if pc == NoPiece {
			continue
		}
		t := pc.Type()
		count[t.Unpromote()]++
		if mustPromote(pc.Color(), t, s) {
			w = append(w, Warning{Kind: DeadPiece, Square: s, Piece: pc, Color: pc.Color(), Type: t})
		}
		if t == Pawn {
			pawns[pc.Color()][int(s)%9]++
		}
	}
	for c := range p.hand {
		for t := Pawn; t <= Gold; t++ {
			count[t] += int(p.hand[c][t])
		}
	}
	for t := Pawn; t <= King; t++ {
		if count[t] > setCounts[t] {
			w = append(w, Warning{Kind: TooMany, Type: t, Count: count[t], Limit: setCounts[t]})
		}
	}
	for c := range pawns {
		for col, n := range pawns[c] {
			if n > 1 {
				w = append(w, Warning{Kind: Nifu, Color: Color(c), File: 9 - col, Count: n, Type: Pawn})
			}
		}
	}
	if p.kingAttacked(p.side.Other()) {
		w = append(w, Warning{Kind: OpponentCheck, Color: p.side.Other()})
	}
	return w
}
