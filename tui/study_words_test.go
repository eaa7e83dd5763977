package tui

import (
	"strings"
	"testing"

	"shogi/kifu"
	"shogi/tui/words"
)

// The delete question counts the moves after the one shown in the
// number the count takes: none, "the move after it", "the 2 moves".
func TestDeleteQuestionCounts(t *testing.T) {
	s := editStudy(t, "branches.kif", 120, 40)
	for _, tc := range []struct {
		ply  string
		want string
	}{
		{"13", "Delete move 13 "},
		{"12", "and the move after it? (y/n)"},
		{"11", "and the 2 moves after it? (y/n)"},
	} {
		studyPress(t, s, ":", tc.ply, "enter", "d")
		mustShow(t, s, tc.want)
		mustNotShow(t, s, "the 1 moves", "the 0 moves")
		studyPress(t, s, "n")
	}
}

// With no analysed game the quizzes say which moves make one, in plain
// words.
func TestQuizNoneWording(t *testing.T) {
	h := newHarness(t, Options{Lang: words.English, GamesDir: t.TempDir(), StateDir: t.TempDir()})
	h.menuItem("Next-move quizzes")
	s := strings.Join(strings.Fields(h.screen()), " ")
	if !strings.Contains(s, "each move marked mistake or worse becomes one") || strings.Contains(s, "worth") {
		t.Errorf("no quizzes:\n%s", h.screen())
	}
}

// x then 5 (詰み) where nobody is mated is refused and says why; the
// record keeps no ending.
func TestStudyMateEndingRefused(t *testing.T) {
	s := editStudy(t, "branches.kif", 120, 40)
	studyPress(t, s, ":", "5", "enter", "x", "5")
	mustShow(t, s, "not checkmate after move 5")
	mustNotShow(t, s, "checkmated")
	for n := s.node(); n != nil; n = n.FirstChild() {
		if n.Ending == kifu.Mate {
			t.Fatalf("a 詰み was added after move %d", n.Ply)
		}
	}
}
