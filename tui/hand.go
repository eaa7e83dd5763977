package tui

import (
	"fmt"
	"strings"

	"shogi/game"
)

// handSpan is where one kind of piece sits in a drawn hand, for mouse
// clicks: columns [start, end) of line row of the drawing.
type handSpan struct {
	row, start, end int
	t               game.PieceType
}

// handOpts is what the hand renderers need besides the position.
type handOpts struct {
	style  PieceStyle
	toMove bool           // this side moves next: its name is marked
	cursor game.PieceType // highlighted kind (keyboard in the hand), or NoPieceType
	picked game.PieceType // kind picked for a drop, or NoPieceType
	styles *Styles
	m      measure
	w      *words
	ascii  bool // no ▲△ or ×
}

// handPiece is one kind in hand with its count: 歩×3, P×3, Px3.
func handPiece(t game.PieceType, n int, st PieceStyle, ascii bool) string {
	var g string
	switch st {
	case Western:
		g = strings.TrimSpace(glyphs[glyphWestern][t])
	case ASCII:
		g = t.SFEN()
	default:
		g = glyphs[glyphKanji][t]
	}
	if n == 1 {
		return g
	}
	if ascii || st == ASCII {
		return fmt.Sprintf("%sx%d", g, n)
	}
	return fmt.Sprintf("%s×%d", g, n)
}

// paintKind styles a kind in hand: the keyboard's highlight or the pick.
func (o *handOpts) paintKind(t game.PieceType, text string, onPlate bool, c game.Color) string {
	st := o.styles
	if st == nil {
		return text
	}
	fg := fgBlack
	if c == game.White {
		fg = fgWhite
	}
	switch {
	case t == o.cursor:
		return st.cell[bgPlate][fg][1].render(text)
	case t == o.picked:
		return st.cell[bgPicked][fg][0].render(text)
	case onPlate:
		return st.cell[bgPlate][fg][0].render(text)
	}
	return text
}

// renderHandLine draws one side's pieces in hand on one line, rook first,
// at most width columns:
//
//	▲先手 持駒 飛 角 歩×3 手番
//	△White in hand: B P×2
//	後手の持駒：角　歩二　       (the KIF style, as a diagram writes it)
//
// It also returns where each kind was drawn (row 0).
func renderHandLine(pos *game.Position, c game.Color, o handOpts, width int) (string, []handSpan) {
	st := o.styles
	var b strings.Builder
	if o.style == KIF {
		label := "先手の持駒："
		if c == game.White {
			label = "後手の持駒："
		}
		b.WriteString(label)
		col := o.m.width(label)
		var spans []handSpan
		for _, t := range game.HandTypes {
			n := pos.Hand(c, t)
			if n == 0 {
				continue
			}
			text := glyphs[glyphKanji][t]
			if n > 1 {
				text += kanjiNumber(n)
			}
			w := o.m.width(text)
			spans = append(spans, handSpan{start: col, end: col + w, t: t})
			b.WriteString(o.paintKind(t, text, false, c) + "　")
			col += w + 2
		}
		if len(spans) == 0 {
			b.WriteString("なし")
		}
		if o.toMove && st != nil {
			b.WriteString(" " + st.turnBadge.render(" "+o.w.toMove+" "))
		}
		return o.m.truncate(b.String(), width), spans
	}
	label := sideLabel(c, o.w, o.ascii)
	if st != nil && o.toMove {
		label = st.bold.render(label)
	}
	b.WriteString(label)
	word := " " + o.w.inHand
	if o.w.lang == English {
		word += ":"
	}
	b.WriteString(word)
	col := o.m.width(sideLabel(c, o.w, o.ascii) + word)
	var spans []handSpan
	for _, t := range game.HandTypes {
		n := pos.Hand(c, t)
		if n == 0 {
			continue
		}
		text := handPiece(t, n, o.style, o.ascii)
		b.WriteByte(' ')
		col++
		w := o.m.width(text)
		spans = append(spans, handSpan{start: col, end: col + w, t: t})
		col += w
		b.WriteString(o.paintKind(t, text, false, c))
	}
	if len(spans) == 0 {
		b.WriteString(" " + o.w.none)
	}
	if o.toMove {
		badge := " " + o.w.toMove + " "
		if st != nil {
			badge = st.turnBadge.render(badge)
		} else {
			badge = "(" + o.w.toMove + ")"
		}
		b.WriteString("  " + badge)
	}
	return o.m.truncate(b.String(), width), spans
}

// trayRows is how many kinds a tray lists at most: every kind that can be
// in hand.
const trayRows = 7

// trayHeight is the lines of a drawn tray: title, box top, the kinds,
// box bottom.
const trayHeight = 1 + 1 + trayRows + 1

// renderTray draws one side's hand as a 駒台: a box on the plate with one
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
func renderTray(pos *game.Position, c game.Color, o handOpts, width int) ([]string, []handSpan) {
	st := o.styles
	m := o.m
	out := make([]string, 0, trayHeight)
	// The owner, and whose turn it is in a badge at the right; the box
	// says it is the hand.
	name := sideLabel(c, o.w, o.ascii)
	title := name + " " + o.w.inHand
	if o.toMove {
		if st != nil {
			name = st.bold.render(name)
		}
		badge := "(" + o.w.toMove + ")"
		if st != nil {
			badge = st.turnBadge.render(" " + o.w.toMove + " ")
		}
		title = spread(m, name, badge, width)
	}
	out = append(out, m.fit(title, width))
	plate := func(fg fgKind, text string) string {
		if st == nil {
			return text
		}
		return st.cell[bgPlate][fg][0].render(text)
	}
	edge := plate(fgGrid, "+"+strings.Repeat("-", width-2)+"+")
	out = append(out, edge)
	inner := width - 4
	var spans []handSpan
	row := 0
	for _, t := range game.HandTypes {
		n := pos.Hand(c, t)
		if n == 0 {
			continue
		}
		text := glyphOnly(t, o.style)
		if n > 1 {
			x := " ×"
			if o.ascii || o.style == ASCII {
				x = " x"
			}
			text += x + fmt.Sprint(n)
		}
		text = m.fit(text, inner)
		spans = append(spans, handSpan{row: 2 + row, start: 2, end: 2 + m.width(strings.TrimRight(text, " ")), t: t})
		out = append(out, plate(fgGrid, "| ")+o.paintKind(t, text, true, c)+plate(fgGrid, " |"))
		row++
	}
	if row == 0 {
		out = append(out, plate(fgGrid, "| ")+plate(fgEmpty, m.fit(o.w.none, inner))+plate(fgGrid, " |"))
		row++
	}
	for ; row < trayRows; row++ {
		out = append(out, plate(fgGrid, "| "+strings.Repeat(" ", inner)+" |"))
	}
	out = append(out, edge)
	return out, spans
}

// glyphOnly is a kind's letter or kanji without a count.
func glyphOnly(t game.PieceType, st PieceStyle) string {
	switch st {
	case Western:
		return strings.TrimSpace(glyphs[glyphWestern][t])
	case ASCII:
		return t.SFEN()
	}
	return glyphs[glyphKanji][t]
}
