package usi_test

import (
	"context"
	"errors"
	"log"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/usi"
	"shogi/game/usi/usitest"
	"shogi/internal/testenv"
)

func mustSFEN(t testing.TB, s string) game.Position {
	t.Helper()
	p, err := game.ParseSFEN(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The test binary doubles as a scripted engine (see usitest).
func TestMain(m *testing.M) {
	usitest.MaybeRun()
	// Most tests wait on an engine process (the faults on timeouts).
	testenv.WaitingTests(8)
	cleanup := testenv.Isolate()
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// fakeConfig runs this test binary as an engine behaving as spec says.
func fakeConfig(spec string, logTo *usitest.SyncBuffer) usi.Config {
	c := usi.Config{Path: os.Args[0], Env: []string{usitest.Env + "=" + spec},
		Timeout: 5 * time.Second, StopGrace: 300 * time.Millisecond, QuitGrace: 3 * time.Second}
	if logTo != nil {
		c.Log = log.New(logTo, "", 0)
	}
	return c
}

func startFake(t *testing.T, spec string) (*usi.Engine, *usitest.SyncBuffer) {
	t.Helper()
	var lb usitest.SyncBuffer
	e, err := usi.Start(context.Background(), fakeConfig(spec, &lb))
	if err != nil {
		t.Fatalf("start %q: %v\nlog:\n%s", spec, err, lb.String())
	}
	t.Cleanup(func() { e.Close() })
	return e, &lb
}

func wantFault(t *testing.T, err error, f usi.Fault, words ...string) *usi.Error {
	t.Helper()
	var ue *usi.Error
	if !errors.As(err, &ue) {
		t.Fatalf("error %v (%T) is not an *usi.Error", err, err)
	}
	if ue.Fault != f {
		t.Errorf("fault %v, want %v: %v", ue.Fault, f, err)
	}
	for _, w := range words {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("message %q does not say %q", err, w)
		}
	}
	return ue
}

func TestHandshakeAndOptions(t *testing.T) {
	var lb usitest.SyncBuffer
	cfg := fakeConfig("banner,name=Fake Engine 1.0", &lb)
	cfg.Options = []usi.Setting{{"Skill Level", "-20"}, {"Style", "wild"}, {"Clear Hash", ""}, {"EvalDir", "some dir"}}
	e, err := usi.Start(context.Background(), cfg)
	if err != nil {
		t.Fatalf("%v\n%s", err, lb.String())
	}
	defer e.Close()
	if e.Name() != "Fake Engine 1.0" || e.Author() != "the tests" {
		t.Errorf("id: %q by %q", e.Name(), e.Author())
	}
	if len(e.Options()) != 6 {
		t.Errorf("options: %+v", e.Options())
	}
	if o, ok := e.Option("Skill Level"); !ok || o.Type != usi.Spin || o.Min != -20 {
		t.Errorf("Skill Level: %+v %v", o, ok)
	}
	// The banner before usiok is logged, not fatal; the options reached the engine.
	log := lb.String()
	for _, w := range []string{"< Fake Engine 1.0 by nobody", "> setoption name Skill Level value -20",
		"< info string set Skill Level=-20", "< info string set Style=wild", "< info string set Clear Hash=", "< info string set EvalDir=some dir"} {
		if !strings.Contains(log, w) {
			t.Errorf("log lacks %q:\n%s", w, log)
		}
	}
	// An option it does not declare, and a bad value, are refused before sending.
	wantFault(t, e.SetOption("USI_Hash", "256"), usi.BadOption, `has no option "USI_Hash"`, "Skill Level")
	wantFault(t, e.SetOption("Skill Level", "21"), usi.BadOption, "out of range")
	wantFault(t, e.SetOption("Style", "calm"), usi.BadOption, "not one of normal, wild")
	if strings.Contains(lb.String(), "USI_Hash") && strings.Contains(lb.String(), "> setoption name USI_Hash") {
		t.Error("an undeclared option was sent")
	}
	// Start refuses a bad option and leaves no process behind.
	cfg = fakeConfig("", nil)
	cfg.Options = []usi.Setting{{"Hash", "16"}}
	_, err = usi.Start(context.Background(), cfg)
	wantFault(t, err, usi.BadOption, `fake has no option "Hash"`)
}

func TestGo(t *testing.T) {
	e, _ := startFake(t, "")
	if err := e.NewGame(context.Background()); err != nil {
		t.Fatal(err)
	}
	start := game.StartPosition()
	var infos []engine.Info
	b, err := e.Go(context.Background(), engine.Request{Start: start, Limits: engine.Limits{Byoyomi: time.Second}, Info: func(i engine.Info) { infos = append(infos, i) }})
	if err != nil {
		t.Fatal(err)
	}
	legal := start.LegalMoves(nil)
	if b.Move != legal[0] {
		t.Errorf("bestmove %v, want %v", b.Move, legal[0])
	}
	if len(infos) != 2 || !infos[0].HasScore || infos[0].Score.Value != 10 || len(infos[0].PV) != 2 || infos[0].PV[0] != b.Move {
		t.Errorf("infos: %+v", infos)
	}
	// The same engine answers again, from a later position.
	b2, err := e.Go(context.Background(), engine.Request{Start: start, Moves: []game.Move{b.Move}})
	if err != nil || b2.Move == game.NoMove {
		t.Errorf("second go: %v %v", b2, err)
	}
	// An illegal position is never sent (gpsusi hangs on one).
	if _, err := e.Go(context.Background(), engine.Request{Start: start, Moves: []game.Move{b2.Move}}); err == nil {
		t.Error("illegal position: no error")
	}
	if err := e.GameOver(game.Result{Outcome: game.Draw, Ending: game.Repetition}, game.Black); err != nil {
		t.Error(err)
	}
	if err := e.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
	if err := e.Close(); err != nil {
		t.Errorf("second close: %v", err)
	}
}

func TestGoStopsWhenCancelled(t *testing.T) {
	e, _ := startFake(t, "think=1m")
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	began := time.Now()
	_, err := e.Go(ctx, engine.Request{Start: game.StartPosition(), Limits: engine.Limits{Infinite: true}})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err %v, want the context's", err)
	}
	if d := time.Since(began); d > 5*time.Second {
		t.Errorf("took %v to stop", d)
	}
	// The stopped search's bestmove was consumed: the next go is in step.
	ctx2, cancel2 := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel2()
	if _, err := e.Go(ctx2, engine.Request{Start: game.StartPosition(), Limits: engine.Limits{Infinite: true}}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("second go: %v", err)
	}
}

func TestPonderHit(t *testing.T) {
	e, lb := startFake(t, "")
	done := make(chan error, 1)
	var b engine.BestMove
	go func() {
		var err error
		b, err = e.Go(context.Background(), engine.Request{Start: game.StartPosition(), Limits: engine.Limits{Ponder: true, Byoyomi: time.Second}})
		done <- err
	}()
	// Once go ponder is sent, Go waits for the hit: the fake engine says
	// nothing until then.
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(lb.String(), "> go ponder"); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("go ponder never sent:\n%s", lb.String())
		}
	}
	select {
	case <-done:
		t.Fatal("Go returned before ponderhit")
	default:
	}
	if err := e.PonderHit(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil || b.Move == game.NoMove {
		t.Fatalf("after ponderhit: %v %v", b, err)
	}
}

// A closed Request.PonderHit is sent as ponderhit: the caller needs no
// goroutine of its own to call PonderHit while Go waits. A hit that comes
// after the answer is not sent (the engine would read a stray command).
func TestPonderHitChannel(t *testing.T) {
	e, lb := startFake(t, "")
	hit := make(chan struct{})
	close(hit) // the opponent played the expected move at once
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	b, err := e.Go(ctx, engine.Request{Start: game.StartPosition(), Limits: engine.Limits{Ponder: true, Byoyomi: time.Second}, PonderHit: hit})
	if err != nil || b.Move == game.NoMove {
		t.Fatalf("go ponder with a closed PonderHit: %+v %v\n%s", b, err, lb.String())
	}
	if n := strings.Count(lb.String(), "> ponderhit"); n != 1 {
		t.Errorf("ponderhit sent %d times:\n%s", n, lb.String())
	}
	// The next search, not a ponder one, sends none.
	if _, err := e.Go(ctx, engine.Request{Start: game.StartPosition(), Limits: engine.Limits{Byoyomi: 100 * time.Millisecond}, PonderHit: hit}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(lb.String(), "> ponderhit"); n != 1 {
		t.Errorf("ponderhit sent %d times after a normal go:\n%s", n, lb.String())
	}
}

func TestGoMate(t *testing.T) {
	e, _ := startFake(t, "")
	p := mustSFEN(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	c, err := e.GoMate(context.Background(), engine.Request{Start: p}, time.Second)
	if err != nil || len(c.Moves) != 1 || c.Moves[0].USI() != "G*5b" {
		t.Errorf("mate: %+v %v", c, err)
	}
	c, err = e.GoMate(context.Background(), engine.Request{Start: game.StartPosition()}, 0)
	if err != nil || !c.NoMate {
		t.Errorf("no mate: %+v %v", c, err)
	}
}

// Each fault is an *usi.Error that names the engine and what it did.
// Each case has an engine process of its own: they run side by side, the
// ones that wait out a timeout among them.
func TestFaults(t *testing.T) {
	t.Parallel()
	bg := context.Background()
	t.Run("missing program", func(t *testing.T) {
		t.Parallel()
		_, err := usi.Start(bg, usi.Config{Path: "/nonexistent/dir/ghost-engine"})
		wantFault(t, err, usi.NotStarted, "ghost-engine", "no such file")
		_, err = usi.Start(bg, usi.Config{Path: "ghost-engine-not-in-path"})
		wantFault(t, err, usi.NotStarted, "ghost-engine-not-in-path")
	})
	t.Run("not executable", func(t *testing.T) {
		t.Parallel()
		f, err := os.CreateTemp(t.TempDir(), "engine")
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		_, err = usi.Start(bg, usi.Config{Path: f.Name()})
		wantFault(t, err, usi.NotStarted, "permission denied")
	})
	t.Run("exits at once", func(t *testing.T) {
		t.Parallel()
		_, err := usi.Start(bg, fakeConfig("exit", nil))
		wantFault(t, err, usi.Exited, "usi.test exited before sending usiok", "exit status 3", "cannot open eval/nn.bin")
	})
	t.Run("no usiok", func(t *testing.T) {
		t.Parallel()
		cfg := fakeConfig("nousiok", nil)
		cfg.Timeout = 200 * time.Millisecond
		_, err := usi.Start(bg, cfg)
		wantFault(t, err, usi.NoAnswer, "sent no usiok within 200ms and was killed")
	})
	t.Run("no readyok", func(t *testing.T) {
		t.Parallel()
		cfg := fakeConfig("noreadyok", nil)
		cfg.Timeout = 2 * time.Second // long enough for usiok on a busy machine
		_, err := usi.Start(bg, cfg)
		wantFault(t, err, usi.NoAnswer, "fake sent no readyok within 2s")
	})
	t.Run("crash mid-game", func(t *testing.T) {
		t.Parallel()
		e, _ := startFake(t, "crash=2")
		start := game.StartPosition()
		b, err := e.Go(bg, engine.Request{Start: start})
		if err != nil {
			t.Fatal(err)
		}
		b2, err := e.Go(bg, engine.Request{Start: start, Moves: []game.Move{b.Move}})
		if err != nil {
			t.Fatal(err)
		}
		_, err = e.Go(bg, engine.Request{Start: start, Moves: []game.Move{b.Move, b2.Move}})
		wantFault(t, err, usi.Exited, "fake exited before sending bestmove", "exit status 2", "segmentation fault")
		// Once broken it stays broken, and Close does not complain again.
		if _, err := e.Go(bg, engine.Request{Start: start}); err == nil {
			t.Error("a dead engine answered")
		}
		if err := e.Close(); err != nil {
			t.Errorf("close after a crash: %v", err)
		}
	})
	t.Run("hangs", func(t *testing.T) {
		t.Parallel()
		e, _ := startFake(t, "hang")
		ctx, cancel := context.WithTimeout(bg, 50*time.Millisecond)
		defer cancel()
		_, err := e.Go(ctx, engine.Request{Start: game.StartPosition(), Limits: engine.Limits{Byoyomi: 10 * time.Millisecond}})
		wantFault(t, err, usi.NoAnswer, "fake sent no bestmove after stop within 300ms and was killed")
		select {
		case <-e.Exited():
		case <-time.After(5 * time.Second):
			t.Error("the hung engine is still running")
		}
	})
	t.Run("unreadable move", func(t *testing.T) {
		t.Parallel()
		e, _ := startFake(t, "unreadable")
		_, err := e.Go(bg, engine.Request{Start: game.StartPosition()})
		ue := wantFault(t, err, usi.BadMove, `fake sent an unreadable move "xyz"`)
		var me *usi.MoveError
		if !errors.As(ue, &me) || me.Text != "xyz" {
			t.Errorf("the move text is not kept: %v", err)
		}
	})
	t.Run("illegal move", func(t *testing.T) {
		t.Parallel()
		// A move that reads is returned: the caller judges it (a game loses by it).
		e, _ := startFake(t, "illegal")
		start := game.StartPosition()
		b, err := e.Go(bg, engine.Request{Start: start})
		if err != nil || b.Move == game.NoMove || start.IsLegal(b.Move) {
			t.Errorf("illegal move: %v %v", b.Move, err)
		}
	})
	t.Run("garbage", func(t *testing.T) {
		t.Parallel()
		cfg := fakeConfig("garbage", nil)
		cfg.MaxJunk = 100
		e, err := usi.Start(bg, cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer e.Close()
		_, err = e.Go(bg, engine.Request{Start: game.StartPosition()})
		wantFault(t, err, usi.Junk, "sent more than 100 lines that are not USI instead of bestmove", "### junk line 0 ###", "killed")
	})
	t.Run("stops reading", func(t *testing.T) {
		t.Parallel()
		cfg := fakeConfig("deaf", nil)
		cfg.Timeout = time.Second
		e, err := usi.Start(bg, cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer e.Close()
		// Its input fills up; a write then waits Timeout, no longer.
		for i := 0; i < 100000 && err == nil; i++ {
			err = e.SetOption("EvalDir", strings.Repeat("x", 200))
		}
		wantFault(t, err, usi.NoAnswer, "fake stopped reading its input (setoption waited 1s) and was killed")
		if _, err := e.Go(bg, engine.Request{Start: game.StartPosition()}); err == nil {
			t.Error("a killed engine answered")
		}
	})
	t.Run("slow quit", func(t *testing.T) {
		t.Parallel()
		cfg := fakeConfig("slowquit", nil)
		cfg.QuitGrace = 300 * time.Millisecond
		e, err := usi.Start(bg, cfg)
		if err != nil {
			t.Fatal(err)
		}
		began := time.Now()
		err = e.Close()
		wantFault(t, err, usi.NoAnswer, "fake did not quit within 300ms and was killed")
		if d := time.Since(began); d > 5*time.Second {
			t.Errorf("close took %v", d)
		}
	})
}

// Fairy-Stockfish and gpsusi as Debian installs them.
func realEngine(t *testing.T, path string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("real engines are slow: skipped in -short")
	}
	p, err := exec.LookPath(path)
	if err != nil {
		t.Skipf("%s is not installed (apt-get install fairy-stockfish gpsshogi): %v", path, err)
	}
	return p
}

func TestFairyStockfish(t *testing.T) {
	t.Parallel()
	path := realEngine(t, "/usr/games/fairy-stockfish")
	var lb usitest.SyncBuffer
	e, err := usi.Start(context.Background(), usi.Config{Path: path, Options: []usi.Setting{{"Threads", "1"}, {"Hash", "16"}, {"Skill Level", "0"}}, Log: log.New(&lb, "", 0)})
	if err != nil {
		t.Fatalf("%v\n%s", err, lb.String())
	}
	defer e.Close()
	if !strings.HasPrefix(e.Name(), "Fairy-Stockfish") {
		t.Errorf("name %q", e.Name())
	}
	// Its option is Hash, not USI_Hash.
	wantFault(t, e.SetOption("USI_Hash", "16"), usi.BadOption)
	if err := e.NewGame(context.Background()); err != nil {
		t.Fatal(err)
	}
	var last engine.Info
	start := game.StartPosition()
	// To a depth, not for a time: Fairy-Stockfish prints an info line with
	// a score and a PV at each depth it completes, however loaded the
	// machine, and depth 6 takes it milliseconds.
	b, err := e.Go(context.Background(), engine.Request{Start: start, Limits: engine.Limits{Depth: 6}, Info: func(i engine.Info) { last = i }})
	if err != nil || !start.IsLegal(b.Move) || !last.HasScore || len(last.PV) == 0 {
		t.Errorf("go: %v %v, last info %+v", b, err, last)
	}
	if err := e.Close(); err != nil {
		t.Error(err)
	}
}

func TestGPSShogi(t *testing.T) {
	t.Parallel()
	// gpsusi's tables take 3 CPU-seconds to load before readyok: a third
	// of the package's default run for a claim the long tier keeps.
	if !testenv.Long() {
		t.Skip("the long tier (SHOGI_LONG_TESTS=1) starts gpsusi")
	}
	path := realEngine(t, "/usr/games/gpsusi")
	var lb usitest.SyncBuffer
	// gpsusi loads its tables before readyok: seconds on an idle machine,
	// more than the default 30 s under heavy load, so the handshake wait is
	// bounded generously (it ends at readyok, not at the bound).
	// LimitDepth 4 (its minimum) ends the search in a tenth of a second; the
	// claim (infos, then a legal bestmove) holds at any depth.
	e, err := usi.Start(context.Background(), usi.Config{Path: path, Timeout: 3 * time.Minute, Options: []usi.Setting{{"BookDepth", "0"}, {"Thread", "1"}, {"LimitDepth", "4"}}, Log: log.New(&lb, "", 0)})
	if err != nil {
		t.Fatalf("%v\n%s", err, lb.String())
	}
	defer e.Close()
	if !strings.HasPrefix(e.Name(), "gpsshogi") {
		t.Errorf("name %q", e.Name())
	}
	if err := e.NewGame(context.Background()); err != nil {
		t.Fatal(err)
	}
	// gpsusi thinks to LimitDepth whatever the byoyomi says.
	start := mustSFEN(t, "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")
	var infos int
	b, err := e.Go(context.Background(), engine.Request{Start: start, Limits: engine.Limits{Byoyomi: time.Second}, Info: func(engine.Info) { infos++ }})
	if err != nil || !start.IsLegal(b.Move) || infos == 0 {
		t.Errorf("go: %v %v after %d infos\n%s", b, err, infos, lb.String())
	}
}
