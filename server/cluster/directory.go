package cluster

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"shogi/app/lobby"
	"shogi/game/match"
)

// Listing is an open table as every node sees it: the lobby's Info, and
// the node that referees it.
type Listing struct {
	lobby.Info
	Node string
}

// tableRecord is a Listing on the wire.
type tableRecord struct {
	Code      string    `json:"code"`
	Node      string    `json:"node"`
	Names     [2]string `json:"names"`
	Started   bool      `json:"started,omitempty"`
	Over      bool      `json:"over,omitempty"`
	Moves     int       `json:"moves,omitempty"`
	MainMS    int64     `json:"main_ms,omitempty"`
	ByoyomiMS int64     `json:"byoyomi_ms,omitempty"`
	IncMS     int64     `json:"inc_ms,omitempty"`
	Handicap  string    `json:"handicap,omitempty"`
	Watchers  int       `json:"watchers,omitempty"`
	Created   time.Time `json:"created"`
}

func recordOf(node string, i lobby.Info) tableRecord {
	return tableRecord{Code: i.Code, Node: node, Names: i.Names, Started: i.Started, Over: i.Over, Moves: i.Moves,
		MainMS: i.Time.Main.Milliseconds(), ByoyomiMS: i.Time.Byoyomi.Milliseconds(), IncMS: i.Time.Increment.Milliseconds(),
		Handicap: i.Handicap, Watchers: i.Watchers, Created: i.Created}
}

func (r tableRecord) listing() Listing {
	return Listing{Node: r.Node, Info: lobby.Info{Code: r.Code, Names: r.Names, Started: r.Started, Over: r.Over, Moves: r.Moves,
		Time:     match.TimeControl{Main: ms(r.MainMS), Byoyomi: ms(r.ByoyomiMS), Increment: ms(r.IncMS)},
		Handicap: r.Handicap, Watchers: r.Watchers, Created: r.Created}}
}

func ms(n int64) time.Duration { return time.Duration(n) * time.Millisecond }

func decodeTable(data []byte) (tableRecord, error) {
	return decode("table", data, func(r *tableRecord) error {
		if !codeValid(r.Code) {
			return fmt.Errorf("code %q", r.Code)
		}
		if err := checkName(r.Node); err != nil {
			return err
		}
		if r.Moves < 0 || r.Watchers < 0 || r.MainMS < 0 || r.ByoyomiMS < 0 || r.IncMS < 0 {
			return errors.New("negative figures")
		}
		return nil
	})
}

// codeValid keeps a table code to what a bucket key may hold.
func codeValid(code string) bool {
	if code == "" || len(code) > 32 {
		return false
	}
	for _, r := range code {
		if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// ErrCodeTaken refuses a code that a table on some node holds.
var ErrCodeTaken = lobby.ErrCodeTaken

// Directory is the cluster's list of open tables: a code is claimed once
// across the cluster (a key created, never overwritten by another node),
// and every node follows the list by watching the bucket. It is the
// lobby's lobby.Directory.
type Directory struct {
	n       *Node
	timeout time.Duration
	every   time.Duration // how often the watch is checked for staleness
	ctx     context.Context
	stop    context.CancelFunc // called by Close: ends ctx
	done    chan struct{}      // closed when the follower has stopped

	watches, checks atomic.Int64 // watches made, staleness checks done (for tests)

	mu      sync.Mutex
	tables  map[string]Listing
	changed chan struct{} // closed and replaced at each change
}

// Directory starts following the list of open tables.
func (n *Node) Directory(ctx context.Context) (*Directory, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// A third of the node TTL (5 s by default), at least 2 s: a check is a
	// request to JetStream, and twice a second slowed a partitioned
	// cluster's healing in the long tests.
	return n.directory(nil, min(max(n.cfg.NodeTTL/3, 2*time.Second), 5*time.Second)), nil
}

// directoryTimeout bounds each request the directory makes of JetStream.
const directoryTimeout = 3 * time.Second

// directory follows the list, checking it every so often; from watch
// first when it is not nil (a test's), else from a watch it makes.
func (n *Node) directory(first jetstream.KeyWatcher, every time.Duration) *Directory {
	d := &Directory{n: n, timeout: directoryTimeout, every: every,
		done: make(chan struct{}), tables: map[string]Listing{}, changed: make(chan struct{})}
	d.ctx, d.stop = context.WithCancel(context.Background())
	n.mu.Lock()
	n.dirs = append(n.dirs, d)
	n.mu.Unlock()
	var base uint64
	if first != nil {
		base = d.lastSeq() // as the watch began: before what comes next
	}
	go d.follow(first, base)
	return d
}

// listedElsewhere returns the codes of the games in progress another node
// referees, as this node's directories last heard of them.
func (n *Node) listedElsewhere() []string {
	n.mu.Lock()
	dirs := slices.Clone(n.dirs)
	n.mu.Unlock()
	seen := map[string]bool{}
	var out []string
	for _, d := range dirs {
		for _, l := range d.Tables() {
			if l.Node != n.cfg.Name && l.Started && !l.Over && !seen[l.Code] {
				seen[l.Code] = true
				out = append(out, l.Code)
			}
		}
	}
	return out
}

// lastSeq returns the bucket's last revision, 0 when it cannot be read.
func (d *Directory) lastSeq() uint64 {
	ctx, cancel := context.WithTimeout(d.ctx, d.every)
	defer cancel()
	st, err := d.n.tables.Status(ctx)
	if err != nil {
		return 0
	}
	if bs, ok := st.(*jetstream.KeyValueBucketStatus); ok {
		return bs.StreamInfo().State.LastSeq
	}
	return 0
}

// follow applies the bucket's changes to the list, watching again when
// the watch goes stale. A watch is served by one node of the cluster;
// when that node dies the client library notices only after missed
// heartbeats and its own retries, which left the list unchanged for 20 s
// after a death. So every d.every the bucket's last revision is read, and
// a watch that has not delivered, a whole check later, what the bucket
// held at the check before is stopped and made again (from the values
// the bucket holds then). base is the bucket's revision when first, if
// not nil, began.
func (d *Directory) follow(first jetstream.KeyWatcher, base uint64) {
	defer close(d.done)
	for {
		w, end := first, func() {}
		if first != nil {
			first = nil
		} else if w, end, base = d.newWatch(); w == nil {
			return // closed
		}
		stale := d.watch(w, base)
		_ = w.Stop()
		end()
		if !stale {
			return
		}
		d.n.log.Info("the list of tables went stale: watching it again")
	}
}

// newWatch makes a watch of the whole list and returns it with the end
// of its context and the bucket's revision when it began; it tries again
// every d.every until the directory is closed (nil). While JetStream
// elects the buckets' leaders (a server of the cluster came or left) a
// watch cannot be made for some seconds, and a node starting then must
// not exit (in CI one beside a refused twin did).
//
// The watch's context lives as long as the watch: nats.go ends the
// watch's subscription with it (a context ended once the watch was made
// closed every watch at once, and the directory made them again
// thousands of times a second). Only the making is bounded by d.timeout.
func (d *Directory) newWatch() (jetstream.KeyWatcher, context.CancelFunc, uint64) {
	for {
		base := d.lastSeq()
		ctx, end := context.WithCancel(d.ctx)
		late := time.AfterFunc(d.timeout, end)
		w, err := d.n.tables.WatchAll(ctx)
		if !late.Stop() && err == nil {
			_ = w.Stop() // made after its time: its context is over
			err = context.DeadlineExceeded
		}
		if err == nil {
			d.watches.Add(1)
			return w, end, base
		}
		end()
		d.n.log.Info("the table directory cannot be watched yet; trying again", "err", err)
		select {
		case <-d.ctx.Done():
			return nil, nil, 0
		case <-time.After(d.every):
		}
	}
}

// watch follows w until Close (false) or until it goes stale (true). The
// bucket's values up to the end of the initial ones make the new list.
func (d *Directory) watch(w jetstream.KeyWatcher, base uint64) bool {
	fresh := map[string]Listing{} // the initial values, until their end
	var seen, want uint64         // the revision delivered; the one the last check saw
	tick := time.NewTicker(d.every)
	defer tick.Stop()
	for {
		select {
		case <-d.ctx.Done():
			return false
		case <-tick.C:
			d.checks.Add(1)
			if want > seen {
				return true
			}
			if fresh == nil {
				want = d.lastSeq()
			}
		case e, ok := <-w.Updates():
			if !ok {
				return true
			}
			if e == nil { // the end of the initial values
				d.mu.Lock()
				d.tables = fresh
				d.changedLocked()
				d.mu.Unlock()
				fresh, seen = nil, max(seen, base)
				continue
			}
			seen = max(seen, e.Revision())
			d.mu.Lock()
			tables := d.tables
			if fresh != nil {
				tables = fresh
			}
			switch e.Operation() {
			case jetstream.KeyValueDelete, jetstream.KeyValuePurge:
				delete(tables, e.Key())
			default:
				r, err := decodeTable(e.Value())
				if err != nil || r.Code != e.Key() {
					d.mu.Unlock()
					d.n.log.Warn("dropped a table entry that does not parse", "key", e.Key(), "err", err)
					continue
				}
				tables[r.Code] = r.listing()
			}
			if fresh == nil {
				d.changedLocked()
			}
			d.mu.Unlock()
		}
	}
}

// changedLocked wakes the waiters. d.mu is held.
func (d *Directory) changedLocked() {
	close(d.changed)
	d.changed = make(chan struct{})
}

// Close stops following.
func (d *Directory) Close() {
	d.stop()
	<-d.done
	// A closed list is stale: the node's takeover no longer reads it.
	d.n.mu.Lock()
	d.n.dirs = slices.DeleteFunc(d.n.dirs, func(x *Directory) bool { return x == d })
	d.n.mu.Unlock()
}

// Claim takes code for a new table across the cluster; ErrCodeTaken if
// a table anywhere has it. An error of NATS says the cluster cannot be
// reached: the lobby refuses the new table in words.
func (d *Directory) Claim(code string, info lobby.Info) error {
	if !codeValid(code) {
		return fmt.Errorf("table code %q: letters and digits only", code)
	}
	ctx, cancel := context.WithTimeout(context.Background(), d.timeout)
	defer cancel()
	_, err := d.n.tables.Create(ctx, code, encode(recordOf(d.n.cfg.Name, info)))
	if errors.Is(err, jetstream.ErrKeyExists) {
		return ErrCodeTaken
	}
	if err != nil {
		return &UnreachableError{Op: "claim table code " + code, Err: err}
	}
	return nil
}

// Publish updates a table's line in the list. Only the node that holds
// the code writes it, so a plain put is enough.
func (d *Directory) Publish(info lobby.Info) error {
	ctx, cancel := context.WithTimeout(context.Background(), d.timeout)
	defer cancel()
	if _, err := d.n.tables.Put(ctx, info.Code, encode(recordOf(d.n.cfg.Name, info))); err != nil {
		return &UnreachableError{Op: "publish table " + info.Code, Err: err}
	}
	return nil
}

// Release frees the code of a table that closed.
func (d *Directory) Release(code string) error {
	ctx, cancel := context.WithTimeout(context.Background(), d.timeout)
	defer cancel()
	if err := d.n.tables.Delete(ctx, code); err != nil {
		return &UnreachableError{Op: "release table code " + code, Err: err}
	}
	return nil
}

// Tables lists the cluster's open tables as this node last heard of
// them, games in progress first, newest first (as the lobby lists its
// own).
func (d *Directory) Tables() []Listing {
	d.mu.Lock()
	out := make([]Listing, 0, len(d.tables))
	for _, l := range d.tables {
		out = append(out, l)
	}
	d.mu.Unlock()
	slices.SortFunc(out, func(a, b Listing) int { return lobby.Listed(a.Info, b.Info) })
	return out
}

// Wait returns once ok holds of the list, or when ctx ends.
func (d *Directory) Wait(ctx context.Context, ok func([]Listing) bool) error {
	for {
		d.mu.Lock()
		ch := d.changed
		d.mu.Unlock()
		if ok(d.Tables()) {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// UnreachableError says that a request to the cluster did not go
// through: NATS is away or JetStream has no quorum.
type UnreachableError struct {
	Op  string
	Err error
}

func (e *UnreachableError) Error() string {
	return "the cluster cannot be reached (" + e.Op + "): " + e.Err.Error()
}
func (e *UnreachableError) Unwrap() error { return e.Err }
