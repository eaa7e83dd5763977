package game

import (
	"errors"
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

// Any 32-bit value may reach IsLegal, CheckMove and SEE (a corrupt kept
// game, a bug elsewhere): each legal move with one bit flipped, and random
// values, are judged as the generator would (IsLegal ignores only the
// captured-piece field), CheckMove agrees with IsLegal, and nothing
// panics on a square or piece that does not exist.
func TestArbitraryMoveValues(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, p := range randomPositions(r, 150) {
		legal := map[Move]bool{}
		moves := p.LegalMoves(nil)
		for _, m := range moves {
			legal[m.key()] = true
		}
		var tries []Move
		for _, m := range moves {
			for bit := range 32 {
				tries = append(tries, m^Move(1)<<bit)
			}
		}
		for range 300 {
			tries = append(tries, Move(r.Uint32()), Move(r.Uint32()&(1<<26-1)))
		}
		tries = append(tries, NoMove, ^NoMove)
		for _, m := range tries {
			got := p.IsLegal(m)
			if want := legal[m.key()]; got != want {
				t.Fatalf("%s: IsLegal(%#x) = %v, the generator says %v", p.SFEN(), uint32(m), got, want)
			}
			if err := p.CheckMove(m); (err == nil) != got {
				t.Fatalf("%s: CheckMove(%#x) = %v but IsLegal = %v", p.SFEN(), uint32(m), err, got)
			}
			_ = p.SEE(m, &testValues)
		}
	}
	// A drop of a piece that never goes to hand is out of reach, not
	// merely missing from the hand.
	p := StartPosition()
	for _, pc := range []Piece{NewPiece(Black, King), NewPiece(Black, Dragon), NewPiece(Black, ProPawn)} {
		var ie *IllegalMoveError
		if err := p.CheckMove(NewDrop(pc, NewSquare(5, 5))); !errors.As(err, &ie) || ie.Rule != RuleCannotReach {
			t.Errorf("drop of %v: %v, want %v", pc, err, RuleCannotReach)
		}
	}
}
