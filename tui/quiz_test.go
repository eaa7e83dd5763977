package tui

import (
	"strings"
	"testing"

	"shogi/app/words"
	"shogi/tui/internal/screentest"
)

// The study's Q lists the quizzes of the record open (the quiz screen
// alone is tui/tsume's TestQuizzesFromGames), and leaving them comes back
// to the study.
func TestQuizzesFromStudy(t *testing.T) {
	data, _, _ := screentest.QuizRecord(t)
	h := newHarness(t, Options{Lang: words.English})
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
	data, pos, _ := screentest.QuizRecord(t)
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
