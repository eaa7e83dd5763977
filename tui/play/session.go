package play

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"shogi/app/gamedb"
	appsession "shogi/app/session"
	"shogi/app/words"
	"shogi/game"
	"shogi/game/engine"
	"shogi/game/match"
	"shogi/kifu"
	"shogi/kifu/kept"
	"shogi/tui/common"
)

// A session carries a game's events to the play screen: a command waits
// for the next one (next) and is issued again after each. A game the app
// runs itself (local) is an app/session.Session: its players, match,
// kept file, record and games-database entry are the session's, and the
// screen's events come after the session kept them, so whatever the
// screen shows is already on disk. The local game also holds the hint
// engine. A table's game is run by the lobby, which keeps it.
type session struct {
	gen   int // which game of the screen this is: messages of an older one are dropped
	ctl   match.Control
	sub   *match.Subscription // a table's events
	local *localGame          // nil when the app does not run the game
}

// localGame is a game the app runs between the players a set-up names
// (people, built-in levels, engine processes).
type localGame struct {
	s    *appsession.Session
	feed *appsession.Feed
	env  common.SessionEnv
	hint *match.Hinter // made on the UI loop when first asked, closed by Stop

	stopOnce sync.Once
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
// prev is an earlier session of the same game (an undo reopens a
// finished game) whose players that still run are handed over, and whose
// hint engine goes on; it is done with before the new one keeps the game.
// ctx is the app's: its end stops the engines and the match.
func startSession(ctx context.Context, env common.SessionEnv, gen int, s *common.Setup, prev *localGame, seed uint64, keepPath string) tea.Cmd {
	return func() tea.Msg {
		var reuse [2]match.Player
		var hint *match.Hinter
		if prev != nil {
			reuse, hint = prev.handOver()
		}
		players, err := match.StartPlayers(ctx, s.Players, env.EngineCfg, seed, reuse)
		if err != nil {
			hint.Close()
			var se *match.StartError
			errors.As(err, &se)
			return sessionMsg{gen: gen, err: se.Err, side: se.Side}
		}
		delay := time.Duration(0)
		if s.Players[0].Kind != match.HumanKind && s.Players[1].Kind != match.HumanKind {
			delay = env.MoveDelay
		}
		cfg := appsession.Config{
			Match: match.Config{Start: s.Start, Moves: s.Moves, Notes: s.Notes, Players: players,
				Time: s.Time, Margin: env.Margin, MoveDelay: delay, TimeSource: env.Ts},
			// An engine is called by its id name (the session fills it
			// in). A person without a name and a built-in level keep none
			// here: the screen names them in its language, records in
			// theirs (Human).
			Specs: s.Players, Names: s.Names, Human: env.Human,
			Prior: s.Record, From: s.From, Began: s.Began,
			Store: appsession.Kept(keepPath, env.GamesDir, func(st appsession.State) kept.Game {
				// A failed program's seat may have been filled since: the
				// players as the session has them now.
				return keptOf(s, st.Snap, st.Specs, st.Names, st.Now)
			}),
		}
		if dir := env.GamesDir; dir != "" {
			cfg.Finished = func(rec *kifu.Record, path string) {
				_ = gamedb.AddFinished(dir, rec, path) // best effort: the record is saved
			}
		}
		gs, err := appsession.New(cfg)
		if err != nil {
			hint.Close()
			match.ClosePlayers(players, reuse)
			return sessionMsg{gen: gen, err: err}
		}
		lg := &localGame{s: gs, feed: gs.Subscribe(), env: env, hint: hint}
		gs.Start(ctx)
		return sessionMsg{gen: gen, s: &session{gen: gen, ctl: gs.Match(), local: lg}}
	}
}

// followTable returns a command that starts the screen's session on a
// game run elsewhere: a subscription first, then the state to draw from
// (sessionStarted takes the snapshot), so no move falls between the two.
func followTable(gen int, t *common.TableLink) tea.Cmd {
	return func() tea.Msg { return sessionMsg{gen: gen, s: &session{gen: gen, ctl: t.Ctl, sub: t.Ctl.Subscribe()}} }
}

// next waits for the session's next event; a local game's is kept
// already. It stops waiting when ctx, the app's, ends.
func (s *session) next(ctx context.Context) tea.Cmd {
	return func() tea.Msg {
		if s.local != nil {
			e, err := s.local.feed.Next(ctx)
			if err != nil {
				return EventMsg{gen: s.gen, ended: true}
			}
			return EventMsg{gen: s.gen, Ev: e.Ev, saved: e.Saved, err: e.Err}
		}
		ev, err := s.sub.Next(ctx)
		if err != nil {
			return EventMsg{gen: s.gen, ended: true}
		}
		return EventMsg{gen: s.gen, Ev: ev}
	}
}

// names are the local game's players' names, an engine's filled with
// its id name.
func (s *session) names() [2]string {
	if s.local == nil {
		return [2]string{}
	}
	return s.local.s.Names()
}

// Stop leaves the game. A local game is interrupted (中断) if it is still
// on, and stays kept; one that ended has its record written, whether or
// not the screen has read its end. Stop waits for that, then closes the
// engines. At a table only the screen's subscription ends; the game goes
// on without it. It is safe to call more than once and from any
// goroutine; the app calls it when the game is left, when it quits, and
// when the terminal goes away (SIGHUP) or the process is told to end
// (SIGTERM).
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
		g.s.Stop(reason)
		g.feed.Close()
		g.hint.Close()
	})
}

// handOver gives the game's players to a new session of the same game
// (taking back moves of a finished game starts a new match), once this
// one is over and kept: the ones still running are reused, a faulty or
// exited engine is closed so that it starts afresh. The hint engine goes
// along.
func (g *localGame) handOver() ([2]match.Player, *match.Hinter) {
	players := g.s.HandOver()
	<-g.s.Done()
	g.feed.Close()
	return players, g.hint
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
// start; the app's ctx ending cancels the question.
func askHint(ctx context.Context, h *match.Hinter, gen int, start game.Position, moves []game.Move, seed uint64) tea.Cmd {
	ply := len(moves)
	return func() tea.Msg {
		hint, err := h.Ask(ctx, start, moves, seed)
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
