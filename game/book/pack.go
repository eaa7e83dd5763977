package book

import (
	"errors"

	"shogi/game"
)

// packed is a position in 320 bits, the key a Builder counts positions
// under: hashing five words is much cheaper than writing an SFEN for every
// move of every game, and it is exact, unlike a hash.
//
// The bits, first to last: the side to move (1), each king's square (7 +
// 7, 81 for none), then every other square from 0 to 80 — 0 for an empty
// one, else the piece's code (pawn 10, lance 1100, knight 1101, silver
// 1110, gold 11110, bishop 111110, rook 111111), its promotion bit
// (not for a gold) and its colour bit — then for each colour and each
// kind that can be held, its count in unary (a 1 per piece and a 0). A
// position of the standard set takes at most 270 bits; one that does not
// fit (more pieces than the set has) is not packed.
type packed [5]uint64

// packCodes is each kind's code and length, its bits written low first.
var packCodes = [game.NumPieceTypes]struct {
	bits uint64
	n    uint
}{
	game.Pawn:   {0b01, 2},
	game.Lance:  {0b0011, 4},
	game.Knight: {0b1011, 4},
	game.Silver: {0b0111, 4},
	game.Gold:   {0b01111, 5},
	game.Bishop: {0b011111, 6},
	game.Rook:   {0b111111, 6},
}

type bitWriter struct {
	k   packed
	pos uint
	ok  bool
}

func (w *bitWriter) put(bits uint64, n uint) {
	if w.pos+n > 320 {
		w.ok = false
		return
	}
	i, off := w.pos/64, w.pos%64
	w.k[i] |= bits << off
	if off+n > 64 {
		w.k[i+1] |= bits >> (64 - off)
	}
	w.pos += n
}

// pack returns p's key; ok is false when p does not fit.
func pack(p *game.Position) (k packed, ok bool) {
	w := bitWriter{ok: true}
	w.put(uint64(p.SideToMove()), 1)
	for _, c := range [2]game.Color{game.Black, game.White} {
		ks := p.KingSquare(c)
		if ks == game.NoSquare {
			ks = game.NumSquares
		}
		w.put(uint64(ks), 7)
	}
	for s := game.Square(0); s < game.NumSquares; s++ {
		pc := p.At(s)
		switch {
		case pc == game.NoPiece:
			w.put(0, 1)
		case pc.Type() == game.King:
			if p.KingSquare(pc.Color()) != s {
				return k, false // a second king: the squares above hold one
			}
		default:
			t := pc.Type()
			base := t.Unpromote()
			code := packCodes[base]
			w.put(code.bits, code.n)
			if base != game.Gold {
				w.put(b2u(t != base), 1)
			}
			w.put(uint64(pc.Color()), 1)
		}
	}
	for _, c := range [2]game.Color{game.Black, game.White} {
		for _, t := range game.HandTypes {
			n := uint(p.Hand(c, t))
			if n > 32 {
				return k, false
			}
			w.put(1<<n-1, n+1) // n ones, then a zero
		}
	}
	return w.k, w.ok
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

type bitReader struct {
	k   *packed
	pos uint
}

func (r *bitReader) get(n uint) uint64 {
	var v uint64
	for i := uint(0); i < n; i++ {
		v |= (r.k[(r.pos)/64] >> (r.pos % 64) & 1) << i
		r.pos++
	}
	return v
}

var errBadPack = errors.New("book: bad packed position")

// unpack returns the position a key stands for (move number 1).
func unpack(k *packed) (game.Position, error) {
	r := bitReader{k: k}
	p := game.EmptyPosition()
	side := game.Color(r.get(1))
	var kings [2]game.Square
	for c := range kings {
		kings[c] = game.Square(r.get(7))
	}
	for s := game.Square(0); s < game.NumSquares; s++ {
		if s == kings[0] || s == kings[1] {
			c := game.Black
			if s == kings[1] {
				c = game.White
			}
			p.Put(s, game.NewPiece(c, game.King))
			continue
		}
		if r.get(1) == 0 {
			continue
		}
		// Count the ones after the first to tell the kind.
		ones := 1
		for ones < 6 && r.get(1) == 1 {
			ones++
		}
		var t game.PieceType
		switch ones {
		case 1:
			t = game.Pawn
		case 2:
			if r.get(1) == 0 {
				t = game.Lance
			} else {
				t = game.Knight
			}
		case 3:
			t = game.Silver
		case 4:
			t = game.Gold
		case 5:
			t = game.Bishop
		case 6:
			t = game.Rook
		}
		if t != game.Gold && r.get(1) == 1 {
			t = t.Promote()
		}
		p.Put(s, game.NewPiece(game.Color(r.get(1)), t))
		if r.pos > 320 {
			return p, errBadPack
		}
	}
	for _, c := range [2]game.Color{game.Black, game.White} {
		for _, t := range game.HandTypes {
			n := 0
			for r.pos < 320 && r.get(1) == 1 {
				n++
			}
			p.SetHand(c, t, n)
		}
	}
	p.SetSideToMove(side)
	return p, nil
}
