package kifu

import (
	"strconv"
	"strings"
	"sync"

	"shogi/game"
)

// The KIF writer writes straight into the bytes of the target encoding:
// the fixed parts of a move line (squares, pieces, 打, 成, 同　) come from
// tables encoded once per encoding, the numbers and times are ASCII in
// both, and only free text (headers, the start position, comments,
// bookmarks, ending words) goes through the Shift_JIS table encoder. When
// that table lacks a character, the record is written again as UTF-8 and
// encoded as a whole by encode, whose x/text fallback and error messages
// (with the line) are the only ones.

// kifText holds the fixed words of KIF move lines in one encoding.
type kifText struct {
	square  [10][10]string // [file][rank]: ７六
	same    string         // 同
	piece   [game.NumPieceTypes]string
	width   [game.NumPieceTypes]int // display columns of piece
	drop    string                  // 打
	promote string                  // 成
	heading string                  // 手数----指手---------消費時間--\n
	branch  string                  // \n変化：
	te      string                  // 手\n
}

var (
	kifUTF8, kifSJIS kifText
	kifTextOnce      sync.Once
)

func buildKIFText() {
	kifUTF8.fill(func(s string) string { return s })
	kifSJIS.fill(func(s string) string {
		b, ok := encodeSJIS(s)
		if !ok {
			panic("kifu: Shift_JIS table lacks " + s) // the words are fixed: a broken table
		}
		return string(b)
	})
}

func (t *kifText) fill(enc func(string) string) {
	for f := 1; f <= 9; f++ {
		for r := 1; r <= 9; r++ {
			t.square[f][r] = enc(fullDigits[f] + kanjiDigit[r])
		}
	}
	t.same = enc("同　")
	for pt := range t.piece {
		k := game.PieceType(pt).Kanji()
		t.piece[pt], t.width[pt] = enc(k), displayWidth(k)
	}
	t.drop, t.promote = enc("打"), enc("成")
	t.heading = enc("手数----指手---------消費時間--\n")
	t.branch, t.te = enc("\n変化："), enc("手\n")
}

// kifWriter writes one KIF file. Its methods take and return the buffer:
// a field would cost a GC write barrier on every append.
type kifWriter struct {
	t     *kifText
	sjis  bool
	bad   bool    // a free text the Shift_JIS table cannot write
	r     *Record // the game being written
	timed bool
}

// marshalKIF writes r as KIF in enc (anything but UTF-8 is Shift_JIS).
func marshalKIF(r *Record, enc Encoding) ([]byte, error) {
	kifTextOnce.Do(buildKIFText)
	w := kifWriter{t: &kifUTF8, sjis: enc != UTF8}
	// A move line takes at most 40 bytes in UTF-8 and 38 in Shift_JIS
	// (`9999 同　成銀(77) (59:59/99:59:59)+`), times under 100 hours.
	perNode := 40
	if w.sjis {
		w.t, perNode = &kifSJIS, 38
	}
	b := w.kif(make([]byte, 0, kifSize(r, perNode)), r, enc)
	if !w.bad {
		return b, nil
	}
	u := kifWriter{t: &kifUTF8} // the same lines in UTF-8, for encode to place the error
	return encode(string(u.kif(b[:0], r, enc)), enc)
}

// kifSize is about the size of r as KIF, so the buffer is allocated once
// (it grows when times run to hundreds of hours).
func kifSize(r *Record, perNode int) int {
	size := 64 + gameSize(r, perNode)
	for _, g := range r.Games {
		size += gameSize(g, perNode)
	}
	return size
}

func gameSize(r *Record, perNode int) int {
	size := 1024 // headers and start position
	for _, h := range r.Headers {
		size += len(h.Key) + len(h.Value) + 8
	}
	return size + treeSize(r.Root, perNode)
}

func treeSize(n *Node, perNode int) int {
	for size := 0; ; n = n.FirstChild() {
		size += perNode + len(n.Comment()) + len(n.Bookmark()) + len(n.Word())
		if c := n.Comment(); c != "" {
			size += 2 * (1 + strings.Count(c, "\n"))
		}
		if n.Eval() != nil {
			size += 64
		}
		if n.FirstChild() == nil {
			return size
		}
		for c := n.FirstChild().NextSibling(); c != nil; c = c.NextSibling() {
			size += 24 + treeSize(c, perNode)
		}
	}
}

// text appends free text in the target encoding.
func (w *kifWriter) text(b []byte, s string) []byte {
	if !w.sjis {
		return append(b, s...)
	}
	b, ok := appendEncodeSJIS(b, s)
	if !ok {
		w.bad = true
	}
	return b
}

// kif appends r and each of its further Games after a blank line and a
// #KIF line, which tells a reader that a game begins there whatever its
// first header is (the same line in both encodings: the file's encoding
// is declared once, at its start).
func (w *kifWriter) kif(b []byte, r *Record, enc Encoding) []byte {
	if enc == UTF8 {
		b = append(b, "#KIF version=2.0 encoding=UTF-8\n"...)
	}
	b = w.game(b, r)
	for _, g := range r.Games {
		b = append(b, "\n#KIF version=2.0\n"...)
		b = w.game(b, g)
	}
	return b
}

// game appends one game: headers, the start, the main line with times and
// comments, then its variations.
func (w *kifWriter) game(b []byte, r *Record) []byte {
	var head strings.Builder
	writeJPHeaders(&head, r)
	writeStart(&head, r)
	b = w.text(b, head.String())
	b = append(b, w.t.heading...)
	b = w.comment(b, r.Root.Comment())
	b = w.bookmark(b, r.Root)
	w.r, w.timed = r, r.hasTimes()
	if first := r.Root.FirstChild(); first != nil {
		b = w.line(b, first, game.NoMove, false)
	}
	return b
}

// line appends the moves from first down the first children, then the
// branches off them (see eachVariation).
func (w *kifWriter) line(b []byte, first *Node, prev game.Move, skipFirstSiblings bool) []byte {
	last := first
	for n := first; ; n = n.FirstChild() {
		b = w.moveLine(b, n, prev)
		if n.Ending == NoEnding {
			prev = n.Move
		}
		if n.FirstChild() == nil {
			last = n
			break
		}
	}
	eachVariation(first, last, skipFirstSiblings, func(_ int, alt *Node) {
		b = append(b, w.t.branch...)
		b = strconv.AppendInt(b, int64(alt.Ply), 10)
		b = append(b, w.t.te...)
		b = w.line(b, alt, lastMove(alt.Parent), true)
	})
	return b
}

// moveLine appends n's line `   1 ７六歩(77)   ( 0:02/00:00:02)`, then its
// comment and bookmark.
func (w *kifWriter) moveLine(b []byte, n *Node, prev game.Move) []byte {
	b = appendNumber(b, n.Ply, 4, ' ')
	b = append(b, ' ')
	var width int
	if n.Ending != NoEnding {
		word := kifWord(n)
		b = w.text(b, word)
		width = displayWidth(word)
	} else {
		b, width = w.move(b, n.Move, prev)
	}
	timed := w.timed && n.HasTime
	if timed {
		b = appendSpaces(b, max(1, 13-width))
		b = appendKIFTime(b, n)
	}
	if n.NextSibling() != nil {
		if n.Ending != NoEnding && !timed {
			b = append(b, ' ') // 投了+ would read as a word of its own elsewhere (ShogiHome)
		}
		b = append(b, '+')
	}
	b = append(b, '\n')
	if n.Eval() == nil {
		b = w.comment(b, n.Comment())
	} else {
		b = w.comment(b, commentFor(n, KIF, func() game.Position { return w.r.PositionAt(n) }))
	}
	return w.bookmark(b, n)
}

// move appends m as kifMove writes it and returns its display width.
func (w *kifWriter) move(b []byte, m, prev game.Move) ([]byte, int) {
	to := m.To()
	if prev != game.NoMove && prev.To() == to {
		b = append(b, w.t.same...)
	} else {
		b = append(b, w.t.square[to.File()][to.Rank()]...)
	}
	pt := m.Piece().Type() % game.NumPieceTypes
	b = append(b, w.t.piece[pt]...)
	width := 4 + w.t.width[pt]
	if m.IsDrop() {
		return append(b, w.t.drop...), width + 2
	}
	if m.IsPromotion() {
		b = append(b, w.t.promote...)
		width += 2
	}
	from := m.From()
	return append(b, '(', byte('0'+from.File()), byte('0'+from.Rank()), ')'), width + 4
}

// comment appends each line of c after *.
func (w *kifWriter) comment(b []byte, c string) []byte {
	if c == "" {
		return b
	}
	for {
		i := strings.IndexByte(c, '\n')
		b = append(b, '*')
		if i < 0 {
			return append(w.text(b, c), '\n')
		}
		b = append(w.text(b, c[:i]), '\n')
		c = c[i+1:]
	}
}

// bookmark appends n's bookmark as `&name`.
func (w *kifWriter) bookmark(b []byte, n *Node) []byte {
	if n.Bookmark() == "" {
		return b
	}
	b = append(b, '&')
	return append(w.text(b, n.Bookmark()), '\n')
}

// appendKIFTime appends ( m:ss/hh:mm:ss), as fmt's %2d:%02d/%02d:%02d:%02d
// would.
func appendKIFTime(b []byte, n *Node) []byte {
	if e, t := Seconds(n.Elapsed), Seconds(n.Total); e < 100*60 && t < 100*3600 {
		// Every field two digits: one append from the digit pairs.
		m, s := 2*(e/60), 2*(e%60)
		h, tm, ts := 2*(t/3600), 2*(t/60%60), 2*(t%60)
		m0 := twoDigits[m]
		if m0 == '0' {
			m0 = ' '
		}
		return append(b, '(', m0, twoDigits[m+1], ':', twoDigits[s], twoDigits[s+1], '/',
			twoDigits[h], twoDigits[h+1], ':', twoDigits[tm], twoDigits[tm+1], ':', twoDigits[ts], twoDigits[ts+1], ')')
	}
	b = append(b, '(')
	b = appendMoveTime(b, Seconds(n.Elapsed))
	b = append(b, '/')
	b = appendTotalTime(b, Seconds(n.Total))
	return append(b, ')')
}

// appendMoveTime appends a move's seconds as KIF does: " 0:08".
func appendMoveTime(b []byte, e int) []byte {
	b = appendNumber(b, e/60, 2, ' ')
	b = append(b, ':')
	return appendNumber(b, e%60, 2, '0')
}

// appendTotalTime appends a side's total seconds as KIF does: "00:00:08".
func appendTotalTime(b []byte, t int) []byte {
	b = appendNumber(b, t/3600, 2, '0')
	b = append(b, ':')
	b = appendNumber(b, t/60%60, 2, '0')
	b = append(b, ':')
	return appendNumber(b, t%60, 2, '0')
}

// appendNumber appends n right-aligned in width columns, padded with pad
// (fmt's %*d with ' ', %0*d with '0'). A wider number is written whole.
func appendNumber(b []byte, n, width int, pad byte) []byte {
	if n >= 0 && n < 100 && width == 2 { // minutes and seconds
		if n < 10 {
			return append(b, pad, byte('0'+n))
		}
		return append(b, twoDigits[2*n], twoDigits[2*n+1])
	}
	if n >= 0 && n < 10000 && width == 4 { // plies
		switch {
		case n < 10:
			return append(b, pad, pad, pad, byte('0'+n))
		case n < 100:
			return append(b, pad, pad, twoDigits[2*n], twoDigits[2*n+1])
		case n < 1000:
			return append(b, pad, byte('0'+n/100), twoDigits[2*(n%100)], twoDigits[2*(n%100)+1])
		}
		return append(b, twoDigits[2*(n/100)], twoDigits[2*(n/100)+1], twoDigits[2*(n%100)], twoDigits[2*(n%100)+1])
	}
	var buf [20]byte
	d := strconv.AppendInt(buf[:0], int64(n), 10)
	if pad == '0' && n < 0 {
		// fmt puts the sign before the zeros.
		b = append(b, '-')
		d = d[1:]
		width--
	}
	for i := len(d); i < width; i++ {
		b = append(b, pad)
	}
	return append(b, d...)
}

const twoDigits = "00010203040506070809101112131415161718192021222324252627282930313233343536373839" +
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879" +
	"8081828384858687888990919293949596979899"

// appendSpaces appends n spaces.
func appendSpaces(b []byte, n int) []byte {
	const spaces = "                "
	for n > len(spaces) {
		b = append(b, spaces...)
		n -= len(spaces)
	}
	return append(b, spaces[:n]...)
}
