package game

import (
	"math/bits"
	"slices"
)

// golds returns the pieces that move as a gold: golds and the promoted
// pawn, lance, knight and silver.
func (p *Position) golds() SquareSet {
	return p.kinds[kGold].or(p.kinds[kProMinor])
}

// lanceBehind[c] is the ray along which c's lances attack a square: from
// the square back toward c's side.
var lanceBehind = [2]int{rayS, rayN}

// attackersTo returns c's pieces that attack s when the squares in occ are
// taken. The piece on s itself, if any, is never among them.
func (p *Position) attackersTo(s Square, c Color, occ SquareSet) SquareSet {
	bt := &p.kinds
	o := c.Other()
	a := pawnAttacks[o][s].and(bt[kPawn]).
		or(knightAttacks[o][s].and(bt[kKnight])).
		or(silverAttacks[o][s].and(bt[kSilver])).
		or(goldAttacks[o][s].and(p.golds())).
		or(kingAttacks[s].and(bt[kKing].or(bt[kHorse]).or(bt[kDragon])))
	own := p.byColor[c]
	rq := bt[kRook].or(bt[kDragon])
	lances := bt[kLance].and(rays[lanceBehind[c]][s])
	if rookReach[s].and(rq.or(lances)).and(own).any() {
		r := rookAttack(s, occ)
		a = a.or(r.and(rq.or(lances)))
	}
	bq := bt[kBishop].or(bt[kHorse])
	if bishopReach[s].and(bq).and(own).any() {
		a = a.or(bishopAttack(s, occ).and(bq))
	}
	return a.and(own)
}

// attacked reports whether any of c's pieces attacks s when the squares
// in occ are taken. It tests the cheap step attacks first.
func (p *Position) attacked(s Square, c Color, occ SquareSet) bool {
	bt := &p.kinds
	o := c.Other()
	own := p.byColor[c]
	if pawnAttacks[o][s].and(bt[kPawn]).
		or(knightAttacks[o][s].and(bt[kKnight])).
		or(silverAttacks[o][s].and(bt[kSilver])).
		or(goldAttacks[o][s].and(p.golds())).
		or(kingAttacks[s].and(bt[kKing].or(bt[kHorse]).or(bt[kDragon]))).and(own).any() {
		return true
	}
	rq := bt[kRook].or(bt[kDragon]).or(bt[kLance].and(rays[lanceBehind[c]][s])).and(own)
	if rookReach[s].and(rq).any() && rookAttack(s, occ).and(rq).any() {
		return true
	}
	bq := bt[kBishop].or(bt[kHorse]).and(own)
	return bishopReach[s].and(bq).any() && bishopAttack(s, occ).and(bq).any()
}

// Attackers returns c's pieces that attack s: those that could capture a
// piece of the other side standing there, pins ignored.
func (p *Position) Attackers(s Square, c Color) SquareSet {
	if !s.Valid() {
		return SquareSet{}
	}
	return p.attackersTo(s, c, p.occupied())
}

// Occupied returns the squares that hold a piece.
func (p *Position) Occupied() SquareSet { return p.occupied() }

func (p *Position) occupied() SquareSet { return p.byColor[Black].or(p.byColor[White]) }

// OccupiedBy returns the squares that hold c's pieces.
func (p *Position) OccupiedBy(c Color) SquareSet { return p.byColor[c&1] }

// Pieces returns the squares that hold c's pieces of kind t.
func (p *Position) Pieces(c Color, t PieceType) SquareSet {
	if t == NoPieceType || t >= NumPieceTypes {
		return SquareSet{}
	}
	b := p.kinds[kindOf[t]].and(p.byColor[c&1])
	if kindOf[t] == kProMinor { // the four share a set: pick t's out
		for x := b; x.any(); {
			if s := x.pop(); p.board[s].Type() != t {
				b = b.andNot(squareBit[s])
			}
		}
	}
	return b
}

// between returns the squares strictly between a and b on a line, or the
// empty set when they share no rank, file or diagonal.
func between(a, b Square) SquareSet {
	d := rayDir[a][b]
	if d < 0 {
		return SquareSet{}
	}
	return rays[d][a].and(rays[reverseRay(int(d))][b])
}

// blockers returns the pieces (of either side) that stand alone between
// the square k and a slider of colour c aimed at it.
func (p *Position) blockers(k Square, c Color, occ SquareSet) SquareSet {
	bt := &p.kinds
	snipers := rookReach[k].and(bt[kRook].or(bt[kDragon])).
		or(bishopReach[k].and(bt[kBishop].or(bt[kHorse]))).
		or(rays[lanceBehind[c]][k].and(bt[kLance])).
		and(p.byColor[c])
	var out SquareSet
	for snipers.any() {
		b := between(k, snipers.pop()).and(occ)
		if b.any() && !b.more() {
			out = out.or(b)
		}
	}
	return out
}

// kingThreats returns c's pieces that attack the square k and the pieces
// (of either side) that alone stand between k and a slider of c aimed at
// it: what attackersTo and blockers return, in one pass over the sliders.
func (p *Position) kingThreats(k Square, c Color, occ SquareSet) (checkers, blockers SquareSet) {
	bt := &p.kinds
	o := c.Other()
	own := p.byColor[c]
	checkers = pawnAttacks[o][k].and(bt[kPawn]).
		or(knightAttacks[o][k].and(bt[kKnight])).
		or(silverAttacks[o][k].and(bt[kSilver])).
		or(goldAttacks[o][k].and(p.golds())).
		or(kingAttacks[k].and(bt[kKing].or(bt[kHorse]).or(bt[kDragon]))).
		and(own)
	snipers := rookReach[k].and(bt[kRook].or(bt[kDragon])).
		or(bishopReach[k].and(bt[kBishop].or(bt[kHorse]))).
		or(rays[lanceBehind[c]][k].and(bt[kLance])).
		and(own)
	for snipers.any() {
		s := snipers.pop()
		switch b := between(k, s).and(occ); {
		case !b.any():
			checkers = checkers.or(squareBit[s])
		case !b.more():
			blockers = blockers.or(b)
		}
	}
	return checkers, blockers
}

// InCheck reports whether the side to move's king is attacked.
func (p *Position) InCheck() bool {
	k := p.king[p.side]
	return k != NoSquare && p.attacked(k, p.side.Other(), p.occupied())
}

// kingAttacked reports whether c's king stands attacked.
func (p *Position) kingAttacked(c Color) bool {
	k := p.king[c]
	return k != NoSquare && p.attacked(k, c.Other(), p.occupied())
}

// Checkers returns the squares of the pieces giving check to the side to
// move, in ascending order.
func (p *Position) Checkers() []Square {
	k := p.king[p.side]
	if k == NoSquare {
		return nil
	}
	var out []Square
	for s := range p.attackersTo(k, p.side.Other(), p.occupied()).All() {
		out = append(out, s)
	}
	return out
}

// attacks reports whether the piece on from attacks to (pseudo-legally,
// honouring blockers).
func (p *Position) attacks(from, to Square) bool {
	pc := p.board[from]
	if pc == NoPiece || from == to {
		return false
	}
	return AttacksFrom(pc, from, p.occupied()).Has(to)
}

// generator holds what legal generation works out once per position.
type generator struct {
	p      *Position
	us     Color
	king   Square    // the side to move's king, or NoSquare
	occ    SquareSet // every piece
	pinned SquareSet // the side to move's pieces that may move only toward or away from its king
	// Where moves may go: board moves of pieces other than the king to
	// target, drops to drop. In check they must capture the checker or
	// block; in double check only the king may move (double is set).
	target, drop SquareSet
	double       bool
}

// init prepares g for the position p, with board moves limited to the
// squares of mask.
func (g *generator) init(p *Position, mask SquareSet) {
	g.base(p, mask)
	g.threats()
}

// base sets what the king's moves need (kingMoves reads no more).
func (g *generator) base(p *Position, mask SquareSet) {
	us := p.side
	// Field by field: assigning a whole literal through g copies a
	// temporary with write barriers.
	g.p, g.us, g.king, g.occ = p, us, p.king[us], p.occupied()
	g.pinned, g.double = SquareSet{}, false
	g.target = mask.andNot(p.byColor[us])
	g.drop = allSquares.andNot(g.occ)
}

// threats finds the checks on the king and the pieces pinned to it, and
// narrows the targets to answers to a single check.
func (g *generator) threats() {
	p, us, k := g.p, g.us, g.king
	if k == NoSquare {
		return
	}
	own := p.byColor[us]
	checkers, blockers := p.kingThreats(k, us.Other(), g.occ)
	g.pinned = blockers.and(own)
	if checkers.any() {
		if checkers.more() {
			g.double = true
			return
		}
		block := between(k, checkers.Lowest())
		g.target = g.target.and(block.or(checkers))
		g.drop = block
	}
}

// emit appends a move from base (origin and piece) to every square of a.
func emit(dst []Move, base Move, a SquareSet, board *[NumSquares]Piece) []Move {
	for a.lo != 0 {
		to := bits.TrailingZeros64(a.lo)
		a.lo &= a.lo - 1
		dst = append(dst, base|Move(to)|Move(board[to])<<21)
	}
	for a.hi != 0 {
		to := bits.TrailingZeros64(a.hi) + loSquares
		a.hi &= a.hi - 1
		dst = append(dst, base|Move(to)|Move(board[to])<<21)
	}
	return dst
}

// emitPawnLike appends the moves from base to the squares of a for a pawn,
// lance or knight: promoting in the zone, and also not promoting unless
// the destination is in dead (where the piece would have no further move).
func emitPawnLike(dst []Move, base Move, a, zone, dead SquareSet, board *[NumSquares]Piece) []Move {
	for pr := a.and(zone); pr.any(); {
		to := pr.pop()
		m := base | Move(to) | Move(board[to])<<21
		dst = append(dst, m|movePromote)
		if !dead.has(to) {
			dst = append(dst, m)
		}
	}
	return emit(dst, base, a.andNot(zone), board)
}

// emitOptional appends the moves from base to the squares of a for a
// silver, bishop or rook: both ways when the move starts or ends in the
// zone, else plain.
func emitOptional(dst []Move, base Move, a, zone SquareSet, fromInZone bool, board *[NumSquares]Piece) []Move {
	pr := a
	if !fromInZone {
		pr = a.and(zone)
		dst = emit(dst, base, a.andNot(zone), board)
	}
	for pr.any() {
		to := pr.pop()
		m := base | Move(to) | Move(board[to])<<21
		dst = append(dst, m|movePromote, m)
	}
	return dst
}

// emitFor appends the moves of pc from from to the squares of a, choosing
// promotion as the rules allow.
func (g *generator) emitFor(dst []Move, pc Piece, from Square, a SquareSet) []Move {
	us := g.us
	base := Move(from)<<7 | Move(pc)<<16
	board := &g.p.board
	switch pc.Type() {
	case Pawn, Lance:
		return emitPawnLike(dst, base, a, zone[us], farRank[us], board)
	case Knight:
		return emitPawnLike(dst, base, a, zone[us], farRanks2[us], board)
	case Silver, Bishop, Rook:
		return emitOptional(dst, base, a, zone[us], zone[us].has(from), board)
	}
	return emit(dst, base, a, board)
}

// pieceMoves appends the moves of the side to move's pieces but the king
// to the squares of target. Each kind has its own loop; pinned pieces are
// left to one general loop at the end, as they are rare.
func (g *generator) pieceMoves(dst []Move, target SquareSet) []Move {
	p := g.p
	us := g.us
	own := p.byColor[us].andNot(g.pinned)
	bt := &p.kinds
	board := &p.board
	occ := g.occ
	z := zone[us]

	// Pawns all at once: shift them forward.
	if to := bt[kPawn].and(own).forwardOf(us).and(target); to.any() {
		pc := Move(NewPiece(us, Pawn)) << 16
		back := Square(9) // from the destination back to the origin
		if us == White {
			back = -9
		}
		for pr := to.and(z); pr.any(); {
			t := pr.pop()
			m := Move(t+back)<<7 | pc | Move(t) | Move(board[t])<<21
			dst = append(dst, m|movePromote)
			if !farRank[us].has(t) {
				dst = append(dst, m)
			}
		}
		for plain := to.andNot(z); plain.any(); {
			t := plain.pop()
			dst = append(dst, Move(t+back)<<7|pc|Move(t)|Move(board[t])<<21)
		}
	}
	for pcs := bt[kLance].and(own); pcs.any(); {
		from := pcs.pop()
		base := Move(from)<<7 | Move(NewPiece(us, Lance))<<16
		if a := lanceAttack(us, from, occ).and(target); a.and(z).any() {
			dst = emitPawnLike(dst, base, a, z, farRank[us], board)
		} else {
			dst = emit(dst, base, a, board)
		}
	}
	for pcs := bt[kKnight].and(own); pcs.any(); {
		from := pcs.pop()
		base := Move(from)<<7 | Move(NewPiece(us, Knight))<<16
		if a := knightAttacks[us][from].and(target); a.and(z).any() {
			dst = emitPawnLike(dst, base, a, z, farRanks2[us], board)
		} else {
			dst = emit(dst, base, a, board)
		}
	}
	for pcs := bt[kSilver].and(own); pcs.any(); {
		from := pcs.pop()
		base := Move(from)<<7 | Move(NewPiece(us, Silver))<<16
		if a := silverAttacks[us][from].and(target); a.and(z).any() || z.has(from) {
			dst = emitOptional(dst, base, a, z, z.has(from), board)
		} else {
			dst = emit(dst, base, a, board)
		}
	}
	for pcs := p.golds().and(own); pcs.any(); {
		from := pcs.pop()
		base := Move(from)<<7 | Move(board[from])<<16
		dst = emit(dst, base, goldAttacks[us][from].and(target), board)
	}
	for pcs := bt[kBishop].and(own); pcs.any(); {
		from := pcs.pop()
		base := Move(from)<<7 | Move(NewPiece(us, Bishop))<<16
		if a := bishopAttack(from, occ).and(target); a.and(z).any() || z.has(from) {
			dst = emitOptional(dst, base, a, z, z.has(from), board)
		} else {
			dst = emit(dst, base, a, board)
		}
	}
	for pcs := bt[kRook].and(own); pcs.any(); {
		from := pcs.pop()
		base := Move(from)<<7 | Move(NewPiece(us, Rook))<<16
		if a := rookAttack(from, occ).and(target); a.and(z).any() || z.has(from) {
			dst = emitOptional(dst, base, a, z, z.has(from), board)
		} else {
			dst = emit(dst, base, a, board)
		}
	}
	for pcs := bt[kHorse].and(own); pcs.any(); {
		from := pcs.pop()
		base := Move(from)<<7 | Move(NewPiece(us, Horse))<<16
		dst = emit(dst, base, bishopAttack(from, occ).or(kingAttacks[from]).and(target), board)
	}
	for pcs := bt[kDragon].and(own); pcs.any(); {
		from := pcs.pop()
		base := Move(from)<<7 | Move(NewPiece(us, Dragon))<<16
		dst = emit(dst, base, rookAttack(from, occ).or(kingAttacks[from]).and(target), board)
	}
	// Pinned pieces move only along the line from their king through them.
	// (A king other than the one the position tracks never moves, as
	// before bitboards.)
	for pcs := g.pinned.andNot(bt[kKing]); pcs.any(); {
		from := pcs.pop()
		pc := board[from]
		a := AttacksFrom(pc, from, occ).and(target).and(rays[rayDir[g.king][from]][g.king])
		dst = g.emitFor(dst, pc, from, a)
	}
	return dst
}

// kingMoves appends the king's moves to the squares of target that no
// enemy piece attacks once the king has left its square. Rather than ask
// for each square who attacks it, it strikes out what each nearby enemy
// piece attacks: pawns all at once, step pieces only within two squares of
// the king, sliders only when their empty-board reach meets the squares.
func (g *generator) kingMoves(dst []Move, target SquareSet) []Move {
	p := g.p
	k := g.king
	a := kingAttacks[k].and(target)
	if !a.any() {
		return dst
	}
	them := g.us.Other()
	bt := &p.kinds
	tb := p.byColor[them]
	a = a.andNot(bt[kPawn].and(tb).forwardOf(them))
	for pcs := bt[kKnight].and(tb).and(knightNear[k]); pcs.any(); {
		a = a.andNot(knightAttacks[them][pcs.pop()])
	}
	near := tb.and(kingNear[k])
	for pcs := near.and(bt[kSilver]); pcs.any(); {
		a = a.andNot(silverAttacks[them][pcs.pop()])
	}
	for pcs := near.and(p.golds()); pcs.any(); {
		a = a.andNot(goldAttacks[them][pcs.pop()])
	}
	for pcs := near.and(bt[kKing].or(bt[kHorse]).or(bt[kDragon])); pcs.any(); {
		a = a.andNot(kingAttacks[pcs.pop()])
	}
	if !a.any() {
		return dst
	}
	occ := g.occ.andNot(squareBit[k])
	for pcs := bt[kRook].or(bt[kDragon]).and(tb).and(rookNear[k]); pcs.any(); {
		if s := pcs.pop(); rookReach[s].and(a).any() {
			a = a.andNot(rookAttack(s, occ))
		}
	}
	for pcs := bt[kBishop].or(bt[kHorse]).and(tb).and(bishopNear[k]); pcs.any(); {
		if s := pcs.pop(); bishopReach[s].and(a).any() {
			a = a.andNot(bishopAttack(s, occ))
		}
	}
	for pcs := bt[kLance].and(tb).and(lanceNear[g.us][k]); pcs.any(); {
		if s := pcs.pop(); rays[lanceBehind[g.us]][s].and(a).any() {
			a = a.andNot(lanceAttack(them, s, occ))
		}
	}
	return emit(dst, Move(k)<<7|Move(p.board[k])<<16, a, &p.board)
}

// dropTargets returns the squares of target (all empty) where a piece of
// kind t may be dropped: not where it would be dead, and for a pawn not on
// a file with an unpromoted pawn of the side (nifu) nor where it would
// mate (uchifuzume).
func (g *generator) dropTargets(t PieceType, target SquareSet) SquareSet {
	p := g.p
	us := g.us
	switch t {
	case Pawn:
		a := target.andNot(farRank[us]).andNot(p.kinds[kPawn].and(p.byColor[us]).files())
		if ek := p.king[us.Other()]; ek != NoSquare {
			if m := a.and(pawnAttacks[us.Other()][ek]); m.any() && p.pawnDropMates(m.Lowest()) {
				a = a.andNot(m)
			}
		}
		return a
	case Lance:
		return target.andNot(farRank[us])
	case Knight:
		return target.andNot(farRanks2[us])
	}
	return target
}

// drops appends the legal drops on the squares of target (all empty).
func (g *generator) drops(dst []Move, target SquareSet) []Move {
	p := g.p
	us := g.us
	h := &p.hand[us]
	for _, t := range [3]PieceType{Pawn, Lance, Knight} {
		if h[t] > 0 {
			dst = emitDrops(dst, moveDrop|Move(NewPiece(us, t))<<16, g.dropTargets(t, target))
		}
	}
	// The other kinds may go anywhere: one pass over the squares for all
	// of them, with a loop for each number of kinds.
	var b [4]Move
	n := 0
	for _, t := range [4]PieceType{Silver, Gold, Bishop, Rook} {
		if h[t] > 0 {
			b[n] = moveDrop | Move(NewPiece(us, t))<<16
			n++
		}
	}
	switch n {
	case 1:
		dst = emitDrops(dst, b[0], target)
	case 2:
		for target.any() {
			to := Move(target.pop())
			dst = append(dst, b[0]|to, b[1]|to)
		}
	case 3:
		for target.any() {
			to := Move(target.pop())
			dst = append(dst, b[0]|to, b[1]|to, b[2]|to)
		}
	case 4:
		for target.any() {
			to := Move(target.pop())
			dst = append(dst, b[0]|to, b[1]|to, b[2]|to, b[3]|to)
		}
	}
	return dst
}

// emitDrops appends a drop from base (the piece) on every square of a.
func emitDrops(dst []Move, base Move, a SquareSet) []Move {
	for a.lo != 0 {
		to := bits.TrailingZeros64(a.lo)
		a.lo &= a.lo - 1
		dst = append(dst, base|Move(to))
	}
	for a.hi != 0 {
		to := bits.TrailingZeros64(a.hi) + loSquares
		a.hi &= a.hi - 1
		dst = append(dst, base|Move(to))
	}
	return dst
}

// pawnDropMates reports whether dropping a pawn on s, in front of the
// enemy king, checkmates (uchifuzume). A pawn's check cannot be blocked,
// so the defender has only king moves and captures of the pawn.
func (p *Position) pawnDropMates(s Square) bool {
	us := p.side
	them := us.Other()
	ek := p.king[them]
	occ := p.occupied().or(squareBit[s])
	// Escapes: the pawn's square is one of them unless it is guarded.
	esc := kingAttacks[ek].andNot(p.byColor[them])
	occK := occ.andNot(squareBit[ek])
	for esc.any() {
		if !p.attacked(esc.pop(), us, occK) {
			return false
		}
	}
	// Captures by anything but a king, unless the capture exposes the king.
	caps := p.attackersTo(s, them, occ).andNot(p.kinds[kKing])
	for caps.any() {
		from := caps.pop()
		if !p.attacked(ek, us, occ.andNot(squareBit[from])) {
			return false
		}
	}
	return true
}

// generate appends the legal moves whose destination is in mask (board
// moves) and, when withDrops is set, the legal drops.
func (p *Position) generate(dst []Move, mask SquareSet, withDrops bool) []Move {
	if cap(dst)-len(dst) < 32 {
		// One allocation up front rather than a string of small ones as
		// append doubles (callers often pass nil).
		dst = slices.Grow(dst, 160)
	}
	var g generator
	g.init(p, mask)
	if g.king != NoSquare {
		dst = g.kingMoves(dst, mask.andNot(p.byColor[g.us]))
		if g.double {
			return dst
		}
	}
	dst = g.pieceMoves(dst, g.target)
	if withDrops && g.drop.any() {
		h := &p.hand[g.us]
		if h[Pawn]|h[Lance]|h[Knight]|h[Silver]|h[Gold]|h[Bishop]|h[Rook] != 0 {
			dst = g.drops(dst, g.drop)
		}
	}
	return dst
}

// LegalMoves appends every legal move to dst and returns it. Moves where
// promotion is optional appear twice, promoting and not.
func (p *Position) LegalMoves(dst []Move) []Move {
	return p.generate(dst, allSquares, true)
}

// LegalCaptures appends the legal moves that capture (promoting or not) to
// dst and returns it. With LegalQuiets it makes up LegalMoves: a search
// can try captures first and generate the rest only if it needs them.
func (p *Position) LegalCaptures(dst []Move) []Move {
	return p.generate(dst, p.byColor[p.side.Other()], false)
}

// LegalQuiets appends the legal moves that capture nothing, drops and
// non-capturing promotions included, to dst and returns it.
func (p *Position) LegalQuiets(dst []Move) []Move {
	return p.generate(dst, allSquares.andNot(p.occupied()), true)
}

// HasLegalMove reports whether the side to move has any legal move. It
// stops at the first it finds: a piece with any square to go to has a
// move there (promoting, if it must).
func (p *Position) HasLegalMove() bool {
	var g generator
	// The king's moves first: they need neither the checks nor the pins,
	// and a king that can step away ends the question (the usual answer
	// after a check, which mate-in-one tests ask about every check).
	g.base(p, allSquares)
	if g.king != NoSquare {
		var buf [8]Move
		if len(g.kingMoves(buf[:0], g.target)) > 0 { // every square but our own pieces'
			return true
		}
	}
	g.threats()
	if g.double {
		return false
	}
	for pcs := p.byColor[g.us].andNot(p.kinds[kKing]); pcs.any(); {
		from := pcs.pop()
		a := AttacksFrom(p.board[from], from, g.occ).and(g.target)
		if g.pinned.has(from) {
			a = a.and(rays[rayDir[g.king][from]][g.king])
		}
		if a.any() {
			return true
		}
	}
	h := &p.hand[g.us]
	for t := Pawn; t <= Gold; t++ {
		if h[t] > 0 && g.dropTargets(t, g.drop).any() {
			return true
		}
	}
	return false
}

// MaxMoves is more than the number of legal moves in any position (593
// is the most known), so a buffer of this capacity never grows.
const MaxMoves = 600

// IsCheckmate reports whether the side to move is in check with no legal move.
func (p *Position) IsCheckmate() bool { return p.InCheck() && !p.HasLegalMove() }

// IsLegal reports whether m is a legal move here (the captured-piece field
// of m is ignored). It checks m directly rather than generating every move.
func (p *Position) IsLegal(m Move) bool {
	us := p.side
	them := us.Other()
	to := m.To()
	pc := m.Piece()
	if m == NoMove || m>>moveBits != 0 || !to.Valid() || pc == NoPiece || pc.Color() != us {
		return false
	}
	t := pc.Type()
	occ := p.occupied()
	if m.IsDrop() {
		if m.IsPromotion() || m&fromMask != 0 || t < Pawn || t > Gold || p.hand[us][t] == 0 || p.board[to] != NoPiece || mustPromote(us, t, to) {
			return false
		}
		if t == Pawn && p.pawnDropRule(to) != RuleNone {
			return false
		}
		k := p.king[us]
		return k == NoSquare || !p.attacked(k, them, occ.or(squareBit[to]))
	}
	from := m.From()
	if !from.Valid() || p.board[from] != pc {
		return false
	}
	if cap := p.board[to]; cap != NoPiece && cap.Color() == us {
		return false
	}
	if !p.attacks(from, to) {
		return false
	}
	if m.IsPromotion() {
		if !t.CanPromote() || relRankTable[us][from] > 3 && relRankTable[us][to] > 3 {
			return false
		}
	} else if mustPromote(us, t, to) {
		return false
	}
	if t == King {
		return !p.attacked(to, them, occ.andNot(squareBit[from]))
	}
	k := p.king[us]
	if k == NoSquare {
		return true
	}
	after := occ.andNot(squareBit[from]).or(squareBit[to])
	return p.attackersTo(k, them, after).andNot(squareBit[to]).Empty()
}

// pawnDropRule returns the rule a pawn drop on the empty square s would
// break, nifu or uchifuzume, or RuleNone. IsLegal and CheckMove ask it;
// the generator applies the same two rules to whole sets of squares.
func (p *Position) pawnDropRule(s Square) Rule {
	if p.nifu(s) {
		return RuleNifu
	}
	if ek := p.king[p.side.Other()]; ek != NoSquare && pawnAttacks[p.side][s].Has(ek) && p.pawnDropMates(s) {
		return RuleUchifuzume
	}
	return RuleNone
}

// nifu reports whether the side to move already has an unpromoted pawn on
// the file of s.
func (p *Position) nifu(s Square) bool {
	file := rays[rayN][s].or(rays[rayS][s]).or(squareBit[s])
	return p.kinds[kPawn].and(p.byColor[p.side]).and(file).any()
}
