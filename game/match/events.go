package match

import (
	"context"
	"errors"
	"sync"
	"time"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/usi"
)

// Event is something that happened in a match. Listeners receive them in
// order through a Subscription.
type Event interface{ event() }

// TurnEvent says a side's turn began: its clock runs and, for a bot or an
// engine, it thinks. Ply is the number of moves played so far.
type TurnEvent struct {
	Ply   int
	Side  game.Color
	Clock ClockState
}

// InfoEvent is a thinking player's progress. Several InfoEvents waiting
// for a slow listener collapse into the latest.
type InfoEvent struct {
	Ply  int
	Side game.Color
	Info engine.Info
}

// MoveEvent says a move was played. Info is the mover's last report on
// the search that chose it (nil for a human or a quiet engine).
type MoveEvent struct {
	Ply   int // the move's number, from 1
	Move  game.Move
	Side  game.Color
	Spent time.Duration
	Info  *engine.Info
	Clock ClockState
}

// UndoEvent says moves were taken back: Ply is the number of moves left.
type UndoEvent struct {
	Ply   int
	Clock ClockState
}

// PauseEvent says the match paused (no turn runs, no clock runs) or
// resumed.
type PauseEvent struct{ Paused bool }

// DrawEvent says a draw offer was made by Side (Offered), or that Side's
// offer lapsed, was declined or withdrawn (not Offered).
type DrawEvent struct {
	Side    game.Color
	Offered bool
}

// FaultEvent says a program failed in a game a person plays: the game
// is paused on it until its seat is filled again (Match.Replace).
type FaultEvent struct{ Fault Fault }

// ReplaceEvent says a failed program's seat was filled by Name, and the
// game goes on.
type ReplaceEvent struct {
	Side game.Color
	Name string
}

// Fault is a program's failure: whose, and what went wrong.
type Fault struct {
	Side game.Color
	Name string // the player's name when it failed
	// Kind is what the engine did (usi.Exited for a crash, usi.NoAnswer
	// for a hang, usi.BadMove or usi.Junk for garbage …); 0 for a player
	// that is not a USI engine.
	Kind usi.Fault
	Err  error
}

// GameOverEvent is the last event of a match.
type GameOverEvent struct{ Result Result }

func (TurnEvent) event()     {}
func (InfoEvent) event()     {}
func (MoveEvent) event()     {}
func (UndoEvent) event()     {}
func (PauseEvent) event()    {}
func (GameOverEvent) event() {}
func (DrawEvent) event()     {}
func (FaultEvent) event()    {}
func (ReplaceEvent) event()  {}

// ErrEnded is returned by Subscription.Next after the last event.
var ErrEnded = errors.New("match: no more events")

// Subscription is one listener's queue of events. The match never waits
// for a listener: events queue up (info collapsing to the latest) until
// the listener asks for them.
type Subscription struct {
	mu     sync.Mutex
	queue  []Event
	notify chan struct{} // has a value when queue is not empty or the stream ended
	ended  bool
	closed bool
}

func newSubscription() *Subscription {
	return &Subscription{notify: make(chan struct{}, 1)}
}

func (s *Subscription) push(e Event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	if in, ok := e.(InfoEvent); ok && len(s.queue) > 0 {
		// Collapse progress the listener has not read yet into the
		// latest, per MultiPV line.
		if last, ok := s.queue[len(s.queue)-1].(InfoEvent); ok && last.Ply == in.Ply && last.Side == in.Side && last.Info.MultiPV == in.Info.MultiPV {
			s.queue[len(s.queue)-1] = in
			return
		}
	}
	s.queue = append(s.queue, e)
	s.wake()
}

func (s *Subscription) end() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ended = true
	s.wake()
}

func (s *Subscription) wake() {
	select {
	case s.notify <- struct{}{}:
	default:
	}
}

// Next returns the next event, waiting for one until ctx ends. After the
// GameOverEvent it returns ErrEnded.
func (s *Subscription) Next(ctx context.Context) (Event, error) {
	for {
		s.mu.Lock()
		if len(s.queue) > 0 {
			e := s.queue[0]
			s.queue[0] = nil
			s.queue = s.queue[1:]
			if len(s.queue) > 0 || s.ended {
				s.wake()
			}
			s.mu.Unlock()
			return e, nil
		}
		if s.ended || s.closed {
			s.mu.Unlock()
			return nil, ErrEnded
		}
		s.mu.Unlock()
		select {
		case <-s.notify:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// Close stops the subscription: queued events are dropped and Next
// returns ErrEnded.
func (s *Subscription) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed, s.queue = true, nil
	s.wake()
}

// hub fans events out to the subscriptions.
type hub struct {
	mu    sync.Mutex
	subs  []*Subscription
	ended bool
}

func (h *hub) subscribe() *Subscription {
	s := newSubscription()
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.ended {
		s.ended = true
		return s
	}
	h.subs = append(h.subs, s)
	return s
}

func (h *hub) publish(e Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	live := h.subs[:0]
	for _, s := range h.subs {
		s.push(e)
		s.mu.Lock()
		closed := s.closed
		s.mu.Unlock()
		if !closed {
			live = append(live, s)
		}
	}
	h.subs = live
}

func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.ended = true
	for _, s := range h.subs {
		s.end()
	}
	h.subs = nil
}
