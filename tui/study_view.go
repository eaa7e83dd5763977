package tui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/tui/words"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/notation"
	"shogi/kifu"
)

// layout is the study screen's arrangement: the play screen's, with the
// headers at the top of the side column and, in the panel, the ply and
// move, the alternatives and the comment.
func (s *studyModel) Layout() components.ScreenLayout {
	return components.NewLayout(s.c.Width, s.c.Height, s.c.Pieces, s.footerRows()+1)
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
	return max(1, min(len(components.WrapText(s.c.Measure, s.message, s.c.Width)), 3))
}

// headerRows is how many header lines the side column shows.
func (s *studyModel) headerRows(l components.ScreenLayout) int {
	return min(len(s.headers), max(l.Side.H-6, 0))
}

// listRect is where the move list goes: the side column under the headers.
func (s *studyModel) listRect(l components.ScreenLayout) components.Rect {
	r := l.Side
	if n := s.headerRows(l); n > 0 {
		r.Y += n + 1
		r.H -= n + 1
	}
	return r
}

// noteRows is how many lines of the panel the comment has: the panel less
// the ply line, the alternatives line, the engine and the graph.
func (s *studyModel) noteRows(l components.ScreenLayout) int {
	if l.Panel.H <= 0 {
		return 0
	}
	p, _ := s.panelParts(l)
	return p.notes
}

// view draws the study screen: exactly height lines of at most width
// columns.
func (s *studyModel) View() (string, *tea.Cursor) {
	c := s.c
	if s.rec == nil {
		return s.errorView(), nil
	}
	st := c.Styles
	m := c.Measure
	sw := s.words()
	w, h := c.Width, c.Height
	l := s.Layout()
	cv := components.NewCanvas(w, h)
	pos := s.Position()

	title := sw.Title + s.name
	if s.dirty || s.an.unsaved {
		title += sw.Modified
	}
	right := fmt.Sprintf(sw.Ply, s.cur, s.moves())
	if st != nil {
		title = st.Bold.Render(title)
	}
	fx, fw := l.Margin, w-2*l.Margin
	cv.Put(fx, 0, fw, components.Spread(m, title, right+" ", fw))

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
	bo := components.BoardOpts{Style: c.Pieces, Size: l.Geom.Size, Flip: s.flip, Cursor: game.NoSquare, Selected: game.NoSquare,
		Last: lastMove, Check: game.NoSquare, Styles: st}
	if pos.InCheck() {
		bo.Check = pos.KingSquare(pos.SideToMove())
		bo.Checkers = pos.Checkers()
	}
	cv.Block(l.Board.X, l.Board.Y, l.Geom.W, components.RenderBoard(pos, bo))
	for i, col := range []game.Color{game.White, game.Black} {
		place := i
		if s.flip {
			place = 1 - i
		}
		r := l.Hands[place]
		o := components.HandOpts{Style: c.Pieces, ToMove: pos.SideToMove() == col, Cursor: game.NoPieceType,
			Picked: game.NoPieceType, Styles: st, M: m, W: c.Words, Ascii: c.ASCII}
		if l.Trays {
			lines, _ := components.RenderTray(pos, col, o, r.W)
			cv.Block(r.X, r.Y, r.W, lines)
		} else {
			line, _ := components.RenderHandLine(pos, col, o, r.W)
			cv.Put(r.X, r.Y, r.W, m.Fit(line, r.W))
		}
	}

	// The side column: headers, then the move list.
	if l.Side.W > 0 {
		nh := s.headerRows(l)
		for i := 0; i < nh; i++ {
			cv.Put(l.Side.X, l.Side.Y+i, l.Side.W, m.Fit(s.headers[i], l.Side.W))
		}
		lr := s.listRect(l)
		ml := s.moveList()
		g := ml.Geometry(lr.X, lr.Y, lr.W, lr.H, s.cur)
		cv.Block(lr.X, lr.Y, lr.W, ml.Render(g, lr.W, lr.H, st, m))
	}

	// The panel: the ply and move, the alternatives, the engine, the
	// comment, the graph.
	if l.Panel.H > 0 {
		s.drawPanel(cv, l)
	}

	// The footer: a prompt, a question or the message; the help bar.
	var cursor *tea.Cursor
	lines, cx := s.footer(fw)
	for i, line := range lines {
		cv.Put(fx, l.FooterTop+i, fw, m.Fit(line, fw))
	}
	if cx >= 0 {
		cursor = tea.NewCursor(fx+cx, l.FooterTop)
	}
	cv.Put(fx, h-1, fw, components.HelpBar(c.Keys.StudyShortHelp(c.Words, c.ASCII), fw, st, m))
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
func (s *studyModel) panelParts(l components.ScreenLayout) (panelParts, components.EngineView) {
	var p panelParts
	rows := l.Panel.H - 1
	ev, hasEngine := s.engineView()
	_, hasGraph := s.graph()
	v, _ := s.variations()
	p.variation = v != "" || !hasEngine && !hasGraph
	if p.variation && rows > 0 {
		rows--
	}
	need, least := 0, 0
	if hasEngine {
		need = ev.Rows(l.Panel.W, s.c.Measure)
		least = min(need, 2)
	}
	if hasGraph {
		// The comment keeps two lines (its first and "more") if it has
		// any, unless the engine is talking.
		keep := least
		if !hasEngine {
			keep += min(len(s.Notes(l.Panel.W)), 2)
		}
		if rows-keep >= 3 {
			p.plot = min(8, max(4, rows/2), rows-keep)
		}
	}
	p.engine = min(need, rows-p.plot)
	if p.plot > 0 {
		// Rows the comment does not need make the graph taller.
		if spare := rows - p.plot - p.engine - len(s.Notes(l.Panel.W)); spare > 0 {
			p.plot = min(p.plot+spare, max(p.plot, maxGraphRows))
		}
	}
	p.notes = max(0, rows-p.plot-p.engine)
	return p, ev
}

// drawPanel draws the panel under the board: the status line, then the
// parts panelParts gives rows.
func (s *studyModel) drawPanel(cv *components.Canvas, l components.ScreenLayout) {
	m := s.c.Measure
	pw := l.Panel.W
	y := l.Panel.Y
	put := func(line string) {
		cv.Put(l.Panel.X, y, pw, m.Fit(line, pw))
		y++
	}
	if s.an.preview != nil {
		put(s.previewStatus())
	} else {
		put(s.statusLine())
	}
	parts, ev := s.panelParts(l)
	if parts.variation && l.Panel.H > 1 {
		v, _ := s.variations()
		put(v)
	}
	for _, line := range components.RenderAnalysis(ev, pw, parts.engine, s.c.Styles, m) {
		put(line)
	}
	for _, line := range s.noteLines(pw, parts.notes) {
		put(line)
	}
	if parts.plot > 0 {
		g, _ := s.graph()
		cv.Block(l.Panel.X, l.Panel.Y+l.Panel.H-parts.plot, pw, components.RenderGraph(g, pw, parts.plot, s.c.Styles, s.c.ASCII))
	}
}

// graphRect is where the graph is drawn, for clicks (h 0 when none).
func (s *studyModel) graphRect(l components.ScreenLayout) components.Rect {
	parts, _ := s.panelParts(l)
	return components.Rect{X: l.Panel.X, Y: l.Panel.Y + l.Panel.H - parts.plot, W: l.Panel.W, H: parts.plot}
}

// noteLines is the comment area: notes scrolled to noteTop, with a line
// saying what is above or below.
func (s *studyModel) noteLines(w, rows int) []string {
	if rows <= 0 {
		return nil
	}
	sw := s.words()
	notes := s.Notes(w)
	skip := 0
	if s.noteAt == s.cur {
		skip = min(s.noteTop, max(0, len(notes)-1))
	}
	if skip > 0 && rows > 1 {
		notes = append([]string{components.Dimmed(s.c.Styles, fmt.Sprintf(sw.MoreAbove, skip))}, notes[skip:]...)
	}
	if len(notes) > rows {
		more := len(notes) - rows + 1
		notes = append(notes[:rows-1:rows-1], components.Dimmed(s.c.Styles, fmt.Sprintf(sw.MoreBelow, more)))
	}
	return notes
}

// moveList is the line being walked for the list component, the shown
// ply marked with > and highlighted, moves that have alternatives with +.
func (s *studyModel) moveList() *components.MoveList {
	c := s.c
	sw := s.words()
	title := c.Words.Moves + "  " + c.Notation.String() + "  " + sw.MainLine
	if s.line.from > 0 {
		title = c.Words.Moves + "  " + c.Notation.String() + "  " + fmt.Sprintf(sw.VariationFrom, s.line.from)
	}
	ml := &components.MoveList{Title: title, N: s.last() + 1, NumW: components.Digits(s.last()), TextW: s.line.maxW, Cur: s.cur, Last: -1}
	ml.Entry = func(i int) (string, string, bool) {
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
	black, white := header(r, kifu.KeyBlack), header(r, kifu.KeyWhite)
	if black != "" {
		add(s.c.Side(game.Black) + " " + black)
	}
	if white != "" {
		add(s.c.Side(game.White) + " " + white)
	}
	if ev := joinNonEmpty(" @ ", header(r, kifu.KeyEvent), header(r, kifu.KeySite)); ev != "" {
		add(label(sw.Event) + ev)
	}
	if d := header(r, kifu.KeyStart); d != "" {
		add(label(sw.Date) + d)
	}
	hc := r.Handicap
	if hc == "" {
		hc = header(r, "手合割")
	}
	if h, ok := game.FindHandicap(hc); ok {
		hc = s.c.Words.HandicapName(h)
		if s.c.Lang == words.English {
			hc = h.Name
		}
	}
	if hc == "" {
		hc = sw.SetUp
	}
	add(label(sw.Handicap) + joinNonEmpty(", ", hc, header(r, "持ち時間", "$TIME_LIMIT", "TimeControl")))
	add(label(sw.Result) + s.ResultText())
	return out
}

// header returns the first of keys the record has.
// header is the first of keys the record has a value for, under any
// format's name for it (kifu.Record.Lookup: 先手 finds N+ and Black).
func header(r *kifu.Record, keys ...string) string {
	for _, k := range keys {
		if v, _ := r.Lookup(k); strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
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
func (s *studyModel) ResultText() string {
	_, n := s.rec.Ending()
	if n == nil {
		return s.words().NoResult
	}
	res := s.rec.Result()
	word := s.endingText(n)
	if s.c.Lang == words.Japanese {
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
	if s.c.Lang == words.Japanese || n.Ending == kifu.OtherEnding {
		if s.c.ASCII && n.Ending == kifu.OtherEnding {
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
	w := s.c.Words
	me, other := w.SideName(mover), w.SideName(mover.Other())
	var what string
	switch n.Ending {
	case kifu.Resign:
		what = fmt.Sprintf(sw.Resign, me, other)
	case kifu.Mate:
		what = fmt.Sprintf(sw.MateBy, me, other)
	case kifu.Sennichite:
		what = sw.Sennichite
	case kifu.Jishogi:
		what = sw.Jishogi
	case kifu.EnteringKing:
		what = fmt.Sprintf(sw.Entering, me, other)
	case kifu.Interrupt:
		what = sw.Interrupt
	case kifu.Timeout:
		what = fmt.Sprintf(sw.Timeout, me, other)
	case kifu.IllegalWin:
		what = fmt.Sprintf(sw.IllegalWin, me, other)
	case kifu.IllegalLoss:
		what = fmt.Sprintf(sw.IllegalLoss, me, other)
	case kifu.Forfeit:
		what = fmt.Sprintf(sw.Forfeit, me, other)
	case kifu.Draw:
		what = sw.Draw
	default:
		what = s.endingText(n)
	}
	if s.c.Lang == words.Japanese {
		return fmt.Sprintf("まで%d手で%s", plies, what)
	}
	return fmt.Sprintf("After %s: %s", words.CountMoves(plies), what)
}

// statusLine is the ply, the move that led here and its time, check or
// mate, and whether this is a variation.
func (s *studyModel) statusLine() string {
	sw := s.words()
	w := s.c.Words
	st := s.c.Styles
	n := s.node()
	var b strings.Builder
	if s.cur == 0 {
		b.WriteString(sw.StartPos)
	} else {
		text := strconv.Itoa(s.cur) + " " + s.line.text[s.cur]
		if st != nil {
			text = st.LastText.Render(text)
		}
		b.WriteString(text)
	}
	if n.HasTime {
		fmt.Fprintf(&b, "  (%s / %s)", clock(n.Elapsed, false), clock(n.Total, true))
	}
	pos := &s.line.pos[s.cur]
	if s.cur > 0 && n.IsMove() && pos.InCheck() {
		word := w.Check
		if pos.IsCheckmate() {
			word = w.Mate
		}
		b.WriteString("  " + components.Badge(st, components.CheckBadge, word))
	}
	if s.line.from > 0 && s.cur >= s.line.from {
		b.WriteString("  " + sw.Variation)
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
		fmt.Fprintf(&b, sw.AltHere, k)
	} else {
		fmt.Fprintf(&b, sw.AltNext, k)
	}
	before := &s.line.pos[k-1]
	prev := s.line.nodes[k-1].Move
	var spans []variationSpan
	for i, c := range chosen.Parent.Children {
		if i > 0 {
			b.WriteString(" / ")
		}
		start := s.c.Measure.Width(b.String())
		var t string
		switch {
		case !c.IsMove():
			t = s.endingText(c)
		case before.IsLegal(c.Move):
			t = notation.Format(before, c.Move, s.c.Notation, prev)
		default:
			t = c.Move.USI()
		}
		if c == chosen {
			t = "[" + t + "]"
		}
		b.WriteString(t)
		if i > 0 {
			b.WriteString(sw.AltSuffix)
		}
		spans = append(spans, variationSpan{start: start, end: s.c.Measure.Width(b.String()), node: c})
	}
	b.WriteString(sw.AltKeys)
	return b.String(), spans
}

// notes is the comment of the shown move, how the line ends when it is
// shown, where loading stopped, and the record's warnings at the start —
// wrapped to width.
func (s *studyModel) Notes(width int) []string {
	m := s.c.Measure
	sw := s.words()
	st := s.c.Styles
	var out []string
	paint := func(f func(*common.Styles) common.Wrap, l string) string {
		if st == nil {
			return l
		}
		return f(st).Render(l)
	}
	if note := s.stopNote(); note != "" {
		for _, l := range components.WrapText(m, note, width) {
			out = append(out, paint(func(x *common.Styles) common.Wrap { return x.Err }, l))
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
			end = fmt.Sprintf(sw.VarEnds, s.c.Words.Count(s.cur))
		default:
			end = fmt.Sprintf(sw.RecordEnds, s.c.Words.Count(s.cur))
		}
		for _, l := range components.WrapText(m, end, width) {
			out = append(out, paint(func(x *common.Styles) common.Wrap { return x.Bold }, l))
		}
		if e := s.ending(); e != nil {
			for _, para := range strings.Split(strings.TrimSpace(e.Comment), "\n") {
				if para != "" {
					out = append(out, components.WrapText(m, para, width)...)
				}
			}
		}
	}
	out = append(out, s.storedLines(width)...)
	for _, para := range strings.Split(strings.TrimSpace(kifu.StripAnalysis(n.Comment)), "\n") {
		if para != "" {
			out = append(out, components.WrapText(m, para, width)...)
		}
	}
	if s.cur == 0 || s.cur == s.moves() {
		out = append(out, s.summaryLines(width)...)
	}
	if s.cur == 0 {
		for _, warn := range s.rec.Warnings {
			for _, l := range components.WrapText(m, sw.Warning+warn, width) {
				out = append(out, paint(func(x *common.Styles) common.Wrap { return x.Dim }, l))
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
	m := c.Measure
	sw := s.words()
	st := c.Styles
	switch {
	case s.leaving && !s.dirty:
		return []string{components.Question(st, m, "?", s.awords().LeaveAsk, width)}, -1
	case s.leaving:
		return []string{components.Question(st, m, "?", sw.LeaveAsk, width)}, -1
	case s.choosing:
		side := c.Side(s.Position().SideToMove())
		return []string{components.Question(st, m, "?", fmt.Sprintf(sw.ChooseAsk, side, s.opponentList()), width)}, -1
	case s.prompt != nil && s.prompt.confirm != "":
		return []string{components.Question(st, m, "?", fmt.Sprintf(sw.Overwrite, s.prompt.confirm), width)}, -1
	case s.prompt != nil:
		text, _, x := s.prompt.input.Render(width, m)
		return []string{text}, x
	case s.jump != nil:
		text, _, x := s.jump.Render(width-m.Width(sw.JumpHint), m)
		return []string{text + sw.JumpHint}, x
	case s.message != "":
		return components.StatusLines(s.message, s.isError, width, s.footerRows(), st, m), -1
	}
	return nil, -1
}

// errorView is the screen for a record that could not be read at all.
func (s *studyModel) errorView() string {
	c := s.c
	m := c.Measure
	st := c.Styles
	sw := s.words()
	lines := []string{
		st.Title.Render(m.Truncate(sw.Title+s.name, c.Width)),
		"",
		st.Err.Render(m.Truncate(fmt.Sprintf(sw.CannotOpen, s.name), c.Width)),
	}
	lines = append(lines, components.WrapText(m, s.loadErr.Error(), c.Width)...)
	lines = append(lines, "", sw.Back)
	for len(lines) < c.Height {
		lines = append(lines, "")
	}
	for i, l := range lines {
		lines[i] = m.Truncate(l, c.Width)
	}
	return strings.Join(lines[:c.Height], "\n")
}
