package editor

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/kifu/edit"
	"shogi/tui/common"
	"shogi/tui/components"
)

// The editor's screen, at 80×24 with kanji pieces:
//
//	局面編集                                                   ▲先手の手番
//	△後手 持駒 なし
//	  ９ ８ ７ ６ ５ ４ ３ ２ １      駒: 選んでから盤をクリック
//	+---------------------------+    ▲ 玉 飛 角 金 銀 桂 香 歩
//	| ・ ・ ・ ・v王 ・ ・ ・ ・|一    龍 馬 全 圭 杏 と  消す
//	…                                △ 玉 飛 角 金 銀 桂 香 歩
//	                                   龍 馬 全 圭 杏 と
//	                                 持駒: クリックで+1、右クリックで-1
//	                                 △ 飛 角 金 銀 桂 香 歩
//	                                 ▲ 飛 角 金 銀 桂 香 歩
//	                                 駒箱: 飛2 角2 金4 銀4 桂4 香4 歩18
//	                                 [手番] [反転] [戻す] [やり直す] …
//	▲先手 持駒 なし  手番
//	詰将棋 (玉一枚): 解く・検討に使えます。対局には両方の玉が要ります
//	・先手の玉がありません
//	５五: 空き    SFEN・KIF の局面図・棋譜を貼り付けるとその局面になります
//	P…K p…k 駒を置く  + 成・不成  space 消す  tab 持駒  enter 完了 …

// layout is the screen's arrangement: the play screen's, with the
// palette in the side column and what the rules say in the panel.
func (m *Model) layout() components.ScreenLayout {
	return components.NewLayout(m.c.Width, m.c.Height, m.c.Pieces, 1+m.footerRows())
}

// footerRows is how many lines the status, question or line takes.
func (m *Model) footerRows() int {
	if m.state != editing || m.status == "" {
		return 1
	}
	return max(1, min(len(components.WrapText(m.c.Measure, m.status, m.c.Width-2)), 2))
}

// View draws the editor: exactly the terminal's height in lines, and the
// terminal's cursor in the file name line.
func (m Model) View() (string, *tea.Cursor) {
	c := m.c
	st := c.Styles
	me := c.Measure
	ew := m.words()
	w, h := c.Width, c.Height
	l := m.layout()
	cv := components.NewCanvas(w, h)
	pos := m.b.Position()
	if ps := edit.Presets(); m.state == presets {
		pos = ps[m.preset%len(ps)].Position() // the start under the cursor, before enter sets it
	}

	fx, fw := l.Margin, w-2*l.Margin
	title := ew.Title
	if m.o.Name != "" {
		title += ": " + m.o.Name
	}
	if m.Modified() {
		title += ew.Modified
	}
	right := fmt.Sprintf(ew.ToMove, c.Side(pos.SideToMove()))
	cv.Put(fx, 0, fw, components.Spread(me, paint(st, func(s *common.Styles) common.Wrap { return s.Bold }, title), right+" ", fw))

	bo := components.BoardOpts{Style: c.Pieces, Size: l.Geom.Size, Cursor: game.NoSquare, Selected: game.NoSquare,
		Last: game.NoMove, Check: game.NoSquare, Styles: st}
	if m.state == editing && m.focus == onBoard {
		bo.Cursor = m.cursor
	}
	if k := pos.KingSquare(pos.SideToMove()); k != game.NoSquare && pos.InCheck() {
		bo.Check, bo.Checkers = k, pos.Checkers()
	}
	cv.Block(l.Board.X, l.Board.Y, l.Geom.W, components.RenderBoard(&pos, bo))
	for _, col := range []game.Color{game.White, game.Black} {
		r := l.Hands[handPlace(col)]
		lines, _ := m.hand(&pos, col, l)
		cv.Block(r.X, r.Y, r.W, lines)
	}

	if l.Side.W > 0 && l.Side.H > 0 {
		for i, row := range m.sideRows(l.Side.W, l.Side.H) {
			if i >= l.Side.H {
				break
			}
			cv.Put(l.Side.X, l.Side.Y+i, l.Side.W, me.Fit(row.text, l.Side.W))
		}
	}
	if l.Panel.H > 0 {
		cv.Block(l.Panel.X, l.Panel.Y, l.Panel.W, m.panel(l.Panel.W, l.Panel.H))
	}

	var cursor *tea.Cursor
	lines, cx := m.footer(fw)
	for i, line := range lines {
		cv.Put(fx, l.FooterTop+i, fw, me.Fit(line, fw))
	}
	if cx >= 0 {
		cursor = tea.NewCursor(fx+cx, l.FooterTop)
	}
	cv.Put(fx, h-1, fw, components.HelpBar(c.Keys.Ed.ShortHelp(), fw, st, me))
	return cv.String(me), cursor
}

// paint renders s in a style, or plain without styles.
func paint(st *common.Styles, f func(*common.Styles) common.Wrap, s string) string {
	if st == nil {
		return s
	}
	return f(st).Render(s)
}

// handPlace is where c's hand is drawn: White's at the top.
func handPlace(c game.Color) int {
	if c == game.White {
		return 0
	}
	return 1
}

// hand draws c's hand, its highlighted kind marked when it has the
// keyboard.
func (m *Model) hand(pos *game.Position, col game.Color, l components.ScreenLayout) ([]string, []components.HandSpan) {
	o := components.HandOpts{Style: m.c.Pieces, ToMove: pos.SideToMove() == col, Cursor: game.NoPieceType,
		Picked: game.NoPieceType, Styles: m.c.Styles, M: m.c.Measure, W: m.c.Words, Ascii: m.c.ASCII}
	if m.state == editing && m.focus == focusOf(col) {
		o.Cursor = m.handKind()
	}
	r := l.Hands[handPlace(col)]
	if l.Trays {
		return components.RenderTray(pos, col, o, r.W)
	}
	line, spans := components.RenderHandLine(pos, col, o, r.W)
	return []string{m.c.Measure.Fit(line, r.W)}, spans
}

func focusOf(c game.Color) focus {
	if c == game.White {
		return onWhiteHand
	}
	return onBlackHand
}

// sideRow is a line of the side column and what a click on its parts does.
type sideRow struct {
	text string
	hits []hit
}

// hit is a clickable part of a line: columns [x0, x1).
type hit struct {
	x0, x1 int
	act    action
}

type actionKind int

const (
	actPiece  actionKind = iota // pick piece as the brush
	actErase                    // pick the eraser
	actHand                     // add one of t to side's hand (take with the right button)
	actButton                   // button n
	actPreset                   // load preset n
)

type action struct {
	kind  actionKind
	piece game.Piece
	side  game.Color
	t     game.PieceType
	n     int
}

// The buttons, by index in EditorWords.Actions.
const (
	btnTurn = iota
	btnFlip
	btnUndo
	btnRedo
	btnRest
	btnClear
	btnPresets
	btnDone
)

// rowBuilder lays out one line of the side column, noting where each
// clickable part is.
type rowBuilder struct {
	b   strings.Builder
	col int
	row sideRow
	m   common.Measure
}

func (r *rowBuilder) text(s string, plain string) {
	r.b.WriteString(s)
	r.col += r.m.Width(plain)
}

func (r *rowBuilder) part(s, plain string, a action) {
	w := r.m.Width(plain)
	r.row.hits = append(r.row.hits, hit{x0: r.col, x1: r.col + w, act: a})
	r.text(s, plain)
}

func (r *rowBuilder) done() sideRow {
	r.row.text = r.b.String()
	return r.row
}

var (
	paletteTop    = []game.PieceType{game.King, game.Rook, game.Bishop, game.Gold, game.Silver, game.Knight, game.Lance, game.Pawn}
	paletteBottom = []game.PieceType{game.Dragon, game.Horse, game.ProSilver, game.ProKnight, game.ProLance, game.ProPawn}
)

// sideRows is the side column: the palette, the hands' buttons, the box,
// the action buttons; or the list of starts while one is being chosen.
func (m *Model) sideRows(width, height int) []sideRow {
	if m.state == presets {
		return m.presetRows(height)
	}
	c := m.c
	st := c.Styles
	ew := m.words()
	newRow := func() *rowBuilder { return &rowBuilder{m: c.Measure} }
	var rows []sideRow
	rows = append(rows, sideRow{text: paint(st, func(s *common.Styles) common.Wrap { return s.Dim }, ew.Palette)})
	for _, col := range []game.Color{game.Black, game.White} {
		for i, kinds := range [][]game.PieceType{paletteTop, paletteBottom} {
			r := newRow()
			label := "  "
			if i == 0 {
				label = m.sideMark(col)
			}
			r.text(label, label)
			for _, t := range kinds {
				pc := game.NewPiece(col, t)
				g := components.PieceGlyph(pc, c.Pieces)
				r.text(" ", " ")
				r.part(m.glyph(pc, g, m.brush == pc), g, action{kind: actPiece, piece: pc})
			}
			if i == 1 && col == game.Black {
				r.text("  ", "  ")
				r.part(m.chip(ew.Erase, m.erase), "["+ew.Erase+"]", action{kind: actErase})
			}
			rows = append(rows, r.done())
		}
	}
	rows = append(rows, sideRow{text: paint(st, func(s *common.Styles) common.Wrap { return s.Dim }, ew.Hands)})
	for _, col := range []game.Color{game.White, game.Black} {
		r := newRow()
		label := m.sideMark(col)
		r.text(label, label)
		for _, t := range game.HandTypes {
			g := components.GlyphOnly(t, c.Pieces)
			r.text(" ", " ")
			on := m.state == editing && m.focus == focusOf(col) && m.handKind() == t
			r.part(m.glyph(game.NewPiece(col, t), g, on), g, action{kind: actHand, side: col, t: t})
		}
		rows = append(rows, r.done())
	}
	rows = append(rows, sideRow{text: m.boxLine()})
	// The buttons, wrapped.
	r := newRow()
	for i, label := range ew.Actions {
		plain := "[" + label + "]"
		if r.col > 0 && r.col+1+c.Measure.Width(plain) > width {
			rows = append(rows, r.done())
			r = newRow()
		}
		if r.col > 0 {
			r.text(" ", " ")
		}
		r.part(m.chip(label, false), plain, action{kind: actButton, n: i})
	}
	rows = append(rows, r.done())
	return rows
}

// sideMark is a side's mark in two columns: ▲ or △ (b or w in ASCII).
func (m *Model) sideMark(col game.Color) string {
	mark := "▲"
	switch {
	case m.c.ASCII && col == game.Black:
		mark = "b"
	case m.c.ASCII:
		mark = "w"
	case col == game.White:
		mark = "△"
	}
	return m.c.Measure.Pad(mark, 2)
}

// glyph paints a palette piece: on the plate in its side's colour, as
// the brush or the hand's highlighted kind in the pick's colour.
func (m *Model) glyph(pc game.Piece, g string, picked bool) string {
	st := m.c.Styles
	if st == nil {
		if picked {
			return "[" + strings.TrimSpace(g) + "]"
		}
		return g
	}
	fg := common.FgBlack
	if pc.Color() == game.White {
		fg = common.FgWhite
	}
	if picked {
		return st.Cell[common.BgPicked][fg][1].Render(g)
	}
	return st.Cell[common.BgPlate][fg][0].Render(g)
}

// chip is a button: [label], reversed when it is on.
func (m *Model) chip(label string, on bool) string {
	st := m.c.Styles
	text := "[" + label + "]"
	switch {
	case st == nil:
		return text
	case on:
		return st.ListCur.Render(text)
	}
	return st.Key.Render(text)
}

// boxLine lists the pieces left in the box: 玉1 飛2 … 歩18.
func (m *Model) boxLine() string {
	ew := m.words()
	var parts []string
	for _, t := range append([]game.PieceType{game.King}, game.HandTypes[:]...) {
		if n := m.b.InBox(t); n > 0 { // none when a pasted position has more than a set
			parts = append(parts, fmt.Sprintf("%s%d", components.GlyphOnly(t, m.c.Pieces), n))
		}
	}
	if len(parts) == 0 {
		return ew.BoxEmpty
	}
	return fmt.Sprintf(ew.Box, strings.Join(parts, " "))
}

// presetRows is the list of starts, scrolled to keep the cursor in view.
func (m *Model) presetRows(height int) []sideRow {
	st := m.c.Styles
	ew := m.words()
	ps := edit.Presets()
	rows := []sideRow{{text: paint(st, func(s *common.Styles) common.Wrap { return s.Bold }, ew.Presets)}}
	room := max(height-1, 1)
	first := max(0, min(m.preset-room/2, len(ps)-room))
	for i := first; i < len(ps) && len(rows) <= room; i++ {
		name := m.presetName(ps[i])
		text := "   " + name
		if i == m.preset {
			text = paint(st, func(s *common.Styles) common.Wrap { return s.Accent }, "> ") + paint(st, func(s *common.Styles) common.Wrap { return s.ListCur }, " "+name+" ")
		}
		rows = append(rows, sideRow{text: text, hits: []hit{{x0: 0, x1: 3 + m.c.Measure.Width(name) + 1, act: action{kind: actPreset, n: i}}}})
	}
	return rows
}

// panel says what the rules make of the position: whether it can be
// played, studied or solved, and every warning, in the screen's words.
func (m *Model) panel(w, h int) []string {
	c := m.c
	st := c.Styles
	ew := m.words()
	var out []string
	add := func(style func(*common.Styles) common.Wrap, text string) {
		for _, l := range components.WrapText(c.Measure, text, w) {
			out = append(out, c.Measure.Fit(paint(st, style, l), w))
		}
	}
	ok := func(s *common.Styles) common.Wrap { return s.Accent }
	bad := func(s *common.Styles) common.Wrap { return s.Err }
	plain := func(s *common.Styles) common.Wrap { return s.Text }
	ws := m.b.Warnings()
	tw := m.b.TsumeWarnings()
	switch {
	case len(ws) == 0:
		add(ok, ew.Playable)
	case len(tw) == 0:
		add(ok, ew.TsumeOnly)
	case listed(tw, ws):
		// Its reasons are the list below: not said twice.
		add(bad, ew.NotPlayableBelow)
	default:
		add(bad, fmt.Sprintf(ew.NotPlayable, ew.Warnings(c.Words, tw, m.squareName)))
	}
	mark := "・"
	if c.ASCII {
		mark = "- "
	}
	for _, x := range ws {
		add(plain, mark+c.Words.Warning(x, m.squareName))
	}
	if len(out) > h {
		out = out[:h]
	}
	return out
}

// footer is the question, the file name line, the status or the hint for
// where the keyboard is; and the column of the terminal's cursor (-1:
// none).
func (m *Model) footer(width int) ([]string, int) {
	c := m.c
	st := c.Styles
	me := c.Measure
	ew := m.words()
	switch m.state {
	case choosing:
		return []string{components.Question(st, me, ew.DoneAsk, ew.DoneKeys, width)}, -1
	case leaving:
		return []string{components.Question(st, me, "?", ew.LeaveAsk, width)}, -1
	case overwrite:
		return []string{components.Question(st, me, "?", fmt.Sprintf(ew.Overwrite, m.target), width)}, -1
	case saving:
		text, _, x := m.save.Render(width, me)
		return []string{text}, x
	case presets:
		return []string{paint(st, func(s *common.Styles) common.Wrap { return s.Dim }, ew.PresetKeys)}, -1
	}
	if m.status != "" {
		return components.StatusLines(m.status, m.isErr, width, m.footerRows(), st, me), -1
	}
	var hint string
	switch {
	case m.brush != game.NoPiece:
		hint = fmt.Sprintf(ew.BrushHint, strings.TrimSpace(components.PieceGlyph(m.brush, c.Pieces)))
	case m.erase:
		hint = fmt.Sprintf(ew.BrushHint, ew.Erase)
	case m.focus == onWhiteHand:
		hint = fmt.Sprintf(ew.HandHint, c.Words.SideName(game.White))
	case m.focus == onBlackHand:
		hint = fmt.Sprintf(ew.HandHint, c.Words.SideName(game.Black))
	default:
		what := ew.Empty
		if pos := m.b.Position(); pos.At(m.cursor) != game.NoPiece {
			pc := pos.At(m.cursor)
			what = fmt.Sprintf(ew.PieceOf, c.Words.SideName(pc.Color()), c.Words.PieceName(pc.Type()))
		}
		hint = fmt.Sprintf(ew.BoardHint, m.squareName(m.cursor), what)
	}
	return []string{paint(st, func(s *common.Styles) common.Wrap { return s.Dim }, hint)}, -1
}

// listed reports whether every warning of some is among all.
func listed(some, all []game.Warning) bool {
	for _, w := range some {
		if !slices.Contains(all, w) {
			return false
		}
	}
	return true
}
