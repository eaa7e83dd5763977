package tui

import (
	"fmt"
	"strings"

	"example.com/shogi/game"
)

// handSpan is where one kind of piece sits in a drawn hand, in columns
// from the start of the line, for mouse clicks.
type handSpan struct {
	start, end int // [start, end)
	t          game.PieceType
}

// sideLabel names a side in a style: ▲先手, ▲Black, Black.
func sideLabel(c game.Color, st PieceStyle) string {
	mark := "▲"
	if c == game.White {
		mark = "△"
	}
	switch st {
	case Kanji:
		return mark + c.Japanese()
	case Western:
		return mark + colorName(c)
	}
	return colorName(c)
}

func colorName(c game.Color) string {
	if c == game.White {
		return "White"
	}
	return "Black"
}

// handOpts is what renderHand needs besides the position.
type handOpts struct {
	style  PieceStyle
	toMove bool           // this side moves next
	cursor game.PieceType // highlighted kind (tray focus), or NoPieceType
	picked game.PieceType // kind picked for a drop, or NoPieceType
	styles *Styles
	m      measure
}

// renderHand draws one side's pieces in hand on one line, rook first:
//
//	▲先手 持駒 飛 角 歩×3 (手番)
//	△White in hand: B P×2
//	Black in hand: -
//
// It also returns where each kind was drawn.
func renderHand(pos *game.Position, c game.Color, o handOpts) (string, []handSpan) {
	var b strings.Builder
	label := sideLabel(c, o.style)
	if o.toMove && o.styles != nil {
		label = o.styles.turn.render(label)
	}
	b.WriteString(label)
	if o.style == Kanji {
		b.WriteString(" 持駒")
	} else {
		b.WriteString(" in hand:")
	}
	col := o.m.width(b.String())
	var spans []handSpan
	for _, t := range game.HandTypes {
		n := pos.Hand(c, t)
		if n == 0 {
			continue
		}
		text := handPiece(t, n, o.style)
		b.WriteByte(' ')
		col++
		w := o.m.width(text)
		spans = append(spans, handSpan{start: col, end: col + w, t: t})
		col += w
		if o.styles != nil {
			switch t {
			case o.cursor:
				text = o.styles.cell[ownEmpty][hlCursor].render(text)
			case o.picked:
				text = o.styles.cell[ownEmpty][hlSelected].render(text)
			}
		}
		b.WriteString(text)
	}
	if len(spans) == 0 {
		if o.style == Kanji {
			b.WriteString(" なし")
		} else {
			b.WriteString(" -")
		}
	}
	if o.toMove {
		if o.style == Kanji {
			b.WriteString(" (手番)")
		} else {
			b.WriteString(" (to move)")
		}
	}
	return b.String(), spans
}

// handPiece is one kind in hand with its count: 歩×3, P×3, Px3.
func handPiece(t game.PieceType, n int, st PieceStyle) string {
	var g string
	switch st {
	case Kanji:
		g = pieceGlyphs[Kanji][t]
	case Western:
		g = strings.TrimSpace(pieceGlyphs[Western][t])
	default:
		g = t.SFEN()
	}
	if n == 1 {
		return g
	}
	if st == ASCII {
		return fmt.Sprintf("%sx%d", g, n)
	}
	return fmt.Sprintf("%s×%d", g, n)
}
