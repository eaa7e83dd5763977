package tui

import (
	"strconv"
	"testing"

	"shogi/game"
)

// BenchmarkView draws one frame of the mock-up position (check, the king
// picked, its targets) in each layout, in true colour, so the styling is
// paid for too.
func BenchmarkView(b *testing.B) {
	for _, size := range goldenSizes {
		for _, st := range []PieceStyle{Kanji, Western, ASCII} {
			b.Run(sizeName(size)+"-"+st.String(), func(b *testing.B) {
				h := checkHarness(b, styleOptions(st))
				h.send(windowSize(size[0], size[1]))
				b.ReportAllocs()
				for b.Loop() {
					_ = h.m.View()
				}
			})
		}
	}
}

// BenchmarkStudyView draws the study of a record with branches and
// comments at 200×50.
func BenchmarkStudyView(b *testing.B) {
	h := newHarness(b, Options{Lang: Japanese})
	h.send(openMsg{path: "testdata/study/branches.kif"})
	h.send(windowSize(200, 50))
	h.press("8", "enter")
	b.ReportAllocs()
	for b.Loop() {
		_ = h.m.View()
	}
}

func BenchmarkRenderBoard(b *testing.B) {
	h := checkHarness(b, Options{})
	pos := h.game().Position()
	for _, size := range []boardSize{boardCompact, boardLarge, boardHuge} {
		b.Run(map[boardSize]string{boardCompact: "compact", boardLarge: "large", boardHuge: "huge"}[size], func(b *testing.B) {
			o := boardOpts{style: Kanji, size: size, cursor: h.m.play.cursor, selected: h.m.play.selected,
				targets: &h.m.play.targets, check: game.NoSquare, styles: h.m.c.styles}
			for b.Loop() {
				_ = renderBoard(&pos, o)
			}
		})
	}
}

func sizeName(s [2]int) string { return strconv.Itoa(s[0]) + "x" + strconv.Itoa(s[1]) }
