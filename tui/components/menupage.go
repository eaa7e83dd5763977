package components

import (
	"shogi/game"
	"shogi/tui/common"
)

// A menu page is how the menu and the screens in its style (the new-game
// form, the settings) look: the app's title, a heading, rows of choices
// or fields, a status and the page's keys, centred beside a small board
// when the page has a position to show.

// MenuPage is what a page in the menu's style shows.
type MenuPage struct {
	Heading   string   // bold under the title; "" for none
	Body      []string // the rows, as Row and Field draw them
	Status    string   // what the last key did; wrapped
	StatusErr bool     // the status is a refusal or a fault
	Keys      string   // the page's footer: its keys, dimmed
	// Pos is the position the board beside the page shows; nil shows
	// none. Hands shows its hands too, White's above and Black's below,
	// when there is room.
	Pos   *game.Position
	Hands bool
}

// Lines are the page's text: the title, the heading, the body, the
// status and the keys, cut to the terminal's height.
func (p MenuPage) Lines(c *common.Common) []string {
	st := c.Styles
	title := "将棋  shogi"
	if c.ASCII {
		title = "shogi"
	}
	lines := []string{st.Title.Render(title), ""}
	if p.Heading != "" {
		lines = append(lines, st.Bold.Render(p.Heading), "")
	}
	lines = append(lines, p.Body...)
	if p.Status != "" {
		lines = append(lines, "")
		for _, l := range WrapText(c.Measure, p.Status, min(c.Width, 76)) {
			if p.StatusErr {
				lines = append(lines, st.Err.Render(l))
			} else {
				lines = append(lines, st.Text.Render(l))
			}
		}
	}
	lines = append(lines, "", st.Dim.Render(p.Keys))
	if len(lines) > c.Height {
		lines = lines[:c.Height]
	}
	return lines
}

// Render draws the page beside its board, both centred; a terminal too
// narrow for both gets the page alone.
func (p MenuPage) Render(c *common.Common) string {
	st := c.Styles
	lines := p.Lines(c)
	mw := 0
	for _, l := range lines {
		mw = max(mw, c.Measure.Width(l))
	}
	mw = min(mw, c.Width)
	g := NewBoardGeom(BoardCompact, c.Pieces)
	bh := g.H
	hands := p.Pos != nil && p.Hands && c.Height >= g.H+2
	if hands {
		bh += 2
	}
	showBoard := p.Pos != nil && c.Width >= g.W+4+mw && c.Height >= g.H
	total := mw
	if showBoard {
		total += g.W + 4
	}
	h := len(lines)
	if showBoard {
		h = max(h, bh)
	}
	x0 := max((c.Width-total)/2, 0)
	y0 := max((c.Height-h)/2, 0)
	cv := NewCanvas(c.Width, c.Height)
	mx := x0
	if showBoard {
		pos := p.Pos
		board := RenderBoard(pos, BoardOpts{Style: c.Pieces, Size: BoardCompact, Cursor: game.NoSquare,
			Selected: game.NoSquare, Last: game.NoMove, Check: game.NoSquare, Styles: st})
		by := y0 + (h-bh)/2
		if hands {
			for i, col := range []game.Color{game.White, game.Black} {
				o := HandOpts{Style: c.Pieces, ToMove: pos.SideToMove() == col, Cursor: game.NoPieceType,
					Picked: game.NoPieceType, Styles: st, M: c.Measure, W: c.Words, Ascii: c.ASCII}
				line, _ := RenderHandLine(pos, col, o, g.W)
				cv.Put(x0, by+i*(g.H+1), g.W, c.Measure.Fit(line, g.W))
			}
			by++
		}
		cv.Block(x0, by, g.W, board)
		mx = x0 + g.W + 4
	}
	my := y0 + (h-len(lines))/2
	for i, l := range lines {
		l = c.Measure.Truncate(l, c.Width-mx)
		cv.Put(mx, my+i, c.Measure.Width(l), l)
	}
	return cv.String(c.Measure)
}

// Row adds a row of a list to lines, marked when it is the cursor's.
func Row(st *common.Styles, lines *[]string, i, cursor int, text string) {
	if i == cursor {
		*lines = append(*lines, st.Accent.Render("> ")+st.ListCur.Render(" "+text+" "))
	} else {
		*lines = append(*lines, "   "+text)
	}
}

// Field is a label padded to width and a value to change with ←/→.
func Field(m common.Measure, label string, width int, value string) string {
	return m.Pad(label, width) + "  < " + value + " >"
}
