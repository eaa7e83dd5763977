package common

import (
	tea "charm.land/bubbletea/v2"

	"shogi/app/settings"
)

// Bell is when the terminal's bell rings in a game (a value of the
// settings file).
type Bell = settings.Bell

// The bell settings.
const (
	BellOff   = settings.BellOff
	BellMoves = settings.BellMoves
	BellClock = settings.BellClock
	BellAll   = settings.BellAll
	NumBells  = settings.NumBells
)

// Bell is when the terminal's bell rings in a game.
func (c *Common) Bell() Bell { return Bell(c.Settings.Bell) }

// Ring rings the terminal's bell: a BEL written to the program's output,
// which reaches an SSH client as it does a local terminal.
func Ring() tea.Cmd { return tea.Raw("\a") }
