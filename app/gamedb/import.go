package gamedb

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"shogi/kifu"
)

// BatchSize is how many games one transaction stores: the unit an
// interrupted import keeps, and how long another writer may wait.
var BatchSize = 2000

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
func Import(ctx context.Context, dbPath string, paths []string, progress func(Progress)) (Report, error) {
	var rep Report
	var files []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return rep, err
		}
		if !fi.IsDir() {
			files = append(files, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && recordFile(path) {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return rep, err
		}
	}
	sort.Strings(files)
	// Make the database (or refuse a file that is not one) before reading.
	db, err := Open(dbPath)
	if err != nil {
		return rep, err
	}
	db.Close()
	var batch []*Game
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		db, err := Open(dbPath)
		if err != nil {
			return err
		}
		added, err := db.Add(batch)
		if cerr := db.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
		rep.Stored += added.Stored
		rep.Duplicates += added.Duplicates
		batch = batch[:0]
		return nil
	}
	add := func(r *kifu.Record, source string, readErr error) error {
		rep.Games++
		if readErr != nil {
			rep.Broken++
			rep.Problems = append(rep.Problems, readErr.Error())
		}
		if r == nil {
			rep.Games--
			return nil
		}
		batch = append(batch, FromRecord(r, source, readErr != nil))
		if len(batch) >= BatchSize {
			if err := flush(); err != nil {
				return err
			}
			if progress != nil {
				progress(Progress{rep.Files, len(files), rep.Games})
			}
			return ctx.Err()
		}
		return nil
	}
	for _, f := range files {
		if err := readAny(f, add); err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return rep, err
			}
			var de *Error
			if errors.As(err, &de) {
				return rep, err
			}
			rep.Broken++
			rep.Problems = append(rep.Problems, err.Error())
		}
		rep.Files++
		if progress != nil {
			progress(Progress{rep.Files, len(files), rep.Games})
		}
	}
	return rep, flush()
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
