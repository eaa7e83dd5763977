package screentest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shogi/game"
	"shogi/game/analysis"
	"shogi/kifu"
	"shogi/kifu/annotate"
)

// PickerDir makes a folder for the file picker: two records (a.kif, a
// copy of the record at rec, and b.csa), a file that is not one, a
// hidden record and a sub-folder holding a third record.
func PickerDir(t testing.TB, rec string) string {
	t.Helper()
	dir := t.TempDir()
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"a.kif": data, "b.csa": []byte("PI\n+\n+7776FU\n"), "notes.md": []byte("# notes\n"),
		".hidden.kif": data, filepath.Join("sub", "c.kif"): data,
	} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// RecordText is a record as KIF writes it (which holds every part of
// it: branches, comments, bookmarks, times, headers, endings), to compare
// two records.
func RecordText(t testing.TB, r *kifu.Record) string {
	t.Helper()
	data, err := kifu.Marshal(r, kifu.KIF, kifu.WriteOptions{Encoding: kifu.UTF8})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// QuizRecord is a game of six moves analysed as the study's A
// writes it: Black stands at +700 until its fifth move throws it to
// −700, a 大悪手 and so a quiz; each position's best move (and only
// line) is its first legal move. It returns the record as KIF, the
// quiz's position and the move played there.
func QuizRecord(t *testing.T) ([]byte, game.Position, game.Move) {
	t.Helper()
	g := game.NewGame(game.StartPosition())
	for _, s := range strings.Fields("7g7f 3c3d 2g2f 4c4d 2f2e 2b3c") {
		p := g.Position()
		m, err := p.ParseUSI(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	rec := kifu.FromGame(g, nil, nil)
	line := annotate.MainLine(rec)
	rep := &analysis.Report{Engine: "E", Start: line.Start, Moves: line.Moves, Results: make([]analysis.Result, 7), From: 1, To: 6}
	for i, v := range []int{700, 700, 700, 700, 700, -700, -700} {
		pos := line.Start
		if i > 0 {
			pos = line.After[i-1]
		}
		pv := pos.LegalMoves(nil)[:1]
		rep.Results[i] = analysis.Result{Ply: i, Done: true, Value: analysis.Centipawns(v), Best: pv[0],
			Lines: []analysis.Line{{MultiPV: 1, PV: pv, Value: analysis.Centipawns(v)}}}
	}
	line.WriteReport(rep, rep.Judge(analysis.DefaultThresholds))
	data, err := kifu.Marshal(rec, kifu.KIF, kifu.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return data, line.After[3], line.Moves[4]
}
