package bot

import (
	"bytes"
	"strings"
	"testing"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/usi"
)

func serve(t *testing.T, level string, input string) []string {
	t.Helper()
	l, ok := FindLevel(level)
	if !ok {
		t.Fatalf("no level %q", level)
	}
	var out bytes.Buffer
	if err := usi.Serve(t.Context(), strings.NewReader(input), &out, testEngine(l, seeded(1))); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	return strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
}

func lastWith(lines []string, prefix string) string {
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(lines[i], prefix) {
			return lines[i]
		}
	}
	return ""
}

// A GUI's mistakes get an info string and an answer, never the end of the
// session: a bad position, an unknown command, a bad option, a go that
// does not read.
func TestServeUSIBadInput(t *testing.T) {
	lines := serve(t, "beginner", strings.Join([]string{
		"usi",
		"hello",
		"setoption name Level value overlord",
		"setoption name USI_Hash value lots",
		"setoption name Colour value blue",
		"position startpos moves 7g7f 7g7f",
		"go depth 1",
		"position startpos moves 7g7f",
		"go wibble 3",
		"go depth 1",
		"isready",
	}, "\n"))
	out := strings.Join(lines, "\n")
	for _, want := range []string{
		`info string unknown command "hello"`,
		`info string option Level: "overlord" is not one of beginner`,
		`info string option USI_Hash is a spin: "lots" is not a whole number`,
		`info string no such option "Colour"`,
		"info string bad position: ",
		"info string go without a readable position\nbestmove resign",
		`unknown go parameter "wibble"`,
		"readyok",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// After the bad go, the good one answers with White's move.
	p := game.StartPosition()
	p = p.Play(p.NewMove(mustSquare(t, "7g"), mustSquare(t, "7f"), false))
	b, err := usi.ParseBestMove(lastWith(lines, "bestmove"), p)
	if err != nil || !p.IsLegal(b.Move) {
		t.Errorf("last bestmove %q: %v", lastWith(lines, "bestmove"), err)
	}
}

func mustSquare(t *testing.T, s string) game.Square {
	t.Helper()
	sq, err := game.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// The level option changes the engine's name at the next usi and its play.
func TestServeUSILevelOption(t *testing.T) {
	lines := serve(t, "strong", "setoption name Level value novice\nusi\n")
	if lines[0] != "id name shogi novice" {
		t.Errorf("after setoption Level novice: %q", lines[0])
	}
}

// NodesLimit caps every search however long the clock allows, and the
// same limit gives the same move.
func TestServeUSINodesLimit(t *testing.T) {
	in := "setoption name NodesLimit value 5000\nposition startpos moves 7g7f 3c3d\ngo btime 0 wtime 0 byoyomi 60000\n"
	var moves []string
	for range 2 {
		lines := serve(t, "strong", in)
		var last engine.Info
		for _, l := range lines {
			if strings.HasPrefix(l, "info ") && strings.Contains(l, " nodes ") {
				info, err := usi.ParseInfo(l, game.StartPosition())
				if err == nil && info.Nodes > 0 {
					last = info
				}
			}
		}
		if last.Nodes == 0 || last.Nodes > 5000 {
			t.Errorf("NodesLimit 5000: the search reported %d nodes", last.Nodes)
		}
		moves = append(moves, lastWith(lines, "bestmove"))
	}
	if moves[0] != moves[1] || moves[0] == "" {
		t.Errorf("two searches of 5,000 nodes chose %q and %q", moves[0], moves[1])
	}
}

// Declaration and resignation reach the GUI as bestmove win / resign.
func TestServeUSIWinAndResign(t *testing.T) {
	// Black's king in White's camp with ten pieces there and 28+ points.
	win := "position sfen +R+BG+PK+P+P+P1/G+P+P+P+P+P+P2/9/9/9/9/9/9/4k4 b RB2g4s4n4l8p 1\ngo byoyomi 100\n"
	if l := lastWith(serve(t, "club", win), "bestmove"); l != "bestmove win" {
		t.Errorf("declaration: %q", l)
	}
	mated := "position sfen 4k4/9/9/9/9/9/4p4/4g4/4K4 b - 1\ngo byoyomi 100\n"
	if l := lastWith(serve(t, "club", mated), "bestmove"); l != "bestmove resign" {
		t.Errorf("mated: %q", l)
	}
}

// FuzzServeUSI feeds the server arbitrary sessions: it must never panic
// or fail, and must only ever say things USI has words for.
func FuzzServeUSI(f *testing.F) {
	for _, s := range []string{
		"usi\nisready\nusinewgame\nposition startpos moves 7g7f 3c3d\ngo btime 0 wtime 0 byoyomi 10\nquit\n",
		"position sfen 6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1\ngo mate 50\n",
		"go infinite\nstop\nposition startpos\ngo ponder byoyomi 10\nponderhit\n",
		"setoption name MultiPV value 3\nposition startpos\ngo depth 1\n",
		"position sfen x\ngo\ngo mate\nstop\ngameover win\n",
	} {
		f.Add(s)
	}
	known := []string{"id ", "option ", "usiok", "readyok", "info ", "bestmove ", "checkmate "}
	f.Fuzz(func(t *testing.T, in string) {
		if strings.Contains(in, "Hash") || len(in) > 4096 {
			t.Skip() // a big table per input would only test the allocator
		}
		if strings.Contains(in, "bench") {
			t.Skip() // seconds of fixed searches per input (TestBenchIsASignature)
		}
		var out bytes.Buffer
		if err := usi.Serve(t.Context(), strings.NewReader(in), &out, testEngine(levels[0], seeded(1))); err != nil {
			t.Fatalf("Serve: %v", err)
		}
		for _, l := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
			ok := l == ""
			for _, k := range known {
				ok = ok || strings.HasPrefix(l, k)
			}
			if !ok {
				t.Fatalf("unexpected output line %q", l)
			}
		}
	})
}
