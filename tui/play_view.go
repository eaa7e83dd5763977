package tui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/match"
)

// view draws the play screen and says where the terminal's cursor goes
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
func (m *playModel) view() (string, *tea.Cursor) {
	c := m.c
	st := c.styles
	w, h := c.width, c.height
	l := m.layout()
	cv := newCanvas(w, h)
	pos, last, ply := m.shown()

	// Title bar, and the footer, within the layout's margins.
	fx, fw := l.margin, w-2*l.margin
	left, right := m.titleParts(&pos, ply)
	cv.put(fx, 0, fw, spread(c.m, left, right+" ", fw))

	// Board and hands.
	bo := boardOpts{style: c.pieces, size: l.geom.size, flip: m.flip, cursor: game.NoSquare,
		selected: game.NoSquare, last: last, check: game.NoSquare, styles: st}
	if m.review < 0 {
		if m.showCursor() {
			bo.cursor = m.cursor
		}
		bo.selected = m.selected
		if m.selected != game.NoSquare || m.drop != game.NoPieceType {
			bo.targets = &m.targets
		}
	}
	if hm := m.hint.move; hm != game.NoMove && m.review < 0 && bo.targets == nil {
		// The hint's move, marked as a picked piece and where it goes.
		var to squareSet
		to[hm.To()] = true
		bo.targets = &to
		if !hm.IsDrop() {
			bo.selected = hm.From()
		}
	}
	if pos.InCheck() {
		bo.check = pos.KingSquare(pos.SideToMove())
		bo.checkers = pos.Checkers()
	}
	cv.block(l.board.x, l.board.y, l.geom.w, renderBoard(&pos, bo))
	for _, col := range []game.Color{game.Black, game.White} {
		r := m.handRect(col, l)
		lines, _ := m.hand(&pos, col, l)
		cv.block(r.x, r.y, r.w, lines)
	}

	// The clocks, by their owners' hands.
	m.drawClocks(cv, l)

	// The move list beside the board; on the small screen the program's
	// thinking goes above it.
	engine := m.engineReport()
	if l.side.w > 0 && l.side.h > 0 {
		side := l.side
		if l.kind == layoutCompact && engine != nil && side.h > 8 {
			rows := renderEngine(c, *engine, side.w, min(5, side.h-7))
			cv.block(side.x, side.y, side.w, rows)
			side.y += len(rows) + 1
			side.h -= len(rows) + 1
		}
		ml := m.moveList(ply)
		g := ml.geometry(side.x, side.y, side.w, side.h, ml.focus())
		cv.block(side.x, side.y, side.w, ml.render(g, side.w, side.h, st, c.m))
	}

	// The panel under the board: on the large screens the program's
	// thinking first, then what the position says.
	if l.panel.h > 0 {
		y, h := l.panel.y, l.panel.h
		if l.kind != layoutCompact && engine != nil {
			lines := renderEngine(c, *engine, l.panel.w, min(6, h))
			cv.block(l.panel.x, y, l.panel.w, lines)
			y += len(lines) + 1
			h -= len(lines) + 1
		}
		if h > 0 {
			rows := m.panelRows(&pos, last, ply, l.kind == layoutCompact)
			cv.block(l.panel.x, y, l.panel.w, renderPanel(rows, l.panel.w, h, st, c.m))
		}
	}

	// The footer: the prompt line, the status, the help bar.
	y := l.footerTop
	prompt, cursorX := m.promptLine(fw)
	cv.put(fx, y, fw, prompt)
	var cursor *tea.Cursor
	if cursorX >= 0 {
		cursor = tea.NewCursor(fx+cursorX, y)
	}
	y++
	for _, s := range statusLines(m.status, m.statusErr, fw, h-1-y, st, c.m) {
		cv.put(fx, y, c.m.width(s), s)
		y++
	}
	cv.put(fx, h-1, fw, helpBar(m.helpBindings(), fw, st, c.m))
	return cv.String(c.m), cursor
}

// layout is the screen's arrangement at the current size.
func (m *playModel) layout() screenLayout {
	c := m.c
	return newLayout(c.width, c.height, c.pieces, 2+m.statusRows())
}

// statusRows is how many lines the status takes: at least one, more for a
// long message (a list of candidates), as many as the room under the
// board allows.
func (m *playModel) statusRows() int {
	c := m.c
	w, room := c.width-2, 3 // the large layouts' margins
	if chooseLayout(c.width, c.height, c.pieces) == layoutCompact {
		g := newBoardGeom(boardCompact, c.pieces)
		w, room = c.width, max(c.height-(3+g.h)-2, 1)
	}
	return max(1, min(len(wrapText(c.m, m.status, w)), room))
}

// showCursor reports whether the board cursor is shown: while a move can
// be chosen with it.
func (m *playModel) showCursor() bool {
	return m.state == stateMove && !m.tray && !m.typing && !m.over() && m.review < 0 && !m.noHuman()
}

// hand draws c's hand as the layout wants it: a line or a 駒台.
func (m *playModel) hand(pos *game.Position, c game.Color, l screenLayout) ([]string, []handSpan) {
	o := handOpts{style: m.c.pieces, toMove: pos.SideToMove() == c && !m.over(), cursor: game.NoPieceType,
		picked: game.NoPieceType, styles: m.c.styles, m: m.c.m, w: m.c.w, ascii: m.c.ascii}
	if c == pos.SideToMove() && m.review < 0 {
		if m.tray {
			o.cursor = m.trayKind
		}
		o.picked = m.drop
	}
	r := m.handRect(c, l)
	if l.trays {
		return renderTray(pos, c, o, r.w)
	}
	line, spans := renderHandLine(pos, c, o, r.w)
	return []string{m.c.m.fit(line, r.w)}, spans
}

// titleParts is the title bar: the players and handicap on the left; the
// move number, whose turn and check on the right (the result once the
// game is over).
func (m *playModel) titleParts(pos *game.Position, ply int) (string, string) {
	c := m.c
	w := c.w
	st := c.styles
	left := c.side(game.Black) + " " + m.name(game.Black) + "  " + w.versus + "  " +
		c.side(game.White) + " " + m.name(game.White)
	if hc, ok := game.HandicapBySFEN(ptr(m.g.Start())); ok && hc.Key != "even" {
		left += "   " + w.handicapName(hc)
	}
	if tc := m.setup.time; (!tc[0].IsZero() || !tc[1].IsZero()) && c.width >= largeWidth {
		left += "   " + timeControlText(w, tc)
	}
	if st != nil {
		left = st.bold.render(left)
	}
	n := m.before + ply
	var right []string
	switch {
	case m.review >= 0:
		right = append(right, fmt.Sprintf(w.reviewing, n))
	case m.over():
		return left, badge(st, endBadge, m.resultText())
	default:
		right = append(right, fmt.Sprintf(w.moveN, n+1))
		switch {
		case m.starting:
			right = append(right, w.startingWord+" "+m.spin.View())
		case m.paused():
			right = append(right, badge(st, askBadge, w.pausedWord))
		case m.thinking():
			right = append(right, fmt.Sprintf(w.thinking, c.side(pos.SideToMove()))+" "+m.spin.View())
		default:
			right = append(right, badge(st, turnBadge, fmt.Sprintf(w.toMoveBadge, c.side(pos.SideToMove()))))
		}
	}
	if pos.InCheck() && m.review < 0 {
		word := w.check
		if pos.IsCheckmate() {
			word = w.mate
		}
		right = append(right, badge(st, checkBadge, word))
	}
	return left, strings.Join(right, "  ")
}

// titleText is the game for the window title: the players, then the
// move and whose turn it is, or the result.
func (m *playModel) titleText() string {
	c := m.c
	w := c.w
	pos, _, ply := m.shown()
	s := c.side(game.Black) + " " + m.name(game.Black) + " " + w.versus + " " +
		c.side(game.White) + " " + m.name(game.White) + " - "
	switch {
	case m.over():
		return s + m.resultText()
	case m.review >= 0:
		return s + fmt.Sprintf(w.reviewing, m.before+ply)
	}
	return s + fmt.Sprintf(w.moveN, m.before+ply+1) + " " + fmt.Sprintf(w.toMoveBadge, c.side(pos.SideToMove()))
}

func ptr(p game.Position) *game.Position { return &p }

// moveList is the game's moves for the list component.
func (m *playModel) moveList(ply int) *moveList {
	c := m.c
	title := c.w.moves + "  " + c.notation.String()
	ml := &moveList{title: title, n: len(m.texts), numW: digits(m.before + len(m.texts)), textW: m.textW,
		cur: -1, last: ply - 1}
	if m.review >= 0 {
		ml.cur, ml.last = m.review-1, -1
	}
	ml.entry = func(i int) (string, string, bool) {
		return strconv.Itoa(m.before + i + 1), m.texts[i], false
	}
	return ml
}

// panelRows is what the panel says about the position shown: check or
// mate, the last move, the picked piece and where it can go, the toss.
//
// A compact screen lists the captures with the other destinations, in
// their own tint, to save a line.
func (m *playModel) panelRows(pos *game.Position, last game.Move, ply int, compact bool) []panelRow {
	c := m.c
	w := c.w
	st := c.styles
	pick := func(f func(*Styles) wrap) *wrap {
		if st == nil {
			return nil
		}
		x := f(st)
		return &x
	}
	var rows []panelRow
	if pos.InCheck() {
		label := w.check
		if pos.IsCheckmate() {
			label = w.mate
		}
		var ts []token
		for _, sq := range pos.Checkers() {
			ts = append(ts, token{text: m.pieceAt(pos, sq), w: pick(func(s *Styles) wrap { return s.check })})
		}
		arrow := "→"
		if c.ascii {
			arrow = "->"
		}
		ts = append(ts, token{text: arrow}, token{text: m.pieceAt(pos, pos.KingSquare(pos.SideToMove()))})
		rows = append(rows, panelRow{label: label, tokens: ts})
	}
	if last != game.NoMove {
		text := m.moveText(ply)
		rows = append(rows, panelRow{label: w.lastMove, tokens: []token{{text: text, w: pick(func(s *Styles) wrap { return s.lastText })}}})
	}
	if m.review < 0 && (m.selected != game.NoSquare || m.drop != game.NoPieceType) {
		var what string
		if m.drop != game.NoPieceType {
			what = glyphOnly(m.drop, c.pieces) + " (" + w.inHand + ")"
		} else {
			what = pieceName(pos.At(m.selected), c.pieces) + " " + squareName(m.selected, c.pieces)
		}
		rows = append(rows, panelRow{label: w.picked, tokens: []token{{text: what, w: pick(func(s *Styles) wrap { return s.picked })}}})
		var moves, takes []token
		n := 0
		for s := range game.NumSquares {
			sq := game.Square(s)
			if !sq.Valid() || !m.targets[sq] {
				continue
			}
			n++
			if pc := pos.At(sq); pc != game.NoPiece {
				takes = append(takes, token{text: m.pieceAt(pos, sq), w: pick(func(s *Styles) wrap { return s.captureText })})
			} else {
				moves = append(moves, token{text: squareName(sq, c.pieces), w: pick(func(s *Styles) wrap { return s.targetText })})
			}
		}
		label := w.movesTo
		if m.drop != game.NoPieceType {
			label = w.dropsOn
		}
		if len(moves) > 12 {
			moves = []token{{text: fmt.Sprintf("%d", len(moves)), w: pick(func(s *Styles) wrap { return s.targetText })}}
		}
		if compact {
			moves, takes = append(moves, takes...), nil
		}
		if len(moves) > 0 {
			rows = append(rows, panelRow{label: label, tokens: moves})
		}
		if len(takes) > 0 {
			rows = append(rows, panelRow{label: w.captures, tokens: takes})
		}
	}
	if m.hint.text != "" && m.review < 0 {
		style := pick(func(s *Styles) wrap { return s.targetText })
		if m.hint.err {
			style = pick(func(s *Styles) wrap { return s.err })
		}
		rows = append(rows, panelRow{label: w.hintLabel, tokens: []token{{text: m.hint.text, w: style}}})
	}
	if t := m.setup.toss; t != nil && m.g.Len() < introMoves {
		rows = append(rows, panelRow{label: w.toss, text: furigomaText(w, *t, m.setup.tossPlayers, c.ascii)})
	}
	if start := m.g.Start(); m.g.Len() < introMoves {
		// A position set up without a king (a tsume problem) is allowed, and said.
		for _, c := range []game.Color{game.Black, game.White} {
			if start.KingSquare(c) == game.NoSquare {
				rows = append(rows, panelRow{text: fmt.Sprintf(w.noKing, w.sideName(c)), style: pick(func(s *Styles) wrap { return s.dim })})
			}
		}
	}
	return rows
}

// introMoves is how many moves the toss and notes stay on screen for, so
// that a bot that moves first at once does not wipe them.
const introMoves = 4

// moveText is move ply (1-based) numbered and in the list's notation.
func (m *playModel) moveText(ply int) string {
	if ply <= 0 || ply > len(m.texts) {
		if ply == 0 && m.prior != game.NoMove {
			return strconv.Itoa(m.before) + " " + m.prior.USI()
		}
		return ""
	}
	return strconv.Itoa(m.before+ply) + " " + m.texts[ply-1]
}

// pieceAt names the piece on sq as a record does: △８八銀, ▲7g K, 8h s.
func (m *playModel) pieceAt(pos *game.Position, sq game.Square) string {
	pc := pos.At(sq)
	if pc == game.NoPiece {
		return squareName(sq, m.c.pieces)
	}
	return pieceTag(pc, sq, m.c.pieces, m.c.ascii)
}

// pieceTag is a piece on its square: △８八銀 in kanji, ▲7g K in Western,
// 8h s in ASCII (lower case for White).
func pieceTag(pc game.Piece, sq game.Square, st PieceStyle, ascii bool) string {
	mark := ""
	if !ascii {
		mark = "▲"
		if pc.Color() == game.White {
			mark = "△"
		}
	}
	g := strings.TrimSpace(pieceGlyph(pc, st))
	if st.japanese() {
		return mark + squareName(sq, st) + g
	}
	return mark + squareName(sq, st) + " " + g
}

// pieceName is a piece without its square: 銀, S, s.
func pieceName(pc game.Piece, st PieceStyle) string {
	if pc == game.NoPiece {
		return ""
	}
	return strings.TrimSpace(pieceGlyph(pc, st))
}

// promptLine is the line under the panel: the typed move, a question, or
// what the keys do now; it returns the line and the column of the
// terminal's cursor in it (-1: hidden).
func (m *playModel) promptLine(width int) (string, int) {
	c := m.c
	w := c.w
	st := c.styles
	switch m.state {
	case statePromote:
		return question(st, c.m, w.askPromote, w.keysPromote, width), -1
	case stateConfirm:
		return m.confirmLine(width), -1
	case stateSave:
		text, tw, x := m.save.render(width-c.m.width(w.saveHint), c.m)
		return c.m.fit(text+dimmed(st, w.saveHint), width), min(x, tw)
	}
	if m.typing {
		text, tw, x := m.input.render(width/2, c.m)
		live := m.live
		if st != nil {
			if m.liveErr {
				live = st.err.render(live)
			} else {
				live = st.dim.render(live)
			}
		}
		return c.m.fit(text+strings.Repeat(" ", max(1, width/2-tw))+live, width), x
	}
	at := func(s string) string {
		s = "[" + s + "] "
		if st != nil {
			return st.accent.render(s)
		}
		return s
	}
	var line string
	switch {
	case m.over() && m.review < 0:
		// The result, where the eye is after the last move; the keys that
		// are left are on the help bar.
		line = m.resultText()
		if st != nil {
			line = st.bold.render(line)
		}
	case m.review >= 0:
		line = fmt.Sprintf(w.hintReview, m.before+m.review)
	case m.tray:
		line = at(glyphOnly(m.trayKind, c.pieces)) + w.hintTray
	case m.selected != game.NoSquare || m.drop != game.NoPieceType:
		line = at(squareName(m.cursor, c.pieces)) + w.hintPicked
	default:
		// The cursor's square is written out too, for terminals that show
		// no highlighting at all.
		line = at(squareName(m.cursor, c.pieces)) + w.hint
		pos := m.g.Position()
		switch {
		case m.noHuman():
			line = w.hintWatch
		case m.starting:
			line = fmt.Sprintf(w.startingPlayers, m.name(game.Black), m.name(game.White))
		case pos.CanDeclare() == nil && m.isHuman(pos.SideToMove()):
			line += "  " + w.hintDeclare
		}
	}
	return c.m.fit(line, width), -1
}

// confirmLine is a yes/no question as a badge and its keys.
func (m *playModel) confirmLine(width int) string {
	c := m.c
	w := c.w
	var ask, keys string
	switch m.confirm {
	case confirmResign:
		ask, keys = w.askResign, w.keysEnd
	case confirmImpasse:
		pos := m.g.Position()
		ask, keys = fmt.Sprintf(w.askImpasse, pos.Points(game.Black), pos.Points(game.White)), w.keysEnd
		if m.setup.table != nil {
			ask = fmt.Sprintf(c.rw().askDraw, pos.Points(game.Black), pos.Points(game.White))
		}
	case confirmDeclare:
		ask, keys = w.askDeclare, w.keysYesNo
	case confirmLeave:
		ask, keys = w.askLeave, w.keysLeave
		if m.fromStudy {
			ask, keys = w.askLeaveStudy, w.keysLeaveStudy
		}
		if m.setup.table != nil && m.mine != [2]bool{} && !m.over() {
			ask = fmt.Sprintf(c.rw().askLeaveTable, m.setup.table.grace)
		}
	case confirmPaste:
		ask, keys = w.askPasteGame, w.keysYesNo
	}
	if m.sure {
		keys = w.sureResign
	}
	return question(c.styles, c.m, ask, keys, width)
}

// helpBindings is the help bar: the game's keys, or once it is over the
// keys that still do something (over SSH, the ones that work there).
func (m *playModel) helpBindings() []key.Binding {
	if m.c.remote {
		return m.remoteBindings(m.localBindings())
	}
	return m.localBindings()
}

func (m *playModel) localBindings() []key.Binding {
	k := m.c.keys
	if m.noHuman() && !m.over() {
		return []key.Binding{k.Pause, k.Step, k.Review, k.Leave, k.Help, k.Flip, k.Notation, k.Save}
	}
	if m.over() {
		w := m.c.w
		out := []key.Binding{k.Save, k.Review}
		leave := key.NewBinding(key.WithKeys("q"), key.WithHelp("q", w.toMenu))
		if m.fromStudy {
			leave = key.NewBinding(key.WithKeys("q"), key.WithHelp("q", w.toStudy))
		} else {
			out = append(out, k.Study, k.NewGame)
		}
		return append(out, leave, k.Help, k.Flip, k.Copy)
	}
	return k.playShortHelp()
}

// drawClocks puts each side's clock by its hand: under the top 駒台 and
// over the bottom one on the large screens, at the end of the hand lines
// on the small one.
func (m *playModel) drawClocks(cv *canvas, l screenLayout) {
	if !m.hasClock() {
		return
	}
	c := m.c
	now := c.now()
	for _, col := range []game.Color{game.Black, game.White} {
		f := faceOf(m.snap.Clock, col, now)
		if res := m.result(); res != nil {
			f.running = false
			if res.Ending == game.TimeLoss {
				if w, ok := res.Winner(); ok && w != col {
					f.flagged = true
				}
			}
		}
		place := m.handPlace(col)
		r := l.hands[place]
		if l.trays {
			y := r.y + r.h + 1
			if place == 1 {
				y = r.y - 3
			}
			cv.block(r.x, y, r.w, renderClock(f, c.side(col), r.w, c.styles, c.m, c.w))
			continue
		}
		text := clockInline(f, c.styles, c.w)
		if text == "" {
			continue
		}
		hr := m.handRect(col, l)
		cv.put(hr.x+hr.w+1, r.y, c.m.width(text), text)
	}
}

// compactClockWidth is the room the small screen keeps for a clock at the
// end of a hand line.
const compactClockWidth = 18

// handRect is where c's hand is drawn: its place in the layout, less the
// clock's room at the end of a hand line.
func (m *playModel) handRect(c game.Color, l screenLayout) rect {
	r := l.hands[m.handPlace(c)]
	if !l.trays && m.hasClock() {
		r.w = max(r.w-compactClockWidth-1, 10)
	}
	return r
}

// engineReport is what the thinking panel shows: the program thinking
// now, or the last report behind a program's move; nil when there is
// nothing a program said.
func (m *playModel) engineReport() *engineReport {
	if m.review >= 0 || m.noProgram() {
		return nil
	}
	if m.thinking() {
		side := m.turnSide
		r := &engineReport{name: m.name(side), side: side, thinking: true, info: m.think, pos: m.g.PositionAt(m.thinkPly)}
		if m.thinkPly > 0 {
			r.prev = m.g.Moves()[m.thinkPly-1]
		} else {
			r.prev = m.prior
		}
		return r
	}
	n := m.g.Len()
	notes := m.notes()
	for k := n - 1; k >= 0 && k >= n-2; k-- {
		mv := m.g.Moves()[k]
		if m.isHuman(mv.Color()) || k >= len(notes) || notes[k].Info == nil {
			continue
		}
		r := &engineReport{name: m.name(mv.Color()), side: mv.Color(), info: notes[k].Info, pos: m.g.PositionAt(k), prev: m.prior}
		if k > 0 {
			r.prev = m.g.Moves()[k-1]
		}
		return r
	}
	return nil
}

// noProgram reports whether people play both sides.
func (m *playModel) noProgram() bool { return m.isHuman(game.Black) && m.isHuman(game.White) }

// resultText says how the game ended: who won, how, after how many moves;
// an engine's failure is named as one.
func (m *playModel) resultText() string {
	w := m.c.w
	n := m.before + m.g.Len()
	r := m.g.Result()
	if res := m.result(); res != nil {
		r = res.Result
		if res.Fault != nil && r.Ending != game.TimeLoss {
			if winner, ok := r.Winner(); ok {
				return fmt.Sprintf(w.wins, w.count(n), w.sideName(winner), fmt.Sprintf(w.engineFailed, m.name(winner.Other())))
			}
		}
		if res.Why == match.ImpasseAgreed {
			return w.result(r, n) + ": " + fmt.Sprintf(w.points, w.sideName(game.Black), res.Points[game.Black], w.sideName(game.White), res.Points[game.White])
		}
	}
	return w.result(r, n)
}

// timeControlText describes both sides' allowances for the title: one
// when they agree, Black's then White's when they differ.
func timeControlText(w *words, tc [2]match.TimeControl) string {
	if tc[0] == tc[1] {
		return w.timeControl(tc[0])
	}
	return "▲" + w.timeControl(tc[0]) + " △" + w.timeControl(tc[1])
}
