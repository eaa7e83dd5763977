package kifu

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"shogi/game"
	"shogi/game/notation"
)

// KIF (柿木形式): headers `key：value`, 手合割 or a board diagram, then
// numbered move lines `   1 ７六歩(77)   ( 0:02/00:00:02)`, `*` comments,
// special moves (投了 …) and `変化：N手` branches.

// scanner walks the lines of a text, counting them, without copying.
type scanner struct {
	text string
	line int
	cur  string
}

func (s *scanner) next() bool {
	if s.text == "" {
		return false
	}
	i := strings.IndexByte(s.text, '\n')
	if i < 0 {
		s.cur, s.text = s.text, ""
	} else {
		s.cur, s.text = s.text[:i], s.text[i+1:]
	}
	s.cur = strings.TrimRight(s.cur, "\r") // CRLF, and stray CRs before it
	s.line++
	return true
}

// readKIF reads a KIF record. On an error after the start position was
// read, the record so far is returned with it. A file of several games
// one after another (as a match runner writes them) gives the first as
// the record and the others in its Games.
func readKIF(text string) (*Record, error) {
	chunks := splitKIFGames(text)
	var first *Record
	for _, c := range chunks {
		r, err := readJapanese(c.text, false)
		if err != nil {
			var pe *ParseError
			if errors.As(err, &pe) && pe.Line > 0 {
				pe.Line += c.line
			}
		}
		if first == nil {
			first = r
		} else if r != nil {
			first.Games = append(first.Games, r)
		}
		if err != nil {
			return first, err
		}
	}
	return first, nil
}

// kifChunk is one game's text in a KIF file and the number of lines
// before it.
type kifChunk struct {
	text string
	line int
}

// gameOpeners are the headers a game's record begins with: met after the
// moves of a game, one starts the next game.
var gameOpeners = map[string]bool{"開始日時": true, "手合割": true, "先手": true, "下手": true, "棋戦": true, "表題": true, "対局日": true}

// kifHeading begins the line over a KIF game's moves (手数----指手----…):
// after it, as after a move, an opening header begins the next game (a
// game of no moves is written as its headers and this line).
const kifHeading = "手数"

// isKIFHeading reports whether t, a trimmed line, is the heading over the
// moves — not a 手数：N header of a diagram, which opens no move list.
func isKIFHeading(t string) bool {
	return strings.HasPrefix(t, kifHeading) && strings.Contains(t, "--")
}

// splitKIFGames cuts a KIF text into games: a new game begins at a
// #KIF line or an opening header (開始日時, 手合割, 先手 …) that follows a
// game's moves or the heading over them.
func splitKIFGames(text string) []kifChunk {
	var out []kifChunk
	start, startLine, moved := 0, 0, false
	for off, i := 0, 0; off < len(text); i++ {
		lineStart := off
		end := strings.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text) - off
		}
		off += end + 1
		t := trimLeftJP(strings.TrimRight(text[lineStart:lineStart+end], "\r"))
		if t == "" {
			continue
		}
		if c := t[0]; c >= '0' && c <= '9' || strings.HasPrefix(t, "まで") || isKIFHeading(t) {
			moved = true
			continue
		}
		if !moved {
			continue
		}
		if key, _, isHeader := splitHeader(t); strings.HasPrefix(t, "#KIF") || isHeader && gameOpeners[key] {
			out = append(out, kifChunk{text[start:lineStart], startLine})
			start, startLine, moved = lineStart, i, false
		}
	}
	return append(out, kifChunk{text[start:], startLine})
}

// readKI2 reads a KI2 record: the same headers, moves in Japanese notation.
func readKI2(text string) (*Record, error) { return readJapanese(text, true) }

// readJapanese reads KIF or KI2 (ki2 true): they share headers, diagrams,
// comments and branches, and differ in how moves are written.
func readJapanese(text string, ki2 bool) (*Record, error) { return readJapaneseIn(text, ki2, nil) }

// readJapaneseIn is readJapanese with the nodes taken from blk (see
// nodeBlock).
func readJapaneseIn(text string, ki2 bool, blk *nodeBlock) (*Record, error) {
	j := &jpReader{r: NewRecord(game.StartPosition()), ki2: ki2}
	j.b = newBuilder(j.r)
	// A KIF move takes a line of at least 16 bytes; KI2 marks each move.
	n := min(strings.Count(text, "\n"), len(text)/16) + 2
	if ki2 {
		n = strings.Count(text, "▲") + strings.Count(text, "△") + 2
	}
	if blk != nil {
		blk.give(j.r, n)
	} else {
		j.r.reserve(n)
	}
	s := scanner{text: text}
	for s.next() {
		j.b.line = s.line
		if r, err := j.line(s.cur, s.line); err != nil {
			return r, err
		}
	}
	if err := j.start(); err != nil {
		return nil, err
	}
	if err := j.b.finish(); err != nil {
		return j.r, err
	}
	return j.r, nil
}

// jpReader reads a KIF or KI2 record line by line.
type jpReader struct {
	r       *Record
	st      jpStart
	b       *builder
	ki2     bool
	started bool // the start position is known and moves may follow
}

// start fixes the start position when the first move-part line comes.
func (j *jpReader) start() error {
	if j.started {
		return nil
	}
	p, h, err := j.st.build(j.r.warn)
	if err != nil {
		return err
	}
	j.r.Start, j.r.Handicap = p, h
	j.r.warnStart()
	j.b.reset()
	j.started = true
	return nil
}

// line reads one line. On an error it returns what the caller keeps of the
// record: nil before the start is known, else the record so far.
func (j *jpReader) line(line string, n int) (*Record, error) {
	t := trimLeftJP(line)
	if t == "" {
		return nil, nil
	}
	switch t[0] {
	case '#': // a comment for programs
		return nil, nil
	case '&': // a bookmark (しおり), as Kifu for Windows and ShogiHome write it
		j.b.cur.SetBookmark(t[1:])
		return nil, nil
	case '*':
		j.b.cur.addComment(t[1:])
		return nil, nil
	}
	switch {
	case j.ki2 && isKI2MoveLine(t):
		return j.moves(t, readKI2MoveLine)
	case !j.ki2 && t[0] >= '0' && t[0] <= '9':
		return j.moves(t, readKIFMoveLine)
	case strings.HasPrefix(t, "変化"):
		if err := j.start(); err != nil {
			return nil, err
		}
		ply, ok := branchPly(t)
		if !ok {
			return j.r, &ParseError{Line: n, Err: fmt.Errorf("cannot read branch line %q", t)}
		}
		return j.r, j.b.branch(ply)
	case strings.HasPrefix(t, "まで") || isKIFHeading(t):
		return j.summary(t)
	}
	if !j.started {
		if ok, err := j.st.boardRow(line, n); ok {
			return nil, err
		}
		if j.st.sideLine(t) {
			return nil, nil
		}
	}
	if key, value, ok := splitHeader(t); ok {
		return nil, j.header(key, value, t, n)
	}
	return j.r.partial(j.started), &ParseError{Line: n, Err: fmt.Errorf("cannot read %q", clip(t))}
}

// moves reads a line of moves with read, once the start is known.
func (j *jpReader) moves(t string, read func(*builder, string) error) (*Record, error) {
	if err := j.start(); err != nil {
		return nil, err
	}
	return j.r, read(j.b, t)
}

// summary reads まで… (which repeats the ending move in KIF and is the
// ending in KI2) and the 手数---- line that heads the moves.
func (j *jpReader) summary(t string) (*Record, error) {
	if err := j.start(); err != nil {
		return nil, err
	}
	if !j.ki2 || !strings.HasPrefix(t, "まで") || j.b.cur.Ending != NoEnding {
		return nil, nil
	}
	e, word := endingFromSummary(strings.TrimRight(t, " 　"), j.b.position().SideToMove())
	if e == NoEnding {
		return nil, nil
	}
	_, err := j.b.end(e, word)
	return j.r, err
}

// header reads KEY：value: part of the start position while it is being
// read, else a header, kept under the name it will be written with (N+ as
// 先手 …); a key that would read back as something else is left out.
func (j *jpReader) header(key, value, t string, n int) error {
	if !j.started {
		if isStart, err := j.st.headerLine(key, value, n); err != nil || isStart {
			return err
		}
	}
	k, _ := translate(key, jpHeaders)
	if !safeJPKey(k) {
		j.r.warn(fmt.Sprintf("line %d: ignored %q", n, clip(t)))
		return nil
	}
	j.r.Headers = append(j.r.Headers, Header{k, value})
	return nil
}

// partial returns r if its start is known, else nil.
func (r *Record) partial(started bool) *Record {
	if started {
		return r
	}
	return nil
}

// clip shortens text for an error message.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= 40 {
		return s
	}
	return string([]rune(s)[:40]) + "…"
}

// branchPly reads `変化：12手` (or `変化:12手`).
func branchPly(t string) (int, bool) {
	t = strings.TrimPrefix(t, "変化")
	t = strings.TrimLeft(t, "：: 　")
	t = strings.TrimRight(t, " 　")
	t = strings.TrimSuffix(t, "手")
	n, err := strconv.Atoi(toHalfWidth(strings.TrimSpace(t)))
	return n, err == nil
}

// addComment appends one comment line.
func (n *Node) addComment(text string) {
	if c := n.Comment(); c != "" {
		text = c + "\n" + text
	}
	n.SetComment(text)
}

// readKIFMoveLine reads `  12 ７六歩(77)   ( 0:02/00:00:02)+`.
func readKIFMoveLine(b *builder, t string) error {
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	rest := trimRightJP(t[i:])
	rest = strings.TrimSuffix(rest, "+") // Kifu for Windows marks lines that have branches
	rest = trimJP(rest)
	var elapsed, total time.Duration
	hasTime := false
	if strings.HasSuffix(rest, ")") {
		if j := strings.LastIndexByte(rest, '('); j >= 0 && (strings.IndexByte(rest[j:], ':') >= 0 || strings.IndexByte(rest[j:], '/') >= 0) {
			var err error
			elapsed, total, err = parseKIFTime(rest[j+1 : len(rest)-1])
			if err != nil {
				return b.errorf(b.cur.Ply+1, "%v", err)
			}
			hasTime = true
			rest = trimRightJP(rest[:j])
		}
	}
	if rest == "" {
		return b.errorf(0, "move line without a move")
	}
	var n *Node
	if isMoveStart(rest) {
		p := b.position()
		if err := b.canMove(); err != nil {
			return err
		}
		m, err := parseKIFMove(p, rest, b.prev())
		if err != nil {
			return b.errorf(b.cur.Ply+1, "%v", err)
		}
		if err := b.play(m); err != nil {
			return err
		}
		if b.pendingErr != nil {
			return nil
		}
		n = b.cur
	} else {
		e, word := endingFromKIF(rest, b.position().SideToMove())
		if e == NoEnding || e == OtherEnding && !isJapaneseWord(word) && !(strings.HasPrefix(word, "%") && isCSAWord(word[1:])) {
			return b.errorf(b.cur.Ply+1, "cannot read move %q", clip(rest))
		}
		var err error
		if n, err = b.end(e, word); err != nil {
			return err
		}
	}
	if hasTime {
		n.Elapsed, n.Total, n.HasTime = elapsed, total, true
	}
	return nil
}

// isMoveStart reports whether text starts like a move: a square or 同.
func isMoveStart(text string) bool {
	if strings.HasPrefix(text, "同") || strings.HasPrefix(text, "仝") {
		return true
	}
	f, size := digitValue(text)
	if f == 0 {
		return false
	}
	r, _ := digitValue(text[size:])
	return r != 0
}

// isJapaneseWord reports whether w looks like a special word (kana, kanji,
// spaces), not garbage.
func isJapaneseWord(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if r < 0x3000 && r != ' ' {
			return false
		}
	}
	return true
}

// parseKIFTime reads ` 0:02/00:00:02` (the total may be missing).
func parseKIFTime(s string) (elapsed, total time.Duration, err error) {
	a, b, _ := strings.Cut(s, "/")
	if elapsed, err = parseClock(a); err != nil {
		return 0, 0, fmt.Errorf("bad time %q", s)
	}
	if b = trimJP(b); b != "" {
		if total, err = parseClock(b); err != nil {
			return 0, 0, fmt.Errorf("bad time %q", s)
		}
	}
	return elapsed, total, nil
}

var errClock = errors.New("bad clock")

// parseClock reads m:ss or h:mm:ss (digits may be full-width), without
// allocating: every move line of a KIF has one.
func parseClock(s string) (time.Duration, error) {
	s = trimJP(s)
	var d, n time.Duration
	parts, digits := 1, 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			n = n*10 + time.Duration(c-'0')
			digits++
			i++
		case c == ':':
			if digits == 0 {
				return 0, errClock
			}
			d, n, digits = d*60+n, 0, 0
			parts++
			i++
		default:
			v, size := digitValue(s[i:])
			if v == 0 && !strings.HasPrefix(s[i:], "０") {
				return 0, errClock
			}
			n = n*10 + time.Duration(v)
			digits++
			i += max(size, len("０"))
		}
		if digits > 7 {
			return 0, errClock
		}
	}
	if digits == 0 || parts < 2 || parts > 3 {
		return 0, errClock
	}
	return (d*60 + n) * time.Second, nil
}

// trimJP trims ASCII spaces, tabs and full-width spaces from both ends,
// faster than strings.Trim with a multi-byte cutset.
func trimJP(s string) string {
	return trimRightJP(trimLeftJP(s))
}

func trimLeftJP(s string) string {
	for len(s) > 0 {
		switch {
		case s[0] == ' ' || s[0] == '\t':
			s = s[1:]
		case strings.HasPrefix(s, "　"):
			s = s[len("　"):]
		default:
			return s
		}
	}
	return s
}

func trimRightJP(s string) string {
	for len(s) > 0 {
		switch {
		case s[len(s)-1] == ' ' || s[len(s)-1] == '\t':
			s = s[:len(s)-1]
		case strings.HasSuffix(s, "　"):
			s = s[:len(s)-len("　")]
		default:
			return s
		}
	}
	return s
}

// parseKIFMove reads the move of a KIF line: `７六歩(77)`, `同　銀(88)`,
// `５五角打`, `２二角成(88)`, and what real files also write: `同歩`, `76歩`,
// `王`, `打(00)`, `不成`. The origin in parentheses says which piece
// moves, so no disambiguation is needed; a move without one is read as KI2.
func parseKIFMove(p *game.Position, text string, prev game.Move) (game.Move, error) {
	orig := text
	var to game.Square
	if rest, ok := cutSame(text); ok {
		if prev == game.NoMove {
			return game.NoMove, fmt.Errorf("%q: 同 with no previous move", orig)
		}
		to = prev.To()
		text = trimLeftJP(rest)
		// Some writers repeat the square after 同; it must be the same.
		if f, n := digitValue(text); f != 0 {
			if r, n2 := digitValue(text[n:]); r != 0 {
				if game.NewSquare(f, r) != to {
					return game.NoMove, fmt.Errorf("%q: 同 names %s, but the previous move went to %s%s", orig, text[:n+n2], fullDigits[to.File()], kanjiDigit[to.Rank()])
				}
				text = trimLeftJP(text[n+n2:])
			}
		}
	} else {
		f, n := digitValue(text)
		r, n2 := digitValue(text[n:])
		to = game.NewSquare(f, r)
		text = trimLeftJP(text[n+n2:])
	}
	var t game.PieceType
	for _, name := range [...]string{"成香", "成桂", "成銀"} {
		if strings.HasPrefix(text, name) {
			t, text = pieceNames[name], text[len(name):]
			break
		}
	}
	if t == game.NoPieceType {
		r, size := utf8.DecodeRuneInString(text)
		if t = pieceByRune(r); t == game.NoPieceType {
			return game.NoMove, fmt.Errorf("%q: no piece name", orig)
		}
		text = text[size:]
	}
	promote, drop := false, false
	switch {
	case strings.HasPrefix(text, "不成"):
		text = text[len("不成"):]
	case strings.HasPrefix(text, "成"):
		promote, text = true, text[len("成"):]
	}
	if rest, ok := strings.CutPrefix(text, "打"); ok {
		drop, text = true, rest
	}
	text = strings.TrimSpace(text)
	var from game.Square = game.NoSquare
	if text != "" {
		if len(text) != 4 || text[0] != '(' || text[3] != ')' {
			return game.NoMove, fmt.Errorf("%q: cannot read the origin %q", orig, text)
		}
		f, r := int(text[1]-'0'), int(text[2]-'0')
		switch {
		case f == 0 && r == 0:
			drop = true
		case f >= 1 && f <= 9 && r >= 1 && r <= 9:
			from = game.NewSquare(f, r)
		default:
			return game.NoMove, fmt.Errorf("%q: bad origin %q", orig, text)
		}
	}
	side := p.SideToMove()
	if drop {
		if t > game.King || promote {
			return game.NoMove, fmt.Errorf("%q: cannot drop a %s", orig, t.Kanji())
		}
		return game.NewDrop(game.NewPiece(side, t), to), nil
	}
	if from == game.NoSquare {
		// No origin: read it as KI2 writes it (the notation finds the piece).
		return notation.Parse(p, orig, notation.KI2, prev)
	}
	pc := p.At(from)
	if pc == game.NoPiece {
		return game.NoMove, fmt.Errorf("%q: no piece on %d%d", orig, from.File(), from.Rank())
	}
	if pc.Type() != t {
		return game.NoMove, fmt.Errorf("%q: the piece on %d%d is %s, not %s", orig, from.File(), from.Rank(), pc.Type().Kanji(), t.Kanji())
	}
	return p.NewMove(from, to, promote), nil
}

// pieceByRune reads a one-character piece name (a switch: faster than
// the map for the reader's inner loop).
func pieceByRune(r rune) game.PieceType {
	switch r {
	case '歩':
		return game.Pawn
	case '香':
		return game.Lance
	case '桂':
		return game.Knight
	case '銀':
		return game.Silver
	case '金':
		return game.Gold
	case '角':
		return game.Bishop
	case '飛':
		return game.Rook
	case '玉', '王':
		return game.King
	case 'と':
		return game.ProPawn
	case '杏':
		return game.ProLance
	case '圭':
		return game.ProKnight
	case '全':
		return game.ProSilver
	case '馬':
		return game.Horse
	case '龍', '竜':
		return game.Dragon
	}
	return game.NoPieceType
}

func cutSame(s string) (string, bool) {
	if rest, ok := strings.CutPrefix(s, "同"); ok {
		return rest, true
	}
	return strings.CutPrefix(s, "仝")
}

// kifMove writes a move as a KIF line does: `７六歩(77)`, `同　銀(88)`,
// `５五角打`; never 不成.
func kifMove(m game.Move, prev game.Move) string {
	kifTextOnce.Do(buildKIFText)
	w := kifWriter{t: &kifUTF8}
	var buf [32]byte
	b, _ := w.move(buf[:0], m, prev)
	return string(b)
}

// eachVariation calls line for each branch off the line first … last
// (last down first's first children) the way KIF and KI2 both write them:
// after the line, the deepest branch point first; back counts the moves
// from the one alt replaces to last. The first node's own siblings are
// left to the caller when skipFirstSiblings is set.
func eachVariation(first, last *Node, skipFirstSiblings bool, line func(back int, alt *Node)) {
	for n, back := last, 0; ; n, back = n.Parent, back+1 {
		if n == first && skipFirstSiblings {
			return
		}
		if n.Parent.FirstChild() == n { // n.Index() == 0, without the count
			for alt := n.NextSibling(); alt != nil; alt = alt.NextSibling() {
				line(back, alt)
			}
		}
		if n == first {
			return
		}
	}
}

// lastMove returns the move of n, or NoMove for the root.
func lastMove(n *Node) game.Move {
	if n.IsMove() {
		return n.Move
	}
	return game.NoMove
}

// MoveTimes writes a move's time and its side's total so far as KIF
// does, " 0:08" and "00:00:08", in whole seconds cut down, as ShogiHome
// and the CSA protocol count them. The app's screens show the same.
func MoveTimes(elapsed, total time.Duration) (move, sum string) {
	var m, t [24]byte
	return string(appendMoveTime(m[:0], Seconds(elapsed))), string(appendTotalTime(t[:0], Seconds(total)))
}

// Seconds is a time in whole seconds, cut down (8.9s is 8): the one
// rounding records and screens use.
func Seconds(d time.Duration) int { return int(max(d, 0) / time.Second) }

// writeComment writes each line of c after prefix.
func writeComment(b *strings.Builder, c, prefix string) {
	if c == "" {
		return
	}
	for _, l := range strings.Split(c, "\n") {
		b.WriteString(prefix)
		b.WriteString(l)
		b.WriteByte('\n')
	}
}

// writeBookmark writes n's bookmark as KIF and KI2 do: `&name` after the
// move and its comment.
func writeBookmark(b *strings.Builder, n *Node) {
	if n.Bookmark() != "" {
		b.WriteByte('&')
		b.WriteString(n.Bookmark())
		b.WriteByte('\n')
	}
}

// hasTimes reports whether any node has a time.
func (r *Record) hasTimes() bool {
	found := false
	var visit func(n *Node)
	visit = func(n *Node) {
		if n.HasTime {
			found = true
		}
		for c := range n.Children() {
			if !found {
				visit(c)
			}
		}
	}
	visit(r.Root)
	return found
}

// displayWidth counts full-width characters as two columns.
func displayWidth(s string) int {
	w := 0
	for _, r := range s {
		if r < 0x1100 {
			w++
		} else {
			w += 2
		}
	}
	return w
}
