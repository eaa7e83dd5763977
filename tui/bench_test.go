package tui

import (
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// BenchmarkView draws one frame of a mid-game position with a piece picked
// (targets highlighted), in true colour so the styling is paid for too.
func BenchmarkView(b *testing.B) {
	prev := lipgloss.ColorProfile()
	lipgloss.SetColorProfile(termenv.TrueColor)
	defer lipgloss.SetColorProfile(prev)
	for _, st := range []PieceStyle{Kanji, Western, ASCII} {
		b.Run(st.String(), func(b *testing.B) {
			h := midgameHarness(b, st)
			h.press("l", "l", "l", "k", "enter")
			b.ReportAllocs()
			for b.Loop() {
				_ = h.m.View()
			}
		})
	}
}

func BenchmarkRenderBoard(b *testing.B) {
	h := midgameHarness(b, Kanji)
	pos := h.game().Position()
	o := boardOpts{style: Kanji, cursor: h.m.play.cursor, selected: h.m.play.selected, styles: h.m.c.styles}
	for b.Loop() {
		_ = renderBoard(&pos, o)
	}
}
