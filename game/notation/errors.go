package notation

import (
	"fmt"
	"strings"

	"shogi/game"
)

// SyntaxError is text that no grammar reads as a move.
type SyntaxError struct {
	Text string
	// Pos is where reading stopped, counted in characters (runes) from the
	// start of Text.
	Pos int
	// Incomplete is true when the text ended while a move was still being
	// read: it is the start of a move, not a wrong one.
	Incomplete bool
	Msg        string
}

func (e *SyntaxError) Error() string {
	if e.Incomplete {
		return fmt.Sprintf("incomplete move %q: %s", e.Text, e.Msg)
	}
	r := []rune(e.Text)
	at := ""
	if e.Pos >= 0 && e.Pos < len(r) {
		at = fmt.Sprintf(" at %q", string(r[e.Pos:]))
	}
	return fmt.Sprintf("cannot read %q%s (character %d): %s", e.Text, at, e.Pos+1, e.Msg)
}

// AmbiguousError is text that fits more than one legal move. Candidates are
// the moves it fits; Texts are the same moves written in Style, so the
// message shows how to say each one.
type AmbiguousError struct {
	Text       string
	Style      Style
	Candidates []game.Move
	Texts      []string
}

func (e *AmbiguousError) Error() string {
	return "ambiguous: " + strings.Join(e.Texts, ", ")
}

// NoPieceError is text naming a piece that the side to move cannot bring to
// the square: none on the board reaches it, and none is in hand or (InHand)
// the one in hand cannot be dropped there, the square being taken.
type NoPieceError struct {
	Text   string
	Color  game.Color
	Piece  game.PieceType // NoPieceType when the text did not name one
	From   game.Square    // the origin the text gave, or NoSquare
	To     game.Square
	InHand bool // a piece of the kind is in hand, but To is occupied
}

func (e *NoPieceError) Error() string {
	name := "piece"
	if e.Piece != game.NoPieceType {
		name = e.Piece.String()
	}
	if e.From.Valid() {
		return fmt.Sprintf("%s has no %s on %s", e.Color, name, e.From)
	}
	if e.InHand {
		return fmt.Sprintf("no %s %s on the board can reach %s (the one in hand cannot be dropped on a piece)", e.Color, name, e.To)
	}
	if e.Piece.CanPromote() && !e.Piece.IsPromoted() || e.Piece == game.Gold {
		return fmt.Sprintf("no %s %s can reach %s, and none is in hand", e.Color, name, e.To)
	}
	return fmt.Sprintf("no %s %s can reach %s", e.Color, name, e.To)
}

// IllegalError is text that names exactly one move, which the rules forbid.
// It unwraps to the *game.IllegalMoveError naming the rule.
type IllegalError struct {
	Text string
	Err  *game.IllegalMoveError
}

func (e *IllegalError) Error() string {
	return "illegal: " + e.Err.Rule.String()
}

func (e *IllegalError) Unwrap() error { return e.Err }

// SameSquareError is 同 / Dou / 〃 with no previous move to refer to, or a
// text that names both 同 and a square that is not the previous one.
type SameSquareError struct {
	Text string
	Prev game.Move
}

func (e *SameSquareError) Error() string {
	if e.Prev == game.NoMove {
		return "\"same square\" (同, Dou, 〃) but there is no previous move"
	}
	return fmt.Sprintf("\"same square\" (同, Dou, 〃) but the previous move went to %s", e.Prev.To())
}
