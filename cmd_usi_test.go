package main

import (
	"context"
	"log"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/engine"
	"shogi/game/usi"
	"shogi/game/usi/usitest"
	"shogi/internal/testenv"
	"shogi/kifu"
)

// asUSI makes the test binary run `shogi usi ARGS…` when set, so the tests
// drive the real command through game/usi's client like any engine.
const asUSI = "SHOGI_TEST_RUN_USI"

// maybeRunUSI is called first from TestMain.
func maybeRunUSI() {
	if args, ok := os.LookupEnv(asUSI); ok {
		os.Exit(run(append([]string{"usi"}, strings.Fields(args)...), os.Stdin, os.Stdout, os.Stderr))
	}
}

func startOurs(t *testing.T, args string, opts ...usi.Setting) (*usi.Engine, *usitest.SyncBuffer) {
	t.Helper()
	var lb usitest.SyncBuffer
	e, err := usi.Start(context.Background(), usi.Config{Path: os.Args[0], Env: []string{asUSI + "=" + args},
		Options: opts, Timeout: 10 * time.Second, Log: log.New(&lb, "", 0)})
	if err != nil {
		t.Fatalf("start shogi usi %s: %v\n%s", args, err, lb.String())
	}
	t.Cleanup(func() { e.Close() })
	return e, &lb
}

func TestUSIHandshakeAndSearch(t *testing.T) {
	t.Parallel()
	e, lb := startOurs(t, "--level club", usi.Setting{Name: "USI_Hash", Value: "16"})
	if e.Name() != "shogi club" {
		t.Errorf("id name %q", e.Name())
	}
	for _, name := range []string{"Level", "USI_Hash", "MultiPV", "USI_Ponder"} {
		if _, ok := e.Option(name); !ok {
			t.Errorf("no option %s among %+v", name, e.Options())
		}
	}
	if o, _ := e.Option("Level"); len(o.Vars) != len(bot.Levels()) || o.Default != "club" {
		t.Errorf("Level option %+v", o)
	}
	if err := e.NewGame(context.Background()); err != nil {
		t.Fatal(err)
	}

	// A go with a clock: a legal move, info lines with a score and a PV.
	start := game.StartPosition()
	var infos []engine.Info
	b, err := e.Go(context.Background(), engine.Request{Start: start, Limits: engine.Limits{BTime: time.Minute, WTime: time.Minute, Byoyomi: 200 * time.Millisecond}, Info: func(i engine.Info) { infos = append(infos, i) }})
	if err != nil || !start.IsLegal(b.Move) {
		t.Fatalf("go: %+v %v\n%s", b, err, lb.String())
	}
	// The last line with a score (a final line carries the totals only).
	var last engine.Info
	for _, in := range infos {
		if in.HasScore {
			last = in
		}
	}
	if !last.HasScore || len(last.PV) == 0 || last.PV[0] != b.Move || last.Depth == 0 || last.Nodes == 0 {
		t.Errorf("last info %+v for bestmove %s", last, b.Move)
	}

	// MultiPV 3: three lines per depth, numbered.
	if err := e.SetOption("MultiPV", "3"); err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	if _, err := e.Go(context.Background(), engine.Request{Start: start, Limits: engine.Limits{Depth: 3}, Info: func(i engine.Info) { seen[i.MultiPV] = true }}); err != nil {
		t.Fatal(err)
	}
	if !seen[1] || !seen[2] || !seen[3] {
		t.Errorf("multipv lines seen: %v", seen)
	}
	if err := e.SetOption("MultiPV", "1"); err != nil {
		t.Fatal(err)
	}

	// go infinite answers only after stop, sent 300 ms in: the answer may
	// not come sooner (a floor, which a loaded machine cannot break). An
	// engine that ignored stop would leave Go waiting: the test's deadline
	// catches that; how soon after stop it answers is no test's business
	// on a shared machine.
	began := time.Now()
	stopper := time.AfterFunc(300*time.Millisecond, func() { e.Stop() })
	defer stopper.Stop()
	b, err = e.Go(context.Background(), engine.Request{Start: start, Limits: engine.Limits{Infinite: true}})
	if err != nil || !start.IsLegal(b.Move) {
		t.Errorf("go infinite, stopped: %+v %v", b, err)
	}
	if d := time.Since(began); d < 300*time.Millisecond {
		t.Errorf("go infinite answered after %v, before the stop sent at 300ms", d)
	}

	// go ponder, then ponderhit once the ponder search has begun: a timed
	// search follows.
	done := make(chan struct{})
	begun := make(chan struct{})
	var once sync.Once
	go func() {
		defer close(done)
		b, err = e.Go(context.Background(), engine.Request{Start: start, Limits: engine.Limits{Ponder: true, Byoyomi: 200 * time.Millisecond},
			Info: func(engine.Info) { once.Do(func() { close(begun) }) }})
	}()
	select {
	case <-begun:
	case <-done:
		t.Fatalf("go ponder answered before ponderhit: %+v %v", b, err)
	}
	if err := e.PonderHit(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
		if err != nil || !start.IsLegal(b.Move) {
			t.Errorf("go ponder + ponderhit: %+v %v", b, err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no bestmove 5 s after ponderhit")
	}

	// go mate: a published seven-move tsume (jkf's taichitsume.kif).
	tsume, _ := game.ParseSFEN("6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1")
	c, err := e.GoMate(context.Background(), engine.Request{Start: tsume}, 5*time.Second)
	if err != nil || len(c.Moves) != 7 {
		t.Errorf("go mate: %+v %v", c, err)
	} else {
		p := tsume
		for _, m := range c.Moves {
			p = p.Play(m)
		}
		if !p.IsCheckmate() {
			t.Errorf("go mate line %v does not end in mate", c.Moves)
		}
	}
	c, err = e.GoMate(context.Background(), engine.Request{Start: start}, time.Second)
	if err != nil || !c.NoMate {
		t.Errorf("go mate on the start position: %+v %v", c, err)
	}

	// Close fails when the engine had to be killed after its grace: it
	// quits on quit.
	if err := e.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
}

// A whole game through the client: shogi usi against the greedy bot, every
// move legal and on time, the game played to its end.
func TestUSIGame(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a whole game: skipped in -short")
	}
	e, lb := startOurs(t, "--level casual --seed 5")
	if err := e.NewGame(context.Background()); err != nil {
		t.Fatal(err)
	}
	g := game.NewGame(game.StartPosition())
	opp, _ := bot.NewSearcher("greedy", rand.New(rand.NewPCG(3, 4)))
	for ply := 0; ply < 400 && !g.Result().Over(); ply++ {
		p := g.Position()
		var bm engine.BestMove
		var err error
		if p.SideToMove() == game.Black {
			// How the time is shared out is game/bot's planTime, tested
			// there; here a clock only has to reach the engine.
			bm, err = e.Go(context.Background(), engine.Request{Start: g.Start(), Moves: g.Moves(), Limits: engine.Limits{Byoyomi: 300 * time.Millisecond}})
		} else {
			bm, err = opp.Search(context.Background(), engine.Request{Start: g.Start(), Moves: g.Moves()})
		}
		if err != nil {
			t.Fatalf("ply %d: %v\n%s", ply, err, lb.String())
		}
		if bm.Resign || bm.Win {
			if bm.Win && p.CanDeclare() != nil {
				t.Fatalf("ply %d: a declaration that does not hold", ply)
			}
			break
		}
		if err := g.Play(bm.Move); err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
	}
	if r := g.Result(); r.Outcome != game.BlackWins {
		t.Errorf("shogi usi (casual) against greedy: %v after %d moves", r, g.Len())
	}
	if err := e.GameOver(g.Result(), game.Black); err != nil {
		t.Error(err)
	}
}

// shogi usi through shogi match against Fairy-Stockfish: two games to the
// end (to thirty plies outside the long tier), no fault, and the record
// reads back with every move timed and scores kept. This test also holds
// what TestMatchFairyStockfish held (Fairy-Stockfish's games through shogi
// match, their times and scores in a KIF record): one start of
// Fairy-Stockfish (0.4 s of CPU) serves both.
func TestUSIMatchAgainstFairyStockfish(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("real engine games: skipped in -short")
	}
	fsf, err := exec.LookPath("/usr/games/fairy-stockfish")
	if err != nil {
		t.Skipf("Fairy-Stockfish is not installed (apt-get install fairy-stockfish): %v", err)
	}
	dir := t.TempDir()
	// The match starts a USI engine as a program without arguments.
	script := filepath.Join(dir, "shogi-usi")
	body := "#!/bin/sh\n" + asUSI + "='--level novice' exec '" + os.Args[0] + "'\n"
	writeScript(t, script, body)
	out := filepath.Join(dir, "games.kif")
	// Thirty plies a game show the protocol (position, go, bestmove and
	// the clock, game after game), every move timed and scores kept as
	// well as a game played out; the long tier plays the games to their
	// end. Fairy-Stockfish's Move Overhead leaves it about 10 ms of the 1 s
	// byōyomi a move, still searching lines whose scores the record keeps,
	// and the novice level stops at its nodes: neither waits for the
	// clock, whose byōyomi and margin are there so that a loaded machine
	// (a 5 s stall was seen, with a core busy) never ends a game on time.
	// Fairy-Stockfish plays at full strength: at its weakest it plays
	// moves off its own line, whose scores a record rightly leaves out.
	limit := []string{"--max-moves", "30"}
	if testenv.Long() {
		limit = nil
	}
	code, stdout, stderr := runCmd(t, append(append([]string{"match", "--games", "2", "--byoyomi", "1s", "--margin", "60s", "--out", out, "--log", filepath.Join(dir, "log")},
		limit...), "usi:"+script, "usi:"+fsf+",Threads=1,Hash=16,Move Overhead=990")...)
	if code != 0 {
		t.Fatalf("status %d\n%s", code, stderr)
	}
	if last := lastLine(stdout); !strings.HasPrefix(last, "shogi novice vs Fairy-Stockfish") {
		t.Errorf("result line %q", last)
	}
	for _, fault := range []string{"illegal", "time", "exited", "restarted", "stopped answering"} {
		if strings.Contains(stderr, fault) {
			t.Errorf("a fault (%q) in the match:\n%s", fault, stderr)
		}
	}
	r, err := kifu.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	games := append([]*kifu.Record{r}, r.Games...)
	if len(games) != 2 {
		t.Fatalf("%d games", len(games))
	}
	for i, g := range games {
		if e, _ := g.Ending(); e == kifu.NoEnding || len(g.MainMoves()) < 10 {
			t.Errorf("game %d: %d moves, ending %v", i+1, len(g.MainMoves()), e)
		}
		// Fairy-Stockfish's moves with a score: Black's are the odd plies.
		fsfBlack := strings.HasPrefix(g.Header("先手"), "Fairy-Stockfish")
		if fsfBlack == strings.HasPrefix(g.Header("後手"), "Fairy-Stockfish") {
			t.Fatalf("game %d: players %q and %q", i+1, g.Header("先手"), g.Header("後手"))
		}
		timed, scored := 0, 0
		for _, n := range g.MainLine() {
			if n.HasTime {
				timed++
			}
			if n.IsMove() && (n.Ply%2 == 1) == fsfBlack && strings.Contains(n.Comment(), "*評価値=") {
				scored++
			}
		}
		if timed < len(g.MainMoves()) || scored == 0 {
			t.Errorf("game %d: %d moves, %d timed, %d of Fairy-Stockfish's with a score", i+1, len(g.MainMoves()), timed, scored)
		}
	}
}
