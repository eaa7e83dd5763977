package gamedb

import (
	"bytes"
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	bolt "go.etcd.io/bbolt"

	"shogi/game"
	"shogi/kifu"
)

// TestFormat1: a database of the first format (the index in one pg and
// one pm bucket) reads as it did, and a writer brings it to this format
// without losing anything: the counts after a second import equal a
// plain count over both.
func TestFormat1(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.MkdirAll(a, 0o755)
	os.MkdirAll(b, 0o755)
	genGames(t, a, 100, 31)
	genGames(t, b, 100, 32)
	path := filepath.Join(dir, "g.db")
	if _, err := Import(context.Background(), path, []string{a}, nil); err != nil {
		t.Fatal(err)
	}
	// Rewrite the index as format 1 wrote it.
	bdb, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = bdb.Update(func(tx *bolt.Tx) error {
		pg, _ := tx.CreateBucket(bPos)
		pm, _ := tx.CreateBucket(bMoves)
		var pgs, pms []cursor
		for _, r := range runs(tx) {
			pgs, pms = append(pgs, r.part(bPGRuns).cursor()), append(pms, r.part(bPMRuns).cursor())
		}
		for _, c := range []struct {
			dst *bolt.Bucket
			src []cursor
		}{{pg, pgs}, {pm, pms}} {
			it := newMergeIter(c.src, nil)
			for k, vals := it.next(); k != nil; k, vals = it.next() {
				if len(vals) != 1 {
					t.Fatalf("%x in %d runs: the test wants one", k, len(vals))
				}
				if err := c.dst.Put(append([]byte(nil), k...), append([]byte(nil), vals[0]...)); err != nil {
					return err
				}
			}
		}
		for _, n := range [][]byte{bPGRuns, bPMRuns, bRuns} {
			if err := tx.DeleteBucket(n); err != nil {
				return err
			}
		}
		return tx.Bucket(bMeta).Put([]byte("version"), []byte("1"))
	})
	bdb.Close()
	if err != nil {
		t.Fatal(err)
	}
	filesA, _ := filepath.Glob(filepath.Join(a, "*.csa"))
	n := newNaive()
	positions := countFiles(t, n, filesA)
	db, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	n.check(t, db, positions)
	db.Close()
	if _, err := Import(context.Background(), path, []string{b}, nil); err != nil {
		t.Fatal(err)
	}
	filesB, _ := filepath.Glob(filepath.Join(b, "*.csa"))
	for k, p := range countFiles(t, n, filesB) {
		positions[k] = p
	}
	db, err = OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	n.check(t, db, positions)
	db.bolt.View(func(tx *bolt.Tx) error {
		if v := string(tx.Bucket(bMeta).Get([]byte("version"))); v != strconv.Itoa(Version) {
			t.Errorf("version %s after a write, want %d", v, Version)
		}
		return nil
	})
}

// TestFormat2: a database of the second format (runs, no games' facts)
// reads as it did — the games list reads such games whole — and the next
// import brings it to this format: every game's facts filled in, the runs
// merged into few, the counts equal a plain count over both imports.
func TestFormat2(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.MkdirAll(a, 0o755)
	os.MkdirAll(b, 0o755)
	genGames(t, a, 160, 41)
	genGames(t, b, 160, 42)
	path := filepath.Join(dir, "g.db")
	// Several runs, as a format 2 import of small batches left them.
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	filesA, _ := filepath.Glob(filepath.Join(a, "*.csa"))
	var games []*Game
	for _, f := range filesA {
		r, err := kifu.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range append([]*kifu.Record{r}, r.Games...) {
			games = append(games, FromRecord(rec, f, false))
		}
	}
	for i := 0; i < len(games); i += 20 {
		if _, err := db.Add(games[i:min(i+20, len(games))]); err != nil {
			t.Fatal(err)
		}
	}
	runsIn := func(db *DB) int {
		var n int
		db.bolt.View(func(tx *bolt.Tx) error { n = len(runs(tx)); return nil })
		return n
	}
	if n := runsIn(db); n != 8 {
		t.Fatalf("%d runs, want 8", n)
	}
	// What format 2 wrote: no facts, a key an entry.
	err = db.bolt.Update(func(tx *bolt.Tx) error {
		if err := unblockRuns(tx); err != nil {
			return err
		}
		if err := tx.DeleteBucket(bFacts); err != nil {
			return err
		}
		if err := tx.Bucket(bMeta).Delete(kFactsTo); err != nil {
			return err
		}
		return tx.Bucket(bMeta).Put([]byte("version"), []byte("2"))
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	n := newNaive()
	positions := countFiles(t, n, filesA)
	db, err = OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	n.check(t, db, positions)
	start := game.StartPosition()
	list, err := db.GameList(&start, Filter{Player: "alice"}, 0)
	if err != nil || len(list) == 0 {
		t.Fatalf("games list of a format 2 file: %d games, %v", len(list), err)
	}
	db.Close()

	if _, err := Import(context.Background(), path, []string{b}, nil); err != nil {
		t.Fatal(err)
	}
	filesB, _ := filepath.Glob(filepath.Join(b, "*.csa"))
	for k, p := range countFiles(t, n, filesB) {
		positions[k] = p
	}
	db, err = OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	n.check(t, db, positions)
	if r := runsIn(db); r != 1 {
		t.Errorf("%d runs after the import, want 1", r)
	}
	db.bolt.View(func(tx *bolt.Tx) error {
		if v := string(tx.Bucket(bMeta).Get([]byte("version"))); v != strconv.Itoa(Version) {
			t.Errorf("version %s after an import, want %d", v, Version)
		}
		for _, r := range runs(tx) {
			if !r.blocked {
				t.Errorf("run %x has a key an entry after the merge", r.name)
			}
		}
		if got, want := tx.Bucket(bFacts).Stats().KeyN, tx.Bucket(bGames).Stats().KeyN; got != want {
			t.Errorf("facts of %d games, %d stored", got, want)
		}
		return nil
	})
	// The list's facts are the whole games' facts.
	whole, err := db.Games(&start, Filter{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	list, err = db.GameList(&start, Filter{}, 0)
	if err != nil || len(list) != len(whole) {
		t.Fatalf("games list: %d games, %v; whole: %d", len(list), err, len(whole))
	}
	for i, g := range list {
		w := *whole[i].Game
		w.Hash, w.Start, w.Moves, w.Headers, w.Source, w.brief = "", "", "", nil, "", true
		if !reflect.DeepEqual(*g.Game, w) || g.Ply != whole[i].Ply {
			t.Fatalf("game %d: list %+v, whole %+v", g.ID, *g.Game, w)
		}
		if _, err := g.Record(); err == nil {
			t.Fatalf("game %d: a listed game's record, from its facts alone", g.ID)
		}
	}
}

// TestDropLargeRuns: runs merged away are deleted a chunk of keys a
// transaction, bounded by keys and by bytes, the map's pages let go
// inside the merges' and deletions' transactions; the counts stay and
// nothing of them is left.
func TestDropLargeRuns(t *testing.T) {
	oldBytes, oldChunk, oldBatch := deleteBytes, deleteChunk, BatchSize
	oldMR, oldDR := mergeRelease, deleteRelease
	deleteBytes, deleteChunk, BatchSize = 20_000, 300, 25
	mergeRelease, deleteRelease = 7, 3
	defer func() {
		deleteBytes, deleteChunk, BatchSize = oldBytes, oldChunk, oldBatch
		mergeRelease, deleteRelease = oldMR, oldDR
	}()
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	os.MkdirAll(src, 0o755)
	genGames(t, src, 300, 43)
	path := filepath.Join(dir, "g.db")
	if _, err := Import(context.Background(), path, []string{src}, nil); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(src, "*.csa"))
	n := newNaive()
	positions := countFiles(t, n, files)
	db, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	n.check(t, db, positions)
	db.bolt.View(func(tx *bolt.Tx) error {
		if tx.Bucket(bDead) != nil {
			t.Error("runs merged away are still listed to delete")
		}
		for _, part := range [][]byte{bPGRuns, bPMRuns} {
			if got := tx.Bucket(part).Stats().BucketN - 1; got != 1 {
				t.Errorf("%s holds %d runs' buckets, want 1", part, got)
			}
		}
		return nil
	})
}

// TestMergeCutShort: a merge cut short between its transactions leaves
// the runs as they were; the next writer drops what it had written (a
// chunk of keys a transaction) and the counts stay.
func TestMergeCutShort(t *testing.T) {
	oldChunk, oldDelete := mergeChunk, deleteChunk
	mergeChunk, deleteChunk = 1000, 150
	defer func() { mergeChunk, deleteChunk = oldChunk, oldDelete }()
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	os.MkdirAll(src, 0o755)
	genGames(t, src, 200, 44)
	files, _ := filepath.Glob(filepath.Join(src, "*.csa"))
	var games []*Game
	for _, f := range files {
		r, err := kifu.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range append([]*kifu.Record{r}, r.Games...) {
			games = append(games, FromRecord(rec, f, false))
		}
	}
	path := filepath.Join(dir, "g.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(games); i += 50 {
		if _, err := db.Add(games[i:min(i+50, len(games))]); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	chunks := 0
	err = compactAll(ctx, db.bolt, tending{release: func() {
		if chunks++; chunks == 3 {
			cancel()
		}
	}})
	if err == nil || chunks != 3 {
		t.Fatalf("the merge was not cut short: %v after %d chunks", err, chunks)
	}
	db.bolt.View(func(tx *bolt.Tx) error {
		if tx.Bucket(bMerge) == nil {
			t.Fatal("no merge left behind to drop")
		}
		return nil
	})
	db.Close()
	if db, err = Open(path); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	n := newNaive()
	n.check(t, db, countFiles(t, n, files))
	db.bolt.View(func(tx *bolt.Tx) error {
		if tx.Bucket(bMerge) != nil || tx.Bucket(bDead) != nil {
			t.Error("the merge's leftovers are still there")
		}
		for _, part := range [][]byte{bPGRuns, bPMRuns} {
			if got := tx.Bucket(part).Stats().BucketN - 1; got != 4 {
				t.Errorf("%s holds %d buckets, want the 4 runs'", part, got)
			}
		}
		return nil
	})
}

// unblockRuns rewrites every run of blocks as formats 2 and 3 wrote runs:
// a key an entry, the run list's value the games alone.
func unblockRuns(tx *bolt.Tx) error {
	rb := tx.Bucket(bRuns)
	for _, r := range runs(tx) {
		if !r.blocked {
			continue
		}
		for _, part := range [][]byte{bPGRuns, bPMRuns} {
			var keys, vals [][]byte
			c := r.part(part).cursor()
			for k, v := c.First(); k != nil; k, v = c.Next() {
				keys, vals = append(keys, bytes.Clone(k)), append(vals, bytes.Clone(v))
			}
			parts := tx.Bucket(part)
			if err := parts.DeleteBucket(r.name); err != nil {
				return err
			}
			b, err := parts.CreateBucket(r.name)
			if err != nil {
				return err
			}
			for i := range keys {
				if err := b.Put(keys[i], vals[i]); err != nil {
					return err
				}
			}
		}
		games, _ := binary.Uvarint(rb.Get(r.name))
		if err := rb.Put(r.name, binary.AppendUvarint(nil, games)); err != nil {
			return err
		}
	}
	return nil
}
