package study

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sharedStops are the shared records the study is meant not to read to
// the end: the move it stops at (0: the record does not open) and why.
// Any other record that does not open, or stops, fails the test.
var sharedStops = map[string]struct {
	move int
	why  string
}{
	"kif/bioshogi__nifu_unmarked.kif": {3, "move 3 drops a second pawn on a file (nifu) with no 反則 mark, " +
		"which ShogiHome keeps; the study shows the moves before it and says why it stopped"},
}

// The records other programs wrote (../shared/kifu, see its README) all
// open in the study: walked from the start to the end of the main line,
// each ply's screen fits 80x24, the last move is the one ShogiHome reads
// (FILE.expected), and a line that ends says how in words. Only the
// records in sharedStops stop early, where and as listed.
func TestStudySharedRecords(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..", "..", "shared", "kifu")
	files, _ := filepath.Glob(filepath.Join(root, "*", "*.expected"))
	if len(files) == 0 {
		t.Skipf("no shared records in %s: nothing to check against", root)
	}
	opened := 0
	for _, exp := range files {
		path := strings.TrimSuffix(exp, ".expected")
		name, _ := filepath.Rel(root, path)
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(exp)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSpace(string(want)), "\n")
			moves := lines[1 : len(lines)-1]
			end := strings.TrimPrefix(lines[len(lines)-1], "END ")

			stop, meant := sharedStops[filepath.ToSlash(name)]
			s := loadStudy(studyCommon(80, 24), path)
			if s.rec == nil {
				mustShow(t, s, "を開けません")
				if !meant || stop.move != 0 {
					t.Fatalf("does not open: %v", s.loadErr)
				}
				return
			}
			if meant && stop.move == 0 {
				t.Fatalf("opens, though it is listed as unreadable (%s)", stop.why)
			}
			opened++
			for ply := 0; ply <= s.last(); ply++ {
				s.goTo(ply)
				out := strings.Split(screen(s), "\n")
				if len(out) != 24 {
					t.Fatalf("ply %d: %d lines", ply, len(out))
				}
				for i, l := range out {
					if w := s.c.Measure.Width(l); w > 80 {
						t.Fatalf("ply %d: line %d is %d wide: %q", ply, i, w, l)
					}
				}
			}
			main := s.rec.MainMoves()
			switch {
			case s.loadErr != nil && !meant:
				t.Fatalf("breaks off after %d of %d moves: %v", len(main), len(moves), s.loadErr)
			case s.loadErr != nil:
				mustShow(t, s, "読めません")
				if len(main) != stop.move-1 || !strings.Contains(s.loadErr.Error(), fmt.Sprintf("move %d:", stop.move)) {
					t.Fatalf("breaks off after %d moves (%v), want at move %d: %s", len(main), s.loadErr, stop.move, stop.why)
				}
				return
			case meant:
				t.Fatalf("reads to the end, though it is listed to stop at move %d (%s)", stop.move, stop.why)
			}
			if len(main) != len(moves) {
				t.Fatalf("%d main-line moves, ShogiHome reads %d", len(main), len(moves))
			}
			if len(main) > 0 && main[len(main)-1].USI() != moves[len(moves)-1] {
				t.Fatalf("last move %s, ShogiHome reads %s", main[len(main)-1].USI(), moves[len(moves)-1])
			}
			if s.cur != len(main) {
				t.Fatalf("the end is ply %d, want the last move %d", s.cur, len(main))
			}
			switch {
			case s.ending() != nil:
				mustShow(t, s, "まで")
			case end != "none":
				t.Fatalf("ends %q but the line has no ending", end)
			case s.Position().IsCheckmate():
				mustShow(t, s, "詰み")
			default:
				mustShow(t, s, "棋譜はここまで")
			}
		})
	}
	t.Logf("%d of %d shared records opened", opened, len(files))
}

// The ply counter counts moves, not the ending, and a record that stops at
// a mate without an ending word says who was mated.
func TestStudyCountsMovesOnly(t *testing.T) {
	root := filepath.Join("..", "..", "..", "shared", "kifu", "kif")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("no shared records in %s: %v", root, err)
	}
	s := loadStudy(studyCommon(80, 24), filepath.Join(root, "jkf__fork.kif"))
	mustShow(t, s, "手数 0/3")
	s = loadStudy(studyCommon(80, 24), filepath.Join(root, "pyshogi__habu-fujii-2006.kif"))
	s.goTo(182)
	mustShow(t, s, "手数 181/181", "まで181手で")
	s = loadStudy(studyCommon(100, 30), filepath.Join(root, "kfj__kanju-kemuri.kif"))
	s.goTo(s.last())
	mustShow(t, s, "手数 117/117", "117 ▲２二馬", "詰み", "まで117手で詰み、先手の勝ち")
	mustNotShow(t, s, "終局の記録なし")
}
