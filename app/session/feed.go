package session

import "shogi/game/match"

// Event is one event of the match, after the session kept it.
type Event struct {
	Ev match.Event
	// Saved is where a finished game's record went (with the
	// GameOverEvent); "" when none was written.
	Saved string
	// Err is the keeping's error for this event: the kept file or the
	// record could not be written. The game goes on.
	Err error
}

// Feed is a listener's queue of a session's events: they wait until the
// listener asks for them (Next), engine reports collapsing to the latest,
// so a slow listener never holds the game up. After the last event (the
// game is over and kept) Next returns match.ErrEnded.
type Feed = match.Queue[Event]

func newFeed() *Feed {
	return match.NewQueue(func(last, next Event) bool {
		return last.Err == nil && next.Err == nil && match.Supersedes(last.Ev, next.Ev)
	})
}
