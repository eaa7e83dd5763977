package kifu

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
)

// Encoding is a text encoding a record is written in.
type Encoding int

const (
	UTF8     Encoding = iota
	ShiftJIS          // Shift_JIS as Windows extends it (CP932), what Kifu for Windows writes
	EUCJP             // read only: some old CSA files
)

func (e Encoding) String() string {
	switch e {
	case ShiftJIS:
		return "Shift_JIS"
	case EUCJP:
		return "EUC-JP"
	}
	return "UTF-8"
}

// ParseEncoding reads "utf8", "utf-8", "sjis", "shift_jis", "cp932" …
func ParseEncoding(s string) (Encoding, error) {
	switch strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), "-", "")) {
	case "utf8":
		return UTF8, nil
	case "sjis", "shiftjis", "shift_jis", "cp932", "windows31j", "ms932":
		return ShiftJIS, nil
	}
	return UTF8, fmt.Errorf("unknown encoding %q (want utf8 or sjis)", s)
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// Decode turns the bytes of a record file into text. The bytes decide, not
// any encoding the file declares (real files lie): a BOM or valid UTF-8 is
// UTF-8, then strict Shift_JIS (CP932), then strict EUC-JP. Bytes none of
// them reads are decoded as Shift_JIS with U+FFFD for what is unreadable,
// and a warning names the first such line: the damage is usually in a
// comment, and a move it reaches fails to parse with its line. Binary data
// (NUL bytes: UTF-16, images) is an error.
func Decode(data []byte) (text string, enc Encoding, warning string, err error) {
	data = bytes.TrimPrefix(data, utf8BOM)
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return "", UTF8, "", &ParseError{Line: 1 + bytes.Count(data[:i], []byte{'\n'}), Err: errors.New("binary data (NUL bytes): a record must be UTF-8 or Shift_JIS text, not UTF-16 or another binary format")}
	}
	if utf8.Valid(data) {
		return string(data), UTF8, "", nil
	}
	if out, ok := decodeSJIS(data); ok {
		return out, ShiftJIS, "", nil
	}
	if out, ok := decodeStrict(japanese.EUCJP, data); ok {
		return out, EUCJP, "", nil
	}
	out, _ := japanese.ShiftJIS.NewDecoder().Bytes(data)
	line := badLine(data, sjisPrefix)
	return string(out), ShiftJIS, fmt.Sprintf("line %d: bytes that are neither UTF-8 nor Shift_JIS (shown as \uFFFD)", line), nil
}

// replacement is what the decoders write for bytes they cannot read.
var replacement = []byte(string(utf8.RuneError))

func decodeStrict(e interface{ NewDecoder() *encoding.Decoder }, data []byte) (string, bool) {
	// One buffer of the right size: each 2-byte character becomes 3 bytes,
	// each 1-byte katakana 3 bytes, so 3× is always enough.
	dst := make([]byte, 3*len(data)+8)
	n, _, err := e.NewDecoder().Transform(dst, data, true)
	if err != nil || bytes.Contains(dst[:n], replacement) {
		return "", false
	}
	return string(dst[:n]), true
}

func sjisPrefix(b []byte) bool {
	out, err := japanese.ShiftJIS.NewDecoder().Bytes(b)
	return err == nil && !bytes.ContainsRune(out, utf8.RuneError)
}

// badLine returns the 1-based number of the first line that ok rejects.
func badLine(data []byte, ok func([]byte) bool) int {
	for i, line := range bytes.Split(data, []byte{'\n'}) {
		if !ok(line) {
			return i + 1
		}
	}
	return 0
}

// encode turns text into bytes in enc. A character Shift_JIS lacks is an
// error naming it and its line, never a silent '?'.
func encode(text string, enc Encoding) ([]byte, error) {
	if enc == UTF8 {
		return []byte(text), nil
	}
	if out, ok := encodeSJIS(text); ok {
		return out, nil
	}
	out, err := japanese.ShiftJIS.NewEncoder().Bytes([]byte(text))
	if err == nil {
		return out, nil
	}
	for i, line := range strings.Split(text, "\n") {
		for _, r := range line {
			if _, err := japanese.ShiftJIS.NewEncoder().String(string(r)); err != nil {
				return nil, fmt.Errorf("line %d: %q cannot be written in Shift_JIS (write UTF-8 instead)", i+1, r)
			}
		}
	}
	return nil, fmt.Errorf("cannot write Shift_JIS: %v", err)
}
