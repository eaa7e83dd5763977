package game

import "fmt"

// Rule names the rule an illegal move breaks.
type Rule uint8

const (
	RuleNone          Rule = iota
	RuleNoPiece            // no piece of the side to move on the origin
	RuleNotYourPiece       // the piece on the origin belongs to the opponent
	RuleCannotReach        // the piece does not move that way, or the path is blocked
	RuleOwnPiece           // the destination holds one of the mover's pieces
	RuleOccupied           // a drop on an occupied square
	RuleNotInHand          // a drop of a piece the mover does not hold
	RuleCannotPromote      // promotion outside the zone, or of a piece that has no promoted form
	RuleDeadPiece          // the piece would have no further move (must promote; drop on the last ranks)
	RuleNifu               // a second unpromoted pawn on a file (二歩)
	RuleUchifuzume         // checkmate by a pawn drop (打ち歩詰め)
	RuleSelfCheck          // leaves or puts the mover's own king in check
	RuleWrongSide          // a move for the side not to move
)

var ruleText = [...]string{
	RuleNone:          "legal",
	RuleNoPiece:       "no piece on the origin square",
	RuleNotYourPiece:  "that piece belongs to the opponent",
	RuleCannotReach:   "the piece cannot move there",
	RuleOwnPiece:      "the destination holds your own piece",
	RuleOccupied:      "a piece can only be dropped on an empty square",
	RuleNotInHand:     "that piece is not in hand",
	RuleCannotPromote: "the piece cannot promote on this move",
	RuleDeadPiece:     "the piece would have no further move (it must promote, or cannot be dropped there)",
	RuleNifu:          "two unpromoted pawns on one file (nifu)",
	RuleUchifuzume:    "checkmate by dropping a pawn (uchifuzume)",
	RuleSelfCheck:     "it leaves the king in check",
	RuleWrongSide:     "it is not that side's turn",
}

func (r Rule) String() string {
	if int(r) < len(ruleText) {
		return ruleText[r]
	}
	return fmt.Sprintf("rule %d", r)
}

// IllegalMoveError says which rule a move breaks.
type IllegalMoveError struct {
	Move Move
	Rule Rule
}

func (e *IllegalMoveError) Error() string {
	return fmt.Sprintf("illegal move %s: %s", e.Move.USI(), e.Rule)
}

// CheckMove returns nil if m is legal, else an *IllegalMoveError naming
// the rule it breaks.
func (p *Position) CheckMove(m Move) error {
	r := p.whyIllegal(m)
	if r == RuleNone {
		return nil
	}
	return &IllegalMoveError{m, r}
}

func (p *Position) whyIllegal(m Move) Rule {
	if p.IsLegal(m) {
		return RuleNone
	}
	us := p.side
	to := m.To()
	if !to.Valid() || m>>moveBits != 0 {
		return RuleCannotReach
	}
	if m.Color() != us {
		return RuleWrongSide
	}
	if m.IsDrop() {
		t := m.Piece().Type()
		switch {
		case t < Pawn || t > Gold || m.IsPromotion() || m&fromMask != 0:
			return RuleCannotReach
		case p.hand[us][t] == 0:
			return RuleNotInHand
		case p.board[to] != NoPiece:
			return RuleOccupied
		case mustPromote(us, t, to):
			return RuleDeadPiece
		}
		if t == Pawn {
			if r := p.pawnDropRule(to); r != RuleNone {
				return r
			}
		}
		return RuleSelfCheck
	}
	from := m.From()
	if !from.Valid() {
		return RuleNoPiece
	}
	pc := p.board[from]
	switch {
	case pc == NoPiece:
		return RuleNoPiece
	case pc.Color() != us:
		return RuleNotYourPiece
	case p.board[to] != NoPiece && p.board[to].Color() == us:
		return RuleOwnPiece
	case !p.attacks(from, to):
		return RuleCannotReach
	}
	t := pc.Type()
	if m.IsPromotion() {
		if !t.CanPromote() || !InZone(us, from) && !InZone(us, to) {
			return RuleCannotPromote
		}
	} else if mustPromote(us, t, to) {
		return RuleDeadPiece
	}
	return RuleSelfCheck
}

// Attacks reports whether the piece on from could move to to, by how the
// piece moves and what blocks it, ignoring pins and checks (the rivals a
// notation must tell apart are found this way).
func (p *Position) Attacks(from, to Square) bool { return p.attacks(from, to) }

// MustPromote reports whether a c piece of type t arriving on to would have
// no further move unpromoted, so it must promote there (or cannot be
// dropped there).
func MustPromote(c Color, t PieceType, to Square) bool { return mustPromote(c, t, to) }

// CanPromoteMove reports whether a c piece of type t moving from→to may
// promote: it can promote and the move starts or ends in c's zone.
func CanPromoteMove(c Color, t PieceType, from, to Square) bool {
	return t.CanPromote() && (InZone(c, from) || InZone(c, to))
}
