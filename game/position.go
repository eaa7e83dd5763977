package game

// Position is the board, both hands, the side to move and the move number.
// It is a value of about 320 bytes: copy it freely.
//
// The board is kept twice: as a piece per square (what At and the move
// encoding read) and as sets of squares by colour and by kind (what move
// generation and attack tests use). Every change goes through Put or play,
// which keep the two in step.
type Position struct {
	board    [NumSquares]Piece
	hand     [2][8]uint8 // indexed by Color, then PieceType Pawn..Gold
	side     Color
	king     [2]Square // NoSquare where a side has no king (tsume positions)
	ply      int32     // SFEN move number: 1 before the first move
	zobBoard uint64    // XOR of piece-square keys and the side key
	zobHand  uint64    // sum of hand keys, one per piece held
	byColor  [2]SquareSet
	kinds    [numKinds]SquareSet // indexed by kindOf[PieceType]
}

// The kinds of piece with a square set of their own in a Position. The
// four promoted minor pieces, which all move as a gold, share one set: it
// keeps the Position small (it is copied on every move) and attack tests
// want them together anyway.
const (
	kPawn = iota
	kLance
	kKnight
	kSilver
	kBishop
	kRook
	kGold
	kKing
	kProMinor // tokin, promoted lance, knight and silver
	kHorse
	kDragon
	numKinds
)

var kindOf = [NumPieceTypes]int8{-1, kPawn, kLance, kKnight, kSilver, kBishop, kRook, kGold, kKing,
	kProMinor, kProMinor, kProMinor, kProMinor, kHorse, kDragon}

// EmptyPosition returns a board with no pieces, Black to move.
func EmptyPosition() Position {
	return Position{king: [2]Square{NoSquare, NoSquare}, ply: 1}
}

// At returns the piece on s.
func (p *Position) At(s Square) Piece { return p.board[s] }

// Hand returns how many pieces of type t colour c holds.
func (p *Position) Hand(c Color, t PieceType) int {
	if t < Pawn || t > Gold {
		return 0
	}
	return int(p.hand[c][t])
}

// SideToMove returns whose turn it is.
func (p *Position) SideToMove() Color { return p.side }

// MoveNumber returns the SFEN move number (1 at the start of a game).
func (p *Position) MoveNumber() int { return int(p.ply) }

// KingSquare returns c's king square, or NoSquare.
func (p *Position) KingSquare(c Color) Square { return p.king[c] }

// Hash returns the Zobrist hash of board, hands and side to move (not the
// move number), so equal positions in the sennichite sense hash equally.
func (p *Position) Hash() uint64 { return p.zobBoard ^ p.zobHand }

// Equal reports whether p and o are the same position for repetition:
// board, hands and side to move.
func (p *Position) Equal(o *Position) bool {
	return p.board == o.board && p.hand == o.hand && p.side == o.side
}

// Put places pc on s (NoPiece clears it). For setting up positions.
func (p *Position) Put(s Square, pc Piece) {
	if old := p.board[s]; old != NoPiece {
		p.zobBoard ^= zobPiece[old][s]
		p.toggle(old, s)
		if old.Type() == King && p.king[old.Color()] == s {
			p.king[old.Color()] = NoSquare
		}
	}
	p.board[s] = pc
	if pc != NoPiece {
		p.zobBoard ^= zobPiece[pc][s]
		p.toggle(pc, s)
		if pc.Type() == King {
			p.king[pc.Color()] = s
		}
	}
}

// toggle adds pc on s to the square sets, or removes it.
func (p *Position) toggle(pc Piece, s Square) {
	b := squareBit[s]
	p.byColor[pc.Color()] = p.byColor[pc.Color()].xor(b)
	k := kindOf[pc.Type()]
	p.kinds[k] = p.kinds[k].xor(b)
}

// SetHand sets how many pieces of type t (Pawn..Gold) c holds.
func (p *Position) SetHand(c Color, t PieceType, n int) {
	if t < Pawn || t > Gold || n < 0 || n > 255 {
		return
	}
	p.zobHand += (uint64(n) - uint64(p.hand[c][t])) * zobHand[c][t]
	p.hand[c][t] = uint8(n)
}

// SetSideToMove sets whose turn it is.
func (p *Position) SetSideToMove(c Color) {
	if p.side != c {
		p.zobBoard ^= zobSide
		p.side = c
	}
}

// SetMoveNumber sets the SFEN move number.
func (p *Position) SetMoveNumber(n int) { p.ply = int32(n) }

// recomputeHash returns the hash computed from scratch; tests compare it
// with the incremental one.
func (p *Position) recomputeHash() uint64 {
	var b, h uint64
	for s, pc := range p.board {
		if pc != NoPiece {
			b ^= zobPiece[pc][s]
		}
	}
	if p.side == White {
		b ^= zobSide
	}
	for c := range p.hand {
		for t := Pawn; t <= Gold; t++ {
			h += uint64(p.hand[c][t]) * zobHand[c][t]
		}
	}
	return b ^ h
}

// NewMove returns the board move from→to with the pieces filled in from
// the board. It does not check legality.
func (p *Position) NewMove(from, to Square, promote bool) Move {
	return NewBoardMove(from, to, p.board[from], p.board[to], promote)
}

// Play returns the position after m. m must be legal (see IsLegal);
// playing anything else gives an unspecified position.
func (p Position) Play(m Move) Position {
	p.play(m)
	return p
}

// PlayTo is Play writing the position after m into dst (dst may be p):
// one copy of the position where q = p.Play(m) makes two, for callers
// that try many moves into one position (a mate-in-one test).
func (p *Position) PlayTo(dst *Position, m Move) {
	if dst != p {
		*dst = *p
	}
	dst.play(m)
}

func (p *Position) play(m Move) {
	us := p.side
	to := m.To()
	tb := squareBit[to]
	if m.IsDrop() {
		pc := m.Piece()
		t := pc.Type()
		p.hand[us][t]--
		p.zobHand -= zobHand[us][t]
		p.board[to] = pc
		p.zobBoard ^= zobPiece[pc][to]
		p.byColor[us] = p.byColor[us].or(tb)
		p.kinds[kindOf[t]] = p.kinds[kindOf[t]].or(tb)
	} else {
		from := m.From()
		fb := squareBit[from]
		pc := p.board[from]
		if cap := p.board[to]; cap != NoPiece {
			ct := cap.Type()
			p.zobBoard ^= zobPiece[cap][to]
			p.byColor[cap.Color()] = p.byColor[cap.Color()].andNot(tb)
			p.kinds[kindOf[ct]] = p.kinds[kindOf[ct]].andNot(tb)
			if ct == King {
				p.king[cap.Color()] = NoSquare
			} else {
				ct = ct.Unpromote()
				p.hand[us][ct]++
				p.zobHand += zobHand[us][ct]
			}
		}
		t := pc.Type()
		p.board[from] = NoPiece
		p.zobBoard ^= zobPiece[pc][from]
		p.kinds[kindOf[t]] = p.kinds[kindOf[t]].andNot(fb)
		if m.IsPromotion() {
			t = t.Promote()
			pc = NewPiece(us, t)
		}
		p.board[to] = pc
		p.zobBoard ^= zobPiece[pc][to]
		p.byColor[us] = p.byColor[us].andNot(fb).or(tb)
		p.kinds[kindOf[t]] = p.kinds[kindOf[t]].or(tb)
		if t == King {
			p.king[us] = to
		}
	}
	p.side = us.Other()
	p.zobBoard ^= zobSide
	p.ply++
}

// Points counts c's pieces for jishōgi, on the board and in hand: rook and
// bishop (promoted or not) 5, every other piece but the king 1.
func (p *Position) Points(c Color) int {
	n := 0
	for _, pc := range p.board {
		if pc != NoPiece && pc.Color() == c {
			n += pieceValue(pc.Type())
		}
	}
	for t := Pawn; t <= Gold; t++ {
		n += int(p.hand[c][t]) * pieceValue(t)
	}
	return n
}

func pieceValue(t PieceType) int {
	switch t.Unpromote() {
	case King:
		return 0
	case Rook, Bishop:
		return 5
	}
	return 1
}
