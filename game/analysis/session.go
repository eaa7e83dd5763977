package analysis

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/usi"
)

// Line is one line of an engine's analysis (one MultiPV entry).
type Line struct {
	MultiPV  int          // 1 for the best line
	Score    engine.Score // from the side to move's view, as the engine sent it
	HasScore bool
	Value    Value // Score from Black's view
	Depth    int
	SelDepth int
	Nodes    uint64
	PV       []game.Move // checked against the position
}

// Mode is what a session is doing.
type Mode uint8

// The modes of a session.
const (
	Idle       Mode = iota // nothing asked yet
	Analysing              // go infinite on the target
	MateSearch             // go mate on the target
)

// Snapshot is what a session knows at one moment: the latest lines for
// the position it was last asked about. A Snapshot is a copy; the
// session never changes it after handing it out.
type Snapshot struct {
	ID      uint64 // the request it answers (Analyse's or Mate's result)
	Engine  string
	Target  engine.Request
	Mode    Mode   // what was asked about Target
	Running bool   // the engine is still thinking about Target
	Lines   []Line // by MultiPV number, best first; some may be empty (Depth 0) while the engine fills them
	// The engine's latest totals for the search.
	Depth    int
	Nodes    uint64
	NPS      uint64
	Time     time.Duration
	HashFull int
	Best     engine.BestMove // the engine's answer, once a search that ended by itself gave one
	Mate     *usi.Checkmate  // a mate search's answer
	Over     bool            // the position has no legal move: nothing to search
	Err      error           // why the engine stopped (it is then unusable)
}

// Value is the best line's evaluation from Black's view, if any line has
// a score; a position with no legal move is lost for the side to move.
func (s *Snapshot) Value() Value {
	if s.Over {
		p := s.Target.Position()
		return MateBy(p.SideToMove().Other(), 0)
	}
	if len(s.Lines) > 0 && s.Lines[0].HasScore {
		return s.Lines[0].Value
	}
	return Value{}
}

// Session keeps one engine analysing the position on screen: each
// Analyse stops the search under way and starts on the new position at
// once (stop, position, go infinite), with never more than one search
// waiting, so stepping through a record quickly costs one restart, not
// one per step. Nothing a caller does waits for the engine: requests are
// handed to the session's goroutine, and results come back as Snapshots
// signalled on Changed.
type Session struct {
	ctx  context.Context // the owner's: its end ends every search
	eng  Engine
	name string

	mu      sync.Mutex
	snap    Snapshot
	next    *job               // the request waiting to start
	cancel  context.CancelFunc // ends the search under way
	lastID  uint64
	closed  bool
	broken  error // the fault that made the engine unusable
	wake    chan struct{}
	changed chan struct{}
	done    chan struct{}
	err     error // from closing the engine
}

type job struct {
	id     uint64
	target engine.Request
	mate   time.Duration // a mate search of this length; 0: analysis
	isMate bool
}

// NewSession starts a session on e; the session owns e and closes it in
// Close. ctx is the caller's: when it ends, the search under way and any
// later one stop at once (Close is still the caller's to call).
func NewSession(ctx context.Context, e Engine) *Session {
	s := &Session{ctx: ctx, eng: e, name: e.Name(), wake: make(chan struct{}, 1),
		changed: make(chan struct{}, 1), done: make(chan struct{})}
	s.snap.Engine = s.name
	go s.loop()
	return s
}

// Engine returns the engine's name.
func (s *Session) Engine() string { return s.name }

// Analyse starts analysing t in place of whatever the session was doing
// and returns the request's ID, which the snapshots about t carry. The
// lines of the previous position are dropped at once.
func (s *Session) Analyse(t engine.Request) uint64 { return s.request(job{target: t}) }

// Mate starts a mate search of t for at most d in place of whatever the
// session was doing; the answer comes as a Snapshot with Mate set.
func (s *Session) Mate(t engine.Request, d time.Duration) uint64 {
	return s.request(job{target: t, mate: d, isMate: true})
}

func (s *Session) request(j job) uint64 {
	s.mu.Lock()
	s.lastID++
	j.id = s.lastID
	mode := Analysing
	if j.isMate {
		mode = MateSearch
	}
	s.snap = Snapshot{ID: j.id, Engine: s.name, Target: j.target, Mode: mode, Running: true}
	switch {
	case s.closed:
		s.snap.Running, s.snap.Err = false, errClosed
	case s.broken != nil:
		s.snap.Running, s.snap.Err = false, s.broken
	default:
		s.next = &j
		if s.cancel != nil {
			s.cancel()
		}
	}
	s.notify()
	s.mu.Unlock()
	s.poke()
	return j.id
}

var errClosed = errors.New("analysis: the session is closed")

// Stop ends the search; the last lines stay in the snapshot.
func (s *Session) Stop() {
	s.mu.Lock()
	s.next = nil
	if s.cancel != nil {
		s.cancel()
	}
	if s.snap.Running {
		s.snap.Running = false
		s.notify()
	}
	s.mu.Unlock()
}

// Snapshot returns what the session knows now.
func (s *Session) Snapshot() Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.snap
	c.Lines = slices.Clone(c.Lines)
	return c
}

// Changed receives a value after the snapshot changes. Changes that come
// while nobody reads are merged into one, so a slow reader sees the
// latest state, never a backlog.
func (s *Session) Changed() <-chan struct{} { return s.changed }

// Done is closed once the session has closed its engine.
func (s *Session) Done() <-chan struct{} { return s.done }

// Close stops the search, closes the engine and waits for both. It is
// safe to call more than once.
func (s *Session) Close() error {
	s.mu.Lock()
	s.closed = true
	s.next = nil
	if s.cancel != nil {
		s.cancel()
	}
	s.mu.Unlock()
	s.poke()
	<-s.done
	return s.err
}

func (s *Session) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// notify signals a change; s.mu is held.
func (s *Session) notify() {
	select {
	case s.changed <- struct{}{}:
	default:
	}
}

// loop runs the requests one at a time on the session's goroutine, the
// only one that talks to the engine.
func (s *Session) loop() {
	defer close(s.done)
	defer func() { s.err = s.eng.Close() }()
	for range s.wake {
		for {
			s.mu.Lock()
			j := s.next
			s.next = nil
			if s.closed {
				s.mu.Unlock()
				return
			}
			if j == nil {
				s.mu.Unlock()
				break
			}
			ctx, cancel := context.WithCancel(s.ctx)
			s.cancel = cancel
			s.mu.Unlock()
			s.run(ctx, j)
			cancel()
			s.mu.Lock()
			s.cancel = nil
			s.mu.Unlock()
		}
	}
}

// run carries out one request and records how it ended.
func (s *Session) run(ctx context.Context, j *job) {
	p := j.target.Position()
	if !p.HasLegalMove() {
		s.finish(j.id, func(sn *Snapshot) { sn.Over = true })
		return
	}
	if j.isMate {
		c, err := s.eng.Mate(ctx, j.target, j.mate)
		s.finish(j.id, func(sn *Snapshot) {
			if err == nil {
				sn.Mate = &c
			}
			s.fault(ctx, sn, err)
		})
		return
	}
	toMove := p.SideToMove()
	n := lines(j.target)
	r := j.target
	r.Limits = engine.Limits{Infinite: true}
	r.Info = func(in engine.Info) {
		s.mu.Lock()
		if s.snap.ID == j.id && s.snap.Running {
			fold(&s.snap, in, toMove, n)
			s.notify()
		}
		s.mu.Unlock()
	}
	bm, err := s.eng.Go(ctx, r)
	s.finish(j.id, func(sn *Snapshot) {
		if err == nil {
			sn.Best = bm
			if len(sn.Lines) == 0 && bm.Move != game.NoMove {
				// An engine that reports nothing (random, greedy) still
				// says what it would play.
				sn.Lines = []Line{{MultiPV: 1, PV: []game.Move{bm.Move}}}
			}
		}
		s.fault(ctx, sn, err)
	})
}

// fault records an error that is not the request being replaced or
// stopped; an engine fault leaves the session unusable.
func (s *Session) fault(ctx context.Context, sn *Snapshot, err error) {
	if err == nil || ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return
	}
	sn.Err = err
	var ue *usi.Error
	if errors.As(err, &ue) {
		s.broken = err
	}
}

// finish updates the snapshot of request id, if it is still the current
// one, as the search ends.
func (s *Session) finish(id uint64, f func(*Snapshot)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.snap.ID != id {
		return
	}
	f(&s.snap)
	s.snap.Running = false
	s.notify()
}

// fold takes one info line into the snapshot: the totals, and the line
// its MultiPV number names. A report without a score or a PV keeps the
// line's previous one, so the panel does not flicker; a bound never
// replaces an exact score.
func fold(sn *Snapshot, in engine.Info, toMove game.Color, lines int) {
	if in.Nodes > 0 {
		sn.Nodes = in.Nodes
	}
	if in.NPS > 0 {
		sn.NPS = in.NPS
	}
	if in.Time > 0 {
		sn.Time = in.Time
	}
	if in.HashFull > 0 {
		sn.HashFull = in.HashFull
	}
	if in.Depth > sn.Depth && in.MultiPV <= 1 {
		sn.Depth = in.Depth
	}
	if !in.HasScore && len(in.PV) == 0 {
		return
	}
	k := max(in.MultiPV, 1)
	if k > lines {
		return
	}
	if len(sn.Lines) < k {
		sn.Lines = append(sn.Lines, make([]Line, k-len(sn.Lines))...)
	}
	l := sn.Lines[k-1]
	if in.HasScore && in.Score.Bound != engine.Exact && l.HasScore && l.Score.Bound == engine.Exact {
		// A bound comes from an iteration cut short (a fail high or low,
		// often the last line before bestmove, with a stub PV): the last
		// exact line says more.
		return
	}
	l.MultiPV = k
	if in.HasScore {
		l.Score, l.HasScore, l.Value = in.Score, true, FromScore(in.Score, toMove)
	}
	if len(in.PV) > 0 {
		l.PV = in.PV
	}
	if in.Depth > 0 {
		l.Depth, l.SelDepth = in.Depth, in.SelDepth
	}
	if in.Nodes > 0 {
		l.Nodes = in.Nodes
	}
	sn.Lines[k-1] = l
}
