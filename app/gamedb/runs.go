package gamedb

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"math/bits"
	"slices"

	bolt "go.etcd.io/bbolt"
)

// The position index is kept in runs, as a log-structured tree keeps it:
// each stored batch of games writes a run of its own (a pg and a pm
// bucket, keys in order, pages filled whole, nothing else touched), and
// runs of about the same size are merged into one now and then. Written
// into one large B+tree instead, a batch's keys, spread at random over
// the positions, rewrote one 4 KB page a key once the tree outgrew the
// batch: the import slowed as the database grew (docs/database.md has the
// curve). A look-up reads every run: a few, since merging keeps them to
// about three a size class.
//
// Runs are named by an increasing sequence, and a merge takes only the
// newest runs, so the runs' order is the games' order: the newest games
// are in the last run.
var (
	bPGRuns = []byte("pgr")  // run name → bucket: position(8) + id(4) → ply, move(4), outcome
	bPMRuns = []byte("pmr")  // run name → bucket: position(8) + move(4) → counts
	bRuns   = []byte("runs") // run name → games in it (uvarint)
	bMerge  = []byte("mrg")  // merges under way: pg and pm → run name → bucket
	bDead   = []byte("dead") // runs merged away, their buckets not yet deleted
)

// mergeFan is how many runs of one size class are merged into one.
const mergeFan = 4

// sizeClass of a run of n games.
func sizeClass(n uint64) int { return (bits.Len64(max(n, 1)) - 1) / 2 }

// run is one run's buckets.
type run struct {
	name    []byte
	pg, pm  *bolt.Bucket
	blocked bool // its entries in blocks (blocks.go), not a key each
}

// runPart is one part (pg or pm) of a run.
type runPart struct {
	b       *bolt.Bucket
	blocked bool
}

// cursor walks the part's entries.
func (p runPart) cursor() cursor {
	if p.blocked {
		return newBlockCursor(p.b)
	}
	return p.b.Cursor()
}

// runValue is a run's entry in the run list: its games, and a 1 when its
// entries are in blocks (format 4; runs of formats 2 and 3 have a key an
// entry and no such byte).
func runValue(games uint64) []byte { return append(binary.AppendUvarint(nil, games), 1) }

// blockedRun reads the run list's value.
func blockedRun(v []byte) bool {
	_, n := binary.Uvarint(v)
	return n > 0 && len(v) > n && v[n] == 1
}

// runs returns the index's runs, oldest first: a database of the first
// format has its index in the flat pg and pm buckets, which count as the
// oldest run.
func runs(tx *bolt.Tx) []run {
	var out []run
	if pg, pm := tx.Bucket(bPos), tx.Bucket(bMoves); pg != nil && pm != nil {
		out = append(out, run{nil, pg, pm, false})
	}
	pgr, pmr, rb := tx.Bucket(bPGRuns), tx.Bucket(bPMRuns), tx.Bucket(bRuns)
	if pgr == nil || pmr == nil || rb == nil {
		return out
	}
	// The list of runs, not the buckets: a run merged away may still have
	// its buckets until they are deleted.
	c := rb.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if pg, pm := pgr.Bucket(k), pmr.Bucket(k); pg != nil && pm != nil {
			out = append(out, run{k, pg, pm, blockedRun(v)})
		}
	}
	return out
}

// part returns one part (bPGRuns or bPMRuns) of the run.
func (r run) part(part []byte) runPart {
	if bytes.Equal(part, bPMRuns) {
		return runPart{r.pm, r.blocked}
	}
	return runPart{r.pg, r.blocked}
}

// runBuckets returns one part (bPGRuns or bPMRuns) of each run, oldest
// first, without opening the other part's buckets: a look-up from a cold
// cache reads each bucket's root.
func runBuckets(tx *bolt.Tx, part []byte) []runPart {
	var out []runPart
	flat := bPos
	if bytes.Equal(part, bPMRuns) {
		flat = bMoves
	}
	if b := tx.Bucket(flat); b != nil {
		out = append(out, runPart{b, false})
	}
	parts, rb := tx.Bucket(part), tx.Bucket(bRuns)
	if parts == nil || rb == nil {
		return out
	}
	c := rb.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if b := parts.Bucket(k); b != nil {
			out = append(out, runPart{b, blockedRun(v)})
		}
	}
	return out
}

// newRun makes the buckets of a new run (the newest) in tx.
func newRun(tx *bolt.Tx, games uint64) (run, error) {
	rb := tx.Bucket(bRuns)
	if rb == nil {
		return run{}, ErrNotDatabase
	}
	seq, err := rb.NextSequence()
	if err != nil {
		return run{}, err
	}
	name := binary.BigEndian.AppendUint64(nil, seq)
	if err := rb.Put(name, runValue(games)); err != nil {
		return run{}, err
	}
	pg, err := tx.Bucket(bPGRuns).CreateBucket(name)
	if err != nil {
		return run{}, err
	}
	pm, err := tx.Bucket(bPMRuns).CreateBucket(name)
	if err != nil {
		return run{}, err
	}
	return run{name, pg, pm, true}, nil
}

// runSizes returns each run's name and games, oldest first (the runs of
// the first format's flat buckets are not merged and not listed).
func runSizes(tx *bolt.Tx) (names [][]byte, sizes []uint64, err error) {
	rb := tx.Bucket(bRuns)
	if rb == nil {
		return nil, nil, nil
	}
	c := rb.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		n, w := binary.Uvarint(v)
		if w <= 0 {
			return nil, nil, errors.New("damaged run list")
		}
		names = append(names, bytes.Clone(k))
		sizes = append(sizes, n)
	}
	return names, sizes, nil
}

// mergeChunk is how many entries one transaction of a merge writes: a
// transaction holds every page it wrote in memory until it commits (a
// million entries in blocks are some 10 MB). Runs an older format wrote,
// an entry a key, are read a fifth as many entries a transaction: the
// pages a transaction reads count in the process's memory until it
// commits and the map is let go, and a million entries of a format 2
// million-game file's runs were over 500 MB of them (the upgrade peaked
// at 715 MB).
var mergeChunk = 1_000_000

// mergeRelease is how many entries a merge writes, and deleteRelease how
// many keys a deletion walks or deletes, between two calls of its
// release function, inside their transactions too: the import's is
// trimMap, which lets go of the map's pages once the process has more
// than mapBudget of them. The kernel maps far more than a walk reads
// (fault-around and large folios, see trimMap): walking 33 MB of a run's
// keys to delete them mapped 250 MB. Letting go of the map at a fixed
// count instead (every 262,144 entries) left 100 MB jumps between two
// lettings go into a file of 838,000 games, and every 1,024 entries made
// an import four times as slow, each one reading the pages in hand again.
var (
	mergeRelease  = 1 << 12
	deleteRelease = 1 << 8
)

// maxRunGames is the largest run an import's merges make while it
// stores its batches (the merge at its end has no bound): past it, runs
// of this size add up, and look-ups read one more run for each such.
const maxRunGames = 256 << 10

// importFan is how many runs of one size class an import merges into
// one: twice mergeFan, so that an entry is rewritten half as often on its
// way to the last merge, at the price of more runs for a look-up to read
// while the import runs.
const importFan = 2 * mergeFan

// compact merges the newest runs while the newest fan of them are of one
// size class, never into a run of more than maxGames games. A merge is written in several transactions into buckets aside
// and takes the runs' place in the last: a merge cut short leaves the
// runs as they were (and its leftovers, which the next writer drops).
func compact(ctx context.Context, db *bolt.DB, maxGames uint64, fan int, t tending) error {
	for {
		var names [][]byte
		var sizes []uint64
		err := db.View(func(tx *bolt.Tx) error {
			all, allSizes, err := runSizes(tx)
			if err != nil || len(all) < fan {
				return err
			}
			n := len(all)
			cl := sizeClass(allSizes[n-1])
			var total uint64
			for i := n - fan; i < n; i++ {
				if sizeClass(allSizes[i]) != cl {
					return nil
				}
				total += allSizes[i]
			}
			if total > maxGames {
				return nil
			}
			names, sizes = all[n-fan:], allSizes[n-fan:]
			return nil
		})
		if err != nil || names == nil {
			return err
		}
		var err2 error
		if db, err2 = merge(ctx, db, names, sizes, t); err2 != nil {
			return err2
		}
	}
}

// endFan is how many times the newer runs' games the run before them may
// hold and still be merged with them at the end of an import (compactAll).
// Four rewrote the whole index whenever an import brought a quarter of
// the games already there: 115,000 engine games into 450,000 took 58 s,
// half of it the merge. Two halves how often the whole index is
// rewritten, for about one run more for a look-up to read. Imports of a
// fixed size up to a million games, simulated: each game written 4.5 to
// 8.5 times with four, 3.3 to 5.9 with two (steps of 115,000 to 5,000);
// at most 2 to 4 runs with four, 2 to 5 with two.
const endFan = 2

// endMerge returns from which run on the runs of sizes (oldest first) are
// merged at the end of an import: the newest with those before them,
// while the run before holds at most endFan times as many games as the
// newer ones together; len(sizes)-1 or more: none. The runs left fall in
// size by more than endFan each, so a look-up reads at most about
// log₂ of the games' count in runs, and one to three in practice.
func endMerge(sizes []uint64) int {
	n := len(sizes)
	if n < 2 {
		return n
	}
	from, newer := n-1, sizes[n-1]
	for from > 0 && sizes[from-1] <= endFan*newer {
		from--
		newer += sizes[from]
	}
	return from
}

// compactAll merges the newest runs into one as endMerge says, with no
// bound on the size: a small import does not rewrite a large index.
func compactAll(ctx context.Context, db *bolt.DB, t tending) error {
	var names [][]byte
	var sizes []uint64
	err := db.View(func(tx *bolt.Tx) error {
		all, allSizes, err := runSizes(tx)
		if err != nil {
			return err
		}
		if from := endMerge(allSizes); from < len(all)-1 {
			names, sizes = all[from:], allSizes[from:]
		}
		return nil
	})
	if err != nil || names == nil {
		return err
	}
	_, err = merge(ctx, db, names, sizes, t)
	return err
}

// tending is what a long merge or deletion does between its
// transactions: release lets go of the map's pages, note hears how far a
// merge is (Progress's Stage and Done), letIn lets a reader in if one
// asked (holder.letIn) and returns the file to go on in; each may be nil.
type tending struct {
	release func()
	note    func(stage string, done float64)
	letIn   func(db *bolt.DB, before func()) (*bolt.DB, error)
}

// between is what a merge or deletion does between two transactions; it
// returns the file to go on in. before is called first if a reader is
// let in.
func (t tending) between(db *bolt.DB, before func()) (*bolt.DB, error) {
	if t.release != nil {
		t.release()
	}
	if t.letIn == nil {
		return db, nil
	}
	return t.letIn(db, before)
}

// merge merges the runs called names (the newest, in order; sizes their
// games) into one, and returns the file it ended in (t.letIn may have
// opened it again).
func merge(ctx context.Context, db *bolt.DB, names [][]byte, sizes []uint64, t tending) (*bolt.DB, error) {
	var blocked []bool
	err := db.View(func(tx *bolt.Tx) error {
		rb := tx.Bucket(bRuns)
		for _, n := range names {
			blocked = append(blocked, blockedRun(rb.Get(n)))
		}
		return nil
	})
	if err != nil {
		return db, err
	}
	chunk := mergeChunk
	if slices.Contains(blocked, false) {
		chunk = max(1, mergeChunk/5)
	}
	var games uint64
	for _, n := range sizes {
		games += n
	}
	var dst []byte
	err = db.Update(func(tx *bolt.Tx) error {
		rb := tx.Bucket(bRuns)
		seq, err := rb.NextSequence()
		if err != nil {
			return err
		}
		dst = binary.BigEndian.AppendUint64(nil, seq)
		m, err := tx.CreateBucketIfNotExists(bMerge)
		if err != nil {
			return err
		}
		for _, part := range [][]byte{bPGRuns, bPMRuns} {
			p, err := m.CreateBucketIfNotExists(part)
			if err != nil {
				return err
			}
			if _, err := p.CreateBucket(dst); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return db, err
	}
	for pi, part := range [][]byte{bPGRuns, bPMRuns} {
		// One goroutine reads the runs and makes the merged blocks, a
		// chunk of entries a read transaction, while this one puts the
		// chunk before into the merged run, a write transaction each: a
		// merge is one core's work otherwise, and at the end of an import
		// the other core has nothing else to do. The reader never waits
		// for this one inside its transaction, so a commit that must
		// remap the file (which waits for every read transaction) never
		// waits for it either.
		var after []byte // the last key put
		for done := false; !done; {
			mctx, stop := context.WithCancel(ctx)
			chunks := make(chan mergedChunk)
			go readMerge(mctx, db, part, names, blocked, chunk, after, chunks)
			// The reader stops before the file is let go for a reader
			// (its read transactions would keep Close waiting).
			stopReader := func() {
				stop()
				for range chunks {
					// the reader's last chunk, if it had one in hand
				}
			}
			reopened := false
			err := func() error {
				for c := range chunks {
					if c.err != nil {
						return c.err
					}
					// Ctrl+C stops a long merge between its transactions;
					// the runs stay as they were, and the next writer
					// drops the rest.
					if err := ctx.Err(); err != nil {
						return err
					}
					err := db.Update(func(tx *bolt.Tx) error {
						out := tx.Bucket(bMerge).Bucket(part).Bucket(dst)
						out.FillPercent = 1 // keys go in in order: full pages
						for _, b := range c.blocks {
							if err := out.Put(b.name, b.data); err != nil {
								return err
							}
						}
						return nil
					})
					if err != nil {
						return err
					}
					after, done = c.after, c.last
					if t.note != nil {
						t.note(StageMerge, (float64(pi)+keyFraction(after, done))/2)
					}
					now, err := t.between(db, stopReader)
					if err != nil {
						return err
					}
					if now != db {
						db, reopened = now, true
						return nil
					}
				}
				return ctx.Err()
			}()
			stopReader()
			if err != nil {
				return db, err
			}
			if !reopened {
				break
			}
		}
	}
	// The merged run takes the runs' place in one transaction; their
	// buckets are deleted after, one a transaction.
	err = db.Update(func(tx *bolt.Tx) error {
		rb := tx.Bucket(bRuns)
		m := tx.Bucket(bMerge)
		dead, err := tx.CreateBucketIfNotExists(bDead)
		if err != nil {
			return err
		}
		for _, part := range [][]byte{bPGRuns, bPMRuns} {
			if err := tx.MoveBucket(dst, m.Bucket(part), tx.Bucket(part)); err != nil {
				return err
			}
		}
		for i, n := range names {
			if err := rb.Delete(n); err != nil {
				return err
			}
			if err := dead.Put(n, binary.AppendUvarint(nil, sizes[i])); err != nil {
				return err
			}
		}
		return rb.Put(dst, runValue(games))
	})
	if err != nil {
		return db, err
	}
	if t.note != nil {
		t.note(StageFree, 0)
	}
	return dropDead(db, t)
}

// mergedChunk is a chunk of a merge's entries in blocks (block), made by
// readMerge: after is its last key, last whether it ends the merge.
type mergedChunk struct {
	blocks []block
	after  []byte
	last   bool
	err    error
}

// block is a block of a run (blockWriter): its name (its last key) and
// its entries.
type block struct{ name, data []byte }

// readMerge reads the runs names of part (blocked: whether each is in
// blocks), merges their entries a chunk of n a read transaction, and
// sends each chunk's blocks on out, which it closes at the end, at the
// first error (sent) or when ctx is done. It starts after the key after
// (nil: at the first), and sends only outside its transactions.
func readMerge(ctx context.Context, db *bolt.DB, part []byte, names [][]byte, blocked []bool, n int, after []byte, out chan<- mergedChunk) {
	defer close(out)
	after = bytes.Clone(after) // the last key merged
	for {
		var c mergedChunk
		err := db.View(func(tx *bolt.Tx) error {
			defer readAhead(db)()
			src := tx.Bucket(part)
			var cs []cursor
			for i, name := range names {
				b := src.Bucket(name)
				if b == nil {
					return errors.New("a run to merge is gone")
				}
				cs = append(cs, runPart{b, blocked[i]}.cursor())
			}
			w := &blockWriter{buf: make([]byte, 0, blockSize), put: func(k, v []byte) error {
				c.blocks = append(c.blocks, block{k, v})
				return nil
			}}
			it := newMergeIter(cs, after)
			for i := 0; i < n; i++ {
				k, vals := it.next()
				if k == nil {
					if err := it.err(); err != nil {
						return err
					}
					c.last = true
					break
				}
				v := vals[0]
				if len(vals) > 1 {
					// The same position and move in several runs: their
					// counts add up (a pg key, holding the game's id, is
					// in one run only).
					var sum counts
					for _, b := range vals {
						got, err := decodeCounts(b)
						if err != nil {
							return err
						}
						sum = counts{sum.games + got.games, sum.wins + got.wins, sum.draws + got.draws, sum.losses + got.losses}
					}
					v = sum.encode()
				}
				if err := w.add(k, v); err != nil {
					return err
				}
				after = append(after[:0], k...)
				if i%mergeRelease == mergeRelease-1 {
					// The runs' pages this walk maps (inside the read
					// transaction: nothing remaps the file meanwhile).
					trimMap(db)
				}
			}
			c.after = bytes.Clone(after)
			return w.flush()
		})
		if err != nil {
			c = mergedChunk{err: err}
		}
		select {
		case out <- c:
		case <-ctx.Done():
			return
		}
		if c.last || c.err != nil {
			return
		}
	}
}

// keyFraction is how far through the keys key is: positions are keyed by
// their Zobrist hash, spread evenly over the 64-bit range, so the first
// 8 bytes of the last key merged say how much of a part is done.
func keyFraction(key []byte, done bool) float64 {
	switch {
	case done:
		return 1
	case len(key) < 8:
		return 0
	}
	return float64(binary.BigEndian.Uint64(key)) / (1 << 64)
}

// deleteChunk and deleteBytes bound what one transaction deletes of a
// run merged away: bbolt frees a deleted bucket's pages by reading every
// one of them, and a key's deletion reads its page, and the pages read
// count in the process's memory until the transaction ends and the map is
// let go. A run's size in games says little of its size in bytes (an
// engine game passes through 180 positions, a short random one 20; a
// format 4 key is a block of 2 KB, an older format's one entry), so every
// run goes a chunk a transaction, at most deleteChunk keys (each commit
// writes the whole freelist, which grows as the run's pages are freed: at
// a million keys the upgrade of a million-game file peaked at 775 MB
// resident) and deleteBytes of keys and values. Runs deleted whole when
// they held at most a quarter of maxRunGames games read up to 220 MB in
// one transaction, and chunks of 250,000 keys 500 MB, for engine games:
// an import of 150,000 peaked at 836 MB. At the commit bbolt reads again
// every page the transaction emptied, which the kernel maps whole folios
// around (see trimMap): in a file of 838,000 games 32 MB of keys mapped
// 900 MB, 4 MB 530 MB, and 1 MB some 100 MB.
var (
	deleteChunk = 250_000
	deleteBytes = 1 << 20
)

// dropDead deletes the buckets of runs merged away, a chunk of keys a
// transaction (deleteChunk, deleteBytes), each bucket once it is empty;
// it returns the file it ended in (t.letIn may have opened it again).
func dropDead(db *bolt.DB, t tending) (*bolt.DB, error) {
	release := t.release
	for {
		done := false
		err := db.Update(func(tx *bolt.Tx) error {
			dead := tx.Bucket(bDead)
			if dead == nil {
				done = true
				return nil
			}
			n, _ := dead.Cursor().First()
			if n == nil {
				done = true
				return tx.DeleteBucket(bDead)
			}
			n = bytes.Clone(n)
			defer readAhead(db)()
			for _, part := range [][]byte{bPGRuns, bPMRuns} {
				b := tx.Bucket(part).Bucket(n)
				if b == nil {
					continue
				}
				// The keys first, then each deleted by a seek: a cursor's
				// First after deletes walks every leaf emptied in this
				// transaction (they leave only at the commit).
				var keys [][]byte
				size := 0
				c := b.Cursor()
				k, v := c.First()
				for ; k != nil && len(keys) < deleteChunk && size < deleteBytes; k, v = c.Next() {
					keys = append(keys, bytes.Clone(k))
					size += len(k) + len(v)
					if release != nil && len(keys)%deleteRelease == 0 {
						release()
					}
				}
				for i, key := range keys {
					if err := b.Delete(key); err != nil {
						return err
					}
					if release != nil && i%deleteRelease == deleteRelease-1 {
						release()
					}
				}
				if k != nil {
					return nil // more next transaction
				}
				if err := tx.Bucket(part).DeleteBucket(n); err != nil {
					return err
				}
			}
			return dead.Delete(n)
		})
		if err != nil || done {
			return db, err
		}
		if db, err = t.between(db, nil); err != nil {
			return db, err
		}
	}
}

// mergeIter walks several runs' keys in order, all at once: a heap of
// the cursors by their keys, each key's bytes read once into integers
// (a merge's inner loop: a scan of every cursor for the least key, two
// byte comparisons a cursor an entry, was a fifth of an import's CPU).
type mergeIter struct {
	cs   []cursor
	k, v [][]byte
	hi   []uint64 // each cursor's key: its first 8 bytes
	lo   []uint32 // and the 4 after (keyLen)
	heap []int    // the cursors not at their end, the least key first
	vals [][]byte
}

// newMergeIter starts after the key after (nil: at the first).
func newMergeIter(cs []cursor, after []byte) *mergeIter {
	it := &mergeIter{cs: cs, k: make([][]byte, len(cs)), v: make([][]byte, len(cs)),
		hi: make([]uint64, len(cs)), lo: make([]uint32, len(cs))}
	for i, c := range cs {
		var k, v []byte
		if after == nil {
			k, v = c.First()
		} else if k, v = c.Seek(after); k != nil && bytes.Equal(k, after) {
			k, v = c.Next()
		}
		if it.set(i, k, v) {
			it.heap = append(it.heap, i)
		}
	}
	for i := len(it.heap)/2 - 1; i >= 0; i-- {
		it.down(i)
	}
	return it
}

// set takes cursor i's key and value; false at its end. A key of
// another length than keyLen (none is written) sorts by its first bytes.
func (it *mergeIter) set(i int, k, v []byte) bool {
	it.k[i], it.v[i] = k, v
	if k == nil {
		return false
	}
	var b [keyLen]byte
	copy(b[:], k)
	it.hi[i], it.lo[i] = binary.BigEndian.Uint64(b[:8]), binary.BigEndian.Uint32(b[8:])
	return true
}

// less orders cursors by key; equal keys by cursor, so that the order of
// a key's values is the runs' order whatever the heap's shape.
func (it *mergeIter) less(a, b int) bool {
	if it.hi[a] != it.hi[b] {
		return it.hi[a] < it.hi[b]
	}
	if it.lo[a] != it.lo[b] {
		return it.lo[a] < it.lo[b]
	}
	if c := bytes.Compare(it.k[a], it.k[b]); c != 0 {
		return c < 0
	}
	return a < b
}

func (it *mergeIter) down(i int) {
	h := it.heap
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		m := l
		if r := l + 1; r < len(h) && it.less(h[r], h[l]) {
			m = r
		}
		if !it.less(h[m], h[i]) {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

// err is what stopped a walk early (a damaged block).
func (it *mergeIter) err() error {
	for _, c := range it.cs {
		if err := cursorErr(c); err != nil {
			return err
		}
	}
	return nil
}

// next returns the smallest key left and its value in each bucket that
// has it, or nil at the end. The slices are good until the next call (a
// cursor's key stays good through its next move).
func (it *mergeIter) next() ([]byte, [][]byte) {
	if len(it.heap) == 0 {
		return nil, nil
	}
	top := it.heap[0]
	least, hi, lo := it.k[top], it.hi[top], it.lo[top]
	it.vals = it.vals[:0]
	for len(it.heap) > 0 {
		i := it.heap[0]
		if it.hi[i] != hi || it.lo[i] != lo || !bytes.Equal(it.k[i], least) {
			break
		}
		it.vals = append(it.vals, it.v[i])
		if k, v := it.cs[i].Next(); !it.set(i, k, v) {
			last := len(it.heap) - 1
			it.heap[0] = it.heap[last]
			it.heap = it.heap[:last]
		}
		it.down(0)
	}
	return least, it.vals
}

// dropMerges removes what merges cut short left behind: their buckets go
// among the runs under names no run list holds, and onto the list of runs
// to delete (dropDead), a chunk of keys a transaction; deleted here at
// once, a merge of a million games cut short would have its pages read
// into memory in one transaction.
func dropMerges(tx *bolt.Tx) error {
	m := tx.Bucket(bMerge)
	if m == nil {
		return nil
	}
	dead, err := tx.CreateBucketIfNotExists(bDead)
	if err != nil {
		return err
	}
	for _, part := range [][]byte{bPGRuns, bPMRuns} {
		src, dst := m.Bucket(part), tx.Bucket(part)
		if src == nil || dst == nil {
			continue
		}
		var names [][]byte
		if err := src.ForEachBucket(func(k []byte) error {
			names = append(names, bytes.Clone(k))
			return nil
		}); err != nil {
			return err
		}
		for _, n := range names {
			if err := tx.MoveBucket(n, src, dst); err != nil {
				return err
			}
			// Its size is not known: as large as a run gets.
			if err := dead.Put(n, binary.AppendUvarint(nil, 1<<32)); err != nil {
				return err
			}
		}
	}
	return tx.DeleteBucket(bMerge)
}
