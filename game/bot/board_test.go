package bot

import (
	"math/rand/v2"
	"slices"
	"testing"

	"example.com/shogi/game"
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

// The adapters must agree with game's own generator and attack test on
// every position: they are what the search sees of the rules.
func TestAdaptersAgreeWithGame(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 40
	}
	for _, p := range samplePositions(t, n, 120) {
		all := p.LegalMoves(nil)
		var caps, quiets, checks, promos []game.Move
		for _, m := range all {
			q := p.Play(m)
			gc := q.InCheck()
			if got := givesCheck(&p, m); got != gc {
				t.Fatalf("%s: givesCheck(%s) = %v, want %v", p.SFEN(), m, got, gc)
			}
			if gc {
				checks = append(checks, m)
			}
			if m.Captured() != game.NoPiece {
				caps = append(caps, m)
			} else {
				quiets = append(quiets, m)
				if m.IsPromotion() {
					promos = append(promos, m)
				}
			}
		}
		for _, c := range []struct {
			name      string
			got, want []game.Move
		}{
			{"legalCaptures", legalCaptures(&p, nil), caps},
			{"legalQuiets", legalQuiets(&p, nil), quiets},
			{"legalChecks", legalChecks(&p, nil), checks},
			{"quietPromotions", quietPromotions(&p, nil), promos},
		} {
			if g, w := sortedUSI(c.got), sortedUSI(c.want); !slices.Equal(g, w) {
				t.Fatalf("%s: %s = %v, want %v", p.SFEN(), c.name, g, w)
			}
		}
		occ := occupied(&p)
		for s := game.Square(0); s < game.NumSquares; s++ {
			var want [2]squareSet
			for f := game.Square(0); f < game.NumSquares; f++ {
				if pc := p.At(f); pc != game.NoPiece && p.Attacks(f, s) {
					want[pc.Color()].add(f)
				}
				if pc := p.At(f); pc != game.NoPiece && attacksFrom(pc, f, occ).Has(s) != p.Attacks(f, s) {
					t.Fatalf("%s: attacksFrom(%s on %s) has %s = %v", p.SFEN(), pc, f, s, !p.Attacks(f, s))
				}
			}
			for _, c := range []game.Color{game.Black, game.White} {
				if got := attackers(&p, s, c); got != want[c] {
					t.Fatalf("%s: attackers(%s, %s) = %v, want %v", p.SFEN(), s, c, got, want[c])
				}
			}
			if got := attackersTo(&p, s, occ); got != want[0].or(want[1]) {
				t.Fatalf("%s: attackersTo(%s) = %v, want %v", p.SFEN(), s, got, want[0].or(want[1]))
			}
		}
	}
}
