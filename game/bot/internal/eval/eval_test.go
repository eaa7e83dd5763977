package eval

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"shogi/game"
)

// positions plays random games (captures preferred half the time, so
// material changes hands) from the start and from a middle game.
func positions(t testing.TB, games, plies int) []game.Position {
	t.Helper()
	r := rand.New(rand.NewPCG(5, 6))
	starts := []string{game.StartSFEN, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
		"4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1"} // no Black king: a tsume position
	var out []game.Position
	for i := range games {
		p, err := game.ParseSFEN(starts[i%len(starts)])
		if err != nil {
			t.Fatal(err)
		}
		for range plies {
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

// Evaluate reads the tables directly for speed; it must add up exactly the
// weights Features lists, or the training fits one function and the
// engine plays another. Random weights make every term count.
func TestEvaluateIsTheSumOfFeatures(t *testing.T) {
	var w Weights
	r := rand.New(rand.NewPCG(1, 2))
	for i := range w {
		w[i] = [2]int16{int16(r.IntN(2001) - 1000), int16(r.IntN(2001) - 1000)}
	}
	for _, p := range positions(t, 60, 150) {
		var o, e int
		for _, term := range Features(&p, nil) {
			o += int(w[term.Index][0]) * int(term.Coef)
			e += int(w[term.Index][1]) * int(term.Coef)
		}
		ph := Phase(&p)
		want := (o*(PhaseMax-ph) + e*ph) / PhaseMax
		if got := w.Evaluate(&p); got != want {
			t.Fatalf("%s: Evaluate %d, the features add up to %d", p.SFEN(), got, want)
		}
	}
}

func BenchmarkEvaluate(b *testing.B) {
	ps := positions(b, 20, 100)
	b.ResetTimer()
	for b.Loop() {
		for i := range ps {
			Default.Evaluate(&ps[i])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/position")
}

func BenchmarkFeatureSum(b *testing.B) {
	ps := positions(b, 20, 100)
	b.ResetTimer()
	var buf [MaxTerms]Term
	for b.Loop() {
		for i := range ps {
			v := 0
			for _, t := range Features(&ps[i], buf[:0]) {
				v += int(Default[t.Index][0]) * int(t.Coef)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/position")
}

// The embedded weights decode, and encoding them gives back the same
// bytes.
func TestWeightsRoundTrip(t *testing.T) {
	var b bytes.Buffer
	if err := Default.Encode(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), embedded) {
		t.Error("encoding the embedded weights does not give back weights.bin")
	}
}

// Decode takes any bytes without panicking, and what it accepts encodes
// back to the same bytes (a file of the previous format, to the same
// weights).
func FuzzDecode(f *testing.F) {
	f.Add(embedded[:64])
	f.Add([]byte(magic))
	f.Add(append([]byte(magic2), 0, 0, 0, 0))
	f.Add(append([]byte(magic), 0, 0, 0, 0))
	f.Fuzz(func(t *testing.T, b []byte) {
		w, err := Decode(b)
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := w.Encode(&out); err != nil {
			t.Fatal(err)
		}
		if string(b[:len(magic2)]) == magic2 {
			w2, err := Decode(out.Bytes())
			if err != nil || *w2 != *w {
				t.Fatalf("a %s file encoded as %s does not decode to the same weights (%v)", magic2, magic, err)
			}
			return
		}
		if !bytes.Equal(out.Bytes(), b) {
			t.Fatalf("decoded %d bytes, encoded back %d", len(b), out.Len())
		}
	})
}

// The phase starts at 0, counts pieces in hand and pieces in the enemy
// camp, and stops at PhaseMax.
func TestPhase(t *testing.T) {
	for _, c := range []struct {
		sfen string
		want int
	}{
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 0},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b B2Pp 1", 2 + 2 + 1},
		{"ln1gkgsnl/1r5b1/pp+Spppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKG1NL w P 1", 2 + 1},
		{"4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9Pr2b2g2s2n2l9p 1", PhaseMax},
	} {
		p, err := game.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		if got := Phase(&p); got != c.want {
			t.Errorf("%s: phase %d, want %d", c.sfen, got, c.want)
		}
	}
}
