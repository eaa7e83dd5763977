package kifu

import (
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding/japanese"
)

// A table-driven Shift_JIS (CP932) decoder for the common case of a whole
// valid file. The table is filled once from x/text's own decoder, so the
// two agree on every character; x/text still handles everything else
// (errors, the EUC-JP fallback, encoding).

var (
	sjisEncOnce sync.Once
	// sjisEnc maps a rune of the Basic Multilingual Plane to its Shift_JIS
	// bytes as x/text's encoder writes them (one byte below 0x100, else
	// lead<<8 | trail); 0 where the fast path does not know the rune.
	sjisEnc []uint16

	sjisOnce  sync.Once
	sjisTable []rune     // index (lead-0x80)<<8 | trail; 0 where x/text has no character
	sjisOne   [0x80]rune // one-byte characters 0x80–0xFF (katakana …); 0 for lead bytes and gaps
)

func buildSJISTable() {
	sjisTable = make([]rune, 0x80<<8)
	dec := japanese.ShiftJIS.NewDecoder()
	var src [2]byte
	var dst [8]byte
	for c := 0x80; c <= 0xFF; c++ {
		src[0], src[1] = byte(c), 'a'
		dec.Reset()
		n, _, err := dec.Transform(dst[:], src[:], true)
		if err != nil || n < 2 || dst[n-1] != 'a' {
			continue
		}
		r, size := utf8.DecodeRune(dst[:n-1])
		if size == n-1 && r != utf8.RuneError {
			sjisOne[c-0x80] = r
		}
	}
	for lead := 0x81; lead <= 0xFC; lead++ {
		if sjisOne[lead-0x80] != 0 {
			continue // a one-byte character, not a lead byte
		}
		for trail := 0x40; trail <= 0xFC; trail++ {
			src[0], src[1] = byte(lead), byte(trail)
			dec.Reset()
			n, _, err := dec.Transform(dst[:], src[:], true)
			if err != nil {
				continue
			}
			r, size := utf8.DecodeRune(dst[:n])
			if size == n && r != utf8.RuneError {
				sjisTable[(lead-0x80)<<8|trail] = r
			}
		}
	}
}

// decodeSJIS decodes data if every byte sequence is valid Shift_JIS.
func decodeSJIS(data []byte) (string, bool) {
	out, ok := appendSJIS(make([]byte, 0, len(data)+len(data)/2), data)
	if !ok {
		return "", false
	}
	return string(out), true
}

// appendSJIS appends data decoded to out, if every byte sequence is valid
// Shift_JIS.
func appendSJIS(out, data []byte) ([]byte, bool) {
	sjisOnce.Do(buildSJISTable)
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c < 0x80:
			j := i + 1
			for j < len(data) && data[j] < 0x80 {
				j++
			}
			out = append(out, data[i:j]...)
			i = j
		case sjisOne[c-0x80] != 0: // half-width katakana and the like
			out = utf8.AppendRune(out, sjisOne[c-0x80])
			i++
		case i+1 < len(data):
			r := sjisTable[int(c-0x80)<<8|int(data[i+1])]
			if r == 0 {
				return out, false
			}
			out = utf8.AppendRune(out, r)
			i += 2
		default:
			return out, false
		}
	}
	return out, true
}

// buildSJISEncoder fills sjisEnc with every character the decoder table
// knows, each encoded once by x/text, so the two always agree.
func buildSJISEncoder() {
	sjisOnce.Do(buildSJISTable)
	sjisEnc = make([]uint16, 0x10000)
	enc := japanese.ShiftJIS.NewEncoder()
	var dst [4]byte
	var src [utf8.UTFMax]byte
	add := func(r rune) {
		if r >= 0x10000 || sjisEnc[r] != 0 {
			return
		}
		n := utf8.EncodeRune(src[:], r)
		enc.Reset()
		m, _, err := enc.Transform(dst[:], src[:n], true)
		switch {
		case err != nil:
		case m == 1:
			sjisEnc[r] = uint16(dst[0])
		case m == 2:
			sjisEnc[r] = uint16(dst[0])<<8 | uint16(dst[1])
		}
	}
	for _, r := range sjisOne {
		if r != 0 {
			add(r)
		}
	}
	for _, r := range sjisTable {
		if r != 0 {
			add(r)
		}
	}
}

// encodeSJIS encodes text as Shift_JIS with a table; ok is false when a
// character is not in it (the caller then asks x/text, which also says
// what cannot be written).
func encodeSJIS(text string) ([]byte, bool) {
	out, ok := appendEncodeSJIS(make([]byte, 0, len(text)), text)
	if !ok {
		return nil, false
	}
	return out, true
}

// appendEncodeSJIS appends text encoded as Shift_JIS to out; ok is false
// when a character is not in the table (out then holds a part of it).
func appendEncodeSJIS(out []byte, text string) ([]byte, bool) {
	sjisEncOnce.Do(buildSJISEncoder)
	for i := 0; i < len(text); {
		c := text[i]
		if c < 0x80 {
			j := i + 1
			for j < len(text) && text[j] < 0x80 {
				j++
			}
			out = append(out, text[i:j]...)
			i = j
			continue
		}
		var r rune
		var size int
		if c >= 0xE0 && c < 0xF0 && i+2 < len(text) && text[i+1]&0xC0 == 0x80 && text[i+2]&0xC0 == 0x80 {
			// Three bytes, as every kana and kanji: decoded here, since
			// DecodeRuneInString is most of the time of encoding a comment.
			r, size = rune(c&0x0F)<<12|rune(text[i+1]&0x3F)<<6|rune(text[i+2]&0x3F), 3
			if r < 0x800 || r >= 0xD800 && r < 0xE000 {
				r, size = utf8.DecodeRuneInString(text[i:])
			}
		} else {
			r, size = utf8.DecodeRuneInString(text[i:])
		}
		if r >= 0x10000 || sjisEnc[r] == 0 {
			return out, false
		}
		if code := sjisEnc[r]; code < 0x100 {
			out = append(out, byte(code))
		} else {
			out = append(out, byte(code>>8), byte(code))
		}
		i += size
	}
	return out, true
}
