package book

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"shogi/game"
)

// File is a book searched on disk (YaneuraOu's BookOnTheFly): opening it
// reads a few kilobytes whatever its size, and a look-up is a binary
// search over the file's bytes for the position's sfen line, a few dozen
// reads of a few kilobytes each. The book must be sorted, as YaneuraOu
// and ShogiHome write books; Open checks the first and last positions,
// and a look-up that meets positions out of order says so. A File may be
// used from several goroutines at once.
type File struct {
	f     *os.File
	path  string
	size  int64
	start int64 // where the first line after the header begins

	// probes remembers what the first halvings found: every look-up
	// begins with the same ones, so after a few look-ups the first dozen
	// reads of each come from here (a few thousand lines at most).
	mu     sync.Mutex
	probes map[int64]probe
}

// probe is the first sfen line at or after an offset: where it begins,
// its key, and where the line after it begins (off -1: none before the
// end of the file).
type probe struct {
	off, next int64
	key       string
}

// cachedDepth is how many halvings of each look-up are remembered.
const cachedDepth = 12

// probeAt returns the first sfen line at or after from, remembered when
// depth is below cachedDepth.
func (f *File) probeAt(lr *lineReader, from int64, depth int) (probe, error) {
	if depth < cachedDepth {
		f.mu.Lock()
		p, ok := f.probes[from]
		f.mu.Unlock()
		if ok {
			return p, nil
		}
	}
	off, line, next, err := lr.nextSFEN(from, f.size)
	if err != nil {
		return probe{}, err
	}
	p := probe{off: off, next: next}
	if off >= 0 {
		p.key, _ = lineKey(line)
		p.key = strings.Clone(p.key) // not the line's whole text
	}
	if depth < cachedDepth {
		f.mu.Lock()
		if f.probes == nil {
			f.probes = map[int64]probe{}
		}
		f.probes[from] = p
		f.mu.Unlock()
	}
	return p, nil
}

// checkSpan is how much of each end of a book Open reads to check the
// header and the order of the positions there.
const checkSpan = 64 << 10

// Open opens the book at path for look-ups on disk.
func Open(path string) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	bf := &File{f: f, path: path}
	if err := bf.open(); err != nil {
		f.Close()
		return nil, err
	}
	return bf, nil
}

func (f *File) open() error {
	st, err := f.f.Stat()
	if err != nil {
		return err
	}
	f.size = st.Size()
	if f.size == 0 {
		return &ParseError{File: f.path, Line: 1, Err: ErrEmpty}
	}
	head := make([]byte, min(f.size, checkSpan))
	if _, err := f.f.ReadAt(head, 0); err != nil && err != io.EOF {
		return err
	}
	if i := bytes.IndexByte(head, 0); i >= 0 {
		return &ParseError{File: f.path, Line: 1 + bytes.Count(head[:i], []byte{'\n'}), Err: ErrBinary}
	}
	// The header (or whatever first line) is read as Reader reads it.
	first, _, _ := bytes.Cut(head, []byte{'\n'})
	rd := NewReader(bytes.NewReader(first), f.path)
	if err := rd.header(); err != nil {
		return err
	}
	if !bytes.HasPrefix(head, []byte("sfen ")) && !bytes.HasPrefix(head, []byte("\ufeffsfen ")) {
		f.start = int64(len(first)) + 1
	}
	if err := f.checkOrder(head, 0); err != nil {
		return err
	}
	if f.size <= checkSpan {
		return f.checkLast(head, 0)
	}
	tail := make([]byte, checkSpan)
	at := f.size - checkSpan
	if _, err := f.f.ReadAt(tail, at); err != nil && err != io.EOF {
		return err
	}
	if i := bytes.IndexByte(tail, '\n'); i >= 0 {
		if err := f.checkOrder(tail[i+1:], at+int64(i)+1); err != nil {
			return err
		}
	}
	return f.checkLast(tail, at)
}

// checkLast reads the book's last entry, whose sfen line is in tail (the
// file's end, from offset at), as a merge reads it: a book cut short,
// its last line broken off, is refused when it is opened, with the line,
// rather than taken and found wanting (or not) by a look-up.
func (f *File) checkLast(tail []byte, at int64) error {
	i := bytes.LastIndex(tail, []byte("\nsfen "))
	var off int64
	switch {
	case i >= 0:
		off = at + int64(i) + 1
	case at == 0 && f.start == 0:
		off = int64(len(tail) - len(bytes.TrimPrefix(tail, []byte("\ufeff")))) // the first line is the first position
	default:
		return nil // no whole sfen line at the end: a look-up says what it meets
	}
	rd := newReader(io.NewSectionReader(f.f, off, f.size-off), f.path, 4096)
	rd.midFile = true
	for {
		_, err := rd.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			var pe *ParseError
			if errors.As(err, &pe) && pe.Line > 0 {
				base, lerr := f.lineAt(off)
				if lerr != nil {
					return lerr
				}
				pe.Line += base - 1
			}
			return err
		}
	}
}

// checkOrder checks that the sfen lines wholly inside chunk, which begins
// at offset at and at the start of a line, come in order.
func (f *File) checkOrder(chunk []byte, at int64) error {
	prev, prevOff := "", int64(0)
	for off := 0; off < len(chunk); {
		end := bytes.IndexByte(chunk[off:], '\n')
		if end < 0 {
			break // cut off by the span
		}
		line := string(chunk[off : off+end])
		if key, ok := lineKey(line); ok {
			if prev != "" && key < prev {
				return f.unsorted(at+int64(off), key, prev, at+prevOff)
			}
			prev, prevOff = key, int64(off)
		}
		off += end + 1
	}
	return nil
}

// unsorted is the error for the sfen line at off, whose key comes before
// prev's, at prevOff.
func (f *File) unsorted(off int64, key, prev string, prevOff int64) error {
	line, err := f.lineAt(off)
	if err != nil {
		return err
	}
	prevLine, _ := f.lineAt(prevOff)
	return &ParseError{File: f.path, Line: line, Err: &UnsortedError{Key: key, Prev: prev, PrevLine: prevLine}}
}

// lineAt returns the number of the line that begins at off, by counting
// the lines before it: slow on a big book, and only for error messages.
func (f *File) lineAt(off int64) (int, error) {
	buf := make([]byte, 1<<20)
	n := 1
	for at := int64(0); at < off; {
		k, err := f.f.ReadAt(buf[:min(int64(len(buf)), off-at)], at)
		n += bytes.Count(buf[:k], []byte{'\n'})
		at += int64(k)
		if err != nil && err != io.EOF {
			return 0, err
		}
		if k == 0 {
			break
		}
	}
	return n, nil
}

// Close closes the file.
func (f *File) Close() error { return f.f.Close() }

// Path returns the file's path.
func (f *File) Path() string { return f.path }

// Size returns the file's size in bytes.
func (f *File) Size() int64 { return f.size }

// Find returns the entry for p, or for p turned round (see Book.Find).
func (f *File) Find(p *game.Position) (Entry, bool, error) { return Find(f, p, true) }

// scanWindow is the span below which the search reads lines one after
// another instead of halving.
const scanWindow = 2 << 10

// Lookup returns the entry filed under key, or nil, with its moves checked
// against the position as they are read.
func (f *File) Lookup(key string) (*Entry, error) {
	lr := &lineReader{f: f, br: bufio.NewReaderSize(nil, 4096)}
	lo, hi := f.start, f.size
	// Invariant: key's sfen line, if the book has it, begins in [lo, hi);
	// every key met before lo is below key, every key met at or after hi
	// above it (loKey and hiKey are the nearest, to catch disorder).
	loKey, hiKey := "", ""
	loOff, hiOff := int64(0), int64(0)
	for depth := 0; hi-lo > scanWindow; depth++ {
		mid := lo + (hi-lo)/2
		p, err := f.probeAt(lr, mid, depth)
		if err != nil {
			return nil, err
		}
		off, k, next := p.off, p.key, p.next
		if off < 0 || off >= hi {
			hi = mid
			continue
		}
		switch {
		case loKey != "" && k < loKey:
			return nil, f.unsorted(off, k, loKey, loOff)
		case hiKey != "" && k > hiKey:
			return nil, f.unsorted(hiOff, hiKey, k, off)
		case k == key:
			return f.entryAt(off, key)
		case key < k:
			hi, hiKey, hiOff = mid, k, off
		default:
			lo, loKey, loOff = next, k, off
		}
	}
	// Few lines left: read them in turn.
	lr.seek(lo)
	prev, prevOff := loKey, loOff
	for {
		off := lr.off
		if off >= hi {
			return nil, nil
		}
		line, err := lr.line()
		if err == io.EOF {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		if !isSFENLine(line) {
			continue
		}
		k, _ := lineKey(string(line))
		switch {
		case prev != "" && k < prev:
			return nil, f.unsorted(off, k, prev, prevOff)
		case k == key:
			return f.entryAt(off, key)
		case k > key:
			if hiKey != "" && k > hiKey {
				return nil, f.unsorted(hiOff, hiKey, k, off)
			}
			return nil, nil
		}
		prev, prevOff = k, off
	}
}

// entryAt reads the entry whose sfen line begins at off, nil if its
// position is not key's (its text is not what Key writes: hands in another
// order, say).
func (f *File) entryAt(off int64, key string) (*Entry, error) {
	rd := newReader(io.NewSectionReader(f.f, off, f.size-off), f.path, 4096)
	rd.midFile = true
	e, err := rd.Next()
	var pe *ParseError
	if errors.As(err, &pe) && pe.Line > 0 {
		// The reader counted from the sfen line: make the number the file's.
		base, lerr := f.lineAt(off)
		if lerr != nil {
			return nil, lerr
		}
		pe.Line += base - 1
	}
	if err == io.EOF || err == nil && e.Key != key {
		return nil, nil
	}
	return e, err
}

// lineKey returns the key of an sfen line: its board, side and hands as
// written (one space between them); ok is false for any other line.
func lineKey(line string) (key string, ok bool) {
	rest, ok := strings.CutPrefix(strings.TrimPrefix(line, "\ufeff"), "sfen ")
	if !ok {
		return "", false
	}
	// The usual form, one space between fields: the key is what comes
	// before the third space (or all of it), with no copy.
	spaces, end := 0, len(rest)
	for i := 0; i < len(rest); i++ {
		if rest[i] == ' ' {
			if i == 0 || rest[i-1] == ' ' {
				spaces = -1
				break
			}
			if spaces++; spaces == 3 {
				end = i
				break
			}
		} else if rest[i] < ' ' && rest[i] != '\r' {
			spaces = -1
			break
		}
	}
	if spaces == 3 || spaces == 2 && !strings.ContainsAny(rest, "\r\t") {
		return rest[:end], true
	}
	f := strings.Fields(rest)
	if len(f) < 3 {
		return rest, true // not a position: no key of Key's will equal it
	}
	return f[0] + " " + f[1] + " " + f[2], true
}

// isSFENLine reports whether b begins an sfen line.
func isSFENLine(b []byte) bool {
	return bytes.HasPrefix(b, sfenPrefix) || bytes.HasPrefix(b, bomSFENPrefix)
}

var (
	sfenPrefix    = []byte("sfen ")
	bomSFENPrefix = []byte("\ufeffsfen ")
)

// lineReader reads a File's lines from an offset, knowing where each
// begins.
type lineReader struct {
	f   *File
	br  *bufio.Reader
	src readerAt
	off int64 // where the next line begins
}

func (lr *lineReader) seek(off int64) {
	lr.src = readerAt{f: lr.f.f, off: off}
	lr.br.Reset(&lr.src)
	lr.off = off
}

// readerAt reads a file from an offset on with ReadAt, which several
// goroutines may do at once on one file.
type readerAt struct {
	f   *os.File
	off int64
}

func (r *readerAt) Read(p []byte) (int, error) {
	n, err := r.f.ReadAt(p, r.off)
	r.off += int64(n)
	if n > 0 && err == io.EOF {
		err = nil
	}
	return n, err
}

// line returns the next line without its end, or io.EOF; the bytes are
// good until the next read.
func (lr *lineReader) line() ([]byte, error) {
	b, err := lr.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		// A line longer than the buffer: gather it (only up to maxLine).
		long := append([]byte(nil), b...)
		for err == bufio.ErrBufferFull && len(long) < maxLine {
			b, err = lr.br.ReadSlice('\n')
			long = append(long, b...)
		}
		b = long
	}
	if len(b) == 0 && err != nil {
		return nil, err
	}
	if err != nil && err != io.EOF {
		return nil, err
	}
	lr.off += int64(len(b))
	return bytes.TrimRight(b, "\r\n"), nil
}

// nextSFEN finds the first sfen line that begins in [from, limit): its
// offset (-1 if none), its text and where the line after it begins.
func (lr *lineReader) nextSFEN(from, limit int64) (off int64, line string, next int64, err error) {
	if from > lr.f.start {
		// Start inside the line before from: the first whole line after
		// it may begin at from itself.
		lr.seek(from - 1)
		if _, err := lr.line(); err != nil {
			if err == io.EOF {
				return -1, "", 0, nil
			}
			return 0, "", 0, err
		}
	} else {
		lr.seek(lr.f.start)
	}
	for lr.off < limit {
		at := lr.off
		l, err := lr.line()
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, "", 0, err
		}
		if isSFENLine(l) {
			return at, string(l), lr.off, nil
		}
	}
	return -1, "", 0, nil
}

// String names the book for messages.
func (f *File) String() string { return fmt.Sprintf("book %s (%d bytes, on disk)", f.path, f.size) }
