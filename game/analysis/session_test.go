package analysis

import (
	"context"
	"errors"
	"log"
	"os"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/match"
	"shogi/game/usi"
	"shogi/game/usi/usitest"
	"shogi/internal/testenv"
)

// The test binary doubles as a scripted engine (see usitest).
func TestMain(m *testing.M) {
	usitest.MaybeRun()
	cleanup := testenv.Isolate()
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// startFake runs this test binary as a USI engine behaving as spec says.
func startFake(t *testing.T, spec string) (Engine, *usitest.SyncBuffer) {
	t.Helper()
	var lb usitest.SyncBuffer
	cfg := usi.Config{Path: os.Args[0], Env: []string{usitest.Env + "=" + spec}, Log: log.New(&lb, "", 0),
		Timeout: 5 * time.Second, StopGrace: time.Second, QuitGrace: 3 * time.Second}
	sp, err := match.ParseSpec("usi:" + os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	e, err := Start(context.Background(), sp, cfg, nil)
	if err != nil {
		t.Fatalf("start %q: %v\n%s", spec, err, lb.String())
	}
	return e, &lb
}

// waitFor reads snapshots until ok accepts one or 5 s pass.
func waitFor(t *testing.T, s *Session, what string, ok func(Snapshot) bool) Snapshot {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		sn := s.Snapshot()
		if ok(sn) {
			return sn
		}
		select {
		case <-s.Changed():
		case <-deadline:
			t.Fatalf("no snapshot with %s; last %+v", what, sn)
		}
	}
}

func TestSessionFollowsThePosition(t *testing.T) {
	e, lb := startFake(t, "tick=5ms")
	s := NewSession(t.Context(), e)
	defer s.Close()
	start := game.StartPosition()
	moves := playLine(t, "7g7f", "3c3d")

	id := s.Analyse(engine.Request{Start: start})
	sn := waitFor(t, s, "depth 3 at the start", func(sn Snapshot) bool { return sn.ID == id && len(sn.Lines) > 0 && sn.Lines[0].Depth >= 3 })
	// The fake scores 10 + plies + depth − 1 for the side to move.
	l := sn.Lines[0]
	if !sn.Running || l.Score.Value != 10+l.Depth-1 || l.Value != Centipawns(10+l.Depth-1) {
		t.Errorf("start: %+v", sn)
	}
	if len(l.PV) != 2 || l.PV[0] != first(start) {
		t.Errorf("PV %v", l.PV)
	}

	// A step: the old lines go at once, the new position's come.
	id2 := s.Analyse(engine.Request{Start: start, Moves: moves})
	if now := s.Snapshot(); now.ID != id2 || len(now.Lines) != 0 || !now.Running {
		t.Errorf("right after the step: %+v", now)
	}
	sn = waitFor(t, s, "a line after two moves", func(sn Snapshot) bool { return sn.ID == id2 && len(sn.Lines) > 0 })
	l = sn.Lines[0]
	if l.Score.Value != 12+l.Depth-1 || l.Value != Centipawns(12+l.Depth-1) {
		t.Errorf("after 2 moves: %+v", l)
	}
	// White to move: Black's view is the other sign.
	id3 := s.Analyse(engine.Request{Start: start, Moves: moves[:1]})
	sn = waitFor(t, s, "a line after one move", func(sn Snapshot) bool { return sn.ID == id3 && len(sn.Lines) > 0 })
	if l := sn.Lines[0]; l.Value != Centipawns(-(11 + l.Depth - 1)) {
		t.Errorf("White to move: %+v", l)
	}

	s.Stop()
	if sn := s.Snapshot(); sn.Running || len(sn.Lines) == 0 {
		t.Errorf("stopped: %+v", sn)
	}
	// The engine got stop after each go, and the position before each go.
	log := lb.String()
	if n := strings.Count(log, "> go infinite"); n != 3 {
		t.Errorf("%d go commands:\n%s", n, log)
	}
	if !strings.Contains(log, "> position startpos moves 7g7f 3c3d\n") {
		t.Errorf("no position after two moves:\n%s", log)
	}
}

func TestSessionMultiPV(t *testing.T) {
	e, lb := startFake(t, "tick=5ms")
	s := NewSession(t.Context(), e)
	defer s.Close()
	id := s.Analyse(engine.Request{Start: game.StartPosition(), MultiPV: 3})
	sn := waitFor(t, s, "three lines", func(sn Snapshot) bool {
		return sn.ID == id && len(sn.Lines) == 3 && sn.Lines[2].Depth > 0
	})
	start := game.StartPosition()
	legal := start.LegalMoves(nil)
	for i, l := range sn.Lines {
		if l.MultiPV != i+1 || l.PV[0] != legal[i] {
			t.Errorf("line %d: %+v", i+1, l)
		}
	}
	if !strings.Contains(lb.String(), "> setoption name MultiPV value 3") {
		t.Errorf("MultiPV not set:\n%s", lb.String())
	}
	// More lines than MaxLines are not asked for.
	id = s.Analyse(engine.Request{Start: game.StartPosition(), MultiPV: 9})
	waitFor(t, s, "five lines", func(sn Snapshot) bool { return sn.ID == id && len(sn.Lines) == 5 })
}

// Many steps in a row cost one restart each at most: requests that come
// while the engine is stopping are merged into the latest.
func TestSessionMergesQuickSteps(t *testing.T) {
	e, lb := startFake(t, "tick=5ms")
	s := NewSession(t.Context(), e)
	defer s.Close()
	start := game.StartPosition()
	line := playLine(t, "7g7f", "3c3d", "2g2f", "4c4d", "2f2e", "2b3c", "3i4h", "8b4b", "5i6h", "5a6b")
	var id uint64
	for i := 0; i < 200; i++ {
		id = s.Analyse(engine.Request{Start: start, Moves: line[:i%len(line)+1]})
	}
	sn := waitFor(t, s, "the last step's lines", func(sn Snapshot) bool { return sn.ID == id && len(sn.Lines) > 0 })
	if got := len(sn.Target.Moves); got != 200%len(line) && got != len(line) {
		t.Errorf("target has %d moves", got)
	}
	if n := strings.Count(lb.String(), "> go infinite"); n > 20 {
		t.Errorf("%d searches for 200 quick steps", n)
	}
}

func TestSessionMate(t *testing.T) {
	e, _ := startFake(t, "")
	s := NewSession(t.Context(), e)
	defer s.Close()
	// Black mates at once with G*5b.
	p, err := game.ParseSFEN("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	id := s.Mate(engine.Request{Start: p}, time.Second)
	sn := waitFor(t, s, "a mate", func(sn Snapshot) bool { return sn.ID == id && !sn.Running })
	if sn.Mate == nil || len(sn.Mate.Moves) != 1 || sn.Mate.Moves[0].USI() != "G*5b" || sn.Mode != MateSearch {
		t.Errorf("mate: %+v", sn)
	}
	// A mated position is not searched.
	q := p.Play(sn.Mate.Moves[0])
	id = s.Analyse(engine.Request{Start: q})
	sn = waitFor(t, s, "over", func(sn Snapshot) bool { return sn.ID == id && !sn.Running })
	if !sn.Over || sn.Value() != MateBy(game.Black, 0) {
		t.Errorf("mated: %+v", sn)
	}
}

// An engine that dies leaves the session saying so, naming it, and every
// later request gets the same answer at once.
func TestSessionEngineCrash(t *testing.T) {
	e, _ := startFake(t, "name=crasher,crash=1")
	s := NewSession(t.Context(), e)
	defer s.Close()
	start := game.StartPosition()
	id := s.Analyse(engine.Request{Start: start})
	waitFor(t, s, "lines", func(sn Snapshot) bool { return sn.ID == id && len(sn.Lines) > 0 })
	id = s.Analyse(engine.Request{Start: start, Moves: playLine(t, "7g7f")})
	sn := waitFor(t, s, "the crash", func(sn Snapshot) bool { return sn.ID == id && !sn.Running })
	var ue *usi.Error
	if !errors.As(sn.Err, &ue) || ue.Fault != usi.Exited || !strings.Contains(sn.Err.Error(), "crasher") {
		t.Fatalf("err %v", sn.Err)
	}
	id = s.Analyse(engine.Request{Start: start})
	if sn := s.Snapshot(); sn.ID != id || sn.Running || sn.Err == nil {
		t.Errorf("after the crash: %+v", sn)
	}
}

// Close ends the engine process even while it searches.
func TestSessionCloseEndsTheEngine(t *testing.T) {
	e, _ := startFake(t, "")
	s := NewSession(t.Context(), e)
	id := s.Analyse(engine.Request{Start: game.StartPosition()})
	waitFor(t, s, "lines", func(sn Snapshot) bool { return sn.ID == id && len(sn.Lines) > 0 })
	done := make(chan error, 1)
	go func() { done <- s.Close() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("close: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("close hangs")
	}
	if pid := e.(*usiEngine).e.PID(); processAlive(pid) {
		t.Errorf("engine %d still runs", pid)
	}
	if sn := s.Snapshot(); sn.Running {
		t.Error("still running after Close")
	}
	if id := s.Analyse(engine.Request{Start: game.StartPosition()}); s.Snapshot().Err == nil || s.Snapshot().ID != id {
		t.Error("a closed session took a request")
	}
}

func first(p game.Position) game.Move { return p.LegalMoves(nil)[0] }

func processAlive(pid int) bool {
	_, err := os.Stat("/proc/" + itoa(pid))
	return err == nil && !zombie(pid)
}

func zombie(pid int) bool {
	b, err := os.ReadFile("/proc/" + itoa(pid) + "/stat")
	return err == nil && strings.Contains(string(b), ") Z ")
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for n > 0 || i == len(b) {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// The built-in engines answer go infinite only once stopped, as USI asks.
// In a synctest bubble, Wait returns once every goroutine of the session
// and the engine is blocked: greedy has chosen its move and waits for
// stop, or has wrongly answered already.
func TestBuiltinInfinite(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		e, err := Start(t.Context(), match.Spec{Kind: match.BuiltinKind, Name: "greedy"}, usi.Config{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := NewSession(t.Context(), e)
		defer s.Close()
		id := s.Analyse(engine.Request{Start: game.StartPosition()})
		synctest.Wait()
		if sn := s.Snapshot(); sn.ID != id || !sn.Running {
			t.Errorf("greedy stopped by itself: %+v", sn)
		}
	})
	if _, err := Start(context.Background(), match.Spec{Kind: match.HumanKind, Name: "human"}, usi.Config{}, nil); err == nil {
		t.Error("a human started as an engine")
	}
}

// The built-in levels' mate key runs game/bot's solver: the published
// seven-ply tsume (tsumemi's taichitsume, confirmed by gpsusi and
// Fairy-Stockfish) comes back whole; a position without a mate is proved
// so; random and greedy have no solver and say so.
func TestBuiltinMate(t *testing.T) {
	strong, err := Start(context.Background(), DefaultSpec(), usi.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer strong.Close()
	tsume, err := game.ParseSFEN("6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1")
	if err != nil {
		t.Fatal(err)
	}
	c, err := strong.Mate(context.Background(), engine.Request{Start: tsume}, 10*time.Second)
	if err != nil || len(c.Moves) != 7 || c.Moves[0].USI() != "S*1c" {
		t.Errorf("tsume: %+v, %v", c, err)
	}
	c, err = strong.Mate(context.Background(), engine.Request{Start: game.StartPosition()}, 10*time.Second)
	if err != nil || !c.NoMate {
		t.Errorf("start position: %+v, %v", c, err)
	}
	greedy, err := Start(context.Background(), match.Spec{Kind: match.BuiltinKind, Name: "greedy"}, usi.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c, err := greedy.Mate(context.Background(), engine.Request{Start: tsume}, time.Second); err != nil || !c.NotImplemented {
		t.Errorf("greedy: %+v, %v", c, err)
	}
}

// A bound (a fail high or low cut short) does not replace the exact line
// before it; it fills a line that has nothing better.
func TestFoldKeepsExactScores(t *testing.T) {
	p := game.StartPosition()
	read := func(line string) engine.Info {
		in, err := usi.ParseInfo(line, p)
		if err != nil {
			t.Fatal(err)
		}
		return in
	}
	var sn Snapshot
	fold(&sn, read("info depth 10 seldepth 13 multipv 1 score cp 99 nodes 19146 nps 236370 time 81 pv 7g7f 3c3d 2g2f"), game.Black, 1)
	fold(&sn, read("info depth 11 seldepth 13 multipv 1 score cp 119 lowerbound nodes 24124 nps 234213 time 103 pv 7g7f"), game.Black, 1)
	if l := sn.Lines[0]; l.Score.Value != 99 || len(l.PV) != 3 || l.Depth != 10 || sn.Nodes != 24124 || sn.Depth != 11 {
		t.Errorf("after a bound: %+v, totals %d %d", l, sn.Nodes, sn.Depth)
	}
	var fresh Snapshot
	fold(&fresh, read("info depth 1 score cp -5 upperbound pv 2g2f"), game.Black, 1)
	if l := fresh.Lines[0]; l.Score.Bound != engine.Upper || l.Value != Centipawns(-5) {
		t.Errorf("a first bound: %+v", l)
	}
	// A line beyond the lines asked for is dropped.
	fold(&fresh, read("info depth 1 multipv 2 score cp -9 pv 7g7f"), game.Black, 1)
	if len(fresh.Lines) != 1 {
		t.Errorf("%d lines", len(fresh.Lines))
	}
}

// The owner's context ending stops the search under way as Stop does:
// the engine is sent stop, the snapshot keeps its lines without an
// error, and a request after it ends at once.
func TestSessionEndsWithItsContext(t *testing.T) {
	e, lb := startFake(t, "tick=5ms")
	ctx, cancel := context.WithCancel(t.Context())
	s := NewSession(ctx, e)
	defer s.Close()
	id := s.Analyse(engine.Request{Start: game.StartPosition()})
	waitFor(t, s, "a line", func(sn Snapshot) bool { return sn.ID == id && len(sn.Lines) > 0 })
	cancel()
	sn := waitFor(t, s, "the search ended", func(sn Snapshot) bool { return sn.ID == id && !sn.Running })
	if sn.Err != nil || len(sn.Lines) == 0 {
		t.Errorf("after the context ended: %+v", sn)
	}
	if !strings.Contains(lb.String(), "> stop") {
		t.Errorf("the engine was not told to stop:\n%s", lb.String())
	}
	// A later request is cut short at once (an infinite search would
	// otherwise run on).
	id2 := s.Analyse(engine.Request{Start: game.StartPosition(), Moves: playLine(t, "7g7f")})
	if sn := waitFor(t, s, "the later request ended", func(sn Snapshot) bool { return sn.ID == id2 && !sn.Running }); sn.Err != nil {
		t.Errorf("the later request: %v", sn.Err)
	}
}
