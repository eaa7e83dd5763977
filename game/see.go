package game

// SEE returns the static exchange evaluation of m: what the mover gains
// on m.To() if the two sides then take turns capturing there, each with
// its least valuable attacker and each free to stop when going on would
// lose. value[t] is what a piece of kind t standing on the board is worth
// (the caller decides whether the piece going to the capturer's hand is
// counted too). The promotion of m itself counts as value[promoted] -
// value[unpromoted]; the recaptures are counted without promotion. Pins
// are ignored, a king recaptures only when the other side has nothing
// left to capture with, and sliders behind a capturer join in.
func (p *Position) SEE(m Move, value *[NumPieceTypes]int) int {
	to := m.To()
	if !to.Valid() || m.Piece() == NoPiece || m.Piece().Type() >= NumPieceTypes {
		return 0 // not a move
	}
	occ := p.occupied()
	var gain [40]int // a capture sequence is at most every piece on the board
	if c := p.board[to]; c != NoPiece {
		gain[0] = value[c.Type()]
	}
	if m.IsPromotion() {
		gain[0] += value[m.PieceAfter().Type()] - value[m.Piece().Type()]
	}
	onSquare := value[m.PieceAfter().Type()] // what the next capture wins
	if m.IsDrop() {
		occ = occ.or(squareBit[to])
	} else if from := m.From(); from.Valid() {
		occ = occ.andNot(squareBit[from])
	}
	side := m.Color().Other()
	bt := &p.kinds
	black, white := p.byColor[Black], p.byColor[White]
	rq := bt[kRook].or(bt[kDragon])
	bq := bt[kBishop].or(bt[kHorse])
	lances := bt[kLance].and(black).and(rays[rayS][to]).or(bt[kLance].and(white).and(rays[rayN][to]))
	// Both sides' attackers at once: a White table from the square finds
	// Black's pieces and the other way round.
	step := func(t *[2][NumSquares]SquareSet, k SquareSet) SquareSet {
		return t[White][to].and(k).and(black).or(t[Black][to].and(k).and(white))
	}
	attackers := step(&pawnAttacks, bt[kPawn]).or(step(&knightAttacks, bt[kKnight])).
		or(step(&silverAttacks, bt[kSilver])).or(step(&goldAttacks, p.golds())).
		or(kingAttacks[to].and(bt[kKing].or(bt[kHorse]).or(bt[kDragon])))
	if rookReach[to].and(rq.or(lances)).any() {
		attackers = attackers.or(rookAttack(to, occ).and(rq.or(lances)))
	}
	if bishopReach[to].and(bq).any() {
		attackers = attackers.or(bishopAttack(to, occ).and(bq))
	}
	attackers = attackers.and(occ)
	d := 0
	for d+1 < len(gain) {
		mine := attackers.and(p.byColor[side])
		if !mine.any() {
			break
		}
		from, fv, kingOnly := p.leastValuable(mine, value)
		if kingOnly && attackers.andNot(mine).any() {
			break // the king may not capture into an attack
		}
		d++
		gain[d] = onSquare - gain[d-1]
		onSquare = fv
		occ = occ.andNot(squareBit[from])
		// A slider behind the capturer now reaches the square.
		switch dir := rayDir[to][from]; dir {
		case -1:
		case rayN, rayS, rayW, rayE:
			attackers = attackers.or(rookAttack(to, occ).and(rq.or(lances)))
		default:
			attackers = attackers.or(bishopAttack(to, occ).and(bq))
		}
		attackers = attackers.and(occ)
		side = side.Other()
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// leastValuable returns the square and value of the cheapest piece in s
// (by value), and whether that piece is a king (chosen only when s has
// nothing else).
func (p *Position) leastValuable(s SquareSet, value *[NumPieceTypes]int) (Square, int, bool) {
	best, bv := NoSquare, 0
	king := NoSquare
	for s.any() {
		sq := s.pop()
		t := p.board[sq].Type()
		if t == King {
			king = sq
			continue
		}
		if v := value[t]; best == NoSquare || v < bv {
			best, bv = sq, v
		}
	}
	if best == NoSquare {
		return king, value[King], true
	}
	return best, bv, false
}
