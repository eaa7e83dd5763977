package tsume

import (
	"strings"
	"testing"

	"shogi/app/words"
	"shogi/game"
	"shogi/tui/components"
)

// A problem's first move made by the mouse alone: on a board move, a click
// on the piece then one on its square; on a drop, a click on the kind in
// Black's hand then one on the square.
func TestTsumeByMouse(t *testing.T) {
	var drop, board string
	for _, n := range []int{1, 3, 5, 7} {
		for _, p := range ofLength(t, n) {
			if p.Solution[0].IsDrop() && drop == "" {
				drop = p.ID
			} else if !p.Solution[0].IsDrop() && board == "" {
				board = p.ID
			}
		}
	}
	if drop == "" || board == "" {
		t.Fatalf("no problem opens with a drop (%q) or a board move (%q)", drop, board)
	}
	for _, id := range []string{board, drop} {
		t.Run(id, func(t *testing.T) {
			h := collectionHarness(t, words.English, "", Options{ID: id})
			pr := h.ts().Problem()
			mv := pr.Solution[0]
			c := h.c
			footer := 3
			if components.ChooseLayout(c.Width, c.Height, c.Pieces) != components.LayoutCompact {
				footer = 4
			}
			l := components.NewLayout(c.Width, c.Height, c.Pieces, footer)
			square := func(sq game.Square) {
				for col := range 9 {
					for row := range 9 {
						if game.NewSquare(components.FileAt(col, false), components.RankAt(row, false)) == sq {
							x, y := l.Geom.CellOrigin(col, row)
							h.click(l.Board.X+x+1, l.Board.Y+y)
							return
						}
					}
				}
				t.Fatalf("square %v not on the board", sq)
			}
			if mv.IsDrop() {
				// The kind's glyph in Black's hand, where the screen shows it.
				glyph := components.PieceGlyph(mv.Piece(), c.Pieces)
				r := l.Hands[1]
				lines := strings.Split(h.screen(), "\n")
				found := false
				for y := r.Y; y < r.Y+r.H && y < len(lines) && !found; y++ {
					if i := strings.Index(lines[y], glyph); i >= 0 {
						if x := c.Measure.Width(lines[y][:i]); x >= r.X && x < r.X+r.W {
							h.click(x, y)
							found = true
						}
					}
				}
				if !found {
					t.Fatalf("no %s in Black's hand:\n%s", glyph, h.screen())
				}
			} else {
				square(mv.From())
			}
			square(mv.To())
			if strings.Contains(h.screen(), "Promote?") {
				if mv.IsPromotion() {
					h.press("y")
				} else {
					h.press("n")
				}
			}
			if got := h.ts().Moves(); len(got) == 0 || got[0] != mv {
				t.Fatalf("%s by mouse (%s): moves %v\n%s", id, mv.USI(), got, h.screen())
			}
		})
	}
}
