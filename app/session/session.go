package session

import (
	"context"
	"io"
	"sync"
	"time"

	"shogi/game"
	"shogi/game/match"
	"shogi/kifu"
	"shogi/kifu/matchrec"
)

// Config sets up a session.
type Config struct {
	// Match is the match to run. Its Players are started by the caller
	// and handed to the session, which closes them (Close), except those
	// in Keep.
	Match match.Config
	// Keep are players the caller goes on using after the game (shogi
	// csa's engine plays one game after another): Close leaves them.
	Keep [2]match.Player
	// Specs say what the players are, for the kept file; Names are the
	// names the players go by ("" when they have none of their own). An
	// engine without a name is called by its id name; for the record, a
	// person without one by Human, a built-in level by its own name.
	Specs [2]match.Spec
	Names [2]string
	Human string
	// Event and Place are the record's 棋戦 and 場所 ("" for none).
	Event, Place string
	// Prior and From: a game played on from a record ("play from here")
	// is written after the record's line up to From.
	Prior *kifu.Record
	From  *kifu.Node
	// Began is when the game began, for the record of a game in progress;
	// zero is when Start is called.
	Began time.Time
	// Store keeps the game; nil keeps nothing.
	Store Store
	// Finished, when set, is told of a finished game's record once the
	// Store wrote it to path (also when the Store failed after that) (the app adds it to its games database). It
	// runs on the session's goroutine before the game-over event goes out.
	Finished func(rec *kifu.Record, path string)
	// Annotate, when set, adds to every record the session makes of the
	// game (kept after each move, the finished game's, Record's) what
	// the match does not know: a lobby's chat lines, as comments. It
	// runs on the goroutine that asks for the record.
	Annotate func(rec *kifu.Record)
}

// Session is one game: its players, its match, its keeping, its record.
type Session struct {
	cfg  Config
	m    *match.Match
	sub  *match.Subscription
	ts   match.TimeSource
	done chan struct{} // closed once the match has ended and the game is kept

	mu       sync.Mutex
	cancel   context.CancelFunc
	began    time.Time
	players  [2]match.Player
	specs    [2]match.Spec
	names    [2]string
	feeds    []*Feed
	ended    bool // the last event went out
	closed   bool // the players are closed or handed over
	res      match.Result
	saved    string
	pending  string // a move the other side has not confirmed (Unconfirmed)
	err      error  // the first error of the keeping
	stopOnce sync.Once

	// replayed is the game State.Record last replayed, extended by the
	// moves that came since instead of replayed from the start after
	// every move (a game of n moves kept after each was n²/2 plays).
	replayMu sync.Mutex
	replayed *game.Game
}

// New makes a session of the match cfg sets up, ready to Start. When it
// fails, the players are still the caller's.
func New(cfg Config) (*Session, error) {
	m, err := match.New(cfg.Match)
	if err != nil {
		return nil, err
	}
	ts := cfg.Match.TimeSource
	if ts == nil {
		ts = match.RealTime{}
	}
	s := &Session{cfg: cfg, m: m, sub: m.Subscribe(), ts: ts, done: make(chan struct{}),
		players: cfg.Match.Players, specs: cfg.Specs, names: cfg.Names}
	for c, p := range s.players {
		if s.names[c] == "" && s.specs[c].Kind == match.USIKind {
			s.names[c] = p.Name()
		}
	}
	return s, nil
}

// Match is the session's match: the screens submit a person's moves to
// it and follow its snapshots; spectators subscribe to it.
func (s *Session) Match() *match.Match { return s.m }

// Subscribe returns a feed of the session's events, each after it was
// kept. Subscribe before Start to see every event.
func (s *Session) Subscribe() *Feed {
	f := newFeed()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ended {
		f.End()
		return f
	}
	s.feeds = append(s.feeds, f)
	return f
}

// Start runs the match and its keeping on ctx; cancelling ctx
// interrupts the game (it stays kept).
func (s *Session) Start(ctx context.Context) {
	ctx, cancel := context.WithCancel(ctx)
	s.mu.Lock()
	s.cancel = cancel
	if s.cfg.Began.IsZero() {
		s.began = s.ts.Now()
	} else {
		s.began = s.cfg.Began
	}
	s.mu.Unlock()
	go s.run(ctx)
}

// run plays the match and keeps the game after every event that changes
// it, then passes the event on; it ends when the game is over and kept.
func (s *Session) run(ctx context.Context) {
	defer close(s.done)
	played := make(chan struct{})
	go func() {
		defer close(played)
		s.m.Run(ctx)
	}()
	for {
		// The match always ends its events with GameOverEvent, also when
		// ctx ends: the subscription is read to its end, not to ctx's.
		ev, err := s.sub.Next(context.WithoutCancel(ctx))
		if err != nil {
			break
		}
		out := Event{Ev: ev}
		out.Saved, out.Err = s.keep(ev)
		s.publish(out)
	}
	<-played
	s.mu.Lock()
	s.ended = true
	feeds := s.feeds
	s.feeds = nil
	s.mu.Unlock()
	for _, f := range feeds {
		f.End()
	}
}

func (s *Session) publish(e Event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range s.feeds {
		f.Put(e)
	}
}

// keep keeps the game after event ev: what stands after a move, an undo
// or a new player; a finished game's record.
func (s *Session) keep(ev match.Event) (string, error) {
	switch ev := ev.(type) {
	case match.MoveEvent, match.UndoEvent, match.ReplaceEvent:
		if _, ok := ev.(match.MoveEvent); ok {
			s.mu.Lock()
			s.pending = "" // the other side answered
			s.mu.Unlock()
		}
		if s.cfg.Store == nil {
			return "", nil
		}
		return "", s.note(s.cfg.Store.Keep(s.state()))
	case match.GameOverEvent:
		return s.finish(ev.Result)
	}
	return "", nil
}

// finish keeps a game that ended. This is the one place a game's end is
// written: a finished game's record goes where its Store puts them, an
// interrupted one stays kept.
func (s *Session) finish(res match.Result) (string, error) {
	res.Names = s.RecordNames()
	s.mu.Lock()
	s.res = res
	s.mu.Unlock()
	if s.cfg.Store == nil {
		return "", nil
	}
	rec := s.Record(res)
	path, err := s.cfg.Store.End(s.state(), res, rec)
	if path != "" && !res.Aborted && s.cfg.Finished != nil {
		s.cfg.Finished(rec, path)
	}
	s.mu.Lock()
	s.saved = path
	s.mu.Unlock()
	return path, s.note(err)
}

// note remembers the keeping's first error, and returns err.
func (s *Session) note(err error) error {
	if err != nil {
		s.mu.Lock()
		if s.err == nil {
			s.err = err
		}
		s.mu.Unlock()
	}
	return err
}

// state is the game as it stands, for the store.
func (s *Session) state() State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return State{Snap: s.m.Snapshot(), Specs: s.specs, Names: s.names, Began: s.began, Now: s.ts.Now(), Unconfirmed: s.pending, s: s}
}

// Unconfirmed notes mv, a move sent to the other side (a CSA server)
// that it has not confirmed: the game is kept with it (State.Unconfirmed)
// until the next move of the match shows the other side answered, so a
// game that ends without its word says which move was in doubt.
func (s *Session) Unconfirmed(mv string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pending = mv
}

// Record is the record of a game the match played: the players as
// RecordNames has them, the event and the place, after the prior
// record's line when the game was played on from one.
func (s *Session) Record(res match.Result) *kifu.Record {
	res.Names = s.RecordNames()
	rec := matchrec.Record(res, s.cfg.Event)
	if s.cfg.Place != "" {
		rec.Headers = append(rec.Headers, kifu.Header{Key: "場所", Value: s.cfg.Place})
	}
	rec = matchrec.WithPrior(rec, s.cfg.Prior, s.cfg.From)
	if s.cfg.Annotate != nil {
		s.cfg.Annotate(rec)
	}
	return rec
}

// Names are the players' names as the session was given them (an
// engine's filled with its id name), by colour.
func (s *Session) Names() [2]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.names
}

// RecordNames are the players' names as records write them: a person
// without one by the word for a person (Config.Human), a program by its
// own name.
func (s *Session) RecordNames() [2]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.names
	for c, p := range s.players {
		switch {
		case out[c] != "":
		case s.specs[c].Kind == match.HumanKind:
			out[c] = s.cfg.Human
		case p != nil:
			out[c] = p.Name()
		}
	}
	return out
}

// Done is closed once the game is over and kept.
func (s *Session) Done() <-chan struct{} { return s.done }

// Wait waits until the game is over and kept (or ctx ends), and returns
// how it ended, with the names records give the players, and the first
// error of its keeping.
func (s *Session) Wait(ctx context.Context) (match.Result, error) {
	select {
	case <-s.done:
	case <-ctx.Done():
		return match.Result{}, ctx.Err()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.res, s.err
}

// Saved is where the finished game's record went, once Done.
func (s *Session) Saved() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.saved
}

// Replace puts p, a player started for the purpose, in the seat of side's
// failed player (a game a person plays pauses on a program's fault), as
// spec and name; the failed player is closed. When the match refuses it
// (no fault stands, the game is over), p is closed and the error says
// why.
func (s *Session) Replace(side game.Color, p match.Player, spec match.Spec, name string) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		closePlayer(p)
		return match.ErrOver
	}
	old, oldSpec, oldName := s.players[side], s.specs[side], s.names[side]
	s.players[side], s.specs[side], s.names[side] = p, spec, name
	s.mu.Unlock()
	if err := s.m.Replace(side, p); err != nil {
		s.mu.Lock()
		if !s.closed {
			s.players[side], s.specs[side], s.names[side] = old, oldSpec, oldName
		}
		s.mu.Unlock()
		closePlayer(p)
		return err
	}
	if old != s.cfg.Keep[side] {
		closePlayer(old)
	}
	return nil
}

// HandOver gives the players of a game that ended to the next session of
// the same game (taking back moves of a finished game starts a new one):
// the healthy ones, by colour; a faulty or exited engine is closed, to
// start afresh. The session holds no player after it.
func (s *Session) HandOver() [2]match.Player {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return [2]match.Player{}
	}
	var res *match.Result
	if snap := s.m.Snapshot(); snap.Over {
		res = &snap.Result
	}
	s.closed = true
	if s.cancel != nil {
		s.cancel()
	}
	return match.HandOver(s.players, res)
}

// stopWait is how long Stop waits for the match to end after asking it
// to, before it cancels the players' context: a player that ignores its
// request is given up on.
const stopWait = 10 * time.Second

// Stop leaves the game: one still on is interrupted (中断) and stays
// kept. Stop waits for the match to end and the game to be kept, then
// closes the players. It is safe to call more than once and from any
// goroutine.
func (s *Session) Stop(reason string) {
	s.stopOnce.Do(func() {
		s.mu.Lock()
		started := s.cancel != nil
		s.mu.Unlock()
		if started {
			_ = s.m.Abort(reason)
			t := time.NewTimer(stopWait)
			select {
			case <-s.done:
			case <-t.C:
				s.cancelRun()
				<-s.done
			}
			t.Stop()
			s.cancelRun()
		}
		s.Close()
	})
}

func (s *Session) cancelRun() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cancel != nil {
		s.cancel()
	}
}

// Close closes the players, except those in Config.Keep and those handed
// over. A session that was started is closed after it is Done (Wait or
// Stop), so that no player is closed in the middle of its turn.
func (s *Session) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	players := s.players
	s.mu.Unlock()
	match.ClosePlayers(players, s.cfg.Keep)
}

func closePlayer(p match.Player) {
	if c, ok := p.(io.Closer); ok && p != nil {
		_ = c.Close()
	}
}
