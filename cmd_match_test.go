package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"shogi/app/gamedb"
	"shogi/game"
	"shogi/game/engine"
	"shogi/game/match"
	"shogi/game/usi/usitest"
	"shogi/internal/testenv"
	"shogi/kifu"
	"shogi/kifu/matchrec"
)

// The test binary doubles as a scripted USI engine (see usitest): a
// player "usi:"+os.Args[0] is that engine, behaving as the environment
// variable usitest.Env says; and as the shogi command itself when mainEnv
// is set.
func TestMain(m *testing.M) {
	usitest.MaybeRun()
	maybeRunUSI()
	if os.Getenv(mainEnv) != "" {
		// The test binary as the shogi command (cmd_serve_test.go), with
		// the games database's batches as small as the test asked for.
		if n, err := strconv.Atoi(os.Getenv(dbBatchEnv)); err == nil {
			gamedb.BatchSize = n
		}
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	// The commands read the user's settings and write kept games, records
	// and logs: the tests give them directories of their own.
	cleanup := testenv.Isolate()
	// The parallel tests mostly wait on engines, servers and child
	// processes of their own.
	testenv.WaitingTests(4)
	code := m.Run()
	cleanup()
	os.Exit(code)
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

func TestMatchFlags(t *testing.T) {
	if code, _, errOut := runCmd(t, "match", "-h"); code != 0 || !strings.Contains(errOut, "usage: shogi match") || !strings.Contains(errOut, "-byoyomi") {
		t.Errorf("match -h: %d %q", code, errOut)
	}
	for _, args := range [][]string{
		{"match"}, {"match", "greedy"}, {"match", "greedy", "random", "random"}, {"match", "greedy", "stockfish"},
		{"match", "--games", "0", "greedy", "random"}, {"match", "--out", "x.txt", "greedy", "random"},
		{"match", "--sprt", "10", "greedy", "random"}, {"match", "--concurrency", "0", "greedy", "random"},
		{"match", "human", "greedy"}, {"match", "--bogus", "greedy", "random"}, {"match", "--openings", "/nonexistent", "greedy", "random"},
		{"match", "--time", "0", "greedy", "random"}, {"match", "--random-plies", "-1", "greedy", "random"},
	} {
		code, out, errOut := runCmd(t, args...)
		if code != 2 || out != "" || errOut == "" {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want 2, nothing, a message", args, code, out, errOut)
		}
	}
	// An engine that cannot start: exit 1, naming it.
	code, _, errOut := runCmd(t, "match", "--log", filepath.Join(t.TempDir(), "log"), "usi:/nonexistent/engine-x", "greedy")
	if code != 1 || !strings.Contains(errOut, "engine-x cannot be run") {
		t.Errorf("missing engine: %d %q", code, errOut)
	}
}

// Bots against each other: the result line, and every game in the CSA
// file with its times, colours alternating.
func TestMatchBots(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "games.csa")
	code, stdout, stderr := runCmd(t, "match", "--games", "4", "--byoyomi", "50ms", "--seed", "3", "--out", out,
		"--log", filepath.Join(dir, "log"), "greedy", "random")
	if code != 0 {
		t.Fatalf("status %d\n%s", code, stderr)
	}
	last := lastLine(stdout)
	if !strings.HasPrefix(last, "greedy vs random: ") || !strings.Contains(last, "(W-D-L), score ") || !strings.Contains(last, "Elo ") || !strings.Contains(last, "LOS ") {
		t.Errorf("result line %q", last)
	}
	if n := strings.Count(stderr, "\ngame "); n != 4 {
		t.Errorf("%d progress lines:\n%s", n, stderr)
	}
	r, err := kifu.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	games := append([]*kifu.Record{r}, r.Games...)
	if len(games) != 4 {
		t.Fatalf("%d games in %s", len(games), out)
	}
	blacks := map[string]int{}
	for i, g := range games {
		blacks[g.Header("N+")]++
		if g.Header("$TIME_LIMIT") != "0+0.05+0" || g.Header("$START_TIME") == "" {
			t.Errorf("game %d headers %v", i+1, g.Headers)
		}
		if e, _ := g.Ending(); e == kifu.NoEnding {
			t.Errorf("game %d has no ending", i+1)
		}
		for _, n := range g.MainLine() {
			if n.IsMove() && !n.HasTime {
				t.Errorf("game %d move %d has no time", i+1, n.Ply)
				break
			}
		}
	}
	if blacks["greedy"] != 2 || blacks["random"] != 2 {
		t.Errorf("Black was %v", blacks)
	}
}

// Engines that crash lose their games; the match goes on, restarting
// them, and says so at the end. The record of each game is kept, ending
// in 中断 (no rule was broken: a crash is no 反則負け) with a comment
// saying what happened and how the match scored it.
func TestMatchEngineCrashes(t *testing.T) {
	t.Setenv(usitest.Env, "name=crasher,crash=6")
	dir := t.TempDir()
	out := filepath.Join(dir, "games.kifu")
	code, stdout, stderr := runCmd(t, "match", "--games", "2", "--byoyomi", "1s", "--out", out,
		"--log", filepath.Join(dir, "log"), "usi:"+os.Args[0], "greedy")
	if code != 0 {
		t.Fatalf("status %d\n%s", code, stderr)
	}
	if last := lastLine(stdout); !strings.HasPrefix(last, "crasher vs greedy: 0-0-2 ") {
		t.Errorf("result %q", last)
	}
	if strings.Count(stderr, "crasher exited before sending bestmove (exit status 2); the last it said on stderr: fake: segmentation fault (pretend); crasher lost the game and was restarted") != 2 {
		t.Errorf("stderr:\n%s", stderr)
	}
	r, err := kifu.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range append([]*kifu.Record{r}, r.Games...) {
		e, n := g.Ending()
		if len(g.MainMoves()) < 6 || e != kifu.Interrupt || !strings.Contains(n.Comment(), "segmentation fault") ||
			!strings.Contains(n.Comment(), "failed, and the match scored the game for") {
			t.Errorf("game %d: %d moves, %v, %q", i+1, len(g.MainMoves()), e, n.Comment())
		}
	}
	if log, _ := os.ReadFile(filepath.Join(dir, "log")); !strings.Contains(string(log), "! fake: segmentation fault (pretend)") {
		t.Errorf("the engine's stderr is not in the log")
	}
}

// Openings are played twice, colours swapped; the record starts there.
func TestMatchOpenings(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ops := filepath.Join(dir, "openings.txt")
	lance := "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
	os.WriteFile(ops, []byte("# two openings\nstartpos moves 7g7f 3c3d\n\n"+lance+"\n"), 0o644)
	out := filepath.Join(dir, "games.kif")
	code, _, stderr := runCmd(t, "match", "--games", "4", "--byoyomi", "50ms", "--openings", ops, "--out", out,
		"--log", filepath.Join(dir, "log"), "greedy", "random")
	if code != 0 {
		t.Fatalf("status %d\n%s", code, stderr)
	}
	r, err := kifu.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	games := append([]*kifu.Record{r}, r.Games...)
	if len(games) != 4 {
		t.Fatalf("%d games", len(games))
	}
	byStart := map[string][]string{}
	for _, g := range games {
		moves := g.MainMoves()
		key := g.Start.SFEN()
		if key == game.StartSFEN {
			if len(moves) < 2 || moves[0].USI() != "7g7f" || moves[1].USI() != "3c3d" || g.MainLine()[0].HasTime {
				t.Errorf("opening moves: %v (the opening is not timed)", moves[:2])
			}
		}
		byStart[key] = append(byStart[key], g.Header("先手"))
	}
	if len(byStart[game.StartSFEN]) != 2 || len(byStart[lance]) != 2 || byStart[lance][0] == byStart[lance][1] {
		t.Errorf("openings and colours: %v", byStart)
	}
	// Random plies begin each pair alike.
	code, _, stderr = runCmd(t, "match", "--games", "2", "--byoyomi", "50ms", "--random-plies", "6", "--seed", "9", "--out", out,
		"--log", filepath.Join(dir, "log"), "greedy", "random")
	if code != 0 {
		t.Fatal(stderr)
	}
	r, err = kifu.ReadFile(out)
	if err != nil || len(r.Games) != 1 {
		t.Fatal(err)
	}
	a, b := r.MainMoves(), r.Games[0].MainMoves()
	for i := 0; i < 6; i++ {
		if a[i] != b[i] || r.MainLine()[i].HasTime {
			t.Fatalf("random ply %d: %v vs %v", i+1, a[i], b[i])
		}
	}
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("startpos moves 7g7f\nstartpos moves 7g7e\n"), 0o644)
	if code, _, errOut := runCmd(t, "match", "--openings", bad, "greedy", "random"); code != 2 || !strings.Contains(errOut, "bad.txt:2: move 1 (7g7e)") {
		t.Errorf("bad opening: %d %q", code, errOut)
	}
}

// A test between a strong and a weak bot stops as soon as it decides, and
// says the ratio it decided on: with two games at once, the one still in
// flight counts in the tally but may not undo the verdict's figure.
func TestMatchSPRT(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	code, stdout, stderr := runCmd(t, "match", "--games", "400", "--byoyomi", "50ms", "--sprt", "0,200", "--seed", "1",
		"--concurrency", "2", "--log", filepath.Join(dir, "log"), "greedy", "random")
	if code != 0 {
		t.Fatal(stderr)
	}
	last := lastLine(stdout)
	if !strings.Contains(last, "SPRT [0, 200] LLR") || !strings.HasSuffix(last, ": H1 accepted") {
		t.Errorf("result %q", last)
	}
	var llr, lo, hi float64
	if _, err := fmt.Sscanf(last[strings.Index(last, "LLR"):], "LLR %g (%g, %g)", &llr, &lo, &hi); err != nil || llr < hi {
		t.Errorf("result %q: LLR %g below the bound %g it was accepted at (%v)", last, llr, hi, err)
	}
	if n := strings.Count(stderr, "\ngame "); n >= 400 || n < 2 {
		t.Errorf("stopped after %d games", n)
	}
}

// The record of a match game: times per move in KIF and CSA, the engine's
// evaluation from Black's side, and the time control and names in the
// headers. The game is played on a fake clock, so every time is exact.
func TestMatchRecord(t *testing.T) {
	ft := match.NewFakeTime(time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC))
	// Black thinks 3 s a move and reports a score of +50 for itself; White
	// 12 s a move and reports +80 for itself (so -80 from Black's side).
	b := &thinker{ft: ft, d: 3 * time.Second, score: 50, name: "eng-b"}
	w := &thinker{ft: ft, d: 12 * time.Second, score: 80, name: "eng-w"}
	tc := match.TimeControl{Main: 10 * time.Minute, Byoyomi: 30 * time.Second}
	m, err := match.New(match.Config{Start: game.StartPosition(), Players: [2]match.Player{b, w}, Time: [2]match.TimeControl{tc, tc},
		MaxMoves: 4, TimeSource: ft})
	if err != nil {
		t.Fatal(err)
	}
	rec := matchrec.Record(m.Run(context.Background()), "test")
	kif, _ := kifu.Marshal(rec, kifu.KIF, kifu.WriteOptions{Encoding: kifu.UTF8})
	for _, want := range []string{
		"開始日時：2026/05/06 07:08:09\n終了日時：2026/05/06 07:08:39\n棋戦：test\n持ち時間：10:00+30\n先手：eng-b\n後手：eng-w\n",
		"   1 ",
		"( 0:03/00:00:03)\n*互角\n**評価値=50\n**読み筋=△",
		"( 0:12/00:00:12)\n*互角\n**評価値=-80\n",
		"( 0:03/00:00:06)",
		"( 0:12/00:00:24)",
		"   5 持将棋\n*the move limit (4) was reached",
	} {
		if !strings.Contains(string(kif), want) {
			t.Errorf("KIF lacks %q:\n%s", want, kif)
		}
	}
	csa, _ := kifu.Marshal(rec, kifu.CSA, kifu.WriteOptions{})
	for _, want := range []string{"$TIME_LIMIT:10:00+30\n", "N+eng-b\n", "T3\n'** 50 -", "T12\n'** -80 +"} {
		if !strings.Contains(string(csa), want) {
			t.Errorf("CSA lacks %q:\n%s", want, csa)
		}
	}
}

// thinker spends d on the fake clock, reports score for itself and the
// line it plays, then plays the first legal move.
type thinker struct {
	ft    *match.FakeTime
	d     time.Duration
	score int
	name  string
}

func (p *thinker) Name() string { return p.name }

func (p *thinker) Play(ctx context.Context, t engine.Request) (engine.BestMove, error) {
	p.ft.Advance(p.d)
	pos := t.Position()
	legal := pos.LegalMoves(nil)
	next := pos.Play(legal[0])
	t.Info(engine.Info{Depth: 1, HasScore: true, Score: engine.Score{Value: p.score}, PV: []game.Move{legal[0], next.LegalMoves(nil)[0]}})
	return engine.BestMove{Move: legal[0]}, nil
}

// A series resumed from its file plays only the games the file does not
// score and ends as the whole series run at once does: bots choose from
// the seed and the game's number, so the same games come out. The levels
// stop at their budgets (one ply for novice), far inside a byōyomi of
// 30 s however loaded the machine: the clock never cuts a search and
// changes a game. Four games, two of them resumed (each opening played
// with both colours), in each of the two formats a series is kept in.
func TestMatchResume(t *testing.T) {
	t.Parallel()
	for _, ext := range []string{".csa", ".kifu"} {
		t.Run(ext, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			whole, part := filepath.Join(dir, "whole"+ext), filepath.Join(dir, "part"+ext)
			openings := filepath.Join(dir, "openings.txt")
			if err := os.WriteFile(openings, []byte("startpos moves 7g7f 3c3d\nstartpos moves 2g2f 8c8d\nstartpos moves 5g5f\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			args := func(games, out string, more ...string) []string {
				a := []string{"match", "--games", games, "--byoyomi", "30s", "--margin", "1s", "--max-moves", "40", "--seed", "5", "--openings", openings,
					"--out", out, "--log", filepath.Join(dir, "log")}
				return append(append(a, more...), "novice", "greedy")
			}
			code, wantOut, stderr := runCmd(t, args("4", whole)...)
			if code != 0 {
				t.Fatalf("whole run: status %d\n%s", code, stderr)
			}
			if code, _, stderr = runCmd(t, args("2", part)...); code != 0 {
				t.Fatalf("first part: status %d\n%s", code, stderr)
			}
			code, gotOut, stderr := runCmd(t, args("4", part, "--resume")...)
			if code != 0 {
				t.Fatalf("resumed: status %d\n%s", code, stderr)
			}
			if !strings.Contains(stderr, "2 games already in") || strings.Count(stderr, "\ngame ") != 2 || !strings.Contains(stderr, "game 4/4") {
				t.Errorf("resumed run's progress:\n%s", stderr)
			}
			if lastLine(gotOut) != lastLine(wantOut) {
				t.Errorf("resumed %q, whole %q", lastLine(gotOut), lastLine(wantOut))
			}
			w, p := fileGames(t, whole), fileGames(t, part)
			if len(p) != 4 {
				t.Fatalf("%d games in the resumed file", len(p))
			}
			for i := range w {
				if !slices.Equal(w[i].MainMoves(), p[i].MainMoves()) || w[i].Result() != p[i].Result() {
					t.Errorf("game %d differs: %v %v", i+1, w[i].Result(), p[i].Result())
				}
			}
			// Nothing left to play: the result stands at once.
			if code, out, stderr := runCmd(t, args("4", part, "--resume")...); code != 0 || lastLine(out) != lastLine(wantOut) || strings.Contains(stderr, "\ngame ") {
				t.Errorf("resumed when done: status %d %q\n%s", code, out, stderr)
			}
		})
	}
}

// Resuming refuses a file from another series, saying why.
func TestMatchResumeRefuses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "games.csa")
	base := []string{"match", "--byoyomi", "1s", "--max-moves", "20", "--seed", "5", "--log", filepath.Join(dir, "log"), "--out", out}
	if code, _, stderr := runCmd(t, append(base, "--games", "4", "greedy", "random")...); code != 0 {
		t.Fatalf("status %d\n%s", code, stderr)
	}
	other := filepath.Join(dir, "other.txt")
	if err := os.WriteFile(other, []byte("startpos moves 7g7f\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	junk := filepath.Join(dir, "junk.csa")
	if err := os.WriteFile(junk, []byte("V2.2\nPI\n+\n+7776FU\n%TORYO\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--games", "4", "--resume", "random", "greedy"}, "game 1 was played by greedy (Black) and random (White), not random and greedy"},
		{[]string{"--games", "2", "--resume", "greedy", "random"}, "holds game 3, but the series has 2 games"},
		{[]string{"--games", "4", "--resume", "--byoyomi", "2s", "greedy", "random"}, "its clock was 00:00+01, this run's is 00:00+02"},
		{[]string{"--games", "4", "--resume", "--openings", other, "greedy", "random"}, "began from another position"},
	} {
		// Each is a file that does not fit the run: exit status 2, as
		// docs/engines.md says.
		code, _, stderr := runCmd(t, append(base, c.args...)...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: status %d, want 2 and a message with %q:\n%s", c.args, code, c.want, stderr)
		}
	}
	code, _, stderr := runCmd(t, "match", "--games", "2", "--resume", "--out", junk, "greedy", "random")
	if code != 2 || !strings.Contains(stderr, "not a game shogi match wrote") {
		t.Errorf("a file shogi match did not write: status %d\n%s", code, stderr)
	}
	if code, _, stderr := runCmd(t, "match", "--resume", "greedy", "random"); code != 2 || !strings.Contains(stderr, "give --out") {
		t.Errorf("--resume without --out: status %d\n%s", code, stderr)
	}
	// The refused runs left the file as it was.
	if n := len(fileGames(t, out)); n != 4 {
		t.Errorf("%d games in the file after the refusals", n)
	}
}

func fileGames(t *testing.T, path string) []*kifu.Record {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []*kifu.Record
	gr := kifu.NewGameReader(f, path, kifu.Unknown)
	for {
		r, err := gr.Next()
		if err != nil {
			if err != io.EOF {
				t.Fatal(err)
			}
			return out
		}
		out = append(out, r)
	}
}
