package csa

import (
	"fmt"
	"strings"

	"shogi/game"
)

// PositionReader reads the statements of a position in CSA form, as a
// game summary's position block and a CSA record give them: PI (the even
// start less the pieces named), the rows P1 to P9, the pieces P+ and P-
// add (00 for a hand, 00AL for all the rest), and the side to move, a
// lone + or -. A + or - with no board before it means the even start.
type PositionReader struct {
	p       game.Position
	touched bool    // any statement read
	all     [2]bool // 00AL for a side
}

// csaSet is the full set less kings, for 00AL.
var csaSet = [...]struct {
	t game.PieceType
	n int
}{{game.Rook, 2}, {game.Bishop, 2}, {game.Gold, 4}, {game.Silver, 4}, {game.Knight, 4}, {game.Lance, 4}, {game.Pawn, 18}}

// Touched reports whether any statement has been read.
func (r *PositionReader) Touched() bool { return r.touched }

func (r *PositionReader) init() {
	if !r.touched {
		r.p = game.EmptyPosition()
		r.touched = true
	}
}

// Statement reads one statement: PI…, P1…P9, P+…, P-…, + or -.
func (r *PositionReader) Statement(t string) error {
	t = strings.TrimRight(t, " \t\r")
	if t == "+" || t == "-" {
		if !r.touched {
			r.p = game.StartPosition()
			r.touched = true
		}
		if t == "-" {
			r.p.SetSideToMove(game.White)
		} else {
			r.p.SetSideToMove(game.Black)
		}
		return nil
	}
	if len(t) < 2 || t[0] != 'P' {
		return fmt.Errorf("cannot read %q", clip(t))
	}
	switch k := t[1]; {
	case k == 'I':
		return r.pi(t[2:])
	case k >= '1' && k <= '9':
		return r.row(int(k-'0'), t[2:])
	case k == '+' || k == '-':
		col := game.Black
		if k == '-' {
			col = game.White
		}
		return r.pieces(col, t[2:])
	}
	return fmt.Errorf("cannot read %q", clip(t))
}

func (r *PositionReader) pi(rest string) error {
	r.init()
	r.p = game.StartPosition()
	for len(rest) >= 4 {
		sq, err := game.ParseSquare(rest[:2])
		if err != nil || !sq.Valid() {
			return fmt.Errorf("in PI: bad square %q", rest[:2])
		}
		pc := r.p.At(sq)
		if pc == game.NoPiece || pc.Type().CSA() != rest[2:4] {
			return fmt.Errorf("in PI: no %s on %s to take away", rest[2:4], rest[:2])
		}
		r.p.Put(sq, game.NoPiece)
		rest = rest[4:]
	}
	if strings.TrimSpace(rest) != "" {
		return fmt.Errorf("in PI: cannot read %q", clip(rest))
	}
	return nil
}

func (r *PositionReader) row(rank int, rest string) error {
	r.init()
	file := 9
	for file >= 1 {
		rest = strings.TrimLeft(rest, " ")
		if rest == "" {
			break
		}
		if rest[0] == '*' {
			r.p.Put(game.NewSquare(file, rank), game.NoPiece)
			rest = rest[1:]
			file--
			continue
		}
		if len(rest) < 3 || (rest[0] != '+' && rest[0] != '-') {
			return fmt.Errorf("row P%d: cannot read %q", rank, clip(rest))
		}
		pt := game.PieceTypeFromCSA(rest[1:3])
		if pt == game.NoPieceType {
			return fmt.Errorf("row P%d: %q is not a piece", rank, rest[1:3])
		}
		col := game.Black
		if rest[0] == '-' {
			col = game.White
		}
		r.p.Put(game.NewSquare(file, rank), game.NewPiece(col, pt))
		rest = rest[3:]
		file--
	}
	if file != 0 || strings.TrimSpace(rest) != "" {
		return fmt.Errorf("row P%d: want nine squares", rank)
	}
	return nil
}

func (r *PositionReader) pieces(col game.Color, rest string) error {
	r.init()
	k := "+"
	if col == game.White {
		k = "-"
	}
	for len(rest) >= 4 {
		sq, pcs := rest[:2], rest[2:4]
		rest = rest[4:]
		if sq == "00" && pcs == "AL" {
			r.all[col] = true
			continue
		}
		pt := game.PieceTypeFromCSA(pcs)
		if pt == game.NoPieceType {
			return fmt.Errorf("in P%s: %q is not a piece", k, pcs)
		}
		if sq == "00" {
			if pt.IsPromoted() || pt == game.King {
				return fmt.Errorf("in P%s: %s cannot be in hand", k, pcs)
			}
			if r.p.Hand(col, pt) >= 18 {
				return fmt.Errorf("in P%s: too many %s in hand", k, pcs)
			}
			r.p.SetHand(col, pt, r.p.Hand(col, pt)+1)
			continue
		}
		s, err := game.ParseSquare(sq)
		if err != nil || !s.Valid() {
			return fmt.Errorf("in P%s: bad square %q", k, sq)
		}
		r.p.Put(s, game.NewPiece(col, pt))
	}
	if strings.TrimSpace(rest) != "" {
		return fmt.Errorf("in P%s: cannot read %q", k, clip(rest))
	}
	return nil
}

// Position returns the position read: 00AL gives a side every piece of
// the set that is neither on the board nor in a hand. Without any
// statement it is the even start.
func (r *PositionReader) Position() game.Position {
	if !r.touched {
		return game.StartPosition()
	}
	p := r.p
	for col := game.Black; col <= game.White; col++ {
		if r.all[col] {
			GiveRest(&p, col)
		}
	}
	return p
}

// GiveRest puts in col's hand every piece of the set that is neither on
// the board nor in a hand (CSA's 00AL, KIF's 残り全部).
func GiveRest(p *game.Position, col game.Color) {
	for _, x := range csaSet {
		used := p.Hand(game.Black, x.t) + p.Hand(game.White, x.t)
		for s := game.Square(0); s < game.NumSquares; s++ {
			if pc := p.At(s); pc != game.NoPiece && pc.Type().Unpromote() == x.t {
				used++
			}
		}
		if left := x.n - used; left > 0 {
			p.SetHand(col, x.t, p.Hand(col, x.t)+left)
		}
	}
}
