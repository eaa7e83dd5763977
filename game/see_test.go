package game

import (
	"math/rand/v2"
	"testing"

	"shogi/internal/testenv"
)

var testValues = [NumPieceTypes]int{Pawn: 1, Lance: 3, Knight: 4, Silver: 5, Gold: 6, Bishop: 8, Rook: 10, King: 1000,
	ProPawn: 7, ProLance: 6, ProKnight: 6, ProSilver: 6, Horse: 10, Dragon: 12}

// bruteSEE is the recursive definition on the mailbox: the mover's gain
// is what m captures (and its promotion) less what the opponent then wins
// by recapturing, where each side recaptures with its least valuable
// attacker (the lowest square among equals; a king only when nothing else
// attacks, and only if the square is then safe) or stops at zero.
func bruteSEE(p Position, m Move, value *[NumPieceTypes]int) int {
	to := m.To()
	g := 0
	if c := p.At(to); c != NoPiece {
		g = value[c.Type()]
	}
	if m.IsPromotion() {
		g += value[m.PieceAfter().Type()] - value[m.Piece().Type()]
	}
	if !m.IsDrop() {
		p.Put(m.From(), NoPiece)
	}
	p.Put(to, m.PieceAfter())
	return g - bruteRecapture(p, to, m.Color().Other(), value)
}

func bruteRecapture(p Position, to Square, side Color, value *[NumPieceTypes]int) int {
	best, king := NoSquare, NoSquare
	for _, s := range bruteAttackers(&p, to, side) {
		switch {
		case p.At(s).Type() == King:
			king = s
		case best == NoSquare || value[p.At(s).Type()] < value[p.At(best).Type()]:
			best = s
		}
	}
	if best == NoSquare {
		best = king
	}
	if best == NoSquare {
		return 0
	}
	pc := p.At(best)
	won := value[p.At(to).Type()]
	p.Put(best, NoPiece)
	p.Put(to, pc)
	if pc.Type() == King && len(bruteAttackers(&p, to, side.Other())) > 0 {
		return 0
	}
	return max(0, won-bruteRecapture(p, to, side.Other(), value))
}

func TestSEEAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	n, captures := 0, 0
	positions := 500 // 1500 in the long tier
	if testenv.Long() {
		positions = 1500
	}
	for i, p := range randomPositions(r, positions) {
		values := &testValues
		if i%3 == 0 { // any order of values must work
			var v [NumPieceTypes]int
			for t := Pawn; t < NumPieceTypes; t++ {
				v[t] = r.IntN(20)
			}
			values = &v
		}
		for _, m := range p.LegalMoves(nil) {
			got, want := p.SEE(m, values), bruteSEE(p, m, values)
			if got != want {
				t.Fatalf("%s: SEE(%s) = %d, want %d (values %v)", p.SFEN(), m, got, want, *values)
			}
			n++
			if m.Captured() != NoPiece {
				captures++
			}
		}
	}
	t.Logf("%d moves, %d captures", n, captures)
}

func TestSEEExamples(t *testing.T) {
	cases := []struct {
		sfen, move string
		want       int
	}{
		// A rook takes a pawn a gold defends: +1, then the rook is lost.
		{"8k/4g4/4p4/9/9/9/9/4R4/K8 b - 1", "5h5c", 1 - 10},
		// The same pawn undefended.
		{"8k/9/4p4/9/9/9/9/4R4/K8 b - 1", "5h5c", 1},
		// A pawn takes a pawn defended by a gold, backed by the rook
		// behind it: pawn for pawn, gold for pawn, and the rook takes the
		// gold: 1 - 1 + 6 = 6, but White stops after the first exchange.
		{"8k/4g4/4p4/4P4/9/9/9/4R4/K8 b - 1", "5d5c", 1},
		// The king may not recapture a defended square.
		{"9/9/9/9/9/3S5/9/4k4/K8 b G 1", "G*5g", 0},
		{"9/9/9/9/9/9/9/4k4/K8 b G 1", "G*5g", -6},
	}
	for _, c := range cases {
		p := mustSFEN(t, c.sfen)
		m, err := p.ParseUSI(c.move)
		if err != nil || !p.IsLegal(m) {
			t.Fatalf("%s in %s: not legal (%v)", c.move, c.sfen, err)
		}
		if got := p.SEE(m, &testValues); got != c.want {
			t.Errorf("SEE(%s, %s) = %d, want %d", c.sfen, c.move, got, c.want)
		}
	}
}

func BenchmarkSEE(b *testing.B) {
	p := mustSFEN(b, matsuriSFEN)
	caps := p.LegalCaptures(nil)
	for i := 0; b.Loop(); i++ {
		p.SEE(caps[i%len(caps)], &testValues)
	}
}
