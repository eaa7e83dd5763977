package book

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Writer writes a book an entry at a time. Entries must come sorted by
// key, as YaneuraOu and ShogiHome write them and as a search on disk
// needs them; one out of order is refused.
type Writer struct {
	w       *bufio.Writer
	buf     []byte
	last    string
	started bool
	err     error
}

// NewWriter returns a writer of a book to w; Close flushes it.
func NewWriter(w io.Writer) *Writer { return &Writer{w: bufio.NewWriterSize(w, 1<<16)} }

// Write writes e after the header (written before the first entry). An
// entry without moves is left out, as YaneuraOu and ShogiHome leave it.
func (w *Writer) Write(e *Entry) error {
	if w.err != nil {
		return w.err
	}
	w.start()
	if len(e.Moves) == 0 {
		return nil
	}
	if w.last != "" && e.Key <= w.last {
		w.err = fmt.Errorf("book: position %q written after %q: entries must come sorted by key, each once", e.Key, w.last)
		return w.err
	}
	w.last = e.Key
	b := appendEntry(w.buf[:0], e)
	_, w.err = w.w.Write(b)
	w.buf = b
	return w.err
}

func (w *Writer) start() {
	if !w.started {
		w.started = true
		_, w.err = w.w.WriteString(Header + "\n")
	}
}

// Close writes the header if nothing else was written, and flushes.
func (w *Writer) Close() error {
	if w.err != nil {
		return w.err
	}
	w.start()
	if w.err != nil {
		return w.err
	}
	return w.w.Flush()
}

// appendEntry appends e's lines: sfen, the position's comment, then each
// move with its comment.
func appendEntry(b []byte, e *Entry) []byte {
	b = append(b, "sfen "...)
	b = append(b, e.Key...)
	if e.Ply > 0 {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(e.Ply), 10)
	}
	b = append(b, '\n')
	b = appendComment(b, e.Comment)
	for i := range e.Moves {
		b = appendMove(b, &e.Moves[i])
		b = appendComment(b, e.Moves[i].Comment)
	}
	return b
}

// appendMove writes a move line. Fields not known are written "none" (as
// ShogiHome does) up to the last one known; results, a break-down of the
// count, follow it, and without a count are left out.
func appendMove(b []byte, m *Move) []byte {
	b = append(b, m.Move.USI()...)
	b = append(b, ' ')
	b = append(b, m.Ponder.USI()...) // "none" for NoMove
	count, hasCount := m.Count, m.HasCount
	results := m.Results.Known() && hasCount && m.Results.Games() <= count
	if !m.HasScore && !m.HasDepth && !hasCount {
		return append(b, '\n')
	}
	field := func(n int64, has bool) {
		b = append(b, ' ')
		if has {
			b = strconv.AppendInt(b, n, 10)
		} else {
			b = append(b, "none"...)
		}
	}
	field(int64(m.Score), m.HasScore)
	if m.HasDepth || hasCount {
		field(int64(m.Depth), m.HasDepth)
	}
	if hasCount {
		field(count, true)
	}
	if results {
		b = append(b, " w"...)
		b = strconv.AppendInt(b, m.Results.Wins, 10)
		b = append(b, " d"...)
		b = strconv.AppendInt(b, m.Results.Draws, 10)
		b = append(b, " l"...)
		b = strconv.AppendInt(b, m.Results.Losses, 10)
	}
	return append(b, '\n')
}

// appendComment writes each line of c after a #. Carriage returns are
// dropped: a reader takes CR LF for a line's end.
func appendComment(b []byte, c string) []byte {
	if c == "" {
		return b
	}
	c = strings.ReplaceAll(c, "\r", "")
	for line := range strings.SplitSeq(c, "\n") {
		b = append(b, '#')
		b = append(b, line...)
		b = append(b, '\n')
	}
	return b
}

// Write writes b to w, positions sorted by key.
func Write(w io.Writer, b *Book) error {
	bw := NewWriter(w)
	for _, k := range b.Keys() {
		if err := bw.Write(b.entries[k]); err != nil {
			return err
		}
	}
	return bw.Close()
}

// WriteFile writes b to path through a temporary file beside it, so a
// failure leaves no partial book.
func WriteFile(path string, b *Book) error {
	return WriteFileWith(path, func(w io.Writer) error { return Write(w, b) })
}

// WriteFileWith writes path through a temporary file beside it that fill
// writes, renamed into place when fill succeeds, so a failure leaves no
// partial file (and path may be one of the files fill reads).
func WriteFileWith(path string, fill func(io.Writer) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = tmp.Chmod(0o644); err != nil {
		return err
	}
	if err = fill(tmp); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
