package play

import (
	"fmt"
	"strconv"
	"strings"

	"shogi/tui/common"
	"shogi/tui/components"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/match"
)

// View draws the play screen and says where the terminal's cursor goes
// (in a line being typed), or nil. At 120×40, kanji, a piece picked:
//
//	▲先手 人間 対 △後手 駒得                         23手目  ▲先手の番   王手
//
//	△後手 持駒          ９  ８  ７  ６  ５  ４  ３  ２  １        指し手 KI2
//	+--------------+  +---+---+---+---+---+---+---+---+---+ 一     1 ▲７六歩
//	| 歩           |  |v香|v桂|v銀|v金|v王|v金| ・|v桂|v香|        2 △３四歩
//	…                 …                                              …
//	                  +---+---+---*---+---+---*---+---+---+  ▲先手 持駒  手番
//	…                                                       +--------------+
//	王手      △８八銀 → ▲７七玉
//	前の手    22 △８八銀
//	選択中    玉 ７七
//	…
//	[７七] 印のマスで enter: 移動  esc: 戻す
//	enter 選ぶ/指す  tab 持駒  : 指し手入力  u 待った  …
func (m *Model) View() (string, *tea.Cursor) {
	c := m.c
	st := c.Styles
	w, h := c.Width, m.height()
	l := m.Layout()
	cv := components.NewCanvas(w, h)
	pos, last, ply := m.shown()

	// Title bar, and the footer, within the layout's margins.
	fx, fw := l.Margin, w-2*l.Margin
	cv.Put(fx, 0, fw, m.titleLine(&pos, ply, fw))

	// Board and hands.
	bo := components.BoardOpts{Style: c.Pieces, Size: l.Geom.Size, Flip: m.Flip, Cursor: game.NoSquare,
		Selected: game.NoSquare, Last: last, Check: game.NoSquare, Styles: st}
	if m.Review < 0 {
		m.Entry.Board(&bo, m.showCursor())
	}
	if hm := m.Hint.Move; hm != game.NoMove && m.Review < 0 && bo.Targets == nil {
		// The hint's move, marked as a picked piece and where it goes.
		var to components.SquareSet
		to[hm.To()] = true
		bo.Targets = &to
		if !hm.IsDrop() {
			bo.Selected = hm.From()
		}
	}
	if pm := m.premove; pm != game.NoMove && m.Review < 0 && bo.Targets == nil {
		// The premove, marked as a picked piece and where it goes.
		var to components.SquareSet
		to[pm.To()] = true
		bo.Targets = &to
		if !pm.IsDrop() {
			bo.Selected = pm.From()
		}
	}
	if pos.InCheck() {
		bo.Check = pos.KingSquare(pos.SideToMove())
		bo.Checkers = pos.Checkers()
	}
	cv.Block(l.Board.X, l.Board.Y, l.Geom.W, components.RenderBoard(&pos, bo))
	for _, col := range []game.Color{game.Black, game.White} {
		r := m.handRect(col, l)
		lines, _ := m.hand(&pos, col, l)
		cv.Block(r.X, r.Y, r.W, lines)
	}

	// The clocks, by their owners' hands.
	m.drawClocks(cv, l)

	// The move list beside the board; on the small screen the program's
	// thinking goes above it.
	engine := m.engineReport()
	if l.Side.W > 0 && l.Side.H > 0 {
		side := l.Side
		if l.Kind == components.LayoutCompact && engine != nil && side.H > 8 {
			rows := components.RenderEngine(c, *engine, side.W, min(5, side.H-7))
			cv.Block(side.X, side.Y, side.W, rows)
			side.Y += len(rows) + 1
			side.H -= len(rows) + 1
		}
		ml := m.moveList(ply)
		g := ml.Geometry(side.X, side.Y, side.W, side.H, ml.Focus())
		cv.Block(side.X, side.Y, side.W, ml.Render(g, side.W, side.H, st, c.Measure))
	}

	// The panel under the board: on the large screens the program's
	// thinking first, then what the position says.
	if l.Panel.H > 0 {
		y, h := l.Panel.Y, l.Panel.H
		if l.Kind != components.LayoutCompact && engine != nil {
			lines := components.RenderEngine(c, *engine, l.Panel.W, min(6, h))
			cv.Block(l.Panel.X, y, l.Panel.W, lines)
			y += len(lines) + 1
			h -= len(lines) + 1
		}
		if h > 0 {
			rows := m.panelRows(&pos, last, ply, l.Kind == components.LayoutCompact)
			cv.Block(l.Panel.X, y, l.Panel.W, components.RenderPanel(rows, l.Panel.W, h, st, c.Measure))
		}
	}

	// The footer: the prompt line, the status, the help bar.
	prompt, cursorX := m.PromptLine(fw)
	f := components.Footer{Prompt: prompt, CursorX: cursorX, Status: m.Status, IsErr: m.StatusErr, Keys: m.helpBindings()}
	cursor := components.DrawFooter(cv, f, fx, fw, l.FooterTop, h, st, c.Measure)
	view := cv.String(c.Measure)
	if host := m.host(); host != nil {
		// The host's rows under the game (what the server said).
		lines := host.Lines(w)
		for len(lines) < host.Rows() {
			lines = append(lines, "")
		}
		view += "\n" + strings.Join(lines[:host.Rows()], "\n")
	}
	return view, cursor
}

// host is the screen that pushed this game and adds its rows and keys to
// it, or nil.
func (m *Model) host() common.GameHost {
	if m.Setup.Table == nil {
		return nil
	}
	return m.Setup.Table.Host
}

// height is the game's rows: the terminal's, less the host's.
func (m *Model) height() int {
	if host := m.host(); host != nil {
		return max(m.c.Height-host.Rows(), 1)
	}
	return m.c.Height
}

// Layout is the screen's arrangement at the current size.
func (m *Model) Layout() components.ScreenLayout {
	c := m.c
	return components.NewLayout(c.Width, m.height(), c.Pieces, 2+m.statusRows())
}

// statusRows is how many lines the status takes: at least one, more for a
// long message (a list of candidates), as many as the room under the
// board allows.
func (m *Model) statusRows() int {
	c := m.c
	w, room := c.Width-2, 3 // the large layouts' margins
	if components.ChooseLayout(c.Width, m.height(), c.Pieces) == components.LayoutCompact {
		g := components.NewBoardGeom(components.BoardCompact, c.Pieces)
		w, room = c.Width, max(m.height()-(3+g.H)-2, 1)
	}
	return max(1, min(len(components.WrapText(c.Measure, m.Status, w)), room))
}

// showCursor reports whether the board cursor is shown: while a move can
// be chosen with it.
func (m *Model) showCursor() bool {
	return m.State == StateMove && !m.Tray && !m.Typing && !m.Over() && m.Review < 0 && !m.watching()
}

// hand draws c's hand as the layout wants it: a line or a 駒台.
func (m *Model) hand(pos *game.Position, c game.Color, l components.ScreenLayout) ([]string, []components.HandSpan) {
	o := components.HandOpts{Style: m.c.Pieces, ToMove: pos.SideToMove() == c && !m.Over(), Cursor: game.NoPieceType,
		Picked: game.NoPieceType, Styles: m.c.Styles, M: m.c.Measure, W: m.c.Words, Ascii: m.c.ASCII}
	if c == pos.SideToMove() && m.Review < 0 {
		m.Entry.Hand(&o)
	}
	r := m.handRect(c, l)
	if l.Trays {
		return components.RenderTray(pos, c, o, r.W)
	}
	line, spans := components.RenderHandLine(pos, c, o, r.W)
	return []string{m.c.Measure.Fit(line, r.W)}, spans
}

// titleLine is the title bar, fw columns wide: the players, handicap and
// time control on the left; the move number, whose turn and check on the
// right (the result once the game is over). When it does not all fit, the
// result shortens to who won (the prompt line says how, in full), then
// the time control and the handicap go; only then are the names cut.
func (m *Model) titleLine(pos *game.Position, ply, fw int) string {
	c := m.c
	names, extras, right, short := m.titleParts(pos, ply)
	bold := func(s string) string {
		if c.Styles != nil {
			return c.Styles.Bold.Render(s)
		}
		return s
	}
	fits := func(left, right string) bool { return c.Measure.Width(left)+1+c.Measure.Width(right)+1 <= fw }
	left := names + strings.Join(extras, "")
	if fits(left, right) {
		return components.Spread(c.Measure, bold(left), right+" ", fw)
	}
	for k := len(extras); k >= 0; k-- {
		left = names + strings.Join(extras[:k], "")
		if fits(left, short) {
			return components.Spread(c.Measure, bold(left), short+" ", fw)
		}
	}
	// The names themselves are too long: cut at a word, and say so.
	room := fw - c.Measure.Width(short) - 2
	ellipsis := "…"
	if c.ASCII {
		ellipsis = "..."
	}
	cut := c.Measure.Truncate(names, room-c.Measure.Width(ellipsis))
	if i := strings.LastIndexByte(cut, ' '); i > len(cut)/2 {
		cut = cut[:i]
	}
	return components.Spread(c.Measure, bold(strings.TrimRight(cut, " ")+ellipsis), short+" ", fw)
}

// titleParts are the title bar's pieces: the players; the handicap and
// the time control, each with its gap before it; the right side, and the
// right side shortened (the winner only, once the game is over).
func (m *Model) titleParts(pos *game.Position, ply int) (names string, extras []string, right, short string) {
	c := m.c
	w := c.Words
	st := c.Styles
	names = c.Side(game.Black) + " " + m.name(game.Black) + "  " + w.Versus + "  " +
		c.Side(game.White) + " " + m.name(game.White)
	if hc, ok := game.HandicapBySFEN(ptr(m.Game.Start())); ok && hc.Key != "even" {
		extras = append(extras, "   "+w.HandicapName(hc))
	}
	if tc := m.Setup.Time; (!tc[0].IsZero() || !tc[1].IsZero()) && c.Width >= components.LargeWidth {
		extras = append(extras, "   "+common.TimeControlText(w, tc))
	}
	n := m.before + ply
	var parts []string
	switch {
	case m.Review >= 0:
		parts = append(parts, fmt.Sprintf(w.Reviewing, n))
	case m.Over():
		gw := c.Gw()
		short = gw.DrawShort
		r := m.Game.Result()
		if res := m.Result(); res != nil {
			r = res.Result
		}
		if win, ok := r.Winner(); ok {
			short = fmt.Sprintf(gw.WinsShort, w.SideName(win))
		}
		return names, extras, components.Badge(st, components.EndBadge, m.ResultText()), components.Badge(st, components.EndBadge, short)
	default:
		parts = append(parts, fmt.Sprintf(w.MoveN, n+1))
		switch {
		case m.starting:
			parts = append(parts, w.StartingWord+" "+m.spin.View())
		case m.Paused():
			parts = append(parts, components.Badge(st, components.AskBadge, w.PausedWord))
		case m.Thinking():
			parts = append(parts, fmt.Sprintf(w.Thinking, c.Side(pos.SideToMove()))+" "+m.spin.View())
		default:
			parts = append(parts, components.Badge(st, components.TurnBadge, fmt.Sprintf(w.ToMoveBadge, c.Side(pos.SideToMove()))))
		}
	}
	if pos.InCheck() && m.Review < 0 {
		word := w.Check
		if pos.IsCheckmate() {
			word = w.Mate
		}
		parts = append(parts, components.Badge(st, components.CheckBadge, word))
	}
	if m.Snap.Offered && m.Review < 0 {
		parts = append(parts, components.Badge(st, components.AskBadge, c.Rw().DrawStands))
	}
	right = strings.Join(parts, "  ")
	return names, extras, right, right
}

// TitleText is the game for the window title: the players, then the
// move and whose turn it is, or the result.
func (m *Model) TitleText() string {
	c := m.c
	w := c.Words
	pos, _, ply := m.shown()
	s := c.Side(game.Black) + " " + m.name(game.Black) + " " + w.Versus + " " +
		c.Side(game.White) + " " + m.name(game.White) + " - "
	switch {
	case m.Over():
		return s + m.ResultText()
	case m.Review >= 0:
		return s + fmt.Sprintf(w.Reviewing, m.before+ply)
	}
	return s + fmt.Sprintf(w.MoveN, m.before+ply+1) + " " + fmt.Sprintf(w.ToMoveBadge, c.Side(pos.SideToMove()))
}

func ptr(p game.Position) *game.Position { return &p }

// moveList is the game's moves for the list component.
func (m *Model) moveList(ply int) *components.MoveList {
	c := m.c
	title := c.Words.Moves + "  " + c.Notation.String()
	ml := &components.MoveList{Title: title, N: len(m.texts), NumW: components.Digits(m.before + len(m.texts)), TextW: m.textW,
		Cur: -1, Last: ply - 1}
	if m.Review >= 0 {
		ml.Cur, ml.Last = m.Review-1, -1
	}
	ml.Entry = func(i int) (string, string, bool) {
		return strconv.Itoa(m.before + i + 1), m.texts[i], false
	}
	return ml
}

// panelRows is what the panel says about the position shown: check or
// mate, the last move, the picked piece and where it can go, the toss.
//
// A compact screen lists the captures with the other destinations, in
// their own tint, to save a line.
func (m *Model) panelRows(pos *game.Position, last game.Move, ply int, compact bool) []components.PanelRow {
	c := m.c
	w := c.Words
	st := c.Styles
	pick := func(f func(*common.Styles) common.Wrap) *common.Wrap {
		if st == nil {
			return nil
		}
		x := f(st)
		return &x
	}
	var rows []components.PanelRow
	if pos.InCheck() {
		label := w.Check
		if pos.IsCheckmate() {
			label = w.Mate
		}
		var ts []components.Token
		for _, sq := range pos.Checkers() {
			ts = append(ts, components.Token{Text: m.pieceAt(pos, sq), W: pick(func(s *common.Styles) common.Wrap { return s.Check })})
		}
		arrow := "→"
		if c.ASCII {
			arrow = "->"
		}
		ts = append(ts, components.Token{Text: arrow}, components.Token{Text: m.pieceAt(pos, pos.KingSquare(pos.SideToMove()))})
		rows = append(rows, components.PanelRow{Label: label, Tokens: ts})
	}
	if last != game.NoMove {
		text := m.moveText(ply)
		rows = append(rows, components.PanelRow{Label: w.LastMove, Tokens: []components.Token{{Text: text, W: pick(func(s *common.Styles) common.Wrap { return s.LastText })}}})
	}
	if m.Review < 0 && (m.Selected != game.NoSquare || m.Drop != game.NoPieceType) {
		var what string
		if m.Drop != game.NoPieceType {
			what = components.GlyphOnly(m.Drop, c.Pieces) + " (" + w.InHand + ")"
		} else {
			what = pieceName(pos.At(m.Selected), c.Pieces) + " " + components.SquareName(m.Selected, c.Pieces)
		}
		rows = append(rows, components.PanelRow{Label: w.Picked, Tokens: []components.Token{{Text: what, W: pick(func(s *common.Styles) common.Wrap { return s.Picked })}}})
		var moves, takes []components.Token
		n := 0
		for s := range game.NumSquares {
			sq := game.Square(s)
			if !sq.Valid() || !m.Targets[sq] {
				continue
			}
			n++
			if pc := pos.At(sq); pc != game.NoPiece {
				takes = append(takes, components.Token{Text: m.pieceAt(pos, sq), W: pick(func(s *common.Styles) common.Wrap { return s.CaptureText })})
			} else {
				moves = append(moves, components.Token{Text: components.SquareName(sq, c.Pieces), W: pick(func(s *common.Styles) common.Wrap { return s.TargetText })})
			}
		}
		label := w.MovesTo
		if m.Drop != game.NoPieceType {
			label = w.DropsOn
		}
		if len(moves) > 12 {
			moves = []components.Token{{Text: fmt.Sprintf(w.Squares, len(moves)), W: pick(func(s *common.Styles) common.Wrap { return s.TargetText })}}
		}
		if compact {
			moves, takes = append(moves, takes...), nil
		}
		if len(moves) > 0 {
			rows = append(rows, components.PanelRow{Label: label, Tokens: moves})
		}
		if len(takes) > 0 {
			rows = append(rows, components.PanelRow{Label: w.Captures, Tokens: takes})
		}
	}
	if m.premove != game.NoMove && m.Review < 0 {
		rows = append(rows, components.PanelRow{Label: c.Gw().Premove, Tokens: []components.Token{{Text: m.premoveText(), W: pick(func(s *common.Styles) common.Wrap { return s.Picked })}}})
	}
	if m.Hint.Text != "" && m.Review < 0 {
		style := pick(func(s *common.Styles) common.Wrap { return s.TargetText })
		if m.Hint.err {
			style = pick(func(s *common.Styles) common.Wrap { return s.Err })
		}
		rows = append(rows, components.PanelRow{Label: w.HintLabel, Tokens: []components.Token{{Text: m.Hint.Text, W: style}}})
	}
	if r, ok := m.bookHintRow(pos, pick); ok {
		rows = append(rows, r)
	}
	if t := m.Setup.Toss; t != nil && m.Game.Len() < introMoves {
		rows = append(rows, components.PanelRow{Label: w.Toss, Text: common.FurigomaText(w, *t, m.Setup.TossPlayers, c.ASCII)})
	}
	if start := m.Game.Start(); m.Game.Len() < introMoves {
		// A position set up without a king (a tsume problem) is allowed, and said.
		for _, c := range []game.Color{game.Black, game.White} {
			if start.KingSquare(c) == game.NoSquare {
				rows = append(rows, components.PanelRow{Text: fmt.Sprintf(w.NoKing, w.SideName(c)), Style: pick(func(s *common.Styles) common.Wrap { return s.Dim })})
			}
		}
	}
	return rows
}

// introMoves is how many moves the toss and notes stay on screen for, so
// that a bot that moves first at once does not wipe them.
const introMoves = 4

// moveText is move ply (1-based) numbered and in the list's notation.
func (m *Model) moveText(ply int) string {
	if ply <= 0 || ply > len(m.texts) {
		if ply == 0 && m.prior != game.NoMove {
			return strconv.Itoa(m.before) + " " + m.prior.USI()
		}
		return ""
	}
	return strconv.Itoa(m.before+ply) + " " + m.texts[ply-1]
}

// pieceAt names the piece on sq as a record does: △８八銀, ▲7g K, 8h s.
func (m *Model) pieceAt(pos *game.Position, sq game.Square) string {
	pc := pos.At(sq)
	if pc == game.NoPiece {
		return components.SquareName(sq, m.c.Pieces)
	}
	return pieceTag(pc, sq, m.c.Pieces, m.c.ASCII)
}

// pieceTag is a piece on its square: △８八銀 in kanji, ▲7g K in Western,
// 8h s in ASCII (lower case for White).
func pieceTag(pc game.Piece, sq game.Square, st common.PieceStyle, ascii bool) string {
	mark := ""
	if !ascii {
		mark = "▲"
		if pc.Color() == game.White {
			mark = "△"
		}
	}
	g := strings.TrimSpace(components.PieceGlyph(pc, st))
	if st.Japanese() {
		return mark + components.SquareName(sq, st) + g
	}
	return mark + components.SquareName(sq, st) + " " + g
}

// pieceName is a piece without its square: 銀, S, s.
func pieceName(pc game.Piece, st common.PieceStyle) string {
	if pc == game.NoPiece {
		return ""
	}
	return strings.TrimSpace(components.PieceGlyph(pc, st))
}

// PromptLine is the line under the panel: the typed move, a question, or
// what the keys do now; it returns the line and the column of the
// terminal's cursor in it (-1: hidden).
func (m *Model) PromptLine(width int) (string, int) {
	c := m.c
	w := c.Words
	st := c.Styles
	switch m.State {
	case StatePromote:
		return components.Question(st, c.Measure, w.AskPromote, w.KeysPromote, width), -1
	case StateConfirm:
		return m.confirmLine(width), -1
	case StateSave:
		text, tw, x := m.Save.Render(width-c.Measure.Width(w.SaveHint), c.Measure)
		return c.Measure.Fit(text+components.Dimmed(st, w.SaveHint), width), min(x, tw)
	}
	if m.Typing {
		line, x, _ := m.Entry.Prompt(c, width)
		return line, x
	}
	var line string
	switch {
	case m.faultStands() && m.Review < 0:
		return m.faultLine(width), -1
	case m.Over() && m.Review < 0:
		// The result, where the eye is after the last move; the keys that
		// are left are on the help bar.
		line = m.ResultText()
		if st != nil {
			line = st.Bold.Render(line)
		}
	case m.Review >= 0:
		line = fmt.Sprintf(w.HintReview, m.before+m.Review)
	case m.Tray, m.Selected != game.NoSquare || m.Drop != game.NoPieceType:
		line = m.Where(c)
	default:
		// The cursor's square is written out too, for terminals that show
		// no highlighting at all.
		line = m.Where(c) + w.Hint
		pos := m.Game.Position()
		switch {
		case m.spectator():
			line = c.Rw().Watching
		case m.noHuman():
			line = w.HintWatch
		case m.starting:
			line = fmt.Sprintf(w.StartingPlayers, m.name(game.Black), m.name(game.White))
		case pos.CanDeclare() == nil && m.IsHuman(pos.SideToMove()):
			line += "  " + w.HintDeclare
		case m.premove != game.NoMove:
			line += "  " + c.Gw().PremoveKeys
		}
	}
	return c.Measure.Fit(line, width), -1
}

// confirmLine is a yes/no question as a badge and its keys.
func (m *Model) confirmLine(width int) string {
	c := m.c
	w := c.Words
	var ask, keys string
	switch m.confirm {
	case confirmResign:
		ask, keys = w.AskResign, w.KeysEnd
	case confirmImpasse:
		pos := m.Game.Position()
		ask, keys = fmt.Sprintf(w.AskImpasse, pos.Points(game.Black), pos.Points(game.White)), w.KeysEnd
		if m.Setup.Table != nil {
			ask, keys = m.drawAsk()
		}
	case confirmDeclare:
		ask, keys = w.AskDeclare, w.KeysYesNo
	case confirmLeave:
		ask, keys = w.AskLeave, w.KeysLeave
		if m.FromStudy {
			ask, keys = w.AskLeaveStudy, w.KeysLeaveStudy
		}
		if m.c.Remote && m.Setup.Table == nil && !m.Over() {
			// Against the computer over SSH nothing is kept to resume.
			keys = w.KeysLeaveUnkept
		}
		if m.Setup.Table != nil && m.mine != [2]bool{} && !m.Over() {
			// The seat waits for the grace period, not for the menu.
			ask, keys = fmt.Sprintf(c.Rw().AskLeaveTable, m.Setup.Table.Grace), w.KeysYesNo
		}
		if m.onServer() && !m.Over() {
			// Leaving resigns: nothing is left for the menu to resume.
			ask, keys = fmt.Sprintf(w.AskLeaveServer, m.Setup.Table.Server), w.KeysYesNo
		}
	case confirmPaste:
		ask, keys = w.AskPasteGame, w.KeysYesNo
	}
	if m.sure {
		keys = w.SureResign
	}
	return components.Question(c.Styles, c.Measure, ask, keys, width)
}

// helpBindings is the help bar: the game's keys, or once it is over the
// keys that still do something (over SSH, the ones that work there).
func (m *Model) helpBindings() []key.Binding {
	if m.Typing && m.State == StateMove {
		// ? goes into the typed move: the bar names f1 instead.
		return m.withF1([][]key.Binding{m.barBindings()}, "f1")[0]
	}
	return m.barBindings()
}

func (m *Model) barBindings() []key.Binding {
	if m.faultStands() {
		return m.faultBindings()
	}
	if m.c.Remote {
		return m.remoteBindings(m.localBindings())
	}
	if m.onServer() {
		return m.serverBindings(m.localBindings())
	}
	return m.localBindings()
}

// serverBindings leaves out of the help bar what a server does not allow
// (taking back, pausing, hints), and says that leaving resigns.
func (m *Model) serverBindings(in []key.Binding) []key.Binding {
	k := m.c.Keys
	out := make([]key.Binding, 0, len(in))
	for _, b := range in {
		switch b.Help().Key {
		case k.Undo.Help().Key, k.Pause.Help().Key, k.Step.Help().Key, k.Hint.Help().Key:
			continue
		case k.Leave.Help().Key:
			if !m.Over() {
				b = key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, m.c.Words.LeaveServerKey))
			}
		}
		out = append(out, b)
	}
	return out
}

func (m *Model) localBindings() []key.Binding {
	k := m.c.Keys
	if m.noHuman() && !m.Over() {
		return []key.Binding{k.Pause, k.Step, k.Review, k.Leave, k.Help, k.Flip, k.Notation, k.Save}
	}
	if m.Over() {
		w := m.c.Words
		out := []key.Binding{k.Save, k.Review}
		leave := key.NewBinding(key.WithKeys("q"), key.WithHelp("q", w.ToMenu))
		if m.FromStudy {
			leave = key.NewBinding(key.WithKeys("q"), key.WithHelp("q", w.ToStudy))
		} else {
			out = append(out, k.Study, k.NewGame)
		}
		return append(out, leave, k.Help, k.Flip, k.Copy)
	}
	return k.PlayShortHelp()
}

// drawClocks puts each side's clock by its hand: under the top 駒台 and
// over the bottom one on the large screens, at the end of the hand lines
// on the small one.
func (m *Model) drawClocks(cv *components.Canvas, l components.ScreenLayout) {
	if !m.hasClock() {
		return
	}
	c := m.c
	now := c.Now()
	for _, col := range []game.Color{game.Black, game.White} {
		f := components.FaceOf(m.Snap.Clock, col, now)
		if res := m.Result(); res != nil {
			f.Running = false
			if res.Ending == game.TimeLoss {
				if w, ok := res.Winner(); ok && w != col {
					f.Flagged = true
				}
			}
		}
		place := m.handPlace(col)
		r := l.Hands[place]
		if l.Trays {
			y := r.Y + r.H + 1
			if place == 1 {
				y = r.Y - 3
			}
			cv.Block(r.X, y, r.W, components.RenderClock(f, c.Side(col), r.W, c.Styles, c.Measure, c.Words))
			continue
		}
		text := components.ClockInline(f, c.Styles, c.Words)
		if text == "" {
			continue
		}
		hr := m.handRect(col, l)
		cv.Put(hr.X+hr.W+1, r.Y, c.Measure.Width(text), text)
	}
}

// compactClockWidth is the room the small screen keeps for a clock at the
// end of a hand line.
const compactClockWidth = 18

// handRect is where c's hand is drawn: its place in the layout, less the
// clock's room at the end of a hand line.
func (m *Model) handRect(c game.Color, l components.ScreenLayout) components.Rect {
	r := l.Hands[m.handPlace(c)]
	if !l.Trays && m.hasClock() {
		r.W = max(r.W-compactClockWidth-1, 10)
	}
	return r
}

// engineReport is what the thinking panel shows: the program thinking
// now, or the last report behind a program's move; nil when there is
// nothing a program said.
func (m *Model) engineReport() *components.EngineReport {
	if m.Review >= 0 || m.noProgram() {
		return nil
	}
	if m.Thinking() {
		side := m.TurnSide
		r := &components.EngineReport{Name: m.name(side), Side: side, Thinking: true, Info: m.Think, Pos: m.Game.PositionAt(m.ThinkPly)}
		if m.ThinkPly > 0 {
			r.Prev = m.Game.Moves()[m.ThinkPly-1]
		} else {
			r.Prev = m.prior
		}
		return r
	}
	n := m.Game.Len()
	notes := m.Notes()
	for k := n - 1; k >= 0 && k >= n-2; k-- {
		mv := m.Game.Moves()[k]
		if m.IsHuman(mv.Color()) || k >= len(notes) || notes[k].Info == nil {
			continue
		}
		r := &components.EngineReport{Name: m.name(mv.Color()), Side: mv.Color(), Info: notes[k].Info, Pos: m.Game.PositionAt(k), Prev: m.prior}
		if k > 0 {
			r.Prev = m.Game.Moves()[k-1]
		}
		return r
	}
	return nil
}

// noProgram reports whether people play both sides.
func (m *Model) noProgram() bool { return m.IsHuman(game.Black) && m.IsHuman(game.White) }

// ResultText says how the game ended: who won, how, after how many moves;
// an engine's failure is named as one.
func (m *Model) ResultText() string {
	w := m.c.Words
	n := m.before + m.Game.Len()
	r := m.Game.Result()
	if res := m.Result(); res != nil {
		if res.Aborted {
			return fmt.Sprintf(w.Interrupted, w.Count(n))
		}
		r = res.Result
		if res.Fault != nil && r.Ending != game.TimeLoss {
			if winner, ok := r.Winner(); ok {
				return fmt.Sprintf(w.Wins, w.Count(n), w.SideName(winner), fmt.Sprintf(w.EngineFailed, m.name(winner.Other())))
			}
		}
		if winner, ok := r.Winner(); ok && res.Why == match.Forfeited {
			// Recorded as a resignation (投了), but on screen the reason.
			return fmt.Sprintf(w.Wins, w.Count(n), w.SideName(winner), fmt.Sprintf(w.LeftTable, m.name(winner.Other()), res.Grace))
		}
		if res.Why == match.ImpasseAgreed {
			return w.Result(r, n) + ": " + fmt.Sprintf(w.Points, w.SideName(game.Black), res.Points[game.Black], w.SideName(game.White), res.Points[game.White])
		}
	}
	return w.Result(r, n)
}
