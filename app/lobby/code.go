package lobby

import (
	"math/rand/v2"
	"strings"
	"unicode"
)

// codeAlphabet holds the symbols of a table's code: letters and digits
// that cannot be taken for one another when read aloud or off a screen
// (no 0/O/Q/D, 1/I/L, 2/Z, 5/S, 8/B, U/V, G/6, M/N).
const codeAlphabet = "ACEFHJKMPRTWXY3479"

// codeLen symbols give 18⁵ ≈ 1.9 million codes: a code is hard to guess
// and still easy to read out.
const codeLen = 5

// newCode draws a code.
func newCode(r *rand.Rand) string {
	var b [codeLen]byte
	for i := range b {
		b[i] = codeAlphabet[r.IntN(len(codeAlphabet))]
	}
	return string(b[:])
}

// NormalizeCode reads a code as a person types it: in any case, with
// spaces and dashes ignored.
func NormalizeCode(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || unicode.IsSpace(r) {
			return -1
		}
		return unicode.ToUpper(r)
	}, s)
}

// clean makes text a remote person typed safe to show on other people's
// terminals and to write into records: control characters (escape
// sequences start with one), bidirectional overrides and line breaks are
// dropped, spaces are collapsed, and the result is cut to max runes.
func clean(s string, max int) string {
	var b strings.Builder
	n := 0
	space := false
	for _, r := range s {
		switch {
		case r == unicode.ReplacementChar, unicode.IsControl(r), isBidi(r), unicode.Is(unicode.Cf, r):
			continue
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		}
		if n >= max || space && n+2 > max {
			break
		}
		if space {
			b.WriteByte(' ')
			n++
			space = false
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// isBidi reports the characters that reorder text around them.
func isBidi(r rune) bool {
	return r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069 || r == 0x200E || r == 0x200F || r == 0x061C
}
