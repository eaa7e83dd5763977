// Package lines reads a peer's output line by line with a cap on a
// line's length: an engine or a server that floods garbage without a line
// feed costs at most the cap in memory, never the whole stream. The USI
// client (game/usi) and the CSA client (game/csa) both read through it.
package lines

import (
	"bufio"
	"io"
)

// Reader reads lines of at most Max bytes; the rest of a longer line is
// read and dropped.
type Reader struct {
	r    *bufio.Reader
	max  int
	long []byte
}

// NewReader reads r's lines, each cut at max bytes.
func NewReader(r io.Reader, max int) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 4096), max: max}
}

// Next returns the next line without its line feed (a carriage return
// before it is kept: the protocols differ on what they drop), cut at the
// cap. The error is the underlying reader's, io.EOF at the end; a last
// line without a line feed is returned with a nil error first.
func (l *Reader) Next() (string, error) {
	for {
		chunk, isPrefix, err := l.r.ReadLine()
		if err != nil {
			return "", err
		}
		if !isPrefix && l.long == nil {
			return string(chunk[:min(len(chunk), l.max)]), nil
		}
		if len(l.long) < l.max {
			l.long = append(l.long, chunk[:min(len(chunk), l.max-len(l.long))]...)
		}
		if isPrefix {
			continue
		}
		line := string(l.long)
		l.long = nil
		return line, nil
	}
}
