package tsume

import (
	"slices"
	"strings"
	"testing"

	"shogi/app/words"
	"shogi/assets"
	"shogi/game"
	"shogi/tui/common"
	"shogi/tui/internal/screentest"
)

// ? opens the help of the screen on show: a problem's speaks of mate
// problems, the collection's chooser has its own, the quizzes speak of
// quizzes; in either language; esc closes it and leaves the screen be.
func TestHelpKeys(t *testing.T) {
	p, err := game.ParseSFEN("3sks3/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []words.Lang{words.English, words.Japanese} {
		ja := lang == words.Japanese
		for name, h := range map[string]*harness{
			"problem": positionHarness(t, lang, p),
			"chooser": collectionHarness(t, lang, "", Options{}),
			"quizzes": quizHarness(t, t.TempDir(), t.TempDir()),
		} {
			want := assets.HelpTsume(ja)
			if name == "quizzes" {
				want = assets.HelpQuiz(false) // quizHarness is in English
			}
			h.press("?")
			got, ok := screentest.Last[common.OpenHelpMsg](h.a)
			if !ok || !h.a.HelpOpen() {
				t.Fatalf("%v %s: ? asked for %v", lang, name, h.a.Asked())
			}
			if got.Notes != want {
				t.Errorf("%v %s: the help's notes are not the screen's:\n%s", lang, name, got.Notes)
			}
			if got.Notes == "" && len(got.Groups) == 0 {
				t.Errorf("%v %s: an empty help", lang, name)
			}
			// A list's keys are the list's, not the board's (the lists
			// showed the solving screen's keys: tab, typing a move).
			tw := words.TsumeWordsFor(lang)
			listing := map[string]string{"chooser": tw.ListStart, "quizzes": words.TsumeWordsFor(words.English).ListTry}[name]
			var descs []string
			board := false
			for _, g := range got.Groups {
				for _, b := range g {
					descs = append(descs, b.Help().Desc)
					board = board || b.Help().Key == h.c.Keys.Tray.Help().Key
				}
			}
			if listing != "" && (board || !slices.Contains(descs, listing)) {
				t.Errorf("%v %s: the list's help has the board's keys (%v) or not %q: %q", lang, name, board, listing, descs)
			}
			if listing == "" && !board {
				t.Errorf("%v %s: the problem's help has no board keys: %q", lang, name, descs)
			}
			h.press("esc")
			if h.a.HelpOpen() || h.left() {
				t.Errorf("%v %s: esc on the help: open %v, left %v", lang, name, h.a.HelpOpen(), h.left())
			}
		}
	}
}

// The line under the board keeps the hand's hint and the rule apart (it
// ran "…tab or esc leavesevery move must check").
func TestAttackLineAfterHandHint(t *testing.T) {
	p, err := game.ParseSFEN("3sks3/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")
	if err != nil {
		t.Fatal(err)
	}
	h := positionHarness(t, words.English, p)
	h.press("tab")
	w := words.WordsFor(words.English)
	tw := words.TsumeWordsFor(words.English)
	if s := h.screen(); !strings.Contains(s, w.HintTray+"  "+tw.Attack[:5]) {
		t.Errorf("the hand's hint and the rule run together:\n%s", s)
	}
}
