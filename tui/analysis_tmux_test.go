package tui

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// engineLine finds the engine panel's best line on a screen: its score
// and first move.
var engineLine = regexp.MustCompile(`(?m)^ ([+-]\d+) \S+ ([▲△]\S+)`)

// The real binary with Fairy-Stockfish: open a record, start the
// analysis, see a score and a line, step, see them change for the new
// position, stop.
func TestTmuxAnalysisFairyStockfish(t *testing.T) {
	t.Parallel()
	const fsf = "/usr/games/fairy-stockfish"
	if _, err := os.Stat(fsf); err != nil {
		t.Skip("no Fairy-Stockfish at " + fsf)
	}
	rec, err := filepath.Abs(filepath.Join("study", "testdata", "study", "branches.kif"))
	if err != nil {
		t.Fatal(err)
	}
	x := startApp(t, 120, 40, "", "open --lang ja --ply 2 --engine 'usi:"+fsf+",Threads=1,Hash=16' "+rec, "手数 2/13")
	x.Keys("a")
	x.WaitFor("検討 Fairy-Stockfish", "深さ", "思考中")
	first := waitLine(t, x, "▲") // Black to move after two moves
	x.Keys("Right")
	x.WaitFor("手数 3/13")
	second := waitLine(t, x, "△") // now White's
	if first == second {
		t.Errorf("the line did not change with the position: %q", first)
	}
	x.Keys("a")
	sc := x.WaitFor("停止中")
	if engineLine.FindStringSubmatch(sc) == nil {
		t.Errorf("the stopped panel lost its lines:\n%s", sc)
	}
	x.Keys("q")
	x.WaitGone()
}

// waitLine waits for the engine panel's best line to start with a move
// of side (▲ or △) and returns it.
func waitLine(t *testing.T, x *tmuxApp, side string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		sc := x.Screen()
		if m := engineLine.FindStringSubmatch(sc); m != nil && strings.HasPrefix(m[2], side) {
			return m[0]
		}
		if time.Now().After(deadline) {
			t.Fatalf("no line for %s:\n%s", side, sc)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
