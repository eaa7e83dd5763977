package csaplay

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/csa"
	"shogi/game/csa/csatest"
	"shogi/game/match"
	"shogi/game/usi/usitest"
	"shogi/kifu"
)

// options are a run of one game for the greedy level against srv.
func options(t *testing.T, srv *csatest.Server) Options {
	t.Helper()
	sp, err := match.ParseSpec("greedy")
	if err != nil {
		t.Fatal(err)
	}
	return Options{Server: srv.Addr, ID: "tester", Password: "pw", Local: sp, Games: 1, Turn: "*", Timeout: 2 * time.Second}
}

// runToEnd runs o with ctx and no interrupts, and returns its status,
// stdout and stderr. Once stderr says when, then is called.
func runToEnd(t *testing.T, ctx context.Context, o Options, when string, then func()) (int, string, string) {
	t.Helper()
	var stdout bytes.Buffer
	stderr := &usitest.SyncBuffer{}
	done := make(chan int)
	go func() { done <- Run(ctx, o, &stdout, stderr, nil) }()
	if then != nil {
		go func() {
			for !strings.Contains(stderr.String(), when) {
				time.Sleep(2 * time.Millisecond)
			}
			then()
		}()
	}
	select {
	case code := <-done:
		return code, stdout.String(), stderr.String()
	case <-time.After(3 * time.Minute):
		t.Fatalf("Run did not return:\n%s", stderr.String())
	}
	return 0, "", ""
}

// Run makes the records' directory, the whole path, and writes there the
// game the server played: the moves the server received are White's in
// it, and the line on stdout counts its moves. The server rules White
// out of time at move 30: a game played out between greedy's random
// tie-breaks and the server's first legal move lasted anywhere from 20 ms
// to seconds under load, and thirty moves make the same claim.
func TestRunWritesTheRecord(t *testing.T) {
	t.Parallel()
	srv := csatest.NewServer(t, csatest.Script{Client: game.White, Think: time.Millisecond, TimeUp: 30})
	o := options(t, srv)
	o.Out = filepath.Join(t.TempDir(), "not", "yet")
	code, out, stderr := runToEnd(t, context.Background(), o, "", nil)
	m := regexp.MustCompile(`^game 1: white vs fakeopp: (win|loss|draw) \S+, (\d+) moves, fake-game-1\n$`).FindStringSubmatch(out)
	if code != 0 || m == nil {
		t.Fatalf("exit %d, stdout %q\n%s", code, out, stderr)
	}
	r, err := kifu.ReadFile(filepath.Join(o.Out, "fake-game-1.csa"))
	if err != nil {
		t.Fatal(err)
	}
	var moves int
	var ours, sent []string
	for _, n := range r.MainLine() {
		if n.IsMove() {
			moves++
			if n.Move.Color() == game.White {
				ours = append(ours, csa.FormatMove(n.Move))
			}
		}
	}
	for _, l := range srv.Received() {
		if rest, ok := strings.CutPrefix(l, "1< "); ok && len(rest) >= 7 && rest[0] == '-' {
			sent = append(sent, rest[:7])
		}
	}
	if len(ours) == 0 || strings.Join(ours, " ") != strings.Join(sent, " ") || strconv.Itoa(moves) != m[2] {
		t.Errorf("White's moves in the record %v, the server got %v; the record has %d moves, the line says %s", ours, sent, moves, m[2])
	}
}

// The context passed in ends the run as a third Ctrl+C does: at once,
// the game in progress interrupted, no other begun, status 130.
func TestRunContextEnds(t *testing.T) {
	t.Parallel()
	srv := csatest.NewServer(t, csatest.Script{Client: game.Black, Think: 50 * time.Millisecond})
	o := options(t, srv)
	o.Games = 3
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	code, out, stderr := runToEnd(t, ctx, o, "shogi csa: game 1: fake-game-1", cancel)
	if code != 130 || !strings.HasPrefix(out, "game 1: black vs fakeopp: ") || strings.Contains(out, "game 2") ||
		!strings.HasSuffix(stderr, "shogi csa: stopped after 1 game\n") {
		t.Errorf("exit %d, stdout %q\n%s", code, out, stderr)
	}
}

// plural's words are the messages'.
func TestPlural(t *testing.T) {
	for n, want := range map[int]string{0: "0 games", 1: "1 game", 2: "2 games"} {
		if got := plural(n, "game"); got != want {
			t.Errorf("plural(%d) = %q, want %q", n, got, want)
		}
	}
}

// The record is kept after every move, not only at the game's end: while
// the server is silent on our fifth move, the file holds the four moves
// before it and no ending; the game the context then ends is written
// whole, interrupted.
func TestRunKeepsTheRecordEveryMove(t *testing.T) {
	t.Parallel()
	srv := csatest.NewServer(t, csatest.Script{Client: game.Black, Silent: 4})
	o := options(t, srv)
	o.Out = t.TempDir()
	o.Timeout = time.Minute            // the silence lasts until the context ends
	o.Silence = 100 * time.Millisecond // said sooner than the 2 s a player is given
	path := filepath.Join(o.Out, "fake-game-1.csa")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var during *kifu.Record
	var readErr error
	code, _, stderr := runToEnd(t, ctx, o, "the server is silent", func() {
		during, readErr = kifu.ReadFile(path)
		cancel()
	})
	if readErr != nil {
		t.Fatalf("the record while the server is silent: %v\n%s", readErr, stderr)
	}
	// moves counts a record's moves and says whether its line ends.
	moves := func(r *kifu.Record) (n int, ended bool) {
		for _, nd := range r.MainLine() {
			if nd.IsMove() {
				n++
			}
			ended = ended || nd.Ending != kifu.NoEnding
		}
		return n, ended
	}
	if n, ended := moves(during); n != 4 || ended {
		t.Errorf("while the server is silent the record has %d moves (ended %v), want 4 and no ending", n, ended)
	}
	after, err := kifu.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n, ended := moves(after); code != 130 || n != 4 || !ended {
		t.Errorf("exit %d; the record after has %d moves (ended %v), want 4 and an ending\n%s", code, n, ended, stderr)
	}
}

func TestMain(m *testing.M) {
	usitest.MaybeRun() // this binary is the fake engine when asked
	os.Exit(m.Run())
}

// An engine that declares pondering is asked to ponder (go ponder in its
// transcript) in a game whose clock allows it, and not in a 10-second
// sudden-death game, on the same run's player.
func TestPonderWhenTheClockAllows(t *testing.T) {
	t.Setenv(usitest.Env, "think=0,ponder")
	for _, c := range []struct {
		time   []string
		ponder bool
	}{
		{[]string{"Time_Unit:1sec", "Total_Time:60", "Byoyomi:1"}, true},
		{[]string{"Time_Unit:1sec", "Total_Time:10", "Byoyomi:0"}, false},
	} {
		srv := csatest.NewServer(t, csatest.Script{Client: game.Black, Time: c.time})
		sp, err := match.ParseSpec("usi:" + os.Args[0])
		if err != nil {
			t.Fatal(err)
		}
		sp.Ponder = true
		o := Options{Server: srv.Addr, ID: "tester", Password: "pw", Local: sp, Games: 1, Turn: "*", Timeout: 2 * time.Second}
		logPath := filepath.Join(t.TempDir(), "csa.log")
		o.OpenLog = func() (*os.File, string) {
			f, err := os.Create(logPath)
			if err != nil {
				t.Fatal(err)
			}
			return f, logPath
		}
		code, _, stderr := runToEnd(t, t.Context(), o, "", nil)
		if code != 0 {
			t.Fatalf("%v: exit %d\n%s", c.time, code, stderr)
		}
		tr, err := os.ReadFile(logPath)
		if err != nil {
			t.Fatal(err)
		}
		if asked := strings.Contains(string(tr), "go ponder"); asked != c.ponder {
			t.Errorf("%v: go ponder sent %v, want %v\n%s", c.time, asked, c.ponder, stderr)
		}
		if said := strings.Contains(stderr, ", pondering\n"); said != c.ponder {
			t.Errorf("%v: the game line says pondering %v, want %v\n%s", c.time, said, c.ponder, stderr)
		}
	}
}

// PonderAllowed's edges: a second a move or a minute in all, or no clock.
func TestPonderAllowed(t *testing.T) {
	s := time.Second
	for _, c := range []struct {
		r    csa.TimeRule
		want bool
	}{
		{csa.TimeRule{}, true},
		{csa.TimeRule{Total: 60 * s}, true},
		{csa.TimeRule{Total: 59 * s}, false},
		{csa.TimeRule{Total: 10 * s, Byoyomi: s}, true},
		{csa.TimeRule{Total: 10 * s, Increment: s}, true},
		{csa.TimeRule{Total: 10 * s, Byoyomi: s / 2}, false},
	} {
		if got := PonderAllowed(c.r); got != c.want {
			t.Errorf("PonderAllowed(%+v) = %v, want %v", c.r, got, c.want)
		}
	}
}
