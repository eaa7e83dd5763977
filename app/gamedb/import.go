package gamedb

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"shogi/kifu"
)

// BatchSize is how many games one transaction stores: the unit an
// interrupted import keeps, and how long another writer may wait. A
// batch also ends at batchPositions positions, so that long games do not
// make it large in memory.
var BatchSize = 5000

const batchPositions = 300_000

// Report is what an import did.
type Report struct {
	Files, Games, Stored, Duplicates, Broken int
	// Problems names each record that could not be read whole, with its
	// file and line (a broken game's moves before the problem are stored,
	// unfinished).
	Problems []string
}

// Progress is handed to an import's progress function now and then.
type Progress struct {
	Files, TotalFiles, Games int
	// After the last file the import merges the runs of the index it made
	// (and the database's newest ones, see compactAll) into one: Stage
	// says so (StageMerge, Done how far: 0 to 1, for each merge), then
	// deletes the runs merged away (StageFree). "" while it reads files.
	Stage string
	Done  float64
}

// Stages of an import's end (Progress.Stage).
const (
	StageMerge = "merge"
	StageFree  = "free"
)

// Import reads every record under paths (folders, files of one or many
// games in any format kifu reads, .zip and .tar.gz archives) into the
// database at dbPath, a batch a transaction. It holds the file from
// batch to batch (opening a large file reads its list of free pages, a
// megabyte for every 128,000 of them), and lets go of it for a moment
// between two batches when another program asks (askYield: the app
// adding a finished game, the study's explorer looking up a position).
// When ctx is cancelled it stops after the batch in hand; what was
// committed stays, and a second run skips it.
//
// The work is a pipeline on every core: GOMAXPROCS goroutines each read,
// parse, tag and hash a file's games and walk their positions; a
// collector takes their work in the files' order (so ids follow the files
// as a plain loop would give them), cuts it into batches and makes and
// sorts each batch's index entries; one writer stores a batch while the
// next is being made. At most a few chunks of games and four batches (the
// one stored, two made, one being filled) are in flight whatever the size
// of a file, so memory does not grow with the import.
func Import(ctx context.Context, dbPath string, paths []string, progress func(Progress)) (Report, error) {
	var rep Report
	files, err := kifu.Files(paths, recordFile)
	if err != nil {
		return rep, err
	}
	sort.Strings(files)
	// Make the database (or refuse a file that is not one) before reading.
	w := &holder{path: dbPath}
	defer w.close()
	db, err := w.get()
	if err != nil {
		return rep, err
	}
	before, err := importBegins(db.bolt)
	if err != nil {
		return rep, &Error{dbPath, err}
	}
	w.mark, db.importMark = before, before

	rctx, stop := context.WithCancel(ctx)
	defer stop()
	outs, window := readAll(rctx, files)
	steps := make(chan step, 2)
	go collect(rctx, outs, window, steps)

	for {
		st, ok := w.next(steps)
		if !ok {
			break
		}
		rep.Files += st.files
		rep.Games += st.games
		rep.Broken += len(st.problems)
		rep.Problems = append(rep.Problems, st.problems...)
		if st.fatal != nil {
			return rep, st.fatal
		}
		if st.b != nil {
			added, err := store(ctx, w, st.b)
			if err != nil {
				return rep, err
			}
			rep.Stored += added.Stored
			rep.Duplicates += added.Duplicates
		}
		if progress != nil {
			progress(Progress{Files: rep.Files, TotalFiles: len(files), Games: rep.Games})
		}
		if err := ctx.Err(); err != nil {
			return rep, err
		}
	}
	if err := ctx.Err(); err != nil {
		return rep, err
	}
	var note func(string, float64)
	if progress != nil {
		note = func(stage string, done float64) {
			progress(Progress{Files: rep.Files, TotalFiles: len(files), Games: rep.Games, Stage: stage, Done: done})
		}
	}
	if err := finish(ctx, w, before, note); err != nil {
		return rep, err
	}
	return rep, w.close()
}

// holder keeps an import's database open from batch to batch.
type holder struct {
	path string
	db   *DB
	mark []byte // the import's kImportRuns, given to each DB it opens
}

// get returns the database, opening it if it is not open.
func (h *holder) get() (*DB, error) {
	if h.db == nil {
		db, err := Open(h.path)
		if err != nil {
			return nil, err
		}
		h.hold(db)
	}
	return h.db, nil
}

// hold keeps db as the import's file. While the import holds it its
// commits do not write the list of free pages (8 MB and a sort of a
// million page ids a commit in a file of 838,000 games, whose merges
// leave 40% of it free); close writes it before anyone else opens the
// file. If the import is killed meanwhile, the next writer's open
// rebuilds the list by walking the file, as bbolt does.
func (h *holder) hold(db *DB) {
	db.bolt.NoFreelistSync = true
	db.importMark = h.mark
	h.db = db
}

// yieldPause is how long an import lets go of the file when another
// program asked for it: several of bbolt's tries at a lock (one every
// 50 ms), so the one waiting gets it; the import then waits its turn.
const yieldPause = 200 * time.Millisecond

// yield lets go of the file for a moment if another program asked.
func (h *holder) yield() error {
	if h.db == nil || !yieldAsked(h.path) {
		return nil
	}
	err := h.close()
	time.Sleep(yieldPause)
	return err
}

// idleAsk is how often an import waiting for its next batch looks for
// another program's request for the file.
const idleAsk = 50 * time.Millisecond

// next waits for the collector's next step. While it waits (a large
// file being read, a slow disk, a pipe) it lets go of the file when
// another program asks for it, as it does between two batches: a wait
// for input is no reason to keep the app's finished game or the study's
// explorer out. The next batch opens the file again.
func (h *holder) next(steps <-chan step) (step, bool) {
	tick := time.NewTicker(idleAsk)
	defer tick.Stop()
	for {
		select {
		case st, ok := <-steps:
			return st, ok
		case <-tick.C:
			if h.db != nil && yieldAsked(h.path) {
				if err := h.close(); err != nil {
					return step{fatal: err}, true
				}
			}
		}
	}
}

// tending is what the import's merges and deletions do between their
// transactions: let go of the map's pages, say how far they are (note,
// may be nil) and let a reader in (letIn).
func (h *holder) tending(note func(string, float64)) tending {
	return tending{
		release: func() {
			if h.db != nil {
				trimMap(h.db.bolt)
			}
		},
		note:  note,
		letIn: h.letIn,
	}
}

// reopenWait is how long an import that let a reader in waits for the file
// again: a reader as long as `shogi db stats` of a million games takes
// minutes.
const reopenWait = 10 * time.Minute

// letIn lets a reader in if one asked (readAsked), between two
// transactions of a merge or of the deletion after it: a merge's end at
// a million games takes a minute, which the study's explorer or `shogi db
// explore` should not wait out (LockWait). It calls before, lets go of the
// file (writing its list of free pages), waits yieldPause and opens it
// again keeping the merge in hand (openWith keep: a writer's open drops a
// merge cut short, which is why writers wait for the batch's end). It
// returns the file to go on in (db itself when no reader asked).
func (h *holder) letIn(db *bolt.DB, before func()) (*bolt.DB, error) {
	if h.db == nil || h.db.bolt != db || !readAsked(h.path) {
		return db, nil
	}
	if before != nil {
		before()
	}
	if err := h.close(); err != nil {
		return nil, err
	}
	time.Sleep(yieldPause)
	d, err := openWith(h.path, false, true, reopenWait)
	if err != nil {
		return nil, err
	}
	h.hold(d)
	return d.bolt, nil
}

// close closes the database if it is open.
func (h *holder) close() error {
	if h.db == nil {
		return nil
	}
	h.db.bolt.NoFreelistSync = false
	// A commit of nothing writes the list of free pages.
	err := h.db.bolt.Update(func(*bolt.Tx) error { return nil })
	if cerr := h.db.Close(); err == nil {
		err = cerr
	}
	h.db = nil
	if err != nil {
		return &Error{h.path, err}
	}
	return nil
}

// store writes a built batch in a transaction of its own, then merges the
// runs as a batch's run requires; then lets go of the file for a moment
// if another program asked for it.
func store(ctx context.Context, h *holder, b *built) (Added, error) {
	db, err := h.get()
	if err != nil {
		return Added{}, err
	}
	// The map's pages a batch read (its games' hashes looked up, the runs
	// it merged) are let go after it, as closing the file did when the
	// import opened it for each batch: they are the page cache's to keep.
	added, err := db.addBuilt(b)
	releaseMap(db.bolt)
	if err == nil {
		if err = compact(ctx, db.bolt, maxRunGames, importFan, h.tending(nil)); err != nil {
			err = &Error{h.path, err}
		}
	}
	if h.db != nil {
		releaseMap(h.db.bolt)
	}
	if yerr := h.yield(); err == nil {
		err = yerr
	}
	return added, err
}

// step is what the collector hands the writer: a batch to store (or none)
// and what was read since the last step, for the report.
type step struct {
	b            *built
	files, games int
	problems     []string
	fatal        error
}

// collect takes the readers' chunks in the files' order, makes them into
// batches and builds each (its index entries made and sorted) while the
// writer stores the one before: the batches, and so the ids and the file,
// are those of a plain loop over the files, however many readers there
// are. A step without a batch (a file done) is handed over only when the
// writer is free to take it, so that small files do not hold the
// collector back; its counts go with the next step otherwise.
func collect(ctx context.Context, outs []chan chunk, window chan struct{}, steps chan<- step) {
	defer close(steps)
	var st step
	batch := make([]prepared, 0, BatchSize)
	positions := 0
	// The first batch is an eighth of the others: the writer has nothing
	// to do until it is read, and it starts storing while the readers
	// fill the next.
	games, most := max(1, BatchSize/8), batchPositions/8
	send := func() bool {
		if len(batch) > 0 {
			st.b = build(batch)
			batch, positions = make([]prepared, 0, BatchSize), 0
			games, most = BatchSize, batchPositions
		}
		select {
		case steps <- st:
			st = step{}
			return true
		case <-ctx.Done():
			return false
		}
	}
	for _, out := range outs {
		for c := range recv(ctx, out) {
			st.problems = append(st.problems, c.problems...)
			if c.fatal != nil {
				st.fatal = c.fatal
				send()
				return
			}
			for _, g := range c.games {
				st.games++
				batch = append(batch, g)
				positions += len(g.vs)
				if len(batch) >= games || positions >= most {
					if !send() {
						return
					}
				}
			}
		}
		if ctx.Err() != nil {
			return
		}
		<-window
		st.files++
		select {
		case steps <- st:
			st = step{}
		default:
		}
	}
	if len(batch) > 0 || st.files > 0 || st.games > 0 || len(st.problems) > 0 {
		send()
	}
}

// recv yields out's chunks until it is closed or ctx is done.
func recv(ctx context.Context, out <-chan chunk) func(func(chunk) bool) {
	return func(yield func(chunk) bool) {
		for {
			select {
			case c, ok := <-out:
				if !ok || !yield(c) {
					return
				}
			case <-ctx.Done():
				return
			}
		}
	}
}

// finish leaves the database as a look-up wants it after an import: every
// game's facts written (a database of format 2 had none) and the runs
// merged into a few (compactAll). Both go a transaction at a time, and
// Ctrl+C or kill -9 in the middle leaves the database as it was before
// the step; the next import goes on.
func finish(ctx context.Context, h *holder, before []byte, note func(string, float64)) error {
	db, err := h.get()
	if err != nil {
		return err
	}
	t := h.tending(note)
	err = fillFacts(ctx, db.bolt, t.release)
	if err == nil {
		err = mergeNew(ctx, db.bolt, before, t)
	}
	if err == nil {
		// mergeNew may have let a reader in and opened the file again.
		if db, err = h.get(); err == nil {
			err = clearImportMark(db.bolt)
		}
	}
	if err == nil {
		err = compactAll(ctx, db.bolt, t)
	}
	if err != nil {
		err = &Error{h.path, err}
	}
	if cerr := h.close(); err == nil {
		err = cerr
	}
	return err
}

// kImportRuns, in the meta bucket, names the last run there was before
// an import that has not finished (eight zero bytes: none was): the runs after it
// are that import's, which its end merges into one (mergeNew). Kept in the
// file, so that an import killed or stopped before its end leaves them
// known for the next: without, the next import's end took them for runs
// of falling sizes and left them as they were — after a kill -9 in the
// last merge of a million games, twelve runs for every look-up to read.
var kImportRuns = []byte("import-runs")

// importBegins returns the mark of the import that begins: the one an
// import before it left (it did not finish: its runs are this one's to
// merge), else the last run there is. The first run the import stores
// writes it in the file (addBuilt), so that an import that stores nothing
// writes nothing.
func importBegins(db *bolt.DB) (mark []byte, err error) {
	err = db.View(func(tx *bolt.Tx) error {
		if m := tx.Bucket(bMeta).Get(kImportRuns); m != nil {
			mark = bytes.Clone(m)
			return nil
		}
		names, _, err := runSizes(tx)
		if err != nil {
			return err
		}
		mark = make([]byte, 8) // before every run's name (a sequence from 1)
		if len(names) > 0 {
			mark = bytes.Clone(names[len(names)-1])
		}
		return nil
	})
	return mark, err
}

// clearImportMark removes the import's mark once its runs are merged (a
// file without one is left unwritten).
func clearImportMark(db *bolt.DB) error {
	var marked bool
	db.View(func(tx *bolt.Tx) error {
		marked = tx.Bucket(bMeta).Get(kImportRuns) != nil
		return nil
	})
	if !marked {
		return nil
	}
	return db.Update(func(tx *bolt.Tx) error { return tx.Bucket(bMeta).Delete(kImportRuns) })
}

// mergeNew merges into one the runs made since the import began (those
// after the run before names; run names grow): the import's batches are
// not of falling sizes (the first is small), so compactAll's walk from
// the newest could stop at a large run and leave the small first one
// beside it for good.
func mergeNew(ctx context.Context, db *bolt.DB, before []byte, t tending) error {
	var names [][]byte
	var sizes []uint64
	err := db.View(func(tx *bolt.Tx) error {
		all, allSizes, err := runSizes(tx)
		if err != nil {
			return err
		}
		from := len(all)
		for from > 0 && bytes.Compare(all[from-1], before) > 0 {
			from--
		}
		if len(all)-from >= 2 {
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

// chunk is a part of one file's games, read and ready to store, with the
// problems met reading them (in the file's order).
type chunk struct {
	games    []prepared
	problems []string
	fatal    error // not a record's problem: the import stops (cancelled)
}

// readers is how many goroutines read an import's files; 0: GOMAXPROCS.
// (Tests set it to compare an import by one reader with one by many.)
var readers = 0

// chunkGames is how many games a chunk holds.
const chunkGames = 256

// readAll starts the readers: one channel of chunks a file, in the
// files' order; each is closed after the file's last chunk. Only a
// window of files is read ahead of the writer, which takes a token from
// the window as it finishes each file.
func readAll(ctx context.Context, files []string) ([]chan chunk, chan struct{}) {
	workers := readers
	if workers <= 0 {
		workers = max(1, runtime.GOMAXPROCS(0))
	}
	outs := make([]chan chunk, len(files))
	for i := range outs {
		outs[i] = make(chan chunk, 2)
	}
	// A file is read only when a token is free; the writer frees one as it
	// finishes a file.
	window := make(chan struct{}, 2*workers)
	next := make(chan int)
	go func() {
		defer close(next)
		for i := range files {
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	for range workers {
		go func() {
			for i := range next {
				readFile(ctx, files[i], outs[i])
				close(outs[i])
			}
		}()
	}
	return outs, window
}

// readFile reads one file's games into chunks sent to out.
func readFile(ctx context.Context, path string, out chan<- chunk) {
	var c chunk
	send := func() error {
		select {
		case out <- c:
			c = chunk{}
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	err := readAny(path, func(r *kifu.Record, source string, readErr error) error {
		if readErr != nil {
			c.problems = append(c.problems, readErr.Error())
		}
		if r == nil {
			return nil
		}
		c.games = append(c.games, prepare(r, source, readErr != nil))
		if len(c.games) >= chunkGames {
			return send()
		}
		return nil
	})
	if err != nil {
		if ctx.Err() != nil {
			c.fatal = ctx.Err()
		} else {
			c.problems = append(c.problems, err.Error())
		}
	}
	if len(c.games) > 0 || len(c.problems) > 0 || c.fatal != nil {
		send()
	}
}

// recordFile reports whether a file in a folder is worth reading: a
// record's extension or an archive.
func recordFile(path string) bool {
	l := strings.ToLower(path)
	for _, ext := range []string{".kif", ".kifu", ".ki2", ".ki2u", ".csa", ".jkf", ".json", ".usi", ".sfen", ".pgn", ".txt", ".zip", ".tar.gz", ".tgz"} {
		if strings.HasSuffix(l, ext) {
			return true
		}
	}
	return false
}

// readAny reads a file or an archive's files, handing each game to add.
func readAny(path string, add func(*kifu.Record, string, error) error) error {
	l := strings.ToLower(path)
	switch {
	case strings.HasSuffix(l, ".zip"):
		zr, err := zip.OpenReader(path)
		if err != nil {
			return fmt.Errorf("%s: not a zip archive, or a damaged one: %w", path, err)
		}
		defer zr.Close()
		for _, f := range zr.File {
			if f.FileInfo().IsDir() || !recordFile(f.Name) {
				continue
			}
			rc, err := f.Open()
			if err != nil {
				return fmt.Errorf("%s: %s: %w", path, f.Name, err)
			}
			err = readGames(rc, path+"/"+f.Name, add)
			rc.Close()
			if err != nil {
				return err
			}
		}
		return nil
	case strings.HasSuffix(l, ".tar.gz"), strings.HasSuffix(l, ".tgz"):
		fh, err := os.Open(path)
		if err != nil {
			return err
		}
		defer fh.Close()
		gz, err := gzip.NewReader(fh)
		if err != nil {
			return fmt.Errorf("%s: not gzip-compressed (a .tar.gz is): %w", path, err)
		}
		tr := tar.NewReader(gz)
		for {
			h, err := tr.Next()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return fmt.Errorf("%s: not a tar archive, or one cut short: %w", path, err)
			}
			if h.Typeflag != tar.TypeReg || !recordFile(h.Name) {
				continue
			}
			if err := readGames(tr, path+"/"+h.Name, add); err != nil {
				return err
			}
		}
	}
	fh, err := os.Open(path)
	if err != nil {
		return err
	}
	defer fh.Close()
	return readGames(fh, path, add)
}

// readGames reads every game of one file.
func readGames(r io.Reader, name string, add func(*kifu.Record, string, error) error) error {
	gr := kifu.NewGameReader(r, name, kifu.Unknown)
	for {
		rec, err := gr.Next()
		if err == io.EOF {
			return nil
		}
		var pe *kifu.ParseError
		if err != nil && !errors.As(err, &pe) {
			return fmt.Errorf("%s: %w", name, err)
		}
		if aerr := add(rec, name, err); aerr != nil {
			return aerr
		}
	}
}
