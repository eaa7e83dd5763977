package editor

import (
	"strings"
	"testing"

	"shogi/app/words"
	"shogi/assets"
	"shogi/game"
	"shogi/tui/common"
)

// ? asks for the editor's help, which speaks of setting up a position,
// in the screen's language, with the editor's own keys.
func TestHelpKey(t *testing.T) {
	for _, lang := range []words.Lang{words.English, words.Japanese} {
		m := New(testCommon(80, 24, lang), Options{Start: game.StartPosition()})
		var help *common.OpenHelpMsg
		for _, msg := range press(t, &m, "?") {
			if h, ok := msg.(common.OpenHelpMsg); ok {
				help = &h
			}
		}
		if help == nil || help.Notes != assets.HelpEdit(lang == words.Japanese) || len(help.Groups) == 0 {
			t.Fatalf("%v: ? asked for %+v", lang, help)
		}
		if h := m.Help(); h.Notes != help.Notes {
			t.Errorf("%v: the screen's Help differs from what ? opens", lang)
		}
	}
}

// The bar under the board says "? help" in the list of starts (m) and
// the done menu (enter) too: ? opens the help there, and the list or the
// menu is still open behind it. ? closed the done menu before, and the
// list of starts ignored it.
func TestHelpKeyOverAListOrMenu(t *testing.T) {
	for _, c := range []struct {
		open string
		want state
	}{{"m", presets}, {"enter", choosing}} {
		m := New(testCommon(80, 24, words.English), Options{Start: game.StartPosition()})
		press(t, &m, c.open)
		if m.state != c.want {
			t.Fatalf("%s opened state %v, want %v", c.open, m.state, c.want)
		}
		var help bool
		for _, msg := range press(t, &m, "?") {
			_, ok := msg.(common.OpenHelpMsg)
			help = help || ok
		}
		if !help || m.state != c.want {
			t.Errorf("? after %s: help %v, state %v (want %v)", c.open, help, m.state, c.want)
		}
	}
}

// The panel beside the board names a reason once: a nifu that keeps the
// position from being played or solved is in the list, not also in the
// line above it.
func TestPanelSaysAReasonOnce(t *testing.T) {
	p, _, err := game.ParseSFENExtraKings("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPpPPPP/1B5R1/LNSGKGSNL b - 1")
	if err != nil {
		t.Fatal(err)
	}
	m := New(testCommon(80, 24, words.English), Options{Start: p})
	panel := strings.Join(m.panel(60, 20), "\n")
	if n := strings.Count(panel, "nifu"); n != 1 {
		t.Errorf("the nifu named %d times:\n%s", n, panel)
	}
	if !strings.Contains(panel, "cannot be played, nor solved:") {
		t.Errorf("the panel does not say the position cannot be used:\n%s", panel)
	}
}
