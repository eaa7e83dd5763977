package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/match"
	"shogi/game/usi"
	"shogi/kifu/matchrec"
)

// A session is a game running in the app: a game/match Match between the
// two players the set-up names (people, built-in levels, engine
// processes), the subscription that carries the match's events to the
// screen, and the keeper of the game's file. The play screen only draws
// what the events say and submits the person's moves: whose turn it is,
// the clocks, the engines and how the game ends are the match's.
//
// Events reach Bubble Tea through a command that waits for the next one
// (next), re-issued after each; the kept file is written inside that
// command before the event is handed over, so whatever the screen shows
// is already on disk.
type session struct {
	gen     int // which game of the screen this is: messages of an older one are dropped
	m       *match.Match
	sub     *match.Subscription
	cancel  context.CancelFunc
	players [2]match.Player
	names   [2]string
	keep    *keeper
	env     sessionEnv
	hint    *hinter
	// table is set for a table of shogi serve: the lobby owns the match,
	// runs it and writes its record; the screen only follows it.
	table bool

	stopOnce sync.Once
	mu       sync.Mutex
	closed   bool
}

// sessionEnv is what a session needs from the app's settings, copied when
// it starts so that its goroutines never read the UI's state.
type sessionEnv struct {
	ts        match.TimeSource
	engineCfg usi.Config // log, environment: Path and Options come from the spec
	gamesDir  string     // "" when finished games are not kept
	moveDelay time.Duration
	margin    time.Duration
	human     string // what a person without a name is called
}

// sessionMsg says whether a session started: the players are running
// and the match with them.
type sessionMsg struct {
	gen  int
	s    *session
	err  error
	side game.Color // the side whose player failed to start
}

// eventMsg carries one event of a session's match.
type eventMsg struct {
	gen   int
	ev    match.Event
	ended bool   // no more events
	saved string // where a finished game's record was written
	err   error  // the kept file or the record could not be written
}

// startSession returns a command that starts a session for s: the
// players (an engine is a process to run and hear usiok from, which may
// take seconds, so it is never done on the UI loop), then the match.
// reuse holds players of an earlier session of the same game (after an
// undo that reopens a finished game) that are still running.
func startSession(env sessionEnv, gen int, s *setup, reuse [2]match.Player, seed uint64, keepPath string) tea.Cmd {
	return func() tea.Msg {
		ctx := context.Background()
		var players [2]match.Player
		for c := game.Black; c <= game.White; c++ {
			if p := reuse[c]; p != nil {
				players[c] = p
				continue
			}
			r := rand.New(rand.NewPCG(seed, seed^uint64(c+1)*0x9e3779b97f4a7c15))
			p, err := s.players[c].NewPlayer(ctx, r, env.engineCfg)
			if err != nil {
				closePlayers(players, [2]match.Player{})
				return sessionMsg{gen: gen, err: err, side: c}
			}
			players[c] = p
		}
		// A person without a name is called so; an engine by its id name.
		// A built-in level keeps no name here: the screen names it in its
		// language, records by its own name (recordNames).
		names := s.names
		for c, p := range players {
			switch {
			case names[c] != "":
			case s.players[c].Kind == match.HumanKind:
				names[c] = env.human
			case s.players[c].Kind == match.USIKind:
				names[c] = p.Name()
			}
		}
		delay := time.Duration(0)
		if s.players[0].Kind != match.HumanKind && s.players[1].Kind != match.HumanKind {
			delay = env.moveDelay
		}
		m, err := match.New(match.Config{Start: s.start, Moves: s.moves, Notes: s.notes, Players: players,
			Time: s.time, Margin: env.margin, MoveDelay: delay, TimeSource: env.ts})
		if err != nil {
			closePlayers(players, reuse)
			return sessionMsg{gen: gen, err: err}
		}
		ctx, cancel := context.WithCancel(ctx)
		ss := &session{gen: gen, m: m, sub: m.Subscribe(), cancel: cancel, players: players, names: names, env: env}
		ss.keep = &keeper{path: keepPath, setup: s, names: func() [2]string { return names }}
		go m.Run(ctx)
		return sessionMsg{gen: gen, s: ss}
	}
}

// next waits for the session's next event. The kept file is brought up
// to date first; a finished game's record goes to the games folder.
func (s *session) next() tea.Cmd {
	return func() tea.Msg {
		ev, err := s.sub.Next(context.Background())
		if err != nil {
			return eventMsg{gen: s.gen, ended: true}
		}
		out := eventMsg{gen: s.gen, ev: ev}
		if s.table {
			return out
		}
		switch ev := ev.(type) {
		case match.MoveEvent, match.UndoEvent:
			out.err = s.keep.save(s.m.Snapshot(), s.env.ts.Now())
		case match.GameOverEvent:
			if ev.Result.Aborted {
				out.err = s.keep.save(s.m.Snapshot(), s.env.ts.Now())
				break
			}
			res := ev.Result
			res.Names = s.recordNames()
			rec := matchrec.WithPrior(matchrec.Record(res, ""), s.keep.setup.record, s.keep.setup.from)
			out.saved, out.err = s.keep.finish(rec, s.env.gamesDir, res.Names, ev.Result.Began)
		}
		return out
	}
}

// recordNames are the players' names as records write them: a built-in
// level by its own name.
func (s *session) recordNames() [2]string {
	out := s.names
	for c, p := range s.players {
		if out[c] == "" {
			out[c] = p.Name()
		}
	}
	return out
}

// stop interrupts the game (中断) if it is still on, waits for the match
// to end and for the kept file to hold the game, then closes the engines.
// It is safe to call more than once and from any goroutine; the app calls
// it when the game is left, when it quits, and when the terminal goes
// away (SIGHUP) or the process is told to end (SIGTERM).
func (s *session) stop(reason string) {
	if s == nil {
		return
	}
	s.stopOnce.Do(func() {
		if s.table {
			s.sub.Close() // the game goes on without this screen
			return
		}
		_ = s.m.Abort(reason)
		select {
		case <-s.m.Done():
		case <-time.After(10 * time.Second):
			s.cancel() // a player that ignores its context: give up on it
		}
		if snap := s.m.Snapshot(); snap.Over && !snap.Result.Aborted {
			// Finished: next wrote the record and removed the file.
		} else {
			_ = s.keep.save(snap, s.env.ts.Now())
		}
		s.keep.close() // the file holds the game; nothing later writes it
		s.cancel()
		s.close()
	})
}

// close closes the engines of the session (and of its hints).
func (s *session) close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	s.mu.Unlock()
	closePlayers(s.players, [2]match.Player{})
	s.hint.close()
}

// handOver gives the session's players to a new session of the same game
// (taking back moves of a finished game starts a new match): the ones
// still running are reused, a faulty or exited engine is closed so that
// it starts afresh.
func (s *session) handOver() [2]match.Player {
	var out [2]match.Player
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return out
	}
	snap := s.m.Snapshot()
	for c, p := range s.players {
		if e, ok := p.(match.Engine); ok {
			exited := false
			select {
			case <-e.E.Exited():
				exited = true
			default:
			}
			if exited || snap.Result.Fault != nil && snap.Result.Faulty == game.Color(c) {
				_ = e.Close()
				continue
			}
		}
		out[c] = p
	}
	s.closed = true // the players are the new session's now
	s.cancel()
	return out
}

// closePlayers closes the players that are processes, except those in keep.
func closePlayers(ps [2]match.Player, keep [2]match.Player) {
	for c, p := range ps {
		if p == nil || p == keep[c] {
			continue
		}
		if cl, ok := p.(io.Closer); ok {
			_ = cl.Close()
		}
	}
}

// stopCmd stops a session off the UI loop and then sends msg.
func stopCmd(s *session, reason string, msg tea.Msg) tea.Cmd {
	return func() tea.Msg {
		s.stop(reason)
		return msg
	}
}

// hinter answers the hint key: a built-in level or an engine of the list
// asked for its best move in the position on screen, which is shown and
// not played. An engine is started on the first hint and kept for the
// rest of the game.
type hinter struct {
	spec   match.Spec
	label  string // who is asked, for the screen
	cfg    usi.Config
	budget time.Duration

	mu     sync.Mutex
	player match.Player
	closed bool
}

// hintMsg is a hint's answer for the position after ply moves.
type hintMsg struct {
	gen  int
	ply  int
	best usi.BestMove
	info *usi.Info
	err  error
}

// ask returns a command asking for the best move after moves from start.
func (h *hinter) ask(gen int, start game.Position, moves []game.Move, seed uint64) tea.Cmd {
	ply := len(moves)
	return func() tea.Msg {
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.closed {
			return hintMsg{gen: gen, ply: ply, err: errors.New("the game has ended")}
		}
		if h.player == nil {
			p, err := h.spec.NewPlayer(context.Background(), rand.New(rand.NewPCG(seed, seed+1)), h.cfg)
			if err != nil {
				return hintMsg{gen: gen, ply: ply, err: err}
			}
			if ng, ok := p.(match.NewGamer); ok {
				if err := ng.NewGame(context.Background()); err != nil {
					closePlayers([2]match.Player{p}, [2]match.Player{})
					return hintMsg{gen: gen, ply: ply, err: err}
				}
			}
			h.player = p
		}
		var last *usi.Info
		turn := usi.Request{Start: start, Moves: moves, Limits: usi.Limits{MoveTime: h.budget},
			Info: func(in usi.Info) {
				if in.MultiPV > 1 {
					return
				}
				if last == nil {
					last = &in
					return
				}
				m := last.Merge(in)
				last = &m
			}}
		ctx, cancel := context.WithTimeout(context.Background(), h.budget+10*time.Second)
		defer cancel()
		best, err := h.player.Play(ctx, turn)
		if err != nil {
			// An engine that failed is started afresh next time.
			closePlayers([2]match.Player{h.player}, [2]match.Player{})
			h.player = nil
		}
		return hintMsg{gen: gen, ply: ply, best: best, info: last, err: err}
	}
}

// close ends the hint engine, if one runs.
func (h *hinter) close() {
	if h == nil {
		return
	}
	go func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		h.closed = true
		if h.player != nil {
			closePlayers([2]match.Player{h.player}, [2]match.Player{})
			h.player = nil
		}
	}()
}

// engineLogger is where engines' standard error and the protocol
// transcript go: a log file, never the terminal.
func engineLogger(w io.Writer) *log.Logger {
	if w == nil {
		return nil
	}
	return log.New(w, "", log.Ltime|log.Lmicroseconds)
}

// faultText says in the screen's words which engine failed and why.
func faultText(w *words, res match.Result) string {
	var ue *usi.Error
	if errors.As(res.Fault, &ue) {
		return fmt.Sprintf(w.engineFault, ue.Engine, res.Fault)
	}
	return res.Reason()
}
