package play

import (
	"time"

	"shogi/tui/common"

	"shogi/game/match"
	"shogi/kifu/kept"

	tea "charm.land/bubbletea/v2"
)

// The kept games as the Resume list reads them are tui/common's (the
// menu and the online screens list them too); the names here are kept for
// the app's callers.
type (
	KeptEntry      = common.KeptEntry
	KeptListMsg    = common.KeptListMsg
	KeptDeletedMsg = common.KeptDeletedMsg
)

// ReadKept reads a kept file into a set-up that resumes the game
// (common.ReadKept).
func ReadKept(path string) (KeptEntry, error) { return common.ReadKept(path) }

// LoadKeptCmd lists the kept games off the UI loop (common.LoadKeptCmd).
func LoadKeptCmd(stateDir string) func() tea.Msg { return common.LoadKeptCmd(stateDir) }

// DeleteKept removes a kept game (common.DeleteKept).
func DeleteKept(path string) func() tea.Msg { return common.DeleteKept(path) }

// keptOf is the kept form of a game begun with set-up s, as snap has it,
// between the players specs names.
func keptOf(s *common.Setup, snap match.Snapshot, specs [2]match.Spec, names [2]string, now time.Time) kept.Game {
	var prior *kept.Prior
	if s.Record != nil && s.From != nil {
		prior = &kept.Prior{Start: s.Record.Start, Moves: s.From.Line(), Source: s.Source}
	}
	return kept.Of(snap, specs, names, s.Time, s.Began, now, prior)
}
