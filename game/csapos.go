package game

import (
	"fmt"
	"strings"
)

// CSAPosition reads a position written as CSA statements, as CSA records
// and the CSA server protocol's game summaries give it: PI (the even
// start less the pieces named), the rows P1 to P9, the pieces P+ and P-
// add (square 00 for a hand, 00AL for every piece left), and the side to
// move, a lone + or -. A + or - with no board before it means the even
// start. The zero value is ready to read.
type CSAPosition struct {
	p       Position
	touched bool    // any statement read
	all     [2]bool // 00AL for a side
}

// Touched reports whether any statement has been read.
func (r *CSAPosition) Touched() bool { return r.touched }

func (r *CSAPosition) init() {
	if !r.touched {
		r.p = EmptyPosition()
		r.touched = true
	}
}

// Statement reads one statement: PI…, P1…P9, P+…, P-…, + or -.
func (r *CSAPosition) Statement(t string) error {
	t = strings.TrimRight(t, " \t\r")
	if t == "+" || t == "-" {
		if !r.touched {
			r.p = StartPosition()
			r.touched = true
		}
		if t == "-" {
			r.p.SetSideToMove(White)
		} else {
			r.p.SetSideToMove(Black)
		}
		return nil
	}
	if len(t) < 2 || t[0] != 'P' {
		return fmt.Errorf("cannot read %q", clipText(t))
	}
	switch k := t[1]; {
	case k == 'I':
		return r.pi(t[2:])
	case k >= '1' && k <= '9':
		return r.row(int(k-'0'), t[2:])
	case k == '+':
		return r.pieces(Black, t[2:])
	case k == '-':
		return r.pieces(White, t[2:])
	}
	return fmt.Errorf("cannot read %q", clipText(t))
}

func (r *CSAPosition) pi(rest string) error {
	r.init()
	r.p = StartPosition()
	for len(rest) >= 4 {
		sq, err := ParseSquare(rest[:2])
		if err != nil || !sq.Valid() {
			return fmt.Errorf("in PI: bad square %q", rest[:2])
		}
		pc := r.p.At(sq)
		if pc == NoPiece || pc.Type().CSA() != rest[2:4] {
			return fmt.Errorf("in PI: no %s on %s to take away", rest[2:4], rest[:2])
		}
		r.p.Put(sq, NoPiece)
		rest = rest[4:]
	}
	if strings.TrimSpace(rest) != "" {
		return fmt.Errorf("in PI: cannot read %q", clipText(rest))
	}
	return nil
}

func (r *CSAPosition) row(rank int, rest string) error {
	r.init()
	file := 9
	for file >= 1 {
		rest = strings.TrimLeft(rest, " ")
		if rest == "" {
			break
		}
		if rest[0] == '*' {
			r.p.Put(NewSquare(file, rank), NoPiece)
			rest = rest[1:]
			file--
			continue
		}
		if len(rest) < 3 || (rest[0] != '+' && rest[0] != '-') {
			return fmt.Errorf("row P%d: cannot read %q", rank, clipText(rest))
		}
		pt := PieceTypeFromCSA(rest[1:3])
		if pt == NoPieceType {
			return fmt.Errorf("row P%d: %q is not a piece", rank, rest[1:3])
		}
		col := Black
		if rest[0] == '-' {
			col = White
		}
		r.p.Put(NewSquare(file, rank), NewPiece(col, pt))
		rest = rest[3:]
		file--
	}
	if file != 0 || strings.TrimSpace(rest) != "" {
		return fmt.Errorf("row P%d: want nine squares", rank)
	}
	return nil
}

func (r *CSAPosition) pieces(col Color, rest string) error {
	r.init()
	k := csaSign(col)
	for len(rest) >= 4 {
		sq, pcs := rest[:2], rest[2:4]
		rest = rest[4:]
		if sq == "00" && pcs == "AL" {
			r.all[col] = true
			continue
		}
		pt := PieceTypeFromCSA(pcs)
		if pt == NoPieceType {
			return fmt.Errorf("in P%s: %q is not a piece", k, pcs)
		}
		if sq == "00" {
			if pt.IsPromoted() || pt == King {
				return fmt.Errorf("in P%s: %s cannot be in hand", k, pcs)
			}
			if r.p.Hand(col, pt) >= 18 {
				return fmt.Errorf("in P%s: too many %s in hand", k, pcs)
			}
			r.p.SetHand(col, pt, r.p.Hand(col, pt)+1)
			continue
		}
		s, err := ParseSquare(sq)
		if err != nil || !s.Valid() {
			return fmt.Errorf("in P%s: bad square %q", k, sq)
		}
		r.p.Put(s, NewPiece(col, pt))
	}
	if strings.TrimSpace(rest) != "" {
		return fmt.Errorf("in P%s: cannot read %q", k, clipText(rest))
	}
	return nil
}

// Position returns the position read, 00AL giving a side every piece of
// the set that is neither on the board nor in a hand. Without any
// statement it is the even start.
func (r *CSAPosition) Position() Position {
	if !r.touched {
		return StartPosition()
	}
	p := r.p
	for col := Black; col <= White; col++ {
		if r.all[col] {
			GiveRest(&p, col)
		}
	}
	return p
}

// GiveRest puts in col's hand every piece of the set that is neither on
// the board nor in a hand (CSA's 00AL, KIF's 残り全部).
func GiveRest(p *Position, col Color) {
	for _, t := range HandTypes {
		used := p.Hand(Black, t) + p.Hand(White, t)
		for s := Square(0); s < NumSquares; s++ {
			if pc := p.At(s); pc != NoPiece && pc.Type().Unpromote() == t {
				used++
			}
		}
		if left := SetCount(t) - used; left > 0 {
			p.SetHand(col, t, p.Hand(col, t)+left)
		}
	}
}

// CSALines writes p as CSA statements: the nine rows, the pieces in hand
// (P+, P-) and the side to move.
func (p *Position) CSALines() []string {
	var out []string
	for rank := 1; rank <= 9; rank++ {
		var row strings.Builder
		fmt.Fprintf(&row, "P%d", rank)
		for file := 9; file >= 1; file-- {
			if pc := p.At(NewSquare(file, rank)); pc == NoPiece {
				row.WriteString(" * ")
			} else {
				row.WriteString(csaSign(pc.Color()) + pc.Type().CSA())
			}
		}
		out = append(out, row.String())
	}
	for _, c := range []Color{Black, White} {
		var hand strings.Builder
		for _, t := range HandTypes {
			for i := 0; i < p.Hand(c, t); i++ {
				hand.WriteString("00" + t.CSA())
			}
		}
		if hand.Len() > 0 {
			out = append(out, "P"+csaSign(c)+hand.String())
		}
	}
	return append(out, csaSign(p.SideToMove()))
}

func csaSign(c Color) string {
	if c == White {
		return "-"
	}
	return "+"
}

// clipText shortens text quoted in a message to 40 characters.
func clipText(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
