package editor

import (
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
