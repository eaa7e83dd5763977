package cluster

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// NodeRecord is what the registry holds of a live node, rewritten at
// each beat.
type NodeRecord struct {
	Name     string    `json:"name"`
	Host     string    `json:"host"`
	PID      int       `json:"pid"`
	Started  time.Time `json:"started"`
	Beat     time.Time `json:"beat"`
	Sessions int       `json:"sessions"`
	Tables   int       `json:"tables"` // tables it referees
}

// NameTakenError refuses a node a name that a live node holds.
type NameTakenError struct {
	Name  string
	Other NodeRecord // the holder, as it last beat; zero if unreadable
	TTL   time.Duration
}

func (e *NameTakenError) Error() string {
	who := ""
	if e.Other.Host != "" {
		who = fmt.Sprintf(" (on %s, pid %d, started %s)", e.Other.Host, e.Other.PID, e.Other.Started.Format(time.RFC3339))
	}
	return fmt.Sprintf("a node named %q is already running%s; give this one another --node, or, if that node is gone, wait %v for its name to lapse",
		e.Name, who, e.TTL)
}

// registration holds the node's name in the registry by beating.
type registration struct {
	n      *Node
	rec    NodeRecord
	cancel context.CancelFunc
	done   chan struct{}

	mu  sync.Mutex
	rev uint64
}

// register creates the node's entry, refused while another live node
// holds the name, and starts the beat.
func (n *Node) register(ctx context.Context) (*registration, error) {
	host, _ := os.Hostname()
	now := time.Now()
	rec := NodeRecord{Name: n.cfg.Name, Host: host, PID: os.Getpid(), Started: now, Beat: now}
	for {
		rev, err := n.nodes.Create(ctx, n.cfg.Name, encode(rec))
		if err == nil {
			r := &registration{n: n, rec: rec, rev: rev, done: make(chan struct{})}
			bctx, cancel := context.WithCancel(context.Background())
			r.cancel = cancel
			go r.beat(bctx)
			return r, nil
		}
		if !errors.Is(err, jetstream.ErrKeyExists) {
			if ctx.Err() != nil {
				return nil, &StartError{"register the node", err}
			}
			time.Sleep(250 * time.Millisecond) // JetStream settling
			continue
		}
		taken := &NameTakenError{Name: n.cfg.Name, TTL: n.cfg.NodeTTL}
		if e, gerr := n.nodes.Get(ctx, n.cfg.Name); gerr == nil {
			if other, derr := decodeNode(e.Value()); derr == nil {
				taken.Other = other
			} else {
				n.log.Warn("dropped a registry entry that does not parse", "key", n.cfg.Name, "err", derr)
			}
		}
		return nil, &StartError{"register the node", taken}
	}
}

// beat rewrites the node's entry every third of its time to live. An
// entry that lapsed while NATS was away is created again, unless another
// node took the name meanwhile, which is logged.
func (r *registration) beat(ctx context.Context) {
	defer close(r.done)
	tick := time.NewTicker(r.n.cfg.NodeTTL / 3)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		r.mu.Lock()
		rec := r.rec
		rev := r.rev
		r.mu.Unlock()
		rec.Beat = time.Now()
		rec.Sessions, rec.Tables = r.n.counts()
		rctx, cancel := context.WithTimeout(ctx, r.n.cfg.NodeTTL/3)
		nrev, err := r.n.nodes.Update(rctx, rec.Name, encode(rec), rev)
		if conflict(err) {
			// A beat that timed out but was written moved the revision
			// on: the entry is still this node's.
			if e, gerr := r.n.nodes.Get(rctx, rec.Name); gerr == nil {
				if cur, derr := decodeNode(e.Value()); derr == nil && cur.Host == rec.Host && cur.PID == rec.PID &&
					cur.Started.Equal(rec.Started) {
					nrev, err = e.Revision(), nil
				}
			}
		}
		if conflict(err) {
			// The entry lapsed (or was taken): create it afresh.
			nrev, err = r.n.nodes.Create(rctx, rec.Name, encode(rec))
			if errors.Is(err, jetstream.ErrKeyExists) {
				r.n.log.Error("another node took this node's name while it was away from NATS", "name", rec.Name)
			}
		}
		cancel()
		if err != nil {
			if ctx.Err() == nil {
				r.n.log.Debug("registry beat failed", "err", err)
			}
			continue
		}
		r.mu.Lock()
		r.rev = nrev
		r.mu.Unlock()
	}
}

// stop ends the beat; the name lapses by its time to live.
func (r *registration) stop() {
	r.cancel()
	<-r.done
}

// release ends the beat and frees the name at once.
func (r *registration) release(ctx context.Context) error {
	r.stop()
	r.mu.Lock()
	rev := r.rev
	r.mu.Unlock()
	return r.n.nodes.Delete(ctx, r.rec.Name, jetstream.LastRevision(rev))
}

// Nodes lists the live nodes as they last beat. An entry that does not
// parse is logged and left out.
func (n *Node) Nodes(ctx context.Context) ([]NodeRecord, error) {
	keys, err := n.nodes.ListKeys(ctx)
	if err != nil {
		return nil, err
	}
	var out []NodeRecord
	for k := range keys.Keys() {
		e, err := n.nodes.Get(ctx, k)
		if err != nil {
			continue // lapsed between the listing and the read
		}
		rec, err := decodeNode(e.Value())
		if err != nil {
			n.log.Warn("dropped a registry entry that does not parse", "key", k, "err", err)
			continue
		}
		out = append(out, rec)
	}
	return out, nil
}

// alive reports whether the node named name holds its registry entry.
func (n *Node) alive(ctx context.Context, name string) (bool, error) {
	_, err := n.nodes.Get(ctx, name)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, jetstream.ErrKeyNotFound):
		return false, nil
	}
	return false, err
}
