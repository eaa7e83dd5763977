package tui

import (
	"strings"
	"testing"
	"time"

	"shogi/game/match"
)

// gpsusiName is gpsshogi's id name as Debian's gpsusi says it: long
// enough that the end-of-game banner does not fit beside it at 120
// columns.
const gpsusiName = "gpsshogi (smp) vm r3033 wordsize 64 gcc 12.2.0"

// The end-of-game banner never cuts the top line: at 120 and 200 columns
// the players' names and the time control stay whole, the banner
// shortening to who won when the full result does not fit beside them
// (the prompt line says it in full); at 80, where the names alone do not
// fit, they are cut at a word with an ellipsis.
func TestEndBannerKeepsTheTitle(t *testing.T) {
	t.Parallel()
	tc := match.TimeControl{Main: time.Minute, Byoyomi: time.Second}
	for _, size := range [][2]int{{120, 40}, {200, 50}, {80, 24}} {
		h := engineGame(t, "think=0,name="+gpsusiName, Options{Time: [2]match.TimeControl{tc, tc}})
		h.send(windowSize(size[0], size[1]))
		h.typeMove("7g7f")
		// The banner is the claim here: resign once the engine has
		// replied (TestResignQuestionOutlivesTheReply in tui/play has
		// the reply arriving mid-question).
		h.until("the engine's reply", func() bool { return h.game().Len() == 2 })
		h.press("x", "y", "enter")
		if !h.m.playShown().Over() {
			t.Fatalf("%dx%d: the game did not end:\n%s", size[0], size[1], h.screen())
		}
		lines := strings.Split(h.screen(), "\n")
		top := lines[0]
		wants := []string{"▲Black human", "△White " + gpsusiName, "1m + 1s byōyomi", "White wins"}
		if size[0] == 80 {
			// No room for the name: it is cut at a word, and says so.
			wants = []string{"▲Black human  vs  △White gpsshogi (smp) vm r3033 wordsize 64 gcc…", "White wins"}
		}
		for _, want := range wants {
			if !strings.Contains(top, want) {
				t.Errorf("%dx%d: the top line lacks %q:\n%q", size[0], size[1], want, top)
			}
		}
		if !strings.Contains(h.screen(), "White wins by resignation after 2 moves") {
			t.Errorf("%dx%d: the full result is nowhere:\n%s", size[0], size[1], h.screen())
		}
	}
}
