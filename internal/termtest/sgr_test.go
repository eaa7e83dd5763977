package termtest

import (
	"reflect"
	"testing"
)

// Apply reads parameters as xterm does (ECMA-48 plus the 256-colour and
// RGB forms, in both their semicolon and colon spellings).
func TestApply(t *testing.T) {
	for _, c := range []struct {
		start  Attrs
		params string
		want   Attrs
	}{
		{Attrs{Bold: true, FG: "31"}, "", Attrs{}},
		{Attrs{Bold: true}, "0", Attrs{}},
		{Attrs{}, "1;4;7", Attrs{Bold: true, Underline: true, Reverse: true}},
		{Attrs{Bold: true, Underline: true, Reverse: true}, "22;24;27", Attrs{}},
		{Attrs{}, "4:3", Attrs{Underline: true}},
		{Attrs{Underline: true}, "4:0", Attrs{}},
		{Attrs{}, "38;5;160;48;2;198;40;40", Attrs{FG: "5;160", BG: "2;198;40;40"}},
		{Attrs{}, "38:2:255:255:255", Attrs{FG: "2;255;255;255"}},
		{Attrs{}, "48:5:16", Attrs{BG: "5;16"}},
		{Attrs{}, "31;102", Attrs{FG: "31", BG: "102"}},
		{Attrs{}, "97;44", Attrs{FG: "97", BG: "44"}},
		{Attrs{FG: "31", BG: "44"}, "39;49", Attrs{}},
		{Attrs{}, ";1", Attrs{Bold: true}},
		{Attrs{}, "38;5", Attrs{FG: "5"}}, // cut short: no panic
	} {
		got := c.start
		got.Apply(c.params)
		if got != c.want {
			t.Errorf("%+v then %q: %+v, want %+v", c.start, c.params, got, c.want)
		}
	}
}

// AttrsAt counts columns, not bytes: a wide character takes two, and an
// escape none.
func TestAttrsAt(t *testing.T) {
	width := func(r rune) int {
		if r >= 0x1100 {
			return 2
		}
		return 1
	}
	styled := "a\x1b[1m歩\x1b[0mb\n\x1b[7mx"
	for _, c := range []struct {
		x, y int
		want Attrs
	}{
		{0, 0, Attrs{}},
		{1, 0, Attrs{Bold: true}},
		{2, 0, Attrs{Bold: true}},
		{3, 0, Attrs{}},
		{0, 1, Attrs{Reverse: true}},
	} {
		got, err := AttrsAt(styled, c.x, c.y, width)
		if err != nil || got != c.want {
			t.Errorf("(%d,%d): %+v, %v; want %+v", c.x, c.y, got, err, c.want)
		}
	}
	if _, err := AttrsAt(styled, 4, 0, width); err == nil {
		t.Error("a column past the line's end was read")
	}
	if _, err := AttrsAt(styled, 0, 2, width); err == nil {
		t.Error("a line past the screen's end was read")
	}
}

func TestColours(t *testing.T) {
	s := "\x1b[1m\x1b[7mplain\x1b[0m \x1b[38;5;160mred\x1b[39m \x1b[1;44mblue\x1b[m"
	if got, want := Colours(s), []string{"\x1b[38;5;160m", "\x1b[1;44m"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Colours: %q, want %q", got, want)
	}
	if got := Colours("\x1b[1;4;7m\x1b[39;49m"); got != nil {
		t.Errorf("attributes only: %q", got)
	}
}

func TestKeyName(t *testing.T) {
	for k, want := range map[string]bool{
		"Enter": true, "Escape": true, "BSpace": true, "C-c": true, "M-x": true,
		"7g7f": false, "q": false, "Cat": false, "yoroshiku onegaishimasu": false, "C-": false,
	} {
		if keyName(k) != want {
			t.Errorf("keyName(%q) = %v", k, !want)
		}
	}
}
