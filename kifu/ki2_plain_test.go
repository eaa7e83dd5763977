package kifu

import (
	"math/rand"
	"strings"
	"testing"

	"shogi/game"
	"shogi/game/notation"
	"shogi/internal/testenv"
)

// checkPlain fails when parseKI2Plain claims text names a move that
// notation.Parse, the general reader, does not agree on.
// (No t.Helper: it is called some two million times, and Helper's
// stack walk was a tenth of the package's test time; the message names
// the text and the position.)
func checkPlain(t *testing.T, p *game.Position, text string, prev game.Move) bool {
	m, ok := parseKI2Plain(p, text, prev)
	if !ok {
		return false
	}
	want, err := notation.Parse(p, text, notation.KI2, prev)
	if err != nil || want != m {
		t.Fatalf("%s after %v in %s: fast path %v, notation.Parse %v (%v)", text, prev, p.SFEN(), m, want, err)
	}
	return true
}

// TestKI2PlainAgrees reads every legal move of positions from random
// games written as KI2 writes them, and spellings around them (without
// the promotion mark, with 打, with 同), through the fast path and
// through notation.Parse. 20 games in the default run (some 250,000
// moves read in seven spellings each), 100 in the long tier.
func TestKI2PlainAgrees(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	games := 20
	if testenv.Long() {
		games = 100
	}
	hits, total := 0, 0
	var buf []game.Move
	for g := 0; g < games; g++ {
		p := game.StartPosition()
		prev := game.NoMove
		for ply := 0; ply < 150; ply++ {
			buf = p.LegalMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			for _, m := range buf {
				text := strings.TrimLeft(notation.Format(&p, m, notation.KI2, prev), "▲△")
				total++
				if checkPlain(t, &p, text, prev) {
					hits++
				}
				for _, v := range []string{strings.TrimSuffix(text, "成"), strings.TrimSuffix(text, "不成"), text + "打", strings.TrimSuffix(text, "打"), "同" + text[len("７六"):], "同　" + text[len("７六"):]} {
					checkPlain(t, &p, v, prev)
				}
			}
			m := buf[rng.Intn(len(buf))]
			if c := buf[rng.Intn(len(buf))]; c.Captured() != game.NoPiece {
				m = c
			}
			p, prev = p.Play(m), m
		}
	}
	if hits < total/2 {
		t.Errorf("the fast path read only %d of %d moves", hits, total)
	}
	t.Logf("fast path: %d of %d moves", hits, total)
}

// FuzzKI2Plain: whatever the fast path accepts, notation.Parse reads as
// the same move.
func FuzzKI2Plain(f *testing.F) {
	for _, s := range []string{"７六歩", "同　歩", "２二角成", "５五角打", "７七銀不成", "同銀", "１一香成", "成銀"} {
		f.Add("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", s, "")
	}
	f.Add("ln1g1k1nl/1rs3g2/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1BG1S2R1/LN2KGSNL w Bs 14", "５五角打", "2b3c")
	f.Fuzz(func(t *testing.T, sfen, text, prevUSI string) {
		p, err := game.ParseSFEN(sfen)
		if err != nil {
			return
		}
		prev := game.NoMove
		if m, err := p.ParseUSI(prevUSI); err == nil {
			prev = m
		}
		checkPlain(t, &p, text, prev)
	})
}
