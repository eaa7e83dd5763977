package bot

import (
	"math/rand/v2"
	"slices"
	"testing"

	"shogi/game"
)

// samplePositions plays random games (a capture preferred half the time,
// so hands fill up and positions get crowded with drops) and returns every
// position reached, from the even start and from the matsuri position.
func samplePositions(t testing.TB, games, plies int) []game.Position {
	t.Helper()
	r := rand.New(rand.NewPCG(3, 4))
	starts := []string{game.StartSFEN, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"}
	var out []game.Position
	for i := 0; i < games; i++ {
		p, err := game.ParseSFEN(starts[i%len(starts)])
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < plies; ply++ {
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			out = append(out, p)
			m := moves[r.IntN(len(moves))]
			if r.IntN(2) == 0 {
				for _, c := range moves {
					if c.Captured() != game.NoPiece {
						m = c
						break
					}
				}
			}
			p = p.Play(m)
		}
	}
	return out
}

func sortedUSI(ms []game.Move) []string {
	var s []string
	for _, m := range ms {
		s = append(s, m.USI())
	}
	slices.Sort(s)
	return s
}

// quietPromotions, the quiescence search's own generator, must find
// exactly the non-capturing promotions among game's legal moves.
func TestQuietPromotions(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 40
	}
	for _, p := range samplePositions(t, n, 120) {
		var want []game.Move
		for _, m := range p.LegalMoves(nil) {
			if m.Captured() == game.NoPiece && m.IsPromotion() {
				want = append(want, m)
			}
		}
		if g, w := sortedUSI(quietPromotions(&p, nil)), sortedUSI(want); !slices.Equal(g, w) {
			t.Fatalf("%s: quietPromotions = %v, want %v", p.SFEN(), g, w)
		}
	}
}
