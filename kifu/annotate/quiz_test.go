package annotate

import (
	"os"
	"path/filepath"
	"testing"

	"shogi/game"
	"shogi/game/analysis"
	"shogi/kifu"
)

// A record analysed and written as KIF gives back its quizzes from the
// comments alone: the move that lost 悪手's worth, named by file and ply;
// a folder lists each record's, skipping a file that does not read.
func TestDirQuizzes(t *testing.T) {
	rec := record(t, "7g7f 3c3d 2g2f 4c4d 2f2e 2b3c")
	line := MainLine(rec)
	rep := &analysis.Report{Engine: "E", Start: line.Start, Moves: line.Moves, Results: make([]analysis.Result, 7), From: 1, To: 6}
	// Move 5 (Black) goes from 0 to −700: 26.3 points of Black's winning
	// rate (ShogiHome's sigmoid, 50% to 23.7%), a 悪手; no other move
	// loses anything.
	for i, v := range []int{0, 0, 0, 0, 0, -700, -700} {
		pos := line.Start
		if i > 0 {
			pos = line.After[i-1]
		}
		pv := pos.LegalMoves(nil)[:1]
		rep.Results[i] = analysis.Result{Ply: i, Done: true, Value: analysis.Centipawns(v), Best: pv[0],
			Lines: []analysis.Line{{MultiPV: 1, PV: pv, Value: analysis.Centipawns(v)}}}
	}
	line.WriteReport(rep, rep.Judge(analysis.DefaultThresholds))
	data, err := kifu.Marshal(rec, kifu.KIF, kifu.WriteOptions{Encoding: kifu.ShiftJIS})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "b.kif"), data, 0o644)
	os.WriteFile(filepath.Join(dir, "a.csa"), []byte("V2.2\nPI\n+\n+7776FU\n-3334FU\n"), 0o644) // no analysis
	os.WriteFile(filepath.Join(dir, "c.kif"), []byte("手合割：平手\n   1 ７六歩(77)\n   2 ９九玉(11)\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt.bak"), []byte("x"), 0o644)
	qs, errs := DirQuizzes(dir, analysis.QuizOptions{})
	if len(qs) != 1 || qs[0].ID != "b.kif#5" || qs[0].Mover != game.Black || qs[0].Mark != analysis.Mistake {
		t.Fatalf("quizzes %+v", qs)
	}
	if qs[0].Before != analysis.Centipawns(0) || qs[0].Best == game.NoMove {
		t.Errorf("quiz %+v", qs[0])
	}
	if len(errs) != 0 {
		t.Errorf("errors %v", errs)
	}
	// No games folder yet (no game finished): no quizzes, and nothing
	// wrong to say.
	if qs, errs := DirQuizzes(filepath.Join(dir, "none"), analysis.QuizOptions{}); len(qs) != 0 || len(errs) != 0 {
		t.Errorf("a missing folder: %v %v", qs, errs)
	}
	if _, errs := DirQuizzes(filepath.Join(dir, "c.kif"), analysis.QuizOptions{}); len(errs) != 1 {
		t.Errorf("a file for a folder: %v", errs)
	}
}

// ShogiHome's own analysed record (../shared/kifu): 7六歩 at move 3
// walks from −60 into a mate for White, which ShogiHome's comments say;
// that is a 大悪手 and a quiz, though the comment names no better move.
func TestQuizzesShogiHomeRecord(t *testing.T) {
	path := filepath.Join("..", "..", "..", "shared", "kifu", "kif", "shome__enc_utf8.kif")
	rec, err := kifu.ReadFile(path)
	if rec == nil {
		t.Skipf("no shared record: %v", err)
	}
	qs := Quizzes(rec, "shome", analysis.QuizOptions{})
	if len(qs) != 1 || qs[0].Ply != 3 || qs[0].Mark != analysis.Blunder || qs[0].Best != game.NoMove {
		t.Fatalf("quizzes %+v", qs)
	}
}
