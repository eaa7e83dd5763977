package analysis

import (
	"context"
	"testing"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/match"
	"shogi/game/usi"
)

// A hand-made report over a real line: the moves whose mover lost 20
// points of winning rate or more (ShogiHome's 悪手) become quizzes; the
// engine's own choice never does; a milder loss does only when asked.
func TestQuizzesFromReport(t *testing.T) {
	moves := playLine(t, twelve...)
	rep := &Report{Start: game.StartPosition(), Moves: moves, Results: make([]Result, len(moves)+1), From: 1, To: len(moves)}
	// Values from Black's side, one per position. With the coefficient
	// 600 Black's winning rate is 50% at 0, 76.3% at +700, 37.8% at −300,
	// 47.9% at −50. So move 4 (White) loses 26.3 points but is the
	// engine's own choice; move 5 (Black, +700 to −300) loses 38.5: 悪手;
	// move 8 (White, −300 to −50) loses 10.1: 疑問手; the rest lose none.
	values := []int{0, 0, 0, 0, 700, -300, -300, -300, -50, 500, 500, 500, 500}
	p := rep.Start
	for ply, v := range values {
		best := p.LegalMoves(nil)[0]
		if ply == 3 {
			best = moves[ply]
		}
		rep.Results[ply] = Result{Ply: ply, Done: true, Value: Centipawns(v), Best: best,
			Lines: []Line{{MultiPV: 1, PV: []game.Move{best}, Value: Centipawns(v)}}}
		if ply < len(moves) {
			p = p.Play(moves[ply])
		}
	}
	qs := Quizzes(rep, QuizOptions{})
	if len(qs) != 1 || qs[0].Ply != 5 || qs[0].Mover != game.Black || qs[0].Mark != Mistake {
		t.Fatalf("quizzes %+v", qs)
	}
	q := qs[0]
	want := rep.Start
	for _, m := range moves[:4] {
		want = want.Play(m)
	}
	if !q.Position.Equal(&want) || len(q.Moves) != 4 || q.Played != moves[4] || q.Before != Centipawns(700) {
		t.Errorf("quiz position %s after %d moves, played %s, before %v", q.Position.SFEN(), len(q.Moves), q.Played, q.Before)
	}
	if got := Quizzes(rep, QuizOptions{OneSide: true, Side: game.White}); len(got) != 0 {
		t.Errorf("White's quizzes: %+v", got)
	}
	got := Quizzes(rep, QuizOptions{Least: Dubious})
	if len(got) != 2 || got[0].Ply != 5 || got[1].Ply != 8 {
		t.Errorf("from 疑問手: %+v", got)
	}
}

// Answers judged by the built-in engine in a real position: Black can
// take a loose rook with the pawn or the gold and played a pawn on the
// edge instead. The engine's choice counts at once, the move played does
// not, the other capture counts after a search, an idle move does not.
func TestQuizCheckWithEngine(t *testing.T) {
	ctx := context.Background()
	e, err := Start(ctx, match.Spec{Kind: match.BuiltinKind, Name: "expert"}, usi.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	start, err := game.ParseSFEN("4k4/9/9/9/4r4/4PG3/P7P/9/4K4 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	played, _ := start.ParseUSI("9g9f")
	rep, err := Run(ctx, e, start, []game.Move{played}, Options{Limits: engine.Limits{Depth: 3}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	qs := Quizzes(rep, QuizOptions{})
	if len(qs) != 1 {
		t.Fatalf("values %v → %v: quizzes %+v", rep.Results[0].Value, rep.Results[1].Value, qs)
	}
	q := qs[0]
	pawn, _ := start.ParseUSI("5f5e")
	gold, _ := start.ParseUSI("4f5e")
	if !q.Best.SameAs(pawn) && !q.Best.SameAs(gold) {
		t.Fatalf("the engine's choice %s does not take the rook", q.Best)
	}
	other := pawn
	if q.Best.SameAs(pawn) {
		other = gold
	}
	idle, _ := start.ParseUSI("1g1f")
	limits := engine.Limits{Depth: 3}
	for _, c := range []struct {
		m                             game.Move
		correct, best, played, search bool
	}{
		{q.Best, true, true, false, false},
		{played, false, false, true, false},
		{other, true, false, false, true},
		{idle, false, false, false, true},
	} {
		a, err := q.Check(ctx, e, c.m, limits, QuizOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if a.Correct != c.correct || a.Best != c.best || a.Played != c.played || a.Searched != c.search {
			t.Errorf("%s: %+v", c.m, a)
		}
	}
	bad := game.NewDrop(game.NewPiece(game.Black, game.Gold), 33) // Black holds no gold
	if _, err := q.Check(ctx, e, bad, limits, QuizOptions{}); err == nil {
		t.Error("an illegal answer")
	}
}
