package game

import (
	"errors"
	"strings"
	"testing"
)

func TestSFENRoundTrip(t *testing.T) {
	for _, s := range []string{
		StartSFEN,
		"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
		"4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1",
		"+l+n+s1k1+s+n+l/1+r5+b1/+p+p+p+p+p+p+p+p+p/9/9/9/9/9/4K4 w - 124",
		"9/9/9/9/9/9/9/9/9 b - 1",
		"4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18Pr2b 7",
	} {
		p := mustSFEN(t, s)
		if got := p.SFEN(); got != s {
			t.Errorf("round trip:\n got %s\nwant %s", got, s)
		}
	}
}

func TestSFENHandOrder(t *testing.T) {
	// Hands in any order read back in USI order: Black's, then White's, R B G S N L P.
	p := mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b 17p4l4n4s3g2b2rG 1")
	if got := p.HandSFEN(); got != "G2r2b3g4s4n4l17p" {
		t.Errorf("hand %q, want G2r2b3g4s4n4l17p", got)
	}
}

func TestSFENErrors(t *testing.T) {
	tests := []struct{ sfen, want string }{
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1", "8 ranks"},
		{"lnsgkgsnl/1r5b1/pppp1ppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "rank 3 has 10 squares"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1", "rank 9 has 8 squares"},
		{"lnsgkgsnl/1r5b1/ppppXpppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "unknown piece \"X\""},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1", "side to move \"x\""},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2K 1", "not a piece that can be held"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2 1", "ends with a count"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0", "move number"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKKSNL b - 1", "more than one black king"},
		{"lnsg+kgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "king cannot be promoted"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL", "got 1 field"},
		{"", "got 0 field"},
	}
	for _, tc := range tests {
		_, err := ParseSFEN(tc.sfen)
		var se *SFENError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseSFEN(%q) = %v, want an error mentioning %q", tc.sfen, err, tc.want)
		}
	}
}

func TestSFENLenient(t *testing.T) {
	for _, s := range []string{"startpos", "sfen " + StartSFEN, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -"} {
		p, err := ParseSFEN(s)
		if err != nil || p.SFEN() != StartSFEN {
			t.Errorf("ParseSFEN(%q) = %s, %v", s, p.SFEN(), err)
		}
	}
}

// FuzzSFEN checks that any text either fails with an SFENError or parses
// to a position whose SFEN reads back to the same position, and that move
// generation on it neither panics nor produces a move CheckMove rejects.
func FuzzSFEN(f *testing.F) {
	for _, s := range []string{
		StartSFEN,
		"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
		"R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
		"4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1",
		"8k/9/6NG1/9/9/9/9/9/4K4 b P 1",
		"9/9/9/9/9/9/9/9/9 b - 1",
		"P3k4/9/9/9/9/9/9/9/4K4 w 99P 1",
		"lnsgkgsnl/1r5b1/ppppXpppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
		"4k4/9/9/9/9/9/9/9/K3K3K b - 1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// The editor's reading: a position (reading back as itself) with
		// one king a side at most, and the kings left out on squares the
		// position leaves empty; it fails only where ParseSFEN fails for
		// another reason than a second king.
		e, extra, eerr := ParseSFENExtraKings(s)
		if eerr == nil {
			if q, err := ParseSFEN(e.SFEN()); err != nil || !q.Equal(&e) {
				t.Fatalf("%q: the editor's reading %q does not read back: %v", s, e.SFEN(), err)
			}
			for _, sq := range extra {
				if e.At(sq) != NoPiece {
					t.Fatalf("%q: a king left out on %v, which holds %v", s, sq, e.At(sq))
				}
			}
		}
		p, err := ParseSFEN(s)
		if (err == nil) != (eerr == nil && len(extra) == 0) {
			t.Fatalf("%q: ParseSFEN %v, the editor's reading %v (%d left out)", s, err, eerr, len(extra))
		}
		if err != nil {
			var se *SFENError
			if !errors.As(err, &se) {
				t.Fatalf("error %v is not an *SFENError", err)
			}
			return
		}
		out := p.SFEN()
		q, err := ParseSFEN(out)
		if err != nil || q.SFEN() != out || !q.Equal(&p) || q.Hash() != p.Hash() {
			t.Fatalf("%q -> %q does not read back: %v", s, out, err)
		}
		_ = p.Warnings()
		for _, m := range p.LegalMoves(nil) {
			if err := p.CheckMove(m); err != nil {
				t.Fatalf("%s: generated %s but CheckMove says %v", out, m, err)
			}
			next := p.Play(m)
			if next.Hash() != next.recomputeHash() {
				t.Fatalf("%s: hash drift after %s", out, m)
			}
		}
	})
}

// A board with two kings of a side: ParseSFEN refuses it; the editor's
// reading places the first and returns where the others stood.
func TestParseSFENExtraKings(t *testing.T) {
	const text = "4k4/9/9/9/9/9/9/9/K3K3K b - 1"
	if _, err := ParseSFEN(text); err == nil || !strings.Contains(err.Error(), "more than one black king") {
		t.Fatalf("ParseSFEN: %v", err)
	}
	p, extra, err := ParseSFENExtraKings(text)
	if err != nil {
		t.Fatal(err)
	}
	if k := p.KingSquare(Black); k.String() != "9i" {
		t.Errorf("Black's king on %v, want 9i", k)
	}
	if len(extra) != 2 || extra[0].String() != "5i" || extra[1].String() != "1i" {
		t.Errorf("left out %v, want 5i and 1i", extra)
	}
	if got := p.SFEN(); got != "4k4/9/9/9/9/9/9/9/K8 b - 1" {
		t.Errorf("position %s", got)
	}
	if _, extra, err := ParseSFENExtraKings(StartSFEN); err != nil || extra != nil {
		t.Errorf("the start: %v %v", extra, err)
	}
}
