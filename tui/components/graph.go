package components

import (
	"strconv"
	"strings"

	"shogi/tui/common"

	"shogi/game/analysis"
)

// evalGraph is what the evaluation graph draws: a score per ply from
// Black's side, already clamped to ±limit (a mate is the limit), some
// plies not analysed, and the ply on the board.
type EvalGraph struct {
	values []int // by ply
	known  []bool
	cur    int // the ply shown, marked; -1 for none
	limit  int
}

// graphLabelW is the width of the score labels left of the plot.
const GraphLabelW = 6

// renderGraph draws the evaluation across the game in exactly h lines of
// w columns: the plot, Black's advantage filled up from the zero line and
// White's down from it (in Black's and White's piece colours where there
// is colour), then a line of ply numbers with a caret under the ply shown,
// which also takes the accent colour in the plot (reverse video without
// colour). Unicode terminals get a braille plot, two dots a column and
// four a line; ASCII ones a plot of # (Black ahead) and = (White ahead).
// Plies not analysed leave a gap on a dotted zero line:
//
//	+2000
//	      ⣀⣀⣠⣤⣤⣴⣶⣶⣾⣿⣿⣿
//	    0 ⠉⠉⠉⠉⠁
//	-2000
//	      0         20         40^43
func RenderGraph(g EvalGraph, w, h int, st *common.Styles, ascii bool) []string {
	if w <= 0 || h <= 0 {
		return nil
	}
	plotH := h
	axis := h >= 4 // three lines are all plot
	if axis {
		plotH--
	}
	labelW := GraphLabelW
	if w < 30 {
		labelW = 0
	}
	p := newGraphPlot(g, max(w-labelW, 1), plotH, ascii)
	dots, sum, has := p.fill()
	cur := -1
	if g.cur >= 0 && g.cur <= p.n {
		cur = p.colOf(g.cur)
	}
	out := make([]string, 0, h)
	for row := 0; row < plotH; row++ {
		label := ""
		switch {
		case labelW == 0:
		case row == p.zero/p.dy:
			label = "0"
		case row == 0:
			label = "+" + strconv.Itoa(g.limit)
		case row == plotH-1:
			label = "-" + strconv.Itoa(g.limit)
		}
		var b strings.Builder
		if labelW > 0 {
			b.WriteString(Dimmed(st, padLeft(label, labelW-1)+" "))
		}
		// Cells of one style are written as one run: one pair of escape
		// sequences per run, not per cell.
		var run strings.Builder
		kind := -1
		flush := func() {
			if run.Len() > 0 {
				b.WriteString(graphStyle(st, kind, run.String()))
				run.Reset()
			}
		}
		for col := 0; col < p.pw; col++ {
			var cell string
			if ascii {
				cell = asciiCell(dots, row, col, p.zero, has[col])
			} else {
				cell = brailleCell(dots, row, col)
			}
			k := graphKind(cell, col == cur, has[col], sum[col])
			if k != kind {
				flush()
				kind = k
			}
			run.WriteString(cell)
		}
		flush()
		out = append(out, b.String())
	}
	if axis {
		out = append(out, graphAxis(p.n, p.pw, labelW, g.cur, p.colOf, st))
	}
	return out
}

// graphPlot maps plies and values to the dots of a plot pw cells wide and
// plotH lines high: a cell is dx dots across and dy down (2×4 in
// braille, 1×1 in ASCII), the zero line halfway down.
type graphPlot struct {
	g      EvalGraph
	n      int // the last ply
	pw     int // cells across
	dx, dy int // dots per cell, across and down
	w, h   int // dots across and down
	zero   int // the zero line's dot row
}

func newGraphPlot(g EvalGraph, pw, plotH int, ascii bool) graphPlot {
	p := graphPlot{g: g, n: len(g.values) - 1, pw: pw, dx: 2, dy: 4}
	if ascii {
		p.dx, p.dy = 1, 1
	}
	p.w, p.h = pw*p.dx, plotH*p.dy
	p.zero = (p.h - 1) / 2
	return p
}

// yOf is the dot row of a value.
func (p graphPlot) yOf(v int) int {
	y := int(float64(p.g.limit-v)*float64(p.h-1)/float64(2*p.g.limit) + 0.5)
	return max(0, min(p.h-1, y))
}

// plyAt is the ply a dot column samples (between two plies: a fraction).
func (p graphPlot) plyAt(x int) float64 {
	if p.w <= 1 || p.n <= 0 {
		return 0
	}
	return float64(x) * float64(p.n) / float64(p.w-1)
}

// colOf is the cell column of a ply.
func (p graphPlot) colOf(ply int) int {
	if p.n <= 0 {
		return 0
	}
	return int(float64(ply)*float64(p.w-1)/float64(p.n)+0.5) / p.dx
}

// valueAt is the value drawn at dot column x: between two known plies
// the line between them, next to one known ply its value, else nothing.
func (p graphPlot) valueAt(x int) (int, bool) {
	t := p.plyAt(x)
	p0 := int(t)
	p1 := min(p0+1, p.n)
	if p0 < 0 || p0 > p.n || p.n < 0 {
		return 0, false
	}
	k0, k1 := p.g.known[p0], p.g.known[p1]
	switch {
	case k0 && k1:
		f := t - float64(p0)
		return int(float64(p.g.values[p0])*(1-f) + float64(p.g.values[p1])*f), true
	case k0 && t-float64(p0) < 0.5:
		return p.g.values[p0], true
	case k1 && t-float64(p0) >= 0.5:
		return p.g.values[p1], true
	}
	return 0, false
}

// fill sets the dots from the zero line to each value, and a dotted zero
// line where nothing is known. Per cell column it sums the values (whose
// sign says who is ahead there) and notes whether any is known.
func (p graphPlot) fill() (dots [][]bool, sum []int, has []bool) {
	dots = make([][]bool, p.h)
	for y := range dots {
		dots[y] = make([]bool, p.w)
	}
	sum, has = make([]int, p.pw), make([]bool, p.pw)
	for x := 0; x < p.w; x++ {
		v, ok := p.valueAt(x)
		if !ok {
			if x%(2*p.dx) == 0 {
				dots[p.zero][x] = true
			}
			continue
		}
		y := p.yOf(v)
		for yy := min(y, p.zero); yy <= max(y, p.zero); yy++ {
			dots[yy][x] = true
		}
		sum[x/p.dx] += v
		has[x/p.dx] = true
	}
	return dots, sum, has
}

// brailleCell is the braille character of a cell's eight dots.
func brailleCell(dots [][]bool, row, col int) string {
	// The bit of each dot: column 0 then 1, rows 0 to 3.
	bits := [2][4]rune{{0x01, 0x02, 0x04, 0x40}, {0x08, 0x10, 0x20, 0x80}}
	r := rune(0x2800)
	for c := 0; c < 2; c++ {
		for y := 0; y < 4; y++ {
			if dots[row*4+y][col*2+c] {
				r |= bits[c][y]
			}
		}
	}
	if r == 0x2800 {
		return " "
	}
	return string(r)
}

// asciiCell is a cell of the ASCII plot: # above the zero line, = below,
// . on it where nothing is known.
func asciiCell(dots [][]bool, row, col, zero int, known bool) string {
	switch {
	case !dots[row][col]:
		return " "
	case !known:
		return "."
	case row < zero:
		return "#"
	case row > zero:
		return "="
	}
	return "-"
}

// The styles of the graph's cells.
const (
	graphCurKind   = iota // the ply shown: the accent (reversed without colour)
	graphDimKind          // blank, or the dotted zero line
	graphBlackKind        // Black ahead: Black's colour
	graphWhiteKind        // White ahead: White's colour
)

// graphKind is the style of a cell.
func graphKind(cell string, cur, known bool, sum int) int {
	switch {
	case cur:
		return graphCurKind
	case !known || cell == " ":
		return graphDimKind
	case sum >= 0:
		return graphBlackKind
	}
	return graphWhiteKind
}

// graphStyle paints a run of cells of one kind.
func graphStyle(st *common.Styles, kind int, text string) string {
	if st == nil {
		return text
	}
	switch kind {
	case graphCurKind:
		return st.GraphCur.Render(text)
	case graphDimKind:
		return st.Dim.Render(text)
	case graphBlackKind:
		return st.GraphBlack.Render(text)
	}
	return st.GraphWhite.Render(text)
}

// graphAxis is the line under the plot: ply numbers at round steps and a
// caret with the number under the ply shown.
func graphAxis(n, pw, labelW, cur int, colOf func(int) int, st *common.Styles) string {
	line := []byte(strings.Repeat(" ", pw))
	put := func(col int, s string) bool {
		if col < 0 || col+len(s) > pw {
			return false
		}
		for i := col; i < col+len(s); i++ {
			if line[i] != ' ' || i+1 < pw && i == col+len(s)-1 && line[i+1] != ' ' {
				return false
			}
		}
		copy(line[col:], s)
		return true
	}
	curText := ""
	curCol := -1
	if cur >= 0 && cur <= n {
		curText, curCol = "^"+strconv.Itoa(cur), colOf(cur)
		if curCol+len(curText) > pw {
			curText = strconv.Itoa(cur) + "^"
			curCol -= len(curText) - 1
		}
		put(curCol, curText)
	}
	step := 10
	for _, s := range []int{10, 20, 50, 100, 200, 500} {
		step = s
		if n <= 0 || pw*s/max(n, 1) >= 8 {
			break
		}
	}
	for p := 0; p <= n; p += step {
		put(colOf(p), strconv.Itoa(p))
	}
	text := string(line)
	pre := strings.Repeat(" ", labelW)
	if st == nil || curCol < 0 {
		return pre + Dimmed(st, text)
	}
	return pre + Dimmed(st, text[:curCol]) + st.Accent.Render(curText) + Dimmed(st, text[curCol+len(curText):])
}

// graphOf clamps a value per ply into a graph, cur the ply shown.
func GraphOf(vals []analysis.Value, cur int) EvalGraph {
	g := EvalGraph{values: make([]int, len(vals)), known: make([]bool, len(vals)), cur: cur, limit: analysis.GraphLimit}
	for i, v := range vals {
		g.values[i], g.known[i] = v.Clamp(g.limit), v.Known()
	}
	return g
}

// graphPlyAt is the ply drawn at column x of a graph of the last ply n,
// w columns wide, for a click.
func GraphPlyAt(n, w, x int, ascii bool) int {
	labelW := GraphLabelW
	if w < 30 {
		labelW = 0
	}
	dx := 2
	if ascii {
		dx = 1
	}
	W := max(w-labelW, 1) * dx
	col := max(0, x-labelW)
	if W <= 1 || n <= 0 {
		return 0
	}
	dot := col*dx + dx/2
	return max(0, min(n, int(float64(dot)*float64(n)/float64(W-1)+0.5)))
}
