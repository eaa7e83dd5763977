package series

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"shogi/game/match"
	"shogi/game/usi/usitest"
	"shogi/internal/testenv"
	"shogi/kifu"
)

// The test binary doubles as a scripted USI engine (see usitest): a
// player "usi:"+os.Args[0] is that engine.
func TestMain(m *testing.M) {
	usitest.MaybeRun()
	cleanup := testenv.Isolate()
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// cancelAt collects what the series writes to stderr and calls cancel
// once text has been written.
type cancelAt struct {
	mu     sync.Mutex
	b      strings.Builder
	text   string
	cancel func()
}

func (c *cancelAt) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.b.Write(p)
	if strings.Contains(c.b.String(), c.text) {
		c.cancel()
	}
	return len(p), nil
}

func (c *cancelAt) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.b.String()
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

// Interrupting a match keeps the games that finished: written, counted,
// and the result line printed.
func TestMatchInterrupted(t *testing.T) {
	t.Setenv(usitest.Env, "name=slow,think=30ms")
	dir := t.TempDir()
	out := filepath.Join(dir, "games.csa")
	o := Options{Games: 50, Control: match.TimeControl{Byoyomi: time.Second}, Margin: time.Second, MaxMoves: 6,
		Concurrency: 2, Out: out, OutFormat: kifu.CSA, Seed: 1}
	var err error
	if o.Specs[0], err = match.ParseSpec("usi:" + os.Args[0]); err != nil {
		t.Fatal(err)
	}
	o.Specs[1], _ = match.ParseSpec("greedy")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var stdout strings.Builder
	// The series is interrupted as the third game is reported.
	stderr := &cancelAt{text: "game 3/50", cancel: cancel}
	code := Run(ctx, o, &stdout, stderr)
	if code != 130 || !strings.Contains(stderr.String(), "interrupted after") {
		t.Fatalf("status %d\n%s", code, stderr.String())
	}
	r, err := kifu.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	finished := strings.Count(stderr.String(), "\ngame ")
	if got := len(r.Games) + 1; got != finished || finished < 3 || finished >= 50 {
		t.Errorf("%d games in the file, %d finished", got, finished)
	}
	if !strings.HasPrefix(lastLine(stdout.String()), "slow vs greedy: ") {
		t.Errorf("result %q", stdout.String())
	}
}

// Two players of one name, as Threads=2 against Threads=1 of one engine
// are, are told apart in the lines by the order they were given, and the
// winner named is the one that won: here the second always resigns.
func TestMatchSameNames(t *testing.T) {
	dir := t.TempDir()
	script := func(name, spec string) string {
		p := filepath.Join(dir, name)
		body := "#!/bin/sh\n" + usitest.Env + "='" + spec + "' exec '" + os.Args[0] + "'\n"
		// Written by a child process, so that no file descriptor of ours
		// is open for writing when the script is run (ETXTBSY).
		cmd := exec.Command("/bin/sh", "-c", `cat >"$0" && chmod 755 "$0"`, p)
		cmd.Stdin = strings.NewReader(body)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("writing %s: %v\n%s", p, err, out)
		}
		return p
	}
	o := Options{Games: 4, Control: match.TimeControl{Byoyomi: time.Second}, Margin: time.Second, MaxMoves: 40,
		Concurrency: 1, Seed: 1}
	var err error
	if o.Specs[0], err = match.ParseSpec("usi:" + script("plays", "name=twin")); err != nil {
		t.Fatal(err)
	}
	if o.Specs[1], err = match.ParseSpec("usi:" + script("resigns", "name=twin,resign")); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr strings.Builder
	if code := Run(t.Context(), o, &stdout, &stderr); code != 0 {
		t.Fatalf("status %d\n%s", code, stderr.String())
	}
	var games int
	for _, l := range strings.Split(stderr.String(), "\n") {
		if !strings.HasPrefix(l, "game ") {
			continue
		}
		games++
		black := strings.Contains(l, ": twin #1 (Black) vs twin #2: Black wins")
		white := strings.Contains(l, ": twin #2 (Black) vs twin #1: White wins")
		if !black && !white {
			t.Errorf("line %q does not say that #1 won", l)
		}
	}
	if games != 4 || !strings.Contains(stderr.String(), "4 games, twin #1 vs twin #2,") {
		t.Errorf("%d game lines:\n%s", games, stderr.String())
	}
	if got := lastLine(stdout.String()); !strings.HasPrefix(got, "twin #1 vs twin #2: 4-0-0 ") {
		t.Errorf("result %q", got)
	}
}

// A verdict reached with a game still in flight keeps the ratio it was
// reached on, and says at which game, even when that game then moves the
// ratio back inside the bounds.
func TestSPRTText(t *testing.T) {
	p := match.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	decided := match.Tally{Wins: 242, Losses: 141}
	if p.Verdict(decided) != "H1 accepted" {
		t.Fatalf("the test's tally %v is not decided: LLR %.3f", decided, p.LLR(decided))
	}
	after := decided
	after.Losses++
	res := match.SeriesResult{Tally: after, Decided: decided, Verdict: "H1 accepted"}
	want := fmt.Sprintf(", SPRT [0, 10] LLR %.2f (-2.94, 2.94) at game 383: H1 accepted", p.LLR(decided))
	if got := sprtText(p, res); got != want {
		t.Errorf("got %q, want %q (LLR after the last game %.2f)", got, want, p.LLR(after))
	}
	res.Tally = decided
	if got := sprtText(p, res); strings.Contains(got, "at game") {
		t.Errorf("no game in flight: %q", got)
	}
	res = match.SeriesResult{Tally: match.Tally{Wins: 3, Losses: 2}}
	if got := sprtText(p, res); !strings.HasSuffix(got, ": no verdict") {
		t.Errorf("undecided: %q", got)
	}
}
