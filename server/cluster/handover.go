package cluster

import (
	"context"
	"fmt"
	"time"
)

// Handing tables over as a node stops: the lobby saves each game's state
// as in progress (lobby.Lobby.HandOver) and releases its lease here
// (Store.Release); the node then tells the others (releasedSubject), and
// each runs a round of takeovers at once rather than at its next tick,
// the first to create the lease adopting the table.

// releasedSubject carries the code of a table whose referee gave it up
// for another node to take over.
const releasedSubject = "shogi.released"

// Release gives up this node's lease of the table with code, its state
// kept for the node that takes it over, and tells the other nodes. It is
// the lobby's lobby.Releaser.
func (s *Store) Release(code string) error {
	ctx, cancel := context.WithTimeout(context.Background(), s.timeout)
	defer cancel()
	l := s.n.letGo(code)
	if l == nil {
		return fmt.Errorf("table %s: this node does not referee it", code)
	}
	if err := l.Release(ctx); err != nil {
		return err
	}
	if err := s.n.nc.Publish(releasedSubject, []byte(code)); err != nil {
		// The others find the table at their next round all the same.
		s.n.log.Debug("cannot tell the other nodes a table was released", "table", code, "err", err)
	}
	return nil
}

// Others counts the live nodes other than this one: a node that stops
// hands its tables over only when one is there to take them.
func (n *Node) Others(ctx context.Context) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	nodes, err := n.Nodes(ctx)
	if err != nil {
		return 0, &UnreachableError{Op: "list the live nodes", Err: err}
	}
	others := 0
	for _, r := range nodes {
		if r.Name != n.cfg.Name {
			others++
		}
	}
	return others, nil
}
