// Package progress keeps a player's results on training items — mate
// problems, next-move quizzes — in a small JSON file in the state
// directory: per item the attempts solved and failed, the best time and
// the last attempt; overall the current and the best streak of solved
// attempts. Every change is written at once, atomically (a new file
// renamed over the old), so a crash never leaves half a file.
//
// The package imports only the standard library.
package progress

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Item is the record of one problem or quiz.
type Item struct {
	Solved int `json:"solved"`
	Failed int `json:"failed"`
	// Best is the quickest solve; Spent the time of every attempt.
	Best       time.Duration `json:"best_ns,omitempty"`
	Spent      time.Duration `json:"spent_ns"`
	Last       time.Time     `json:"last"`
	LastSolved bool          `json:"last_solved"`
}

// Stats sum a store up.
type Stats struct {
	Items    int // items tried
	Cleared  int // items solved at least once
	Solved   int // attempts solved
	Failed   int // attempts failed
	Streak   int // solved attempts in a row, up to the last
	Best     int // the longest such streak
	Spent    time.Duration
	LastTime time.Time // of the last attempt
}

// version is the file's format; a newer one is refused, not overwritten.
const version = 1

type file struct {
	Version int              `json:"version"`
	Streak  int              `json:"streak"`
	Best    int              `json:"best_streak"`
	Items   map[string]*Item `json:"items"`
}

// Store is one progress file. Its methods may be called from any
// goroutine.
type Store struct {
	path string
	mu   sync.Mutex
	f    file
}

// Open reads the progress file at path; a file that does not exist yet
// is an empty store (created on the first Record). A file that does not
// read is an error that names it, and is left alone.
func Open(path string) (*Store, error) {
	s := &Store{path: path, f: file{Version: version, Items: map[string]*Item{}}}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, err
	}
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s: not a progress file: %w", path, err)
	}
	if f.Version > version {
		return nil, fmt.Errorf("%s: progress file version %d, newer than this program's %d", path, f.Version, version)
	}
	if f.Items == nil {
		f.Items = map[string]*Item{}
	}
	for id, it := range f.Items {
		if it == nil {
			delete(f.Items, id)
		}
	}
	f.Version = version
	s.f = f
	return s, nil
}

// Path is the file the store writes.
func (s *Store) Path() string { return s.path }

// Record adds an attempt at item id, solved or not, that took took and
// ended at at, and writes the file.
func (s *Store) Record(id string, solved bool, took time.Duration, at time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	it := s.f.Items[id]
	if it == nil {
		it = &Item{}
		s.f.Items[id] = it
	}
	took = max(took, 0)
	if solved {
		it.Solved++
		if it.Best == 0 || took < it.Best {
			it.Best = took
		}
		s.f.Streak++
		s.f.Best = max(s.f.Best, s.f.Streak)
	} else {
		it.Failed++
		s.f.Streak = 0
	}
	it.Spent += took
	it.Last, it.LastSolved = at, solved
	return s.save()
}

// Item returns the record of id; ok is false for an item never tried.
func (s *Store) Item(id string) (Item, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	it, ok := s.f.Items[id]
	if !ok {
		return Item{}, false
	}
	return *it, true
}

// Stats sums the store up.
func (s *Store) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := Stats{Items: len(s.f.Items), Streak: s.f.Streak, Best: s.f.Best}
	for _, it := range s.f.Items {
		if it.Solved > 0 {
			st.Cleared++
		}
		st.Solved += it.Solved
		st.Failed += it.Failed
		st.Spent += it.Spent
		if it.Last.After(st.LastTime) {
			st.LastTime = it.Last
		}
	}
	return st
}

// save writes the file atomically: a temporary file in the same
// directory, synced, then renamed over the old one.
func (s *Store) save() error {
	data, err := json.MarshalIndent(&s.f, "", "  ")
	if err != nil {
		return err
	}
	dir := filepath.Dir(s.path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(s.path)+".*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(append(data, '\n'))
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), s.path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
