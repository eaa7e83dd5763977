package play

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/match"
	"shogi/game/usi"
	"shogi/game/usi/usitest"
	"shogi/internal/testenv"
	"shogi/kifu"
	"shogi/kifu/kept"
	"shogi/tui/common"
)

func TestMain(m *testing.M) {
	usitest.MaybeRun()
	// A few tests wait seconds on a fake engine's thinking: they may all
	// wait at once.
	testenv.WaitingTests(4)
	cleanup := testenv.Isolate()
	code := m.Run()
	cleanup()
	os.Exit(code)
}

var t0 = time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)

// A person against the random level, kept in dir.
func localSetup(dir string) (common.SessionEnv, common.Setup, string) {
	env := common.SessionEnv{Ts: match.NewFakeTime(t0), GamesDir: filepath.Join(dir, "games"), Human: "You"}
	s := common.Setup{Start: game.StartPosition(), Began: t0,
		Players: [2]match.Spec{{Kind: match.HumanKind}, {Kind: match.BuiltinKind, Name: "random"}}}
	return env, s, filepath.Join(dir, "kept", "game.json")
}

// The game ends (the person resigns) and the screen leaves it before it
// reads the game-over event: the record is still written to the games
// folder, and the kept file does not outlive the finished game.
func TestLeaveBeforeGameOverIsReadKeepsRecord(t *testing.T) {
	dir := t.TempDir()
	env, setup, keepPath := localSetup(dir)
	msg := startSession(context.Background(), env, 1, &setup, nil, 1, keepPath)().(sessionMsg)
	if msg.err != nil {
		t.Fatal(msg.err)
	}
	s := msg.s
	if err := s.ctl.Resign(game.Black); err != nil {
		t.Fatal(err)
	}
	s.Stop("the game was left")
	records, err := filepath.Glob(filepath.Join(env.GamesDir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	if len(records) != 1 {
		t.Fatalf("the games folder holds %q after a finished game was left, want its record", records)
	}
	rec, err := kifu.ReadFile(records[0])
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := rec.Ending(); e != kifu.Resign || rec.Header("先手") != "You" || rec.Header("後手") != "random" {
		t.Errorf("record ends %v, 先手 %q, 後手 %q", e, rec.Header("先手"), rec.Header("後手"))
	}
	if _, err := os.Stat(keepPath); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the kept file of a finished game is there: %v", err)
	}
}

// start runs startSession's command and fails on a session that did not
// start.
func start(t *testing.T, env common.SessionEnv, gen int, setup common.Setup, prev *localGame, keepPath string) *session {
	t.Helper()
	msg := startSession(context.Background(), env, gen, &setup, prev, 1, keepPath)().(sessionMsg)
	if msg.err != nil {
		t.Fatal(msg.err)
	}
	t.Cleanup(func() { msg.s.Stop("the test ended") })
	return msg.s
}

// until reads the session's events as the screen does (next) until one
// that ok accepts, failing on the end of the game's events or a keeping
// error.
func until(t *testing.T, s *session, ok func(EventMsg) bool) EventMsg {
	t.Helper()
	for {
		msg := s.next(context.Background())().(EventMsg)
		if msg.ended {
			t.Fatal("the events ended first")
		}
		if msg.err != nil {
			t.Fatalf("keeping %T: %v", msg.Ev, msg.err)
		}
		if ok(msg) {
			return msg
		}
	}
}

func moveNo(ply int) func(EventMsg) bool {
	return func(e EventMsg) bool { mv, ok := e.Ev.(match.MoveEvent); return ok && mv.Ply == ply }
}

func firstLegal(t *testing.T, ctl match.Control) game.Move {
	t.Helper()
	snap := ctl.Snapshot()
	p := snap.Start
	for _, mv := range snap.Moves {
		p = p.Play(mv)
	}
	moves := p.LegalMoves(nil)
	if len(moves) == 0 {
		t.Fatal("no legal move")
	}
	return moves[0]
}

// A program that crashes in a person's game pauses it (a fault event,
// already kept); the screen's choice of another player (replaceCmd) takes
// the seat through the session, the kept file names the new player, and
// the game goes on.
func TestFaultReplacedThroughTheSession(t *testing.T) {
	dir := t.TempDir()
	env, setup, keepPath := localSetup(dir)
	env.EngineCfg = usi.Config{Env: []string{usitest.Env + "=crash=1,name=Crasher"}, Timeout: 5 * time.Second,
		StopGrace: 200 * time.Millisecond, QuitGrace: 3 * time.Second}
	setup.Players[game.White] = match.Spec{Kind: match.USIKind, Name: os.Args[0]}
	s := start(t, env, 1, setup, nil, keepPath)
	if n := s.names(); n[game.White] != "Crasher" {
		t.Errorf("the engine is called %q, want its id name", n[game.White])
	}
	if err := s.ctl.SubmitMove(game.Black, firstLegal(t, s.ctl)); err != nil {
		t.Fatal(err)
	}
	ev := until(t, s, func(e EventMsg) bool { _, ok := e.Ev.(match.FaultEvent); return ok }).Ev.(match.FaultEvent)
	if ev.Fault.Side != game.White {
		t.Fatalf("fault on %v", ev.Fault.Side)
	}
	k, err := kept.Read(keepPath)
	if err != nil || len(k.Moves) != 1 {
		t.Fatalf("kept at the fault: %v, %v", k.Moves, err)
	}
	random := match.Spec{Kind: match.BuiltinKind, Name: "random"}
	msg := replaceCmd(context.Background(), s.local, 1, game.White, faultChoice{spec: random}, 3)().(replacedMsg)
	if msg.err != nil {
		t.Fatal(msg.err)
	}
	until(t, s, moveNo(2))
	k, err = kept.Read(keepPath)
	if err != nil || len(k.Moves) != 2 || k.Players[game.White].String() != random.String() {
		t.Fatalf("kept after the new player's move: %d moves, players %v, %v", len(k.Moves), k.Players, err)
	}
	// A second replacement finds no fault standing: refused, the game
	// unchanged.
	if msg := replaceCmd(context.Background(), s.local, 1, game.White, faultChoice{spec: random}, 4)().(replacedMsg); !errors.Is(msg.err, match.ErrNoFault) {
		t.Errorf("replacing with no fault standing: %v, want match.ErrNoFault", msg.err)
	}
}

// Taking back a move of a finished game goes on in a new session with
// the players that still run: the first session's record is written and
// its kept file gone before the new one keeps the game, so the new
// game's kept file stays.
func TestUndoAfterTheEndHandsOver(t *testing.T) {
	dir := t.TempDir()
	env, setup, keepPath := localSetup(dir)
	first := start(t, env, 1, setup, nil, keepPath)
	if err := first.ctl.SubmitMove(game.Black, firstLegal(t, first.ctl)); err != nil {
		t.Fatal(err)
	}
	until(t, first, moveNo(2))
	if err := first.ctl.Resign(game.Black); err != nil {
		t.Fatal(err)
	}
	// The screen saw the game over in its snapshot and takes a move back
	// before reading the end.
	snap := first.ctl.Snapshot()
	again := setup
	again.Moves = snap.Moves[:1]
	second := start(t, env, 2, again, first.local, keepPath)
	records, _ := filepath.Glob(filepath.Join(env.GamesDir, "*"))
	if len(records) != 1 {
		t.Fatalf("records of the first game: %q", records)
	}
	until(t, second, moveNo(2)) // the level's reply in the new game
	k, err := kept.Read(keepPath)
	if err != nil || len(k.Moves) != 2 {
		t.Fatalf("the new game's kept file: %v, %v", k.Moves, err)
	}
}
