package kifu

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
	"unicode/utf8"
)

// GameReader reads the games of a record file one at a time, holding one
// game's text at a time however long the file: the games of a CSA file
// separated by "/", the KIF records of a file written one after another,
// and each line of a USI file ("startpos moves …", as opening lists and
// YaneuraOu's makebook inputs have them). A file of any other format is
// read whole and gives its game.
type GameReader struct {
	// Reuse makes each game take the memory of the game before it: a game
	// is good only until the next call to Next. For callers that look at
	// each game once (a book build), it keeps reading a file of any
	// number of games to a few allocations a game.
	Reuse bool

	blk    nodeBlock
	br     *bufio.Reader
	name   string
	format Format
	sjis   bool // the file's text is Shift_JIS (decided from its start)
	line   int  // lines read so far

	// The game being gathered: its text, the line before its first,
	// and for KIF whether its moves have begun.
	buf       []byte
	textStart int
	moved     bool
	pending   []byte // a line read ahead that begins the next game
	queue     []*Record
	eof       bool
}

// peekSize is how much of a file decides its format and encoding.
const peekSize = 64 << 10

// NewGameReader returns a reader of the games in r, a file called name
// (for its extension and for messages) in format f (Unknown: from its
// first bytes, then its name).
func NewGameReader(r io.Reader, name string, f Format) *GameReader {
	g := &GameReader{br: bufio.NewReaderSize(r, peekSize), name: name, format: f}
	head, _ := g.br.Peek(peekSize)
	head = bytes.TrimPrefix(head, utf8BOM)
	// A cut at the end of the peek may split a character: judge the rest.
	for i := 0; i < 3 && len(head) > 0 && !utf8.Valid(head) && len(head) == peekSize-i; i++ {
		head = head[:len(head)-1]
	}
	text, enc, _, _ := Decode(head)
	g.sjis = enc != UTF8
	if g.format == Unknown {
		var sure bool
		g.format, sure = detect(text)
		if byName := FormatOfPath(name); !sure && byName != Unknown {
			g.format = byName
		}
	}
	return g
}

// Format returns the format the games are read in.
func (g *GameReader) Format() Format { return g.format }

// Next returns the next game, or io.EOF after the last. A game that cannot
// be read gives what ReadFormat gives for it (the game up to the problem,
// or nil, and a *ParseError whose line is the file's); the next call goes
// on with the game after it.
func (g *GameReader) Next() (*Record, error) {
	if len(g.queue) > 0 {
		r := g.queue[0]
		g.queue = g.queue[1:]
		return r, nil
	}
	switch g.format {
	case CSA, KIF, USI, SFEN:
		return g.nextStreamed()
	}
	if g.eof {
		return nil, io.EOF
	}
	g.eof = true
	data, err := io.ReadAll(g.br)
	if err != nil {
		return nil, err
	}
	r, err := ReadFormat(data, g.name, g.format)
	if r != nil {
		g.queue, r.Games = r.Games, nil
	}
	return r, err
}

// nextStreamed gathers the next game's lines and reads them.
func (g *GameReader) nextStreamed() (*Record, error) {
	for {
		text, start, ok, err := g.gather()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, io.EOF
		}
		if !hasStatement(text, g.format) {
			continue // a part with nothing in it: no game
		}
		var blk *nodeBlock
		if g.Reuse {
			blk = &g.blk
		}
		var r *Record
		switch g.format {
		case CSA:
			r, err = readCSAIn(text, blk)
		case KIF:
			r, err = readJapaneseIn(text, false, blk)
		default:
			r, err = readUSIIn(text, blk)
		}
		var pe *ParseError
		if errors.As(err, &pe) {
			if pe.Line > 0 {
				pe.Line += start
			} else {
				pe.Line = start + 1
			}
		}
		return r, withFile(err, g.name)
	}
}

// hasStatement reports whether a game's text is a game: in CSA and USI
// anything but blank lines and comments, in KIF anything but blank lines
// (as ReadFormat reads a KIF file of comments as an empty game).
func hasStatement(text string, f Format) bool {
	for l := range strings.SplitSeq(text, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "":
		case f == CSA && strings.HasPrefix(l, "'"):
		case f != CSA && f != KIF && strings.HasPrefix(l, "#"):
		default:
			return true
		}
	}
	return false
}

// gather reads the lines of the next game: its text and the number of
// lines before it; ok is false at the end of the file. The lines are
// decoded into one buffer and looked at there, so a game costs one string.
func (g *GameReader) gather() (text string, start int, ok bool, err error) {
	g.buf = g.buf[:0]
	g.textStart = g.line
	g.moved = false
	if g.pending != nil {
		g.textStart = g.line - 1
		g.buf = append(g.buf, g.pending...)
		g.pending = nil
	}
	for {
		raw, rerr := g.br.ReadSlice('\n')
		if rerr == bufio.ErrBufferFull {
			long := append([]byte(nil), raw...)
			for rerr == bufio.ErrBufferFull {
				raw, rerr = g.br.ReadSlice('\n')
				long = append(long, raw...)
			}
			raw = long
		}
		if len(raw) == 0 && rerr != nil {
			if rerr != io.EOF {
				return "", 0, false, rerr
			}
			if len(g.buf) == 0 && g.line == g.textStart {
				return "", 0, false, nil
			}
			return string(g.buf), g.textStart, true, nil
		}
		g.line++
		lineStart := len(g.buf)
		g.decode(raw)
		line := g.buf[lineStart:]
		if g.ends(line) {
			if g.format == KIF {
				g.pending = append([]byte(nil), line...)
				g.pending = append(g.pending, '\n')
			} // a CSA "/" belongs to no game
			return string(g.buf[:lineStart]), g.textStart, true, nil
		}
		g.buf = append(g.buf, '\n')
		if g.format == USI || g.format == SFEN {
			if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
				return string(g.buf), g.textStart, true, nil // one game a line
			}
		}
		if rerr == io.EOF {
			return string(g.buf), g.textStart, true, nil
		}
	}
}

var (
	madeBytes    = []byte("まで")
	headingBytes = []byte(kifHeading)
	kifMark      = []byte("#KIF")
	fullColon    = []byte("：")
	fullSpace    = []byte("　")
	slashBytes   = []byte("/")
)

// decode appends one line's text to the buffer, without its line end.
func (g *GameReader) decode(raw []byte) {
	raw = bytes.TrimRight(raw, "\r\n")
	if g.line == 1 {
		raw = bytes.TrimPrefix(raw, utf8BOM)
	}
	if !g.sjis || utf8.Valid(raw) {
		g.buf = append(g.buf, raw...)
		return
	}
	n := len(g.buf)
	if out, ok := appendSJIS(g.buf, raw); ok {
		g.buf = out
		return
	}
	s, _, _, _ := Decode(raw)
	g.buf = append(g.buf[:n], s...)
}

// ends reports whether line ends the game being gathered: a "/" in CSA;
// in KIF a #KIF line or an opening header (開始日時, 手合割, 先手 …) after
// the game's moves, as splitKIFGames cuts.
func (g *GameReader) ends(line []byte) bool {
	switch g.format {
	case CSA:
		return bytes.Equal(bytes.TrimSpace(line), slashBytes)
	case KIF:
		t := line
		for len(t) > 0 {
			if t[0] == ' ' || t[0] == '\t' {
				t = t[1:]
			} else if bytes.HasPrefix(t, fullSpace) {
				t = t[len(fullSpace):]
			} else {
				break
			}
		}
		if len(t) == 0 {
			return false
		}
		if c := t[0]; c >= '0' && c <= '9' || bytes.HasPrefix(t, madeBytes) || bytes.HasPrefix(t, headingBytes) && isKIFHeading(string(t)) {
			g.moved = true
			return false
		}
		if !g.moved {
			return false
		}
		if bytes.HasPrefix(t, kifMark) {
			return true
		}
		if bytes.IndexByte(t, ':') < 0 && !bytes.Contains(t, fullColon) {
			return false // no header: a comment, a branch, a move
		}
		key, _, isHeader := splitHeader(string(t))
		return isHeader && gameOpeners[key]
	}
	return false
}

// nodeBlock is memory for a game's nodes that a GameReader hands from each
// game to the next (Reuse).
type nodeBlock struct {
	nodes []Node
}

// give makes r take its nodes from the block, cleared, with room for n;
// a nil block gives nothing.
func (blk *nodeBlock) give(r *Record, n int) {
	if blk == nil {
		return
	}
	if len(blk.nodes) < n {
		blk.nodes = make([]Node, n+n/4)
	} else {
		clear(blk.nodes)
	}
	r.slab = blk.nodes
}
