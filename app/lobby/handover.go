package lobby

import (
	"context"
	"errors"
	"sync"
	"time"

	"shogi/app/session"
	"shogi/game/match"
	"shogi/kifu"
)

// Handing a node's games to the other nodes when it stops (SIGTERM on a
// node of a cluster): rather than interrupt each game, the node stops its
// match without an ending, saves its state as in progress, and gives the
// table up at once, so that another node takes it over (Adopt) from
// there, as after the node's death but without waiting for its lease to
// lapse.

// Releaser is a TableStore that can give a table up for another node to
// take over at once, the state saved for it kept (the cluster's Store).
// HandOver needs one.
type Releaser interface {
	Release(code string) error
}

// HandoverEvent says this node is stopping and handed the table's game
// to another node, which takes it over from the state saved as it
// stopped: the clocks stood still from then, and the turn under way was
// not charged. The feed's ClosedEvent follows; the players go on by
// connecting to another node, where their seats are offered back for
// Grace.
type HandoverEvent struct{ Grace time.Duration }

func (HandoverEvent) tableEvent() {}

// HandOver closes the lobby as Shutdown does, but hands every game in
// progress to the other nodes instead of interrupting it: its match is
// stopped without an ending (no record of an interrupted game is
// written), its state saved as in progress through the Store, and its
// table released there (Releaser); everyone at the table is told
// (HandoverEvent), and the table closes here. A game whose state cannot
// be saved, and every game when the Store is not a Releaser, is
// interrupted as Shutdown does. It returns once the games are handed
// over and written, or ctx ends.
func (l *Lobby) HandOver(ctx context.Context, reason string) error {
	rel, ok := l.cfg.Store.(Releaser)
	if !ok {
		return l.Shutdown(ctx, reason)
	}
	ts := l.closeDoors()
	// Each table waits on its own store's round trips: all at once.
	var wg sync.WaitGroup
	for _, t := range ts {
		wg.Go(func() {
			if err := t.handOver(ctx, rel, reason); err != nil {
				l.log.Warn("cannot hand the game to another node: interrupting it", "code", t.code, "err", err)
			}
		})
	}
	wg.Wait()
	return l.Shutdown(ctx, reason)
}

// handOver hands the table's game in progress to the other nodes; a
// table without one is left to Shutdown. An error leaves the game here,
// paused, for Shutdown to interrupt.
func (t *Table) handOver(ctx context.Context, rel Releaser, reason string) error {
	t.mu.Lock()
	m, ended := t.m, t.ended
	if t.closed || t.lost || m == nil || t.end != nil {
		t.mu.Unlock()
		return nil
	}
	// From here no seat's request reaches the game (Seat.current), no
	// grace period forfeits it, and the keeper saves no more: the state
	// saved below is the last this node writes.
	t.lost, t.handed = true, true
	t.mu.Unlock()
	undo := func() {
		t.mu.Lock()
		t.lost, t.handed = false, false
		t.mu.Unlock()
		t.keep()
	}
	// The clocks stop and the turn under way is cancelled, not charged:
	// the new referee's side to move thinks it again.
	if err := m.Pause(); err != nil {
		undo()
		if errors.Is(err, match.ErrOver) {
			return nil // it ended on its own first
		}
		return err
	}
	if m.Snapshot().Over {
		undo() // it ended before the flag was up: its end is saved as usual
		return nil
	}
	t.keeper.saving.Lock()
	err := t.l.cfg.Store.Save(t.state())
	t.keeper.saving.Unlock()
	if err != nil {
		undo()
		return err
	}
	t.mu.Lock()
	t.broadcast(HandoverEvent{Grace: t.l.cfg.Grace})
	t.mu.Unlock()
	// The match ends here without an ending: follow writes no record of
	// it and tells no one (handed), and the table's feeds close below.
	if err := m.Abort(reason); err != nil && !errors.Is(err, match.ErrOver) {
		t.l.log.Warn("cannot stop the game handed over", "code", t.code, "err", err)
	}
	select {
	case <-ended:
	case <-ctx.Done():
		return ctx.Err()
	}
	// Only now, with no match left here, may another node referee it.
	if err := rel.Release(t.code); err != nil {
		t.l.log.Warn("cannot release the table: another node takes it over once its lease lapses", "code", t.code, "err", err)
	}
	t.l.log.Info("game handed over", "code", t.code, "moves", len(m.Snapshot().Moves))
	t.close(reason)
	return nil
}

// HandedOver reports whether the table's game was handed to another
// node as this one stops (HandOver): its lease is given up on purpose.
func (t *Table) HandedOver() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.handed
}

// handedStore keeps a table's record as its session's Store does, but
// writes nothing at the end of a game handed to another node: that
// node writes the game's record when it ends.
type handedStore struct {
	session.Store
	t *Table
}

func (h handedStore) End(st session.State, res match.Result, rec *kifu.Record) (string, error) {
	h.t.mu.Lock()
	handed := h.t.handed
	h.t.mu.Unlock()
	if handed {
		return "", nil
	}
	return h.Store.End(st, res, rec)
}
