package common

import (
	"shogi/app/settings"
	"strings"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// WidthPolicy is how wide the app takes East Asian "ambiguous" characters
// to be (a value of the settings file).
type WidthPolicy = settings.WidthPolicy

const (
	Narrow = settings.Narrow // ambiguous characters take one column
	Wide   = settings.Wide   // ambiguous characters take two columns
)

// Measure is the one place text width is computed: every pad and every
// layout decision goes through it, with one explicit runewidth.Condition.
type Measure struct{ Cond *runewidth.Condition }

func NewMeasure(p WidthPolicy) Measure {
	c := runewidth.NewCondition()
	c.EastAsianWidth = p == Wide
	c.StrictEmojiNeutral = true
	return Measure{Cond: c}
}

// Width returns the display width of s, ignoring SGR escape sequences.
func (w Measure) Width(s string) int {
	return w.Cond.StringWidth(stripSGR(s))
}

// Pad right-pads s with spaces to n columns (s is left alone if wider).
func (w Measure) Pad(s string, n int) string {
	if d := n - w.Width(s); d > 0 {
		return s + strings.Repeat(" ", d)
	}
	return s
}

// Truncate cuts text to at most n columns. Escape sequences (the reversed
// cursor of an input line) take no column and are never cut in two; a cut
// styled line ends with a reset.
func (w Measure) Truncate(s string, n int) string {
	if !strings.Contains(s, "\x1b") {
		if w.Cond.StringWidth(s) <= n {
			return s
		}
		return w.Cond.Truncate(s, n, "")
	}
	if w.Width(s) <= n {
		return s
	}
	var b strings.Builder
	used := 0
	for i := 0; i < len(s); {
		if j := sgrEnd(s, i); j > i {
			b.WriteString(s[i:j])
			i = j
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if used += w.Cond.RuneWidth(r); used > n {
			break
		}
		b.WriteString(s[i : i+size])
		i += size
	}
	return b.String() + "\x1b[0m"
}

// stripSGR removes "ESC [ … m" sequences, the only escapes the app's
// styles produce.
func stripSGR(s string) string {
	if !strings.Contains(s, "\x1b") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if j := sgrEnd(s, i); j > i {
			i = j - 1
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// sgrEnd is the index just past the "ESC [ … m" sequence at s[i], or i
// when none starts there.
func sgrEnd(s string, i int) int {
	if s[i] != 0x1b || i+1 >= len(s) || s[i+1] != '[' {
		return i
	}
	j := i + 2
	for j < len(s) && (s[j] == ';' || (s[j] >= '0' && s[j] <= '9')) {
		j++
	}
	if j < len(s) && s[j] == 'm' {
		return j + 1
	}
	return i
}

// ParseWidthPolicy reads "narrow" or "wide".
func ParseWidthPolicy(s string) (WidthPolicy, error) { return settings.ParseWidthPolicy(s) }

// Ellipsis cuts s to at most n columns, ending a cut line with "…" so
// that a reader sees that something is missing.
func (w Measure) Ellipsis(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if w.Width(s) <= n {
		return s
	}
	return w.Truncate(s, n-1) + "…"
}

// Fit cuts or pads s to exactly n columns.
func (w Measure) Fit(s string, n int) string {
	return w.Pad(w.Truncate(s, n), n)
}

// AsciiOnly replaces every non-ASCII character of s (escape sequences
// aside) with as many '?' as it is wide, for a terminal whose locale is not
// UTF-8: the layout, measured with the real characters, stays aligned.
func (w Measure) AsciiOnly(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if r < 0x80 {
			b.WriteRune(r)
			continue
		}
		b.WriteString(strings.Repeat("?", max(w.Cond.RuneWidth(r), 1)))
	}
	return b.String()
}

func MaxWidth(m Measure, texts ...string) int {
	n := 0
	for _, t := range texts {
		n = max(n, m.Width(t))
	}
	return n
}
