package tui

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// layoutKind is the arrangement of a play or study screen, chosen by the
// terminal's size.
type layoutKind int

const (
	// layoutCompact (80×24): the KIF-sized board, the hands on lines above
	// and below it, the move list beside it, the panel and footer below.
	layoutCompact layoutKind = iota
	// layoutLarge (from 100×32): a gridded board of 4×2 cells with the
	// hands as 駒台 beside it on their owner's side (the top player's at the
	// top left, the bottom player's at the bottom right), the move list
	// right of them and the panel under the board.
	layoutLarge
	// layoutHuge (from 140×44): the same with 6×3 cells.
	layoutHuge
)

// Minimum sizes of the layouts. Below the compact minimum a screen says
// how much room it needs.
const (
	minWidth, minHeight     = 64, 20
	largeWidth, largeHeight = 100, 32
	hugeWidth, hugeHeight   = 140, 44
)

// chooseLayout picks the largest layout that fits. The KIF style is the
// diagram at every size.
func chooseLayout(w, h int, st PieceStyle) layoutKind {
	switch {
	case st == KIF:
		return layoutCompact
	case w >= hugeWidth && h >= hugeHeight:
		return layoutHuge
	case w >= largeWidth && h >= largeHeight:
		return layoutLarge
	}
	return layoutCompact
}

// rect is a region of the screen.
type rect struct{ x, y, w, h int }

func (r rect) contains(x, y int) bool { return x >= r.x && x < r.x+r.w && y >= r.y && y < r.y+r.h }

// screenLayout is where each part of a play or study screen goes. The
// same layout serves both screens; the clocks go by the hands, and an
// engine's lines take rows of the side column or the panel.
type screenLayout struct {
	kind      layoutKind
	geom      boardGeom
	board     rect
	hands     [2]rect // by position: [0] the top player's, [1] the bottom player's
	trays     bool    // the hands are 駒台 boxes, not lines
	side      rect    // the column right of the board: headers, the move list
	panel     rect    // under the board: the last move, the pick, the comment
	width     int
	height    int
	footerTop int // the first footer line (prompt, status, help bar)
	margin    int // blank columns at the left and right edges
}

// trayWidth is the width of a 駒台 in a layout.
func trayWidth(k layoutKind) int {
	if k == layoutHuge {
		return 18
	}
	return 16
}

// newLayout lays out a screen of w×h with footer lines at the bottom.
func newLayout(w, h int, st PieceStyle, footer int) screenLayout {
	k := chooseLayout(w, h, st)
	size := boardCompact
	switch k {
	case layoutLarge:
		size = boardLarge
	case layoutHuge:
		size = boardHuge
	}
	g := newBoardGeom(size, st)
	l := screenLayout{kind: k, geom: g, width: w, height: h, footerTop: max(h-footer, 0)}
	if k == layoutCompact {
		l.hands[0] = rect{0, 1, w, 1}
		l.board = rect{0, 2, g.w, g.h}
		l.hands[1] = rect{0, 2 + g.h, w, 1}
		l.side = rect{g.w + 2, 2, max(w-g.w-2, 0), g.h}
		l.panel = rect{0, 3 + g.h, w, max(l.footerTop-3-g.h, 0)}
		return l
	}
	// A margin of one column on each side.
	tw := trayWidth(k)
	l.trays = true
	l.margin = 1
	l.board = rect{1 + tw + 2, 2, g.w, g.h}
	l.hands[0] = rect{1, 2, tw, trayHeight}
	l.hands[1] = rect{l.board.x + g.w + 1, 2 + g.h - trayHeight, tw, trayHeight}
	left := l.hands[1].x + tw + 2
	l.side = rect{left, 2, max(w-left-1, 0), max(l.footerTop-3, 0)}
	l.panel = rect{1, 3 + g.h, left - 3, max(l.footerTop-4-g.h, 0)}
	return l
}

// canvas composes a screen from blocks placed at columns of each line.
// Every block's width is given by its producer (the components draw lines
// of exact widths with the app's one measure), so composing never measures
// text again.
type canvas struct {
	w, h int
	rows [][]segment
}

type segment struct {
	x, w int
	text string
}

func newCanvas(w, h int) *canvas {
	return &canvas{w: w, h: h, rows: make([][]segment, h)}
}

// put places text, w columns wide, at column x of line y; what falls
// outside the screen is dropped.
func (c *canvas) put(x, y, w int, text string) {
	if y < 0 || y >= c.h || x >= c.w || w <= 0 {
		return
	}
	c.rows[y] = append(c.rows[y], segment{x, w, text})
}

// block places lines, each w columns wide, from line y down.
func (c *canvas) block(x, y, w int, lines []string) {
	for i, l := range lines {
		c.put(x, y+i, w, l)
	}
}

// String joins the lines, each padded between its blocks and cut at the
// screen's width by m.
func (c *canvas) String(m measure) string {
	var b strings.Builder
	size := c.w * c.h
	for _, segs := range c.rows {
		for _, s := range segs {
			size += len(s.text)
		}
	}
	b.Grow(size)
	for y, segs := range c.rows {
		if y > 0 {
			b.WriteByte('\n')
		}
		if len(segs) > 1 {
			slices.SortStableFunc(segs, func(a, b segment) int { return a.x - b.x })
		}
		col := 0
		for _, s := range segs {
			if s.x < col {
				continue // overlaps the previous block: a layout bug, never drawn over
			}
			if s.x > col {
				b.WriteString(strings.Repeat(" ", s.x-col))
				col = s.x
			}
			if col+s.w > c.w {
				b.WriteString(m.truncate(s.text, c.w-col))
				break
			}
			b.WriteString(s.text)
			col += s.w
		}
		if col < c.w && len(segs) > 0 {
			// Blanks to the edge: a styled cell last on a line (the plate's
			// margin) is then never taken for trailing space and dropped.
			b.WriteString(strings.Repeat(" ", c.w-col))
		}
	}
	return b.String()
}

// spread puts left and right on one line of w columns, right-aligned,
// cutting left if both do not fit.
func spread(m measure, left, right string, w int) string {
	rw := m.width(right)
	if rw >= w {
		return m.truncate(right, w)
	}
	left = m.truncate(left, w-rw-1)
	gap := w - m.width(left) - rw
	return left + strings.Repeat(" ", gap) + right
}

// tooSmall says how much room the app needs, wrapped to the terminal.
func tooSmall(c *common) string {
	text := fmt.Sprintf(c.w.tooSmall, minWidth, minHeight, c.width, c.height)
	lines := wrapText(c.m, text, max(c.width, 1))
	if len(lines) > max(c.height, 1) {
		lines = lines[:max(c.height, 1)]
	}
	for i, l := range lines {
		lines[i] = c.m.truncate(l, c.width) // a kanji wider than a one-column terminal
	}
	return strings.Join(lines, "\n")
}

// frame makes a root model's frame: the screen draw gives, or the help
// overlay over it, or a note that the terminal is too small; in the
// alternate screen with the mouse on, and ASCII only where the terminal
// needs it.
func frame(c *common, help *helpOverlay, title string, draw func() (string, *tea.Cursor)) tea.View {
	var content string
	var cursor *tea.Cursor
	switch {
	case c.width < minWidth || c.height < minHeight:
		content = tooSmall(c)
	case help != nil && help.v != nil:
		content = help.v.view(c.width, c.height, c.w.helpTitle, c.w.helpClose, c.m, c.styles)
	default:
		content, cursor = draw()
	}
	if c.ascii {
		content = c.m.asciiOnly(content)
		title = c.m.asciiOnly(title)
	}
	v := tea.NewView(content)
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.Cursor = cursor
	v.WindowTitle = title
	return v
}
