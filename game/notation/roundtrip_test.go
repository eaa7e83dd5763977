package notation

import (
	"math/rand"
	"strings"
	"testing"

	"shogi/game"
	"shogi/internal/testenv"
)

// playouts returns n positions reached by random games from the even start
// and every handicap start, biased toward captures and promotions so hands
// fill and promoted pieces appear. Each comes with the move that led to it.
func playouts(seed int64, n int) (pos []game.Position, prev []game.Move) {
	r := rand.New(rand.NewSource(seed))
	for len(pos) < n {
		h := game.Handicaps()[r.Intn(len(game.Handicaps()))]
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

// crowdedPositions sets up n positions where two to four pieces of one
// kind (each kind but pawn, lance and king, for either side; two at most of
// the rook's and bishop's kinds, as a set has) can reach one square, among a few other pieces, with that kind in hand when it can be
// held: the cases where every style must disambiguate.
func crowdedPositions(seed int64, n int) []game.Position {
	r := rand.New(rand.NewSource(seed))
	kinds := []game.PieceType{game.Knight, game.Silver, game.Gold, game.ProPawn, game.Bishop, game.Rook,
		game.ProLance, game.ProKnight, game.ProSilver, game.Horse, game.Dragon}
	var out []game.Position
	for len(out) < n {
		p := game.EmptyPosition()
		c := game.Color(r.Intn(2))
		t := kinds[r.Intn(len(kinds))]
		target := game.Square(r.Intn(game.NumSquares))
		empty := func() game.Square {
			for {
				if s := game.Square(r.Intn(game.NumSquares)); s != target && p.At(s) == game.NoPiece {
					return s
				}
			}
		}
		p.Put(empty(), game.NewPiece(game.Black, game.King))
		p.Put(empty(), game.NewPiece(game.White, game.King))
		limit := 4
		if t == game.Bishop || t == game.Rook || t == game.Horse || t == game.Dragon {
			limit = 2 // a set has two of each
		}
		placed := 0
		for try := 0; try < 300 && placed < limit; try++ {
			s := empty()
			p.Put(s, game.NewPiece(c, t))
			if p.Attacks(s, target) && !game.MustPromote(c, t, s) {
				placed++
			} else {
				p.Put(s, game.NoPiece)
			}
		}
		for k := r.Intn(5); k > 0; k-- { // blockers and targets
			p.Put(empty(), game.NewPiece(game.Color(r.Intn(2)), kinds[r.Intn(4)])) // no extra rooks or bishops
		}
		if r.Intn(2) == 0 {
			p.Put(target, game.NewPiece(c.Other(), game.Gold))
		}
		if u := t.Unpromote(); u != t || t <= game.Gold {
			p.SetHand(c, u, 1)
		}
		p.SetSideToMove(c.Other())
		if placed < 2 || p.InCheck() {
			continue
		}
		p.SetSideToMove(c)
		if p.HasLegalMove() {
			out = append(out, p)
		}
	}
	return out
}

// TestRoundTrip formats every legal move in every style and reads it back
// in that style (and, for every other position, with ParseAny); both must
// give the move. The styles must also agree on when to disambiguate: the
// Western origin, the Japanese and romaji marks and the new method's arrow
// appear together, exactly when ShogiHome's and lishogi's rule (compared
// with them elsewhere) calls for one.
func TestRoundTrip(t *testing.T) {
	n, nc := 500, 100 // 10,000 and 1,000 in the long tier
	if testenv.Long() {
		n, nc = 10000, 1000
	}
	pos, prev := playouts(1, n)
	for _, s := range crowded {
		pos = append(pos, mustSFEN(t, s))
		prev = append(prev, game.NoMove)
	}
	for _, p := range crowdedPositions(2, nc) {
		pos = append(pos, p)
		prev = append(prev, game.NoMove)
	}
	moves, fails, marked := 0, 0, 0
	fail := func(format string, args ...any) {
		fails++
		if fails < 20 {
			t.Errorf(format, args...)
		}
	}
	var buf []game.Move
	for i := range pos {
		p := &pos[i]
		buf = p.LegalMoves(buf[:0])
		for _, m := range buf {
			moves++
			var texts [Sassersson + 1]string
			for _, st := range styles {
				text := Format(p, m, st, prev[i])
				texts[st] = text
				got, err := Parse(p, text, st, prev[i])
				if err != nil || got != m {
					fail("%v %s in %s (prev %s): %q parses to %v, %v", st, m.USI(), p.SFEN(), prev[i].USI(), text, got.USI(), err)
					continue
				}
				if i%2 == 0 {
					if got, err = ParseAny(p, text, prev[i]); err != nil || got != m {
						fail("ParseAny %v %s in %s: %q parses to %v, %v", st, m.USI(), p.SFEN(), text, got.USI(), err)
					}
				}
			}
			ja := strings.ContainsAny(texts[KI2], "右左直上引寄打")
			ro := strings.Contains(texts[Romaji], "Migi") || strings.Contains(texts[Romaji], "Hidari") ||
				strings.Contains(texts[Romaji], "Sugu") || strings.Contains(texts[Romaji], "Agaru") ||
				strings.Contains(texts[Romaji], "Hiku") || strings.Contains(texts[Romaji], "Yoru") ||
				strings.Contains(texts[Romaji], "Utsu")
			nm := strings.ContainsAny(texts[Sassersson], "↑↓←→↗↖↘↙□")
			we := !m.IsDrop() && countDigits(texts[Hosking]) == 4
			if ja != ro || ja != nm || (!m.IsDrop() && ja != we) {
				fail("%s in %s: disagree on disambiguation: %q %q %q %q", m.USI(), p.SFEN(), texts[KI2], texts[Romaji], texts[Sassersson], texts[Hosking])
			}
			if ja {
				marked++
			}
		}
	}
	t.Logf("%d positions, %d moves (%d disambiguated), %d styles: %d failures", len(pos), moves, marked, len(styles), fails)
}

func countDigits(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n++
		}
	}
	return n
}
