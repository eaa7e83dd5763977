package tui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/notation"
	"shogi/kifu"
)

// layout is the study screen's arrangement: the play screen's, with the
// headers at the top of the side column and, in the panel, the ply and
// move, the alternatives and the comment.
func (s *studyModel) layout() screenLayout {
	return newLayout(s.c.width, s.c.height, s.c.pieces, s.footerRows()+1)
}

// footerRows is how many lines the message or prompt takes above the
// help bar: none when there is nothing to say, so the comment gets the
// line.
func (s *studyModel) footerRows() int {
	switch {
	case s.leaving || s.choosing || s.prompt != nil || s.jump != nil:
		return 1
	case s.message == "":
		return 0
	}
	return max(1, min(len(wrapText(s.c.m, s.message, s.c.width)), 3))
}

// headerRows is how many header lines the side column shows.
func (s *studyModel) headerRows(l screenLayout) int {
	return min(len(s.headers), max(l.side.h-6, 0))
}

// listRect is where the move list goes: the side column under the headers.
func (s *studyModel) listRect(l screenLayout) rect {
	r := l.side
	if n := s.headerRows(l); n > 0 {
		r.y += n + 1
		r.h -= n + 1
	}
	return r
}

// noteRows is how many lines of the panel the comment has: the panel less
// the ply line, the alternatives line, the engine and the graph.
func (s *studyModel) noteRows(l screenLayout) int {
	if l.panel.h <= 0 {
		return 0
	}
	p, _ := s.panelParts(l)
	return p.notes
}

// view draws the study screen: exactly height lines of at most width
// columns.
func (s *studyModel) view() (string, *tea.Cursor) {
	c := s.c
	if s.rec == nil {
		return s.errorView(), nil
	}
	st := c.styles
	m := c.m
	sw := s.words()
	w, h := c.width, c.height
	l := s.layout()
	cv := newCanvas(w, h)
	pos := s.position()

	title := sw.title + s.name
	if s.dirty || s.an.unsaved {
		title += sw.modified
	}
	right := fmt.Sprintf(sw.ply, s.cur, s.moves())
	if st != nil {
		title = st.bold.render(title)
	}
	fx, fw := l.margin, w-2*l.margin
	cv.put(fx, 0, fw, spread(m, title, right+" ", fw))

	lastMove := game.NoMove
	if n := s.node(); n.IsMove() && s.line.legal[s.cur] {
		lastMove = n.Move
	}
	if p := s.an.preview; p != nil {
		// The engine's line played out: its position, its last move.
		pos = &p.pos[p.at]
		if p.at > 0 {
			lastMove = p.moves[p.at-1]
		}
	}
	bo := boardOpts{style: c.pieces, size: l.geom.size, flip: s.flip, cursor: game.NoSquare, selected: game.NoSquare,
		last: lastMove, check: game.NoSquare, styles: st}
	if pos.InCheck() {
		bo.check = pos.KingSquare(pos.SideToMove())
		bo.checkers = pos.Checkers()
	}
	cv.block(l.board.x, l.board.y, l.geom.w, renderBoard(pos, bo))
	for i, col := range []game.Color{game.White, game.Black} {
		place := i
		if s.flip {
			place = 1 - i
		}
		r := l.hands[place]
		o := handOpts{style: c.pieces, toMove: pos.SideToMove() == col, cursor: game.NoPieceType,
			picked: game.NoPieceType, styles: st, m: m, w: c.w, ascii: c.ascii}
		if l.trays {
			lines, _ := renderTray(pos, col, o, r.w)
			cv.block(r.x, r.y, r.w, lines)
		} else {
			line, _ := renderHandLine(pos, col, o, r.w)
			cv.put(r.x, r.y, r.w, m.fit(line, r.w))
		}
	}

	// The side column: headers, then the move list.
	if l.side.w > 0 {
		nh := s.headerRows(l)
		for i := 0; i < nh; i++ {
			cv.put(l.side.x, l.side.y+i, l.side.w, m.fit(s.headers[i], l.side.w))
		}
		lr := s.listRect(l)
		ml := s.moveList()
		g := ml.geometry(lr.x, lr.y, lr.w, lr.h, s.cur)
		cv.block(lr.x, lr.y, lr.w, ml.render(g, lr.w, lr.h, st, m))
	}

	// The panel: the ply and move, the alternatives, the engine, the
	// comment, the graph.
	if l.panel.h > 0 {
		s.drawPanel(cv, l)
	}

	// The footer: a prompt, a question or the message; the help bar.
	var cursor *tea.Cursor
	lines, cx := s.footer(fw)
	for i, line := range lines {
		cv.put(fx, l.footerTop+i, fw, m.fit(line, fw))
	}
	if cx >= 0 {
		cursor = tea.NewCursor(fx+cx, l.footerTop)
	}
	cv.put(fx, h-1, fw, helpBar(c.keys.studyShortHelp(c.w, c.ascii), fw, st, m))
	return cv.String(m), cursor
}

// panelParts is how the panel's rows are shared: the variation line, the
// engine's lines, the comment and the graph (at the bottom).
type panelParts struct {
	variation           bool
	engine, notes, plot int
}

// maxGraphRows is the tallest the graph grows into rows nothing else
// needs.
const maxGraphRows = 12

// panelParts shares h rows (after the status line) among the parts.
func (s *studyModel) panelParts(l screenLayout) (panelParts, engineView) {
	var p panelParts
	rows := l.panel.h - 1
	ev, hasEngine := s.engineView()
	_, hasGraph := s.graph()
	v, _ := s.variations()
	p.variation = v != "" || !hasEngine && !hasGraph
	if p.variation && rows > 0 {
		rows--
	}
	need, least := 0, 0
	if hasEngine {
		need = ev.rows(l.panel.w, s.c.m)
		least = min(need, 2)
	}
	if hasGraph {
		// The comment keeps two lines (its first and "more") if it has
		// any, unless the engine is talking.
		keep := least
		if !hasEngine {
			keep += min(len(s.notes(l.panel.w)), 2)
		}
		if rows-keep >= 3 {
			p.plot = min(8, max(4, rows/2), rows-keep)
		}
	}
	p.engine = min(need, rows-p.plot)
	if p.plot > 0 {
		// Rows the comment does not need make the graph taller.
		if spare := rows - p.plot - p.engine - len(s.notes(l.panel.w)); spare > 0 {
			p.plot = min(p.plot+spare, max(p.plot, maxGraphRows))
		}
	}
	p.notes = max(0, rows-p.plot-p.engine)
	return p, ev
}

// drawPanel draws the panel under the board: the status line, then the
// parts panelParts gives rows.
func (s *studyModel) drawPanel(cv *canvas, l screenLayout) {
	m := s.c.m
	pw := l.panel.w
	y := l.panel.y
	put := func(line string) {
		cv.put(l.panel.x, y, pw, m.fit(line, pw))
		y++
	}
	if s.an.preview != nil {
		put(s.previewStatus())
	} else {
		put(s.statusLine())
	}
	parts, ev := s.panelParts(l)
	if parts.variation && l.panel.h > 1 {
		v, _ := s.variations()
		put(v)
	}
	for _, line := range renderAnalysis(ev, pw, parts.engine, s.c.styles, m) {
		put(line)
	}
	for _, line := range s.noteLines(pw, parts.notes) {
		put(line)
	}
	if parts.plot > 0 {
		g, _ := s.graph()
		cv.block(l.panel.x, l.panel.y+l.panel.h-parts.plot, pw, renderGraph(g, pw, parts.plot, s.c.styles, s.c.ascii))
	}
}

// graphRect is where the graph is drawn, for clicks (h 0 when none).
func (s *studyModel) graphRect(l screenLayout) rect {
	parts, _ := s.panelParts(l)
	return rect{l.panel.x, l.panel.y + l.panel.h - parts.plot, l.panel.w, parts.plot}
}

// noteLines is the comment area: notes scrolled to noteTop, with a line
// saying what is above or below.
func (s *studyModel) noteLines(w, rows int) []string {
	if rows <= 0 {
		return nil
	}
	sw := s.words()
	notes := s.notes(w)
	skip := 0
	if s.noteAt == s.cur {
		skip = min(s.noteTop, max(0, len(notes)-1))
	}
	if skip > 0 && rows > 1 {
		notes = append([]string{dimmed(s.c.styles, fmt.Sprintf(sw.moreAbove, skip))}, notes[skip:]...)
	}
	if len(notes) > rows {
		more := len(notes) - rows + 1
		notes = append(notes[:rows-1:rows-1], dimmed(s.c.styles, fmt.Sprintf(sw.moreBelow, more)))
	}
	return notes
}

// moveList is the line being walked for the list component, the shown
// ply marked with > and highlighted, moves that have alternatives with +.
func (s *studyModel) moveList() *moveList {
	c := s.c
	sw := s.words()
	title := c.w.moves + "  " + c.notation.String() + "  " + sw.mainLine
	if s.line.from > 0 {
		title = c.w.moves + "  " + c.notation.String() + "  " + fmt.Sprintf(sw.variationFrom, s.line.from)
	}
	ml := &moveList{title: title, n: s.last() + 1, numW: digits(s.last()), textW: s.line.maxW, cur: s.cur, last: -1}
	ml.entry = func(i int) (string, string, bool) {
		n := s.line.nodes[i]
		num := strconv.Itoa(i)
		if !n.IsMove() && n.Parent != nil {
			num = "" // the ending closes the line: it is not a move
		}
		return num, s.line.text[i] + s.markText(i), n.Parent != nil && len(n.Parent.Children) > 1
	}
	return ml
}

// headerLines is the header panel: players, event and place, date,
// handicap and time control, result; empty ones left out.
func (s *studyModel) headerLines() []string {
	r := s.rec
	sw := s.words()
	label := func(l string) string { return l + ": " }
	var out []string
	add := func(text string) {
		if text != "" {
			out = append(out, text)
		}
	}
	black, white := header(r, "先手", "下手", "N+", "Black"), header(r, "後手", "上手", "N-", "White")
	if black != "" {
		add(s.c.side(game.Black) + " " + black)
	}
	if white != "" {
		add(s.c.side(game.White) + " " + white)
	}
	if ev := joinNonEmpty(" @ ", header(r, "棋戦", "$EVENT", "Event"), header(r, "場所", "$SITE", "Site")); ev != "" {
		add(label(sw.event) + ev)
	}
	if d := header(r, "開始日時", "対局日", "$START_TIME", "Date"); d != "" {
		add(label(sw.date) + d)
	}
	hc := r.Handicap
	if hc == "" {
		hc = header(r, "手合割")
	}
	if h, ok := game.FindHandicap(hc); ok {
		hc = s.c.w.handicapName(h)
		if s.c.lang == English {
			hc = h.Name
		}
	}
	if hc == "" {
		hc = sw.setUp
	}
	add(label(sw.handicap) + joinNonEmpty(", ", hc, header(r, "持ち時間", "$TIME_LIMIT", "TimeControl")))
	add(label(sw.result) + s.resultText())
	return out
}

// header returns the first of keys the record has.
func header(r *kifu.Record, keys ...string) string {
	for _, k := range keys {
		if v := strings.TrimSpace(r.Header(k)); v != "" {
			return v
		}
	}
	return ""
}

func joinNonEmpty(sep string, parts ...string) string {
	var keep []string
	for _, p := range parts {
		if p != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, sep)
}

// resultText says how the main line ended: 先手の勝ち (投了), Black wins by
// resignation.
func (s *studyModel) resultText() string {
	_, n := s.rec.Ending()
	if n == nil {
		return s.words().noResult
	}
	res := s.rec.Result()
	word := s.endingText(n)
	if s.c.lang == Japanese {
		switch res.Outcome {
		case game.BlackWins:
			return "先手の勝ち (" + word + ")"
		case game.WhiteWins:
			return "後手の勝ち (" + word + ")"
		case game.Draw:
			return "引き分け (" + word + ")"
		}
		return word
	}
	if res.Over() {
		return res.String()
	}
	return word
}

// endingWords are the words KIF writes for each special ending.
var endingWords = map[kifu.Ending]string{
	kifu.Resign:       "投了",
	kifu.Mate:         "詰み",
	kifu.Sennichite:   "千日手",
	kifu.Jishogi:      "持将棋",
	kifu.EnteringKing: "入玉勝ち",
	kifu.Interrupt:    "中断",
	kifu.Timeout:      "切れ負け",
	kifu.IllegalWin:   "反則勝ち",
	kifu.IllegalLoss:  "反則負け",
	kifu.Forfeit:      "不戦敗",
	kifu.Draw:         "引き分け",
}

// endingText names an ending node for the move list: as KIF writes it on
// a Japanese screen, in English otherwise.
func (s *studyModel) endingText(n *kifu.Node) string {
	if s.c.lang == Japanese || n.Ending == kifu.OtherEnding {
		if s.c.ascii && n.Ending == kifu.OtherEnding {
			return n.Ending.String()
		}
		return endingWord(n)
	}
	return n.Ending.String()
}

// endingWord names an ending node as a record writes it.
func endingWord(n *kifu.Node) string {
	if n.Ending == kifu.OtherEnding {
		if n.Word != "" {
			return n.Word
		}
		return "中断"
	}
	return endingWords[n.Ending]
}

// describeEnding says in words how a line ends at ending node n, after
// plies moves, mover being the side to move.
func (s *studyModel) describeEnding(n *kifu.Node, plies int, mover game.Color) string {
	sw := s.words()
	w := s.c.w
	me, other := w.sideName(mover), w.sideName(mover.Other())
	var what string
	switch n.Ending {
	case kifu.Resign:
		what = fmt.Sprintf(sw.resign, me, other)
	case kifu.Mate:
		what = fmt.Sprintf(sw.mateBy, me, other)
	case kifu.Sennichite:
		what = sw.sennichite
	case kifu.Jishogi:
		what = sw.jishogi
	case kifu.EnteringKing:
		what = fmt.Sprintf(sw.entering, me, other)
	case kifu.Interrupt:
		what = sw.interrupt
	case kifu.Timeout:
		what = fmt.Sprintf(sw.timeout, me, other)
	case kifu.IllegalWin:
		what = fmt.Sprintf(sw.illegalWin, me, other)
	case kifu.IllegalLoss:
		what = fmt.Sprintf(sw.illegalLoss, me, other)
	case kifu.Forfeit:
		what = fmt.Sprintf(sw.forfeit, me, other)
	case kifu.Draw:
		what = sw.draw
	default:
		what = s.endingText(n)
	}
	if s.c.lang == Japanese {
		return fmt.Sprintf("まで%d手で%s", plies, what)
	}
	return fmt.Sprintf("After %s: %s", countMoves(plies), what)
}

// statusLine is the ply, the move that led here and its time, check or
// mate, and whether this is a variation.
func (s *studyModel) statusLine() string {
	sw := s.words()
	w := s.c.w
	st := s.c.styles
	n := s.node()
	var b strings.Builder
	if s.cur == 0 {
		b.WriteString(sw.startPos)
	} else {
		text := strconv.Itoa(s.cur) + " " + s.line.text[s.cur]
		if st != nil {
			text = st.lastText.render(text)
		}
		b.WriteString(text)
	}
	if n.HasTime {
		fmt.Fprintf(&b, "  (%s / %s)", clock(n.Elapsed, false), clock(n.Total, true))
	}
	pos := &s.line.pos[s.cur]
	if s.cur > 0 && n.IsMove() && pos.InCheck() {
		word := w.check
		if pos.IsCheckmate() {
			word = w.mate
		}
		b.WriteString("  " + badge(st, checkBadge, word))
	}
	if s.line.from > 0 && s.cur >= s.line.from {
		b.WriteString("  " + sw.variation)
	}
	return b.String()
}

// clock writes a duration as m:ss, or h:mm:ss when long is set.
func clock(d time.Duration, long bool) string {
	t := int(d / time.Second)
	if long {
		return fmt.Sprintf("%d:%02d:%02d", t/3600, t/60%60, t%60)
	}
	return fmt.Sprintf("%d:%02d", t/60, t%60)
}

// variationSpan is where one alternative is drawn on the variation line,
// in columns, for clicks.
type variationSpan struct {
	start, end int
	node       *kifu.Node
}

// variations draws the variation line (the alternatives at the branch
// point, the one walked in brackets) and says where each alternative is.
func (s *studyModel) variations() (string, []variationSpan) {
	k := s.branchPoint()
	if k < 0 {
		return "", nil
	}
	sw := s.words()
	chosen := s.line.nodes[k]
	var b strings.Builder
	if k == s.cur {
		fmt.Fprintf(&b, sw.altHere, k)
	} else {
		fmt.Fprintf(&b, sw.altNext, k)
	}
	before := &s.line.pos[k-1]
	prev := s.line.nodes[k-1].Move
	var spans []variationSpan
	for i, c := range chosen.Parent.Children {
		if i > 0 {
			b.WriteString(" / ")
		}
		start := s.c.m.width(b.String())
		var t string
		switch {
		case !c.IsMove():
			t = s.endingText(c)
		case before.IsLegal(c.Move):
			t = notation.Format(before, c.Move, s.c.notation, prev)
		default:
			t = c.Move.USI()
		}
		if c == chosen {
			t = "[" + t + "]"
		}
		b.WriteString(t)
		if i > 0 {
			b.WriteString(sw.altSuffix)
		}
		spans = append(spans, variationSpan{start: start, end: s.c.m.width(b.String()), node: c})
	}
	b.WriteString(sw.altKeys)
	return b.String(), spans
}

// notes is the comment of the shown move, how the line ends when it is
// shown, where loading stopped, and the record's warnings at the start —
// wrapped to width.
func (s *studyModel) notes(width int) []string {
	m := s.c.m
	sw := s.words()
	st := s.c.styles
	var out []string
	paint := func(f func(*Styles) wrap, l string) string {
		if st == nil {
			return l
		}
		return f(st).render(l)
	}
	if note := s.stopNote(); note != "" {
		for _, l := range wrapText(m, note, width) {
			out = append(out, paint(func(x *Styles) wrap { return x.err }, l))
		}
	}
	n := s.node()
	if s.cur == s.moves() {
		var end string
		pos := &s.line.pos[s.cur]
		switch {
		case s.ending() != nil:
			end = s.describeEnding(s.ending(), s.cur, pos.SideToMove())
		case pos.IsCheckmate():
			// The record stops at a mate without saying so: the position does.
			end = s.describeEnding(&kifu.Node{Ending: kifu.Mate}, s.cur, pos.SideToMove())
		case s.line.from > 0:
			end = fmt.Sprintf(sw.varEnds, s.c.w.count(s.cur))
		default:
			end = fmt.Sprintf(sw.recordEnds, s.c.w.count(s.cur))
		}
		for _, l := range wrapText(m, end, width) {
			out = append(out, paint(func(x *Styles) wrap { return x.bold }, l))
		}
		if e := s.ending(); e != nil {
			for _, para := range strings.Split(strings.TrimSpace(e.Comment), "\n") {
				if para != "" {
					out = append(out, wrapText(m, para, width)...)
				}
			}
		}
	}
	out = append(out, s.storedLines(width)...)
	for _, para := range strings.Split(strings.TrimSpace(kifu.StripAnalysis(n.Comment)), "\n") {
		if para != "" {
			out = append(out, wrapText(m, para, width)...)
		}
	}
	if s.cur == 0 || s.cur == s.moves() {
		out = append(out, s.summaryLines(width)...)
	}
	if s.cur == 0 {
		for _, warn := range s.rec.Warnings {
			for _, l := range wrapText(m, sw.warning+warn, width) {
				out = append(out, paint(func(x *Styles) wrap { return x.dim }, l))
			}
		}
	}
	return out
}

// footer is the export prompt, the move number being typed, a question or
// the last message, wrapped; it returns the lines and the column of the
// terminal's cursor on the first (-1: hidden).
func (s *studyModel) footer(width int) ([]string, int) {
	c := s.c
	m := c.m
	sw := s.words()
	st := c.styles
	switch {
	case s.leaving && !s.dirty:
		return []string{question(st, m, "?", s.awords().leaveAsk, width)}, -1
	case s.leaving:
		return []string{question(st, m, "?", sw.leaveAsk, width)}, -1
	case s.choosing:
		side := c.side(s.position().SideToMove())
		return []string{question(st, m, "?", fmt.Sprintf(sw.chooseAsk, side, s.opponentList()), width)}, -1
	case s.prompt != nil && s.prompt.confirm != "":
		return []string{question(st, m, "?", fmt.Sprintf(sw.overwrite, s.prompt.confirm), width)}, -1
	case s.prompt != nil:
		text, _, x := s.prompt.input.render(width, m)
		return []string{text}, x
	case s.jump != nil:
		text, _, x := s.jump.render(width-m.width(sw.jumpHint), m)
		return []string{text + sw.jumpHint}, x
	case s.message != "":
		return statusLines(s.message, s.isError, width, s.footerRows(), st, m), -1
	}
	return nil, -1
}

// errorView is the screen for a record that could not be read at all.
func (s *studyModel) errorView() string {
	c := s.c
	m := c.m
	st := c.styles
	sw := s.words()
	lines := []string{
		st.title.render(m.truncate(sw.title+s.name, c.width)),
		"",
		st.err.render(m.truncate(fmt.Sprintf(sw.cannotOpen, s.name), c.width)),
	}
	lines = append(lines, wrapText(m, s.loadErr.Error(), c.width)...)
	lines = append(lines, "", sw.back)
	for len(lines) < c.height {
		lines = append(lines, "")
	}
	for i, l := range lines {
		lines[i] = m.truncate(l, c.width)
	}
	return strings.Join(lines[:c.height], "\n")
}
