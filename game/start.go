package game

import (
	"fmt"
	"strings"
)

// StartError says why no game can be played from a position: what makes
// it one that cannot arise in play, or else that the side to move has no
// legal move. Screens say it in their words from the fields.
type StartError struct {
	Warnings []Warning // as StartWarnings gives them
	NoMove   bool      // no warning, but the side to move cannot move
}

func (e *StartError) Error() string {
	if len(e.Warnings) == 0 {
		return "the position has no legal move for the side to move"
	}
	texts := make([]string, len(e.Warnings))
	for i, w := range e.Warnings {
		texts[i] = w.String()
	}
	return "the position cannot arise in play: " + strings.Join(texts, "; ")
}

// StartWarnings are the warnings that stop a game from being played from
// p: every one of Warnings except a missing king of the side to move (a
// tsume's attacker has none, nor has a study position's side at times).
// The side not to move needs its king: it is the one that can be mated.
func (p *Position) StartWarnings() []Warning {
	var out []Warning
	for _, w := range p.Warnings() {
		if w.Kind == NoKing && w.Side == p.SideToMove() {
			continue
		}
		out = append(out, w)
	}
	return out
}

// CheckStart is the one check of a position a game is to start from (a
// new game's SFEN, the editor's board, a pasted position, an edited
// record's start): nil, or a *StartError saying why not.
func (p *Position) CheckStart() error {
	if ws := p.StartWarnings(); len(ws) > 0 {
		return &StartError{Warnings: ws}
	}
	if !p.HasLegalMove() {
		return &StartError{NoMove: true}
	}
	return nil
}

// HandicapError refuses a handicap that is no game's start (Setup): the
// tsume start or the empty board.
type HandicapError struct{ Handicap Handicap }

func (e *HandicapError) Error() string {
	return fmt.Sprintf("%s is a set-up to edit or solve, not a game's start", e.Handicap.Name)
}
