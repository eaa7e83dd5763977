package book

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"shogi/game"
)

// ParseError is a problem in a book file and where it is.
type ParseError struct {
	File string // may be empty
	Line int    // 1-based; 0 when the problem is the file as a whole
	Err  error
}

func (e *ParseError) Error() string {
	loc := e.File
	if loc == "" {
		loc = "book"
	}
	if e.Line > 0 {
		loc = fmt.Sprintf("%s:%d", loc, e.Line)
	}
	return fmt.Sprintf("%s: %v", loc, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// The problems that concern a book as a whole.
var (
	// ErrEmpty: a file with no bytes at all (a book with no positions
	// still has its header line).
	ErrEmpty = errors.New("empty file: a book starts with " + Header)
	// ErrBinary: NUL bytes, as in YaneuraOu's .ybb and Apery's .bin books.
	ErrBinary = errors.New("binary data: this reads the text book (" + Header + "), not a binary one such as .ybb or .bin")
)

// VersionError is a header of this family that names another version.
type VersionError struct{ Header string }

func (e *VersionError) Error() string {
	return fmt.Sprintf("unsupported book header %q (want %s)", e.Header, Header)
}

// UnsortedError is a position that comes before the one above it: an
// on-disk search (or a merge that streams) needs the positions sorted by
// their sfen text, as YaneuraOu and ShogiHome write them.
type UnsortedError struct {
	Key, Prev string
	PrevLine  int // where Prev is; 0 when not known
}

func (e *UnsortedError) Error() string {
	where := ""
	if e.PrevLine > 0 {
		where = fmt.Sprintf(" on line %d", e.PrevLine)
	}
	return fmt.Sprintf("book not sorted: position %q comes after %q%s (sort it: shogi book merge BOOK -o SORTED)", e.Key, e.Prev, where)
}

// maxLine bounds a line: a longer one is not a book's.
const maxLine = 1 << 20

// Reader reads a book an entry at a time, in file order, with little
// memory whatever the book's size.
type Reader struct {
	sc   *bufio.Scanner
	file string
	line int
	// Sorted makes a position out of order an *UnsortedError (equal keys,
	// the same position at two move numbers, may follow each other).
	Sorted bool
	// midFile: the text starts at an sfen line inside a book (a look-up
	// on disk): no header is looked for, and line numbers are relative.
	midFile bool

	started  bool
	pending  string // an sfen line read ahead, "" if none
	pendLine int
	prev     string // the last key returned
	prevLine int
}

// NewReader returns a reader of the book in r; name is used in errors.
func NewReader(r io.Reader, name string) *Reader { return newReader(r, name, 64<<10) }

func newReader(r io.Reader, name string, bufSize int) *Reader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, bufSize), maxLine)
	return &Reader{sc: sc, file: name}
}

func (r *Reader) errAt(line int, err error) error {
	return &ParseError{File: r.file, Line: line, Err: err}
}

// scan returns the next line without its end (CR LF or LF).
func (r *Reader) scan() (string, bool, error) {
	if !r.sc.Scan() {
		if err := r.sc.Err(); err != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				return "", false, r.errAt(r.line+1, fmt.Errorf("line longer than %d bytes: not a book", maxLine))
			}
			return "", false, &ParseError{File: r.file, Err: err}
		}
		return "", false, nil
	}
	r.line++
	line := strings.TrimSuffix(r.sc.Text(), "\r")
	if r.line == 1 {
		line = strings.TrimPrefix(line, "\ufeff")
	}
	return line, true, nil
}

// header reads the first line.
func (r *Reader) header() error {
	r.started = true
	line, ok, err := r.scan()
	if err != nil {
		return err
	}
	if !ok {
		return r.errAt(1, ErrEmpty)
	}
	if bytes.IndexByte(r.sc.Bytes(), 0) >= 0 {
		return r.errAt(1, ErrBinary)
	}
	if strings.HasPrefix(line, "#YANEURAOU-DB") && strings.TrimRight(line, " \t") != Header {
		return r.errAt(1, &VersionError{Header: line})
	}
	if strings.HasPrefix(line, "sfen ") {
		r.pending, r.pendLine = line, r.line
		return nil
	}
	return r.other(line) // a first line that is a comment or blank is no position's
}

// other checks a line met before any position: comments and blank lines
// only.
func (r *Reader) other(line string) error {
	if kind, _ := classify(line); kind == blankLine || kind == commentLine {
		return nil
	}
	if strings.IndexByte(line, 0) >= 0 {
		return r.errAt(r.line, ErrBinary)
	}
	return r.errAt(r.line, fmt.Errorf("%q before any sfen line: want sfen, a move after one, or a comment", clip(line)))
}

// Next returns the next entry, or io.EOF after the last. An entry with no
// moves is returned too (YaneuraOu and ShogiHome write none).
func (r *Reader) Next() (*Entry, error) {
	if !r.started && !r.midFile {
		if err := r.header(); err != nil {
			return nil, err
		}
	}
	r.started = true
	for r.pending == "" {
		line, ok, err := r.scan()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, io.EOF
		}
		if strings.HasPrefix(line, "sfen ") {
			r.pending, r.pendLine = line, r.line
			break
		}
		if err := r.other(line); err != nil {
			return nil, err
		}
	}
	e, pos, err := parseSFENLine(r.pending)
	if err != nil {
		return nil, r.errAt(r.pendLine, err)
	}
	line := r.pendLine
	r.pending = ""
	if r.Sorted && r.prev != "" && e.Key < r.prev {
		return nil, r.errAt(line, &UnsortedError{Key: e.Key, Prev: r.prev, PrevLine: r.prevLine})
	}
	r.prev, r.prevLine = e.Key, line
	var after game.Position // the position after the last move read, for its ponder
	for {
		text, ok, err := r.scan()
		if err != nil {
			return nil, err
		}
		if !ok {
			return e, nil
		}
		kind, rest := classify(text)
		switch kind {
		case sfenLine:
			r.pending, r.pendLine = text, r.line
			return e, nil
		case blankLine:
		case commentLine:
			if n := len(e.Moves); n > 0 {
				e.Moves[n-1].Comment = addLine(e.Moves[n-1].Comment, rest)
			} else {
				e.Comment = addLine(e.Comment, rest)
			}
		case moveLine:
			m, err := parseMoveLine(&pos, &after, text)
			if err != nil {
				return nil, r.errAt(r.line, err)
			}
			e.Moves = addMove(e.Moves, m)
		default:
			if strings.IndexByte(text, 0) >= 0 {
				return nil, r.errAt(r.line, ErrBinary)
			}
			return nil, r.errAt(r.line, fmt.Errorf("cannot read %q: want sfen, a move (as 7g7f) or a comment (# or //)", clip(text)))
		}
	}
}

// addMove appends m, or adds it to the same move read before (as
// YaneuraOu does: the later line's fields, the counts summed).
func addMove(moves []Move, m Move) []Move {
	for i := range moves {
		if moves[i].Move.SameAs(m.Move) {
			c, res := moves[i].Count, moves[i].Results
			had := moves[i].HasCount
			moves[i] = m
			moves[i].Count += c
			moves[i].HasCount = m.HasCount || had
			moves[i].Results = m.Results.Add(res)
			return moves
		}
	}
	return append(moves, m)
}

func addLine(base, next string) string {
	if base == "" {
		return next
	}
	return base + "\n" + next
}

type lineKind int

const (
	otherLine lineKind = iota
	blankLine
	commentLine
	sfenLine
	moveLine
)

// classify tells a line's kind; for a comment, rest is its text.
func classify(line string) (kind lineKind, rest string) {
	switch {
	case strings.TrimSpace(line) == "":
		return blankLine, ""
	case strings.HasPrefix(line, "#"):
		return commentLine, line[1:]
	case strings.HasPrefix(line, "//"):
		return commentLine, line[2:]
	case strings.HasPrefix(line, "sfen "):
		return sfenLine, ""
	case looksLikeMove(line):
		return moveLine, ""
	}
	return otherLine, ""
}

// looksLikeMove reports whether a line starts with a USI move's shape:
// 7g7f, 8h2b+ or P*5e (the legality is checked later).
func looksLikeMove(l string) bool {
	if len(l) >= 4 && l[1] == '*' {
		return strings.IndexByte("PLNSGBRplnsgbr", l[0]) >= 0 && l[2] >= '1' && l[2] <= '9' && l[3] >= 'a' && l[3] <= 'i'
	}
	return len(l) >= 4 && l[0] >= '1' && l[0] <= '9' && l[1] >= 'a' && l[1] <= 'i' && l[2] >= '1' && l[2] <= '9' && l[3] >= 'a' && l[3] <= 'i'
}

// parseSFENLine reads "sfen BOARD SIDE HANDS [PLY]" into an entry with
// its key, and the position (move number 1).
func parseSFENLine(line string) (*Entry, game.Position, error) {
	f := strings.Fields(strings.TrimPrefix(line, "sfen "))
	if len(f) != 3 && len(f) != 4 {
		return nil, game.Position{}, fmt.Errorf("sfen line %q: want the board, side to move, hands and move number", clip(line))
	}
	ply := 0
	if len(f) == 4 {
		n, err := strconv.Atoi(f[3])
		if err != nil || n < 1 || n > 1_000_000 {
			return nil, game.Position{}, fmt.Errorf("sfen line %q: bad move number %q", clip(line), f[3])
		}
		ply = n
	}
	p, err := game.ParseSFEN(f[0] + " " + f[1] + " " + f[2] + " 1")
	if err != nil {
		return nil, game.Position{}, fmt.Errorf("sfen line %q: %v", clip(line), err)
	}
	return &Entry{Key: Key(&p), Ply: ply}, p, nil
}

// parseMoveLine reads "MOVE [PONDER [SCORE [DEPTH [COUNT [COMMENT]]]]]"
// against p. after receives the position after the move.
func parseMoveLine(p, after *game.Position, line string) (Move, error) {
	fields, rest := splitFields(strings.TrimRight(line, " \t"), 5)
	var m Move
	mv, err := p.ParseUSI(fields[0])
	if err == nil {
		err = p.CheckMove(mv)
	}
	if err != nil {
		return m, fmt.Errorf("move %s: %w", fields[0], err)
	}
	m.Move = mv
	*after = p.Play(mv)
	if len(fields) > 1 && !isNone(fields[1]) {
		pm, err := after.ParseUSI(fields[1])
		if err == nil {
			err = after.CheckMove(pm)
		}
		if err != nil {
			return m, fmt.Errorf("reply %s after %s: %w", fields[1], fields[0], err)
		}
		m.Ponder = pm
	}
	num := func(i int, what string, lo, hi int64) (int64, bool, error) {
		if len(fields) <= i || isNone(fields[i]) {
			return 0, false, nil
		}
		n, err := strconv.ParseInt(fields[i], 10, 64)
		if err != nil || n < lo || n > hi {
			return 0, false, fmt.Errorf("move %s: bad %s %q", fields[0], what, fields[i])
		}
		return n, true, nil
	}
	var n int64
	if n, m.HasScore, err = num(2, "score", math.MinInt32, math.MaxInt32); err != nil {
		return m, err
	}
	m.Score = int(n)
	if n, m.HasDepth, err = num(3, "depth", math.MinInt32, math.MaxInt32); err != nil {
		return m, err
	}
	m.Depth = int(n)
	if m.Count, m.HasCount, err = num(4, "count", 0, math.MaxInt64/4); err != nil {
		return m, err
	}
	rest = strings.TrimLeft(rest, " \t")
	if c, ok := strings.CutPrefix(rest, "#"); ok {
		rest = c
	} else if c, ok := strings.CutPrefix(rest, "//"); ok {
		rest = c
	}
	m.Results, m.Comment = parseResults(rest)
	if m.Results.Known() && (!m.HasCount || m.Results.Games() > m.Count) {
		// Results are a count's break-down: without one they are a comment.
		m.Results, m.Comment = Results{}, rest
	}
	return m, nil
}

// isNone reports whether a field says "nothing": empty (older ShogiHome),
// none (YaneuraOu, ShogiHome), or None and resign, which YaneuraOu also
// reads so.
func isNone(s string) bool { return s == "" || s == "none" || s == "None" || s == "resign" }

// splitFields splits s into at most n fields at single spaces (or tabs),
// as ShogiHome reads a move line: two spaces in a row leave an empty field
// between them, which older ShogiHome versions wrote for a missing score
// or depth. rest is what follows the n-th field and its space.
func splitFields(s string, n int) (fields []string, rest string) {
	for len(fields) < n && s != "" {
		end := strings.IndexAny(s, " \t")
		if end < 0 {
			return append(fields, s), ""
		}
		fields = append(fields, s[:end])
		s = s[end+1:]
	}
	return fields, s
}

// parseResults reads the results a built book writes after the fifth
// field, "wW dD lL", and returns them and the rest of the comment.
func parseResults(s string) (Results, string) {
	f, rest := splitFields(s, 3)
	if len(f) == 3 && f[2] == "" {
		return Results{}, s
	}
	var r Results
	if len(f) != 3 {
		return r, s
	}
	for i, p := range []*int64{&r.Wins, &r.Draws, &r.Losses} {
		if len(f[i]) < 2 || f[i][0] != "wdl"[i] {
			return Results{}, s
		}
		n, err := strconv.ParseInt(f[i][1:], 10, 64)
		if err != nil || n < 0 || f[i][1] == '+' {
			return Results{}, s
		}
		*p = n
	}
	return r, strings.TrimLeft(rest, " \t")
}

// clip shortens text for an error message.
func clip(s string) string {
	if len(s) <= 60 {
		return s
	}
	cut := 60
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// Read reads a whole book into memory. A position listed twice keeps the
// entry with the lower move number, as ShogiHome does.
func Read(r io.Reader, name string) (*Book, error) {
	b := New()
	rd := NewReader(r, name)
	for {
		e, err := rd.Next()
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return nil, err
		}
		if old := b.entries[e.Key]; old == nil || e.Ply < old.Ply {
			b.entries[e.Key] = e
		}
	}
}

// ReadFile reads the book at path into memory.
func ReadFile(path string) (*Book, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(bufio.NewReaderSize(f, 1<<16), path)
}
