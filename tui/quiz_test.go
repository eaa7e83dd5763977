package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/app/words"
	"shogi/game"
	"shogi/game/analysis"
	"shogi/game/progress"
	"shogi/kifu"
	"shogi/kifu/annotate"
)

// quizRecord is a game of six moves analysed as the study's A
// writes it: Black stands at +700 until its fifth move throws it to
// −700, a 大悪手 and so a quiz; each position's best move (and only
// line) is its first legal move. It returns the record as KIF, the
// quiz's position and the move played there.
func quizRecord(t *testing.T) ([]byte, game.Position, game.Move) {
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

// The menu's next-move quizzes from the games folder: the analysed game's
// blunder is listed, opens on the board with the move played, and the
// answers are judged — the engine's choice at once, the move the game
// had, any other move by a search of the study's engine (the fake, whose
// small scores make it lose most of Black's +700). The first answer is
// kept in quiz.json and the list then says solved; the study's Q lists
// the same quiz for the record open.
func TestQuizzesFromGamesAndStudy(t *testing.T) {
	data, pos, played := quizRecord(t)
	games, state := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(games, "b.kif"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, Options{Lang: words.English, GamesDir: games, StateDir: state,
		Engine: "usi:" + os.Args[0], AnalysisTime: 20 * time.Millisecond})
	h.menuItem("Next-move quizzes")
	if s := h.screen(); h.m.mode() != modeQuiz || !strings.Contains(s, "b.kif#5") || !strings.Contains(s, "new") {
		t.Fatalf("the games folder's quizzes:\n%s", s)
	}
	h.press("enter")
	s := h.screen()
	for _, w := range []string{"find a better move", "blunder", "] next quiz", "[ previous quiz"} {
		if !strings.Contains(s, w) {
			t.Errorf("the quiz lacks %q:\n%s", w, s)
		}
	}
	best := pos.LegalMoves(nil)[0]
	var other game.Move
	for _, m := range pos.LegalMoves(nil) {
		if !m.SameAs(best) && !m.SameAs(played) {
			other = m
			break
		}
	}
	h.typeMove(best.USI())
	if s := h.screen(); !strings.Contains(s, "counts: within 5 points of the best") || strings.Contains(s, "solved solved") {
		t.Fatalf("the engine's choice %s:\n%s", best.USI(), s)
	}
	h.typeMove(played.USI())
	if s := h.screen(); !strings.Contains(s, "is the move the game had") {
		t.Errorf("the move played %s:\n%s", played.USI(), s)
	}
	// The latest answer shows at 80×24 however many came before.
	h.typeMove(other.USI())
	if s := h.screen(); !strings.Contains(s, "does not count") || !strings.Contains(s, "the engine's choice") {
		t.Errorf("a searched answer %s:\n%s", other.USI(), s)
	}
	st, err := progress.Open(filepath.Join(state, "quiz.json"))
	if err != nil {
		t.Fatal(err)
	}
	if it, ok := st.Item("b.kif#5"); !ok || it.Solved != 1 || it.Failed != 0 {
		t.Errorf("progress of b.kif#5: %+v %v (the first answer counts)", it, ok)
	}
	h.press("esc")
	if s := h.screen(); !strings.Contains(s, "solved") || !strings.Contains(s, "b.kif#5") {
		t.Errorf("the list after a solve:\n%s", s)
	}
	h.press("q")
	if h.m.mode() != modeMenu {
		t.Fatalf("q did not leave the quizzes:\n%s", h.screen())
	}
	// The record open in the study: Q lists its quiz, leaving comes back.
	h.paste(string(data))
	if h.m.mode() != modeStudy {
		t.Fatalf("the pasted record did not open:\n%s", h.screen())
	}
	h.press("Q")
	if s := h.screen(); h.m.mode() != modeQuiz || !strings.Contains(s, "#5") || !strings.Contains(s, "move 5") {
		t.Fatalf("the study's Q:\n%s", s)
	}
	h.press("q")
	if h.m.mode() != modeStudy {
		t.Errorf("leaving the quizzes did not return to the study:\n%s", h.screen())
	}
}

// The study's t solves the position shown as a tsume (the attacker the
// side to move, the defender holding the rest); leaving comes back to
// the study at the same move.
func TestTsumeFromStudy(t *testing.T) {
	data, pos, _ := quizRecord(t)
	h := newHarness(t, Options{Lang: words.English})
	h.paste(string(data))
	if h.m.mode() != modeStudy {
		t.Fatalf("the pasted record did not open:\n%s", h.screen())
	}
	h.press("right", "right", "right", "right")
	h.press("t")
	if h.m.mode() != modeTsume || !strings.Contains(h.screen(), "Tsume: your position") {
		t.Fatalf("t:\n%s", h.screen())
	}
	if s := h.screen(); strings.Contains(s, "next problem") {
		t.Errorf("one position alone offers a next problem:\n%s", s)
	}
	got := h.m.tsumeShown().Problem().Start
	if b, p := got.SFEN(), pos.SFEN(); strings.Fields(b)[0] != strings.Fields(p)[0] || got.SideToMove() != pos.SideToMove() {
		t.Errorf("the tsume's start %s, the study's position %s", b, p)
	}
	h.press("q")
	if h.m.mode() != modeStudy || !strings.Contains(h.screen(), "4/6") {
		t.Errorf("leaving the tsume screen did not return to the study at move 4:\n%s", h.screen())
	}
}
