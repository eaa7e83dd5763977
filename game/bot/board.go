package bot

// This file is the one seam between the search and package game's move
// generation. Its functions have the shapes of the bitboard API game is
// gaining (SquareSet, Occupied, Pieces, ColorSet, Attackers, AttacksFrom,
// GivesCheck, LegalChecks, LegalCaptures, LegalQuiets). Until that lands
// they are built here on game's public mailbox API — correct, and slower
// than they will be — so the switch is a change to this file alone.

import (
	"math/bits"

	"example.com/shogi/game"
)

// squareSet is a set of squares: bit i of the 81 is square i (game's
// square order). Search code uses only these methods.
type squareSet struct{ lo, hi uint64 }

func setOf(s game.Square) squareSet {
	if s < 64 {
		return squareSet{lo: 1 << uint(s)}
	}
	return squareSet{hi: 1 << uint(s-64)}
}

func (b squareSet) Has(s game.Square) bool {
	if s < 64 {
		return b.lo>>uint(s)&1 != 0
	}
	return b.hi>>uint(s-64)&1 != 0
}

func (b squareSet) Count() int { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }

func (b squareSet) Empty() bool { return b.lo|b.hi == 0 }

// Pop removes and returns the lowest square; the set must not be empty.
func (b *squareSet) Pop() game.Square {
	if b.lo != 0 {
		s := bits.TrailingZeros64(b.lo)
		b.lo &= b.lo - 1
		return game.Square(s)
	}
	s := bits.TrailingZeros64(b.hi)
	b.hi &= b.hi - 1
	return game.Square(s + 64)
}

func (b *squareSet) add(s game.Square) {
	if s < 64 {
		b.lo |= 1 << uint(s)
	} else {
		b.hi |= 1 << uint(s-64)
	}
}

func (b squareSet) and(o squareSet) squareSet    { return squareSet{b.lo & o.lo, b.hi & o.hi} }
func (b squareSet) or(o squareSet) squareSet     { return squareSet{b.lo | o.lo, b.hi | o.hi} }
func (b squareSet) andNot(o squareSet) squareSet { return squareSet{b.lo &^ o.lo, b.hi &^ o.hi} }

// Directions as (rank, file-column) steps; Black's forward is rank − 1.
var dirStep = [8][2]int{{-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}}

const (
	dN, dNE, dE, dSE, dS, dSW, dW, dNW = 0, 1, 2, 3, 4, 5, 6, 7
)

var (
	nextSq    [game.NumSquares][8]game.Square // the neighbour in a direction, or NoSquare
	stepAtt   [game.NumPieces][game.NumSquares]squareSet
	slideDirs [game.NumPieces]uint8 // directions a piece slides in
	lineDir   [game.NumSquares][game.NumSquares]int8
)

func init() {
	for s := game.Square(0); s < game.NumSquares; s++ {
		r, c := int(s)/9, int(s)%9
		for d, st := range dirStep {
			nextSq[s][d] = game.NoSquare
			if nr, nc := r+st[0], c+st[1]; nr >= 0 && nr < 9 && nc >= 0 && nc < 9 {
				nextSq[s][d] = game.Square(nr*9 + nc)
			}
		}
	}
	for a := game.Square(0); a < game.NumSquares; a++ {
		for b := range lineDir[a] {
			lineDir[a][b] = -1
		}
		for d := 0; d < 8; d++ {
			for t := nextSq[a][d]; t != game.NoSquare; t = nextSq[t][d] {
				lineDir[a][t] = int8(d)
			}
		}
	}
	all := []int{dN, dNE, dE, dSE, dS, dSW, dW, dNW}
	gold := []int{dN, dNE, dNW, dE, dW, dS}
	orth := []int{dN, dE, dS, dW}
	diag := []int{dNE, dSE, dSW, dNW}
	steps := map[game.PieceType][]int{
		game.Pawn: {dN}, game.Silver: {dN, dNE, dNW, dSE, dSW}, game.Gold: gold, game.King: all,
		game.ProPawn: gold, game.ProLance: gold, game.ProKnight: gold, game.ProSilver: gold,
		game.Horse: orth, game.Dragon: diag,
	}
	slides := map[game.PieceType][]int{game.Lance: {dN}, game.Bishop: diag, game.Rook: orth, game.Horse: diag, game.Dragon: orth}
	for _, c := range [2]game.Color{game.Black, game.White} {
		flip := func(d int) int {
			if c == game.Black {
				return d
			}
			return (4 - d) & 7 // mirror top to bottom
		}
		for t := game.Pawn; t < game.NumPieceTypes; t++ {
			pc := game.NewPiece(c, t)
			for _, d := range slides[t] {
				slideDirs[pc] |= 1 << flip(d)
			}
			for s := game.Square(0); s < game.NumSquares; s++ {
				for _, d := range steps[t] {
					if n := nextSq[s][flip(d)]; n != game.NoSquare {
						stepAtt[pc][s].add(n)
					}
				}
				if t == game.Knight {
					if f := nextSq[s][flip(dN)]; f != game.NoSquare {
						f = nextSq[f][flip(dN)]
						for _, side := range [2]int{dE, dW} {
							if f != game.NoSquare && nextSq[f][side] != game.NoSquare {
								stepAtt[pc][s].add(nextSq[f][side])
							}
						}
					}
				}
			}
		}
	}
}

// occupied returns the squares holding a piece.
func occupied(p *game.Position) squareSet {
	var b squareSet
	for s := game.Square(0); s < game.NumSquares; s++ {
		if p.At(s) != game.NoPiece {
			b.add(s)
		}
	}
	return b
}

// colorSet returns the squares holding c's pieces.
func colorSet(p *game.Position, c game.Color) squareSet {
	var b squareSet
	for s := game.Square(0); s < game.NumSquares; s++ {
		if pc := p.At(s); pc != game.NoPiece && pc.Color() == c {
			b.add(s)
		}
	}
	return b
}

// attacksFrom returns the squares pc on s attacks when occ is occupied
// (the first occupied square on each line is included).
func attacksFrom(pc game.Piece, s game.Square, occ squareSet) squareSet {
	a := stepAtt[pc][s]
	for dirs := slideDirs[pc]; dirs != 0; dirs &= dirs - 1 {
		d := bits.TrailingZeros8(dirs)
		for t := nextSq[s][d]; t != game.NoSquare; t = nextSq[t][d] {
			a.add(t)
			if occ.Has(t) {
				break
			}
		}
	}
	return a
}

// attackers returns the squares of c's pieces that attack s.
func attackers(p *game.Position, s game.Square, c game.Color) squareSet {
	var b squareSet
	for d := 0; d < 8; d++ {
		back := (d + 4) & 7
		t := nextSq[s][d]
		if t == game.NoSquare {
			continue
		}
		if pc := p.At(t); pc != game.NoPiece {
			if pc.Color() == c && (stepAtt[pc][t].Has(s) || slideDirs[pc]&(1<<back) != 0) {
				b.add(t)
			}
			continue
		}
		for t = nextSq[t][d]; t != game.NoSquare; t = nextSq[t][d] {
			if pc := p.At(t); pc != game.NoPiece {
				if pc.Color() == c && slideDirs[pc]&(1<<back) != 0 {
					b.add(t)
				}
				break
			}
		}
	}
	// A knight attacking s stands where the other side's knight on s would jump.
	k := game.NewPiece(c, game.Knight)
	for n := stepAtt[game.NewPiece(c.Other(), game.Knight)][s]; !n.Empty(); {
		if t := n.Pop(); p.At(t) == k {
			b.add(t)
		}
	}
	return b
}

// clearPath reports whether every square strictly between a and b (on one
// line) is empty, counting the square gone as empty.
func clearPath(p *game.Position, a, b, gone game.Square) bool {
	d := lineDir[a][b]
	for t := nextSq[a][d]; t != b; t = nextSq[t][d] {
		if t != gone && p.At(t) != game.NoPiece {
			return false
		}
	}
	return true
}

// givesCheck reports whether the legal move m checks the opponent's king,
// directly or by uncovering a slider.
func givesCheck(p *game.Position, m game.Move) bool {
	us := p.SideToMove()
	ek := p.KingSquare(us.Other())
	if ek == game.NoSquare {
		return false
	}
	to, pc := m.To(), m.PieceAfter()
	from := m.From() // NoSquare for a drop
	if stepAtt[pc][to].Has(ek) {
		return true
	}
	if d := lineDir[to][ek]; d >= 0 && slideDirs[pc]&(1<<d) != 0 && clearPath(p, to, ek, from) {
		return true
	}
	if m.IsDrop() {
		return false
	}
	// Discovered: from lies on a line out of the enemy king, to leaves it,
	// and the first piece beyond from is our slider aimed at the king.
	d := lineDir[ek][from]
	if d < 0 || lineDir[ek][to] == d || !clearPath(p, ek, from, game.NoSquare) {
		return false
	}
	for t := nextSq[from][d]; t != game.NoSquare; t = nextSq[t][d] {
		if q := p.At(t); q != game.NoPiece {
			return q.Color() == us && slideDirs[q]&(1<<((d+4)&7)) != 0
		}
	}
	return false
}

// legalCaptures appends the legal moves that capture (both forms where
// promotion is optional).
func legalCaptures(p *game.Position, dst []game.Move) []game.Move {
	us := p.SideToMove()
	occ := occupied(p)
	them := colorSet(p, us.Other())
	for s := game.Square(0); s < game.NumSquares; s++ {
		pc := p.At(s)
		if pc == game.NoPiece || pc.Color() != us {
			continue
		}
		t := pc.Type()
		for targets := attacksFrom(pc, s, occ).and(them); !targets.Empty(); {
			to := targets.Pop()
			if game.CanPromoteMove(us, t, s, to) {
				if m := p.NewMove(s, to, true); p.IsLegal(m) {
					dst = append(dst, m)
				}
			}
			if m := p.NewMove(s, to, false); p.IsLegal(m) {
				dst = append(dst, m)
			}
		}
	}
	return dst
}

// legalQuiets appends the legal moves that capture nothing: board moves
// and drops.
func legalQuiets(p *game.Position, dst []game.Move) []game.Move {
	n := len(dst)
	dst = p.LegalMoves(dst)
	out := dst[:n]
	for _, m := range dst[n:] {
		if m.Captured() == game.NoPiece {
			out = append(out, m)
		}
	}
	return out
}

// legalChecks appends the legal moves that give check.
func legalChecks(p *game.Position, dst []game.Move) []game.Move {
	n := len(dst)
	dst = p.LegalMoves(dst)
	out := dst[:n]
	for _, m := range dst[n:] {
		if givesCheck(p, m) {
			out = append(out, m)
		}
	}
	return out
}

// attackersTo returns the squares of the pieces of either side in occ
// that attack s, with occ as the blockers: taking a piece out of occ
// uncovers the slider behind it, as the static exchange needs.
func attackersTo(p *game.Position, s game.Square, occ squareSet) squareSet {
	var b squareSet
	for d := 0; d < 8; d++ {
		back := (d + 4) & 7
		near := true
		for t := nextSq[s][d]; t != game.NoSquare; t = nextSq[t][d] {
			if !occ.Has(t) {
				near = false
				continue
			}
			pc := p.At(t)
			if slideDirs[pc]&(1<<back) != 0 || near && stepAtt[pc][t].Has(s) {
				b.add(t)
			}
			break
		}
	}
	for _, c := range [2]game.Color{game.Black, game.White} {
		k := game.NewPiece(c, game.Knight)
		for n := stepAtt[game.NewPiece(c.Other(), game.Knight)][s].and(occ); !n.Empty(); {
			if t := n.Pop(); p.At(t) == k {
				b.add(t)
			}
		}
	}
	return b
}
