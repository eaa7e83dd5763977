package termcolor

import "testing"

func TestDarkBackground(t *testing.T) {
	for in, want := range map[string]bool{
		"":        true, // unknown: assume dark
		"15;0":    true,
		"0;15":    false,
		"15;8":    true,
		"0;7":     false,
		"15;7;0":  true, // rxvt's three-field form: the background is last
		"default": true,
	} {
		if got := DarkBackground(in); got != want {
			t.Errorf("DarkBackground(%q) = %v, want %v", in, got, want)
		}
	}
}
