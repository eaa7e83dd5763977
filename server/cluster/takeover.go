package cluster

import (
	"context"
	"errors"
	"time"

	"shogi/app/lobby"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Taking a table over: a table whose state is saved but whose lease no
// node holds lost its referee (the node died, or was cut off past the
// lease's time to live). Any live node may take its lease — the bucket's
// create-only write lets exactly one succeed — read the state, fencing
// the old referee's late writes (Lease.Load), and set the table up again
// in its own lobby (lobby.Lobby.Adopt), where its players find it when
// they connect to that node.

// TakeOver adopts every table that has a saved state and no referee,
// with adopt (a lobby's Adopt); it returns the codes it took. A table
// another node takes first is skipped; one whose state says it is over
// (or was never started) is removed, as its referee would have.
//
// Listing the saved tables needs a consumer of the state's stream, which
// JetStream cannot make while it elects new leaders (the node that led
// was lost), for a minute at times; reading and writing a key does not
// wait for that. So when the listing fails, the round goes through the
// games in progress that the table directory listed as another node's.
func (n *Node) TakeOver(ctx context.Context, adopt func(lobby.TableState) error) ([]string, error) {
	lctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	keys, err := n.state.Keys(lctx)
	cancel()
	if err != nil {
		if errors.Is(err, jetstream.ErrNoKeysFound) {
			return nil, nil
		}
		if keys = n.listedElsewhere(); len(keys) == 0 {
			n.log.Debug("takeover round: cannot list the saved tables", "err", err)
			return nil, &UnreachableError{Op: "list saved tables", Err: err}
		}
		n.log.Debug("takeover round: the saved tables cannot be listed; trying those listed elsewhere", "tables", len(keys), "err", err)
	}
	var took []string
	for _, code := range keys {
		n.mu.Lock()
		mine := n.owned[code] != nil
		n.mu.Unlock()
		if mine {
			continue
		}
		if h, err := n.Holder(ctx, code); err != nil || h != "" {
			n.log.Debug("takeover round: table refereed, or its lease unreadable", "table", code, "referee", h, "err", err)
			continue
		}
		l, err := n.Acquire(ctx, code)
		if err != nil {
			// Another node was first, or NATS is away: the next round.
			n.log.Debug("takeover round: cannot take the table's lease", "table", code, "err", err)
			continue
		}
		st, err := l.Load(ctx)
		if err != nil {
			n.log.Warn("could not read a table to take over", "table", code, "err", err)
			_ = l.Release(ctx)
			continue
		}
		if err := adopt(st); err != nil {
			if errors.Is(err, lobby.ErrNothingToAdopt) {
				if err := n.Store().Remove(code); err != nil {
					n.log.Warn("could not remove a finished table's state", "table", code, "err", err)
				}
				continue
			}
			n.log.Warn("could not take a table over", "table", code, "err", err)
			_ = l.Release(ctx)
			continue
		}
		n.log.Info("took a table over", "table", code, "moves", len(st.Moves))
		took = append(took, code)
	}
	return took, nil
}

// WatchTakeovers runs TakeOver every period until ctx ends; it returns
// then. The caller owns it (runs it on a goroutine it waits for).
// A table another node released as it stopped (Store.Release) starts a
// round at once.
func (n *Node) WatchTakeovers(ctx context.Context, every time.Duration, adopt func(lobby.TableState) error) {
	t := time.NewTicker(every)
	defer t.Stop()
	released := make(chan struct{}, 1)
	sub, err := n.nc.Subscribe(releasedSubject, func(*nats.Msg) {
		select {
		case released <- struct{}{}:
		default: // a round is due already: it finds this table too
		}
	})
	if err != nil {
		n.log.Warn("tables released by other nodes wait for the next takeover round", "err", err)
	} else {
		defer func() { _ = sub.Unsubscribe() }()
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-released:
		}
		if _, err := n.TakeOver(ctx, adopt); err != nil && ctx.Err() == nil {
			n.log.Debug("takeover round", "err", err)
		}
	}
}
