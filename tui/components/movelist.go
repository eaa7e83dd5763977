package components

import (
	"strconv"
	"strings"

	"shogi/tui/common"
)

// moveList is what the move list component draws: n entries, the text of
// each asked for only when it is shown, so a thousand-move record costs
// what its visible rows cost.
type MoveList struct {
	Title string
	N     int
	// entry returns the number column ("" for a line's ending), the move
	// text and whether the move has alternatives (marked +).
	Entry func(i int) (num, text string, branch bool)
	NumW  int // the widest number
	TextW int // the widest text
	Cur   int // the entry shown on the board (marked > and highlighted), or -1
	Last  int // the entry of the last move (tinted), or -1
}

// listGeom is how a list is cut into columns: entry i sits in column
// i/rows, row i%rows, and the columns from first on are shown.
type listGeom struct {
	x, y             int // the title's position on the screen
	rows, cols, colW int
	first            int
}

// geometry cuts the list to w×h (title line included), scrolled so that
// the focus entry is visible.
func (l *MoveList) Geometry(x, y, w, h, focus int) listGeom {
	g := listGeom{x: x, y: y, rows: max(h-1, 1)}
	g.colW = 1 + l.NumW + 1 + l.TextW + 2 // mark, number, branch mark, text, gap
	g.cols = max(w/max(g.colW, 1), 1)
	if g.cols == 1 {
		g.colW = w
	}
	if focus < 0 {
		focus = 0
	}
	g.first = max(0, focus/g.rows-g.cols+1)
	return g
}

// at maps a click to the entry drawn there.
func (g listGeom) At(x, y, n int) (int, bool) {
	row := y - g.y - 1
	if row < 0 || row >= g.rows || x < g.x {
		return 0, false
	}
	col := (x - g.x) / max(g.colW, 1)
	if col >= g.cols {
		return 0, false
	}
	i := (g.first+col)*g.rows + row
	if i >= n {
		return 0, false
	}
	return i, true
}

// render draws the list as exactly h lines of w columns: the title, then
// the entries in columns top to bottom, left to right:
//
//	指し手 KI2
//	   1 ▲７六歩        4 △同　銀
//	   2 △３四歩     >  5+▲４五角
//	   3 ▲２二角成
func (l *MoveList) Render(g listGeom, w, h int, st *common.Styles, m common.Measure) []string {
	out := make([]string, 0, h)
	if h <= 0 || w <= 0 {
		return out
	}
	title := m.Fit(l.Title, w)
	if st != nil {
		title = st.Title.Render(title)
	}
	out = append(out, title)
	for r := 0; r < g.rows && len(out) < h; r++ {
		var b strings.Builder
		used := 0
		for c := 0; c < g.cols; c++ {
			i := (g.first+c)*g.rows + r
			if i >= l.N {
				break
			}
			num, text, branch := l.Entry(i)
			mark, bm := " ", " "
			if i == l.Cur {
				mark = ">"
			}
			if branch {
				bm = "+"
			}
			e := mark + padLeft(num, l.NumW) + bm + text
			cw := min(g.colW, w-used)
			e = m.Truncate(e, cw-1)
			ew := m.Width(e)
			switch {
			case st == nil:
			case i == l.Cur:
				e = st.ListCur.Render(e)
			case i == l.Last:
				e = st.ListLast.Render(e)
			}
			b.WriteString(e)
			b.WriteString(strings.Repeat(" ", cw-ew))
			used += cw
		}
		if used < w {
			b.WriteString(strings.Repeat(" ", w-used))
		}
		out = append(out, b.String())
	}
	for len(out) < h {
		out = append(out, strings.Repeat(" ", w))
	}
	return out
}

func padLeft(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return strings.Repeat(" ", n-len(s)) + s
}

// digits is the width of n written in decimal.
func Digits(n int) int { return len(strconv.Itoa(n)) }

// focus is the entry the list keeps in view.
func (ml *MoveList) Focus() int {
	if ml.Cur >= 0 {
		return ml.Cur
	}
	return max(ml.Last, ml.N-1)
}
