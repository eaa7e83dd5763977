package kifu

import (
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/japanese"
)

// encodeSJIS decodes three-byte characters itself: every rune, and every
// broken three-byte sequence, encodes as a rune-by-rune reading with the
// standard decoder does.
func TestEncodeSJISEveryRune(t *testing.T) {
	sjisEncOnce.Do(buildSJISEncoder)
	slow := func(text string) ([]byte, bool) {
		var out []byte
		for _, r := range text {
			if r < 0x80 {
				out = append(out, byte(r))
				continue
			}
			if r >= 0x10000 || sjisEnc[r] == 0 {
				return nil, false
			}
			if code := sjisEnc[r]; code < 0x100 {
				out = append(out, byte(code))
			} else {
				out = append(out, byte(code>>8), byte(code))
			}
		}
		return out, true
	}
	check := func(text string) {
		got, ok := encodeSJIS(text)
		want, wok := slow(text)
		if ok != wok || string(got) != string(want) {
			t.Fatalf("%q: %x %v, want %x %v", text, got, ok, want, wok)
		}
	}
	for r := rune(0); r < 0x10000; r++ {
		if utf8.ValidRune(r) {
			check("a" + string(r) + "歩")
		}
	}
	for _, bad := range []string{"\xe6\x97", "\xe6\x97a", "\xed\xa0\x80", "\xe0\x80\x80", "\xef\xbf", "歩\xe6"} {
		check(bad)
	}
}

// FuzzEncodeSJIS checks the table-driven encoder against x/text's on any
// text: the same bytes when both can write it, and a refusal where x/text
// finds a character Shift_JIS cannot hold.
func FuzzEncodeSJIS(f *testing.F) {
	for _, s := range []string{"▲７六歩", "同　銀", "a\x00b", "\xe6\x97", "𠮷", "～〜－−"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := encodeSJIS(s)
		want, err := japanese.ShiftJIS.NewEncoder().String(s)
		if !utf8.ValidString(s) {
			if ok {
				t.Fatalf("%q: invalid UTF-8 encoded as %x", s, got)
			}
			return
		}
		if ok != (err == nil) || ok && string(got) != want {
			t.Fatalf("%q: table %v %x, x/text %v %x", s, ok, got, err, want)
		}
	})
}
