package kifu

import (
	"fmt"
	"strings"
)

// MaxPaste is the longest text ReadPaste reads: far more than any game
// record (a 400-move KIF with comments is some 40 KB), and little enough
// that a paste by mistake is refused at once.
const MaxPaste = 4 << 20

// PasteTooLong refuses a paste longer than MaxPaste.
type PasteTooLong struct {
	Size, Limit int // bytes
}

func (e *PasteTooLong) Error() string {
	return fmt.Sprintf("the pasted text is %.1f MB; a record pasted may be at most %d MB (open a longer one as a file)",
		float64(e.Size)/(1<<20), e.Limit>>20)
}

// PasteName is the name errors give a pasted record.
const PasteName = "paste"

// ReadPaste reads a whole record pasted into the app: text of any format
// (KIF, KI2, CSA, JKF, USI, SFEN, Western), told apart by its content as
// a file's is. A terminal sends a paste's line breaks as CR, so CR and
// CRLF are read as line breaks. Errors are *ParseError naming "paste" (a
// *PasteTooLong inside for a paste beyond MaxPaste); what comes back with
// an error is as for Read.
func ReadPaste(text string) (*Record, error) {
	if len(text) > MaxPaste {
		return nil, &ParseError{File: PasteName, Err: &PasteTooLong{Size: len(text), Limit: MaxPaste}}
	}
	if strings.IndexByte(text, '\r') >= 0 {
		text = strings.ReplaceAll(text, "\r\n", "\n")
		text = strings.ReplaceAll(text, "\r", "\n")
	}
	return Read([]byte(text), PasteName)
}
