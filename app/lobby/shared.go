package lobby

import (
	"errors"
	"sync"
	"time"

	"shogi/game"
	"shogi/game/match"
)

// The lobby on one node of several: a Directory shares the codes and the
// list of tables with the other nodes, and a TableStore keeps each
// table's state where another node can read it. Both are optional: a
// lobby alone keeps everything in memory, as before.

// ErrCodeTaken says a code is held by a table on another node; Create
// draws another.
var ErrCodeTaken = errors.New("that table code is taken on another node")

// ErrNoCluster refuses a new table while the other nodes cannot be
// reached (the code could not be claimed); games in progress go on.
var ErrNoCluster = errors.New("the server cannot reach the other nodes just now, so no new table can open; try again in a moment")

// Directory is what a lobby shares with the lobbies of other nodes. Its
// methods are called without the lobby's locks held, and may wait on the
// network (a few seconds at most).
type Directory interface {
	// Claim reserves code for a new table across the cluster:
	// ErrCodeTaken if a table anywhere holds it, another error if the
	// cluster cannot be reached.
	Claim(code string, info Info) error
	// Publish updates the table's line in the cluster's list.
	Publish(info Info) error
	// Release frees the code of a table that closed.
	Release(code string) error
}

// TableStore keeps tables' states for another node to take a table over
// when this one is gone. Save is called after each event, from one
// goroutine per table, the latest state only when several are waiting;
// Remove when the table closes.
type TableStore interface {
	Save(s TableState) error
	Remove(code string) error
}

// TableState is a table as its referee saves it: enough to set the game
// up again on another node with the clocks as they stood.
type TableState struct {
	Code     string
	Options  Options
	Handicap string        // the handicap's key; "" for even
	Start    game.Position // the start position
	Created  time.Time
	Seats    [2]SeatState // in order of arrival: the creator first
	Started  bool
	Began    time.Time
	Toss     *game.Furigoma
	Moves    []game.Move
	Spent    []time.Duration // per move
	Clock    match.ClockState
	Offer    *game.Color // whose draw offer stands
	Chat     []ChatEvent
	Over     bool
}

// SeatState is a seat in a TableState.
type SeatState struct {
	Taken    bool
	Name     string
	Key      string
	Colour   game.Color // once the game started
	Present  bool
	Deadline time.Time // when a player who is away loses the seat
}

// state is the table's TableState now.
func (t *Table) state() TableState {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := TableState{Code: t.code, Options: t.opts, Handicap: t.handicap, Start: t.start, Created: t.created,
		Started: t.m != nil, Began: t.began, Toss: t.toss, Over: t.end != nil, Chat: append([]ChatEvent(nil), t.chat...)}
	for k, st := range t.seats {
		if st != nil {
			s.Seats[k] = SeatState{Taken: true, Name: st.person.Name, Key: st.person.Key, Colour: t.colour[k],
				Present: st.present, Deadline: st.deadline}
		}
	}
	if t.m != nil {
		snap := t.m.Snapshot()
		s.Moves = snap.Moves
		s.Spent = make([]time.Duration, len(snap.Notes))
		for i, n := range snap.Notes {
			s.Spent[i] = n.Spent
		}
		s.Clock = snap.Clock
		if snap.Offered && !snap.Over {
			c := snap.Offer
			s.Offer = &c
		}
	}
	return s
}

// keeper saves a table's state after its events, on its own goroutine,
// so that a slow store never holds up the table; when several events
// come while a save is under way, the next save takes the latest state.
type keeper struct {
	once sync.Once
	kick chan struct{}
	// saving is held across a save, so that a handover's last save
	// (HandOver) comes after any the keeper has under way.
	saving sync.Mutex
	saved  chan struct{} // closed when the keeper ends
}

// keep asks for the table's state to be saved; it may be called with
// t.mu held. Without a store or a directory it does nothing.
func (t *Table) keep() {
	if t.l.cfg.Store == nil && t.l.cfg.Directory == nil {
		return
	}
	t.keeper.once.Do(func() {
		t.keeper.kick = make(chan struct{}, 1)
		t.keeper.saved = make(chan struct{})
		go t.keepLoop()
	})
	select {
	case t.keeper.kick <- struct{}{}:
	default:
	}
}

// keepRetry is how long the keeper waits before saving again after a
// save failed, doubling up to keepRetryMax while the store keeps failing:
// a game whose players wait for the other's move has no event to save
// it at, and the other nodes must have its last state to take it over.
const (
	keepRetry    = 250 * time.Millisecond
	keepRetryMax = 5 * time.Second
)

// keepLoop saves until the table closes, then removes what it kept. A
// save that fails is tried again after a while, the latest state then.
func (t *Table) keepLoop() {
	defer close(t.keeper.saved)
	var failing bool // log a failing store once, not at every move
	var retry <-chan time.Time
	stopRetry := func() {}
	defer func() { stopRetry() }()
	var wait time.Duration
	for {
		select {
		case <-t.keeper.kick:
		case <-retry:
		case <-t.done:
			t.forget()
			return
		}
		stopRetry()
		retry, stopRetry = nil, func() {}
		var err error
		t.keeper.saving.Lock()
		t.mu.Lock()
		lost := t.lost
		t.mu.Unlock()
		if lost {
			t.keeper.saving.Unlock()
			continue // the new referee saves it now
		}
		if t.l.cfg.Store != nil {
			err = t.l.cfg.Store.Save(t.state())
		}
		// The list follows the state: a node whose save was refused
		// (another node referees the table now) does not list the table
		// as its own over the new referee's line.
		if t.l.cfg.Directory != nil && err == nil {
			err = t.l.cfg.Directory.Publish(t.Info())
		}
		t.keeper.saving.Unlock()
		switch {
		case err != nil && !failing:
			t.l.log.Warn("cannot save the table's state for the other nodes", "code", t.code, "err", err)
		case err == nil && failing:
			t.l.log.Info("the table's state is saved again", "code", t.code)
		}
		failing = err != nil
		if failing {
			wait = min(max(2*wait, keepRetry), keepRetryMax)
			retry, stopRetry = t.l.ts.After(wait)
		} else {
			wait = 0
		}
	}
}

// forget removes a closed table from the store and the directory.
func (t *Table) forget() {
	t.mu.Lock()
	lost := t.lost
	t.mu.Unlock()
	if lost {
		return // the state and the code are the new referee's
	}
	if t.l.cfg.Store != nil {
		if err := t.l.cfg.Store.Remove(t.code); err != nil {
			t.l.log.Warn("cannot remove the table's state", "code", t.code, "err", err)
		}
	}
	t.l.release(t.code)
}

// release frees a code in the directory.
func (l *Lobby) release(code string) {
	if l.cfg.Directory == nil {
		return
	}
	if err := l.cfg.Directory.Release(code); err != nil {
		l.log.Warn("cannot release the table's code", "code", code, "err", err)
	}
}

// claim reserves code in the directory for a new table.
func (l *Lobby) claim(code string, info Info) error {
	if l.cfg.Directory == nil {
		return nil
	}
	return l.cfg.Directory.Claim(code, info)
}
