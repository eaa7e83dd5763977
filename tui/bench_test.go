package tui

import (
	"strconv"
	"testing"

	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"

	"shogi/game"
)

// BenchmarkView draws one frame of the mock-up position (check, the king
// picked, its targets) in each layout, in true colour, so the styling is
// paid for too.
func BenchmarkView(b *testing.B) {
	for _, size := range goldenSizes {
		for _, st := range []common.PieceStyle{common.Kanji, common.Western, common.ASCII} {
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
	h := newHarness(b, Options{Lang: words.Japanese})
	h.send(common.OpenMsg{Path: "study/testdata/study/branches.kif"})
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
	for _, size := range []components.BoardSize{components.BoardCompact, components.BoardLarge, components.BoardHuge} {
		b.Run(map[components.BoardSize]string{components.BoardCompact: "compact", components.BoardLarge: "large", components.BoardHuge: "huge"}[size], func(b *testing.B) {
			o := components.BoardOpts{Style: common.Kanji, Size: size, Cursor: h.m.playShown().Cursor, Selected: h.m.playShown().Selected,
				Targets: &h.m.playShown().Targets, Check: game.NoSquare, Styles: h.m.c.Styles}
			for b.Loop() {
				_ = components.RenderBoard(&pos, o)
			}
		})
	}
}

func sizeName(s [2]int) string { return strconv.Itoa(s[0]) + "x" + strconv.Itoa(s[1]) }
