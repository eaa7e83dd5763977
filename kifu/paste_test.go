package kifu

import (
	"errors"
	"strings"
	"testing"
)

// FuzzReadPaste: any paste reads as a record or gives a *ParseError
// naming the paste, never a panic; what reads reads the same with its
// line breaks sent as CR, as a terminal sends them.
func FuzzReadPaste(f *testing.F) {
	addSeeds(f, "手合割：平手\r   1 ７六歩(77)\r", "position startpos moves 7g7f\r\n", "sfen 9/9/9/9/9/9/9/9/9 b - 1")
	f.Fuzz(func(t *testing.T, data []byte) {
		text := string(data)
		r, err := ReadPaste(text)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.File != PasteName {
				t.Fatalf("error %v (%T) does not name the paste", err, err)
			}
			return
		}
		if r == nil {
			t.Fatal("no record and no error")
		}
		if strings.ContainsRune(text, '\r') {
			return
		}
		cr, err := ReadPaste(strings.ReplaceAll(text, "\n", "\r"))
		if err != nil || usiLine(cr.MainMoves()) != usiLine(r.MainMoves()) || cr.Start.SFEN() != r.Start.SFEN() {
			t.Fatalf("with CR line breaks: %v, moves %q, want %q", err, usiLine(cr.MainMoves()), usiLine(r.MainMoves()))
		}
	})
}
