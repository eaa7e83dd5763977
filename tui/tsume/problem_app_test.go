package tsume

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"shogi/app/words"
	"shogi/game"
	"shogi/game/bot"
	"shogi/game/progress"
)

// openTsume opens the collection's chooser, as the menu does, and the
// problems of n plies, in lang, the progress in state ("": the test's).
func openTsume(t *testing.T, lang words.Lang, state string, n int) *harness {
	t.Helper()
	h := collectionHarness(t, lang, state, Options{})
	if !strings.Contains(h.screen(), "problems") {
		t.Fatalf("not the tsume chooser:\n%s", h.screen())
	}
	for i, f := range []int{1, 3, 5, 7, 9, 11} {
		if f == n {
			for range i {
				h.press("down")
			}
		}
	}
	h.press("enter")
	return h
}

// solve plays the attacker's moves of the problem on screen by typing
// them: the problem's own solution while the defender answers as it
// does, else (another defence of the same length) the hint's move.
func solve(t *testing.T, h *harness) {
	t.Helper()
	ts := h.ts()
	pr := ts.Problem()
	for ply := 0; ts.Result() == nil; ply += 2 {
		if ply > 2*len(pr.Solution)+2 {
			t.Fatalf("no mate after %d plies:\n%s", ply, h.screen())
		}
		mv := game.NoMove
		if ply < len(pr.Solution) && samePrefix(ts.Moves(), pr.Solution[:ply]) {
			mv = pr.Solution[ply]
		} else {
			h.press("H")
			if mv = ts.Hint(); mv == game.NoMove {
				t.Fatalf("no hint at ply %d:\n%s", ply, h.screen())
			}
		}
		h.typeMove(mv.USI())
		if len(ts.Moves()) != ply+2 && ts.Result() == nil {
			t.Fatalf("after %s at ply %d: %d moves, status %q:\n%s", mv.USI(), ply, len(ts.Moves()), ts.Status(), h.screen())
		}
	}
}

func samePrefix(a, b []game.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].SameAs(b[i]) {
			return false
		}
	}
	return true
}

// A move that is not a check is refused with the reason and not played;
// the problem is then solved by typed moves, the result says how, and
// the progress file keeps it: a new app reads it back.
func TestTsumeRefusalSolveProgress(t *testing.T) {
	state := t.TempDir()
	h := openTsume(t, words.English, state, 3)
	want := ofLength(t, 3)[0]
	if got := h.ts().Problem().ID; got != want.ID {
		t.Fatalf("opened %s, want the first 3-ply problem %s", got, want.ID)
	}
	// A drop far from the king: legal, and no check.
	p := want.Start
	var quiet game.Move
	for _, mv := range p.LegalMoves(nil) {
		if !p.GivesCheck(mv) {
			quiet = mv
			break
		}
	}
	h.typeMove(quiet.USI())
	if s := h.screen(); !strings.Contains(s, "is not a check") || len(h.ts().Moves()) != 0 {
		t.Fatalf("%s not refused (moves %v):\n%s", quiet.USI(), h.ts().Moves(), s)
	}
	solve(t, h)
	r := h.ts().Result()
	if r.Plies != 3 || r.Length != 3 || len(r.Left) != 0 {
		t.Errorf("result %+v, want a mate in 3 of 3 with nothing left", r)
	}
	s := h.screen()
	for _, w := range []string{"Mate!", "Mate in 3 (the problem's: 3)", "nothing left in hand"} {
		if !strings.Contains(s, w) {
			t.Errorf("screen lacks %q:\n%s", w, s)
		}
	}
	st, err := progress.Open(filepath.Join(state, "tsume.json"))
	if err != nil {
		t.Fatal(err)
	}
	if it, ok := st.Item(want.ID); !ok || it.Solved != 1 || it.Failed != 0 {
		t.Errorf("progress of %s: %+v %v", want.ID, it, ok)
	}
	// A new app on the same state: the chooser counts it.
	h2 := collectionHarness(t, words.English, state, Options{})
	if s := h2.screen(); !strings.Contains(s, "1 solved of 60") || !strings.Contains(s, "streak 1") {
		t.Errorf("chooser after a solve:\n%s", s)
	}
}

// The hint is the problem's first move (unique in every problem of the
// collection); ] opens the next problem of the same length, [ the one
// before; a problem left after a check counts as missed.
func TestTsumeHintNextProgress(t *testing.T) {
	state := t.TempDir()
	h := openTsume(t, words.English, state, 5)
	five := ofLength(t, 5)
	ts := h.ts()
	h.press("H")
	if got, want := ts.Hint(), five[0].Solution[0]; !got.SameAs(want) {
		t.Errorf("hint %v, want the first move %v", got, want)
	}
	if !strings.Contains(h.screen(), "Hint") {
		t.Errorf("no hint on screen:\n%s", h.screen())
	}
	h.typeMove(five[0].Solution[0].USI())
	if len(ts.Moves()) != 2 {
		t.Fatalf("the first move was not played and answered:\n%s", h.screen())
	}
	h.press("]")
	if got := ts.Problem().ID; got != five[1].ID {
		t.Fatalf("] opened %s, want %s", got, five[1].ID)
	}
	if len(ts.Moves()) != 0 || !strings.Contains(h.screen(), "2/60") && !strings.Contains(h.screen(), "2 of 60") {
		t.Errorf("the next problem's screen:\n%s", h.screen())
	}
	h.press("[")
	if got := ts.Problem().ID; got != five[0].ID {
		t.Errorf("[ opened %s, want %s", got, five[0].ID)
	}
	st, err := progress.Open(filepath.Join(state, "tsume.json"))
	if err != nil {
		t.Fatal(err)
	}
	if it, ok := st.Item(five[0].ID); !ok || it.Failed != 1 || it.Solved != 0 {
		t.Errorf("a problem left after a check: %+v %v", it, ok)
	}
	if _, ok := st.Item(five[1].ID); ok {
		t.Errorf("a problem only looked at was recorded")
	}
}

// A check that lets the king out: the defender plays the escape, the
// screen says there is no mate now and offers to take the check back or
// see the solution; u takes it back; a shows the solution step by step.
func TestTsumeEscapeRetrySolution(t *testing.T) {
	h := openTsume(t, words.English, "", 3)
	ts := h.ts()
	pr := ts.Problem()
	// A check after which the solver finds no mate, whatever the defence.
	p := pr.Start
	var bad game.Move
	solver := bot.NewTsume(p.SideToMove(), bot.TsumeOptions{Budget: 200_000})
	for _, mv := range p.LegalMoves(nil) {
		if p.GivesCheck(mv) && solver.Status(context.Background(), p.Play(mv)) == bot.NoMate {
			bad = mv
			break
		}
	}
	if bad == game.NoMove {
		t.Fatalf("problem %s: no check lets the king out", pr.ID)
	}
	h.typeMove(bad.USI())
	s := h.screen()
	if len(ts.Moves()) != 2 || !strings.Contains(s, "escapes: no mate now") || !strings.Contains(s, "u takes your check back") {
		t.Fatalf("after the escaping check %s:\n%s", bad.USI(), s)
	}
	if q := game.NewGame(pr.Start); q != nil {
		for _, mv := range ts.Moves() {
			if err := q.Play(mv); err != nil {
				t.Fatal(err)
			}
		}
		if st := solver.Status(context.Background(), q.Position()); st != bot.NoMate {
			t.Errorf("the escape leaves a mate (%v)", st)
		}
	}
	h.press("u")
	if len(ts.Moves()) != 0 || !strings.Contains(h.screen(), "took back") {
		t.Fatalf("u did not take the check back:\n%s", h.screen())
	}
	h.press("a")
	if s := h.screen(); !strings.Contains(s, "Solution") || !strings.Contains(s, "the start") {
		t.Fatalf("a did not show the solution:\n%s", s)
	}
	h.press("right", "right", "right")
	if s := h.screen(); !strings.Contains(s, "move 3 of 3") {
		t.Errorf("the solution's last step:\n%s", s)
	}
	h.press("esc")
	if s := h.screen(); strings.Contains(s, "move 3 of 3") {
		t.Errorf("esc stayed on the solution:\n%s", s)
	}
}

// Positions that are no mate problem say why in the screen's language:
// no king to mate, a defender with no pieces at all, the attacker in
// check.
func TestTsumeFaults(t *testing.T) {
	for _, c := range []struct {
		sfen   string
		en, ja string
	}{
		{"4k4/9/9/9/9/9/9/9/9 b G 1", "", ""}, // a problem: no fault
		{"9/9/9/9/9/9/9/9/4K4 b G 1", "White has no pieces on the board at all", "後手の駒が盤上に一枚もありません"},
		{"4p4/9/9/9/9/9/9/9/4K4 b G 1", "White has no king to mate", "後手の玉がありません"},
		{"4k4/9/9/9/9/9/9/4r4/4K4 b G 1", "Black, to move and mate, is in check", "詰ます側の先手に王手がかかっています"},
	} {
		for _, lang := range []words.Lang{words.English, words.Japanese} {
			p, err := game.ParseSFEN(c.sfen)
			if err != nil {
				t.Fatal(err)
			}
			h := positionHarness(t, lang, p)
			s := h.screen()
			want := c.en
			if lang == words.Japanese {
				want = c.ja
			}
			if want == "" {
				if strings.Contains(s, "Not a mate problem") || strings.Contains(s, "詰将棋ではありません") {
					t.Errorf("%s refused:\n%s", c.sfen, s)
				}
				continue
			}
			if !strings.Contains(strings.Join(strings.Fields(s), " "), want) {
				t.Errorf("%s (%v): screen lacks %q:\n%s", c.sfen, lang, want, s)
			}
			h.press("G*5b", "enter")
			if len(h.ts().Moves()) != 0 {
				t.Errorf("a move was played in a position that is no problem")
			}
			h.press("esc", "q") // esc closes the move line the G opened
			if !h.left() {
				t.Errorf("q did not leave the fault for the menu")
			}
		}
	}
}

// A position with no mate at all (a bare king and a pawn in hand; a quiet
// middle game): the solver proves it, and the title, H and a say "no
// mate", not that the budget ran out.
func TestTsumeNoMateProved(t *testing.T) {
	for _, c := range []struct {
		sfen string
		lang words.Lang
		want []string
	}{
		{"4k4/9/9/9/9/9/9/9/9 b P 1", words.English, []string{"no mate", "no mate: no sequence of checks mates from here", "no solution: the position is no mate"}},
		{"ln1g3nl/1r1sg1k2/p1pppsbpp/1p3pp2/7P1/2P1P4/PP1P1PP1P/1BG2S1R1/LNS1KG1NL b - 1", words.Japanese,
			[]string{"不詰", "不詰: ここから王手の連続で詰む手順はありません", "正解手順はありません"}},
	} {
		p, err := game.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		h := positionHarness(t, c.lang, p)
		flat := func() string { return strings.Join(strings.Fields(h.screen()), " ") }
		h.until("the length worked out", func() bool {
			return !strings.Contains(h.screen(), "length") && !strings.Contains(h.screen(), "手数を計算中")
		})
		if s := flat(); !strings.Contains(s, c.want[0]) || strings.Contains(s, "budget") || strings.Contains(s, "上限") {
			t.Errorf("%s: the title does not say %q:\n%s", c.sfen, c.want[0], h.screen())
		}
		h.press("H")
		h.until("the hint", func() bool { return !h.ts().Busy() })
		if s := flat(); !strings.Contains(s, c.want[1]) {
			t.Errorf("%s: H does not say %q:\n%s", c.sfen, c.want[1], h.screen())
		}
		h.press("a")
		h.until("the solution", func() bool { return !h.ts().Busy() })
		if s := flat(); !strings.Contains(s, c.want[2]) {
			t.Errorf("%s: a does not say %q:\n%s", c.sfen, c.want[2], h.screen())
		}
	}
}
