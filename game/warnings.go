package game

import "fmt"

// WarningKind is what makes a position one that cannot arise in play.
type WarningKind uint8

// The warnings Position.Warnings gives.
const (
	NoKing       WarningKind = iota // Side has no king
	DeadPiece                       // Piece on Square can never move
	TooMany                         // Count pieces of Type, but a set has Limit
	Nifu                            // Side has Count unpromoted pawns on File
	WrongInCheck                    // Side, not to move, is in check
)

// Warning is one thing odd about a position, with its figures: a value a
// screen turns into its own words (String gives English).
type Warning struct {
	Kind   WarningKind
	Side   Color     // NoKing, Nifu, WrongInCheck
	Piece  Piece     // DeadPiece
	Square Square    // DeadPiece
	Type   PieceType // TooMany
	Count  int       // TooMany, Nifu
	Limit  int       // TooMany: how many a set has
	File   int       // Nifu: 1 to 9
}

// String says the warning in English.
func (w Warning) String() string {
	switch w.Kind {
	case NoKing:
		return fmt.Sprintf("%s has no king", w.Side)
	case DeadPiece:
		return fmt.Sprintf("the %s on %s can never move", w.Piece, w.Square)
	case TooMany:
		return fmt.Sprintf("%d %ss, but a set has %d", w.Count, w.Type, w.Limit)
	case Nifu:
		return fmt.Sprintf("%s has %d unpromoted pawns on file %d (nifu)", w.Side, w.Count, w.File)
	case WrongInCheck:
		return fmt.Sprintf("%s is in check but it is %s's turn", w.Side, w.Side.Other())
	}
	return fmt.Sprintf("warning %d", w.Kind)
}

// setCounts is how many of each kind a set has (promoted pieces count as
// their base kind).
var setCounts = [NumPieceTypes]int{Pawn: 18, Lance: 4, Knight: 4, Silver: 4, Bishop: 2, Rook: 2, Gold: 4, King: 2}

// SetCount is how many pieces of kind t (unpromoted) a set has.
func SetCount(t PieceType) int { return setCounts[t.Unpromote()] }

// Warnings lists what makes p a position that cannot arise in play: a
// missing king, more pieces than the set has, pieces that can never move,
// two unpromoted pawns of a side on a file, the side not to move in check.
// Such positions are still positions (tsume problems have one king); they
// are refused only where a user sets one up by hand.
func (p *Position) Warnings() []Warning {
	var w []Warning
	for _, c := range [2]Color{Black, White} {
		if p.king[c] == NoSquare {
			w = append(w, Warning{Kind: NoKing, Side: c})
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
			w = append(w, Warning{Kind: DeadPiece, Piece: pc, Square: s, Side: pc.Color()})
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
				w = append(w, Warning{Kind: Nifu, Side: Color(c), Count: n, File: 9 - col})
			}
		}
	}
	if p.kingAttacked(p.side.Other()) {
		w = append(w, Warning{Kind: WrongInCheck, Side: p.side.Other()})
	}
	return w
}
