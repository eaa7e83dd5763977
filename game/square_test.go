package game

import "testing"

// Squares: every file and rank 1–9 maps to a distinct square on the
// board and back; anything else is NoSquare, and the texts USI and CSA
// use ("7g", "77") read back while anything else is refused.
func TestSquares(t *testing.T) {
	seen := map[Square]bool{}
	for f := 1; f <= 9; f++ {
		for r := 1; r <= 9; r++ {
			s := NewSquare(f, r)
			if !s.Valid() || s.File() != f || s.Rank() != r || seen[s] {
				t.Fatalf("NewSquare(%d, %d) = %d (file %d rank %d)", f, r, s, s.File(), s.Rank())
			}
			seen[s] = true
			for _, text := range []string{s.String(), string([]byte{byte('0' + f), byte('0' + r)})} {
				if got, err := ParseSquare(text); got != s || err != nil {
					t.Errorf("ParseSquare(%q) = %v, %v; want %v", text, got, err, s)
				}
			}
		}
	}
	for _, fr := range [][2]int{{0, 5}, {10, 5}, {5, 0}, {5, 10}, {-1, 1}, {1, -1}} {
		if s := NewSquare(fr[0], fr[1]); s != NoSquare {
			t.Errorf("NewSquare(%d, %d) = %d, want NoSquare", fr[0], fr[1], s)
		}
	}
	for _, s := range []Square{NoSquare, NumSquares, NumSquares + 1, 127} {
		if s.Valid() || s.String() != "-" {
			t.Errorf("Square(%d): valid %v, %q", s, s.Valid(), s.String())
		}
	}
	for _, text := range []string{"", "5", "55a", "0a", "a5", "5j", "5:", "50", "5@", "5A", "５e"} {
		if s, err := ParseSquare(text); err == nil {
			t.Errorf("ParseSquare(%q) = %v, want an error", text, s)
		}
	}
}
