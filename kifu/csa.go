package kifu

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"shogi/game"
)

// CSA (V2.2, V2, or no version line): `N+`/`N-` names, `$KEY:value`
// headers, the start as `PI` (the even start less some pieces) or `P1`…`P9`
// rows plus `P+`/`P-` pieces, `+`/`-` for the side to move, moves
// `+7776FU`, times `T12`, `%TORYO`-style endings, `'` comments. Statements
// may share a line separated by commas; games are separated by `/`.

// readCSA reads every game of a CSA file: the first is the record, the
// others go to its Games.
func readCSA(text string) (*Record, error) {
	var first *Record
	s := scanner{text: text}
	for {
		r, more, err := readCSAGame(&s)
		if first == nil {
			first = r
		} else if r != nil {
			first.Games = append(first.Games, r)
		}
		if err != nil {
			return first, err
		}
		if !more {
			break
		}
	}
	if first == nil {
		if s.line == 0 {
			return nil, &ParseError{Err: errors.New("empty CSA record")}
		}
		return nil, &ParseError{Line: s.line, Err: errors.New("CSA record with no statements")}
	}
	return first, nil
}

// csaGame reads one game of a CSA file, statement by statement.
type csaGame struct {
	s         *scanner
	r         *Record
	st        game.CSAPosition
	b         *builder // nil until the first move or ending
	lastTimed *Node    // the node a following T statement times
	totals    [2]time.Duration
	sawAny    bool
}

// readCSAGame reads one game up to a `/` line or the end. more is true if
// a `/` was met. A part with no statement (a `/` first or last, two in a
// row) is no game: nil without an error.
func readCSAGame(s *scanner) (r *Record, more bool, err error) {
	g := &csaGame{s: s, r: NewRecord(game.StartPosition())}
	for s.next() {
		line := s.cur
		if strings.TrimSpace(line) == "/" {
			more = true
			break
		}
		stmts := []string{line}
		if !strings.HasPrefix(line, "'") && strings.IndexByte(line, ',') >= 0 && !strings.HasPrefix(line, "N") && !strings.HasPrefix(line, "$") {
			stmts = splitCSA(line)
		}
		for _, t := range stmts {
			if r, err := g.statement(t); err != nil {
				return r, false, err
			}
		}
	}
	if !g.sawAny {
		return nil, more, nil
	}
	if err := g.startGame(); err != nil {
		return nil, more, g.errAt("%v", err)
	}
	if err := g.b.finish(); err != nil {
		return g.r, more, err
	}
	return g.r, more, nil
}

// statement reads one statement. On an error it returns what the caller
// keeps of the record: nil, or the game up to the error.
func (g *csaGame) statement(t string) (*Record, error) {
	if rest, ok := strings.CutPrefix(t, "'"); ok {
		// '* is a comment on the last move (or the start); a bare ' is a
		// note for people reading the file, as other programs treat it.
		if rest, ok := strings.CutPrefix(rest, "*"); ok {
			if g.b != nil {
				g.b.cur.addComment(rest)
			} else {
				g.r.Root.addComment(rest)
			}
		}
		return nil, nil
	}
	t = strings.TrimRight(t, " \t")
	if strings.TrimSpace(t) == "" {
		return nil, nil
	}
	g.sawAny = true
	if g.b != nil {
		g.b.line = g.s.line
	}
	switch c := t[0]; {
	case c == 'V':
	case c == 'N' && len(t) >= 2 && (t[1] == '+' || t[1] == '-'):
		g.r.Headers = append(g.r.Headers, Header{t[:2], t[2:]})
	case c == '$':
		k, v, _ := strings.Cut(t, ":")
		g.r.Headers = append(g.r.Headers, Header{k, v})
	case c == 'P':
		if g.b != nil {
			return g.r, g.errAt("position statement %q after the moves began", clip(t))
		}
		if err := g.st.Statement(t); err != nil {
			return nil, g.errAt("%v", err)
		}
	case (c == '+' || c == '-') && len(t) == 1:
		if g.b != nil {
			return g.r, g.errAt("side to move %q after the moves began", t)
		}
		g.st.Statement(t) // a lone + or -: without a board, the even start
	case c == '+' || c == '-':
		return g.move(t)
	case c == 'T':
		return g.r, g.time(t)
	case c == '%':
		return g.ending(t)
	default:
		return g.r.partial(g.b != nil), g.errAt("cannot read %q", clip(t))
	}
	return nil, nil
}

func (g *csaGame) errAt(format string, args ...any) error {
	return &ParseError{Line: g.s.line, Err: fmt.Errorf(format, args...)}
}

// startGame fixes the start position when the first move or ending comes.
func (g *csaGame) startGame() error {
	if g.b != nil {
		return nil
	}
	if g.st.Touched() {
		g.r.Start = g.st.Position()
	}
	g.r.nameStart()
	g.r.warnStart()
	g.b = newBuilder(g.r)
	rest := g.s.text
	if end := strings.Index(rest, "\n/"); end >= 0 {
		rest = rest[:end] // this game only
	}
	g.b.pos = make([]game.Position, 1, strings.Count(rest, "\n")/2+2)
	g.b.pos[0] = g.r.Start
	g.b.line = g.s.line
	return nil
}

func (g *csaGame) move(t string) (*Record, error) {
	if err := g.startGame(); err != nil {
		return nil, g.errAt("%v", err)
	}
	b := g.b
	if err := b.canMove(); err != nil {
		return g.r, err
	}
	m, err := parseCSAMove(b.position(), t)
	if err != nil {
		return g.r, b.errorf(b.cur.Ply+1, "%v", err)
	}
	if err := b.play(m); err != nil {
		return g.r, err
	}
	g.lastTimed = nil
	if b.pendingErr == nil {
		g.lastTimed = b.cur
	}
	return nil, nil
}

// time reads T<seconds>, the time of the move (or ending) just read; a time
// with nothing to belong to is ignored.
func (g *csaGame) time(t string) error {
	n := g.lastTimed
	if g.b == nil || n == nil {
		return nil
	}
	f, err := strconv.ParseFloat(t[1:], 64)
	if err != nil || f < 0 || f > 1e9 || math.IsNaN(f) {
		return g.errAt("bad time %q", clip(t))
	}
	d := time.Duration(math.Round(f)) * time.Second
	mover := g.b.position().SideToMove().Other()
	if n.Ending != NoEnding {
		mover = mover.Other()
	}
	g.totals[mover] += d
	n.Elapsed, n.Total, n.HasTime = d, g.totals[mover], true
	g.lastTimed = nil
	return nil
}

func (g *csaGame) ending(t string) (*Record, error) {
	if err := g.startGame(); err != nil {
		return nil, g.errAt("%v", err)
	}
	word := strings.TrimSpace(t[1:])
	e, w := endingFromCSA(word, g.b.position().SideToMove())
	if e == OtherEnding {
		w = "%" + w
	}
	n, err := g.b.end(e, w)
	if err != nil {
		return g.r, err
	}
	g.lastTimed = n
	return nil, nil
}

// splitCSA splits a line at commas; a comment (') takes the rest.
func splitCSA(line string) []string {
	var out []string
	for line != "" {
		if line[0] == '\'' {
			return append(out, line)
		}
		t, rest, found := strings.Cut(line, ",")
		out = append(out, t)
		if !found {
			break
		}
		line = rest
	}
	return out
}

// parseCSAMove reads `+7776FU` or `+0055KA` against p. The piece named is
// the piece after the move, so a change of name is a promotion.
func parseCSAMove(p *game.Position, t string) (game.Move, error) {
	if len(t) != 7 {
		return game.NoMove, fmt.Errorf("cannot read move %q", clip(t))
	}
	col := game.Black
	if t[0] == '-' {
		col = game.White
	}
	if col != p.SideToMove() {
		return game.NoMove, fmt.Errorf("%s: it is %s's turn", t, p.SideToMove().Japanese())
	}
	pt := game.PieceTypeFromCSA(t[5:7])
	if pt == game.NoPieceType {
		return game.NoMove, fmt.Errorf("%s: %q is not a piece", t, t[5:7])
	}
	to, err := game.ParseSquare(t[3:5])
	if err != nil || !to.Valid() || t[3] == '0' {
		return game.NoMove, fmt.Errorf("%s: bad destination %q", t, t[3:5])
	}
	if t[1:3] == "00" {
		if pt.IsPromoted() || pt == game.King {
			return game.NoMove, fmt.Errorf("%s: cannot drop %s", t, t[5:7])
		}
		return game.NewDrop(game.NewPiece(col, pt), to), nil
	}
	from, err := game.ParseSquare(t[1:3])
	if err != nil || !from.Valid() || t[1] == '0' {
		return game.NoMove, fmt.Errorf("%s: bad origin %q", t, t[1:3])
	}
	pc := p.At(from)
	if pc == game.NoPiece {
		return game.NoMove, fmt.Errorf("%s: no piece on %s", t, t[1:3])
	}
	switch pc.Type() {
	case pt:
		return p.NewMove(from, to, false), nil
	case pt.Unpromote():
		if pt.IsPromoted() {
			return p.NewMove(from, to, true), nil
		}
	}
	return game.NoMove, fmt.Errorf("%s: the piece on %s is %s, not %s", t, t[1:3], pc.Type().CSA(), t[5:7])
}

// csaMove writes a move as CSA does.
func csaMove(m game.Move) string {
	var b [7]byte
	b[0] = '+'
	if m.Color() == game.White {
		b[0] = '-'
	}
	if m.IsDrop() {
		b[1], b[2] = '0', '0'
	} else {
		b[1], b[2] = byte('0'+m.From().File()), byte('0'+m.From().Rank())
	}
	b[3], b[4] = byte('0'+m.To().File()), byte('0'+m.To().Rank())
	copy(b[5:], m.PieceAfter().Type().CSA())
	return string(b[:])
}

// writeCSA writes the record's main line (CSA has no branches), then
// each further game after a `/`.
func writeCSA(b *strings.Builder, r *Record) {
	writeCSAGame(b, r)
	for _, g := range r.Games {
		b.WriteString("/\n")
		writeCSAGame(b, g)
	}
}

func writeCSAGame(b *strings.Builder, r *Record) {
	b.WriteString("V2.2\n")
	for _, h := range r.Headers {
		k, ok := translate(h.Key, csaHeaders)
		if !ok {
			continue
		}
		v := strings.ReplaceAll(h.Value, "\n", " ")
		if strings.HasPrefix(k, "N") {
			fmt.Fprintf(b, "%s%s\n", k, v)
		} else {
			fmt.Fprintf(b, "%s:%s\n", k, v)
		}
	}
	writeCSAPosition(b, &r.Start)
	writeComment(b, r.Root.Comment, "'*")
	p := r.Start
	for _, n := range r.MainLine() {
		if n.Ending != NoEnding {
			fmt.Fprintf(b, "%%%s\n", csaWord(n, p.SideToMove()))
		} else {
			b.WriteString(csaMove(n.Move))
			b.WriteByte('\n')
			p = playSafe(&p, n.Move)
		}
		if n.HasTime {
			fmt.Fprintf(b, "T%d\n", int(n.Elapsed.Round(time.Second)/time.Second))
		}
		writeComment(b, commentFor(n, CSA, func() game.Position { return p }), "'*")
	}
}

// writeCSAPosition writes PI (the even start less some pieces) when it
// can, else the nine rows and the hands; then the side to move.
func writeCSAPosition(b *strings.Builder, p *game.Position) {
	even := game.StartPosition()
	removed, isPI := "", p.HandSFEN() == "-"
	for s := game.Square(0); s < game.NumSquares && isPI; s++ {
		pc := p.At(s)
		switch e := even.At(s); {
		case pc == e:
		case pc == game.NoPiece:
			removed += fmt.Sprintf("%d%d%s", s.File(), s.Rank(), e.Type().CSA())
		default:
			isPI = false
		}
	}
	lines := p.CSALines()
	if isPI {
		lines = []string{"PI" + removed, lines[len(lines)-1]}
	}
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
}
