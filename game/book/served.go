package book

import (
	"context"
	"io"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"sync"

	"shogi/game/engine"
	"shogi/game/usi"
)

// NoBook is the BookFile value that means no book, as in YaneuraOu.
const NoBook = "no_book"

// Served gives an engine served over USI (usi.Served) a book with the
// options YaneuraOu's engines have for theirs: USI_OwnBook, BookFile and
// BookDir, BookMoves, BookIgnoreRate, BookEvalDiff, ConsiderBookMoveCount,
// FlippedBook and BookOnTheFly. As in YaneuraOu the book is read on
// isready. A book that cannot be read is reported in an info string at the
// next search, and the engine plays without it.
type Served struct {
	usi.Served
	rng *rand.Rand

	ownBook, considerCount, flipped, onTheFly bool
	file, dir                                 string
	moves, ignoreRate, evalDiff               int

	mu       sync.Mutex // guards the fields below, which Search reads
	loaded   string     // what the book in use was read from, and how
	src      Source
	closer   io.Closer
	openErr  error
	reported bool
}

// NewServed wraps e; file is the book to start with (NoBook or "" for
// none).
func NewServed(e usi.Served, file string, rng *rand.Rand) *Served {
	if file == "" {
		file = NoBook
	}
	return &Served{Served: e, rng: rng, ownBook: true, flipped: true, file: file,
		moves: DefaultMoves, evalDiff: 30}
}

func check(b bool) string { return strconv.FormatBool(b) }

// Options lists the engine's own options and the book's, with their
// current values as defaults.
func (s *Served) Options() []usi.Option {
	return append(s.Served.Options(),
		usi.Option{Name: "USI_OwnBook", Type: usi.Check, Default: check(s.ownBook)},
		usi.Option{Name: "BookFile", Type: usi.Filename, Default: s.file},
		usi.Option{Name: "BookDir", Type: usi.String, Default: s.dir},
		usi.Option{Name: "BookMoves", Type: usi.Spin, Default: strconv.Itoa(s.moves), Min: 0, Max: 10000},
		usi.Option{Name: "BookIgnoreRate", Type: usi.Spin, Default: strconv.Itoa(s.ignoreRate), Min: 0, Max: 100},
		usi.Option{Name: "BookEvalDiff", Type: usi.Spin, Default: strconv.Itoa(s.evalDiff), Min: 0, Max: 99999},
		usi.Option{Name: "ConsiderBookMoveCount", Type: usi.Check, Default: check(s.considerCount)},
		usi.Option{Name: "FlippedBook", Type: usi.Check, Default: check(s.flipped)},
		usi.Option{Name: "BookOnTheFly", Type: usi.Check, Default: check(s.onTheFly)},
	)
}

// SetOption sets a book option, or passes any other to the engine.
func (s *Served) SetOption(name, value string) {
	n, _ := strconv.Atoi(value)
	b := value == "true"
	switch name {
	case "USI_OwnBook":
		s.ownBook = b
	case "BookFile":
		s.file = value
	case "BookDir":
		s.dir = value
	case "BookMoves":
		s.moves = n
	case "BookIgnoreRate":
		s.ignoreRate = n
	case "BookEvalDiff":
		s.evalDiff = n
	case "ConsiderBookMoveCount":
		s.considerCount = b
	case "FlippedBook":
		s.flipped = b
	case "BookOnTheFly":
		s.onTheFly = b
	default:
		s.Served.SetOption(name, value)
	}
}

// Prepare readies the engine and reads the book if its file or mode has
// changed.
func (s *Served) Prepare() {
	s.Served.Prepare()
	s.load()
}

// path returns the book's path: BookFile, under BookDir when relative;
// "" for none.
func (s *Served) path() string {
	if s.file == "" || s.file == NoBook {
		return ""
	}
	if s.dir != "" && !filepath.IsAbs(s.file) {
		return filepath.Join(s.dir, s.file)
	}
	return s.file
}

func (s *Served) load() {
	s.mu.Lock()
	defer s.mu.Unlock()
	path := s.path()
	want := path + "\x00" + check(s.onTheFly)
	if want == s.loaded {
		return
	}
	if s.closer != nil {
		s.closer.Close()
	}
	s.src, s.closer, s.openErr, s.reported, s.loaded = nil, nil, nil, false, want
	if path == "" {
		return
	}
	if s.onTheFly {
		f, err := Open(path)
		if err != nil {
			s.openErr = err
			return
		}
		s.src, s.closer = f, f
		return
	}
	b, err := ReadFile(path)
	if err != nil {
		s.openErr = err
		return
	}
	s.src = b
}

// Search plays from the book when the options allow, else lets the
// engine search.
func (s *Served) Search(ctx context.Context, req engine.Request) (engine.BestMove, error) {
	if s.loaded == "" {
		s.load() // a GUI that skipped isready
	}
	s.mu.Lock()
	src, openErr := s.src, s.openErr
	if openErr != nil && !s.reported && req.Info != nil {
		s.reported = true
		req.Info(engine.Info{String: "book: " + openErr.Error()})
	}
	s.mu.Unlock()
	opts := Options{Pick: Best, Moves: s.moves, EvalDiff: s.evalDiff, IgnoreRate: s.ignoreRate, NoFlip: !s.flipped}
	if s.considerCount {
		opts.Pick = Weighted
	}
	if !s.ownBook || src == nil {
		opts.Pick = Off
	}
	return NewSearcher(s.Served, src, opts, s.rng).Search(ctx, req)
}
