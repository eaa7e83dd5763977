package kifu

import (
	"testing"
	"unicode/utf8"
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
