package game

// sqset is a set of squares in two words.
type sqset struct{ lo, hi uint64 }

func (b *sqset) add(s Square) {
	if s < 64 {
		b.lo |= 1 << uint(s)
	} else {
		b.hi |= 1 << uint(s-64)
	}
}

func (b sqset) has(s Square) bool {
	if s < 64 {
		return b.lo>>uint(s)&1 != 0
	}
	return b.hi>>uint(s-64)&1 != 0
}

// attackedBy reports whether any piece of colour c attacks s, treating the
// square ignore as empty (so a king cannot hide behind itself).
func (p *Position) attackedBy(s Square, c Color, ignore Square) bool {
	for d := 0; d < 8; d++ {
		back := uint8(1) << opposite(d)
		t := neighbor[s][d]
		if t == NoSquare {
			continue
		}
		pc := p.board[t]
		if t == ignore {
			pc = NoPiece
		}
		if pc != NoPiece {
			if pc.Color() == c && (stepDirs[pc]|slideDirs[pc])&back != 0 {
				return true
			}
			continue
		}
		for t = neighbor[t][d]; t != NoSquare; t = neighbor[t][d] {
			pc = p.board[t]
			if pc == NoPiece || t == ignore {
				continue
			}
			if pc.Color() == c && slideDirs[pc]&back != 0 {
				return true
			}
			break
		}
	}
	for _, t := range knightTo[c.Other()][s] {
		if t != NoSquare && p.board[t] == NewPiece(c, Knight) {
			return true
		}
	}
	return false
}

// InCheck reports whether the side to move's king is attacked.
func (p *Position) InCheck() bool {
	k := p.king[p.side]
	return k != NoSquare && p.attackedBy(k, p.side.Other(), NoSquare)
}

// givesCheckTo reports whether c's king stands attacked.
func (p *Position) kingAttacked(c Color) bool {
	k := p.king[c]
	return k != NoSquare && p.attackedBy(k, c.Other(), NoSquare)
}

// Checkers returns the squares of the pieces giving check to the side to move.
func (p *Position) Checkers() []Square {
	var out []Square
	k := p.king[p.side]
	if k == NoSquare {
		return nil
	}
	them := p.side.Other()
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		if pc != NoPiece && pc.Color() == them && p.attacks(s, k) {
			out = append(out, s)
		}
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
	if pc.Type() == Knight {
		k := knightTo[pc.Color()][from]
		return k[0] == to || k[1] == to
	}
	d := int(lineDir[from][to])
	if d < 0 {
		return false
	}
	if neighbor[from][d] == to && stepDirs[pc]&(1<<d) != 0 {
		return true
	}
	if slideDirs[pc]&(1<<d) == 0 {
		return false
	}
	for t := neighbor[from][d]; t != to; t = neighbor[t][d] {
		if p.board[t] != NoPiece {
			return false
		}
	}
	return true
}

// pin is a piece of the side to move that may move only along one line.
type pin struct {
	sq  Square
	dir int8
}

// genContext holds what legal generation needs to know about the king.
type genContext struct {
	checks  int
	target  sqset // in single check: where a non-king move must land
	block   sqset // in single check: where a drop must land
	pins    [8]pin
	npins   int
	hasKing bool
}

func (p *Position) context() genContext {
	var g genContext
	us := p.side
	k := p.king[us]
	if k == NoSquare {
		return g
	}
	g.hasKing = true
	them := us.Other()
	for d := 0; d < 8; d++ {
		back := uint8(1) << opposite(d)
		var own Square = NoSquare
		var path sqset
		dist := 0
		for t := neighbor[k][d]; t != NoSquare; t = neighbor[t][d] {
			dist++
			pc := p.board[t]
			if pc == NoPiece {
				path.add(t)
				continue
			}
			if pc.Color() == us {
				if own != NoSquare {
					break
				}
				own = t
				continue
			}
			if own == NoSquare {
				if (dist == 1 && stepDirs[pc]&back != 0) || slideDirs[pc]&back != 0 {
					g.checks++
					g.target = path
					g.target.add(t)
					g.block = path
				}
			} else if slideDirs[pc]&back != 0 {
				g.pins[g.npins] = pin{own, int8(d)}
				g.npins++
			}
			break
		}
	}
	for _, t := range knightTo[us][k] {
		if t != NoSquare && p.board[t] == NewPiece(them, Knight) {
			g.checks++
			g.target = sqset{}
			g.target.add(t)
			g.block = sqset{}
		}
	}
	return g
}

func (g *genContext) pinDir(s Square) int {
	for i := 0; i < g.npins; i++ {
		if g.pins[i].sq == s {
			return int(g.pins[i].dir)
		}
	}
	return -1
}

// LegalMoves appends every legal move to dst and returns it. Moves where
// promotion is optional appear twice, promoting and not.
func (p *Position) LegalMoves(dst []Move) []Move {
	g := p.context()
	us := p.side
	if g.hasKing {
		dst = p.kingMoves(dst)
		if g.checks >= 2 {
			return dst
		}
	}
	inCheck := g.checks == 1
	var pawnFiles [9]bool
	var empty sqset
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		if pc == NoPiece {
			empty.add(s)
			continue
		}
		if pc.Color() != us {
			continue
		}
		t := pc.Type()
		switch t {
		case King:
			continue
		case Pawn:
			pawnFiles[int(s)%9] = true
		}
		pd := -1
		if g.npins > 0 {
			pd = g.pinDir(s)
		}
		if t == Knight {
			if pd >= 0 {
				continue
			}
			for _, to := range knightTo[us][s] {
				if to == NoSquare {
					continue
				}
				cap := p.board[to]
				if cap != NoPiece && cap.Color() == us || inCheck && !g.target.has(to) {
					continue
				}
				dst = addMove(dst, us, s, to, pc, cap)
			}
			continue
		}
		for dirs := stepDirs[pc]; dirs != 0; dirs &= dirs - 1 {
			d := lowBit(dirs)
			if pd >= 0 && d != pd && d != opposite(pd) {
				continue
			}
			to := neighbor[s][d]
			if to == NoSquare {
				continue
			}
			cap := p.board[to]
			if cap != NoPiece && cap.Color() == us || inCheck && !g.target.has(to) {
				continue
			}
			dst = addMove(dst, us, s, to, pc, cap)
		}
		for dirs := slideDirs[pc]; dirs != 0; dirs &= dirs - 1 {
			d := lowBit(dirs)
			if pd >= 0 && d != pd && d != opposite(pd) {
				continue
			}
			for to := neighbor[s][d]; to != NoSquare; to = neighbor[to][d] {
				cap := p.board[to]
				if cap != NoPiece && cap.Color() == us {
					break
				}
				if !inCheck || g.target.has(to) {
					dst = addMove(dst, us, s, to, pc, cap)
				}
				if cap != NoPiece {
					break
				}
			}
		}
	}
	return p.drops(dst, &g, empty, &pawnFiles)
}

func lowBit(b uint8) int {
	n := 0
	for b&1 == 0 {
		b >>= 1
		n++
	}
	return n
}

func addMove(dst []Move, us Color, from, to Square, pc, cap Piece) []Move {
	t := pc.Type()
	m := Move(to) | Move(from)<<7 | Move(pc)<<16 | Move(cap)<<21
	if t.CanPromote() && (relRankTable[us][from] <= 3 || relRankTable[us][to] <= 3) {
		dst = append(dst, m|movePromote)
		if mustPromote(us, t, to) {
			return dst
		}
	}
	return append(dst, m)
}

func (p *Position) kingMoves(dst []Move) []Move {
	us := p.side
	k := p.king[us]
	pc := p.board[k]
	them := us.Other()
	for d := 0; d < 8; d++ {
		to := neighbor[k][d]
		if to == NoSquare {
			continue
		}
		cap := p.board[to]
		if cap != NoPiece && cap.Color() == us {
			continue
		}
		if !p.attackedBy(to, them, k) {
			dst = append(dst, NewBoardMove(k, to, pc, cap, false))
		}
	}
	return dst
}

func (p *Position) drops(dst []Move, g *genContext, empty sqset, pawnFiles *[9]bool) []Move {
	us := p.side
	h := &p.hand[us]
	if h[Pawn]|h[Lance]|h[Knight]|h[Silver]|h[Gold]|h[Bishop]|h[Rook] == 0 {
		return dst
	}
	targets := empty
	if g.checks == 1 {
		targets = g.block
	}
	var types [7]PieceType
	n := 0
	for _, t := range [7]PieceType{Pawn, Lance, Knight, Silver, Gold, Bishop, Rook} {
		if h[t] > 0 {
			types[n] = t
			n++
		}
	}
	// The square a pawn must be dropped on to check the enemy king.
	mateSq := NoSquare
	if ek := p.king[us.Other()]; ek != NoSquare {
		mateSq = neighbor[ek][opposite(forward(us))]
	}
	for s := Square(0); s < NumSquares; s++ {
		if !targets.has(s) {
			continue
		}
		rr := relRankTable[us][s]
		for _, t := range types[:n] {
			switch t {
			case Pawn:
				if rr == 1 || pawnFiles[int(s)%9] {
					continue
				}
				if s == mateSq && p.pawnDropMates(s) {
					continue
				}
			case Lance:
				if rr == 1 {
					continue
				}
			case Knight:
				if rr <= 2 {
					continue
				}
			}
			dst = append(dst, Move(s)|moveDrop|Move(NewPiece(us, t))<<16)
		}
	}
	return dst
}

// pawnDropMates reports whether dropping a pawn on s, in front of the
// enemy king, checkmates (uchifuzume). A pawn's check cannot be blocked,
// so the defender has only king moves and captures of the pawn. This is
// worked out directly rather than by generating the defender's moves, so
// move generation never calls itself.
func (p *Position) pawnDropMates(s Square) bool {
	us := p.side
	them := us.Other()
	q := p.Play(NewDrop(NewPiece(us, Pawn), s))
	ek := q.king[them]
	for d := 0; d < 8; d++ {
		to := neighbor[ek][d]
		if to == NoSquare {
			continue
		}
		if pc := q.board[to]; pc != NoPiece && pc.Color() == them {
			continue
		}
		if !q.attackedBy(to, us, ek) {
			return false
		}
	}
	for from := Square(0); from < NumSquares; from++ {
		pc := q.board[from]
		if pc == NoPiece || pc.Color() != them || pc.Type() == King || !q.attacks(from, s) {
			continue
		}
		r := q
		r.play(NewBoardMove(from, s, pc, q.board[s], false))
		if !r.attackedBy(ek, us, NoSquare) {
			return false
		}
	}
	return true
}

// HasLegalMove reports whether the side to move has any legal move.
func (p *Position) HasLegalMove() bool {
	var buf [256]Move
	return len(p.LegalMoves(buf[:0])) > 0
}

// IsCheckmate reports whether the side to move is in check with no legal move.
func (p *Position) IsCheckmate() bool { return p.InCheck() && !p.HasLegalMove() }

// IsLegal reports whether m is a legal move here (the captured-piece field
// of m is ignored). It checks m directly rather than generating every move.
func (p *Position) IsLegal(m Move) bool {
	us := p.side
	to := m.To()
	pc := m.Piece()
	if m == NoMove || !to.Valid() || pc == NoPiece || pc.Color() != us {
		return false
	}
	t := pc.Type()
	if m.IsDrop() {
		if m.IsPromotion() || t < Pawn || t > Gold || p.hand[us][t] == 0 || p.board[to] != NoPiece || mustPromote(us, t, to) {
			return false
		}
		if t == Pawn {
			for s := Square(int(to) % 9); s < NumSquares; s += 9 {
				if p.board[s] == pc {
					return false
				}
			}
			if ek := p.king[us.Other()]; ek != NoSquare && neighbor[to][forward(us)] == ek && p.pawnDropMates(to) {
				return false
			}
		}
		if p.king[us] == NoSquare {
			return true
		}
		q := *p
		q.board[to] = pc
		return !q.attackedBy(q.king[us], us.Other(), NoSquare)
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
	k := p.king[us]
	if t == King {
		return !p.attackedBy(to, us.Other(), from)
	}
	if k == NoSquare {
		return true
	}
	q := *p
	q.board[from] = NoPiece
	q.board[to] = pc
	return !q.attackedBy(k, us.Other(), NoSquare)
}
