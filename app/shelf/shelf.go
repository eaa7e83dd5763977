// Package shelf holds the opening books the app has open, as every
// screen consults them: the study's book panel, the hint, and the
// built-in levels of a game. A book is opened once for the whole app (a
// sorted one is searched on disk, whatever its size; an unsorted one is
// read into memory) and opened again when its file changes, so a book
// rebuilt while the app runs is read afresh. It has no UI.
package shelf

import (
	"errors"
	"os"
	"slices"
	"sync"
	"time"

	"shogi/game"
	"shogi/game/book"
)

// Shelf holds the books the app has opened, by path. It is safe for
// concurrent use: the UI looks positions up in commands, and a game's
// levels from the match's goroutines.
type Shelf struct {
	mu    sync.Mutex
	books map[string]*shelved
}

// shelved is one book file as the shelf holds it.
type shelved struct {
	mu     sync.Mutex
	loaded bool
	size   int64 // the file's size and time when it was opened, to see it change
	mod    time.Time
	src    book.Source
	file   *book.File // the book searched on disk, to close; nil for one in memory
	mem    *book.Book // the book read into memory
	err    error
}

// New returns an empty shelf.
func New() *Shelf { return &Shelf{books: map[string]*shelved{}} }

func (s *Shelf) get(path string) *shelved {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := s.books[path]
	if b == nil {
		b = &shelved{}
		s.books[path] = b
	}
	return b
}

// Close closes every book file; the shelf may still be used, and opens
// them again.
func (s *Shelf) Close() {
	if s == nil {
		return
	}
	s.mu.Lock()
	books := s.books
	s.books = map[string]*shelved{}
	s.mu.Unlock()
	for _, b := range books {
		b.mu.Lock()
		b.close()
		b.mu.Unlock()
	}
}

func (b *shelved) close() {
	if b.file != nil {
		b.file.Close()
	}
	b.loaded, b.size, b.mod = false, 0, time.Time{}
	b.src, b.file, b.mem, b.err = nil, nil, nil, nil
}

// source returns the book at path, opening it if it is not open or its
// file has changed since.
func (b *shelved) source(path string) (book.Source, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		b.close()
		b.loaded, b.err = true, err
		return nil, err
	case fi.IsDir():
		b.close()
		b.loaded, b.err = true, &FolderError{Path: path}
		return nil, b.err
	case b.loaded && b.size == fi.Size() && b.mod.Equal(fi.ModTime()):
		return b.src, b.err
	}
	b.close()
	b.loaded, b.size, b.mod = true, fi.Size(), fi.ModTime()
	f, err := book.Open(path)
	var ue *book.UnsortedError
	switch {
	case err == nil:
		b.src, b.file = f, f
	case errors.As(err, &ue):
		// Not sorted, so not searchable on disk: read it whole.
		b.mem, b.err = book.ReadFile(path)
		if b.err == nil {
			b.src = b.mem
		}
	default:
		b.err = err
	}
	return b.src, b.err
}

// inMemory reads the book at path into memory, for a book found out of
// order only by a look-up (Open checks the ends of the file).
func (b *shelved) inMemory(path string) (book.Source, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.mem != nil {
		return b.mem, nil
	}
	if b.file != nil {
		b.file.Close()
		b.file = nil
	}
	b.mem, b.err = book.ReadFile(path)
	b.src = nil
	if b.err == nil {
		b.src = b.mem
	}
	return b.src, b.err
}

// FolderError is a folder named as a book file.
type FolderError struct{ Path string }

func (e *FolderError) Error() string { return e.Path + ": a folder, not a book file" }

// Info is what the settings page says of a book: how it is read, or
// why it cannot be.
type Info struct {
	Path      string
	OnDisk    bool  // searched on disk (sorted)
	Size      int64 // bytes
	Positions int   // of a book read into memory; 0 for one on disk
	Err       error
}

// Info opens the book at path if need be and says how it is read. It may
// take a while (an unsorted book is read whole): call it off the UI loop.
func (s *Shelf) Info(path string) Info {
	b := s.get(path)
	_, err := b.source(path)
	b.mu.Lock()
	defer b.mu.Unlock()
	in := Info{Path: path, Err: err, Size: b.size, OnDisk: b.file != nil}
	if b.mem != nil {
		in.Positions = b.mem.Len()
	}
	return in
}

// Books is the books at paths consulted in order, as one book.Source
// (what a level's book.Use holds): the first that has a position answers
// for it. A book that cannot be read is passed over.
func (s *Shelf) Books(paths []string) *Books { return &Books{shelf: s, paths: slices.Clone(paths)} }

// Books consults a shelf's books in order.
type Books struct {
	shelf *Shelf
	paths []string
}

// Paths are the books consulted, in order.
func (b *Books) Paths() []string { return b.paths }

// Lookup returns the entry of the first book that has key. The first
// problem met is returned only when no book has it.
func (b *Books) Lookup(key string) (*book.Entry, error) {
	var first error
	for _, p := range b.paths {
		e, err := b.lookup(p, key)
		if err != nil {
			first = cmpErr(first, err)
			continue
		}
		if e != nil && len(e.Moves) > 0 {
			return e, nil
		}
	}
	return nil, first
}

func cmpErr(first, err error) error {
	if first != nil {
		return first
	}
	return err
}

// lookup asks one book; a book found out of order on disk is read into
// memory and asked again.
func (b *Books) lookup(path, key string) (*book.Entry, error) {
	sh := b.shelf.get(path)
	src, err := sh.source(path)
	if err != nil {
		return nil, err
	}
	e, err := src.Lookup(key)
	var ue *book.UnsortedError
	if errors.As(err, &ue) {
		if src, err = sh.inMemory(path); err != nil {
			return nil, err
		}
		e, err = src.Lookup(key)
	}
	return e, err
}

// Found is what the books say of a position: the entry of the first
// book that has it (or has it turned round), which book that is, and the
// books that could not be read, with why.
type Found struct {
	Entry    book.Entry
	Found    bool
	From     string // the path of the book that answered
	Books    int    // how many books were consulted
	Problems []Problem
	Took     time.Duration // how long the look-up took
}

// Problem is a book that could not be read or searched.
type Problem struct {
	Path string
	Err  error
}

// Find looks p up in the books in order, as YaneuraOu reads its books
// (and turned round, colours swapped, when no book has it as it is).
func (b *Books) Find(p *game.Position) Found {
	start := time.Now()
	r := &findRecorder{b: b, errs: make([]error, len(b.paths)), from: -1}
	for i, p := range b.paths {
		// Every book is opened, so one that cannot be read is said even
		// when a book before it has the position.
		_, r.errs[i] = b.shelf.get(p).source(p)
	}
	e, ok, _ := book.Find(r, p, true)
	out := Found{Entry: e, Found: ok, Books: len(b.paths)}
	if ok && r.from >= 0 {
		out.From = b.paths[r.from]
	}
	for i, err := range r.errs {
		if err != nil {
			out.Problems = append(out.Problems, Problem{Path: b.paths[i], Err: err})
		}
	}
	out.Took = time.Since(start)
	return out
}

// findRecorder is the books as one source that notes which answered and
// what each book's problem was, rather than stopping at the first.
type findRecorder struct {
	b    *Books
	errs []error
	from int
}

func (r *findRecorder) Lookup(key string) (*book.Entry, error) {
	for i, p := range r.b.paths {
		if r.errs[i] != nil {
			continue
		}
		e, err := r.b.lookup(p, key)
		if err != nil {
			r.errs[i] = err
			continue
		}
		if e != nil && len(e.Moves) > 0 {
			r.from = i
			return e, nil
		}
	}
	return nil, nil
}
