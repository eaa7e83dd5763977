package study

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/notation"
	"shogi/kifu"
)

// Layout is the study screen's arrangement: the play screen's, with the
// headers at the top of the side column and, in the panel, the ply and
// move, the alternatives and the comment.
func (s *studyModel) Layout() components.ScreenLayout {
	return components.NewLayout(s.c.Width, s.c.Height, s.c.Pieces, s.footerRows()+1)
}

// footerRows is how many lines the message or prompt takes above the
// help bar: none when there is nothing to say, so the comment gets the
// line.
func (s *studyModel) footerRows() int {
	u := &s.ui
	if ask, q, ok := s.question(); ok {
		w := s.c.Width - 2*s.margin()
		return max(1, min(len(components.WrapText(s.c.Measure, q, max(w-s.c.Measure.Width(ask)-4, 1))), 3))
	}
	switch {
	case s.prompt != nil || u.line != nil || u.mark != nil || u.board && s.message == "":
		return 1
	case s.message == "":
		return 0
	}
	return max(1, min(len(components.WrapText(s.c.Measure, s.message, s.c.Width)), 3))
}

// headerRows is how many header lines the side column shows: none when
// the book panel takes their place.
func (s *studyModel) headerRows(l components.ScreenLayout) int {
	if s.bookInSide(l) {
		return 0
	}
	return min(len(s.headerView(l.Side.W)), max(l.Side.H-6, 0))
}

// headerView is the headers wrapped to w columns, a long one going on
// under itself, indented, rather than cut.
func (s *studyModel) headerView(w int) []string {
	m := s.c.Measure
	var out []string
	for _, h := range s.headers {
		lines := components.WrapText(m, h, w)
		if len(lines) == 0 {
			continue
		}
		first := lines[0]
		if len(lines) > 1 && m.Width(first) < w/2 {
			// "Event:" alone above a long value without spaces: the
			// value starts on the label's line instead.
			first = m.Truncate(h, w)
		}
		out = append(out, first)
		rest := strings.TrimLeft(strings.TrimPrefix(h, first), " ")
		if rest != "" && w > 4 {
			for _, l := range components.WrapText(m, rest, w-2) {
				out = append(out, "  "+l)
			}
		}
	}
	return out
}

// listRect is where the move list goes: the side column under the
// headers (or the book panel).
func (s *studyModel) listRect(l components.ScreenLayout) components.Rect {
	r := l.Side
	n := s.headerRows(l)
	if s.bookInSide(l) {
		n = s.bookSideRows(l)
	}
	if n > 0 {
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

// View draws the study screen: exactly height lines of at most width
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

	right := fmt.Sprintf(sw.Ply, s.cur, s.moves())
	fx, fw := l.Margin, w-2*l.Margin
	suffix := ""
	if s.modified() {
		suffix = sw.Modified
	}
	// A long path gives way before "(changed)" and the ply.
	title := components.FitName(m, sw.Title, s.name, suffix, fw-m.Width(right+" ")-1)
	if st != nil {
		title = st.Bold.Render(title)
	}
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
	if u := &s.ui; u.board && s.an.preview == nil {
		if !u.tray {
			bo.Cursor = u.cursor
		}
		bo.Selected = u.selected
		if u.selected != game.NoSquare || u.drop != game.NoPieceType {
			bo.Targets = &u.targets
		}
	}
	if pos.InCheck() {
		bo.Check = pos.KingSquare(pos.SideToMove())
		bo.Checkers = pos.Checkers()
	}
	cv.Block(l.Board.X, l.Board.Y, l.Geom.W, components.RenderBoard(pos, bo))
	for _, col := range []game.Color{game.White, game.Black} {
		r := l.Hands[s.handPlace(col)]
		lines, _ := s.hand(pos, col, l)
		cv.Block(r.X, r.Y, r.W, lines)
	}

	// The side column: a form being filled in, or the headers, then the
	// move list.
	var formCursor *tea.Cursor
	if fr := s.formRect(); s.formOpen() {
		var lines []string
		lines, formCursor = s.formLines(fr)
		cv.Block(fr.X, fr.Y, fr.W, lines)
	} else if l.Side.W > 0 && s.ex.On() {
		lines, x, y := s.ex.View(c, l.Side.W, l.Side.H)
		cv.Block(l.Side.X, l.Side.Y, l.Side.W, lines)
		if y >= 0 {
			formCursor = tea.NewCursor(l.Side.X+x, l.Side.Y+y)
		}
	} else if l.Side.W > 0 {
		nh := s.headerRows(l)
		hv := s.headerView(l.Side.W)
		for i := 0; i < nh; i++ {
			cv.Put(l.Side.X, l.Side.Y+i, l.Side.W, m.Fit(hv[i], l.Side.W))
		}
		if r, side := s.bookRect(l); side {
			cv.Block(r.X, r.Y, r.W, components.RenderBook(s.bookView(), r.W, r.H, st, m))
		}
		lr := s.listRect(l)
		ml := s.moveList()
		g := ml.Geometry(lr.X, lr.Y, lr.W, lr.H, s.cur)
		cv.Block(lr.X, lr.Y, lr.W, ml.Render(g, lr.W, lr.H, st, m))
	}

	// The panel: the ply and move, the alternatives, the engine, the
	// comment, the graph.
	if l.Panel.H > 0 && (!s.formOpen() || s.formRect() != l.Panel) {
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
	if formCursor != nil {
		cursor = formCursor
	}
	if s.formOpen() {
		cv.Put(fx, h-1, fw, m.Fit(components.Dimmed(st, s.formKeys()), fw))
	} else {
		keys := c.Keys.StudyShortHelp(c.Words, c.ASCII, s.bookShown())
		if s.ex.On() {
			keys = append(s.explorerKeys().Short(), keys...)
		}
		cv.Put(fx, h-1, fw, components.HelpBar(keys, fw, st, m))
	}
	return cv.String(m), cursor
}

// panelParts is how the panel's rows are shared: the variation line, the
// engine's lines, the comment and the graph (at the bottom).
type panelParts struct {
	variation                 int // rows
	engine, book, notes, plot int
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
	v, _ := s.variations(l.Panel.W)
	switch {
	case len(v) > 0:
		p.variation = min(len(v), max(rows-1, 1))
	case !hasEngine && !hasGraph:
		p.variation = 1 // an empty line keeps the comment in its place
	}
	p.variation = min(p.variation, max(rows, 0))
	rows -= p.variation
	need, least := 0, 0
	if hasEngine {
		need = ev.Rows(l.Panel.W, s.c.Measure)
		least = min(need, 2)
	}
	if s.bookShown() && !s.bookInSide(l) {
		// The book takes what it needs, the engine keeping its first two
		// lines, and half the rows when it needs them.
		most := rows - least
		if hasEngine {
			most = min(most, max(rows/2, rows-need))
		}
		p.book = max(0, min(s.bookView().Lines(l.Panel.W, s.c.Measure), most))
		rows -= p.book
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
	if parts.variation > 0 && l.Panel.H > 1 {
		v, _ := s.variations(pw)
		for i := 0; i < parts.variation; i++ {
			if i < len(v) {
				put(v[i])
			} else {
				put("")
			}
		}
	}
	for _, line := range components.RenderAnalysis(ev, pw, parts.engine, s.c.Styles, m) {
		put(line)
	}
	if r, side := s.bookRect(l); r.H > 0 && !side {
		cv.Block(r.X, r.Y, r.W, components.RenderBook(s.bookView(), r.W, r.H, s.c.Styles, m))
		y = r.Y + r.H
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
		return num, s.line.text[i] + s.markText(i), n.Parent != nil && n.Parent.NumChildren() > 1
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
	// A place alone is no event: it says so under its own label.
	switch ev, site := header(r, kifu.KeyEvent), header(r, kifu.KeySite); {
	case ev != "":
		add(label(sw.Event) + joinNonEmpty(" @ ", ev, site))
	case site != "":
		add(label(sw.Site) + site)
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
	}
	if hc == "" {
		hc = sw.SetUp
	}
	add(label(sw.Handicap) + joinNonEmpty(", ", hc, header(r, "持ち時間", "$TIME_LIMIT", "TimeControl")))
	add(label(sw.Result) + s.ResultText())
	add(s.tagLine())
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

// ResultText says how the main line ended: 先手の勝ち (投了) on a
// Japanese screen, "Black wins by resignation" or "the game was
// interrupted" on an English one.
func (s *studyModel) ResultText() string {
	_, n := s.rec.Ending()
	if n == nil {
		return s.words().NoResult
	}
	if s.c.Lang == words.Japanese {
		word := s.endingText(n)
		switch s.rec.Result().Outcome {
		case game.BlackWins:
			return "先手の勝ち (" + word + ")"
		case game.WhiteWins:
			return "後手の勝ち (" + word + ")"
		case game.Draw:
			return "引き分け (" + word + ")"
		}
		return word
	}
	if res := s.rec.Result(); res.Over() {
		return res.String()
	}
	p := s.rec.PositionAt(n)
	return s.endingSentence(n, p.SideToMove())
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
// a Japanese screen, in the screen's words otherwise (a word no table
// has, as the record wrote it).
func (s *studyModel) endingText(n *kifu.Node) string {
	if s.c.Lang == words.Japanese || n.Ending == kifu.OtherEnding {
		if s.c.ASCII && n.Ending == kifu.OtherEnding {
			return s.words().EndingNames[kifu.Interrupt]
		}
		return endingWord(n)
	}
	return s.words().EndingNames[n.Ending]
}

// endingWord names an ending node as a record writes it.
func endingWord(n *kifu.Node) string {
	if n.Ending == kifu.OtherEnding {
		if n.Word() != "" {
			return n.Word()
		}
		return "中断"
	}
	return endingWords[n.Ending]
}

// describeEnding says in words how a line ends at ending node n, after
// plies moves, mover being the side to move.
func (s *studyModel) describeEnding(n *kifu.Node, plies int, mover game.Color) string {
	what := s.endingSentence(n, mover)
	if s.c.Lang == words.Japanese {
		return fmt.Sprintf("まで%d手で%s", plies, what)
	}
	return fmt.Sprintf("After %s: %s", words.CountMoves(plies), what)
}

// endingSentence says what ending node n means, mover being the side to
// move: "Black resigns, White wins", "%[2]sの勝ち (%[1]s投了)".
func (s *studyModel) endingSentence(n *kifu.Node, mover game.Color) string {
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
	return what
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
		move, total := kifu.MoveTimes(n.Elapsed, n.Total)
		fmt.Fprintf(&b, "  (%s / %s)", strings.TrimSpace(move), total)
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

// variationSpan is where one alternative is drawn on the variation
// lines, in columns of line row, for clicks.
type variationSpan struct {
	row, start, end int
	node            *kifu.Node
}

// variations draws the variation lines (the alternatives at the branch
// point, the one walked in brackets) within width columns, and says where
// each alternative is. What does not fit on one line goes first: the
// keys' hint, then the long heading for the short one ("Ply 41: "), then
// the branches' suffix; alternatives that still do not fit go on to more
// lines, each whole.
func (s *studyModel) variations(width int) ([]string, []variationSpan) {
	k := s.branchPoint()
	if k < 0 {
		return nil, nil
	}
	sw := s.words()
	long := sw.AltNext
	if k == s.cur {
		long = sw.AltHere
	}
	var lines []string
	var spans []variationSpan
	for _, try := range []struct {
		head, keys string
		suffix     bool
	}{{long, sw.AltKeys, true}, {long, "", true}, {sw.AltShort, "", true}, {sw.AltShort, "", false}} {
		var fits bool
		lines, spans, fits = s.variationLines(k, fmt.Sprintf(try.head, k), try.keys, try.suffix, width)
		if fits {
			break
		}
	}
	return lines, spans
}

// variationLines writes the alternatives at ply k after head, wrapped at
// width between alternatives, then keys; fits says they took one line,
// keys and all.
func (s *studyModel) variationLines(k int, head, keys string, suffix bool, width int) ([]string, []variationSpan, bool) {
	m := s.c.Measure
	sw := s.words()
	chosen := s.line.nodes[k]
	before := &s.line.pos[k-1]
	prev := s.line.nodes[k-1].Move
	lines := []string{head}
	var spans []variationSpan
	const sep = " / "
	for i, c := range slices.Collect(chosen.Parent.Children()) {
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
		if i > 0 && suffix {
			t += sw.AltSuffix
		}
		row := len(lines) - 1
		if i > 0 {
			if m.Width(lines[row]+sep+t) > width {
				lines = append(lines, "  ")
				row++
			} else {
				lines[row] += sep
			}
		}
		start := m.Width(lines[row])
		lines[row] += t
		spans = append(spans, variationSpan{row: row, start: start, end: m.Width(lines[row]), node: c})
	}
	if len(lines) > 1 || m.Width(lines[0]+keys) > width {
		return lines, spans, false
	}
	lines[0] += keys
	return lines, spans, true
}

// Notes is the comment of the shown move, how the line ends when it is
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
			for _, para := range strings.Split(strings.TrimSpace(e.Comment()), "\n") {
				if para != "" {
					out = append(out, components.WrapText(m, para, width)...)
				}
			}
		}
	}
	out = append(out, s.storedLines(width)...)
	for _, para := range strings.Split(strings.TrimSpace(kifu.StripEvaluations(n.Comment())), "\n") {
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
	st := c.Styles
	u := &s.ui
	if ask, q, ok := s.question(); ok {
		return components.QuestionLines(st, m, ask, q, width, s.footerRows()), -1
	}
	switch {
	case u.mark != nil:
		text, _, x := u.mark.in.Render(width, m)
		return []string{text}, x
	case u.line != nil:
		text, tw, x := u.line.Render(width/2, m)
		live := u.live
		if st != nil {
			if u.liveErr {
				live = st.Err.Render(live)
			} else {
				live = st.Dim.Render(live)
			}
		}
		return []string{m.Truncate(text+strings.Repeat(" ", max(2, 16-tw))+live, width)}, x
	case s.prompt != nil && s.prompt.confirm == "":
		text, _, x := s.prompt.input.Render(width, m)
		return []string{text}, x
	case s.message != "":
		return components.StatusLines(s.message, s.isError, width, s.footerRows(), st, m), -1
	case u.board && s.an.preview == nil:
		hint := s.ewords().BoardHint
		if u.tray {
			hint = s.ewords().TrayHint
		}
		return []string{m.Fit(components.Dimmed(st, hint), width)}, -1
	}
	return nil, -1
}

// question is the question the study waits on, if any: its badge and its
// text.
func (s *studyModel) question() (ask, text string, ok bool) {
	c := s.c
	sw := s.words()
	u := &s.ui
	ew := s.ewords()
	switch {
	case s.leaving && s.ed != nil && s.ed.Modified():
		return "?", ew.LeaveEdits, true
	case s.leaving && !s.dirty:
		return "?", s.awords().LeaveAsk, true
	case s.leaving:
		return "?", sw.LeaveAsk, true
	case u.promo != nil:
		return c.Words.AskPromote, c.Words.KeysPromote, true
	case u.ask == askDelete:
		return "?", ew.DeleteQuestion(s.cur, s.line.text[s.cur], s.moves()-s.cur), true
	case u.ask == askEnding:
		return ew.EndingAsk, ew.EndingChoices(), true
	case u.ask == askPaste:
		return "?", ew.PasteAsk, true
	case u.ask == askLoss:
		return "?", fmt.Sprintf(ew.SaveLoss, kifu.FormatOfPath(u.lossPath), u.lossText), true
	case s.choosing:
		return "?", fmt.Sprintf(sw.ChooseAsk, c.Side(s.Position().SideToMove()), s.opponentList()), true
	case s.prompt != nil && s.prompt.confirm != "":
		return "?", fmt.Sprintf(sw.Overwrite, s.prompt.confirm), true
	}
	return "", "", false
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

// handPlace is where c's hand is drawn: 0 at the top, 1 at the bottom.
func (s *studyModel) handPlace(c game.Color) int {
	top := game.White
	if s.flip {
		top = game.Black
	}
	if c == top {
		return 0
	}
	return 1
}

// hand draws c's hand as the layout wants it, the tray's kind or the
// picked kind marked, and says where each kind is.
func (s *studyModel) hand(pos *game.Position, col game.Color, l components.ScreenLayout) ([]string, []components.HandSpan) {
	c := s.c
	u := &s.ui
	o := components.HandOpts{Style: c.Pieces, ToMove: pos.SideToMove() == col, Cursor: game.NoPieceType,
		Picked: game.NoPieceType, Styles: c.Styles, M: c.Measure, W: c.Words, Ascii: c.ASCII}
	if col == pos.SideToMove() && u.board && s.an.preview == nil {
		if u.tray {
			o.Cursor = u.trayKind
		}
		o.Picked = u.drop
	}
	r := l.Hands[s.handPlace(col)]
	if l.Trays {
		return components.RenderTray(pos, col, o, r.W)
	}
	line, spans := components.RenderHandLine(pos, col, o, r.W)
	return []string{c.Measure.Fit(line, r.W)}, spans
}

// formOpen reports whether a form of the editing keys is in the side
// column.
func (s *studyModel) formOpen() bool {
	u := &s.ui
	return u.notes != nil || u.info != nil || u.marks != nil
}

// formLines draws the open form in r, exactly r.H lines.
func (s *studyModel) formLines(r components.Rect) ([]string, *tea.Cursor) {
	u := &s.ui
	var lines []string
	var cur *tea.Cursor
	switch {
	case u.notes != nil:
		lines, cur = s.notesLines(r)
	case u.info != nil:
		lines, cur = s.infoLines(r)
	default:
		lines = s.marksLines(r)
	}
	if len(lines) > r.H {
		lines = lines[:r.H]
	}
	return lines, cur
}

// margin is the blank columns at each edge in the layout the size gives.
func (s *studyModel) margin() int {
	if components.ChooseLayout(s.c.Width, s.c.Height, s.c.Pieces) == components.LayoutCompact {
		return 0
	}
	return 1
}
