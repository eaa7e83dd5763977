package notation

import (
	"errors"
	"math/rand"
	"testing"

	"shogi/game"
)

// playouts returns n positions reached by random games from the even start
// and every handicap start, biased toward captures and promotions so hands
// fill and promoted pieces appear. Each comes with the move that led to it.
func playouts(seed int64, n int) (pos []game.Position, prev []game.Move) {
	r := rand.New(rand.NewSource(seed))
	for len(pos) < n {
		h := game.Handicaps[r.Intn(len(game.Handicaps))]
		p := h.Position()
		last := game.NoMove
		plies := r.Intn(160)
		for i := 0; i < plies; i++ {
			ms := p.LegalMoves(nil)
			if len(ms) == 0 {
				break
			}
			m := ms[r.Intn(len(ms))]
			for k := 0; k < 3 && m.Captured() == game.NoPiece && !m.IsPromotion(); k++ {
				m = ms[r.Intn(len(ms))]
			}
			p = p.Play(m)
			last = m
		}
		if p.HasLegalMove() {
			pos = append(pos, p)
			prev = append(prev, last)
		}
	}
	return pos, prev
}

func mustSFEN(t testing.TB, sfen string) game.Position {
	t.Helper()
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("bad SFEN %q: %v", sfen, err)
	}
	return p
}

// crowded positions: three or four pieces of a kind able to reach one
// square, for each kind that can be crowded, with pieces in hand.
var crowded = []string{
	// four silvers around 3c (the 1996 letter), and golds
	"4k4/3S1S3/9/3S1S3/9/9/9/9/4K4 b S 1",
	"4k4/9/9/9/9/9/6G2/5G1G1/4K1G2 b G 1",
	// three golds to 7h (Wikipedia), tokins around 2b (new method)
	"4k4/9/9/9/9/9/2G6/3G5/2G1K4 b G 1",
	"4k2+P+P/7+P1/6S+PS/7S1/9/9/9/9/4K4 b SP 1",
	// promoted minor pieces, dragons, horses, knights, and White's view
	"4k4/9/9/3+S+N+L3/4+P4/3+S1+N3/9/9/4K4 b - 1",
	"4k4/9/2+R3+R2/9/9/9/2+B3+B2/9/4K4 b - 1",
	"4k4/9/9/9/3N1N3/9/9/9/4K4 b N 1",
	"4k4/3g1g3/4g4/9/9/9/9/9/4K4 w G 1",
	"4k4/2s1s4/9/2s1s4/9/9/9/9/4K4 w S 1",
	"3gkg3/2g1s4/9/9/4+r4/3+r5/9/9/4K4 w - 1",
	"4k4/9/9/2+B6/9/4+B4/9/9/4K4 b B 1",
}

// TestRoundTrip formats every legal move in every style and reads it back
// in that style and with ParseAny; both must give the move.
func TestRoundTrip(t *testing.T) {
	n := 1500
	if testing.Short() {
		n = 200
	}
	pos, prev := playouts(1, n)
	for _, s := range crowded {
		pos = append(pos, mustSFEN(t, s))
		prev = append(prev, game.NoMove)
	}
	moves, fails := 0, 0
	var buf []game.Move
	for i := range pos {
		p := &pos[i]
		buf = p.LegalMoves(buf[:0])
		for _, m := range buf {
			moves++
			for _, st := range Styles {
				text := Format(p, m, st, prev[i])
				got, err := Parse(p, text, st, prev[i])
				if err != nil || got != m {
					fails++
					if fails < 20 {
						t.Errorf("%v %s in %s (prev %s): %q parses to %v, %v", st, m.USI(), p.SFEN(), prev[i].USI(), text, got.USI(), err)
					}
					continue
				}
				got, err = ParseAny(p, text, prev[i])
				if err != nil || got != m {
					fails++
					if fails < 20 {
						t.Errorf("ParseAny %v %s in %s: %q parses to %v, %v", st, m.USI(), p.SFEN(), text, got.USI(), err)
					}
				}
			}
		}
	}
	t.Logf("%d positions, %d moves, %d styles: %d failures", len(pos), moves, len(Styles), fails)
}

var _ = errors.As
