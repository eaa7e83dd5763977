package match

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/usi"
)

// In a game a person plays, a program that crashes, hangs, or sends a
// move that does not read or a flood of junk does not end the game: it
// pauses with the fault (the program's name, what it did) where the
// program's turn began, both clocks as they stood then; it will not go on
// until the seat is filled again, and then goes on from there. The fake
// engine plays Black; the person White.
func TestFaultPausesAPersonsGame(t *testing.T) {
	t.Parallel()
	tests := []struct {
		spec  string
		tweak func(*usi.Config)
		kind  usi.Fault
		say   string
		ply   int  // moves played when the fault comes
		flag  bool // a hang: the clock runs out and the engine ignores stop
	}{
		{spec: "crash=2", kind: usi.Exited, say: "exit status 2", ply: 2},
		{spec: "unreadable", kind: usi.BadMove, say: `unreadable move "xyz"`},
		{spec: "garbage", tweak: func(c *usi.Config) { c.MaxJunk = 50 }, kind: usi.Junk, say: "more than 50 lines"},
		{spec: "hang", kind: usi.NoAnswer, say: "no bestmove after stop", flag: true},
		// The timeout bounds usiok too: long enough for the fake to start
		// on a loaded machine (under -race), short for the readyok it never sends.
		{spec: "deaf", tweak: func(c *usi.Config) { c.Timeout = 3 * time.Second }, kind: usi.NoAnswer, say: "readyok"},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			t.Parallel()
			ft := NewFakeTime(t0)
			e := fake(t, tc.spec, tc.tweak)
			tcl := TimeControl{Main: 10 * time.Second, Byoyomi: 0}
			m, err := New(Config{Start: game.StartPosition(), Players: [2]Player{e, NewHuman("person")},
				Time: [2]TimeControl{tcl, tcl}, TimeSource: ft})
			if err != nil {
				t.Fatal(err)
			}
			sub := m.Subscribe()
			done := make(chan Result, 1)
			go func() { done <- m.Run(context.Background()) }()
			defer m.Abort("test")
			for len(m.Snapshot().Moves) < tc.ply {
				ev := nextOf[TurnEvent](t, sub)
				if ev.Side == game.White {
					ft.Advance(3 * time.Second)
					submit(t, m, map[int]string{1: "3c3d", 3: "8c8d"}[ev.Ply])
				}
			}
			before := m.Snapshot().Clock.Main
			if tc.flag {
				nextOf[TurnEvent](t, sub)
				ft.Advance(11 * time.Second) // past Black's 10 s: the flag falls, stop is ignored
			}
			f := nextOf[FaultEvent](t, sub).Fault
			if f.Side != game.Black || f.Name != "fake" || f.Kind != tc.kind || !strings.Contains(f.Err.Error(), tc.say) {
				t.Fatalf("fault %+v (%v), want Black's fake, %v, saying %q", f, f.Err, tc.kind, tc.say)
			}
			nextOf[PauseEvent](t, sub)
			s := m.Snapshot()
			if s.Over || !s.Paused || s.Fault == nil || s.Fault.Kind != tc.kind || len(s.Moves) != tc.ply {
				t.Fatalf("after the fault: over %v, paused %v, fault %+v, %d moves", s.Over, s.Paused, s.Fault, len(s.Moves))
			}
			if s.Clock.Main != before || s.Clock.Running {
				t.Errorf("clocks after the fault %v (running %v), want %v as the turn began", s.Clock.Main, s.Clock.Running, before)
			}
			for _, req := range []func() error{m.Resume, m.Step} {
				if err := req(); !errors.Is(err, ErrFaulted) {
					t.Errorf("going on without a player: %v", err)
				}
			}
			if err := m.Replace(game.White, NewHuman("x")); !errors.Is(err, ErrNoFault) {
				t.Errorf("replacing the side that did not fail: %v", err)
			}
			// The same program, started afresh (this one behaves), takes
			// the seat; the game goes on from where the turn began.
			fresh := fake(t, "name=fresh", nil)
			if err := m.Replace(game.Black, fresh); err != nil {
				t.Fatal(err)
			}
			if ev := nextOf[ReplaceEvent](t, sub); ev.Side != game.Black || ev.Name != "fresh" {
				t.Errorf("replace event %+v", ev)
			}
			mv := nextOf[MoveEvent](t, sub)
			if mv.Side != game.Black || mv.Ply != tc.ply+1 {
				t.Fatalf("after the replacement: move %+v", mv)
			}
			if s := m.Snapshot(); s.Names[game.Black] != "fresh" || s.Fault != nil || s.Paused {
				t.Errorf("snapshot after the replacement: names %v, fault %v, paused %v", s.Names, s.Fault, s.Paused)
			}
			if err := m.Abort("test over"); err != nil {
				t.Fatal(err)
			}
			if r := <-done; !r.Aborted || r.Fault != nil || r.Names[game.Black] != "fresh" {
				t.Errorf("result %+v", r)
			}
		})
	}
}

// An illegal move is not a fault: it loses (反則負け) in a person's game
// too.
func TestIllegalMoveEndsAPersonsGame(t *testing.T) {
	t.Parallel()
	e := fake(t, "illegal", nil)
	r := run(t, Config{Start: game.StartPosition(), Players: [2]Player{e, NewHuman("person")}, Time: byoyomi(5 * time.Second)})
	if r.Why != IllegalMove || r.Ending != game.IllegalMove || r.Outcome != game.WhiteWins || r.Fault != nil {
		t.Fatalf("%v (%s)", r.Result, r.Reason())
	}
}
