package annotate

import (
	"strings"
	"testing"

	"shogi/game"
	"shogi/game/analysis"
	"shogi/kifu"
)

func record(t *testing.T, usiMoves string) *kifu.Record {
	t.Helper()
	g := game.NewGame(game.StartPosition())
	for _, s := range strings.Fields(usiMoves) {
		p := g.Position()
		m, err := p.ParseUSI(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return kifu.FromGame(g, nil, nil)
}

// A report written into a record reads back the same through a KIF file:
// the values, the lines, the verdicts; the start position is not written.
func TestWriteAndReadBack(t *testing.T) {
	rec := record(t, "7g7f 3c3d 8h2b+ 3a2b B*4e")
	line := MainLine(rec)
	rep := &analysis.Report{Engine: "E 1.0", Start: line.Start, Moves: line.Moves, Results: make([]analysis.Result, 6), From: 1, To: 5}
	vals := []analysis.Value{analysis.Centipawns(40), analysis.Centipawns(30), analysis.Centipawns(30), analysis.Centipawns(-500),
		analysis.Centipawns(20), analysis.MateBy(game.White, 9)}
	for i, v := range vals {
		pos := line.Start
		if i > 0 {
			pos = line.After[i-1]
		}
		pv := pos.LegalMoves(nil)[:1]
		rep.Results[i] = analysis.Result{Ply: i, Done: true, Value: v, Best: pv[0], Depth: 7, Nodes: 99,
			Lines: []analysis.Line{{MultiPV: 1, PV: pv, Value: v}, {MultiPV: 2, PV: pos.LegalMoves(nil)[1:2]}}}
	}
	js := rep.Judge(analysis.DefaultThresholds)
	line.WriteReport(rep, js)
	data, err := kifu.Marshal(rec, kifu.KIF, kifu.WriteOptions{Encoding: kifu.ShiftJIS})
	if err != nil {
		t.Fatal(err)
	}
	back, err := kifu.Read(data, "x.kif")
	if err != nil {
		t.Fatal(err)
	}
	if back.Root.Comment() != "" {
		t.Errorf("the start got a comment: %q", back.Root.Comment())
	}
	bl := MainLine(back)
	got, marks := bl.Read()
	if got.Engine != "E 1.0" || got.Results[0].Done {
		t.Errorf("report %+v", got)
	}
	for ply := 1; ply <= 5; ply++ {
		r, want := got.Results[ply], rep.Results[ply]
		if !r.Done || r.Value != want.Value || r.Best != want.Best || len(r.Lines) != 2 || r.Depth != 7 || r.Nodes != 99 {
			t.Errorf("ply %d: %+v, want %+v", ply, r, want)
		}
	}
	for _, j := range js {
		if marks[j.Ply] != j.Mark {
			t.Errorf("move %d: mark %v read back as %v", j.Ply, j.Mark, marks[j.Ply])
		}
	}
	// Black's 3 (+30 → −500) and White's 4 (−500 → +20) are 悪手; Black's
	// 5 walks into a mate.
	if marks[3] != analysis.Mistake || marks[4] != analysis.Mistake || marks[5] != analysis.Blunder {
		t.Errorf("marks %v", marks)
	}
}

// A mated position has no analysis lines (ShogiHome writes none there),
// and reads back as the mover's win from the position itself.
func TestMateIsTheRecords(t *testing.T) {
	p, err := game.ParseSFEN("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	rec := kifu.NewRecord(p)
	m, _ := p.ParseUSI("G*5b")
	rec.AddMove(rec.Root, m)
	r := analysis.Result{Ply: 1, Done: true, Value: analysis.MateBy(game.Black, 0)}
	if e := Evaluation(&r, "E", analysis.NoMark); e != nil {
		t.Errorf("mated: %+v", e)
	}
	line := MainLine(rec)
	line.Write(1, &r, "E", nil)
	if rec.Root.FirstChild().Comment() != "" {
		t.Errorf("comment %q", rec.Root.FirstChild().Comment())
	}
	got, _ := line.Read()
	if v := got.Results[1].Value; v != analysis.MateBy(game.Black, 0) {
		t.Errorf("read back %v", v)
	}
}
