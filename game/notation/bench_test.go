package notation

import (
	"testing"

	"shogi/game"
)

// benchSFEN is a busy middlegame: both hands full, promoted pieces, 100+
// legal moves, several rivals for some squares.
const benchSFEN = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"

func benchMoves(b *testing.B) (game.Position, []game.Move) {
	p := mustSFEN(b, benchSFEN)
	ms := p.LegalMoves(nil)
	if len(ms) < 100 {
		b.Fatalf("bench position has %d moves", len(ms))
	}
	return p, ms
}

func BenchmarkFormat(b *testing.B) {
	p, ms := benchMoves(b)
	for _, st := range styles {
		b.Run(st.String(), func(b *testing.B) {
			n := 0
			for b.Loop() {
				for _, m := range ms {
					_ = Format(&p, m, st, game.NoMove)
					n++
				}
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}

func BenchmarkParse(b *testing.B) {
	p, ms := benchMoves(b)
	for _, st := range styles {
		texts := make([]string, len(ms))
		for i, m := range ms {
			texts[i] = Format(&p, m, st, game.NoMove)
		}
		b.Run(st.String(), func(b *testing.B) {
			n := 0
			for b.Loop() {
				for _, t := range texts {
					if _, err := Parse(&p, t, st, game.NoMove); err != nil {
						b.Fatal(err)
					}
					n++
				}
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
		})
		b.Run(st.String()+"/any", func(b *testing.B) {
			n := 0
			for b.Loop() {
				for _, t := range texts {
					if _, err := ParseAny(&p, t, game.NoMove); err != nil {
						b.Fatal(err)
					}
					n++
				}
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}
