package online

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/csa"
	"shogi/game/csa/csatest"
	"shogi/internal/termtest"
	"shogi/kifu"
	"shogi/tui/common"
)

// A person's game in the app on the real CSA server (shogi-server, as
// floodgate runs it) against `shogi csa --level beginner`: the person
// logs in through the form, plays moves typed in the app, resigns; the
// server's record has every move, and so do the app's record in the games
// folder and the other side's. Two moves of the person's show it as well
// as more would: each is typed on the person's turn, which needs the
// other side's move before it.
func TestTmuxOnlineRealServer(t *testing.T) {
	t.Parallel()
	termtest.Need(t)
	addr, serverDir := csatest.RealServer(t)
	bin := termtest.Binary(t)

	// The other side: a headless client with a built-in level, paired by
	// the game name in the password (the standard mode).
	other := t.TempDir()
	var botOut, botErr bytes.Buffer
	bot := exec.Command(bin, "csa", "--server", addr, "--id", "bot", "--password", "testgame-300-10,b",
		"--level", "beginner", "--out", filepath.Join(other, "records"), "--log", filepath.Join(other, "csa.log"))
	bot.Env = append(os.Environ(), "XDG_CONFIG_HOME="+other, "XDG_DATA_HOME="+other, "XDG_CACHE_HOME="+other, "XDG_STATE_HOME="+other)
	bot.Stdout, bot.Stderr = &botOut, &botErr
	if err := bot.Start(); err != nil {
		t.Fatal(err)
	}
	botDone := make(chan struct{})
	var botErrWait error
	go func() { botErrWait = bot.Wait(); close(botDone) }()
	t.Cleanup(func() {
		bot.Process.Kill()
		<-botDone
	})

	x := startApp(t, 100, 30, "", "New game")
	x.Keys("Down", "Enter")
	x.WaitFor("Play online on a CSA server")
	// The fields' text in bursts (each character still a key of its
	// own), the keys between them one by one.
	for _, field := range []string{addr, "human", "testgame-300-10,h"} {
		x.Keys("Down")
		x.Type(field)
	}
	x.Keys("Enter")
	s := x.WaitLong(60*time.Second, "testgame-300-10+")
	id := regexp.MustCompile(`game (\S*testgame-300-10\+\S+)`).FindStringSubmatch(s)[1]
	us := game.Black
	if regexp.MustCompile(`△White human`).MatchString(s) {
		us = game.White
	}

	// Two moves of the person's, each typed in the app when the screen
	// says it is their turn: the first legal move that does not capture,
	// in the position the kept file holds.
	state := x.state
	var played []game.Move
	for n := 0; n < 2; n++ {
		moves := keptWhenOurTurn(t, x, state, us)
		pos := game.StartPosition()
		for _, mv := range moves {
			pos = pos.Play(mv)
		}
		mv := quietMove(t, &pos)
		played = append(played, mv)
		x.Keys(mv.USI(), "Enter")
		keptAtLeast(t, state, len(moves)+1)
	}
	// Resigned on the person's turn: a question asked while the other
	// side thinks is put away by its move (under load the y and enter
	// then reached the board).
	keptWhenOurTurn(t, x, state, us)
	x.Keys("x", "y", "Enter")
	s = x.WaitLong(60*time.Second, "%TORYO #RESIGN #LOSE", "saved as")

	// The server's record has every move; the app's record and the other
	// side's have the same.
	want, _ := csatest.RecordMoves(csatest.Record(t, serverDir, id))
	files, _ := filepath.Glob(filepath.Join(state, "data", "shogi", "games", "*.kif*"))
	if len(files) != 1 {
		t.Fatalf("the app's games folder holds %v:\n%s", files, s)
	}
	var got []string
	for _, mv := range readRecord(t, files[0]).MainMoves() {
		got = append(got, csa.FormatMove(mv))
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the app's record %v, the server's %v", got, want)
	}
	for _, mv := range played {
		if !strings.Contains(strings.Join(want, " "), csa.FormatMove(mv)) {
			t.Errorf("the person's move %s is not in the server's record %v", csa.FormatMove(mv), want)
		}
	}
	select {
	case <-botDone:
		if botErrWait != nil {
			t.Errorf("shogi csa: %v\n%s", botErrWait, botErr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("shogi csa runs on after its game:\n%s", botErr.String())
	}
	if line := botOut.String(); !strings.Contains(line, "win RESIGN") || !strings.Contains(line, id) {
		t.Errorf("shogi csa said %q", line)
	}
	back, err := os.ReadFile(filepath.Join(other, "records", id+".csa"))
	if err != nil {
		t.Fatal(err)
	}
	if mine, _ := csatest.RecordMoves(string(back)); strings.Join(mine, " ") != strings.Join(want, " ") {
		t.Errorf("shogi csa's record %v, the server's %v", mine, want)
	}
}

// keptWhenOurTurn waits until the screen says it is side us's turn and
// returns the game's moves as the kept file holds them (none before the
// first move is kept).
func keptWhenOurTurn(t *testing.T, x *tmuxApp, state string, us game.Color) []game.Move {
	t.Helper()
	badge := "▲Black to move"
	if us == game.White {
		badge = "△White to move"
	}
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		s := x.Screen()
		var moves []game.Move
		files, _ := filepath.Glob(filepath.Join(state, "state", "shogi", "kept", "*.json"))
		if len(files) == 1 {
			if e, err := common.ReadKept(files[0]); err == nil {
				moves = e.Setup.Moves
			}
		}
		if strings.Contains(s, badge) && strings.Contains(s, fmt.Sprintf("move %d ", len(moves)+1)) {
			return moves
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("never the person's turn:\n%s", x.Screen())
	return nil
}

// keptAtLeast waits until the kept game holds n moves.
func keptAtLeast(t *testing.T, state string, n int) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		files, _ := filepath.Glob(filepath.Join(state, "state", "shogi", "kept", "*.json"))
		if len(files) != 1 {
			continue
		}
		if e, err := common.ReadKept(files[0]); err == nil && len(e.Setup.Moves) >= n {
			return
		}
	}
	t.Fatalf("the kept game never held %d moves", n)
}

// quietMove is the first legal move that captures nothing and does not
// promote, or any legal move.
func quietMove(t *testing.T, pos *game.Position) game.Move {
	t.Helper()
	legal := pos.LegalMoves(nil)
	if len(legal) == 0 {
		t.Fatalf("no legal move in %s", pos.SFEN())
	}
	for _, mv := range legal {
		if !mv.IsDrop() && pos.At(mv.To()) == game.NoPiece && !mv.IsPromotion() {
			return mv
		}
	}
	return legal[0]
}

// readRecord reads a record the app wrote.
func readRecord(t *testing.T, path string) *kifu.Record {
	t.Helper()
	rec, err := kifu.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// tmuxApp is the real binary in a tmux pane, with settings, data and
// kept games in a state directory of the test's own.
type tmuxApp struct {
	*termtest.Tmux
	state string // the app's state directory
}

// startApp runs `shogi ARGS` at w×h on a plain UTF-8, narrow,
// 256-colour terminal, its folders the test's own, and waits for want.
func startApp(t *testing.T, w, h int, args, want string) *tmuxApp {
	t.Helper()
	termtest.Need(t)
	bin := termtest.Binary(t)
	state := t.TempDir()
	base := "LANG=C.UTF-8 LC_ALL= LC_MESSAGES= LC_CTYPE= RUNEWIDTH_EASTASIAN=0 TERM=xterm-256color COLORTERM= NO_COLOR= COLORFGBG= TMUX="
	dirs := fmt.Sprintf("HOME=%[1]s/home XDG_CONFIG_HOME=%[1]s/config XDG_DATA_HOME=%[1]s/data XDG_CACHE_HOME=%[1]s/cache XDG_STATE_HOME=%[1]s/state", state)
	x := &tmuxApp{state: state, Tmux: termtest.Start(t, w, h, fmt.Sprintf("env %s %s %s %s", base, dirs, bin, args))}
	x.WaitFor(want)
	return x
}
