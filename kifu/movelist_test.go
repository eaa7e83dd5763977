package kifu

import (
	"strings"
	"testing"
)

// A file holding nothing but moves reads as a game from the even start,
// whatever notation its moves are in; it failed before with the leading
// digit of "7g7f" taken for a move number.
func TestReadBareMoveList(t *testing.T) {
	for _, text := range []string{
		"7g7f 3c3d",
		"7g7f 3c3d\n",
		"1. 7g7f 2. 3c3d",
		"1.P-7f 2...P-3d",
		"P-7f P-3d",
		"▲７六歩△３四歩",
		"▲７六歩 △３四歩",
		"+7776FU -3334FU",
		"７六歩(77) ３四歩(33)",
	} {
		r, err := Read([]byte(text), "moves.txt")
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		var usi []string
		for n := r.Root; n.FirstChild() != nil; n = n.FirstChild() {
			usi = append(usi, n.FirstChild().Move.USI())
		}
		if got := strings.Join(usi, " "); got != "7g7f 3c3d" {
			t.Errorf("%q read as %q", text, got)
		}
	}
	// Text that is not all moves is not taken for a move list.
	for _, text := range []string{"7g7f hello", "7g7f 7g7f", "12 13"} {
		if r, ok := readMoveList(text); ok {
			t.Errorf("%q read as a move list of %d moves", text, r.Root.NumChildren())
		}
	}
}
