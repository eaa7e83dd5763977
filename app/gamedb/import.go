package gamedb

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"

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
}

// Import reads every record under paths (folders, files of one or many
// games in any format kifu reads, .zip and .tar.gz archives) into the
// database at dbPath, a batch a transaction, opening the file for each
// batch so that another writer (the app adding a finished game) gets its
// turn between them. When ctx is cancelled it stops after the batch in
// hand; what was committed stays, and a second run skips it.
//
// Reading is the work: GOMAXPROCS goroutines each read, parse, tag and
// hash a file's games and walk their positions, and one writer takes
// their work in the files' order (so ids follow the files as a plain loop
// would give them) and stores it. At most a few chunks of games are in
// flight whatever the size of a file, so memory does not grow with the
// import.
func Import(ctx context.Context, dbPath string, paths []string, progress func(Progress)) (Report, error) {
	var rep Report
	files, err := kifu.Files(paths, recordFile)
	if err != nil {
		return rep, err
	}
	sort.Strings(files)
	// Make the database (or refuse a file that is not one) before reading.
	db, err := Open(dbPath)
	if err != nil {
		return rep, err
	}
	db.Close()

	rctx, stop := context.WithCancel(ctx)
	defer stop()
	outs, window := readAll(rctx, files)

	var batch []prepared
	positions := 0
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		db, err := Open(dbPath)
		if err != nil {
			return err
		}
		added, err := db.add(batch)
		if err == nil {
			if err = compact(ctx, db.bolt, maxRunGames, importFan, func() { releaseMap(db.bolt) }); err != nil {
				err = &Error{dbPath, err}
			}
		}
		if cerr := db.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
		rep.Stored += added.Stored
		rep.Duplicates += added.Duplicates
		clear(batch)
		batch, positions = batch[:0], 0
		return nil
	}
	for _, out := range outs {
		for c := range out {
			for _, pr := range c.problems {
				rep.Broken++
				rep.Problems = append(rep.Problems, pr)
			}
			if c.fatal != nil {
				return rep, c.fatal
			}
			for _, g := range c.games {
				rep.Games++
				batch = append(batch, g)
				positions += len(g.vs)
				if len(batch) < BatchSize && positions < batchPositions {
					continue
				}
				if err := flush(); err != nil {
					return rep, err
				}
				if progress != nil {
					progress(Progress{rep.Files, len(files), rep.Games})
				}
				if err := ctx.Err(); err != nil {
					return rep, err
				}
			}
		}
		<-window
		rep.Files++
		if progress != nil {
			progress(Progress{rep.Files, len(files), rep.Games})
		}
	}
	if err := ctx.Err(); err != nil {
		return rep, err
	}
	if err := flush(); err != nil {
		return rep, err
	}
	return rep, finish(ctx, dbPath)
}

// finish leaves the database as a look-up wants it after an import: every
// game's facts written (a database of format 2 had none) and the runs
// merged into a few (compactAll). Both go a transaction at a time, and
// Ctrl+C or kill -9 in the middle leaves the database as it was before
// the step; the next import goes on.
func finish(ctx context.Context, dbPath string) error {
	db, err := Open(dbPath)
	if err != nil {
		return err
	}
	release := func() { releaseMap(db.bolt) }
	err = fillFacts(ctx, db.bolt, release)
	if err == nil {
		err = compactAll(ctx, db.bolt, release)
	}
	if err != nil {
		err = &Error{dbPath, err}
	}
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	return err
}

// chunk is a part of one file's games, read and ready to store, with the
// problems met reading them (in the file's order).
type chunk struct {
	games    []prepared
	problems []string
	fatal    error // not a record's problem: the import stops (cancelled)
}

// chunkGames is how many games a chunk holds.
const chunkGames = 256

// readAll starts the readers: one channel of chunks a file, in the
// files' order; each is closed after the file's last chunk. Only a
// window of files is read ahead of the writer, which takes a token from
// the window as it finishes each file.
func readAll(ctx context.Context, files []string) ([]chan chunk, chan struct{}) {
	workers := max(1, runtime.GOMAXPROCS(0))
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
			return fmt.Errorf("%s: %w", path, err)
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
			return fmt.Errorf("%s: %w", path, err)
		}
		tr := tar.NewReader(gz)
		for {
			h, err := tr.Next()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
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
