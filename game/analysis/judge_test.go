package analysis

import (
	"testing"

	"shogi/game"
)

// The winning rates behind these cases, with ShogiHome's sigmoid (600):
// 0 → 50.0, −150 → 43.8, −300 → 37.8, −600 → 26.9, +600 → 73.1,
// −1200 → 11.9, −100 → 45.8.
func TestJudgeScoreDrops(t *testing.T) {
	th := DefaultThresholds
	for _, c := range []struct {
		name          string
		before, after Value
		mover         game.Color
		want          Mark
	}{
		{"a small drop", Centipawns(0), Centipawns(-100), game.Black, NoMark},
		{"5 points: 緩手", Centipawns(0), Centipawns(-150), game.Black, Inaccuracy},
		{"12 points: 疑問手", Centipawns(0), Centipawns(-300), game.Black, Dubious},
		{"23 points: 悪手", Centipawns(0), Centipawns(-600), game.Black, Mistake},
		{"61 points: 大悪手", Centipawns(600), Centipawns(-1200), game.Black, Blunder},
		// White's view is the other sign: +300 is a 12-point drop for White.
		{"White's drop", Centipawns(0), Centipawns(300), game.White, Dubious},
		{"White's gain", Centipawns(0), Centipawns(-300), game.White, NoMark},
		{"a gain", Centipawns(-300), Centipawns(0), game.Black, NoMark},
		{"unknown before", Value{}, Centipawns(-2000), game.Black, NoMark},
	} {
		got, loss := th.Judge(c.before, c.after, c.mover, false)
		if got != c.want {
			t.Errorf("%s: %v → %v for %v: %v (lost %.1f), want %v", c.name, c.before, c.after, c.mover, got, loss, c.want)
		}
	}
	// The engine's own choice is never marked, however the next search
	// saw it.
	if m, loss := th.Judge(Centipawns(600), Centipawns(-1200), game.Black, true); m != NoMark || loss < 50 {
		t.Errorf("best move: %v, lost %.1f", m, loss)
	}
}

func TestJudgeMates(t *testing.T) {
	th := DefaultThresholds
	for _, c := range []struct {
		name          string
		before, after Value
		mover         game.Color
		want          Mark
	}{
		{"a mate missed, still crushing", MateBy(game.Black, 5), Centipawns(5000), game.Black, Dubious},
		{"a mate missed, still well ahead", MateBy(game.Black, 5), Centipawns(1500), game.Black, Mistake},
		{"a mate missed, a game again", MateBy(game.Black, 5), Centipawns(300), game.Black, Blunder},
		{"a mate missed, now behind", MateBy(game.Black, 5), Centipawns(-300), game.Black, Blunder},
		{"a mate missed into being mated", MateBy(game.White, 9), MateBy(game.Black, 4), game.White, Blunder},
		{"a slower mate", MateBy(game.Black, 5), MateBy(game.Black, 9), game.Black, NoMark},
		{"a faster mate", MateBy(game.White, 9), MateBy(game.White, 7), game.White, NoMark},
		{"into a mate from even", Centipawns(0), MateBy(game.White, 7), game.Black, Blunder},
		{"into a mate, lost anyway", Centipawns(-5000), MateBy(game.White, 7), game.Black, Dubious},
		{"into a mate, far behind", Centipawns(-1500), MateBy(game.White, 7), game.Black, Mistake},
		{"mated either way", MateBy(game.White, 7), MateBy(game.White, 5), game.Black, NoMark},
		{"the mate played", MateBy(game.Black, 1), MateBy(game.Black, 0), game.Black, NoMark},
	} {
		got, loss := th.Judge(c.before, c.after, c.mover, false)
		if got != c.want {
			t.Errorf("%s: %v → %v for %v: %v (lost %.1f), want %v", c.name, c.before, c.after, c.mover, got, loss, c.want)
		}
	}
}

func TestMarkWords(t *testing.T) {
	for m, want := range map[Mark][2]string{Inaccuracy: {"緩手", ""}, Dubious: {"疑問手", "?!"}, Mistake: {"悪手", "?"}, Blunder: {"大悪手", "??"}} {
		if m.Japanese() != want[0] || m.Symbol() != want[1] {
			t.Errorf("%v: %q %q", m, m.Japanese(), m.Symbol())
		}
		if back, ok := ParseMark(want[0]); !ok || back != m {
			t.Errorf("ParseMark(%q) = %v, %v", want[0], back, ok)
		}
	}
	if _, ok := ParseMark("好手"); ok {
		t.Error("好手 is not a mark")
	}
}

// A hand-made game of six moves. Black: move 1 loses 10 cp, move 3
// drops from +60 to −700 (52.5% → 23.7%: 悪手), move 5 finds a mate.
// White: move 2 is the engine's own, move 4 lets −700 become −400 for
// Black (76.3% → 66.0% for White: 疑問手), move 6 is the engine's answer
// to the mate.
func TestReportJudgeAndSummary(t *testing.T) {
	start := game.StartPosition()
	moves := playLine(t, "7g7f", "3c3d", "2g2f", "4c4d", "2f2e", "2b3c")
	vals := []Value{Centipawns(50), Centipawns(40), Centipawns(60), Centipawns(-700), Centipawns(-400), MateBy(game.Black, 5), Centipawns(300)}
	rep := &Report{Start: start, Moves: moves, Results: make([]Result, len(vals)), From: 1, To: 6}
	for i, v := range vals {
		rep.Results[i] = Result{Ply: i, Done: true, Value: v}
	}
	rep.Results[1].Best = moves[1] // White's move 2 is the engine's
	rep.Results[5].Best = moves[5] // and so is White's move 6, into a lost position
	js := rep.Judge(DefaultThresholds)
	if len(js) != 6 {
		t.Fatalf("%d judgements", len(js))
	}
	want := []Mark{NoMark, NoMark, Mistake, Dubious, NoMark, NoMark}
	for i, j := range js {
		if j.Mark != want[i] {
			t.Errorf("move %d: %v (lost %.1f), want %v", j.Ply, j.Mark, j.Loss, want[i])
		}
	}
	if !js[1].Played || js[0].Played {
		t.Error("Played is wrong")
	}
	s := Summarize(js)
	if s[game.Black].Moves != 3 || s[game.White].Moves != 3 {
		t.Fatalf("moves: %+v", s)
	}
	if s[game.Black].Count[Mistake] != 1 || s[game.White].Count[Dubious] != 1 {
		t.Errorf("counts: %v %v", s[game.Black].Count, s[game.White].Count)
	}
	if len(s[game.Black].Worst) != 1 || s[game.Black].Worst[0].Ply != 3 {
		t.Errorf("Black's worst: %+v", s[game.Black].Worst)
	}
	// Black's losses in centipawns: 10, 760 and 0.
	if got := s[game.Black].ACPL; got < 256.6 || got > 256.7 {
		t.Errorf("Black's ACPL %.2f", got)
	}
}

func playLine(t *testing.T, usiMoves ...string) []game.Move {
	t.Helper()
	p := game.StartPosition()
	var out []game.Move
	for _, s := range usiMoves {
		m, err := p.ParseUSI(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
		p = p.Play(m)
	}
	return out
}
