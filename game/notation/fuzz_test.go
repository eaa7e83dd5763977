package notation

import (
	"errors"
	"testing"

	"shogi/game"
)

var fuzzPositions = []string{
	game.StartSFEN,
	"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
	"4k4/9/9/9/9/9/2G6/3G5/2G1K4 b G 1",
	"4k2+P+P/7+P1/6S+PS/7S1/9/9/9/9/4K4 b SP 1",
	"3gkg3/2g1s4/9/9/4+r4/3+r5/9/9/4K4 w - 1",
	"ln1g1g1nl/1ks2r3/1pppp1bpp/p3spp2/7P1/P1P1P1P2/1PBPSP2P/2KS2R2/LNG2G1NL b Pp 1",
}

// FuzzParse: no text, in any position, makes the parser panic; whatever it
// accepts is a legal move that formats and reads back to itself.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"7g7f", "8h2b+", "P*5e", "+7776FU", "-3334FU", "+0055KA", "P-7f", "S7bx8c+", "+R-2b",
		"G6h-7h", "P'22", "S33-22+", "▲７六歩", "△同　歩", "２二銀左成", "５五龍行", "７六歩(77)", "同　銀(31)", "５五角打",
		"76 Fu", "33 Gin Hidari Agaru Narazu", "Dou Gin Nari", "22gin↗+", "〃gin", "22to↓", "1. P-7f", "1...P-3d",
		"12 76 Fu", "七六歩", "", "同", "(", "１", "+", "99999"} {
		f.Add(s, uint8(0), false)
	}
	f.Add("７八金上", uint8(2), false)
	f.Add("22to←", uint8(3), false)
	f.Add("同　龍右", uint8(4), true)
	positions := make([]game.Position, len(fuzzPositions))
	for i, s := range fuzzPositions {
		positions[i] = mustSFEN(f, s)
	}
	f.Fuzz(func(t *testing.T, text string, pi uint8, withPrev bool) {
		p := &positions[int(pi)%len(positions)]
		prev := game.NoMove
		if withPrev {
			// any move to 5e or 2b, so 同 has something to refer to
			prev = game.NewBoardMove(game.NewSquare(5, 6), game.NewSquare(5, 5), game.NewPiece(p.SideToMove().Other(), game.Pawn), game.NoPiece, false)
		}
		syn := CheckSyntax(text)
		m, err := ParseAny(p, text, prev)
		var se *SyntaxError
		if errors.As(err, &se) {
			if syn == SyntaxComplete {
				t.Fatalf("%q: CheckSyntax says complete but ParseAny: %v", text, err)
			}
		} else if syn != SyntaxComplete {
			t.Fatalf("%q: CheckSyntax %v but ParseAny read it (%v)", text, syn, err)
		}
		if err == nil {
			if !p.IsLegal(m) {
				t.Fatalf("%q: illegal move %s returned", text, m.USI())
			}
			for _, st := range styles {
				out := Format(p, m, st, prev)
				if back, err := Parse(p, out, st, prev); err != nil || back != m {
					t.Fatalf("%q → %s → %v %q → %s %v", text, m.USI(), st, out, back.USI(), err)
				}
			}
		}
		for _, st := range styles {
			if m, err := Parse(p, text, st, prev); err == nil && !p.IsLegal(m) {
				t.Fatalf("%q as %v: illegal move %s returned", text, st, m.USI())
			}
		}
	})
}
