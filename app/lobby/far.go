package lobby

import (
	"errors"

	"shogi/game"
	"shogi/game/match"
)

// Tables refereed on other nodes. A session sits or watches through its
// own node's lobby whichever node referees the table: when the code is
// not one of this lobby's tables, the lobby asks its Far (the cluster),
// which reaches the referee over the network and hands back a seat or a
// watcher with the same methods and events as a local one. The referee
// serves each of its tables to the other nodes (Far.Serve) for as long
// as the table is open.

// Far reaches the tables of the other nodes and serves this lobby's
// tables to them. Its methods are called without the lobby's locks held
// and may wait on the network (a few seconds at most).
type Far interface {
	// Serve makes a table of this lobby's reachable from the other
	// nodes until it closes (Table.Done).
	Serve(t *Table)
	// Join sits p at a table refereed elsewhere, as Lobby.Join does at
	// a local one; ErrNoTable when no node has the code.
	Join(code string, p Person) (FarSeat, error)
	// Watch follows a table refereed elsewhere as a spectator.
	Watch(code string, p Person) (FarWatcher, error)
	// Held lists the tables elsewhere where a seat waits for p.
	Held(p Person) []Info
	// Tables lists the other nodes' tables.
	Tables() []Info
}

// FarSeat is a seat at a table refereed on another node.
type FarSeat interface {
	Code() string
	Events() *Feed
	Side() (game.Color, bool)
	Name() string
	Control() match.Control
	Say(text string) error
	Leave()
}

// FarWatcher is a spectator of a table refereed on another node.
type FarWatcher interface {
	Code() string
	Events() *Feed
	Say(text string)
	Close()
}

// NewFeed returns an empty feed, for a Far to queue a remote table's
// events on.
func NewFeed() *Feed { return newFeed() }

// Put queues e on the feed; a ClosedEvent is its last.
func (f *Feed) Put(e Event) { f.put(e) }

// Done is closed when the table closes.
func (t *Table) Done() <-chan struct{} { return t.done }

// Match returns the table's match, or nil before the game starts.
func (t *Table) Match() *match.Match {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.m
}

// State returns the table's state as its referee saves it.
func (t *Table) State() TableState { return t.state() }

// End returns how the game ended, once it has.
func (t *Table) End() (EndEvent, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.end == nil {
		return EndEvent{}, false
	}
	return *t.end, true
}

// Join sits p at the table, as Lobby.Join does: for a person on another
// node, whose seat the cluster holds here.
func (t *Table) Join(p Person) (*Seat, error) {
	p.Name = CleanName(p.Name)
	if p.Name == "" {
		return nil, errors.New("a player needs a name")
	}
	return t.join(p)
}

// Watch follows the table as a spectator, for a person on another node.
func (t *Table) Watch(p Person) *Watcher { return t.watch(p) }

// Holds reports whether a seat of the game in progress waits for p.
func (t *Table) Holds(p Person) bool {
	p.Name = CleanName(p.Name)
	return t.holds(p)
}

// Listen returns a feed of the table's events as a spectator gets them,
// without counting as one: the cluster relays it to the other nodes.
// Unlisten ends it.
func (t *Table) Listen() *Feed {
	t.mu.Lock()
	defer t.mu.Unlock()
	f := newFeed()
	if t.closed {
		f.put(ClosedEvent{Reason: "the table closed"})
		return f
	}
	t.listeners[f] = struct{}{}
	t.catchUp(f)
	return f
}

// Unlisten stops a feed Listen returned.
func (t *Table) Unlisten(f *Feed) {
	t.mu.Lock()
	delete(t.listeners, f)
	t.mu.Unlock()
}

// Lose gives the table up on this node: its referee's lease lapsed (the
// node was cut off from the others), so another node takes the game
// over from the state last saved. The game here is interrupted, and
// everyone at the table is told why, in reason, as the table closes; the
// state and the cluster's list are left to the new referee.
func (t *Table) Lose(reason string) {
	t.mu.Lock()
	if t.closed || t.lost {
		t.mu.Unlock()
		return
	}
	t.lost = true
	t.broadcast(LostEvent{Reason: reason})
	t.mu.Unlock()
	t.l.log.Warn("table lost to the cluster", "code", t.code, "why", reason)
	t.abort(reason)
	t.close(reason)
}

// Cut tells everyone at the table that its referee (this node) lost
// touch with the rest of the cluster (cut true) — the game goes on here
// for now, but another node may take it over — or is back in touch.
func (t *Table) Cut(cut bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.closed && !t.lost {
		t.broadcast(CutEvent{Cut: cut})
	}
}

// CutEvent says the table's referee lost touch with the other nodes
// (Cut), or is back in touch (not Cut).
type CutEvent struct{ Cut bool }

// LostEvent says this node no longer referees the table: it was cut off
// from the other nodes, and another one took the game over. The feed's
// ClosedEvent follows: the players go on by connecting to another node,
// where their seats are offered back for the grace period.
type LostEvent struct{ Reason string }

// SilentEvent says, to a seat or a spectator on another node than the
// table's referee, that the referee has gone silent (Silent: its lease
// is no longer renewed, as when its node died; the cluster takes the
// table over once the lease lapses, and the time meanwhile is charged to
// no one), or that the table is heard again (not Silent), refereed by
// the node By — another one than before when the table was taken over.
type SilentEvent struct {
	Silent    bool
	By        string
	TakenOver bool
}

func (CutEvent) tableEvent()    {}
func (LostEvent) tableEvent()   {}
func (SilentEvent) tableEvent() {}

// farAsk makes a request of a far seat's game for its side.
func farAsk(s FarSeat, do func(match.Control, game.Color) error) error {
	c, ok := s.Side()
	if !ok {
		return ErrNotStarted
	}
	return do(s.Control(), c)
}
