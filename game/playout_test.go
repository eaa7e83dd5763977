package game

import (
	"math/rand/v2"
	"testing"

	"shogi/internal/testenv"
)

// TestRandomPlayouts plays 1,000 random games (10,000 in the long tier)
// from every start in the handicap table and checks after each move that
// nothing was lost: the pieces on the board and in hand keep their number,
// the incremental hash equals the recomputed one, SFEN round-trips
// exactly, every generated move passes CheckMove, and no move leaves the
// mover's king attacked.
func TestRandomPlayouts(t *testing.T) {
	playouts, maxPlies := 1000, 120
	if testenv.Long() {
		playouts = 10000
	}
	r := rand.New(rand.NewPCG(1, 2))
	starts := handicaps[:len(handicaps)-1] // every start but the empty board
	buf := make([]Move, 0, 600)
	for i := 0; i < playouts; i++ {
		h := starts[i%len(starts)]
		g := NewGame(h.Position())
		start := g.Position()
		want := pieceCount(&start)
		for ply := 0; ply < maxPlies && !g.Result().Over(); ply++ {
			p := g.Position()
			moves := p.LegalMoves(buf[:0])
			m := moves[r.IntN(len(moves))]
			if i%50 == 0 { // the slow, exhaustive checks on a sample
				for _, lm := range moves {
					if err := p.CheckMove(lm); err != nil {
						t.Fatalf("%s: generated move %s fails CheckMove: %v", p.SFEN(), lm, err)
					}
				}
			}
			if err := g.Play(m); err != nil {
				t.Fatalf("%s: %s: %v", p.SFEN(), m, err)
			}
			q := g.Position()
			if n := pieceCount(&q); n != want {
				t.Fatalf("%s after %s: %d pieces, want %d", p.SFEN(), m, n, want)
			}
			if q.Hash() != q.recomputeHash() {
				t.Fatalf("%s after %s: incremental hash differs from recomputed", p.SFEN(), m)
			}
			if q.kingAttacked(m.Color()) {
				t.Fatalf("%s: %s leaves the mover's king attacked", p.SFEN(), m)
			}
			sfen := q.SFEN()
			back, err := ParseSFEN(sfen)
			if err != nil || back.SFEN() != sfen || back.Hash() != q.Hash() {
				t.Fatalf("SFEN round trip of %s: %v, %s", sfen, err, back.SFEN())
			}
		}
	}
}

func pieceCount(p *Position) int {
	n := 0
	for s := Square(0); s < NumSquares; s++ {
		if p.At(s) != NoPiece {
			n++
		}
	}
	for _, c := range [2]Color{Black, White} {
		for t := Pawn; t <= Gold; t++ {
			n += p.Hand(c, t)
		}
	}
	return n
}
