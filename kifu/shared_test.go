package kifu

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shogi/game"
	"shogi/game/notation"
)

// sharedDir holds real records written by other programs, each with a
// .expected file saying how ShogiHome's library reads it. It lives outside
// the repository and is absent on users' machines.
var sharedDir = filepath.Join("..", "..", "shared", "kifu")

// expected is one .expected file: start SFEN, main line in USI, ending.
type expected struct {
	start string
	moves []string
	end   string
}

func readExpected(t *testing.T, path string) expected {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	e := expected{start: lines[0]}
	for _, l := range lines[1:] {
		if rest, ok := strings.CutPrefix(l, "END "); ok {
			e.end = rest
		} else {
			e.moves = append(e.moves, l)
		}
	}
	return e
}

// endingKey names an ending as the .expected files do.
func endingKey(e Ending, word string) string {
	switch e {
	case NoEnding:
		return "none"
	case Resign:
		return "resign"
	case Mate:
		return "mate"
	case Sennichite:
		return "sennichite"
	case Jishogi:
		return "jishogi"
	case EnteringKing:
		return "entering_king"
	case Interrupt:
		return "interrupt"
	case Timeout:
		return "timeout"
	case IllegalWin, IllegalLoss:
		return "foul"
	case Draw:
		return "draw"
	case Forfeit:
		return "lose_by_default"
	}
	return "other:" + word
}

// sharedFiles lists the records of the shared set, or skips.
func sharedFiles(t testing.TB) []string {
	var files []string
	for _, dir := range []string{"kif", "ki2", "csa", "jkf"} {
		m, _ := filepath.Glob(filepath.Join(sharedDir, dir, "*"))
		for _, f := range m {
			if !strings.HasSuffix(f, ".expected") {
				files = append(files, f)
			}
		}
	}
	if len(files) == 0 {
		t.Skipf("no shared records in %s (they live outside the repository): skipping", sharedDir)
	}
	return files
}

// flagged are the files the shared README names: an unmarked illegal move
// (a strict reader stops there) and a branch past the end of its line.
var flagged = map[string]bool{"bioshogi__nifu_unmarked.kif": true}

func TestSharedRecords(t *testing.T) {
	files := sharedFiles(t)
	if len(files) != 91 {
		t.Errorf("found %d shared records, want 91", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			want := readExpected(t, f+".expected")
			r, err := ReadFile(f)
			if flagged[filepath.Base(f)] {
				var pe *ParseError
				var ime *game.IllegalMoveError
				if err == nil || !errors.As(err, &pe) || !errors.As(err, &ime) || pe.Line == 0 || pe.Ply == 0 {
					t.Fatalf("want an illegal-move error with line and ply, got %v", err)
				}
				if r == nil || len(r.MainMoves()) != pe.Ply-1 {
					t.Fatalf("want the record up to move %d, got %v", pe.Ply-1, r)
				}
				checkExpected(t, r, want, pe.Ply-1, false)
				return
			}
			if err != nil || r == nil {
				t.Fatalf("%v (record %v)", err, r)
			}
			checkExpected(t, r, want, len(want.moves), true)
		})
	}
}

// checkExpected compares r's start, first n main-line moves and (if
// withEnd) ending with want.
func checkExpected(t *testing.T, r *Record, want expected, n int, withEnd bool) {
	t.Helper()
	if got := r.Start.SFEN(); got != want.start {
		t.Errorf("start %s, want %s", got, want.start)
	}
	moves := r.MainMoves()
	if withEnd && len(moves) != len(want.moves) {
		t.Errorf("%d moves, want %d", len(moves), len(want.moves))
	}
	for i := 0; i < n && i < len(moves) && i < len(want.moves); i++ {
		if moves[i].USI() != want.moves[i] {
			t.Fatalf("move %d is %s, want %s", i+1, moves[i].USI(), want.moves[i])
		}
	}
	if withEnd {
		e, node := r.Ending()
		word := ""
		if node != nil {
			word = node.Word()
		}
		if got := endingKey(e, word); got != want.end {
			t.Errorf("ending %s, want %s", got, want.end)
		}
	}
}

// TestMoveTextAgreesWithNotation checks the KIF and CSA move text this
// package writes itself (for speed: the origin is explicit, so nothing
// needs disambiguating) against the notation package, on every move of
// every shared record and of the testdata.
func TestMoveTextAgreesWithNotation(t *testing.T) {
	var recs []*Record
	shared, _ := filepath.Glob(filepath.Join(sharedDir, "*", "*.*[^d]")) // absent on users' machines: then random games only
	for _, f := range shared {
		if r, _ := ReadFile(f); r != nil {
			recs = append(recs, r)
		}
	}
	for seed := int64(0); seed < 50; seed++ {
		recs = append(recs, randomGame(400, seed))
	}
	moves := 0
	for i, r := range recs {
		f := fmt.Sprint("record ", i)
		r.Walk(func(n *Node, before, _ *game.Position) bool {
			if !n.IsMove() || !before.IsLegal(n.Move) {
				return true
			}
			prev := lastMove(n.Parent)
			if got, want := kifMove(n.Move, prev), notation.Format(before, n.Move, notation.KIF, prev); got != want {
				t.Errorf("%s ply %d: KIF %q, notation %q", f, n.Ply, got, want)
			}
			if got, want := csaMove(n.Move), notation.Format(before, n.Move, notation.CSA, prev); got != want {
				t.Errorf("%s ply %d: CSA %q, notation %q", f, n.Ply, got, want)
			}
			moves++
			return true
		})
	}
	if moves < 15000 {
		t.Errorf("only %d moves compared", moves)
	}
}
