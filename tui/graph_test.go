package tui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"shogi/tui/common"
	"shogi/tui/components"

	"github.com/charmbracelet/x/ansi"

	"shogi/game"
	"shogi/game/analysis"
)

// graphGame is a hand-made game of 120 plies, scores from Black's side:
// even for 30 plies, Black slowly ahead to +900, a blunder at 61 that
// hands White +1200, plies 70–74 not analysed, White past the clamp
// (−3500) and finally a mate for White from ply 110.
func graphGame() components.EvalGraph {
	var vals []analysis.Value
	for p := 0; p <= 120; p++ {
		var v analysis.Value
		switch {
		case p <= 30:
			v = analysis.Centipawns(30 - p%7*10)
		case p <= 60:
			v = analysis.Centipawns((p - 30) * 30)
		case p < 70:
			v = analysis.Centipawns(-1200 + (p-61)*20)
		case p < 75:
			// not analysed
		case p < 110:
			v = analysis.Centipawns(-1000 - (p-75)*80)
		default:
			v = analysis.MateBy(game.White, 121-p)
		}
		vals = append(vals, v)
	}
	return components.GraphOf(vals, 43)
}

func TestGraphGoldens(t *testing.T) {
	g := graphGame()
	colour := common.NewStyles(common.PaletteFor(true, common.LevelTrue), common.LevelTrue)
	mono := common.NewStyles(common.PaletteFor(true, common.LevelMono), common.LevelMono)
	for _, w := range []int{80, 200} {
		c := strings.Join(components.RenderGraph(g, w, 8, colour, false), "\n")
		n := strings.Join(components.RenderGraph(g, w, 8, mono, false), "\n")
		a := strings.Join(components.RenderGraph(g, w, 8, nil, true), "\n")
		golden(t, filepath.Join("graph", fmt.Sprintf("%d-colour.ansi", w)), c)
		golden(t, filepath.Join("graph", fmt.Sprintf("%d-nocolor.ansi", w)), n)
		golden(t, filepath.Join("graph", fmt.Sprintf("%d.txt", w)), ansi.Strip(c))
		golden(t, filepath.Join("graph", fmt.Sprintf("%d-ascii.txt", w)), a)
		if ansi.Strip(c) != ansi.Strip(n) {
			t.Errorf("%d: colour and no colour draw different characters", w)
		}
		for i, l := range strings.Split(c, "\n") {
			if got := common.NewMeasure(common.Narrow).Width(l); got != w {
				t.Errorf("%d columns: line %d is %d wide", w, i, got)
			}
		}
		for i, l := range strings.Split(a, "\n") {
			if len(l) != w || strings.ContainsFunc(l, func(r rune) bool { return r > 0x7e }) {
				t.Errorf("ascii %d: line %d %q", w, i, l)
			}
		}
	}
}
