package tui

import (
	"fmt"
	"strings"

	"shogi/assets"
	"shogi/game"
)

// glyphSet is the text of each piece type in one style (index by PieceType).
type glyphSet [game.NumPieceTypes]string

var (
	kanjiRanks = []string{"一", "二", "三", "四", "五", "六", "七", "八", "九"}
	kanjiFiles = []string{"１", "２", "３", "４", "５", "６", "７", "８", "９"}
	// glyphs: [kanji, western (two columns), ascii (two columns), name (two kanji)].
	glyphs = loadGlyphs()
)

const (
	glyphKanji = iota
	glyphWestern
	glyphASCII
	glyphName
)

func loadGlyphs() [4]glyphSet {
	table, err := assets.Glyphs()
	if err != nil {
		panic(err) // embedded data: only a broken build gets here
	}
	var out [4]glyphSet
	for t := game.Pawn; t <= game.Dragon; t++ {
		g, ok := table[t.SFEN()]
		if !ok {
			panic("assets/pieces.tsv has no row for " + t.SFEN())
		}
		out[glyphKanji][t] = g.Kanji
		out[glyphWestern][t] = fmt.Sprintf("%-2s", g.Western)
		out[glyphASCII][t] = fmt.Sprintf("%-2s", t.SFEN())
		out[glyphName][t] = g.Name
	}
	return out
}

// pieceGlyph is a piece's two columns in a style, without White's mark.
func pieceGlyph(pc game.Piece, st PieceStyle) string {
	t := pc.Type()
	switch st {
	case Western:
		return glyphs[glyphWestern][t]
	case ASCII:
		g := glyphs[glyphASCII][t]
		if pc.Color() == game.White {
			g = strings.ToLower(g)
		}
		return g
	}
	if t == game.King && pc.Color() == game.White {
		return "王"
	}
	return glyphs[glyphKanji][t]
}

// cellText is the three columns of one compact cell, without styling: a
// mark column (v for White, except in ASCII where case tells) and the piece.
func cellText(pc game.Piece, st PieceStyle) string {
	if pc == game.NoPiece {
		if st.japanese() {
			return " ・"
		}
		return " . "
	}
	if pc.Color() == game.White && st != ASCII {
		return "v" + pieceGlyph(pc, st)
	}
	return " " + pieceGlyph(pc, st)
}

// boardSize is how big the board is drawn.
type boardSize int

const (
	boardCompact boardSize = iota // 3 columns a square, no grid, as a KIF diagram
	boardLarge                    // squares of 3×1 inside a grid: 4×2 cells
	boardHuge                     // squares of 5×2 inside a grid: 6×3 cells, pieces' names written on them
)

// boardGeom is where things are in one board drawing.
type boardGeom struct {
	size   boardSize
	kif    bool // the plain diagram: no zone rules
	cw, ch int  // columns and rows of one square's content
	w, h   int  // the whole drawing
}

func newBoardGeom(size boardSize, st PieceStyle) boardGeom {
	if st == KIF {
		size = boardCompact
	}
	g := boardGeom{size: size, kif: st == KIF}
	switch size {
	case boardLarge:
		g.cw, g.ch, g.w, g.h = 3, 1, 42, 20
	case boardHuge:
		g.cw, g.ch, g.w, g.h = 5, 2, 60, 29
	default:
		g.cw, g.ch, g.w, g.h = 3, 1, 31, 14
		if g.kif {
			g.h = 12
		}
	}
	return g
}

// cellOrigin is where the content of drawing column col, row row (0 = left,
// top) starts.
func (g boardGeom) cellOrigin(col, row int) (x, y int) {
	switch g.size {
	case boardLarge, boardHuge:
		return 2 + col*(g.cw+1), 2 + row*(g.ch+1)
	}
	y = 2 + row
	if !g.kif {
		y += row / 3 // the zone rules before ranks 4 and 7
	}
	return 1 + col*g.cw, y
}

// squareAt maps a point of the drawing (column x, line y from its top-left)
// to a square, or NoSquare.
func (g boardGeom) squareAt(x, y int, flip bool) game.Square {
	for row := range 9 {
		for col := range 9 {
			cx, cy := g.cellOrigin(col, row)
			if x >= cx && x < cx+g.cw && y >= cy && y < cy+g.ch {
				return game.NewSquare(fileAt(col, flip), rankAt(row, flip))
			}
		}
	}
	return game.NoSquare
}

// squareSet is a set of board squares.
type squareSet [game.NumSquares]bool

// boardOpts is what renderBoard needs besides the position.
type boardOpts struct {
	style    PieceStyle
	size     boardSize
	flip     bool          // draw from White's side: file 1 on the left, rank 9 on top
	cursor   game.Square   // NoSquare hides the cursor
	selected game.Square   // the picked piece, or NoSquare
	targets  *squareSet    // legal destinations of the picked piece, or nil
	last     game.Move     // the last move, or NoMove
	check    game.Square   // the king in check (or mated), or NoSquare
	checkers []game.Square // the pieces giving check
	styles   *Styles       // nil draws plain text
}

// renderBoard draws the board; every line is exactly the geometry's width
// whatever the style or width policy (the frame and grid are ASCII, and
// every piece is two columns). The compact kanji board, start position:
//
//	  ９ ８ ７ ６ ５ ４ ３ ２ １
//	+---------------------------+
//	|v香v桂v銀v金v王v金v銀v桂v香|一
//	| ・v飛 ・ ・ ・ ・ ・v角 ・|二
//	|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三
//	|- - - - - - - - - - - - - -|
//	| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
//	…
//	| 香 桂 銀 金 玉 金 銀 桂 香|九
//	+---------------------------+
//
// The dashed rules bound the promotion zones (the KIF style leaves them
// out, as a KIF diagram does). The large board draws each square in a
// grid, the zone corners as hoshi (*):
//
//	  ９  ８  ７  ６  ５  ４  ３  ２  １
//	+---+---+---+---+---+---+---+---+---+
//	|v香|v桂|v銀|v金|v王|v金|v銀|v桂|v香| 一
//	+---+---+---+---+---+---+---+---+---+
//	…
//	+---+---+---*---+---+---*---+---+---+
//
// and the huge one writes each piece's name on it, one kanji above the
// other (香 over 車), in squares of five columns and two rows. The cursor
// is drawn as [ ] around its square in the grid, and as a tint (or reverse
// video) in the compact board.
func renderBoard(pos *game.Position, o boardOpts) []string {
	g := newBoardGeom(o.size, o.style)
	d := boardDrawing{g: g, o: o, pos: pos}
	d.marks()
	switch g.size {
	case boardLarge, boardHuge:
		return d.grid()
	}
	return d.compact()
}

// boardDrawing is one renderBoard call: the highlights worked out per
// square, then the lines written.
type boardDrawing struct {
	g   boardGeom
	o   boardOpts
	pos *game.Position
	bg  [game.NumSquares]bgKind
	fg  [game.NumSquares]fgKind
	// mark is set on an empty target in a drawing without colour: the
	// square shows a mark instead of its dot.
	mark [game.NumSquares]bool
}

// marks decides every square's background and foreground.
func (d *boardDrawing) marks() {
	o := d.o
	mono := o.styles == nil || o.styles.level == levelMono
	picking := o.selected != game.NoSquare || o.targets != nil
	lastFrom, lastTo := game.NoSquare, game.NoSquare
	if o.last != game.NoMove && !(mono && picking) {
		lastFrom, lastTo = o.last.From(), o.last.To()
	}
	for s := range game.NumSquares {
		sq := game.Square(s)
		if !sq.Valid() {
			continue
		}
		pc := d.pos.At(sq)
		bg := bgPlate
		if !d.g.kif && d.g.size == boardCompact && (sq.Rank() <= 3 || sq.Rank() >= 7) {
			bg = bgBand
		}
		switch {
		case sq == o.selected:
			bg = bgPicked // the king picked to escape a check: its own tint while it is in hand
		case sq == o.check:
			bg = bgCheck
		case o.targets != nil && o.targets[sq] && pc != game.NoPiece:
			bg = bgCapture
		case o.targets != nil && o.targets[sq]:
			bg = bgTarget
			d.mark[sq] = mono
		case containsSquare(o.checkers, sq):
			bg = bgChecker
		case sq == lastTo || sq == lastFrom:
			bg = bgLast
		}
		fg := fgEmpty
		switch {
		case pc == game.NoPiece && bg == bgTarget:
			fg = fgDot
		case pc == game.NoPiece:
		case pc.Color() == game.Black:
			fg = fgBlack
		default:
			fg = fgWhite
		}
		d.bg[sq], d.fg[sq] = bg, fg
	}
}

func containsSquare(list []game.Square, sq game.Square) bool {
	for _, s := range list {
		if s == sq {
			return true
		}
	}
	return false
}

// line writes one line of the drawing, merging runs of one style.
type line struct {
	b   strings.Builder
	cur wrap
	on  bool
}

func (l *line) put(w wrap, text string) {
	if l.b.Cap() == 0 {
		l.b.Grow(1024) // a grid line switches styles twenty times
	}
	if l.on && w == l.cur {
		l.b.WriteString(text)
		return
	}
	if l.on {
		l.b.WriteString(l.cur.post)
	}
	l.b.WriteString(w.pre)
	l.b.WriteString(text)
	l.cur, l.on = w, true
}

func (l *line) String() string {
	if l.on {
		l.b.WriteString(l.cur.post)
		l.on = false
	}
	return l.b.String()
}

// paint is the wrap for a foreground on a background; nil styles draw
// plain text, and the KIF style draws on the terminal's own background.
func (d *boardDrawing) paint(bg bgKind, fg fgKind, cursor bool) wrap {
	st := d.o.styles
	if st == nil {
		return wrap{}
	}
	c := 0
	if cursor {
		c = 1
	}
	if d.g.kif && (bg == bgPlate || bg == bgBand) {
		return st.plain[fg][c]
	}
	return st.cell[bg][fg][c]
}

// plate paints text with a foreground on the plate.
func (d *boardDrawing) plate(l *line, fg fgKind, text string) {
	l.put(d.paint(bgPlate, fg, false), text)
}

// squareAtCell is the square drawn at drawing column col, row row.
func (d *boardDrawing) squareAtCell(col, row int) game.Square {
	return game.NewSquare(fileAt(col, d.o.flip), rankAt(row, d.o.flip))
}

// compact draws the KIF-like board: three columns a square, no grid.
func (d *boardDrawing) compact() []string {
	st := d.o.style
	out := make([]string, 0, d.g.h)
	var l line
	d.plate(&l, fgCoord, " ")
	for col := range 9 {
		d.plate(&l, fgCoord, fileLabel(fileAt(col, d.o.flip), st))
	}
	d.plate(&l, fgCoord, "   ")
	out = append(out, l.String())
	frame := "+" + strings.Repeat("-", 27) + "+  "
	rule := "|" + "-" + strings.Repeat(" -", 13) + "|  "
	l = line{}
	d.plate(&l, fgGrid, frame)
	out = append(out, l.String())
	for row := range 9 {
		if !d.g.kif && (row == 3 || row == 6) {
			l = line{}
			d.plate(&l, fgGrid, rule)
			out = append(out, l.String())
		}
		l = line{}
		d.plate(&l, fgGrid, "|")
		for col := range 9 {
			sq := d.squareAtCell(col, row)
			pc := d.pos.At(sq)
			text := cellText(pc, st)
			if d.mark[sq] {
				text = targetMark(st, 3)
			}
			l.put(d.paint(d.bg[sq], d.fg[sq], sq == d.o.cursor), text)
		}
		d.plate(&l, fgGrid, "|")
		d.plate(&l, fgCoord, rankLabel(rankAt(row, d.o.flip), st))
		out = append(out, l.String())
	}
	l = line{}
	d.plate(&l, fgGrid, frame)
	out = append(out, l.String())
	return out
}

// targetMark is an empty target's text where no colour shows it, n
// columns wide.
func targetMark(st PieceStyle, n int) string {
	m := " * "
	if st.japanese() {
		m = " ＊"
	}
	if n == 5 {
		return " " + m + " "
	}
	return m
}

// grid draws the large and huge boards.
func (d *boardDrawing) grid() []string {
	g, o := d.g, d.o
	st := o.style
	out := make([]string, 0, g.h)
	// The file numbers, over each square's piece.
	var l line
	d.plate(&l, fgCoord, "  ")
	for col := range 9 {
		label := strings.TrimSpace(fileLabel(fileAt(col, o.flip), st))
		pad := g.cw + 1 - measureNarrow(label)
		lead := 1
		if g.size == boardHuge {
			lead = 2
		}
		d.plate(&l, fgCoord, strings.Repeat(" ", lead)+label+strings.Repeat(" ", pad-lead))
	}
	d.plate(&l, fgCoord, "    ")
	out = append(out, l.String())

	cursorCol, cursorRow := -1, -1
	for row := range 9 {
		for col := range 9 {
			if d.squareAtCell(col, row) == o.cursor {
				cursorCol, cursorRow = col, row
			}
		}
	}
	seg := strings.Repeat("-", g.cw)
	for row := 0; row <= 9; row++ {
		// The grid line above drawing row row (row 9: the bottom edge).
		l = line{}
		d.plate(&l, fgCoord, " ")
		for col := 0; col <= 9; col++ {
			hoshi := (row == 3 || row == 6) && (col == 3 || col == 6)
			if hoshi {
				d.plate(&l, fgHoshi, "*")
			} else {
				d.plate(&l, fgGrid, "+")
			}
			if col < 9 {
				d.plate(&l, fgGrid, seg)
			}
		}
		d.plate(&l, fgCoord, "    ")
		out = append(out, l.String())
		if row == 9 {
			break
		}
		for sub := range g.ch {
			l = line{}
			d.plate(&l, fgCoord, " ")
			for col := range 9 {
				sq := d.squareAtCell(col, row)
				d.gridBar(&l, row, col, cursorRow, cursorCol)
				l.put(d.paint(d.bg[sq], d.fg[sq], sq == o.cursor), d.content(sq, sub))
			}
			d.gridBar(&l, row, 9, cursorRow, cursorCol)
			label := "   "
			if sub == 0 {
				label = " " + rankLabel(rankAt(row, o.flip), st)
			}
			d.plate(&l, fgCoord, label+" ")
			out = append(out, l.String())
		}
	}
	return out
}

// gridBar is the vertical grid line left of drawing column col: a bracket
// beside the cursor's square.
func (d *boardDrawing) gridBar(l *line, row, col, cursorRow, cursorCol int) {
	switch {
	case row == cursorRow && col == cursorCol:
		d.plate(l, fgCursor, "[")
	case row == cursorRow && col == cursorCol+1:
		d.plate(l, fgCursor, "]")
	default:
		d.plate(l, fgGrid, "|")
	}
}

// content is row sub of a grid square's text: three columns in the large
// board, five in the huge one, where a kanji piece shows the two kanji of
// its name one above the other.
func (d *boardDrawing) content(sq game.Square, sub int) string {
	st := d.o.style
	pc := d.pos.At(sq)
	if d.g.size != boardHuge {
		if d.mark[sq] {
			return targetMark(st, 3)
		}
		return cellText(pc, st)
	}
	if sub == 1 {
		if pc == game.NoPiece || !st.japanese() {
			return "     "
		}
		name := glyphs[glyphName][pc.Type()]
		if pc.Type() == game.King && pc.Color() == game.White {
			name = "王将"
		}
		_, second := firstRune(name)
		return "  " + second + " "
	}
	if d.mark[sq] {
		return targetMark(st, 5)
	}
	if pc == game.NoPiece {
		return " " + cellText(pc, st) + " "
	}
	if st.japanese() {
		name := glyphs[glyphName][pc.Type()]
		first, _ := firstRune(name)
		if pc.Type() == game.King && pc.Color() == game.White {
			first = "王"
		}
		mark := " "
		if pc.Color() == game.White {
			mark = "v"
		}
		return " " + mark + first + " "
	}
	return " " + cellText(pc, st) + " "
}

func firstRune(s string) (string, string) {
	for i := range s {
		if i > 0 {
			return s[:i], s[i:]
		}
	}
	return s, ""
}

// measureNarrow is the width of coordinate labels (no ambiguous glyphs).
func measureNarrow(s string) int { return narrowMeasure.width(s) }

// fileLabel and rankLabel are the coordinates in a style (1-based).
func fileLabel(f int, st PieceStyle) string {
	if st.japanese() {
		return " " + kanjiFiles[f-1]
	}
	return fmt.Sprintf(" %d ", f)
}

func rankLabel(r int, st PieceStyle) string {
	if st.japanese() {
		return kanjiRanks[r-1]
	}
	return string(rune('a'+r-1)) + " "
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

// squareName writes a square as the style's coordinates show it: ５七, 5g.
func squareName(sq game.Square, st PieceStyle) string {
	if !sq.Valid() {
		return "-"
	}
	if st.japanese() {
		return kanjiFiles[sq.File()-1] + kanjiRanks[sq.Rank()-1]
	}
	return sq.String()
}

// bodDiagram is the position as a KIF board diagram (BOD), as KIF files
// and Japanese shogi sites write one, and as y copies it:
//
//	後手の持駒：角　歩二
//	  ９ ８ ７ ６ ５ ４ ３ ２ １
//	+---------------------------+
//	|v香v桂v銀v金v玉v金v銀v桂v香|一
//	…
//	+---------------------------+
//	先手の持駒：なし
//	先手番
func bodDiagram(pos *game.Position) string {
	var b strings.Builder
	b.WriteString("後手の持駒：" + kanjiHand(pos, game.White) + "\n")
	b.WriteString("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n")
	for r := 1; r <= 9; r++ {
		b.WriteByte('|')
		for f := 9; f >= 1; f-- {
			pc := pos.At(game.NewSquare(f, r))
			switch {
			case pc == game.NoPiece:
				b.WriteString(" ・")
			case pc.Color() == game.White:
				// A KIF diagram writes both kings 玉.
				b.WriteString("v" + glyphs[glyphKanji][pc.Type()])
			default:
				b.WriteString(" " + glyphs[glyphKanji][pc.Type()])
			}
		}
		b.WriteString("|" + kanjiRanks[r-1] + "\n")
	}
	b.WriteString("+---------------------------+\n")
	b.WriteString("先手の持駒：" + kanjiHand(pos, game.Black) + "\n")
	if pos.SideToMove() == game.White {
		b.WriteString("後手番\n")
	} else {
		b.WriteString("先手番\n")
	}
	return b.String()
}

// kanjiHand is a hand as KIF writes it: 飛　角　歩三　, or なし.
func kanjiHand(pos *game.Position, c game.Color) string {
	var b strings.Builder
	for _, t := range game.HandTypes {
		n := pos.Hand(c, t)
		if n == 0 {
			continue
		}
		b.WriteString(glyphs[glyphKanji][t])
		if n > 1 {
			b.WriteString(kanjiNumber(n))
		}
		b.WriteString("　")
	}
	if b.Len() == 0 {
		return "なし"
	}
	return b.String()
}

// kanjiNumber writes 2–18 in kanji: 二, 十, 十八.
func kanjiNumber(n int) string {
	digits := []string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	if n < 10 {
		return digits[n]
	}
	return "十" + digits[n-10]
}
