package tsume

import (
	"fmt"
	"strings"

	"shogi/game"
)

// Problem is a mate problem: a position with the attacker to move.
type Problem struct {
	ID    string
	Start game.Position // as Prepare leaves it: the defender holds the rest
	// Length is the mate's length in plies under tsume rules, Solution
	// its main line, Grade how sound it is; a problem read without them
	// (a composer's position) has 0, nil and NoGrade.
	Length   int
	Solution []game.Move
	Grade    Grade
}

// Attacker is the side that mates: the side to move at the start.
func (p *Problem) Attacker() game.Color { return p.Start.SideToMove() }

// Grade says how sound a problem is.
type Grade uint8

const (
	NoGrade Grade = iota
	// Standard: a mate in exactly its length against the longest
	// defence, every attacking move a check, the first move the only one
	// that mates in time, no piece left in the attacker's hand.
	Standard
	// Classic: Standard, and every attacking move of the solution is the
	// only one that mates in time (no 余詰 anywhere on the main line).
	Classic
)

var gradeNames = [...]string{"", "standard", "classic"}

func (g Grade) String() string { return gradeNames[g%3] }

// ParseGrade reads a grade's name.
func ParseGrade(s string) (Grade, bool) {
	for i, n := range gradeNames {
		if i > 0 && n == s {
			return Grade(i), true
		}
	}
	return NoGrade, false
}

// FaultKind is what makes a position no mate problem.
type FaultKind uint8

const (
	// EmptyDefender: the defender has no piece on the board at all.
	EmptyDefender FaultKind = iota + 1
	// NoKing: the defender has pieces but no king to mate.
	NoKing
	// TwoKings: a side has more than one king (Count of them).
	TwoKings
	// DefenderInCheck: the defender's king is in check with the attacker
	// to move: the attacker could take it.
	DefenderInCheck
	// AttackerInCheck: the attacker's own king is in check at the start.
	AttackerInCheck
	// TooMany: more pieces of kind Piece (Count) than a set has (Max).
	TooMany
	// DeadPiece: the piece on Square can never move.
	DeadPiece
	// DoublePawn: Side has two unpromoted pawns on File (nifu).
	DoublePawn
)

// PositionError says why a position is no mate problem.
type PositionError struct {
	Kind   FaultKind
	Side   game.Color // the side it concerns
	Piece  game.PieceType
	Square game.Square
	File   int
	Count  int
	Max    int
}

func (e *PositionError) Error() string {
	switch e.Kind {
	case EmptyDefender:
		return fmt.Sprintf("%s has no pieces on the board at all: there is no king to mate", e.Side)
	case NoKing:
		return fmt.Sprintf("%s has no king to mate", e.Side)
	case TwoKings:
		return fmt.Sprintf("%s has %d kings on the board; a side has one at most", e.Side, e.Count)
	case DefenderInCheck:
		return fmt.Sprintf("%s's king is in check with %s to move: it could be taken", e.Side, e.Side.Other())
	case AttackerInCheck:
		return fmt.Sprintf("%s, to move and mate, is in check", e.Side)
	case TooMany:
		return fmt.Sprintf("%d %ss, but a set has %d", e.Count, strings.ToLower(e.Piece.String()), e.Max)
	case DeadPiece:
		return fmt.Sprintf("the %s %s on %s can never move", e.Side, strings.ToLower(e.Piece.String()), e.Square)
	case DoublePawn:
		return fmt.Sprintf("%s has two unpromoted pawns on file %d (nifu)", e.Side, e.File)
	}
	return "not a mate problem"
}

// setCounts is how many of each kind a set holds, promoted pieces
// counted as their base kind.
var setCounts = [game.NumPieceTypes]int{game.Pawn: 18, game.Lance: 4, game.Knight: 4, game.Silver: 4,
	game.Bishop: 2, game.Rook: 2, game.Gold: 4, game.King: 2}

// Prepare checks that p is a mate problem for the side to move and
// returns it with the defender's hand set by tsume rules: every piece
// neither on the board nor in the attacker's hand, whatever p's hand
// said. The error is a *PositionError.
func Prepare(p game.Position) (game.Position, error) {
	att := p.SideToMove()
	def := att.Other()
	if p.OccupiedBy(def).Empty() {
		return p, &PositionError{Kind: EmptyDefender, Side: def}
	}
	if p.KingSquare(def) == game.NoSquare {
		return p, &PositionError{Kind: NoKing, Side: def}
	}
	// SFEN cannot say two kings of a side, but a position set up square
	// by square (a record's diagram, the editor) can hold them, and the
	// checks below see only one of each side's.
	var kings [2]int
	for s := game.Square(0); s < game.NumSquares; s++ {
		if pc := p.At(s); pc != game.NoPiece && pc.Type() == game.King {
			kings[pc.Color()]++
		}
	}
	for _, c := range []game.Color{def, att} {
		if kings[c] > 1 {
			return p, &PositionError{Kind: TwoKings, Side: c, Count: kings[c]}
		}
	}
	if k := p.KingSquare(def); !p.Attackers(k, att).Empty() {
		return p, &PositionError{Kind: DefenderInCheck, Side: def}
	}
	if p.InCheck() {
		return p, &PositionError{Kind: AttackerInCheck, Side: att}
	}
	var count [game.NumPieceTypes]int
	var pawns [2][10]int
	for s := game.Square(0); s < game.NumSquares; s++ {
		pc := p.At(s)
		if pc == game.NoPiece {
			continue
		}
		t := pc.Type()
		count[t.Unpromote()]++
		if game.MustPromote(pc.Color(), t, s) {
			return p, &PositionError{Kind: DeadPiece, Side: pc.Color(), Piece: t, Square: s}
		}
		if t == game.Pawn {
			if pawns[pc.Color()][s.File()]++; pawns[pc.Color()][s.File()] > 1 {
				return p, &PositionError{Kind: DoublePawn, Side: pc.Color(), File: s.File()}
			}
		}
	}
	for _, t := range game.HandTypes {
		count[t] += p.Hand(att, t)
	}
	for t := game.Pawn; t <= game.King; t++ {
		if count[t] > setCounts[t] {
			return p, &PositionError{Kind: TooMany, Piece: t, Count: count[t], Max: setCounts[t]}
		}
	}
	for _, t := range game.HandTypes {
		p.SetHand(def, t, setCounts[t]-count[t])
	}
	return p, nil
}

// ParseSFEN reads a problem's position: SFEN (a leading "sfen" allowed),
// checked and prepared by Prepare. Two kings of one side, which
// game.ParseSFEN refuses in words of its own, are found in the text first.
func ParseSFEN(text string) (game.Position, error) {
	fields := strings.Fields(text)
	if len(fields) > 0 && fields[0] == "sfen" {
		fields = fields[1:]
	}
	if len(fields) > 0 {
		for _, c := range []game.Color{game.Black, game.White} {
			k := "K"
			if c == game.White {
				k = "k"
			}
			if n := strings.Count(fields[0], k); n > 1 {
				return game.Position{}, &PositionError{Kind: TwoKings, Side: c, Count: n}
			}
		}
	}
	p, err := game.ParseSFEN(strings.Join(fields, " "))
	if err != nil {
		return p, err
	}
	return Prepare(p)
}
