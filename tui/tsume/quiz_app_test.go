package tsume

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/app/words"
	"shogi/game"
	"shogi/game/progress"
	"shogi/game/usi/usitest"
	"shogi/tui/common"
	"shogi/tui/internal/screentest"

	tea "charm.land/bubbletea/v2"
)

// quizScreen is the quizzes as the app's stack holds them (common.Screen).
type quizScreen struct{ q Quizzes }

func (s *quizScreen) Init() tea.Cmd { return s.q.Init() }
func (s *quizScreen) Update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	s.q, cmd = s.q.Update(msg)
	return cmd
}
func (s *quizScreen) View() (string, *tea.Cursor)   { return s.q.View() }
func (s *quizScreen) Resize(tea.Msg)                {}
func (s *quizScreen) Help() common.OpenHelpMsg      { return s.q.Help() }
func (s *quizScreen) Title() string                 { return s.q.TitleText() }
func (s *quizScreen) Quiet() bool                   { return s.q.Quiet() }
func (s *quizScreen) Cover()                        {}
func (s *quizScreen) Uncover(common.Screen) tea.Cmd { return nil }
func (s *quizScreen) Close(bool) tea.Cmd            { s.q.Stop(); return nil }

// quizHarness opens the quizzes of the games folder games, as the menu
// does, their progress in state; the study's engine is the scripted one
// (this test binary, see usitest).
func quizHarness(t *testing.T, games, state string) *harness {
	t.Helper()
	c := screentest.NewCommon(t)
	c.SetLang(words.English)
	c.StateDir = state
	c.Engines = common.EngineOptions{Engine: "usi:" + os.Args[0], PassTime: 20 * time.Millisecond}
	c.EngineEnv = []string{usitest.Env + "=think=0"}
	s := &quizScreen{q: NewQuizzes(c, NewEnv(state), FolderQuizzes(games, c.Settings.QuizOptions()))}
	a, d := screentest.NewAlone(t, c, s)
	return &harness{t: t, c: c, a: a, d: d}
}

// The next-move quizzes of a games folder: the analysed game's blunder
// is listed, opens on the board with the move played, and the answers
// are judged — the engine's choice at once, the move the game had, any
// other move by a search of the study's engine (the fake, whose small
// scores make it lose most of Black's +700). The first answer is kept in
// quiz.json and the list then says solved.
func TestQuizzesFromGames(t *testing.T) {
	data, pos, played := screentest.QuizRecord(t)
	games, state := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(games, "b.kif"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	h := quizHarness(t, games, state)
	if s := h.screen(); !strings.Contains(s, "b.kif#5") || !strings.Contains(s, "new") {
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
	if !h.left() {
		t.Fatalf("q did not leave the quizzes:\n%s", h.screen())
	}
}
