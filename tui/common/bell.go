package common

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// Bell is when the terminal's bell rings in a game, as lishogi's clock
// sounds do: on the opponent's move, on each of the person's last five
// seconds (of byōyomi, or of the main time), or both.
type Bell int

// The bell settings.
const (
	BellOff   Bell = iota // never
	BellMoves             // the opponent's move
	BellClock             // each of the person's last five seconds
	BellAll               // both
	NumBells
)

var bellNames = [NumBells]string{"off", "moves", "clock", "all"}

func (b Bell) String() string { return bellNames[int(b)%len(bellNames)] }

// OnMoves reports whether the bell rings on the opponent's move.
func (b Bell) OnMoves() bool { return b == BellMoves || b == BellAll }

// OnClock reports whether the bell rings on the last seconds.
func (b Bell) OnClock() bool { return b == BellClock || b == BellAll }

// ParseBell reads "off", "moves", "clock" or "all".
func ParseBell(s string) (Bell, error) {
	for i, n := range bellNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Bell(i), nil
		}
	}
	return BellOff, fmt.Errorf("unknown bell %q (want off, moves, clock or all)", s)
}

// BellSetting is Bell as the settings file writes it.
type BellSetting Bell

func (v *BellSetting) UnmarshalText(b []byte) error {
	x, err := ParseBell(string(b))
	*v = BellSetting(x)
	return err
}

func (v BellSetting) MarshalText() ([]byte, error) { return []byte(Bell(v).String()), nil }

// Bell is when the terminal's bell rings in a game.
func (c *Common) Bell() Bell { return Bell(c.Settings.Bell) }

// Ring rings the terminal's bell: a BEL written to the program's output,
// which reaches an SSH client as it does a local terminal.
func Ring() tea.Cmd { return tea.Raw("\a") }
