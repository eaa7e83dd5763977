package game

import (
	"math/rand/v2"
	"testing"
)

// TestIsLegalAgreesWithGenerator tries every conceivable move — each
// origin, destination and promotion flag, each drop — in positions from
// random playouts and checks that IsLegal accepts exactly the generated
// moves.
func TestIsLegalAgreesWithGenerator(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	positions := 300
	if testing.Short() {
		positions = 30
	}
	for i := 0; i < positions; i++ {
		p := handicaps[i%(len(handicaps)-1)].Position()
		for ply := r.IntN(100); ply > 0; ply-- {
			ms := p.LegalMoves(nil)
			if len(ms) == 0 {
				break
			}
			p = p.Play(ms[r.IntN(len(ms))])
		}
		legal := map[Move]bool{}
		for _, m := range p.LegalMoves(nil) {
			legal[m.key()] = true
		}
		found := 0
		check := func(m Move) {
			got := p.IsLegal(m)
			if got != legal[m.key()] {
				t.Fatalf("%s: IsLegal(%s) = %v, generator says %v", p.SFEN(), m, got, !got)
			}
			if got {
				found++
			}
		}
		for from := Square(0); from < NumSquares; from++ {
			pc := p.At(from)
			if pc == NoPiece || pc.Color() != p.SideToMove() {
				continue
			}
			for to := Square(0); to < NumSquares; to++ {
				check(p.NewMove(from, to, false))
				check(p.NewMove(from, to, true))
			}
		}
		for _, ht := range HandTypes {
			for to := Square(0); to < NumSquares; to++ {
				check(NewDrop(NewPiece(p.SideToMove(), ht), to))
			}
		}
		if found != len(legal) {
			t.Fatalf("%s: IsLegal accepted %d moves, generator has %d", p.SFEN(), found, len(legal))
		}
	}
}
