package cluster

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// A Lease makes its node the one referee of a table.
//
// Why two referees cannot overlap: the lease is a key in a bucket whose
// entries lapse LeaseTTL after they were last written, as JetStream
// stamps them. Another node can take the table only by creating the key,
// which succeeds only once the entry lapsed or was deleted. The holder
// renews by compare-and-set on the revision it holds, every TTL/6, and
// notes the time on its own monotonic clock just before it sends each
// renewal that succeeds: JetStream stamped that renewal no earlier, so
// the entry cannot lapse before that time plus TTL. The holder treats the
// lease as valid only until that time plus two thirds of TTL (Valid),
// closes Lost then, and must stop refereeing: it stops a third of TTL
// before anyone else can start, whatever happened to its renewals — a
// node cut off from the others (or from the quorum of JetStream) simply
// cannot renew. The third of TTL absorbs the clocks' drift and a server
// whose wall clock differs from another's by less than that. A renewal
// that finds another revision means the lease is gone already, and Lost
// closes at once.
//
// The table's state is fenced as well: the referee writes it by
// compare-and-set on the revision it last wrote (Store), and a node that
// takes a table over rewrites it at once, so a referee that was paused
// past its deadline (a stopped process, a frozen machine) cannot write
// over the new referee's state.
type Lease struct {
	n    *Node
	code string
	ttl  time.Duration

	mu       sync.Mutex
	rev      uint64
	deadline time.Time // monotonic: valid strictly before
	lost     chan struct{}
	why      error
	cancel   context.CancelFunc
	done     chan struct{}

	stateRev uint64 // the table state's revision this referee last wrote

	// unacked are the times sent of the renewals since the last one
	// answered: one that timed out may have been written all the same,
	// and the next renewal then finds the revision moved on (ownWrite).
	unacked []time.Time
}

// LeaseTakenError refuses a lease held by another node.
type LeaseTakenError struct{ Code, Holder string }

func (e *LeaseTakenError) Error() string {
	return fmt.Sprintf("table %s is refereed by node %s", e.Code, e.Holder)
}

// ErrLeaseLost is why a lease ended when it could not be renewed in time.
var ErrLeaseLost = errors.New("the table's lease could not be renewed in time: another node may take it over")

// leaseRecord is the lease's value.
type leaseRecord struct {
	Node string    `json:"node"`
	At   time.Time `json:"at"`
}

func decodeLease(data []byte) (leaseRecord, error) {
	return decode("lease", data, func(r *leaseRecord) error { return checkName(r.Node) })
}

// Acquire makes this node the referee of the table with code, if no
// other node is; a *LeaseTakenError if one is.
func (n *Node) Acquire(ctx context.Context, code string) (*Lease, error) {
	if !codeValid(code) {
		return nil, fmt.Errorf("table code %q: letters and digits only", code)
	}
	n.mu.Lock()
	if n.closed {
		n.mu.Unlock()
		return nil, errors.New("the node is shutting down")
	}
	if l := n.owned[code]; l != nil {
		n.mu.Unlock()
		return nil, &LeaseTakenError{code, n.cfg.Name}
	}
	n.mu.Unlock()
	sent := time.Now()
	rev, err := n.leases.Create(ctx, code, encode(leaseRecord{Node: n.cfg.Name, At: sent}))
	if errors.Is(err, jetstream.ErrKeyExists) {
		holder := "?"
		if e, gerr := n.leases.Get(ctx, code); gerr == nil {
			if r, derr := decodeLease(e.Value()); derr == nil {
				holder = r.Node
			}
		}
		return nil, &LeaseTakenError{code, holder}
	}
	if err != nil {
		return nil, &UnreachableError{Op: "take table " + code, Err: err}
	}
	lctx, cancel := context.WithCancel(context.Background())
	l := &Lease{n: n, code: code, ttl: n.cfg.LeaseTTL, rev: rev, deadline: sent.Add(n.cfg.LeaseTTL * 2 / 3),
		lost: make(chan struct{}), cancel: cancel, done: make(chan struct{})}
	n.mu.Lock()
	n.owned[code] = l
	n.mu.Unlock()
	go l.renew(lctx)
	return l, nil
}

// Code returns the leased table's code.
func (l *Lease) Code() string { return l.code }

// Valid reports whether this node may still referee the table now.
func (l *Lease) Valid() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.why == nil && time.Now().Before(l.deadline)
}

// Lost is closed when the lease ends: it lapsed, was found taken, or was
// released. Err says which.
func (l *Lease) Lost() <-chan struct{} { return l.lost }

// Err says why the lease ended; nil while it holds.
func (l *Lease) Err() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.why
}

// end closes the lease with why, once.
func (l *Lease) end(why error) {
	l.mu.Lock()
	if l.why != nil {
		l.mu.Unlock()
		return
	}
	l.why = why
	l.mu.Unlock()
	close(l.lost)
	l.n.mu.Lock()
	if l.n.owned[l.code] == l {
		delete(l.n.owned, l.code)
	}
	l.n.mu.Unlock()
}

// renew keeps the lease until it is stopped, found taken, or its local
// deadline passes without a renewal.
func (l *Lease) renew(ctx context.Context) {
	defer close(l.done)
	every := l.ttl / 6
	next := time.NewTimer(every)
	defer next.Stop()
	for {
		l.mu.Lock()
		left := time.Until(l.deadline)
		rev := l.rev
		l.mu.Unlock()
		expire := time.NewTimer(left)
		select {
		case <-ctx.Done():
			expire.Stop()
			return
		case <-expire.C:
			l.n.log.Warn("stopped refereeing: the lease could not be renewed", "table", l.code)
			l.end(ErrLeaseLost)
			return
		case <-next.C:
			expire.Stop()
		}
		next.Reset(every)
		sent := time.Now()
		if len(l.unacked) < 64 {
			l.unacked = append(l.unacked, sent)
		}
		rctx, cancel := context.WithTimeout(ctx, every)
		nrev, err := l.n.leases.Update(rctx, l.code, encode(leaseRecord{Node: l.n.cfg.Name, At: sent}), rev)
		cancel()
		if conflict(err) {
			// A renewal that timed out here but was written: the lease is
			// this node's still, at the revision that renewal made.
			if orev, at, ok := l.ownWrite(ctx, every); ok {
				nrev, sent, err = orev, at, nil
			}
		}
		switch {
		case err == nil:
			l.unacked = l.unacked[:0]
			l.mu.Lock()
			if !time.Now().Before(l.deadline) {
				// Renewed, but too late: the referee may have stopped
				// already, and Lost is final.
				l.mu.Unlock()
				l.n.log.Warn("stopped refereeing: the lease could not be renewed", "table", l.code)
				l.end(ErrLeaseLost)
				return
			}
			l.rev = nrev
			if d := sent.Add(l.ttl * 2 / 3); d.After(l.deadline) {
				l.deadline = d
			}
			l.mu.Unlock()
		case conflict(err) && len(l.unacked) > 1:
			// An earlier renewal of this lease's is unanswered, and may
			// be the write still on its way: try again, until the local
			// deadline (which no unanswered renewal extends) says lost.
			l.n.log.Debug("lease renewal found the revision moved on while an earlier one is unanswered", "table", l.code)
		case conflict(err) || errors.Is(err, jetstream.ErrKeyNotFound):
			if ctx.Err() != nil {
				return
			}
			l.n.log.Warn("stopped refereeing: the lease was found taken", "table", l.code)
			l.end(fmt.Errorf("table %s: the lease lapsed and was taken or removed", l.code))
			return
		default:
			l.n.log.Debug("lease renewal failed", "table", l.code, "err", err)
		}
	}
}

// ownWrite reads the lease's entry after a renewal found its revision
// moved on: when the entry is one of this lease's own renewals that went
// unanswered, it returns that entry's revision and when it was sent,
// which JetStream stamped no earlier.
func (l *Lease) ownWrite(ctx context.Context, within time.Duration) (uint64, time.Time, bool) {
	rctx, cancel := context.WithTimeout(ctx, within)
	defer cancel()
	e, err := l.n.leases.Get(rctx, l.code)
	if err != nil {
		return 0, time.Time{}, false
	}
	r, err := decodeLease(e.Value())
	if err != nil || r.Node != l.n.cfg.Name {
		return 0, time.Time{}, false
	}
	for _, at := range l.unacked {
		if at.Equal(r.At) {
			return e.Revision(), at, true
		}
	}
	return 0, time.Time{}, false
}

// stop ends the renewals; the lease lapses by its time to live.
func (l *Lease) stop() {
	l.cancel()
	<-l.done
	l.end(errors.New("the node stopped"))
}

// Release gives the table up at once, for another node to take over:
// the renewals stop and the key is deleted (if it is still this node's).
func (l *Lease) Release(ctx context.Context) error {
	return l.let(ctx, "release", errors.New("released"), false)
}

// giveBack ends the lease and deletes its key if it is still at this
// lease's revision, however the lease ended: a node that took a lease
// and then found it could not referee the table (its save refused or
// unanswered) hands it on at once rather than after LeaseTTL.
func (l *Lease) giveBack(ctx context.Context) error {
	return l.let(ctx, "give back", errors.New("given back"), true)
}

// let stops the renewals, ends the lease with why and deletes its key at
// the lease's revision: while it held (Release), or however it ended
// (always). A key another node wrote since, or gone, is left as it is.
func (l *Lease) let(ctx context.Context, op string, why error, always bool) error {
	l.cancel()
	<-l.done
	l.mu.Lock()
	rev, held := l.rev, l.why == nil
	l.mu.Unlock()
	l.end(why)
	if !held && !always {
		return nil
	}
	err := l.n.leases.Delete(ctx, l.code, jetstream.LastRevision(rev))
	if err != nil && !conflict(err) && !errors.Is(err, jetstream.ErrKeyNotFound) {
		return &UnreachableError{Op: op + " table " + l.code, Err: err}
	}
	return nil
}

// Holder returns the node refereeing the table with code; "" if none.
func (n *Node) Holder(ctx context.Context, code string) (string, error) {
	e, err := n.leases.Get(ctx, code)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	r, err := decodeLease(e.Value())
	if err != nil {
		n.log.Warn("dropped a lease entry that does not parse", "key", code, "err", err)
		return "", err
	}
	return r.Node, nil
}

// Owned returns how many tables this node referees.
func (n *Node) Owned() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return len(n.owned)
}
