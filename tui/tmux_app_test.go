package tui

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"shogi/internal/termtest"
	"shogi/tui/common"
)

// keptMoves polls the kept games of the test's state directory until one
// holds n moves, and returns them.
func (x *tmuxApp) keptMoves(n int) []string {
	x.t.Helper()
	var last []string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		files, _ := filepath.Glob(filepath.Join(x.state, "state", "shogi", "kept", "*.json"))
		if len(files) != 1 {
			continue
		}
		e, err := common.ReadKept(files[0])
		if err != nil {
			continue
		}
		last = nil
		for _, mv := range e.Setup.Moves {
			last = append(last, mv.USI())
		}
		if len(last) == n {
			return last
		}
	}
	x.t.Fatalf("no kept game with %d moves; last read %q", n, last)
	return nil
}

// The terminal closing (tmux kill-session: SIGHUP) loses nothing: every
// move on screen, the bot's last reply included, is in the kept file,
// and the app has ended.
func TestTmuxHangupKeepsEveryMove(t *testing.T) {
	t.Parallel()
	x := startApp(t, 100, 30, "", "play --lang en --white greedy", "move 1")
	pid := x.Program()
	for i, mv := range []string{"7g7f", "2g2f", "1g1f"} {
		x.move(mv)
		x.WaitFor("move " + strconv.Itoa(2*i+3))
	}
	onScreen := x.Screen()
	x.KillSession()
	moves := x.keptMoves(6)
	if moves[0] != "7g7f" || moves[2] != "2g2f" || moves[4] != "1g1f" {
		t.Errorf("kept moves %q", moves)
	}
	if !termtest.WaitEnd(pid, 5*time.Second) {
		t.Fatalf("the app (pid %d) is still running after SIGHUP", pid)
	}
	if !strings.Contains(onScreen, "6 △") && !strings.Contains(onScreen, "6 ") {
		t.Logf("screen before the hangup:\n%s", onScreen)
	}
}

// SIGTERM (kill, a shutdown) ends the app the same way: the game kept.
func TestTmuxTermKeepsEveryMove(t *testing.T) {
	t.Parallel()
	x := startApp(t, 80, 24, "", "play --lang en --white greedy", "move 1")
	pid := x.Program()
	x.move("7g7f")
	x.WaitFor("move 3")
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	x.WaitFor("[exited]")
	if moves := x.keptMoves(2); moves[0] != "7g7f" {
		t.Errorf("kept moves %q", moves)
	}
}

const fairyStockfish = "/usr/games/fairy-stockfish"

// A game against Fairy-Stockfish with a clock: a move, the clock and
// the engine's panel on screen, q; the game is listed under Resume and
// resumes with the engine's reply in it; the engine process ends with
// the game, and with the app on SIGHUP.
func TestTmuxFairyStockfish(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat(fairyStockfish); err != nil {
		t.Skip("Fairy-Stockfish is not installed (apt-get install fairy-stockfish): " + err.Error())
	}
	// Slow Mover=10: Fairy-Stockfish spends a tenth of its usual share of
	// the five minutes (about 2 s a move). Not less: the screen must be
	// seen while it thinks, on a loaded machine too (a cap of under a
	// second a move, Move Overhead=4000, missed it under load).
	x := startApp(t, 120, 40, "", "play --lang en --white 'usi:"+fairyStockfish+",Slow Mover=10' --time 5m --byoyomi 1s", "move 1")
	x.WaitFor("Fairy-Stockfish")
	x.move("7g7f")
	s := x.WaitFor("White thinking", "Score", "Depth")
	for _, want := range []string{"+1s", "Fairy-Stockfish", "thinking"} {
		if !strings.Contains(s, want) {
			t.Errorf("while the engine thinks the screen lacks %q:\n%s", want, s)
		}
	}
	// The clock of five minutes and a second's byōyomi, as much of it as
	// is left (on a loaded machine a second may have gone).
	if !regexp.MustCompile(`White +[45]:[0-5][0-9]`).MatchString(s) {
		t.Errorf("while the engine thinks the screen shows no clock of the game's control:\n%s", s)
	}
	engine := termtest.Children(strconv.Itoa(x.Program()))
	if len(engine) == 0 {
		t.Fatal("no engine process under the app")
	}
	// One reply serves every claim below: a second would only add two
	// seconds of the engine's thinking.
	s = x.WaitLong(90*time.Second, "move 3")
	reply := ""
	for _, l := range strings.Split(s, "\n") {
		if i := strings.Index(l, " 2 △"); i >= 0 {
			reply = strings.Fields(l[i:])[1]
		}
	}
	if reply == "" {
		t.Fatalf("no second move in the list:\n%s", s)
	}
	x.Keys("q")
	x.WaitFor("Leave the game?")
	x.Keys("y")
	x.WaitFor("Resume a game (1 kept)")
	if !termtest.WaitEnd(engine[0], 5*time.Second) {
		t.Fatalf("the engine (pid %d) runs on after the game was left", engine[0])
	}
	x.Keys("Enter")
	s = x.WaitFor("Kept games")
	if !strings.Contains(s, "Fairy-Stockfish") || !strings.Contains(s, "2 moves") || !strings.Contains(s, "left") {
		t.Errorf("the Resume list:\n%s", s)
	}
	x.Keys("Enter")
	s = x.WaitFor("move 3", reply)
	if !strings.Contains(s, "2 △"+reply) && !strings.Contains(s, "2 "+reply) {
		t.Errorf("the resumed game lacks the engine's reply %s:\n%s", reply, s)
	}
	// The terminal closes while the engine runs: the game is kept, the
	// engine stops with the app.
	x.WaitFor("Fairy-Stockfish")
	engine = termtest.Children(strconv.Itoa(x.Program()))
	x.KillSession()
	x.keptMoves(2)
	for _, pid := range engine {
		if !termtest.WaitEnd(pid, 5*time.Second) {
			t.Fatalf("process %d runs on after the terminal closed", pid)
		}
	}
}

// Fairy-Stockfish killed (kill -9) in the middle of a person's game: the
// game pauses and says so, no finished record is written, the game is
// kept; enter starts the engine afresh and the game goes on from the same
// position, the new process replying; the game is still kept for Resume.
func TestTmuxEngineKilled(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat(fairyStockfish); err != nil {
		t.Skip("Fairy-Stockfish is not installed (apt-get install fairy-stockfish): " + err.Error())
	}
	// Slow Mover=10 and Move Overhead=5000: Fairy-Stockfish spends a
	// tenth of its usual share of the minute, less the 5 s it sets aside
	// per move to come: a few ms a move. The claim is about its death and
	// restart, not its thinking.
	x := startApp(t, 120, 40, "", "play --lang en --white 'usi:"+fairyStockfish+",Slow Mover=10,Move Overhead=5000' --time 1m --byoyomi 1s", "move 1")
	x.WaitFor("Fairy-Stockfish")
	x.move("7g7f")
	x.WaitLong(90*time.Second, "move 3")
	engine := termtest.Children(strconv.Itoa(x.Program()))
	if len(engine) != 1 {
		t.Fatalf("engine processes under the app: %v", engine)
	}
	if err := syscall.Kill(engine[0], syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	x.move("2g2f") // its next turn finds it dead
	s := x.WaitFor("crashed: the game is paused and kept", "Go on with: < Fairy-Stockfish")
	for _, want := range []string{"started afresh >", "enter go on", "paused", "3 ▲２六歩"} {
		if !strings.Contains(s, want) {
			t.Errorf("the paused game's screen lacks %q:\n%s", want, s)
		}
	}
	if games, _ := filepath.Glob(filepath.Join(x.state, "data", "shogi", "games", "*")); len(games) != 0 {
		t.Errorf("a finished record was written for a game that goes on: %q", games)
	}
	x.keptMoves(3)
	x.Keys("Enter")
	x.WaitLong(90*time.Second, "move 5")
	fresh := termtest.Children(strconv.Itoa(x.Program()))
	if len(fresh) != 1 || fresh[0] == engine[0] {
		t.Fatalf("engine processes after the restart: %v (the killed one was %d)", fresh, engine[0])
	}
	x.keptMoves(4)
	x.Keys("q")
	x.WaitFor("Leave the game?")
	x.Keys("y")
	x.WaitFor("Resume a game (1 kept)")
}
