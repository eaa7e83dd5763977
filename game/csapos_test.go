package game

import (
	"strings"
	"testing"
)

// CSALines and CSAPosition round-trip positions with pieces in hand,
// promoted pieces and either side to move; PI, 00AL and a lone sign read
// as CSA defines them.
func TestCSAPosition(t *testing.T) {
	for _, sfen := range []string{
		StartSFEN,
		"8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
		"4k4/9/4P4/9/9/9/9/9/4K4 b G2P 1",
	} {
		p := mustSFEN(t, sfen)
		var r CSAPosition
		for _, l := range p.CSALines() {
			if err := r.Statement(l); err != nil {
				t.Fatalf("%s: %q: %v", sfen, l, err)
			}
		}
		q := r.Position()
		q.SetMoveNumber(p.MoveNumber())
		if q.SFEN() != p.SFEN() {
			t.Errorf("%s came back as %s", sfen, q.SFEN())
		}
	}
	for _, c := range []struct {
		lines []string
		sfen  string
	}{
		{nil, StartSFEN},
		{[]string{"-"}, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
		{[]string{"PI82HI22KA", "+"}, "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{[]string{"P1 *  *  *  * -OU *  *  *  * ", "P9 *  *  *  * +OU *  *  *  * ", "P+00KI", "P-00AL", "+"},
			"4k4/9/9/9/9/9/9/9/4K4 b G2r2b3g4s4n4l18p 1"},
	} {
		var r CSAPosition
		for _, l := range c.lines {
			if err := r.Statement(l); err != nil {
				t.Fatalf("%q: %v", l, err)
			}
		}
		if p := r.Position(); p.SFEN() != c.sfen {
			t.Errorf("%q: got %s, want %s", c.lines, p.SFEN(), c.sfen)
		}
	}
	for _, bad := range []string{"P0", "PI55FU", "P1 * ", "P1+XX", "P+00OU", "P+55", "Q", "P-0011"} {
		var r CSAPosition
		if err := r.Statement(bad); err == nil || strings.TrimSpace(err.Error()) == "" {
			t.Errorf("%q read", bad)
		}
	}
}
