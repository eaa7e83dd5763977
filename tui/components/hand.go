package components

import (
	"fmt"
	"strings"

	"shogi/app/words"
	"shogi/tui/common"

	"shogi/game"
)

// HandSpan is where one kind of piece sits in a drawn hand, for mouse
// clicks: columns [start, end) of line row of the drawing.
type HandSpan struct {
	Row, Start, End int
	T               game.PieceType
}

// HandOpts is what the hand renderers need besides the position.
type HandOpts struct {
	Style  common.PieceStyle
	ToMove bool           // this side moves next: its name is marked
	Cursor game.PieceType // highlighted kind (keyboard in the hand), or NoPieceType
	Picked game.PieceType // kind picked for a drop, or NoPieceType
	Styles *common.Styles
	M      common.Measure
	W      *words.Words
	Ascii  bool // no ▲△ or ×
}

// handPiece is one kind in hand with its count: 歩×3, P×3, Px3.
func handPiece(t game.PieceType, n int, st common.PieceStyle, ascii bool) string {
	var g string
	switch st {
	case common.Western:
		g = strings.TrimSpace(Glyphs[GlyphWestern][t])
	case common.ASCII:
		g = t.SFEN()
	default:
		g = Glyphs[GlyphKanji][t]
	}
	if n == 1 {
		return g
	}
	if ascii || st == common.ASCII {
		return fmt.Sprintf("%sx%d", g, n)
	}
	return fmt.Sprintf("%s×%d", g, n)
}

// paintKind styles a kind in hand: the keyboard's highlight or the pick.
func (o *HandOpts) paintKind(t game.PieceType, text string, onPlate bool, c game.Color) string {
	st := o.Styles
	if st == nil {
		return text
	}
	fg := common.FgBlack
	if c == game.White {
		fg = common.FgWhite
	}
	switch {
	case t == o.Cursor:
		return st.Cell[common.BgPlate][fg][1].Render(text)
	case t == o.Picked:
		return st.Cell[common.BgPicked][fg][0].Render(text)
	case onPlate:
		return st.Cell[common.BgPlate][fg][0].Render(text)
	}
	return text
}

// RenderHandLine draws one side's pieces in hand on one line, rook first,
// at most width columns:
//
//	▲先手 持駒 飛 角 歩×3 手番
//	△White in hand: B P×2
//	後手の持駒：角　歩二　       (the KIF style, as a diagram writes it)
//
// It also returns where each kind was drawn (row 0).
func RenderHandLine(pos *game.Position, c game.Color, o HandOpts, width int) (string, []HandSpan) {
	st := o.Styles
	var b strings.Builder
	if o.Style == common.KIF {
		label := "先手の持駒："
		if c == game.White {
			label = "後手の持駒："
		}
		b.WriteString(label)
		col := o.M.Width(label)
		var spans []HandSpan
		for _, t := range game.HandTypes {
			n := pos.Hand(c, t)
			if n == 0 {
				continue
			}
			text := Glyphs[GlyphKanji][t]
			if n > 1 {
				text += kanjiNumber(n)
			}
			w := o.M.Width(text)
			spans = append(spans, HandSpan{Start: col, End: col + w, T: t})
			b.WriteString(o.paintKind(t, text, false, c) + "　")
			col += w + 2
		}
		if len(spans) == 0 {
			b.WriteString("なし")
		}
		if o.ToMove && st != nil {
			b.WriteString(" " + st.TurnBadge.Render(" "+o.W.ToMove+" "))
		}
		return o.M.Truncate(b.String(), width), spans
	}
	label := common.SideLabel(c, o.W, o.Ascii)
	if st != nil && o.ToMove {
		label = st.Bold.Render(label)
	}
	b.WriteString(label)
	badge := ""
	if o.ToMove {
		badge = " " + o.W.ToMove + " "
		if st != nil {
			badge = st.TurnBadge.Render(badge)
		} else {
			badge = "(" + o.W.ToMove + ")"
		}
		badge = "  " + badge
	}
	word := " " + o.W.InHand
	if o.W.Lang == words.English {
		word += ":"
	}
	// In a narrow line the pieces matter more than the word "in hand".
	all := 0
	for _, t := range game.HandTypes {
		if n := pos.Hand(c, t); n > 0 {
			all += 1 + o.M.Width(handPiece(t, n, o.Style, o.Ascii))
		}
	}
	if o.M.Width(common.SideLabel(c, o.W, o.Ascii)+word+badge)+all > width {
		word = ":"
		if o.W.Lang != words.English {
			word = ""
		}
	}
	b.WriteString(word)
	col := o.M.Width(common.SideLabel(c, o.W, o.Ascii) + word)
	// The pieces that fit beside the badge, whole; " …" says that more
	// are held than are shown.
	room := width - o.M.Width(badge)
	var spans []HandSpan
	held := 0
	for _, t := range game.HandTypes {
		if pos.Hand(c, t) > 0 {
			held++
		}
	}
	for _, t := range game.HandTypes {
		n := pos.Hand(c, t)
		if n == 0 {
			continue
		}
		text := handPiece(t, n, o.Style, o.Ascii)
		w := o.M.Width(text)
		end := col + 1 + w
		if len(spans)+1 < held {
			end += 2 // room kept for " …" while more are to come
		}
		if end > room {
			b.WriteString(" …")
			break
		}
		b.WriteByte(' ')
		col++
		spans = append(spans, HandSpan{Start: col, End: col + w, T: t})
		col += w
		b.WriteString(o.paintKind(t, text, false, c))
	}
	if held == 0 {
		b.WriteString(" " + o.W.None)
	}
	b.WriteString(badge)
	return o.M.Truncate(b.String(), width), spans
}

// trayRows is how many kinds a tray lists at most: every kind that can be
// in hand.
const trayRows = 7

// trayHeight is the lines of a drawn tray: title, box top, the kinds,
// box bottom.
const trayHeight = 1 + 1 + trayRows + 1

// RenderTray draws one side's hand as a 駒台: a box on the plate with one
// kind a line, its owner and whose turn it is above it, exactly width
// columns and trayHeight lines:
//
//	△後手 持駒
//	+--------------+
//	| 飛           |
//	| 歩 ×3        |
//	…
//	+--------------+
//
// It also returns where each kind was drawn.
func RenderTray(pos *game.Position, c game.Color, o HandOpts, width int) ([]string, []HandSpan) {
	st := o.Styles
	m := o.M
	out := make([]string, 0, trayHeight)
	// The owner, and whose turn it is in a badge at the right; the box
	// says it is the hand.
	name := common.SideLabel(c, o.W, o.Ascii)
	title := name + " " + o.W.InHand
	if o.ToMove {
		if st != nil {
			name = st.Bold.Render(name)
		}
		badge := "(" + o.W.ToMove + ")"
		if st != nil {
			badge = st.TurnBadge.Render(" " + o.W.ToMove + " ")
		}
		title = Spread(m, name, badge, width)
	}
	out = append(out, m.Fit(title, width))
	plate := func(fg common.FgKind, text string) string {
		if st == nil {
			return text
		}
		return st.Cell[common.BgPlate][fg][0].Render(text)
	}
	edge := plate(common.FgGrid, "+"+strings.Repeat("-", width-2)+"+")
	out = append(out, edge)
	inner := width - 4
	var spans []HandSpan
	row := 0
	for _, t := range game.HandTypes {
		n := pos.Hand(c, t)
		if n == 0 {
			continue
		}
		text := GlyphOnly(t, o.Style)
		if n > 1 {
			x := " ×"
			if o.Ascii || o.Style == common.ASCII {
				x = " x"
			}
			text += x + fmt.Sprint(n)
		}
		text = m.Fit(text, inner)
		spans = append(spans, HandSpan{Row: 2 + row, Start: 2, End: 2 + m.Width(strings.TrimRight(text, " ")), T: t})
		out = append(out, plate(common.FgGrid, "| ")+o.paintKind(t, text, true, c)+plate(common.FgGrid, " |"))
		row++
	}
	if row == 0 {
		out = append(out, plate(common.FgGrid, "| ")+plate(common.FgEmpty, m.Fit(o.W.None, inner))+plate(common.FgGrid, " |"))
		row++
	}
	for ; row < trayRows; row++ {
		out = append(out, plate(common.FgGrid, "| "+strings.Repeat(" ", inner)+" |"))
	}
	out = append(out, edge)
	return out, spans
}

// GlyphOnly is a kind's letter or kanji without a count.
func GlyphOnly(t game.PieceType, st common.PieceStyle) string {
	switch st {
	case common.Western:
		return strings.TrimSpace(Glyphs[GlyphWestern][t])
	case common.ASCII:
		return t.SFEN()
	}
	return Glyphs[GlyphKanji][t]
}
