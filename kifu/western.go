package kifu

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"shogi/game"
	"shogi/game/notation"
)

// Western text, as PSN writes it: `[Black "…"]` tags, then moves numbered
// in pairs in Hodges notation (`1. P-7f P-3d 2. P-2f G-3b`, `1. ... G-3b`
// when White starts), comments in braces, variations in parentheses after
// the move they replace, and the ending as a closing word (Resign, Mate …).
// A start that is not the even game is a [SFEN "…"] tag (with [Handicap]
// naming it when it has a name). Times are not kept.

// westernEndings are the closing words, one per ending.
var westernEndings = map[Ending]string{
	Resign: "Resign", Mate: "Mate", Sennichite: "Sennichite", Jishogi: "Jishogi", EnteringKing: "EnteringKing",
	Interrupt: "Interrupt", Timeout: "Timeout", IllegalWin: "IllegalWin", IllegalLoss: "IllegalLoss",
	Forfeit: "Forfeit", Draw: "Draw",
}

func westernWord(n *Node) string {
	if n.Ending == OtherEnding {
		return "Other:" + wordEscaper.Replace(n.Word())
	}
	return westernEndings[n.Ending]
}

// An Other: word escapes what would end the token.
var (
	wordEscaper   = strings.NewReplacer("%", "%25", " ", "%20", "\t", "%09", "\n", "%0A", "(", "%28", ")", "%29", "{", "%7B", "}", "%7D")
	wordUnescaper = strings.NewReplacer("%25", "%", "%20", " ", "%09", "\t", "%0A", "\n", "%28", "(", "%29", ")", "%7B", "{", "%7D", "}")
)

func endingFromWestern(w string) (Ending, string, bool) {
	if rest, ok := strings.CutPrefix(w, "Other:"); ok {
		return OtherEnding, wordUnescaper.Replace(rest), true
	}
	for e, s := range westernEndings {
		if strings.EqualFold(s, w) {
			return e, "", true
		}
	}
	switch strings.ToLower(w) {
	case "resigns", "resigned":
		return Resign, "", true
	case "checkmate":
		return Mate, "", true
	}
	return NoEnding, "", false
}

// westernToken is one token of the move text, with its line.
type westernToken struct {
	text string
	line int
}

func readWestern(text string) (*Record, error) {
	r, body, err := readWesternTags(text)
	if err != nil || body.start == 0 {
		return r, err
	}
	toks, err := westernTokens(body.text, body.start)
	if err != nil {
		return r, err
	}
	w := westernMoves{r: r, b: newBuilder(r)}
	for _, tok := range toks {
		if err := w.token(tok); err != nil {
			return r, err
		}
	}
	if len(w.stack) > 0 {
		return r, &ParseError{Line: body.end, Err: errors.New("variation not closed: missing )")}
	}
	return r, w.b.finish()
}

// westernBody is the movetext after the tags: its text, and its first and
// last line numbers (start is 0 when there is none).
type westernBody struct {
	text       string
	start, end int
}

// readWesternTags reads the [Key "value"] tags into a record with its
// start position, and collects the movetext that follows them.
func readWesternTags(text string) (*Record, westernBody, error) {
	r := NewRecord(game.StartPosition())
	var body westernBody
	var sfen, handicap string
	sfenLine, handicapLine := 0, 0
	s := scanner{text: text}
	var b strings.Builder
	for s.next() {
		t := strings.TrimSpace(s.cur)
		if body.start == 0 && strings.HasPrefix(t, "[") {
			key, value, err := parseTag(t)
			if err != nil {
				return nil, body, &ParseError{Line: s.line, Err: err}
			}
			switch key {
			case "SFEN", "FEN":
				sfen, sfenLine = value, s.line
			case "Handicap":
				handicap, handicapLine = value, s.line
			default:
				r.Headers = append(r.Headers, Header{key, value})
			}
			continue
		}
		if body.start == 0 {
			if t == "" {
				continue
			}
			body.start = s.line
		}
		b.WriteString(s.cur)
		b.WriteByte('\n')
	}
	body.text, body.end = b.String(), s.line
	switch {
	case sfen != "":
		p, err := game.ParseSFEN(sfen)
		if err != nil {
			return nil, body, &ParseError{Line: sfenLine, Err: err}
		}
		p.SetMoveNumber(1)
		r.Start = p
	case handicap != "":
		h, ok := findHandicap(handicap)
		if !ok {
			return nil, body, &ParseError{Line: handicapLine, Err: fmt.Errorf("unknown handicap %q and no SFEN tag", handicap)}
		}
		r.Start = h.Position()
	}
	r.nameStart()
	r.warnStart()
	return r, body, nil
}

// westernMoves reads the movetext token by token into a record.
type westernMoves struct {
	r     *Record
	b     *builder
	stack []*Node // the move each open variation replaces
}

func (w *westernMoves) token(tok westernToken) error {
	b := w.b
	b.line = tok.line
	t := tok.text
	switch {
	case strings.HasPrefix(t, "{"):
		b.cur.addComment(strings.TrimSpace(t[1 : len(t)-1]))
	case t == "(":
		return w.open(tok.line)
	case t == ")":
		return w.close(tok.line)
	case t == "*" || t == "1-0" || t == "0-1" || t == "1/2-1/2":
		// a PGN-style result: the ending word says more
	default:
		if e, word, ok := endingFromWestern(t); ok {
			_, err := b.end(e, word)
			return err
		}
		return w.move(t)
	}
	return nil
}

// open starts a variation replacing the move (or ending) just read.
func (w *westernMoves) open(line int) error {
	b := w.b
	if err := b.settle(); err != nil {
		return err
	}
	if b.cur.Parent == nil {
		return &ParseError{Line: line, Err: errors.New("a variation must follow the move it replaces")}
	}
	w.stack = append(w.stack, b.cur)
	return b.branch(b.cur.Ply)
}

// close ends a variation and goes back to the move it replaced.
func (w *westernMoves) close(line int) error {
	b := w.b
	if err := b.settle(); err != nil {
		return err
	}
	if len(w.stack) == 0 {
		return &ParseError{Line: line, Err: errors.New("unbalanced )")}
	}
	top := w.stack[len(w.stack)-1]
	w.stack = w.stack[:len(w.stack)-1]
	b.goTo(top)
	return nil
}

func (w *westernMoves) move(t string) error {
	b := w.b
	if err := b.canMove(); err != nil {
		return err
	}
	m, err := notation.Parse(b.position(), t, notation.Western, b.prev())
	if err != nil {
		var ill *notation.IllegalError
		if !errors.As(err, &ill) || ill.Err == nil {
			return b.errorf(b.cur.Ply+1, "%v", err)
		}
		m = ill.Err.Move
	}
	return b.play(m)
}

// parseTag reads `[Key "value"]`.
func parseTag(t string) (string, string, error) {
	if !strings.HasSuffix(t, "]") {
		return "", "", fmt.Errorf("tag %q does not end with ]", clip(t))
	}
	inner := strings.TrimSpace(t[1 : len(t)-1])
	key, rest, ok := strings.Cut(inner, " ")
	if !ok || key == "" || strings.ContainsFunc(key, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune("\"[]{}()", r) }) {
		return "", "", fmt.Errorf("tag %q: want [Key \"value\"]", clip(t))
	}
	value, err := strconv.Unquote(strings.TrimSpace(rest))
	if err != nil {
		return "", "", fmt.Errorf("tag %q: the value must be in double quotes", clip(t))
	}
	return key, value, nil
}

// westernTokens splits move text into comments, parentheses and words,
// dropping move numbers (`12.`, `12...`, `...`).
func westernTokens(text string, line int) ([]westernToken, error) {
	var out []westernToken
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '{':
			j := strings.IndexByte(text[i:], '}')
			if j < 0 {
				return nil, &ParseError{Line: line, Err: errors.New("comment not closed: missing }")}
			}
			if strings.IndexByte(text[i+1:i+j], '{') >= 0 {
				return nil, &ParseError{Line: line, Err: errors.New("{ inside a comment: comments do not nest")}
			}
			out = append(out, westernToken{text[i : i+j+1], line})
			line += strings.Count(text[i:i+j], "\n")
			i += j + 1
		case c == '}':
			return nil, &ParseError{Line: line, Err: errors.New("} without {")}
		case c == '(' || c == ')':
			out = append(out, westernToken{text[i : i+1], line})
			i++
		default:
			j := i
			for j < len(text) && !strings.ContainsRune(" \t\r\n{}()", rune(text[j])) {
				j++
			}
			w := text[i:j]
			if d := strings.TrimLeftFunc(w, unicode.IsDigit); strings.HasPrefix(d, ".") {
				w = strings.TrimLeft(d, ".") // a move number, maybe glued to the move: 12.P-7f
			}
			if w != "" {
				out = append(out, westernToken{w, line})
			}
			i = j
		}
	}
	return out, nil
}

// writeWestern writes r as Western text.
func writeWestern(b *strings.Builder, r *Record) {
	for _, h := range r.Headers {
		if shadowed(r, h) {
			continue
		}
		k, _ := translate(h.Key, westernHeaders)
		k = strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) || strings.ContainsRune("\"[]{}()", r) {
				return '_'
			}
			return r
		}, k)
		fmt.Fprintf(b, "[%s %s]\n", k, strconv.Quote(h.Value))
	}
	if r.Start.SFEN() == game.StartSFEN && len(r.Headers) == 0 {
		// A tag, so that even a record with nothing else is not an empty file.
		b.WriteString("[Handicap \"even\"]\n")
	} else if r.Start.SFEN() != game.StartSFEN {
		if h, ok := game.HandicapBySFEN(&r.Start); ok {
			fmt.Fprintf(b, "[Handicap %q]\n", h.Name)
		}
		fmt.Fprintf(b, "[SFEN %q]\n", r.Start.SFEN())
	}
	b.WriteByte('\n')
	w := &wrapWriter{b: b}
	if r.Root.Comment() != "" {
		w.word("{" + commentText(r.Root.Comment()) + "}")
	}
	offset := 0
	if r.Start.SideToMove() == game.White {
		offset = 1
	}
	var line func(first *Node, pos game.Position, needNumber bool)
	line = func(first *Node, pos game.Position, needNumber bool) {
		prev := lastMove(first.Parent)
		for n := first; ; n = n.FirstChild() {
			before := pos
			if n.Ending != NoEnding {
				w.word(westernWord(n))
			} else {
				num := (n.Ply + offset + 1) / 2
				if n.Move.Color() == game.Black {
					w.word(strconv.Itoa(num) + ".")
				} else if needNumber {
					w.word(strconv.Itoa(num) + ". ...")
				}
				if pos.IsLegal(n.Move) {
					w.word(notation.Format(&pos, n.Move, notation.Western, prev))
				} else {
					w.word(hodgesFoul(n.Move)) // a kept foul: the notation writes legal moves only
				}
				prev = n.Move
				pos = playSafe(&pos, n.Move)
			}
			needNumber = false
			if n.Comment() != "" {
				w.word("{" + commentText(n.Comment()) + "}")
				needNumber = true
			}
			if n.Index() == 0 {
				for alt := n.NextSibling(); alt != nil; alt = alt.NextSibling() {
					w.word("(")
					line(alt, before, true)
					w.word(")")
					needNumber = true
				}
			}
			if n.FirstChild() == nil {
				break
			}
		}
	}
	if r.Root.FirstChild() != nil {
		line(r.Root.FirstChild(), r.Start, true)
	}
	w.flush()
}

// hodgesFoul writes an illegal move in Hodges with its origin, so the
// reader finds exactly that move again.
func hodgesFoul(m game.Move) string {
	t := m.Piece().Type()
	letter := strings.TrimPrefix(t.Unpromote().SFEN(), "+")
	if t.IsPromoted() {
		letter = "+" + letter
	}
	if m.IsDrop() {
		return letter + "*" + m.To().String()
	}
	sep := "-"
	if m.Captured() != game.NoPiece {
		sep = "x"
	}
	s := letter + m.From().String() + sep + m.To().String()
	if m.IsPromotion() {
		s += "+"
	}
	return s
}

// commentText keeps braces out of a comment.
func commentText(c string) string {
	return strings.NewReplacer("{", "(", "}", ")").Replace(c)
}

// wrapWriter writes words separated by spaces, lines up to 80 columns.
type wrapWriter struct {
	b     *strings.Builder
	col   int
	after string // the last word, to glue ( and ) without spaces
}

func (w *wrapWriter) word(s string) {
	glue := w.after == "(" || s == ")"
	if w.col > 0 && !glue {
		if w.col+1+len(s) > 80 {
			w.b.WriteByte('\n')
			w.col = 0
		} else {
			w.b.WriteByte(' ')
			w.col++
		}
	}
	w.b.WriteString(s)
	w.col += len(s)
	w.after = s
}

func (w *wrapWriter) flush() {
	if w.col > 0 {
		w.b.WriteByte('\n')
	}
}
