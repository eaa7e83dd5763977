package game

import (
	"fmt"
	"strconv"
	"strings"
)

// StartSFEN is the even-game start position.
const StartSFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

// StartPosition returns the even-game start position (the handicap
// table's first row, parsed once).
func StartPosition() Position { return handicapPositions()[0] }

// SFENError is text that is not a position.
type SFENError struct {
	SFEN string
	Msg  string
}

func (e *SFENError) Error() string { return "sfen: " + e.Msg }

// ParseSFEN reads a position in SFEN ("board side hand [move number]").
// A leading "sfen " is skipped and "startpos" means the even start. It
// refuses only text that is not a position; positions that cannot arise
// in play parse, and Warnings says what is odd about them.
func ParseSFEN(text string) (Position, error) {
	p, _, err := parseSFEN(text, false)
	return p, err
}

// ParseSFENExtraKings reads a position as ParseSFEN does, but takes a
// board with more than one king of a side, which a Position cannot hold:
// the first of each side's kings (from the top rank, right to left) is
// placed and the squares of the others are returned, for an editor that
// takes any position and says what it left out.
func ParseSFENExtraKings(text string) (Position, []Square, error) {
	return parseSFEN(text, true)
}

func parseSFEN(text string, extraKings bool) (Position, []Square, error) {
	fields := strings.Fields(text)
	if len(fields) > 0 && fields[0] == "sfen" {
		fields = fields[1:]
	}
	bad := func(format string, args ...any) (Position, []Square, error) {
		return Position{}, nil, &SFENError{text, fmt.Sprintf(format, args...)}
	}
	if len(fields) == 1 && fields[0] == "startpos" {
		return parseSFEN(StartSFEN, extraKings)
	}
	if len(fields) < 3 {
		return bad("want board, side and hand fields, got %d field(s)", len(fields))
	}
	if len(fields) > 4 {
		return bad("unexpected %q after the move number", fields[4])
	}
	p := EmptyPosition()
	var extra []Square
	keep := &extra
	if !extraKings {
		keep = nil // a second king is an error
	}
	if msg := p.parseSFENBoard(fields[0], keep); msg != "" {
		return bad("%s", msg)
	}
	switch fields[1] {
	case "b":
	case "w":
		p.SetSideToMove(White)
	default:
		return bad("side to move %q, want b or w", fields[1])
	}
	if msg := p.parseSFENHand(fields[2]); msg != "" {
		return bad("%s", msg)
	}
	if len(fields) == 4 {
		n, err := strconv.Atoi(fields[3])
		if err != nil || n < 1 {
			return bad("move number %q, want a positive integer", fields[3])
		}
		p.ply = int32(min(n, 1<<30))
	}
	return p, extra, nil
}

// parseSFENBoard puts the pieces of SFEN's board field on p, which is
// empty, and says what is wrong with the field ("" when nothing is). A
// second king of a side is wrong when extra is nil; otherwise it is left
// off and its square added to *extra.
func (p *Position) parseSFENBoard(board string, extra *[]Square) string {
	ranks := strings.Split(board, "/")
	if len(ranks) != 9 {
		return fmt.Sprintf("the board has %d ranks, want 9", len(ranks))
	}
	for r, row := range ranks {
		col := 0
		promoted := false
		for i := 0; i < len(row); i++ {
			ch := row[i]
			switch {
			case ch >= '1' && ch <= '9':
				if promoted {
					return fmt.Sprintf("rank %d: '+' before a digit", r+1)
				}
				col += int(ch - '0')
				continue
			case ch == '+':
				if promoted {
					return fmt.Sprintf("rank %d: '++'", r+1)
				}
				promoted = true
				continue
			}
			t, c, ok := sfenLetter(ch)
			if !ok {
				return fmt.Sprintf("rank %d: unknown piece %q", r+1, string(ch))
			}
			if promoted {
				if !t.CanPromote() {
					return fmt.Sprintf("rank %d: %s cannot be promoted", r+1, t)
				}
				t = t.Promote()
				promoted = false
			}
			if t == King && p.king[c] != NoSquare && col < 9 {
				if extra == nil {
					return fmt.Sprintf("more than one %s king", strings.ToLower(c.String()))
				}
				*extra = append(*extra, Square(r*9+col))
				col++
				continue
			}
			if col < 9 {
				p.Put(Square(r*9+col), NewPiece(c, t))
			}
			col++
		}
		if promoted {
			return fmt.Sprintf("rank %d ends with '+'", r+1)
		}
		if col != 9 {
			return fmt.Sprintf("rank %d has %d squares, want 9", r+1, col)
		}
	}
	return ""
}

// parseSFENHand adds the pieces of SFEN's hand field ("-", "2P", "RGgsn5p")
// to p's hands and says what is wrong with the field ("" when nothing is).
func (p *Position) parseSFENHand(h string) string {
	if h == "-" {
		return ""
	}
	n := 0
	for i := 0; i < len(h); i++ {
		ch := h[i]
		if ch >= '0' && ch <= '9' {
			n = n*10 + int(ch-'0')
			if n > 99 {
				return fmt.Sprintf("hand %q: count too large", h)
			}
			continue
		}
		t, c, ok := sfenLetter(ch)
		if !ok || t == King {
			return fmt.Sprintf("hand %q: %q is not a piece that can be held", h, string(ch))
		}
		if n == 0 {
			if i > 0 && h[i-1] == '0' {
				return fmt.Sprintf("hand %q: count 0", h)
			}
			n = 1
		}
		p.SetHand(c, t, p.Hand(c, t)+n)
		n = 0
	}
	if n != 0 || h[len(h)-1] >= '0' && h[len(h)-1] <= '9' {
		return fmt.Sprintf("hand %q ends with a count", h)
	}
	return ""
}

func sfenLetter(ch byte) (PieceType, Color, bool) {
	c := Black
	if ch >= 'a' && ch <= 'z' {
		c = White
		ch -= 'a' - 'A'
	}
	for t := Pawn; t <= King; t++ {
		if typeSFEN[t][0] == ch {
			return t, c, true
		}
	}
	return NoPieceType, Black, false
}

// SFEN returns the position in SFEN with its move number.
func (p *Position) SFEN() string {
	var buf [160]byte // more than the longest SFEN, so one allocation
	b := buf[:0]
	for r := 0; r < 9; r++ {
		if r > 0 {
			b = append(b, '/')
		}
		empty := byte(0)
		for c := 0; c < 9; c++ {
			pc := p.board[r*9+c]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b = append(b, '0'+empty)
				empty = 0
			}
			b = append(b, pc.SFEN()...)
		}
		if empty > 0 {
			b = append(b, '0'+empty)
		}
	}
	if p.side == Black {
		b = append(b, " b "...)
	} else {
		b = append(b, " w "...)
	}
	b = p.appendHand(b)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(p.ply), 10)
	return string(b)
}

// HandSFEN returns the hands as SFEN writes them: Black's then White's,
// each R B G S N L P, "-" when both are empty.
func (p *Position) HandSFEN() string {
	var buf [64]byte
	return string(p.appendHand(buf[:0]))
}

func (p *Position) appendHand(b []byte) []byte {
	n0 := len(b)
	for _, c := range [2]Color{Black, White} {
		for _, t := range HandTypes {
			n := p.hand[c][t]
			if n == 0 {
				continue
			}
			if n > 1 {
				b = strconv.AppendInt(b, int64(n), 10)
			}
			b = append(b, NewPiece(c, t).SFEN()...)
		}
	}
	if len(b) == n0 {
		b = append(b, '-')
	}
	return b
}
