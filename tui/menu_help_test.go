package tui

import (
	"strings"
	"testing"

	"shogi/app/words"
)

// The main menu's footer names its help key, as every other screen's
// does, and ? (or f1) opens the menu's help. In both languages, at 80×24.
func TestMenuFooterNamesHelp(t *testing.T) {
	for _, lang := range []words.Lang{words.English, words.Japanese} {
		t.Run(map[words.Lang]string{words.English: "English", words.Japanese: "Japanese"}[lang], func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, Options{Lang: lang})
			help := "? " + h.m.c.Keys.Help.Help().Desc
			if !strings.Contains(h.screen(), help) {
				t.Errorf("the menu's footer does not name %q:\n%s", help, h.screen())
			}
			for _, k := range []string{"?", "f1"} {
				h.press(k)
				if first, _, _ := strings.Cut(h.screen(), "\n"); !strings.Contains(first, h.m.c.Words.HelpTitle) {
					t.Fatalf("%s did not open the menu's help:\n%s", k, h.screen())
				}
				h.press("esc")
				if h.m.menuShown() == nil {
					t.Fatalf("esc did not go back to the menu:\n%s", h.screen())
				}
			}
		})
	}
}
