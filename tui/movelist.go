package tui

import (
	"strconv"
	"strings"
)

// renderMoves lays out the numbered moves in columns (top to bottom, then
// left to right) in a box of width×height, the title on the first line,
// scrolled so that ply cur (1-based; 0 for none) is visible and marked.
// before is the number of moves played before moves[0] (a game played on
// from a record), so that the numbers are the plies of the game:
//
//	Moves (western)
//	  1 P-7f     3 Bx2b+
//	  2 P-3d     4 Sx2b
//
// Every returned line is exactly width columns wide.
func renderMoves(title string, moves []string, before, cur, width, height int, st *Styles, m measure) []string {
	lines := make([]string, 0, height)
	if height <= 0 || width <= 0 {
		return lines
	}
	lines = append(lines, m.pad(m.truncate(title, width), width))
	rows := height - 1
	if rows <= 0 {
		return lines
	}
	entries := make([]string, len(moves))
	colW := 8
	for i, mv := range moves {
		entries[i] = padLeft(strconv.Itoa(before+i+1), 3) + " " + mv
		if w := m.width(entries[i]) + 2; w > colW {
			colW = w
		}
	}
	if colW > width {
		colW = width
	}
	cols := width / colW
	if cols < 1 {
		cols = 1
	}
	first := 0
	if capacity := rows * cols; cur > capacity {
		first = ((cur-1)/rows - cols + 1) * rows
	}
	for r := 0; r < rows; r++ {
		var b strings.Builder
		used := 0
		for c := 0; c < cols; c++ {
			i := first + c*rows + r
			if i >= len(entries) {
				break
			}
			text := m.truncate(entries[i], colW-1)
			w := m.width(text)
			if i+1 == cur && st != nil {
				text = st.selected.render(text)
			}
			b.WriteString(text)
			b.WriteString(strings.Repeat(" ", colW-w))
			used += colW
		}
		line := b.String()
		if used < width {
			line += strings.Repeat(" ", width-used)
		}
		lines = append(lines, line)
	}
	return lines
}

func padLeft(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return strings.Repeat(" ", n-len(s)) + s
}
