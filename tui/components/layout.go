package components

import (
	"fmt"
	"slices"
	"strings"

	"shogi/tui/common"

	tea "charm.land/bubbletea/v2"
)

// LayoutKind is the arrangement of a play or study screen, chosen by the
// terminal's size.
type LayoutKind int

const (
	// LayoutCompact (80×24): the KIF-sized board, the hands on lines above
	// and below it, the move list beside it, the panel and footer below.
	LayoutCompact LayoutKind = iota
	// LayoutLarge (from 100×32): a gridded board of 4×2 cells with the
	// hands as 駒台 beside it on their owner's side (the top player's at the
	// top left, the bottom player's at the bottom right), the move list
	// right of them and the panel under the board.
	LayoutLarge
	// LayoutHuge (from 140×44): the same with 6×3 cells.
	LayoutHuge
)

// Minimum sizes of the layouts. Below the compact minimum a screen says
// how much room it needs.
const (
	MinWidth, MinHeight     = 64, 20
	LargeWidth, LargeHeight = 100, 32
	HugeWidth, HugeHeight   = 140, 44
)

// ChooseLayout picks the largest layout that fits. The KIF style is the
// diagram at every size.
func ChooseLayout(w, h int, st common.PieceStyle) LayoutKind {
	switch {
	case st == common.KIF:
		return LayoutCompact
	case w >= HugeWidth && h >= HugeHeight:
		return LayoutHuge
	case w >= LargeWidth && h >= LargeHeight:
		return LayoutLarge
	}
	return LayoutCompact
}

// Rect is a region of the screen.
type Rect struct{ X, Y, W, H int }

func (r Rect) Contains(x, y int) bool { return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H }

// ScreenLayout is where each part of a play or study screen goes. The
// same layout serves both screens; the clocks go by the hands, and an
// engine's lines take rows of the side column or the panel.
type ScreenLayout struct {
	Kind      LayoutKind
	Geom      boardGeom
	Board     Rect
	Hands     [2]Rect // by position: [0] the top player's, [1] the bottom player's
	Trays     bool    // the hands are 駒台 boxes, not lines
	Side      Rect    // the column right of the board: headers, the move list
	Panel     Rect    // under the board: the last move, the pick, the comment
	width     int
	height    int
	FooterTop int // the first footer line (prompt, status, help bar)
	Margin    int // blank columns at the left and right edges
}

// trayWidth is the width of a 駒台 in a layout.
func trayWidth(k LayoutKind) int {
	if k == LayoutHuge {
		return 18
	}
	return 16
}

// NewLayout lays out a screen of w×h with footer lines at the bottom.
func NewLayout(w, h int, st common.PieceStyle, footer int) ScreenLayout {
	k := ChooseLayout(w, h, st)
	size := BoardCompact
	switch k {
	case LayoutLarge:
		size = BoardLarge
	case LayoutHuge:
		size = BoardHuge
	}
	g := NewBoardGeom(size, st)
	l := ScreenLayout{Kind: k, Geom: g, width: w, height: h, FooterTop: max(h-footer, 0)}
	if k == LayoutCompact {
		l.Hands[0] = Rect{0, 1, w, 1}
		l.Board = Rect{0, 2, g.W, g.H}
		l.Hands[1] = Rect{0, 2 + g.H, w, 1}
		l.Side = Rect{g.W + 2, 2, max(w-g.W-2, 0), g.H}
		l.Panel = Rect{0, 3 + g.H, w, max(l.FooterTop-3-g.H, 0)}
		return l
	}
	// A margin of one column on each side.
	tw := trayWidth(k)
	l.Trays = true
	l.Margin = 1
	l.Board = Rect{1 + tw + 2, 2, g.W, g.H}
	l.Hands[0] = Rect{1, 2, tw, trayHeight}
	l.Hands[1] = Rect{l.Board.X + g.W + 1, 2 + g.H - trayHeight, tw, trayHeight}
	left := l.Hands[1].X + tw + 2
	l.Side = Rect{left, 2, max(w-left-1, 0), max(l.FooterTop-3, 0)}
	l.Panel = Rect{1, 3 + g.H, left - 3, max(l.FooterTop-4-g.H, 0)}
	return l
}

// Canvas composes a screen from blocks placed at columns of each line.
// Every block's width is given by its producer (the components draw lines
// of exact widths with the app's one measure), so composing never measures
// text again.
type Canvas struct {
	w, h int
	rows [][]segment
}

type segment struct {
	x, w int
	text string
}

func NewCanvas(w, h int) *Canvas {
	return &Canvas{w: w, h: h, rows: make([][]segment, h)}
}

// Put places text, w columns wide, at column x of line y; what falls
// outside the screen is dropped.
func (c *Canvas) Put(x, y, w int, text string) {
	if y < 0 || y >= c.h || x >= c.w || w <= 0 {
		return
	}
	c.rows[y] = append(c.rows[y], segment{x, w, text})
}

// Block places lines, each w columns wide, from line y down.
func (c *Canvas) Block(x, y, w int, lines []string) {
	for i, l := range lines {
		c.Put(x, y+i, w, l)
	}
}

// String joins the lines, each padded between its blocks and cut at the
// screen's width by m.
func (c *Canvas) String(m common.Measure) string {
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
				b.WriteString(m.Truncate(s.text, c.w-col))
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

// Spread puts left and right on one line of w columns, right-aligned,
// cutting left if both do not fit.
func Spread(m common.Measure, left, right string, w int) string {
	rw := m.Width(right)
	if rw >= w {
		return m.Truncate(right, w)
	}
	left = m.Truncate(left, w-rw-1)
	gap := w - m.Width(left) - rw
	return left + strings.Repeat(" ", gap) + right
}

// FitName is prefix, name and suffix in at most w columns: a name too
// long loses its start, with "…" where it was cut, so that a path keeps
// its file name and a file name its end ("…-2026-11-28.kif"); prefix and
// suffix stay whole while they fit.
func FitName(m common.Measure, prefix, name, suffix string, w int) string {
	room := w - m.Width(prefix) - m.Width(suffix)
	if m.Width(name) <= room {
		return prefix + name + suffix
	}
	if room < 2 {
		return m.Ellipsis(prefix+name+suffix, w)
	}
	rs := []rune(name)
	for i := range rs {
		if tail := string(rs[i:]); m.Width(tail)+1 <= room {
			return prefix + "…" + tail + suffix
		}
	}
	return prefix + "…" + suffix
}

// TooSmall says how much room the app needs, wrapped to the terminal.
func TooSmall(c *common.Common) string {
	text := fmt.Sprintf(c.Words.TooSmall, MinWidth, MinHeight, c.Width, c.Height)
	lines := WrapText(c.Measure, text, max(c.Width, 1))
	if len(lines) > max(c.Height, 1) {
		lines = lines[:max(c.Height, 1)]
	}
	for i, l := range lines {
		lines[i] = c.Measure.Truncate(l, c.Width) // a kanji wider than a one-column terminal
	}
	return strings.Join(lines, "\n")
}

// Frame makes a root model's frame: the screen draw gives, or the help
// overlay over it, or a note that the terminal is too small; in the
// alternate screen with the mouse on, and ASCII only where the terminal
// needs it.
func Frame(c *common.Common, help *HelpOverlay, title string, draw func() (string, *tea.Cursor)) tea.View {
	var content string
	var cursor *tea.Cursor
	switch {
	case c.Width < MinWidth || c.Height < MinHeight:
		content = TooSmall(c)
	case help != nil && help.V != nil:
		content = help.V.View(c.Width, c.Height, c.Words.HelpTitle, c.Words.HelpClose, c.Measure, c.Styles)
	default:
		content, cursor = draw()
	}
	if c.ASCII {
		content = c.Measure.AsciiOnly(content)
		title = c.Measure.AsciiOnly(title)
	}
	v := tea.NewView(content)
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.Cursor = cursor
	v.WindowTitle = title
	return v
}

// Centre lays lines out in the middle of the screen, in a block width
// columns wide (0: as wide as the widest line), each cut to the screen;
// with cursorLine >= 0 it puts the typing cursor on that line, cursorCol
// columns into the block. The lobby's and the online screens are drawn so.
func Centre(c *common.Common, lines []string, width, cursorLine, cursorCol int) (string, *tea.Cursor) {
	if width <= 0 {
		for _, l := range lines {
			width = max(width, c.Measure.Width(l))
		}
	}
	width = min(width, c.Width)
	x0 := max((c.Width-width)/2, 0)
	y0 := max((c.Height-len(lines))/2, 0)
	cv := NewCanvas(c.Width, c.Height)
	for i, l := range lines {
		l = c.Measure.Truncate(l, c.Width-x0)
		cv.Put(x0, y0+i, c.Measure.Width(l), l)
	}
	var cursor *tea.Cursor
	if cursorLine >= 0 && y0+cursorLine < c.Height {
		cursor = tea.NewCursor(min(x0+cursorCol, c.Width-1), y0+cursorLine)
	}
	return cv.String(c.Measure), cursor
}
