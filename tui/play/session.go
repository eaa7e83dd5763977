package play

import (
	"context"
	"errors"
	"fmt"
	"shogi/app/gamedb"
	"sync"
	"time"

	"shogi/tui/common"
	"shogi/app/words"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/match"
	"shogi/kifu/kept"
	"shogi/kifu/matchrec"
)

// A session carries a game's events to the play screen: a command waits
// for the next one (next) and is issued again after each. For a game the
// app runs itself (local), the session also holds the match, its players,
// the kept file — written inside that command before the event is handed
// over, so whatever the screen shows is already on disk — and the hint
// engine. A table's game is run by the lobby, which keeps it.
type session struct {
	gen   int // which game of the screen this is: messages of an older one are dropped
	ctl   match.Control
	sub   *match.Subscription
	local *localGame // nil when the app does not run the game
}

// localGame is a match the app runs between the players a set-up names
// (people, built-in levels, engine processes).
type localGame struct {
	m       *match.Match
	cancel  context.CancelFunc
	players [2]match.Player
	names   [2]string
	keep    *kept.Keeper
	env     common.SessionEnv
	setup   *common.Setup
	hint    *match.Hinter

	stopOnce sync.Once
	mu       sync.Mutex
	closed   bool
}

// sessionMsg says whether a session started: the players are running
// and the match with them.
type sessionMsg struct {
	gen  int
	s    *session
	err  error
	side game.Color // the side whose player failed to start
}

// EventMsg carries one event of a session's game.
type EventMsg struct {
	gen   int
	Ev    match.Event
	ended bool   // no more events
	saved string // where a finished game's record was written
	err   error  // the kept file or the record could not be written
}

// startSession returns a command that starts a session for s: the
// players (an engine is a process to run and hear usiok from, which may
// take seconds, so it is never done on the UI loop), then the match.
// reuse holds players of an earlier session of the same game (after an
// undo that reopens a finished game) that are still running.
func startSession(env common.SessionEnv, gen int, s *common.Setup, reuse [2]match.Player, seed uint64, keepPath string) tea.Cmd {
	return func() tea.Msg {
		ctx := context.Background()
		players, err := match.StartPlayers(ctx, s.Players, env.EngineCfg, seed, reuse)
		if err != nil {
			var se *match.StartError
			errors.As(err, &se)
			return sessionMsg{gen: gen, err: se.Err, side: se.Side}
		}
		// An engine is called by its id name. A person without a name and
		// a built-in level keep none here: the screen names them in its
		// language, records in theirs (recordNames).
		names := s.Names
		for c, p := range players {
			if names[c] == "" && s.Players[c].Kind == match.USIKind {
				names[c] = p.Name()
			}
		}
		delay := time.Duration(0)
		if s.Players[0].Kind != match.HumanKind && s.Players[1].Kind != match.HumanKind {
			delay = env.MoveDelay
		}
		m, err := match.New(match.Config{Start: s.Start, Moves: s.Moves, Notes: s.Notes, Players: players,
			Time: s.Time, Margin: env.Margin, MoveDelay: delay, TimeSource: env.Ts})
		if err != nil {
			match.ClosePlayers(players, reuse)
			return sessionMsg{gen: gen, err: err}
		}
		ctx, cancel := context.WithCancel(ctx)
		lg := &localGame{m: m, cancel: cancel, players: players, names: names, env: env, setup: s}
		lg.keep = kept.NewKeeper(keepPath, func(snap match.Snapshot, now time.Time) kept.Game {
			// A failed program's seat may have been filled since: the
			// players as they are now.
			lg.mu.Lock()
			defer lg.mu.Unlock()
			return keptOf(lg.setup, snap, lg.names, now)
		})
		ss := &session{gen: gen, ctl: m, sub: m.Subscribe(), local: lg}
		go m.Run(ctx)
		return sessionMsg{gen: gen, s: ss}
	}
}

// followTable returns a command that starts the screen's session on a
// game run elsewhere: a subscription first, then the state to draw from
// (sessionStarted takes the snapshot), so no move falls between the two.
func followTable(gen int, t *common.TableLink) tea.Cmd {
	return func() tea.Msg { return sessionMsg{gen: gen, s: &session{gen: gen, ctl: t.Ctl, sub: t.Ctl.Subscribe()}} }
}

// next waits for the session's next event. For a local game the kept
// file is brought up to date first; a finished game's record goes to the
// games folder.
func (s *session) next() tea.Cmd {
	return func() tea.Msg {
		ev, err := s.sub.Next(context.Background())
		if err != nil {
			return EventMsg{gen: s.gen, ended: true}
		}
		out := EventMsg{gen: s.gen, Ev: ev}
		if s.local != nil {
			out.saved, out.err = s.local.keepUp(ev)
		}
		return out
	}
}

// keepUp brings the kept file up to date with event ev, and writes a
// finished game's record; it returns where the record went.
func (g *localGame) keepUp(ev match.Event) (string, error) {
	switch ev := ev.(type) {
	case match.MoveEvent, match.UndoEvent, match.ReplaceEvent:
		return "", g.keep.Save(g.m.Snapshot(), g.env.Ts.Now())
	case match.GameOverEvent:
		if ev.Result.Aborted {
			return "", g.keep.Save(g.m.Snapshot(), g.env.Ts.Now())
		}
		res := ev.Result
		res.Names = g.recordNames()
		rec := matchrec.WithPrior(matchrec.Record(res, ""), g.setup.Record, g.setup.From)
		var write func() (string, error)
		if dir := g.env.GamesDir; dir != "" {
			write = func() (string, error) {
				path, err := matchrec.Save(dir, rec, res.Names, ev.Result.Began)
				if err == nil {
					gamedb.AddFinished(dir, rec, path) // best effort: the record is saved
				}
				return path, err
			}
		}
		return g.keep.Finish(write)
	}
	return "", nil
}

// recordNames are the players' names as records write them: a built-in
// level by its own name, a person without one by the word for a person.
func (g *localGame) recordNames() [2]string {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := g.names
	for c, p := range g.players {
		switch {
		case out[c] != "":
		case g.setup.Players[c].Kind == match.HumanKind:
			out[c] = g.env.Human
		default:
			out[c] = p.Name()
		}
	}
	return out
}

// Stop leaves the game. A local game is interrupted (中断) if it is still
// on: stop waits for the match to end and for the kept file to hold the
// game, then closes the engines. At a table only the screen's
// subscription ends; the game goes on without it. It is safe to call more
// than once and from any goroutine; the app calls it when the game is
// left, when it quits, and when the terminal goes away (SIGHUP) or the
// process is told to end (SIGTERM).
func (s *session) Stop(reason string) {
	if s == nil {
		return
	}
	if s.local == nil {
		s.sub.Close()
		return
	}
	g := s.local
	g.stopOnce.Do(func() {
		_ = g.m.Abort(reason)
		select {
		case <-g.m.Done():
		case <-time.After(10 * time.Second):
			g.cancel() // a player that ignores its context: give up on it
		}
		if snap := g.m.Snapshot(); snap.Over && !snap.Result.Aborted {
			// Finished: next wrote the record and removed the file.
		} else {
			_ = g.keep.Save(snap, g.env.Ts.Now())
		}
		g.keep.Close() // the file holds the game; nothing later writes it
		g.cancel()
		g.close()
	})
}

// close closes the engines of the game (and of its hints).
func (g *localGame) close() {
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		return
	}
	g.closed = true
	players := g.players
	g.mu.Unlock()
	match.ClosePlayers(players, [2]match.Player{})
	g.hint.Close()
}

// handOver gives the game's players to a new session of the same game
// (taking back moves of a finished game starts a new match): the ones
// still running are reused, a faulty or exited engine is closed so that
// it starts afresh.
func (g *localGame) handOver() [2]match.Player {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return [2]match.Player{}
	}
	snap := g.m.Snapshot()
	var res *match.Result
	if snap.Over {
		res = &snap.Result
	}
	out := match.HandOver(g.players, res)
	g.closed = true // the players are the new session's now
	g.cancel()
	return out
}

// stopCmd stops a session off the UI loop and then sends msg.
func stopCmd(s *session, reason string, msg tea.Msg) tea.Cmd {
	return func() tea.Msg {
		s.Stop(reason)
		return msg
	}
}

// hintMsg is a hint's answer for the position after ply moves.
type hintMsg struct {
	gen  int
	ply  int
	best engine.BestMove
	info *engine.Info
	err  error
}

// askHint returns a command asking h for the best move after moves from
// start.
func askHint(h *match.Hinter, gen int, start game.Position, moves []game.Move, seed uint64) tea.Cmd {
	ply := len(moves)
	return func() tea.Msg {
		hint, err := h.Ask(context.Background(), start, moves, seed)
		return hintMsg{gen: gen, ply: ply, best: hint.Best, info: hint.Info, err: err}
	}
}

// faultText says in the screen's words which engine failed and why.
func faultText(w *words.Words, res match.Result) string {
	if name, ok := res.FaultyEngine(); ok {
		return fmt.Sprintf(w.EngineFault, name, res.Fault)
	}
	return w.Ending(res, res.Names)
}
