package components

import (
	"fmt"
	"strings"

	"shogi/tui/common"

	"shogi/assets"
	"shogi/game"
)

// glyphSet is the text of each piece type in one style (index by PieceType).
type glyphSet [game.NumPieceTypes]string

var (
	KanjiRanks = []string{"一", "二", "三", "四", "五", "六", "七", "八", "九"}
	kanjiFiles = []string{"１", "２", "３", "４", "５", "６", "７", "８", "９"}
	// glyphs: [kanji, western (two columns), ascii (two columns), name (two kanji)].
	Glyphs = loadGlyphs()
)

const (
	GlyphKanji = iota
	GlyphWestern
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
		out[GlyphKanji][t] = g.Kanji
		out[GlyphWestern][t] = fmt.Sprintf("%-2s", g.Western)
		out[glyphASCII][t] = fmt.Sprintf("%-2s", t.SFEN())
		out[glyphName][t] = g.Name
	}
	return out
}

// pieceGlyph is a piece's two columns in a style, without White's mark.
func PieceGlyph(pc game.Piece, st common.PieceStyle) string {
	t := pc.Type()
	switch st {
	case common.Western:
		return Glyphs[GlyphWestern][t]
	case common.ASCII:
		g := Glyphs[glyphASCII][t]
		if pc.Color() == game.White {
			g = strings.ToLower(g)
		}
		return g
	}
	if t == game.King && pc.Color() == game.White {
		return "王"
	}
	return Glyphs[GlyphKanji][t]
}

// cellText is the three columns of one compact cell, without styling: a
// mark column (v for White, except in ASCII where case tells) and the piece.
func cellText(pc game.Piece, st common.PieceStyle) string {
	if pc == game.NoPiece {
		if st.Japanese() {
			return " ・"
		}
		return " . "
	}
	if pc.Color() == game.White && st != common.ASCII {
		return "v" + PieceGlyph(pc, st)
	}
	return " " + PieceGlyph(pc, st)
}

// boardSize is how big the board is drawn.
type BoardSize int

const (
	BoardCompact BoardSize = iota // 3 columns a square, no grid, as a KIF diagram
	BoardLarge                    // squares of 3×1 inside a grid: 4×2 cells
	BoardHuge                     // squares of 5×2 inside a grid: 6×3 cells, pieces' names written on them
)

// boardGeom is where things are in one board drawing.
type boardGeom struct {
	Size   BoardSize
	kif    bool // the plain diagram: no zone rules
	cw, ch int  // columns and rows of one square's content
	W, H   int  // the whole drawing
}

func NewBoardGeom(size BoardSize, st common.PieceStyle) boardGeom {
	if st == common.KIF {
		size = BoardCompact
	}
	g := boardGeom{Size: size, kif: st == common.KIF}
	switch size {
	case BoardLarge:
		g.cw, g.ch, g.W, g.H = 3, 1, 42, 20
	case BoardHuge:
		g.cw, g.ch, g.W, g.H = 5, 2, 60, 29
	default:
		g.cw, g.ch, g.W, g.H = 3, 1, 31, 14
		if g.kif {
			g.H = 12
		}
	}
	return g
}

// cellOrigin is where the content of drawing column col, row row (0 = left,
// top) starts.
func (g boardGeom) CellOrigin(col, row int) (x, y int) {
	switch g.Size {
	case BoardLarge, BoardHuge:
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
func (g boardGeom) SquareAt(x, y int, flip bool) game.Square {
	for row := range 9 {
		for col := range 9 {
			cx, cy := g.CellOrigin(col, row)
			if x >= cx && x < cx+g.cw && y >= cy && y < cy+g.ch {
				return game.NewSquare(FileAt(col, flip), RankAt(row, flip))
			}
		}
	}
	return game.NoSquare
}

// squareSet is a set of board squares.
type SquareSet [game.NumSquares]bool

// boardOpts is what renderBoard needs besides the position.
type BoardOpts struct {
	Style    common.PieceStyle
	Size     BoardSize
	Flip     bool           // draw from White's side: file 1 on the left, rank 9 on top
	Cursor   game.Square    // NoSquare hides the cursor
	Selected game.Square    // the picked piece, or NoSquare
	Targets  *SquareSet     // legal destinations of the picked piece, or nil
	Last     game.Move      // the last move, or NoMove
	Check    game.Square    // the king in check (or mated), or NoSquare
	Checkers []game.Square  // the pieces giving check
	Styles   *common.Styles // nil draws plain text
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
func RenderBoard(pos *game.Position, o BoardOpts) []string {
	g := NewBoardGeom(o.Size, o.Style)
	d := boardDrawing{g: g, o: o, pos: pos}
	d.marks()
	switch g.Size {
	case BoardLarge, BoardHuge:
		return d.grid()
	}
	return d.compact()
}

// boardDrawing is one renderBoard call: the highlights worked out per
// square, then the lines written.
type boardDrawing struct {
	g   boardGeom
	o   BoardOpts
	pos *game.Position
	bg  [game.NumSquares]common.BgKind
	fg  [game.NumSquares]common.FgKind
	// mark is set on an empty target in a drawing without colour: the
	// square shows a mark instead of its dot.
	mark [game.NumSquares]bool
}

// marks decides every square's background and foreground.
func (d *boardDrawing) marks() {
	o := d.o
	mono := o.Styles == nil || o.Styles.Level == common.LevelMono
	picking := o.Selected != game.NoSquare || o.Targets != nil
	lastFrom, lastTo := game.NoSquare, game.NoSquare
	if o.Last != game.NoMove && !(mono && picking) {
		lastFrom, lastTo = o.Last.From(), o.Last.To()
	}
	for s := range game.NumSquares {
		sq := game.Square(s)
		if !sq.Valid() {
			continue
		}
		pc := d.pos.At(sq)
		bg := common.BgPlate
		if !d.g.kif && d.g.Size == BoardCompact && (sq.Rank() <= 3 || sq.Rank() >= 7) {
			bg = common.BgBand
		}
		switch {
		case sq == o.Selected:
			bg = common.BgPicked // the king picked to escape a check: its own tint while it is in hand
		case sq == o.Check:
			bg = common.BgCheck
		case o.Targets != nil && o.Targets[sq] && pc != game.NoPiece:
			bg = common.BgCapture
		case o.Targets != nil && o.Targets[sq]:
			bg = common.BgTarget
			d.mark[sq] = mono
		case containsSquare(o.Checkers, sq):
			bg = common.BgChecker
		case sq == lastTo || sq == lastFrom:
			bg = common.BgLast
		}
		fg := common.FgEmpty
		switch {
		case pc == game.NoPiece && bg == common.BgTarget:
			fg = common.FgDot
		case pc == game.NoPiece:
		case pc.Color() == game.Black:
			fg = common.FgBlack
		default:
			fg = common.FgWhite
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
	cur common.Wrap
	on  bool
}

func (l *line) Put(w common.Wrap, text string) {
	if l.b.Cap() == 0 {
		l.b.Grow(1024) // a grid line switches styles twenty times
	}
	if l.on && w == l.cur {
		l.b.WriteString(text)
		return
	}
	if l.on {
		l.b.WriteString(l.cur.Post)
	}
	l.b.WriteString(w.Pre)
	l.b.WriteString(text)
	l.cur, l.on = w, true
}

func (l *line) String() string {
	if l.on {
		l.b.WriteString(l.cur.Post)
		l.on = false
	}
	return l.b.String()
}

// paint is the wrap for a foreground on a background; nil styles draw
// plain text, and the KIF style draws on the terminal's own background.
func (d *boardDrawing) paint(bg common.BgKind, fg common.FgKind, cursor bool) common.Wrap {
	st := d.o.Styles
	if st == nil {
		return common.Wrap{}
	}
	c := 0
	if cursor {
		c = 1
	}
	if d.g.kif && (bg == common.BgPlate || bg == common.BgBand) {
		return st.Plain[fg][c]
	}
	return st.Cell[bg][fg][c]
}

// plate paints text with a foreground on the plate.
func (d *boardDrawing) plate(l *line, fg common.FgKind, text string) {
	l.Put(d.paint(common.BgPlate, fg, false), text)
}

// squareAtCell is the square drawn at drawing column col, row row.
func (d *boardDrawing) squareAtCell(col, row int) game.Square {
	return game.NewSquare(FileAt(col, d.o.Flip), RankAt(row, d.o.Flip))
}

// compact draws the KIF-like board: three columns a square, no grid.
func (d *boardDrawing) compact() []string {
	st := d.o.Style
	out := make([]string, 0, d.g.H)
	var l line
	d.plate(&l, common.FgCoord, " ")
	for col := range 9 {
		d.plate(&l, common.FgCoord, fileLabel(FileAt(col, d.o.Flip), st))
	}
	d.plate(&l, common.FgCoord, "   ")
	out = append(out, l.String())
	frame := "+" + strings.Repeat("-", 27) + "+  "
	rule := "|" + "-" + strings.Repeat(" -", 13) + "|  "
	l = line{}
	d.plate(&l, common.FgGrid, frame)
	out = append(out, l.String())
	for row := range 9 {
		if !d.g.kif && (row == 3 || row == 6) {
			l = line{}
			d.plate(&l, common.FgGrid, rule)
			out = append(out, l.String())
		}
		l = line{}
		d.plate(&l, common.FgGrid, "|")
		for col := range 9 {
			sq := d.squareAtCell(col, row)
			pc := d.pos.At(sq)
			text := cellText(pc, st)
			if d.mark[sq] {
				text = targetMark(st, 3)
			}
			l.Put(d.paint(d.bg[sq], d.fg[sq], sq == d.o.Cursor), text)
		}
		d.plate(&l, common.FgGrid, "|")
		d.plate(&l, common.FgCoord, rankLabel(RankAt(row, d.o.Flip), st))
		out = append(out, l.String())
	}
	l = line{}
	d.plate(&l, common.FgGrid, frame)
	out = append(out, l.String())
	return out
}

// targetMark is an empty target's text where no colour shows it, n
// columns wide.
func targetMark(st common.PieceStyle, n int) string {
	m := " * "
	if st.Japanese() {
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
	st := o.Style
	out := make([]string, 0, g.H)
	// The file numbers, over each square's piece.
	var l line
	d.plate(&l, common.FgCoord, "  ")
	for col := range 9 {
		label := strings.TrimSpace(fileLabel(FileAt(col, o.Flip), st))
		pad := g.cw + 1 - measureNarrow(label)
		lead := 1
		if g.Size == BoardHuge {
			lead = 2
		}
		d.plate(&l, common.FgCoord, strings.Repeat(" ", lead)+label+strings.Repeat(" ", pad-lead))
	}
	d.plate(&l, common.FgCoord, "    ")
	out = append(out, l.String())

	cursorCol, cursorRow := -1, -1
	for row := range 9 {
		for col := range 9 {
			if d.squareAtCell(col, row) == o.Cursor {
				cursorCol, cursorRow = col, row
			}
		}
	}
	seg := strings.Repeat("-", g.cw)
	for row := 0; row <= 9; row++ {
		// The grid line above drawing row row (row 9: the bottom edge).
		l = line{}
		d.plate(&l, common.FgCoord, " ")
		for col := 0; col <= 9; col++ {
			hoshi := (row == 3 || row == 6) && (col == 3 || col == 6)
			if hoshi {
				d.plate(&l, common.FgHoshi, "*")
			} else {
				d.plate(&l, common.FgGrid, "+")
			}
			if col < 9 {
				d.plate(&l, common.FgGrid, seg)
			}
		}
		d.plate(&l, common.FgCoord, "    ")
		out = append(out, l.String())
		if row == 9 {
			break
		}
		for sub := range g.ch {
			l = line{}
			d.plate(&l, common.FgCoord, " ")
			for col := range 9 {
				sq := d.squareAtCell(col, row)
				d.gridBar(&l, row, col, cursorRow, cursorCol)
				l.Put(d.paint(d.bg[sq], d.fg[sq], sq == o.Cursor), d.content(sq, sub))
			}
			d.gridBar(&l, row, 9, cursorRow, cursorCol)
			label := "   "
			if sub == 0 {
				label = " " + rankLabel(RankAt(row, o.Flip), st)
			}
			d.plate(&l, common.FgCoord, label+" ")
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
		d.plate(l, common.FgCursor, "[")
	case row == cursorRow && col == cursorCol+1:
		d.plate(l, common.FgCursor, "]")
	default:
		d.plate(l, common.FgGrid, "|")
	}
}

// content is row sub of a grid square's text: three columns in the large
// board, five in the huge one, where a kanji piece shows the two kanji of
// its name one above the other.
func (d *boardDrawing) content(sq game.Square, sub int) string {
	st := d.o.Style
	pc := d.pos.At(sq)
	if d.g.Size != BoardHuge {
		if d.mark[sq] {
			return targetMark(st, 3)
		}
		return cellText(pc, st)
	}
	if sub == 1 {
		if pc == game.NoPiece || !st.Japanese() {
			return "     "
		}
		name := Glyphs[glyphName][pc.Type()]
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
	if st.Japanese() {
		name := Glyphs[glyphName][pc.Type()]
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
func measureNarrow(s string) int { return narrowMeasure.Width(s) }

// fileLabel and rankLabel are the coordinates in a style (1-based).
func fileLabel(f int, st common.PieceStyle) string {
	if st.Japanese() {
		return " " + kanjiFiles[f-1]
	}
	return fmt.Sprintf(" %d ", f)
}

func rankLabel(r int, st common.PieceStyle) string {
	if st.Japanese() {
		return KanjiRanks[r-1]
	}
	return string(rune('a'+r-1)) + " "
}

// fileAt and rankAt map a column or row of the drawing (0 = left, top) to
// a file or rank.
func FileAt(col int, flip bool) int {
	if flip {
		return col + 1
	}
	return 9 - col
}

func RankAt(row int, flip bool) int {
	if flip {
		return 9 - row
	}
	return row + 1
}

// squareName writes a square as the style's coordinates show it: ５七, 5g.
func SquareName(sq game.Square, st common.PieceStyle) string {
	if !sq.Valid() {
		return "-"
	}
	if st.Japanese() {
		return kanjiFiles[sq.File()-1] + KanjiRanks[sq.Rank()-1]
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
func BodDiagram(pos *game.Position) string {
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
				b.WriteString("v" + Glyphs[GlyphKanji][pc.Type()])
			default:
				b.WriteString(" " + Glyphs[GlyphKanji][pc.Type()])
			}
		}
		b.WriteString("|" + KanjiRanks[r-1] + "\n")
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
		b.WriteString(Glyphs[GlyphKanji][t])
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
