package tsume

import (
	"path/filepath"
	"strings"
	"sync"

	"shogi/assets"
	"shogi/game"
	"shogi/game/progress"
	"shogi/game/tsume"
)

// Env is what the training screens share for the app's life: one
// Defender, reused problem after problem (what its solver learnt stays
// true), the collection, read once, and the progress stores.
type Env struct {
	Defender *tsume.Defender
	stateDir string

	once       sync.Once
	collection []tsume.Problem
	colErr     error

	mu     sync.Mutex
	stores map[string]*storeOpen
}

type storeOpen struct {
	s   *progress.Store
	err error
}

// NewEnv is the training screens' shared state; progress files go to
// stateDir ("" keeps none).
func NewEnv(stateDir string) *Env {
	return &Env{Defender: tsume.NewDefender(tsume.Options{}), stateDir: stateDir, stores: map[string]*storeOpen{}}
}

// Collection is the problems shipped in assets, read on first need.
func (e *Env) Collection() ([]tsume.Problem, error) {
	e.once.Do(func() { e.collection, e.colErr = tsume.ParseCollection(strings.NewReader(assets.Tsume)) })
	return e.collection, e.colErr
}

// Progress files in the state directory.
const (
	TsumeFile = "tsume.json"
	QuizFile  = "quiz.json"
)

// Store is the progress file name in the state directory, opened on first
// need; nil (and no error) when the app keeps no state.
func (e *Env) Store(name string) (*progress.Store, error) {
	if e.stateDir == "" {
		return nil, nil
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	so, ok := e.stores[name]
	if !ok {
		s, err := progress.Open(filepath.Join(e.stateDir, name))
		so = &storeOpen{s: s, err: err}
		e.stores[name] = so
	}
	return so.s, so.err
}

// Set is the problems a problem screen goes through.
type Set struct {
	// Name is what the title calls the set: a file's name; "" for the
	// collection and for a single position.
	Name  string
	Items []Item
	// Collection says the items are the app's collection: progress is
	// kept under their IDs.
	Collection bool
}

// Item is one problem of a set, or why it is none.
type Item struct {
	Problem tsume.Problem // Start is the position as given when Err is set
	Err     error         // a *tsume.PositionError, or why the problem did not read
}

// CollectionSet is the app's collection as a set.
func (e *Env) CollectionSet() (Set, error) {
	ps, err := e.Collection()
	if err != nil {
		return Set{}, err
	}
	s := Set{Collection: true, Items: make([]Item, len(ps))}
	for i, p := range ps {
		s.Items[i] = Item{Problem: p}
	}
	return s, nil
}

// PositionSet is one position to solve: the side to move mates. A
// position that is no mate problem is an item with its fault.
func PositionSet(p game.Position) Set {
	q, err := tsume.Prepare(p)
	if err != nil {
		return Set{Items: []Item{{Problem: tsume.Problem{Start: p}, Err: err}}}
	}
	return Set{Items: []Item{{Problem: tsume.Problem{Start: q}}}}
}

// Filter picks problems by length: Min plies or more, at most Max (0:
// no bound).
type Filter struct{ Min, Max int }

// Filters are the lengths the chooser offers: each length to 9 plies,
// 11 or more, and every length.
var Filters = []Filter{{1, 1}, {3, 3}, {5, 5}, {7, 7}, {9, 9}, {11, 0}, {}}

// FilterFor is the filter for problems of n plies (11 and more go
// together); 0 is every length.
func FilterFor(n int) Filter {
	switch {
	case n <= 0:
		return Filter{}
	case n >= 11:
		return Filter{11, 0}
	}
	return Filter{n, n}
}

// Has reports whether a problem of n plies passes.
func (f Filter) Has(n int) bool { return n >= f.Min && (f.Max == 0 || n <= f.Max) }

// All reports whether the filter takes every length.
func (f Filter) All() bool { return f == Filter{} }

// indices are the items of s that f takes, in order; an item that is no
// problem, or of unknown length, passes only a filter of every length.
func (s *Set) indices(f Filter) []int {
	var out []int
	for i, it := range s.Items {
		if f.All() || it.Err == nil && it.Problem.Length > 0 && f.Has(it.Problem.Length) {
			out = append(out, i)
		}
	}
	return out
}
