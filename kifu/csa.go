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
func readCSA(text string) (*Record, error) { return readCSAIn(text, nil) }

// readCSAIn is readCSA with the nodes taken from blk (see nodeBlock), for
// text of one game.
func readCSAIn(text string, blk *nodeBlock) (*Record, error) {
	var first *Record
	s := scanner{text: text}
	sh := csaShared{blk: blk}
	if blk == nil {
		// One block for the nodes of every game, passed on from each game
		// to the next, wastes nothing between games.
		sh.nodes = make([]Node, csaNodes(text)+2)
	}
	for {
		r, more, err := readCSAGame(&s, &sh)
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

// csaNodes counts the lines that begin with +, - or %: about the moves and
// endings of a file written one statement a line, as programs write CSA
// (a line holding more takes further blocks as it is read).
func csaNodes(text string) int {
	n := 0
	for i := 0; i < len(text); {
		switch text[i] {
		case '+', '-', '%':
			n++
		}
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return n
}

// csaShared is what the games of one file share as they are read one
// after another.
type csaShared struct {
	b     builder
	blk   *nodeBlock // where each game's nodes come from, when not nil
	nodes []Node     // else the nodes that no game has taken yet
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
	sh        *csaShared
}

// readCSAGame reads one game up to a `/` line or the end. more is true if
// a `/` was met. A part with no statement (a `/` first or last, two in a
// row) is no game: nil without an error.
func readCSAGame(s *scanner, sh *csaShared) (r *Record, more bool, err error) {
	g := &csaGame{s: s, r: NewRecord(game.StartPosition()), sh: sh}
	defer g.passNodes()
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

// passNodes hands the nodes the game did not use on to the next game. The
// record lets go of them, so that a move added to it later takes new
// memory rather than a node of the next game.
func (g *csaGame) passNodes() {
	if g.b != nil && g.sh.blk == nil {
		g.sh.nodes, g.r.slab = g.r.slab, nil
	}
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
	for t != "" && (t[len(t)-1] == ' ' || t[len(t)-1] == '\t') {
		t = t[:len(t)-1]
	}
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
	g.b = &g.sh.b
	g.b.start(g.r)
	g.b.line = g.s.line
	if g.sh.blk == nil {
		g.r.slab = g.sh.nodes
		return nil
	}
	// Every move and the ending is a line of its own and has a + or -, so
	// the fewer of the lines and the signs is room for them (one-byte
	// counts, which are fast).
	rest := g.s.text[:csaGameEnd(g.s.text)]
	n := min(strings.Count(rest, "\n"), strings.Count(rest, "+")+strings.Count(rest, "-")) + 2
	g.sh.blk.give(g.r, n)
	return nil
}

// csaGameEnd returns where the game that text begins with ends: at a line
// that starts with "/", or at the end.
func csaGameEnd(text string) int {
	for off := 0; ; {
		i := strings.IndexByte(text[off:], '/')
		if i < 0 {
			return len(text)
		}
		if at := off + i; at == 0 || text[at-1] == '\n' {
			return at
		}
		off += i + 1
	}
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
	secs, ok := csaSeconds(t[1:])
	if !ok {
		return g.errAt("bad time %q", clip(t))
	}
	d := time.Duration(secs) * time.Second
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

// csaSeconds reads the seconds of a T statement, rounded: whole seconds
// (the usual case, read without strconv) or a decimal (T1.5, CSA V3).
func csaSeconds(s string) (int64, bool) {
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' || i >= 10 {
			f, err := strconv.ParseFloat(s, 64)
			if err != nil || f < 0 || f > 1e9 || math.IsNaN(f) {
				return 0, false
			}
			return int64(math.Round(f)), true
		}
		n = n*10 + int64(c-'0')
	}
	return n, s != ""
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
		if !ok || shadowed(r, h) {
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
	writeComment(b, r.Root.Comment(), "'*")
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
			fmt.Fprintf(b, "T%d\n", Seconds(n.Elapsed))
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
