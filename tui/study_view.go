package tui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"example.com/shogi/game"
	"example.com/shogi/game/notation"
	"example.com/shogi/kifu"
)

// studyMinWidth and studyMinHeight are the smallest terminal the study
// lays out in.
const (
	studyMinWidth  = 80
	studyMinHeight = 24
)

// studyLayout is where the parts of the study screen go:
//
//	title line
//	hand of the side at the top (full width)
//	board (14 lines) | headers, then the move list
//	hand of the side at the bottom
//	ply and move · variations · comment, ending, warnings · prompt or help
type studyLayout struct {
	rightX, rightW int // the panel beside the board
	headers        []string
	listY, listH   int // the move list: title line at listY, then listH-1 rows
	bottomY        int // first line below the lower hand
	noteH          int // lines for comment, ending and warnings
}

func (s *studyModel) layout() studyLayout {
	var l studyLayout
	l.rightX = boardWidth + 2
	l.rightW = s.c.width - l.rightX
	l.headers = s.headers
	if max := boardHeight - 6; len(l.headers) > max {
		l.headers = l.headers[:max]
	}
	top := 2 // title, upper hand
	l.listY = top + len(l.headers)
	if len(l.headers) > 0 {
		l.listY++ // a blank line after the headers
	}
	l.listH = top + boardHeight - l.listY
	l.bottomY = top + boardHeight + 1
	l.noteH = s.c.height - l.bottomY - 3
	return l
}

// listGeometry is how the move list is cut into columns: entry i (ply i)
// sits in column i/rows, row i%rows, and the columns from first on are shown.
type listGeometry struct{ rows, cols, colW, first int }

func (s *studyModel) listGeometry(l studyLayout) listGeometry {
	g := listGeometry{rows: max(l.listH-1, 1)}
	digits := len(strconv.Itoa(s.last()))
	g.colW = 1 + digits + 1 + s.line.maxW + 1 // cursor, number, branch mark, move, gap
	g.cols = max(l.rightW/g.colW, 1)
	curCol := s.cur / g.rows
	g.first = max(0, curCol-g.cols+1)
	return g
}

// moveAt maps a click to the ply of the move drawn there.
func (l studyLayout) moveAt(s *studyModel, x, y int) (int, bool) {
	g := s.listGeometry(l)
	row := y - l.listY - 1
	if row < 0 || row >= g.rows || x < l.rightX {
		return 0, false
	}
	col := (x - l.rightX) / g.colW
	if col >= g.cols {
		return 0, false
	}
	ply := (g.first+col)*g.rows + row
	if ply > s.last() {
		return 0, false
	}
	return ply, true
}

// view draws the study screen: exactly s.c.height lines of at most s.c.width
// columns.
func (s *studyModel) view() string {
	if s.c.width < studyMinWidth || s.c.height < studyMinHeight {
		return s.fit([]string{fmt.Sprintf("terminal too small: the study needs %dx%d, this one is %dx%d", studyMinWidth, studyMinHeight, s.c.width, s.c.height)})
	}
	if s.rec == nil {
		return s.errorView()
	}
	m := s.c.m
	st := s.c.styles
	l := s.layout()
	pos := s.position()
	lines := make([]string, 0, s.c.height)

	title := "shogi study: " + s.name
	if s.dirty {
		title += " (modified)"
	}
	lines = append(lines, s.paint(pickTitle, m.truncate(title, s.c.width)))

	top, bottom := game.White, game.Black
	if s.flip {
		top, bottom = bottom, top
	}
	lines = append(lines, s.hand(pos, top))

	lastMove := game.NoMove
	if n := s.node(); n.IsMove() && s.line.legal[s.cur] {
		lastMove = n.Move
	}
	board := strings.Split(renderBoard(pos, boardOpts{
		style: s.c.pieces, flip: s.flip, cursor: game.NoSquare, selected: game.NoSquare,
		last: lastMove, styles: st,
	}), "\n")
	right := s.rightPanel(l)
	for i, b := range board {
		r := ""
		if i < len(right) {
			r = right[i]
		}
		lines = append(lines, m.pad(b, boardWidth)+"  "+r)
	}
	lines = append(lines, s.hand(pos, bottom))
	lines = append(lines, s.statusLine())
	lines = append(lines, s.variationLine())
	footer := s.footerLines(max(1, l.noteH+1))
	noteH := l.noteH - (len(footer) - 1) // a long message takes rows from the notes
	notes := s.notes(l.rightX + l.rightW)
	skip := 0
	if s.noteAt == s.cur {
		skip = min(s.noteTop, max(0, len(notes)-1))
	}
	if skip > 0 && noteH > 1 {
		notes = append([]string{fmt.Sprintf("... %d more above (k/↑ scrolls up)", skip)}, notes[skip:]...)
	}
	if len(notes) > noteH && noteH > 0 {
		more := len(notes) - noteH + 1
		notes = append(notes[:noteH-1:noteH-1], fmt.Sprintf("... %d more lines (j/↓ scrolls)", more))
	}
	for i := 0; i < noteH; i++ {
		if i < len(notes) {
			lines = append(lines, notes[i])
		} else {
			lines = append(lines, "")
		}
	}
	lines = append(lines, footer...)
	return s.fit(lines)
}

// fit pads or cuts lines to exactly the screen height.
func (s *studyModel) fit(lines []string) string {
	for len(lines) < s.c.height {
		lines = append(lines, "")
	}
	return strings.Join(lines[:max(s.c.height, 0)], "\n")
}

// paint applies one of the prebuilt styles, if there are styles.
func (s *studyModel) paint(pick func(*Styles) wrap, text string) string {
	if s.c.styles == nil {
		return text
	}
	return pick(s.c.styles).render(text)
}

// The styles the study paints with.
var (
	pickTitle = func(x *Styles) wrap { return x.title }
	pickBold  = func(x *Styles) wrap { return x.bold }
	pickDim   = func(x *Styles) wrap { return x.dim }
	pickErr   = func(x *Styles) wrap { return x.err }
)

func (s *studyModel) hand(pos *game.Position, c game.Color) string {
	text, _ := renderHand(pos, c, handOpts{style: s.c.pieces, toMove: pos.SideToMove() == c,
		cursor: game.NoPieceType, picked: game.NoPieceType, styles: s.c.styles, m: s.c.m})
	return text
}

// rightPanel is the headers and the move list, or the key list while
// help is shown.
func (s *studyModel) rightPanel(l studyLayout) []string {
	m := s.c.m
	if s.showHelp {
		return s.helpLines(l.rightW, boardHeight)
	}
	out := make([]string, 0, boardHeight)
	for _, h := range l.headers {
		out = append(out, m.truncate(h, l.rightW))
	}
	if len(l.headers) > 0 {
		out = append(out, "")
	}
	return append(out, s.moveList(l)...)
}

// moveList draws the line being walked in columns, the shown move marked
// with > (and highlighted), moves that have alternatives with +.
func (s *studyModel) moveList(l studyLayout) []string {
	m := s.c.m
	g := s.listGeometry(l)
	kanji := s.c.pieces == Kanji
	title := "Moves (" + s.c.notation.String() + "): main line"
	if kanji {
		title = "指し手 (" + s.c.notation.String() + ") 本譜"
	}
	if s.line.from > 0 {
		if kanji {
			title = fmt.Sprintf("指し手 (%s) 変化 %d手目から", s.c.notation, s.line.from)
		} else {
			title = fmt.Sprintf("Moves (%s): variation from ply %d", s.c.notation, s.line.from)
		}
	}
	out := []string{m.truncate(title, l.rightW)}
	digits := len(strconv.Itoa(s.last()))
	for r := 0; r < g.rows; r++ {
		var b strings.Builder
		for c := 0; c < g.cols; c++ {
			i := (g.first+c)*g.rows + r
			if i > s.last() {
				break
			}
			n := s.line.nodes[i]
			mark, branch := " ", " "
			if i == s.cur {
				mark = ">"
			}
			if n.Parent != nil && len(n.Parent.Children) > 1 {
				branch = "+"
			}
			num := strconv.Itoa(i)
			if !n.IsMove() && n.Parent != nil {
				num = "" // the ending closes the line: it is not a move
			}
			entry := mark + padLeft(num, digits) + branch + s.line.text[i]
			entry = m.pad(m.truncate(entry, g.colW-1), g.colW)
			if i == s.cur && s.c.styles != nil {
				entry = s.c.styles.selected.render(strings.TrimRight(entry, " ")) + strings.Repeat(" ", g.colW-m.width(strings.TrimRight(entry, " ")))
			}
			b.WriteString(entry)
		}
		out = append(out, strings.TrimRight(b.String(), " "))
	}
	return out
}

// headerLines is the header panel: players, event and place, date,
// handicap and time control, result; empty ones left out.
func (s *studyModel) headerLines() []string {
	r := s.rec
	kanji := s.c.pieces == Kanji
	label := func(jp, en string) string {
		if kanji {
			return jp + ": "
		}
		return en + ": "
	}
	var out []string
	add := func(text string) {
		if text != "" {
			out = append(out, text)
		}
	}
	black, white := header(r, "先手", "下手", "N+", "Black"), header(r, "後手", "上手", "N-", "White")
	if black != "" {
		add(sideLabel(game.Black, s.c.pieces) + " " + black)
	}
	if white != "" {
		add(sideLabel(game.White, s.c.pieces) + " " + white)
	}
	if ev := joinNonEmpty(" @ ", header(r, "棋戦", "$EVENT", "Event"), header(r, "場所", "$SITE", "Site")); ev != "" {
		add(label("棋戦", "Event") + ev)
	}
	if d := header(r, "開始日時", "対局日", "$START_TIME", "Date"); d != "" {
		add(label("日時", "Date") + d)
	}
	hc := r.Handicap
	if hc == "" {
		hc = header(r, "手合割")
	}
	if h, ok := game.FindHandicap(hc); ok && !kanji {
		hc = h.Name
	}
	if hc == "" {
		hc = "(set-up position)"
		if kanji {
			hc = "(任意局面)"
		}
	}
	add(label("手合", "Start") + joinNonEmpty(", ", hc, header(r, "持ち時間", "$TIME_LIMIT", "TimeControl")))
	add(s.resultLine(kanji))
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

// resultLine says how the main line ended, for the header panel.
func (s *studyModel) resultLine(kanji bool) string {
	_, n := s.rec.Ending()
	if n == nil {
		if kanji {
			return "結果: (記録なし)"
		}
		return "Result: (none recorded)"
	}
	res := s.rec.Result()
	if kanji {
		return "結果: " + resultJapanese(res, n)
	}
	return "Result: " + res.String()
}

// resultJapanese is a result as a short Japanese phrase: 先手の勝ち (投了).
func resultJapanese(res game.Result, n *kifu.Node) string {
	word := endingWord(n)
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

// endingText names an ending node for the move list: as KIF writes it
// with kanji pieces, in English otherwise.
func endingText(n *kifu.Node, kanji bool) string {
	if kanji || n.Ending == kifu.OtherEnding {
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
// plies moves, mover being the side to move: Japanese, then English.
func describeEnding(n *kifu.Node, plies int, mover game.Color) string {
	other := mover.Other()
	jp, en := mover.Japanese(), colorName(mover)
	ojp, oen := other.Japanese(), colorName(other)
	head := fmt.Sprintf("まで%d手で", plies)
	switch n.Ending {
	case kifu.Resign:
		return fmt.Sprintf("%s%sの勝ち (%s投了): %s resigns, %s wins", head, ojp, jp, en, oen)
	case kifu.Mate:
		return fmt.Sprintf("%s詰み、%sの勝ち: %s is checkmated, %s wins", head, ojp, en, oen)
	case kifu.Sennichite:
		return head + "千日手 (引き分け): fourfold repetition, a draw"
	case kifu.Jishogi:
		return head + "持将棋 (引き分け): impasse, a draw"
	case kifu.EnteringKing:
		return fmt.Sprintf("%s%sの入玉宣言勝ち: %s wins by entering-king declaration", head, jp, en)
	case kifu.Interrupt:
		return head + "中断: the game was interrupted"
	case kifu.Timeout:
		return fmt.Sprintf("%s%sの時間切れ負け: %s lost on time, %s wins", head, jp, en, oen)
	case kifu.IllegalWin:
		return fmt.Sprintf("%s%sの反則勝ち: %s wins by %s's foul", head, jp, en, oen)
	case kifu.IllegalLoss:
		return fmt.Sprintf("%s%sの反則負け: %s loses by a foul", head, jp, en)
	case kifu.Forfeit:
		return fmt.Sprintf("%s%sの不戦敗: %s forfeits", head, jp, en)
	case kifu.Draw:
		return head + "引き分け: a draw"
	}
	return head + endingWord(n)
}

// statusLine is the ply, the move that led here and its time.
func (s *studyModel) statusLine() string {
	m := s.c.m
	n := s.node()
	kanji := s.c.pieces == Kanji
	var b strings.Builder
	if kanji {
		fmt.Fprintf(&b, "手数 %d/%d  ", s.cur, s.moves())
	} else {
		fmt.Fprintf(&b, "Ply %d/%d  ", s.cur, s.moves())
	}
	switch {
	case s.cur == 0 && kanji:
		b.WriteString("開始局面")
	case s.cur == 0:
		b.WriteString("start position")
	default:
		b.WriteString(s.line.text[s.cur])
	}
	if n.HasTime {
		fmt.Fprintf(&b, "  (%s / %s)", clock(n.Elapsed, false), clock(n.Total, true))
	}
	if s.cur > 0 && n.IsMove() && s.line.pos[s.cur].IsCheckmate() {
		if kanji {
			b.WriteString("  詰み")
		} else {
			b.WriteString("  checkmate")
		}
	} else if s.cur > 0 && n.IsMove() && s.line.pos[s.cur].InCheck() {
		if kanji {
			b.WriteString("  王手")
		} else {
			b.WriteString("  check")
		}
	}
	if s.line.from > 0 && s.cur >= s.line.from {
		if kanji {
			b.WriteString("  [変化]")
		} else {
			b.WriteString("  [variation]")
		}
	}
	return m.truncate(b.String(), s.c.width)
}

// clock writes a duration as m:ss, or h:mm:ss when long is set.
func clock(d time.Duration, long bool) string {
	t := int(d / time.Second)
	if long {
		return fmt.Sprintf("%d:%02d:%02d", t/3600, t/60%60, t%60)
	}
	return fmt.Sprintf("%d:%02d", t/60, t%60)
}

// variationLine lists the alternatives at the branch point, the one
// walked in brackets, or is empty where there are none.
func (s *studyModel) variationLine() string {
	text, _ := s.variations()
	return text
}

// variationSpan is where one alternative is drawn on the variation line,
// in columns, for clicks.
type variationSpan struct {
	start, end int
	node       *kifu.Node
}

// variations draws the variation line and says where each alternative is.
func (s *studyModel) variations() (string, []variationSpan) {
	k := s.branchPoint()
	if k < 0 {
		return "", nil
	}
	kanji := s.c.pieces == Kanji
	chosen := s.line.nodes[k]
	var b strings.Builder
	switch {
	case k == s.cur && kanji:
		fmt.Fprintf(&b, "%d手目の変化: ", k)
	case k == s.cur:
		fmt.Fprintf(&b, "Alternatives at ply %d: ", k)
	case kanji:
		fmt.Fprintf(&b, "次の手 (%d手目) の変化: ", k)
	default:
		fmt.Fprintf(&b, "Next move (ply %d) alternatives: ", k)
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
			t = endingText(c, kanji)
		case before.IsLegal(c.Move):
			t = notation.Format(before, c.Move, s.c.notation, prev)
		default:
			t = c.Move.USI()
		}
		if c == chosen {
			t = "[" + t + "]"
		}
		b.WriteString(t)
		if i > 0 && kanji {
			b.WriteString(" (変化)")
		}
		spans = append(spans, variationSpan{start: start, end: s.c.m.width(b.String()), node: c})
	}
	if kanji {
		b.WriteString("  v/V: 切替 m: 本譜")
	} else {
		b.WriteString("  v/V: switch, m: main line")
	}
	return s.c.m.truncate(b.String(), s.c.width), spans
}

// notes is the comment of the shown move, how the line ends when it is
// shown, where loading stopped, and the help while it is open — wrapped
// to width.
func (s *studyModel) notes(width int) []string {
	m := s.c.m
	var out []string
	if note := s.stopNote(); note != "" {
		for _, l := range wrapText(m, note, width) {
			out = append(out, s.paint(pickErr, l))
		}
	}
	n := s.node()
	if s.cur == s.moves() {
		var end string
		pos := &s.line.pos[s.cur]
		switch {
		case s.ending() != nil:
			end = describeEnding(s.ending(), s.cur, pos.SideToMove())
		case pos.IsCheckmate():
			// The record stops at a mate without saying so: the position does.
			end = describeEnding(&kifu.Node{Ending: kifu.Mate}, s.cur, pos.SideToMove())
		case s.line.from > 0 && s.c.pieces == Kanji:
			end = fmt.Sprintf("変化はここまで (%d手)", s.cur)
		case s.line.from > 0:
			end = "the variation ends after " + countMoves(s.cur)
		case s.c.pieces == Kanji:
			end = fmt.Sprintf("棋譜はここまで (%d手、終局の記録なし)", s.cur)
		default:
			end = "the record stops after " + countMoves(s.cur) + " without a result"
		}
		for _, l := range wrapText(m, end, width) {
			out = append(out, s.paint(pickBold, l))
		}
		if e := s.ending(); e != nil {
			for _, para := range strings.Split(strings.TrimSpace(e.Comment), "\n") {
				if para != "" {
					out = append(out, wrapText(m, para, width)...)
				}
			}
		}
	}
	for _, para := range strings.Split(strings.TrimSpace(n.Comment), "\n") {
		if para != "" {
			out = append(out, wrapText(m, para, width)...)
		}
	}
	if s.cur == 0 {
		for _, w := range s.rec.Warnings {
			for _, l := range wrapText(m, "warning: "+w, width) {
				out = append(out, s.paint(pickDim, l))
			}
		}
	}
	return out
}

// footer is the export prompt, the move number being typed, the last
// message or the help bar.
func (s *studyModel) footer() string {
	m := s.c.m
	switch {
	case s.leaving:
		return m.truncate("The record has moves no file has (e exports them). Leave anyway? (y/n)", s.c.width)
	case s.choosing:
		var opts []string
		for _, o := range opponents {
			opts = append(opts, string(o.key)+" "+o.desc)
		}
		side := sideLabel(s.position().SideToMove(), s.c.pieces)
		return m.truncate(fmt.Sprintf("Play from here as %s against: %s (any other key cancels)", side, strings.Join(opts, ", ")), s.c.width)
	case s.prompt != nil && s.prompt.confirm != "":
		return m.truncate(s.prompt.confirm+" exists: overwrite? (y/n)", s.c.width)
	case s.prompt != nil:
		return m.truncate(inputView(s.prompt.input), s.c.width)
	case s.jump != nil:
		return m.truncate(inputView(*s.jump)+jumpHint, s.c.width)
	case s.message != "":
		text := m.truncate(s.message, s.c.width)
		if s.isError {
			return s.paint(pickErr, text)
		}
		return text
	}
	return s.helpBar()
}

// footerLines is the footer, a long message wrapped onto at most rows lines.
func (s *studyModel) footerLines(rows int) []string {
	if s.leaving || s.choosing || s.prompt != nil || s.jump != nil || s.message == "" {
		return []string{s.footer()}
	}
	lines := s.c.m.wrapLines(s.message, s.c.width, rows)
	if s.isError {
		for i, l := range lines {
			lines[i] = s.paint(pickErr, l)
		}
	}
	return lines
}

// helpBar is the study's one-line key list.
func (s *studyModel) helpBar() string {
	m := s.c.m
	var parts []string
	for _, b := range s.keys.ShortHelp() {
		parts = append(parts, b.Help().Key+" "+b.Help().Desc)
	}
	return s.paint(pickDim, m.truncate(strings.Join(parts, "  "), s.c.width))
}

// helpLines is every study key, in columns, for the `?` panel.
func (s *studyModel) helpLines(w, h int) []string {
	m := s.c.m
	var items []string
	for _, group := range s.keys.FullHelp() {
		for _, b := range group {
			items = append(items, b.Help().Key+"  "+b.Help().Desc)
		}
	}
	colW := 0
	for _, it := range items {
		colW = max(colW, m.width(it)+2)
	}
	rows := h - 1
	cols := max(w/colW, 1)
	out := []string{"Keys (? closes)"}
	for r := 0; r < rows; r++ {
		var b strings.Builder
		for c := 0; c < cols; c++ {
			i := c*rows + r
			if i < len(items) {
				b.WriteString(m.pad(items[i], colW))
			}
		}
		out = append(out, m.truncate(strings.TrimRight(b.String(), " "), w))
	}
	return out
}

// errorView is the screen for a record that could not be read at all.
func (s *studyModel) errorView() string {
	m := s.c.m
	lines := []string{
		s.paint(pickTitle, m.truncate("shogi study: "+s.name, s.c.width)),
		"",
		s.paint(pickErr, m.truncate("Cannot open "+s.name, s.c.width)),
	}
	lines = append(lines, wrapText(m, s.loadErr.Error(), s.c.width)...)
	lines = append(lines, "", "q, esc or enter: back")
	return s.fit(lines)
}

// wrapText cuts plain text into lines of at most w columns, breaking at a
// space where there is one and anywhere in Japanese text.
func wrapText(m measure, text string, w int) []string {
	if w <= 0 {
		return nil
	}
	var out []string
	for m.width(text) > w {
		cut := m.truncate(text, w)
		if i := strings.LastIndexByte(cut, ' '); i > 0 && len(cut) < len(text) && text[len(cut)] != ' ' {
			cut = cut[:i]
		}
		out = append(out, strings.TrimRight(cut, " "))
		text = strings.TrimLeft(text[len(cut):], " ")
	}
	return append(out, text)
}
