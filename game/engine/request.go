package engine

import (
	"context"

	"shogi/game"
)

// Request is one search as every layer asks for it: the bot, the match and
// analysis alike. The position is the one the moves played from Start
// reach, so a searcher sees the game's history (repetitions), the limits
// are those of a go command, and Info, when not nil, receives progress.
type Request struct {
	Start   game.Position
	Moves   []game.Move // played from Start; do not modify
	Limits  Limits
	MultiPV int // lines to report; 0 or 1 means one
	// Info receives progress while the search runs. It is called on the
	// searching goroutine and must not block.
	Info func(Info)
	// PonderHit, for a search with Limits.Ponder, is closed when the
	// opponent plays the move pondered on (USI's ponderhit): from then on
	// the search is an ordinary one under Limits' clock, counted from the
	// hit, and answers when that says. Until then, or without it, a ponder
	// search answers only when ctx ends (a stop).
	PonderHit <-chan struct{}
	// Hurry is closed when the time the player was told of has run out
	// and it has not answered (an engine overrunning its own time
	// management, or starved on a loaded machine): it should answer at
	// once with the best it has (USI's stop, whose bestmove is played).
	// A search that keeps to its limits answers before it is closed; the
	// built-in searchers, which watch the clock themselves, ignore it.
	Hurry <-chan struct{}
}

// Position returns the position to search: Start with Moves played.
func (r Request) Position() game.Position {
	p := r.Start
	for _, m := range r.Moves {
		p = p.Play(m)
	}
	return p
}

// Searcher answers a Request as a USI engine answers go, and stops early
// when ctx is cancelled. Every built-in engine is one; usi.Serve makes
// one speak USI.
type Searcher interface {
	Name() string
	Search(ctx context.Context, r Request) (BestMove, error)
}
