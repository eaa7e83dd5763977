package game

import "math/bits"

// Ray directions. The first four run toward lower square numbers (rank 1,
// file 9), the last four toward higher ones; a slider's attacks along a
// ray are found from the nearest blocker, which for the first four is the
// highest set bit and for the last four the lowest.
const (
	rayN  = iota // toward rank 1
	rayNW        // toward rank 1 and file 9
	rayNE        // toward rank 1 and file 1
	rayW         // toward file 9
	rayS         // toward rank 9
	raySE        // toward rank 9 and file 1
	raySW        // toward rank 9 and file 9
	rayE         // toward file 1
	numRays
)

var rayDelta = [numRays][2]int{{-1, 0}, {-1, -1}, {-1, 1}, {0, -1}, {1, 0}, {1, 1}, {1, -1}, {0, 1}} // row, column

func reverseRay(d int) int { return (d + 4) % numRays }

var (
	// rays[d][s] are the squares from s (exclusive) to the edge in direction d.
	rays [numRays][NumSquares]SquareSet
	// rayDir[a][b] is the direction from a to b when they share a rank,
	// file or diagonal, else -1.
	rayDir [NumSquares][NumSquares]int8

	// Step attacks: the squares a piece of the colour and kind attacks
	// from a square, whatever stands around it.
	pawnAttacks   [2][NumSquares]SquareSet
	knightAttacks [2][NumSquares]SquareSet
	silverAttacks [2][NumSquares]SquareSet
	goldAttacks   [2][NumSquares]SquareSet
	kingAttacks   [NumSquares]SquareSet

	// Empty-board reach of the sliders, to find pieces that may pin or check.
	bishopReach [NumSquares]SquareSet
	rookReach   [NumSquares]SquareSet

	// kingNear[s] are the squares within two steps of s, where a step
	// piece must stand to attack a square next to s; knightNear[s] the
	// squares from which a knight may reach a square next to s.
	kingNear   [NumSquares]SquareSet
	knightNear [NumSquares]SquareSet
	// rookNear[s] and bishopNear[s] are the squares from which a rook or
	// bishop on an empty board reaches a square next to s; lanceNear[c][s]
	// those from which a lance of c's opponent does.
	rookNear   [NumSquares]SquareSet
	bishopNear [NumSquares]SquareSet
	lanceNear  [2][NumSquares]SquareSet

	// rankAttacks[col][occ] are the columns a rook on column col attacks
	// along its rank when the inner seven columns (1–7) hold occ<<1.
	rankAttacks [9][128]uint16

	// zone[c] is c's promotion zone; lastRanks[c][n] the n ranks nearest
	// c's far side (where pieces cannot be dropped).
	zone      [2]SquareSet
	farRank   [2]SquareSet // c's last rank
	farRanks2 [2]SquareSet // c's last two ranks
)

func initAttacks() {
	for s := range Square(NumSquares) {
		if s < loSquares {
			squareBit[s] = SquareSet{lo: 1 << s}
		} else {
			squareBit[s] = SquareSet{hi: 1 << (s - loSquares)}
		}
	}
	at := func(r, c int) (Square, bool) {
		if r < 0 || r > 8 || c < 0 || c > 8 {
			return NoSquare, false
		}
		return Square(r*9 + c), true
	}
	for s := range Square(NumSquares) {
		r, c := int(s)/9, int(s)%9
		for t := range Square(NumSquares) {
			rayDir[s][t] = -1
		}
		for d := range numRays {
			for i := 1; ; i++ {
				t, ok := at(r+i*rayDelta[d][0], c+i*rayDelta[d][1])
				if !ok {
					break
				}
				rays[d][s] = rays[d][s].or(squareBit[t])
				rayDir[s][t] = int8(d)
			}
		}
		bishopReach[s] = rays[rayNW][s].or(rays[rayNE][s]).or(rays[raySE][s]).or(rays[raySW][s])
		rookReach[s] = rays[rayN][s].or(rays[rayS][s]).or(rays[rayW][s]).or(rays[rayE][s])
		for _, col := range [2]Color{Black, White} {
			f := -1 // Black's forward is toward row 0
			if col == White {
				f = 1
			}
			add := func(dr, dc int) SquareSet {
				if t, ok := at(r+dr, c+dc); ok {
					return squareBit[t]
				}
				return SquareSet{}
			}
			pawnAttacks[col][s] = add(f, 0)
			knightAttacks[col][s] = add(2*f, -1).or(add(2*f, 1))
			silverAttacks[col][s] = add(f, -1).or(add(f, 0)).or(add(f, 1)).or(add(-f, -1)).or(add(-f, 1))
			goldAttacks[col][s] = add(f, -1).or(add(f, 0)).or(add(f, 1)).or(add(0, -1)).or(add(0, 1)).or(add(-f, 0))
			if relRankTable[col][s] <= 3 {
				zone[col] = zone[col].or(squareBit[s])
			}
			if relRankTable[col][s] == 1 {
				farRank[col] = farRank[col].or(squareBit[s])
			}
			if relRankTable[col][s] <= 2 {
				farRanks2[col] = farRanks2[col].or(squareBit[s])
			}
		}
		kingAttacks[s] = goldAttacks[Black][s].or(silverAttacks[Black][s])
	}
	for s := range Square(NumSquares) {
		r, c := int(s)/9, int(s)%9
		for t := range Square(NumSquares) {
			dr, dc := abs(int(t)/9-r), abs(int(t)%9-c)
			if dr <= 2 && dc <= 2 {
				kingNear[s] = kingNear[s].or(squareBit[t])
			}
			if dr <= 3 && dc <= 2 {
				knightNear[s] = knightNear[s].or(squareBit[t])
			}
		}
		for n := kingAttacks[s]; n.any(); {
			t := n.pop()
			rookNear[s] = rookNear[s].or(rookReach[t])
			bishopNear[s] = bishopNear[s].or(bishopReach[t])
			for _, c := range [2]Color{Black, White} {
				lanceNear[c][s] = lanceNear[c][s].or(rays[lanceBehind[c.Other()]][t])
			}
		}
	}
	for col := range 9 {
		for occ := range 128 {
			o := occ << 1
			var a uint16
			for c := col + 1; c < 9; c++ {
				a |= 1 << c
				if o>>c&1 != 0 {
					break
				}
			}
			for c := col - 1; c >= 0; c-- {
				a |= 1 << c
				if o>>c&1 != 0 {
					break
				}
			}
			rankAttacks[col][occ] = a
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// rayBefore returns the squares of the ray r (running toward lower square
// numbers) up to and including its first square in occ.
func rayBefore(occ, r SquareSet) SquareSet {
	if o := occ.hi & r.hi; o != 0 {
		return SquareSet{0, r.hi &^ (1<<(63-bits.LeadingZeros64(o)) - 1)}
	}
	o := occ.lo&r.lo | 1
	return SquareSet{r.lo &^ (1<<(63-bits.LeadingZeros64(o)) - 1), r.hi}
}

// rayAfter returns the squares of the ray r from s (running toward higher
// square numbers) up to and including its first square in occ: the borrow
// of o - s runs from s up to the nearest blocker.
func rayAfter(occ, r, s SquareSet) SquareSet {
	lo, hi := occ.lo&r.lo, occ.hi&r.hi
	dlo, borrow := bits.Sub64(lo, s.lo, 0)
	dhi, _ := bits.Sub64(hi, s.hi, borrow)
	return SquareSet{(lo ^ dlo) & r.lo, (hi ^ dhi) & r.hi}
}

// rankAttack returns what a rook on s attacks along its rank.
func rankAttack(s Square, occ SquareSet) SquareSet {
	row, col := int(s)/9, int(s)%9
	if row < 7 {
		sh := uint(row * 9)
		return SquareSet{lo: uint64(rankAttacks[col][occ.lo>>(sh+1)&0x7f]) << sh}
	}
	sh := uint(row-7) * 9
	return SquareSet{hi: uint64(rankAttacks[col][occ.hi>>(sh+1)&0x7f]) << sh}
}

func lanceAttack(c Color, s Square, occ SquareSet) SquareSet {
	if c == Black {
		return rayBefore(occ, rays[rayN][s])
	}
	return rayAfter(occ, rays[rayS][s], squareBit[s])
}

func bishopAttack(s Square, occ SquareSet) SquareSet {
	b := squareBit[s]
	return rayBefore(occ, rays[rayNW][s]).or(rayBefore(occ, rays[rayNE][s])).
		or(rayAfter(occ, rays[raySE][s], b)).or(rayAfter(occ, rays[raySW][s], b))
}

func rookAttack(s Square, occ SquareSet) SquareSet {
	return rayBefore(occ, rays[rayN][s]).or(rayAfter(occ, rays[rayS][s], squareBit[s])).or(rankAttack(s, occ))
}

// AttacksFrom returns the squares a piece pc standing on s attacks when the
// squares in occupied are taken (sliders stop at the first one, which they
// attack). Whose pieces stand there does not matter: attacks include
// squares of the piece's own side.
func AttacksFrom(pc Piece, s Square, occupied SquareSet) SquareSet {
	if !s.Valid() {
		return SquareSet{}
	}
	c := pc.Color()
	switch pc.Type() {
	case Pawn:
		return pawnAttacks[c][s]
	case Lance:
		return lanceAttack(c, s, occupied)
	case Knight:
		return knightAttacks[c][s]
	case Silver:
		return silverAttacks[c][s]
	case Gold, ProPawn, ProLance, ProKnight, ProSilver:
		return goldAttacks[c][s]
	case King:
		return kingAttacks[s]
	case Bishop:
		return bishopAttack(s, occupied)
	case Rook:
		return rookAttack(s, occupied)
	case Horse:
		return bishopAttack(s, occupied).or(kingAttacks[s])
	case Dragon:
		return rookAttack(s, occupied).or(kingAttacks[s])
	}
	return SquareSet{}
}
