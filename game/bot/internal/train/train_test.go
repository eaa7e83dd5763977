package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"shogi/game"
	"shogi/game/bot/internal/eval"
	"shogi/internal/testenv"
)

// Self-play is deterministic from the seed and the game's number, and
// every line it writes is a legal position with a score and a result.
func TestPlayIsDeterministic(t *testing.T) {
	o := playOptions{games: 2, nodes: 300, workers: 1, seed: 7, maxPlies: 60, hashMB: 1}
	a := strings.Join(playGame(o, 1), "")
	b := strings.Join(playGame(o, 1), "")
	if a == "" || a != b {
		t.Fatalf("game 1 twice: %d and %d bytes, equal %v", len(a), len(b), a == b)
	}
	for _, l := range strings.Split(strings.TrimSpace(a), "\n") {
		f := strings.Split(l, "\t")
		if len(f) != 4 || f[3] != "1" {
			t.Fatalf("line %q: want SFEN, score, result, game 1", l)
		}
		if _, err := game.ParseSFEN(f[0]); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		if f[2] != "1" && f[2] != "0" && f[2] != "0.5" {
			t.Fatalf("line %q: result %q", l, f[2])
		}
	}
}

// With -starts, every game begins at a position of the file: each
// position written comes at or after the start's move number, and a bad
// line is refused with its line number.
func TestPlayFromStarts(t *testing.T) {
	dir := t.TempDir()
	const mid = "ln1g3nl/1r1sg1k2/p1pppsbpp/1p3pp2/7P1/2P1P4/PPBP1PP1P/2GS1S1R1/LN2KG1NL b - 41"
	name := filepath.Join(dir, "starts.txt")
	if err := os.WriteFile(name, []byte(mid+"\t12\t1\t0\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	starts, err := readStarts(name)
	if err != nil || len(starts) != 1 {
		t.Fatalf("readStarts: %d positions, %v", len(starts), err)
	}
	o := playOptions{games: 1, nodes: 300, workers: 1, seed: 7, maxPlies: 80, starts: starts, hashMB: 1}
	lines := playGame(o, 0)
	if len(lines) == 0 {
		t.Fatal("no positions")
	}
	for _, l := range lines {
		p, err := game.ParseSFEN(strings.Split(l, "\t")[0])
		if err != nil || p.MoveNumber() < 41 {
			t.Fatalf("line %q: move %d before the start's 41 (%v)", l, p.MoveNumber(), err)
		}
	}
	if err := os.WriteFile(name, []byte(mid+"\nnot a position\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readStarts(name); err == nil || !strings.Contains(err.Error(), "starts.txt:2:") {
		t.Errorf("a bad line: %v", err)
	}
}

// The reader of shogi match's CSA files takes each move's score from the
// comment after it (Black's side), turns it to the mover's side, and
// gives the result from the side to move: here White resigns, so Black's
// positions are wins and White's losses; the unscored first move and the
// capture are left out, and a game lost on time gives nothing.
func TestReadCSAGames(t *testing.T) {
	const games = `V2.2
N+a
N-b
PI
+
+7776FU
-3334FU
T0
'** 40 +2726FU
+2726FU
T1
'** 55 -8384FU
-8384FU
T0
'** -70 +8822UM
+8822UM
T0
'** 300 -3122GI
%TORYO
/
PI
+
+7776FU
T0
'** 10 -3334FU
%TIME_UP
`
	var got [][]string
	if err := readCSAGames(strings.NewReader(games), "", func(l []string) { got = append(got, l) }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("%d games, want 1 (the game lost on time gives nothing): %q", len(got), got)
	}
	want := []string{
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\t-40\t0",
		"lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3\t55\t1",
		"lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4\t70\t0",
	}
	if strings.Join(got[0], "\n") != strings.Join(want, "\n") {
		t.Errorf("positions:\n%s\nwant:\n%s", strings.Join(got[0], "\n"), strings.Join(want, "\n"))
	}
	// Only b's positions (White to move), then only a's.
	for player, wantLines := range map[string][]string{"b": {want[0], want[2]}, "a": {want[1]}} {
		got = nil
		if err := readCSAGames(strings.NewReader(games), player, func(l []string) { got = append(got, l) }); err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || strings.Join(got[0], "\n") != strings.Join(wantLines, "\n") {
			t.Errorf("-player %s: %q, want %q", player, got, wantLines)
		}
	}
}

// Fitting recovers what generated the labels: positions scored by a known
// evaluation (the pieces in hand, valued upside down so that the fit's
// starting guess is wrong) are scored by the fitted weights much as the
// known evaluation scores them; and the output is the same for the same
// seed. The default run fits 20 games' positions (some 900) for 10
// epochs, past where the loss stops falling; the long tier 40 games for
// 30 epochs.
func TestFitRecoversTheScore(t *testing.T) {
	if testing.Short() {
		t.Skip("plays and fits games of positions")
	}
	games, epochs := 20, "10"
	if testenv.Long() {
		games, epochs = 40, "30"
	}
	dir := t.TempDir()
	var b strings.Builder
	values := map[game.PieceType]int{game.Pawn: 550, game.Lance: 450, game.Knight: 350, game.Silver: 300,
		game.Gold: 200, game.Bishop: 150, game.Rook: 50}
	o := playOptions{nodes: 200, seed: 3, maxPlies: 80, hashMB: 1}
	var positions []game.Position
	var scores []float64
	for i := range games {
		for _, l := range playGame(o, i) {
			f := strings.Split(l, "\t")
			p, _ := game.ParseSFEN(f[0])
			v := 0
			for t, x := range values {
				v += x * (p.Hand(p.SideToMove(), t) - p.Hand(p.SideToMove().Other(), t))
			}
			b.WriteString(f[0] + "\t" + strconv.Itoa(v) + "\t0.5\t" + f[3])
			positions = append(positions, p)
			scores = append(scores, float64(v))
		}
	}
	in := filepath.Join(dir, "positions.txt")
	if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	fit := func(name, epochs string) []byte {
		out := filepath.Join(dir, name)
		if err := runFit([]string{"-epochs", epochs, "-batch", "32", "-lr", "5", "-lambda", "1", "-k", "3000", "-holdout", "0", "-o", out, in}); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(out)
		return b
	}
	// The same seed, the same output: two short fits show it (an order
	// that varies, a map's or goroutines', shows from the first epoch on).
	if !bytes.Equal(fit("a.bin", "3"), fit("b.bin", "3")) {
		t.Error("two fits with the same seed differ")
	}
	w, err := eval.Decode(fit("w.bin", epochs))
	if err != nil {
		t.Fatal(err)
	}
	var evals []float64
	for i := range positions {
		evals = append(evals, float64(w.Evaluate(&positions[i])))
	}
	r := correlation(evals, scores)
	t.Logf("%d positions, correlation %.3f", len(positions), r)
	if r < 0.9 {
		t.Errorf("the fitted evaluation correlates %.3f with the scores it was fitted to, want 0.9 or more", r)
	}
}

func correlation(x, y []float64) float64 {
	n := float64(len(x))
	var sx, sy, sxx, syy, sxy float64
	for i := range x {
		sx, sy = sx+x[i], sy+y[i]
		sxx, syy, sxy = sxx+x[i]*x[i], syy+y[i]*y[i], sxy+x[i]*y[i]
	}
	return (n*sxy - sx*sy) / math.Sqrt((n*sxx-sx*sx)*(n*syy-sy*sy))
}

// The CSA reader takes any text without panicking and reports what it
// cannot read as an error.
func FuzzReadCSAGames(f *testing.F) {
	f.Add("PI\n+\n+7776FU\nT0\n'** 10 -3334FU\n%TORYO\n/\nPI\n-\n")
	f.Add("PI\n+\n+7776FU\n'** x\n")
	f.Add("PI\n+9999ZZ\n")
	f.Fuzz(func(t *testing.T, in string) {
		readCSAGames(strings.NewReader(in), "", func([]string) {})
	})
}
