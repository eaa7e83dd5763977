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

// Queue is one listener's queue of values: the producer never waits for
// the listener; values queue up until it asks for them, a value that
// supersedes the last one queued (collapse) taking its place. A match's
// listeners hold a Subscription; a game session relays its events,
// once kept, through a Queue of its own.
type Queue[E any] struct {
	mu       sync.Mutex
	queue    []E
	notify   chan struct{} // has a value when queue is not empty or the stream ended
	ended    bool
	closed   bool
	collapse func(last, next E) bool
}

// NewQueue returns an empty queue; collapse (nil: never) says whether
// next may replace last while the listener has not read it.
func NewQueue[E any](collapse func(last, next E) bool) *Queue[E] {
	return &Queue[E]{notify: make(chan struct{}, 1), collapse: collapse}
}

// Subscription is one listener's queue of a match's events, engine
// reports collapsing to the latest (Supersedes).
type Subscription = Queue[Event]

func newSubscription() *Subscription { return NewQueue(Supersedes) }

// Supersedes reports whether event next makes last, still unread, worth
// dropping: both are progress of the same search (the same ply, side and
// MultiPV line).
func Supersedes(last, next Event) bool {
	in, ok := next.(InfoEvent)
	if !ok {
		return false
	}
	prev, ok := last.(InfoEvent)
	return ok && prev.Ply == in.Ply && prev.Side == in.Side && prev.Info.MultiPV == in.Info.MultiPV
}

// Put queues e; a closed queue drops it.
func (s *Queue[E]) Put(e E) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	if n := len(s.queue); n > 0 && s.collapse != nil && s.collapse(s.queue[n-1], e) {
		s.queue[n-1] = e
		return
	}
	s.queue = append(s.queue, e)
	s.wake()
}

// End says no value follows: once the queue is read, Next returns
// ErrEnded.
func (s *Queue[E]) End() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ended = true
	s.wake()
}

func (s *Queue[E]) wake() {
	select {
	case s.notify <- struct{}{}:
	default:
	}
}

// Next returns the next value, waiting for one until ctx ends. After the
// last (for a match, the GameOverEvent) it returns ErrEnded.
func (s *Queue[E]) Next(ctx context.Context) (E, error) {
	var zero E
	for {
		s.mu.Lock()
		if len(s.queue) > 0 {
			e := s.queue[0]
			s.queue[0] = zero
			s.queue = s.queue[1:]
			if len(s.queue) > 0 || s.ended {
				s.wake()
			}
			s.mu.Unlock()
			return e, nil
		}
		if s.ended || s.closed {
			s.mu.Unlock()
			return zero, ErrEnded
		}
		s.mu.Unlock()
		select {
		case <-s.notify:
		case <-ctx.Done():
			return zero, ctx.Err()
		}
	}
}

// Close stops the queue: queued values are dropped and Next returns
// ErrEnded.
func (s *Queue[E]) Close() {
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
		s.Put(e)
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
		s.End()
	}
	h.subs = nil
}
