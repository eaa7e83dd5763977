package usi

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"shogi/game"
	"shogi/game/engine"
)

// Served is what Serve needs of an engine besides its search: its id, its
// own options (Serve adds MultiPV and USI_Ponder, which it handles
// itself), and the commands that reach it between searches.
type Served interface {
	engine.Searcher
	// ID returns the id name and id author lines' text.
	ID() (name, author string)
	// Options lists the engine's own options, with their current values as
	// defaults.
	Options() []Option
	// SetOption sets one of Options to a value already checked against its
	// type; it is never called while a search runs.
	SetOption(name, value string)
	// Prepare readies the engine (isready): allocate what the first search
	// would otherwise pay for.
	Prepare()
	// NewGame forgets what the last game taught (usinewgame).
	NewGame()
	// Mate looks for a forced mate from p until ctx ends (go mate).
	Mate(ctx context.Context, p game.Position) Checkmate
}

// Bencher is an engine that has a bench signature: Serve answers bench
// (not a USI command; Stockfish's) by running it, with each line it says
// sent as an info string.
type Bencher interface {
	Bench(say func(line string))
}

// Serve speaks USI on in and out as the engine e, so a GUI (ShogiHome,
// Shogidokoro), `shogi match` or the app can use it like any other engine.
// It returns nil after quit or at the end of in, and an error only when
// out cannot be written.
//
// It answers usi (id, e's options, MultiPV, USI_Ponder), isready at any
// time, setoption, usinewgame, position, go with any of the clock and limit
// fields, go infinite and go ponder (ended by stop or ponderhit), go mate
// (answered by checkmate), stop, gameover and quit, and bench when e is a
// Bencher. Lines it cannot read
// get an "info string" saying why and are otherwise ignored, so a GUI's
// mistake never ends the session. Every search runs on ctx, the
// caller's: its end stops the search under way as stop would (Serve
// itself returns at quit or the end of in).
func Serve(ctx context.Context, in io.Reader, out io.Writer, e Served) error {
	s := &usiServer{ctx: ctx, w: out, engine: e, multiPV: 1}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 16<<20) // a long game's position line
	for sc.Scan() {
		if quit := s.handle(strings.TrimSpace(sc.Text())); quit {
			break
		}
		if s.writeErr() != nil {
			break
		}
	}
	// A search still running is stopped and answered: a GUI that closed
	// its end will not read it, and one reading a transcript wants it.
	s.stop(false)
	if err := sc.Err(); err != nil && s.writeErr() == nil {
		s.say("info string input: " + err.Error())
	}
	return s.writeErr()
}

type usiServer struct {
	ctx  context.Context // the caller's, which every search runs on
	mu   sync.Mutex      // guards w and werr: the search writes from its goroutine
	w    io.Writer
	werr error

	engine  Served
	multiPV int

	start   game.Position
	moves   []game.Move
	posErr  error
	havePos bool
	cancel  context.CancelFunc
	done    chan struct{}
	silent  bool          // the running search's answer is not wanted
	hit     chan struct{} // closed at ponderhit; nil unless pondering
}

func (s *usiServer) say(line string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.werr != nil {
		return
	}
	_, s.werr = io.WriteString(s.w, line+"\n")
}

// writeErr is the first write that failed; the search writes too, so it
// is read under the lock.
func (s *usiServer) writeErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.werr
}

func (s *usiServer) options() []Option {
	return append(s.engine.Options(),
		Option{Name: "MultiPV", Type: Spin, Default: "1", Min: 1, Max: 100},
		Option{Name: "USI_Ponder", Type: Check, Default: "false"})
}

// handle acts on one line and reports whether it was quit.
func (s *usiServer) handle(line string) bool {
	switch Command(line) {
	case "":
	case "usi":
		name, author := s.engine.ID()
		s.say("id name " + name)
		s.say("id author " + author)
		for _, o := range s.options() {
			s.say(FormatOption(o))
		}
		s.say("usiok")
	case "isready":
		// isready may come while a search runs (a GUI asking whether the
		// engine is alive); that search has its tables, and Prepare beside
		// it would race with it.
		if !s.searching() {
			s.engine.Prepare()
		}
		s.say("readyok")
	case "setoption":
		s.stop(false) // options change between searches, never under one
		s.setOption(line)
	case "usinewgame":
		s.stop(true)
		s.engine.NewGame()
	case "position":
		s.stop(true)
		s.start, s.moves, s.posErr = ParsePosition(line)
		s.havePos = true
		if s.posErr != nil {
			s.say("info string bad position: " + s.posErr.Error())
		}
	case "go":
		s.stop(true)
		s.goCommand(line)
	case "stop":
		s.stop(false)
	case "ponderhit":
		s.ponderHit()
	case "gameover":
		s.stop(true)
	case "bench":
		b, ok := s.engine.(Bencher)
		if !ok {
			s.say(`info string unknown command "bench"`)
			break
		}
		s.stop(true)
		b.Bench(func(l string) { s.say("info string " + l) })
	case "quit":
		return true
	default:
		s.say(fmt.Sprintf("info string unknown command %q", Command(line)))
	}
	return false
}

func (s *usiServer) setOption(line string) {
	name, value, err := ParseSetOption(line)
	if err != nil {
		s.say("info string " + err.Error())
		return
	}
	for _, o := range s.options() {
		if !strings.EqualFold(o.Name, name) {
			continue
		}
		if err := o.CheckValue(value); err != nil {
			s.say("info string " + err.Error())
			return
		}
		switch o.Name {
		case "MultiPV":
			s.multiPV, _ = strconv.Atoi(value)
		case "USI_Ponder":
		default:
			s.engine.SetOption(o.Name, value)
		}
		return
	}
	s.say(fmt.Sprintf("info string no such option %q", name))
}

func (s *usiServer) goCommand(line string) {
	limits, mate, err := ParseGo(line)
	if err != nil {
		s.say("info string " + err.Error())
		// A GUI waits for an answer to go: give one.
		if mate.Search || strings.Contains(line, " mate") {
			s.say("checkmate notimplemented")
		} else {
			s.say("bestmove resign")
		}
		return
	}
	if !s.havePos || s.posErr != nil {
		s.say("info string go without a readable position")
		if mate.Search {
			s.say(FormatCheckmate(Checkmate{NoMate: true}))
		} else {
			s.say("bestmove resign")
		}
		return
	}
	ctx, cancel := context.WithCancel(s.ctx)
	s.cancel, s.done, s.silent = cancel, make(chan struct{}), false
	if mate.Search {
		s.runMate(ctx, mate)
		return
	}
	s.runSearch(ctx, limits)
}

func (s *usiServer) runSearch(ctx context.Context, limits engine.Limits) {
	req := engine.Request{Start: s.start, Moves: s.moves, Limits: limits, MultiPV: s.multiPV,
		Info: func(in engine.Info) { s.say(FormatInfo(in)) }}
	if limits.Ponder {
		s.hit = make(chan struct{})
		req.PonderHit = s.hit
	}
	done, eng := s.done, s.engine
	go func() {
		defer close(done)
		bm, err := eng.Search(ctx, req)
		if limits.Ponder {
			// USI allows no bestmove before ponderhit or stop, whatever
			// answered (a book move comes at once).
			select {
			case <-ctx.Done():
			case <-req.PonderHit:
			}
		}
		if s.isSilent() {
			return
		}
		if err != nil {
			s.say("info string " + err.Error())
			bm = engine.BestMove{Resign: true}
		}
		s.say(FormatBestMove(bm))
	}()
}

func (s *usiServer) runMate(ctx context.Context, ml MateLimit) {
	p := engine.Request{Start: s.start, Moves: s.moves}.Position()
	mctx, cancel := ctx, context.CancelFunc(func() {})
	if !ml.Infinite {
		mctx, cancel = context.WithTimeout(ctx, max(ml.Time, time.Millisecond))
	}
	done := s.done
	go func() {
		defer close(done)
		defer cancel()
		c := s.engine.Mate(mctx, p)
		if s.isSilent() {
			return
		}
		s.say(FormatCheckmate(c))
	}()
}

func (s *usiServer) isSilent() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.silent
}

// searching reports whether a search started by go has not yet answered.
func (s *usiServer) searching() bool {
	if s.done == nil {
		return false
	}
	select {
	case <-s.done:
		return false
	default:
		return true
	}
}

// stop ends the running search, if any, and waits for it. With silent its
// answer is dropped (a new position or game came in); otherwise it is
// sent, as stop asks.
func (s *usiServer) stop(silent bool) {
	if s.cancel == nil {
		return
	}
	s.mu.Lock()
	s.silent = silent
	s.mu.Unlock()
	s.cancel()
	<-s.done
	s.cancel, s.done, s.hit = nil, nil, nil
}

// ponderHit tells the ponder search that the opponent played the move it
// pondered on: the same search goes on under the clock from now (see
// engine.Request.PonderHit), with everything it found while pondering.
func (s *usiServer) ponderHit() {
	if s.hit == nil {
		return
	}
	close(s.hit)
	s.hit = nil
}
