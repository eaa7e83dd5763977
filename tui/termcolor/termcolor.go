// Package termcolor settles, before Bubble Tea starts, whether the
// terminal's background is dark, from the environment alone.
//
// Bubble Tea v1's package init asks the terminal for its background colour
// (lipgloss.HasDarkBackground) and waits up to five seconds for an answer,
// so a terminal that never answers would delay the first frame by that
// long and lose the keys typed meanwhile. This package's init runs first —
// Go initialises packages in import-path order once their imports are
// ready, and the module path (example.com/shogi) sorts before
// github.com/charmbracelet — and gives lipgloss the answer, so the
// question is never asked.
package termcolor

import (
	"os"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
)

func init() {
	lipgloss.SetHasDarkBackground(DarkBackground(os.Getenv("COLORFGBG")))
}

// DarkBackground reads COLORFGBG ("15;0": foreground 15 on background 0),
// as rxvt, Konsole and others set it: ANSI colours 0–6 and 8 are dark.
// Unknown means dark, the common case.
func DarkBackground(colorfgbg string) bool {
	parts := strings.Split(colorfgbg, ";")
	bg, err := strconv.Atoi(parts[len(parts)-1])
	if colorfgbg == "" || err != nil {
		return true
	}
	return bg <= 6 || bg == 8
}
