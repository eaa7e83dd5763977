package gamedb

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"shogi/game"
	"shogi/kifu"
)

// TestAddFinishedWhileImporting: the app adds finished games while an
// import runs; both get in, and the counts still equal a plain count.
func TestAddFinishedWhileImporting(t *testing.T) {
	data := t.TempDir()
	gamesDir := filepath.Join(data, "games")
	src := filepath.Join(data, "src")
	os.MkdirAll(gamesDir, 0o755)
	os.MkdirAll(src, 0o755)
	genGames(t, src, 300, 5)
	files, _ := filepath.Glob(filepath.Join(src, "*.csa"))
	finished := filepath.Join(gamesDir, "finished.csa")
	genGames(t, gamesDir, 20, 9)
	os.Rename(filepath.Join(gamesDir, "genaa.csa"), finished)
	r, err := kifu.ReadFile(finished)
	if err != nil {
		t.Fatal(err)
	}
	recs := append([]*kifu.Record{r}, r.Games...)
	old := HookWait
	HookWait = LockWait
	defer func() { HookWait = old }()
	// A batch a transaction, so the app's games get in between batches.
	oldBatch := BatchSize
	BatchSize = 60
	defer func() { BatchSize = oldBatch }()
	var wg sync.WaitGroup
	wg.Add(1)
	var rep Report
	var importErr error
	go func() {
		defer wg.Done()
		rep, importErr = Import(context.Background(), DefaultPath(data), []string{src}, nil)
	}()
	for _, rec := range recs {
		if err := AddFinished(gamesDir, rec, finished); err != nil {
			t.Error(err)
		}
	}
	wg.Wait()
	if importErr != nil {
		t.Fatal(importErr)
	}
	n := newNaive()
	positions := countFiles(t, n, append(files, finished))
	db, err := OpenReadOnly(DefaultPath(data))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, _ := db.Stats()
	if s.Games != len(n.seen) || rep.Stored > s.Games {
		t.Errorf("%d games stored (import %d), %d distinct", s.Games, rep.Stored, len(n.seen))
	}
	n.check(t, db, positions)
	start := game.StartPosition()
	if gs, _ := db.Games(&start, Filter{}, 0); len(gs) != s.Games {
		t.Errorf("start: %d games, %d stored", len(gs), s.Games)
	}
}

// TestInterruptedImport: an import cancelled after its first batch keeps
// that batch, and a second run finishes the job with the same counts as
// one run.
func TestInterruptedImport(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	os.MkdirAll(src, 0o755)
	old := BatchSize
	BatchSize = 60
	defer func() { BatchSize = old }()
	genGames(t, src, 2*BatchSize+100, 3)
	ctx, cancel := context.WithCancel(context.Background())
	path := filepath.Join(dir, "g.db")
	rep, err := Import(ctx, path, []string{src}, func(Progress) { cancel() })
	if err == nil || rep.Stored == 0 || rep.Stored >= 2*BatchSize+100 {
		t.Fatalf("interrupted: %+v %v", rep, err)
	}
	first := rep.Stored
	rep, err = Import(context.Background(), path, []string{src}, nil)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(src, "*.csa"))
	n := newNaive()
	positions := countFiles(t, n, files)
	if first+rep.Stored != len(n.seen) || rep.Duplicates < first {
		t.Errorf("first run %d, second %+v, %d distinct", first, rep, len(n.seen))
	}
	db, _ := OpenReadOnly(path)
	defer db.Close()
	n.check(t, db, positions)
}

// TestImportYieldsToAWaitingWriter: an import holds the file from batch
// to batch, and lets go of it at the next batch when another program
// asks: the app's finished game gets in while the import runs (its id is
// below the import's last games'), not only once the import is done.
func TestImportYieldsToAWaitingWriter(t *testing.T) {
	data, gamesDir, src, finished, rec := finishedBeside(t, 480, 11)
	old, oldBatch := HookWait, BatchSize
	HookWait, BatchSize = LockWait, 60
	defer func() { HookWait, BatchSize = old, oldBatch }()
	path := DefaultPath(data)
	added := make(chan error, 1)
	var once sync.Once
	progress := func(p Progress) {
		if p.Games == 0 {
			return
		}
		once.Do(func() {
			go func() { added <- AddFinished(gamesDir, rec, finished) }()
			// The import goes on once the app has asked for the file
			// (it waits for the lock the import holds).
			waitAsked(t, yieldFile(path), "the app")
		})
	}
	rep, err := Import(context.Background(), path, []string{src}, progress)
	if err != nil {
		t.Fatal(err)
	}
	if err := <-added; err != nil {
		t.Fatalf("the finished game: %v", err)
	}
	db, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	start := game.StartPosition()
	gs, err := db.Games(&start, Filter{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var app, last uint32
	for _, g := range gs {
		if g.Source == finished {
			app = g.ID
		}
		last = max(last, g.ID)
	}
	if len(gs) != rep.Stored+1 || app == 0 || app >= last {
		t.Errorf("%d games (import stored %d); the finished game's id %d, the last %d: it did not get in during the import", len(gs), rep.Stored, app, last)
	}
	if _, err := os.Stat(yieldFile(path)); err == nil {
		t.Error("the request to let go is left beside the database")
	}
}

// importFresh imports n generated games (seed) into a new database in
// dir and returns their folder and the database's path.
func importFresh(t *testing.T, dir string, n int, seed uint64) (src, path string) {
	t.Helper()
	src = filepath.Join(dir, "src")
	os.MkdirAll(src, 0o755)
	genGames(t, src, n, seed)
	path = filepath.Join(dir, "g.db")
	if rep, err := Import(context.Background(), path, []string{src}, nil); err != nil || rep.Stored != n {
		t.Fatalf("first import: %+v %v", rep, err)
	}
	return src, path
}

// TestHashesSettledAfterAStop: a game's hash goes in right after the
// transaction that stored it; an import stopped between the two (as by
// kill -9) leaves a mark, and the next writer puts the missing hashes in
// from the games: importing the same files again stores nothing twice.
func TestHashesSettledAfterAStop(t *testing.T) {
	src, path := importFresh(t, t.TempDir(), 150, 21)
	// The state a stop after the games' transaction leaves: the last
	// 100 games without their hashes, the mark at the first of them.
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	err = db.bolt.Update(func(tx *bolt.Tx) error {
		var from [4]byte
		binary.BigEndian.PutUint32(from[:], 51)
		c := tx.Bucket(bGames).Cursor()
		for k, v := c.Seek(from[:]); k != nil; k, v = c.Next() {
			g := &Game{}
			if err := jsonGame(v, g); err != nil {
				return err
			}
			if err := tx.Bucket(bHash).Delete([]byte(g.Hash)); err != nil {
				return err
			}
		}
		return tx.Bucket(bMeta).Put(kHashesFrom, from[:])
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Import(context.Background(), path, []string{src}, nil)
	if err != nil || rep.Stored != 0 || rep.Duplicates != 150 {
		t.Fatalf("the same files again: %+v %v", rep, err)
	}
	db, err = OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.bolt.View(func(tx *bolt.Tx) error {
		if n := tx.Bucket(bHash).Stats().KeyN; n != 150 {
			t.Errorf("%d hashes for 150 games", n)
		}
		if tx.Bucket(bMeta).Get(kHashesFrom) != nil {
			t.Error("the mark is left")
		}
		return nil
	})
}

// TestFinishedGameWaitsForAStoppedImport: an import stopped hard leaves
// the file without its list of free pages, which the next writer's open
// rebuilds by walking the whole file; the app's finished game does not
// take that on at a game's end (it stays in the games folder), and the
// next import does, adding the game.
func TestFinishedGameWaitsForAStoppedImport(t *testing.T) {
	data, gamesDir, src, finished, rec := finishedBeside(t, 30, 31)
	path := DefaultPath(data)
	if _, err := Import(context.Background(), path, []string{src}, nil); err != nil {
		t.Fatal(err)
	}
	if freelistMissing(path) {
		t.Fatal("an import that ended left no freelist")
	}
	// What kill -9 leaves: a commit of the import's, the file not let go.
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	db.bolt.NoFreelistSync = true
	if err := db.bolt.Update(func(*bolt.Tx) error { return nil }); err != nil {
		t.Fatal(err)
	}
	db.bolt.Close()
	if !freelistMissing(path) {
		t.Fatal("the stopped import's state not seen")
	}
	if err := AddFinished(gamesDir, rec, finished); !errors.Is(err, ErrStoppedImport) {
		t.Fatalf("the finished game after a stopped import: %v", err)
	}
	rep, err := Import(context.Background(), path, []string{gamesDir}, nil)
	if err != nil || rep.Stored != 1 {
		t.Fatalf("the next import: %+v %v", rep, err)
	}
	if freelistMissing(path) {
		t.Error("the next import left no freelist")
	}
	if err := AddFinished(gamesDir, rec, finished); err != nil {
		t.Errorf("the app's game after the import: %v", err)
	}
}

// TestImportLetsGoWhileItWaitsForInput: an import waiting for its next
// file (a named pipe no one writes to yet) lets go of the database when
// another program asks for it, as it does between two batches. It used
// to keep the file until the input came: a look-up or the app's finished
// game waited for the pipe (TestDBKilledImport hung so on a fast machine,
// its batches all stored before the test first asked).
func TestImportLetsGoWhileItWaitsForInput(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	os.MkdirAll(src, 0o755)
	genGames(t, src, 40, 21)
	pipe := filepath.Join(src, "zz.csa") // read after the generated files
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("no named pipe: %v", err)
	}
	more := t.TempDir()
	genGames(t, more, 5, 22)
	piped, err := os.ReadFile(filepath.Join(more, "genaa.csa"))
	if err != nil {
		t.Fatal(err)
	}
	// Should the test fail first, the import is not left waiting.
	t.Cleanup(func() {
		if f, err := os.OpenFile(pipe, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	path := filepath.Join(dir, "g.db")
	done := make(chan error, 1)
	var rep Report
	go func() {
		var err error
		rep, err = Import(t.Context(), path, []string{src}, nil)
		done <- err
	}()
	// The import opens the file before it reads anything and, the pipe
	// being empty, keeps waiting for it.
	for !heldByWriter(path) {
		select {
		case err := <-done:
			t.Fatalf("the import ended before the pipe was written: %v", err)
		case <-time.After(5 * time.Millisecond):
		}
	}
	db, err := Open(path)
	if err != nil {
		t.Fatalf("a writer while the import waits for its input: %v", err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	w, err := os.OpenFile(pipe, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(piped)
	w.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if s := statsAt(t, path); rep.Games != 45 || s.Games != rep.Stored {
		t.Errorf("%d games read (want the 40 generated and the pipe's 5), %d stored, %d in the database", rep.Games, rep.Stored, s.Games)
	}
}

// finishedBeside makes a data folder as the app has it: src with n
// generated games to import (seed), and the games folder holding one
// finished game (seed+1), read back as the app hands it to AddFinished.
func finishedBeside(t *testing.T, n int, seed uint64) (data, gamesDir, src, finished string, rec *kifu.Record) {
	t.Helper()
	data = t.TempDir()
	gamesDir, src = filepath.Join(data, "games"), filepath.Join(data, "src")
	os.MkdirAll(gamesDir, 0o755)
	os.MkdirAll(src, 0o755)
	genGames(t, src, n, seed)
	genGames(t, gamesDir, 1, seed+1)
	finished = filepath.Join(gamesDir, "finished.csa")
	if err := os.Rename(filepath.Join(gamesDir, "genaa.csa"), finished); err != nil {
		t.Fatal(err)
	}
	rec, err := kifu.ReadFile(finished)
	if err != nil {
		t.Fatal(err)
	}
	return data, gamesDir, src, finished, rec
}

// TestImportProgressStages: after the last file an import says it merges
// the index (how far, rising to all of it, each merge) and then frees what
// the merge replaced; an import of many small batches merges at its end.
func TestImportProgressStages(t *testing.T) {
	dir := t.TempDir()
	genGames(t, dir, 300, 5)
	old := BatchSize
	BatchSize = 29
	defer func() { BatchSize = old }()
	var stages []Progress
	rep, err := Import(context.Background(), filepath.Join(dir, "g.db"), []string{dir}, func(p Progress) {
		stages = append(stages, p)
	})
	if err != nil || rep.Stored == 0 {
		t.Fatalf("import: %+v %v", rep, err)
	}
	merges, last := 0, -1.0
	for i, p := range stages {
		switch p.Stage {
		case "":
			if merges > 0 || last >= 0 {
				t.Fatalf("progress %d: files read after the merge began: %+v", i, p)
			}
		case StageMerge:
			if p.Done < last || p.Done > 1 || p.Files != rep.Files || p.Games != rep.Games {
				t.Fatalf("progress %d: %+v after %.3f (the import read %d files, %d games)", i, p, last, rep.Files, rep.Games)
			}
			last = p.Done
		case StageFree:
			if last != 1 {
				t.Fatalf("progress %d: freeing after a merge that stopped at %.3f", i, last)
			}
			merges, last = merges+1, 0
		default:
			t.Fatalf("progress %d: stage %q", i, p.Stage)
		}
	}
	if merges == 0 {
		t.Fatalf("no merge said in %d progress calls", len(stages))
	}
}

// TestImportLetsAReaderInDuringItsMerge: a reader that asks for the file
// while an import merges its index at the end gets in between two of the
// merge's transactions, before the import is done (it waited for the
// whole merge: a minute at a million games); the import then goes on with
// the merge it had in hand, and the counts are those of one import.
func TestImportLetsAReaderInDuringItsMerge(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	os.MkdirAll(src, 0o755)
	genGames(t, src, 400, 8)
	oldBatch, oldChunk := BatchSize, mergeChunk
	BatchSize, mergeChunk = 29, 300
	defer func() { BatchSize, mergeChunk = oldBatch, oldChunk }()
	path := filepath.Join(dir, "g.db")
	var once sync.Once
	var readerDone atomic.Bool
	read := make(chan error, 1)
	progress := func(p Progress) {
		if p.Stage != StageMerge {
			return
		}
		once.Do(func() {
			go func() {
				db, err := OpenReadOnly(path)
				if err == nil {
					start := game.StartPosition()
					_, err = db.Explore(&start, Filter{})
					db.Close()
				}
				readerDone.Store(true)
				read <- err
			}()
			// The merge goes on once the reader has asked.
			waitAsked(t, readerFile(path), "the reader")
		})
	}
	rep, err := Import(context.Background(), path, []string{src}, progress)
	if err != nil {
		t.Fatal(err)
	}
	if !readerDone.Load() {
		t.Error("the reader got in only after the import was done")
	}
	if err := <-read; err != nil {
		t.Fatal("the reader:", err)
	}
	db, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	n := newNaive()
	files, _ := filepath.Glob(filepath.Join(src, "*.csa"))
	positions := countFiles(t, n, files)
	if rep.Stored != len(n.seen) {
		t.Fatalf("stored %d, %d distinct", rep.Stored, len(n.seen))
	}
	n.check(t, db, positions)
	if st, _ := db.Stats(); st.Runs != 1 {
		t.Errorf("%d runs after the import, want its merge's one", st.Runs)
	}
}

// waitAsked waits up to 10 s for the request a program waiting for the
// lock writes beside the file (name); who names it if none comes.
func waitAsked(t *testing.T, name, who string) {
	for range 2000 {
		if _, err := os.Stat(name); err == nil {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Error(who + " never asked for the file")
}

// TestHashesByMapGrowth: a hash transaction ends when the map has grown
// past hashMapGrowth (checked every 32 hashes) or at hashChunk, the last
// clearing the mark; an import with every transaction cut short still
// finds every game when it reads the same files again.
func TestHashesByMapGrowth(t *testing.T) {
	dir := t.TempDir()
	txs := func(growth int64, n int) int {
		old := hashMapGrowth
		hashMapGrowth = growth
		defer func() { hashMapGrowth = old }()
		path := filepath.Join(dir, fmt.Sprintf("h%d-%d.db", growth, n))
		db, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var hs []idHash
		for i := range n {
			hs = append(hs, idHash{uint32(i + 1), fmt.Sprintf("%032x", i)})
		}
		txid := func() (id int) {
			db.bolt.View(func(tx *bolt.Tx) error { id = tx.ID(); return nil })
			return id
		}
		db.bolt.Update(func(tx *bolt.Tx) error { return tx.Bucket(bMeta).Put(kHashesFrom, []byte{0, 0, 0, 1}) })
		before := txid()
		if err := db.putHashes(hs); err != nil {
			t.Fatal(err)
		}
		var got int
		var mark []byte
		db.bolt.View(func(tx *bolt.Tx) error {
			got = tx.Bucket(bHash).Stats().KeyN
			mark = tx.Bucket(bMeta).Get(kHashesFrom)
			return nil
		})
		if got != n || mark != nil {
			t.Fatalf("%d hashes in the bucket, the mark %x: want %d and none", got, mark, n)
		}
		return txid() - before
	}
	for _, c := range []struct {
		growth  int64
		n, want int
	}{{-1, 100, 4}, {-1, 64, 2}, {1 << 40, 100, 1}, {1 << 40, hashChunk + 1, 2}} {
		if got := txs(c.growth, c.n); got != c.want {
			t.Errorf("%d hashes, growth bound %d: %d transactions, want %d", c.n, c.growth, got, c.want)
		}
	}

	old := hashMapGrowth
	hashMapGrowth = -1
	t.Cleanup(func() { hashMapGrowth = old })
	src, path := importFresh(t, dir, 150, 23)
	rep, err := Import(context.Background(), path, []string{src}, nil)
	if err != nil || rep.Stored != 0 || rep.Duplicates != 150 {
		t.Fatalf("the same files again: %+v %v", rep, err)
	}
}

// TestStoppedImportsRunsMerged: an import stopped before its end leaves
// its runs unmerged and marked as its own (kImportRuns); the next import,
// of nothing new, merges them into one and clears the mark. Their sizes do
// not fall (a small run last), so without the mark the next import's end
// left them as they were.
func TestStoppedImportsRunsMerged(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	os.MkdirAll(src, 0o755)
	old := BatchSize
	BatchSize = 29
	defer func() { BatchSize = old }()
	genGames(t, src, 400, 31)
	path := filepath.Join(dir, "g.db")
	ctx, cancel := context.WithCancel(context.Background())
	batches := 0
	_, err := Import(ctx, path, []string{src}, func(p Progress) {
		if batches++; batches == 11 {
			cancel()
		}
	})
	if err == nil {
		t.Fatal("the import was not stopped")
	}
	state := func() (sizes []uint64, mark []byte) {
		db, err := OpenReadOnly(path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		db.bolt.View(func(tx *bolt.Tx) error {
			_, sizes, _ = runSizes(tx)
			mark = bytes.Clone(tx.Bucket(bMeta).Get(kImportRuns))
			return nil
		})
		return sizes, mark
	}
	sizes, mark := state()
	if len(sizes) < 2 || endMerge(sizes) == 0 || mark == nil {
		t.Fatalf("runs of %v, mark %x: the test wants runs an end's merge would not make one, and the mark", sizes, mark)
	}
	none := filepath.Join(dir, "none")
	os.MkdirAll(none, 0o755)
	if _, err := Import(context.Background(), path, []string{none}, nil); err != nil {
		t.Fatal(err)
	}
	if sizes, mark := state(); len(sizes) != 1 || mark != nil {
		t.Errorf("after the next import: runs of %v, mark %x; want one run and no mark", sizes, mark)
	}
}
