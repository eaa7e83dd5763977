package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shogi/game"
	"shogi/game/usi/usitest"
	"shogi/kifu"
	"shogi/kifu/annotate"
)

const lanceKIFU = "kifu/testdata/kif_lance_handicap_branches_times.kifu"

func TestAnalyseFlags(t *testing.T) {
	if code, _, errOut := runCmd(t, "analyse", "-h"); code != 0 || !strings.Contains(errOut, "usage: shogi analyse") || !strings.Contains(errOut, "-multipv") {
		t.Errorf("analyse -h: %d %q", code, errOut)
	}
	for _, args := range [][]string{
		{"analyse"}, {"analyse", lanceKIFU, lanceKIFU}, {"analyse", "--engine", "stockfish", lanceKIFU},
		{"analyse", "--engine", "human", lanceKIFU}, {"analyse", "--time", "1s", "--depth", "3", lanceKIFU},
		{"analyse", "--time", "0s", lanceKIFU}, {"analyse", "--depth", "0", lanceKIFU}, {"analyse", "--nodes", "0", lanceKIFU},
		{"analyse", "--multipv", "6", lanceKIFU}, {"analyse", "--multipv", "0", lanceKIFU}, {"analyse", "--from", "0", lanceKIFU},
		{"analyse", "--from", "5", "--to", "3", lanceKIFU}, {"analyse", "-o", "x.sfen", lanceKIFU}, {"analyse", "-o", "x.doc", lanceKIFU}, {"analyse", "--bogus", lanceKIFU},
		// Past the record's end (9 moves on its main line).
		{"analyse", "--engine", "greedy", "--from", "10", lanceKIFU},
	} {
		code, out, errOut := runCmd(t, args...)
		if code != 2 || out != "" || errOut == "" {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want 2, nothing, a message", args, code, out, errOut)
		}
	}
	code, _, errOut := runCmd(t, "analyse", "--log", filepath.Join(t.TempDir(), "log"), "--engine", "usi:/nonexistent/engine-x", lanceKIFU)
	if code != 1 || !strings.Contains(errOut, "engine-x cannot be run") {
		t.Errorf("missing engine: %d %q", code, errOut)
	}
	if code, _, errOut := runCmd(t, "analyse", "no-such.kif"); code != 1 || !strings.Contains(errOut, "no such file") {
		t.Errorf("missing file: %d %q", code, errOut)
	}
}

// fakeEngine is this test binary as a USI engine (see TestMain).
func fakeEngine(t *testing.T, behaviour string) string {
	t.Helper()
	t.Setenv(usitest.Env, behaviour)
	return "usi:" + os.Args[0]
}

// Every move of the main line gets ShogiHome's analysis lines, which our
// reader reads back; the comments the record had stay; the branches are
// left alone; a second run replaces only the analysis.
func TestAnalyseWritesEveryMove(t *testing.T) {
	eng := fakeEngine(t, "name=fake")
	dir := t.TempDir()
	logPath := filepath.Join(dir, "engine.log")
	code, out, errOut := runCmd(t, "analyse", "--engine", eng, "--depth", "1", "--log", logPath, lanceKIFU)
	if code != 0 {
		t.Fatalf("status %d\n%s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	if n := len(lines); n < 3 || !strings.HasPrefix(lines[n-2], "Black ▲下手の人: 4 moves") || !strings.HasPrefix(lines[n-1], "White △上手の人: 5 moves") {
		t.Errorf("summary:\n%s", errOut)
	}
	rec, err := kifu.Read([]byte(out), "out.kifu")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	line := annotate.MainLine(rec)
	if len(line.Moves) != 9 {
		t.Fatalf("%d moves", len(line.Moves))
	}
	for i, n := range line.Nodes {
		e, ok := n.Analysis(line.After[i])
		// The fake scores 10 + plies for the side to move at depth 1;
		// the comment has it from Black's side. White moves first here.
		want := 10 + i + 1
		if line.After[i].SideToMove() == game.White {
			want = -want
		}
		if !ok || !e.HasScore || e.Score != want || e.Depth != 1 || e.Engine != "fake" || len(e.PV) != 2 {
			t.Errorf("move %d: %+v %v\n%s", i+1, e, ok, n.Comment())
		}
	}
	if c := line.Nodes[0].Comment(); !strings.HasSuffix(c, "\n上手の初手") || strings.Count(c, "#評価値=") != 1 {
		t.Errorf("move 1's comment: %q", c)
	}
	if rec.Root.Comment() != "開始局面のコメント\n二行目" {
		t.Errorf("the start's comment: %q", rec.Root.Comment())
	}
	// The branch at move 4 is as it was.
	alt := line.Nodes[2].Child(1)
	if alt.Comment() != "変化のコメント" {
		t.Errorf("the variation's comment: %q", alt.Comment())
	}

	// Again on the output, with another engine name: one block per move,
	// the new one, and the rest as it was.
	first := filepath.Join(dir, "first.kifu")
	if err := os.WriteFile(first, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(usitest.Env, "name=second")
	code, out2, errOut := runCmd(t, "analyse", "--engine", eng, "--depth", "1", "--log", logPath, first)
	if code != 0 {
		t.Fatalf("second run: %d\n%s", code, errOut)
	}
	if strings.Count(out2, "#エンジン=") != 9 || strings.Count(out2, "#エンジン=second") != 9 {
		t.Errorf("second run:\n%s", out2)
	}
	if strings.ReplaceAll(out2, "#エンジン=second", "#エンジン=fake") != out {
		t.Errorf("the second run changed more than its lines:\n%s\nfirst:\n%s", out2, out)
	}
}

// A record of 20 moves with a comment on some: the engine crashes at
// the position after move 11. The output keeps moves 1–10 analysed, the
// comments everywhere, and the status and message say where it stopped.
func TestAnalyseEngineCrash(t *testing.T) {
	g := game.NewGame(game.StartPosition())
	for _, s := range strings.Fields("7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 3i4h 8b4b 5i6h 5a6b 6h7h 6b7b 5g5f 7a8b 4i5h 9c9d 9g9f 3a3b 1g1f 1c1d") {
		p := g.Position()
		m, err := p.ParseUSI(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	rec := kifu.FromGame(g, []kifu.Header{{Key: "先手", Value: "A"}, {Key: "後手", Value: "B"}}, nil)
	for i, n := range rec.MainLine() {
		if i%3 == 0 {
			n.SetComment("note " + string(rune('a'+i)))
		}
	}
	data, err := kifu.Marshal(rec, kifu.KIF, kifu.WriteOptions{Encoding: kifu.ShiftJIS})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in, outPath := filepath.Join(dir, "game.kif"), filepath.Join(dir, "out.kif")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	eng := fakeEngine(t, "name=crasher,crash=11")
	code, out, errOut := runCmd(t, "analyse", "--engine", eng, "--depth", "1", "--log", filepath.Join(dir, "log"), "-o", outPath, in)
	if code != 1 || out != "" || !strings.Contains(errOut, "crasher") || !strings.Contains(errOut, "after move 11") ||
		!strings.Contains(errOut, "moves 1-10 are analysed") {
		t.Errorf("status %d, stdout %q, stderr:\n%s", code, out, errOut)
	}
	written, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	back, err := kifu.Read(written, outPath)
	if err != nil {
		t.Fatal(err)
	}
	line := annotate.MainLine(back)
	for i, n := range line.Nodes {
		_, ok := n.Analysis(line.After[i])
		if ok != (i+1 <= 10) {
			t.Errorf("move %d analysed: %v", i+1, ok)
		}
		if i%3 == 0 && !strings.HasSuffix(n.Comment(), "note "+string(rune('a'+i))) {
			t.Errorf("move %d's note: %q", i+1, n.Comment())
		}
	}
}

// Fairy-Stockfish, with three lines per position, on part of a record.
func TestAnalyseFairyStockfish(t *testing.T) {
	t.Parallel()
	const path = "/usr/games/fairy-stockfish"
	if _, err := os.Stat(path); err != nil {
		t.Skip("no Fairy-Stockfish at " + path)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "out.csa")
	code, _, errOut := runCmd(t, "analyse", "--engine", "usi:"+path+",Threads=1,Hash=16", "--depth", "6", "--multipv", "3",
		"--from", "2", "--to", "5", "--log", filepath.Join(dir, "log"), "-o", out, lanceKIFU)
	if code != 0 {
		t.Fatalf("%d\n%s", code, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := kifu.Read(data, out)
	if err != nil {
		t.Fatal(err)
	}
	line := annotate.MainLine(rec)
	for i, n := range line.Nodes {
		e, ok := n.Analysis(line.After[i])
		judged := i+1 >= 2 && i+1 <= 5
		if ok != judged || judged && (len(e.MorePVs) != 2 || e.Engine != "Fairy-Stockfish 11.1 LB 64" && !strings.HasPrefix(e.Engine, "Fairy-Stockfish")) {
			t.Errorf("move %d: %v %+v", i+1, ok, e)
		}
	}
}
