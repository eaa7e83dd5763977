package lobby

import (
	"context"
	"sync"
	"time"

	"shogi/game"
	"shogi/game/match"
)

// Event is something that happened at a table besides the game's moves
// (those come from the match's own Subscription): the game began, a
// player left or came back, a chat line, a draw offer, the end.
type Event interface{ tableEvent() }

// StartEvent says both seats are taken and the game began: Match is the
// table's match (subscribe to it for moves and clocks), Names are the
// players by colour, Toss the furigoma when one decided the colours.
type StartEvent struct {
	// Match is nil when another node referees the table: Game is the
	// game either way.
	Match *match.Match
	Game  match.Control
	Names [2]string
	Toss  *game.Furigoma
}

// PresenceEvent says a player's connection went away (Present false: the
// seat is kept until Deadline, while the clock runs) or came back.
type PresenceEvent struct {
	Side     game.Color
	Name     string
	Present  bool
	Deadline time.Time
}

// ChatEvent is one line of the table's chat. Side is set for a player;
// Spectator for anyone else. Ply is how many moves had been played when
// it was said: the record writes it after that move.
type ChatEvent struct {
	Name      string
	Side      game.Color
	Spectator bool
	Text      string
	At        time.Time
	Ply       int
}

// DrawEvent says a player offered a draw (Offered) or the offer lapsed or
// was declined (Offered false). A draw by agreement is settled under the
// impasse rule (持将棋, 24 points each): a side short of 24 loses.
type DrawEvent struct {
	Side    game.Color
	Offered bool
}

// EndEvent says the game is over and where its record was written (Path;
// Err when it could not be).
type EndEvent struct {
	Result match.Result
	Path   string
	Err    error
}

// ClosedEvent is the last event of a feed: the table is gone, or this
// seat was taken over by the same player on another connection.
type ClosedEvent struct{ Reason string }

func (StartEvent) tableEvent()    {}
func (PresenceEvent) tableEvent() {}
func (ChatEvent) tableEvent()     {}
func (DrawEvent) tableEvent()     {}
func (EndEvent) tableEvent()      {}
func (ClosedEvent) tableEvent()   {}

// maxQueued bounds a feed whose reader stopped reading: older chat lines
// are dropped first; the events that change the table's state are few.
const maxQueued = 256

// Feed is one listener's queue of a table's events. The table never waits
// for a listener: events queue until Next takes them.
type Feed struct {
	mu     sync.Mutex
	queue  []Event
	notify chan struct{}
	closed bool // no more events will be queued
}

func newFeed() *Feed { return &Feed{notify: make(chan struct{}, 1)} }

// put queues e; a ClosedEvent closes the feed.
func (f *Feed) put(e Event) {
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		return
	}
	if len(f.queue) >= maxQueued {
		f.dropChat()
	}
	f.queue = append(f.queue, e)
	if _, ok := e.(ClosedEvent); ok {
		f.closed = true
	}
	f.mu.Unlock()
	select {
	case f.notify <- struct{}{}:
	default:
	}
}

// dropChat makes room: the oldest chat line goes, or failing that the
// oldest event.
func (f *Feed) dropChat() {
	for i, e := range f.queue {
		if _, ok := e.(ChatEvent); ok {
			f.queue = append(f.queue[:i], f.queue[i+1:]...)
			return
		}
	}
	f.queue = f.queue[1:]
}

// Next returns the next event, waiting until ctx ends. After a
// ClosedEvent it returns match.ErrEnded.
func (f *Feed) Next(ctx context.Context) (Event, error) {
	for {
		f.mu.Lock()
		if len(f.queue) > 0 {
			e := f.queue[0]
			f.queue[0] = nil
			f.queue = f.queue[1:]
			f.mu.Unlock()
			return e, nil
		}
		closed := f.closed
		f.mu.Unlock()
		if closed {
			return nil, match.ErrEnded
		}
		select {
		case <-f.notify:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}
