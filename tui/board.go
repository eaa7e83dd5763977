package tui

import (
	"fmt"
	"strings"

	"example.com/shogi/assets"
	"example.com/shogi/game"
)

// PieceStyle is how pieces and coordinates are drawn.
type PieceStyle int

const (
	Kanji   PieceStyle = iota // 歩 香 … with v before White's pieces; ranks 一…九
	Western                   // P L N … +P, v before White's pieces; ranks a…i
	ASCII                     // SFEN letters, upper case Black, lower case White; 7-bit text only
)

var pieceStyleNames = []string{"kanji", "western", "ascii"}

func (s PieceStyle) String() string { return pieceStyleNames[s%3] }

// ParsePieceStyle reads "kanji", "western" or "ascii".
func ParsePieceStyle(name string) (PieceStyle, error) {
	for i, n := range pieceStyleNames {
		if strings.EqualFold(name, n) {
			return PieceStyle(i), nil
		}
	}
	return 0, fmt.Errorf("unknown piece style %q (want kanji, western or ascii)", name)
}

// cellWidth is the display width of every board cell in every style: a
// mark column (v for White in the kanji and western styles) and a two-column
// piece.
const cellWidth = 3

// boardWidth is the display width of every board line: frame, nine cells,
// frame, two columns of rank label.
const boardWidth = 1 + 9*cellWidth + 1 + 2

// boardHeight is the number of board lines: file numbers, top frame, nine
// ranks, two promotion-zone rules, bottom frame.
const boardHeight = 14

var (
	kanjiRanks   = []string{"一", "二", "三", "四", "五", "六", "七", "八", "九"}
	kanjiFiles   = []string{"１", "２", "３", "４", "５", "６", "７", "８", "９"}
	pieceGlyphs  = loadGlyphs()
	zoneRule     = "|" + "-" + strings.Repeat(" -", 13) + "|  "
	frameRule    = "+" + strings.Repeat("-", 9*cellWidth) + "+  "
	emptyCell    = [3]string{" ・", " . ", " . "}
	whiteKingKan = "王"
)

// glyphSet is the text of each piece type in one style (index by PieceType).
type glyphSet [game.NumPieceTypes]string

func loadGlyphs() [3]glyphSet {
	table, err := assets.Glyphs()
	if err != nil {
		panic(err) // embedded data: only a broken build gets here
	}
	var out [3]glyphSet
	for t := game.Pawn; t <= game.Dragon; t++ {
		g, ok := table[t.SFEN()]
		if !ok {
			panic("assets/pieces.tsv has no row for " + t.SFEN())
		}
		out[Kanji][t] = g.Kanji
		out[Western][t] = fmt.Sprintf("%-2s", g.Western)
		out[ASCII][t] = fmt.Sprintf("%-2s", t.SFEN())
	}
	return out
}

// cellText is the three columns of one cell, without styling.
func cellText(pc game.Piece, st PieceStyle) string {
	if pc == game.NoPiece {
		return emptyCell[st]
	}
	t, white := pc.Type(), pc.Color() == game.White
	switch st {
	case Kanji:
		g := pieceGlyphs[Kanji][t]
		if t == game.King && white {
			g = whiteKingKan
		}
		if white {
			return "v" + g
		}
		return " " + g
	case Western:
		if white {
			return "v" + pieceGlyphs[Western][t]
		}
		return " " + pieceGlyphs[Western][t]
	default:
		g := pieceGlyphs[ASCII][t]
		if white {
			g = strings.ToLower(g)
		}
		return " " + g
	}
}

// fileLabel and rankLabel are the coordinates in a style (1-based).
func fileLabel(f int, st PieceStyle) string {
	if st == Kanji {
		return " " + kanjiFiles[f-1]
	}
	return fmt.Sprintf(" %d ", f)
}

func rankLabel(r int, st PieceStyle) string {
	if st == Kanji {
		return kanjiRanks[r-1]
	}
	return string(rune('a'+r-1)) + " "
}

// squareSet is a set of board squares.
type squareSet [game.NumSquares]bool

// boardOpts is what renderBoard needs besides the position.
type boardOpts struct {
	style    PieceStyle
	flip     bool        // draw from White's side: file 1 on the left, rank 9 on top
	cursor   game.Square // NoSquare hides the cursor
	selected game.Square // the picked piece, or NoSquare
	targets  *squareSet  // legal destinations of the picked piece, or nil
	last     game.Move   // highlighted last move, or NoMove
	styles   *Styles     // nil draws plain text
}

// renderBoard draws the board as boardHeight lines, each boardWidth
// columns wide whatever the style or width policy: the frame is ASCII and
// every cell is a mark column plus a two-column piece. Kanji style, start
// position:
//
//	  ９ ８ ７ ６ ５ ４ ３ ２ １
//	+---------------------------+
//	|v香v桂v銀v金v王v金v銀v桂v香|一
//	| ・v飛 ・ ・ ・ ・ ・v角 ・|二
//	|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三
//	|- - - - - - - - - - - - - -|
//	| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
//	| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
//	| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
//	|- - - - - - - - - - - - - -|
//	| 歩 歩 歩 歩 歩 歩 歩 歩 歩|七
//	| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八
//	| 香 桂 銀 金 玉 金 銀 桂 香|九
//	+---------------------------+
//
// The dashed rules mark the promotion zones. Western style writes "vP "
// and " +P", ranks a…i; ASCII style writes SFEN letters (lower case for
// White) and no v.
func renderBoard(pos *game.Position, o boardOpts) string {
	var b strings.Builder
	b.Grow(boardHeight * 64)
	b.WriteString(" ")
	for i := 0; i < 9; i++ {
		b.WriteString(fileLabel(fileAt(i, o.flip), o.style))
	}
	b.WriteString("   \n")
	b.WriteString(frameRule)
	b.WriteByte('\n')
	lastFrom, lastTo := game.NoSquare, game.NoSquare
	if o.last != game.NoMove {
		lastFrom, lastTo = o.last.From(), o.last.To()
	}
	for row := 0; row < 9; row++ {
		if row == 3 || row == 6 {
			b.WriteString(zoneRule)
			b.WriteByte('\n')
		}
		r := rankAt(row, o.flip)
		b.WriteByte('|')
		for i := 0; i < 9; i++ {
			sq := game.NewSquare(fileAt(i, o.flip), r)
			pc := pos.At(sq)
			text := cellText(pc, o.style)
			if o.styles == nil {
				b.WriteString(text)
				continue
			}
			hl := hlNone
			switch {
			case sq == o.cursor:
				hl = hlCursor
			case sq == o.selected:
				hl = hlSelected
			case o.targets != nil && o.targets[sq]:
				hl = hlTarget
			case sq == lastTo || sq == lastFrom:
				hl = hlLast
			}
			own := ownEmpty
			if pc != game.NoPiece {
				own = ownBlack + owner(pc.Color())
			}
			b.WriteString(o.styles.cell[own][hl].render(text))
		}
		b.WriteByte('|')
		b.WriteString(rankLabel(r, o.style))
		b.WriteByte('\n')
	}
	b.WriteString(frameRule)
	return b.String()
}

// fileAt and rankAt map a column or row of the drawing (0 = left, top) to
// a file or rank.
func fileAt(col int, flip bool) int {
	if flip {
		return col + 1
	}
	return 9 - col
}

func rankAt(row int, flip bool) int {
	if flip {
		return 9 - row
	}
	return row + 1
}

// boardLineOfRow is the line of the drawing that holds drawing row 0–8.
func boardLineOfRow(row int) int { return 2 + row + row/3 }

// squareAt maps a position inside the board drawing (column x, line y,
// both from its top-left corner) to a square, or NoSquare.
func squareAt(x, y int, flip bool) game.Square {
	if x < 1 || x >= 1+9*cellWidth {
		return game.NoSquare
	}
	col := (x - 1) / cellWidth
	for row := 0; row < 9; row++ {
		if boardLineOfRow(row) == y {
			return game.NewSquare(fileAt(col, flip), rankAt(row, flip))
		}
	}
	return game.NoSquare
}

// squareName writes a square as the style's coordinates show it: ５七, 5g.
func squareName(sq game.Square, st PieceStyle) string {
	if !sq.Valid() {
		return "-"
	}
	if st == Kanji {
		return kanjiFiles[sq.File()-1] + kanjiRanks[sq.Rank()-1]
	}
	return sq.String()
}
