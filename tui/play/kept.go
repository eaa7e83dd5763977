package play

import (
	"time"

	"shogi/tui/common"

	"shogi/game/match"
	"shogi/kifu/kept"
)

// keptOf is the kept form of a game begun with set-up s, as snap has it,
// between the players specs names.
func keptOf(s *common.Setup, snap match.Snapshot, specs [2]match.Spec, names [2]string, now time.Time) kept.Game {
	var prior *kept.Prior
	if s.Record != nil && s.From != nil {
		prior = &kept.Prior{Start: s.Record.Start, Moves: s.From.Line(), Source: s.Source}
	}
	return kept.Of(snap, specs, names, s.Time, s.Began, now, prior)
}
