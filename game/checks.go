package game

// GivesCheck reports whether the legal move m checks the opponent's king,
// directly or by uncovering one of the mover's sliders. (In a position set
// up with the opponent already in check it says whether the king is still
// attacked after m.) The answer for an illegal m is unspecified.
func (p *Position) GivesCheck(m Move) bool {
	us := p.side
	ek := p.king[us.Other()]
	to := m.To()
	if ek == NoSquare || to == ek || !to.Valid() {
		return false
	}
	occ := p.occupied().or(squareBit[to])
	var from SquareSet
	if !m.IsDrop() {
		if !m.From().Valid() {
			return false
		}
		from = squareBit[m.From()]
		occ = occ.andNot(from)
	}
	if AttacksFrom(m.PieceAfter(), to, occ).has(ek) {
		return true
	}
	// A discovered check: one of the mover's other pieces now reaches the king.
	return p.attackersTo(ek, us, occ).andNot(from).any()
}

// checkInfo says which moves check the opponent's king: a piece of kind t
// arriving on a square of direct[t], or a piece of disc leaving the line
// from the king through it.
type checkInfo struct {
	king   Square
	direct [NumPieceTypes]SquareSet
	disc   SquareSet
}

func (p *Position) newCheckInfo(ek Square) checkInfo {
	us := p.side
	them := us.Other()
	occ := p.occupied()
	ci := checkInfo{king: ek}
	// Our piece of kind t on x attacks the king exactly when the king,
	// moving as the opponent's piece of kind t, would attack x.
	for t := Pawn; t < NumPieceTypes; t++ {
		if t != King {
			ci.direct[t] = AttacksFrom(NewPiece(them, t), ek, occ)
		}
	}
	ci.disc = p.blockers(ek, us, occ).and(p.byColor[us])
	return ci
}

func (ci *checkInfo) gives(m Move) bool {
	to := m.To()
	if ci.direct[m.PieceAfter().Type()].has(to) {
		return true
	}
	if m.IsDrop() {
		return false
	}
	from := m.From()
	return ci.disc.has(from) && !rays[rayDir[ci.king][from]][ci.king].has(to)
}

// LegalChecks appends the legal moves that check the opponent's king to
// dst and returns it: the moves of LegalMoves for which GivesCheck holds,
// found without generating the others (what a mate search wants).
func (p *Position) LegalChecks(dst []Move) []Move {
	us := p.side
	ek := p.king[us.Other()]
	if ek == NoSquare {
		return dst
	}
	start := len(dst)
	if p.attacked(ek, us, p.occupied()) {
		// Set up with the opponent in check: rare, so simply filter.
		dst = p.LegalMoves(dst)
		n := start
		for _, m := range dst[start:] {
			if p.GivesCheck(m) {
				dst[n] = m
				n++
			}
		}
		return dst[:n]
	}
	ci := p.newCheckInfo(ek)
	var g generator
	g.init(p, allSquares)
	if g.king != NoSquare && ci.disc.has(g.king) {
		dst = g.kingMoves(dst, allSquares.andNot(p.byColor[us]))
	}
	if !g.double {
		occ := g.occ
		for pcs := p.byColor[us].andNot(p.kinds[kKing]); pcs.any(); {
			from := pcs.pop()
			pc := p.board[from]
			a := AttacksFrom(pc, from, occ).and(g.target)
			if g.pinned.has(from) {
				a = a.and(rays[rayDir[g.king][from]][g.king])
			}
			if !ci.disc.has(from) {
				t := pc.Type()
				mask := ci.direct[t]
				if t.CanPromote() {
					mask = mask.or(ci.direct[t.Promote()])
				}
				a = a.and(mask)
			}
			if a.any() {
				dst = g.emitFor(dst, pc, from, a)
			}
		}
		// Drops: only on the squares from which the piece checks.
		h := &p.hand[us]
		for t := Pawn; t <= Gold; t++ {
			if h[t] > 0 {
				a := g.dropTargets(t, g.drop.and(ci.direct[t]))
				dst = emitDrops(dst, moveDrop|Move(NewPiece(us, t))<<16, a)
			}
		}
	}
	n := start
	for _, m := range dst[start:] {
		if ci.gives(m) {
			dst[n] = m
			n++
		}
	}
	return dst[:n]
}
