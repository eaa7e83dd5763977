package play

import (
	"strings"
	"testing"

	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/internal/screentest"
)

// While a move is typed, ? is part of the text, so f1 opens the game's
// help (as in the online form and the SSH lobby), and the help bar names
// f1 then; f1 works with nothing typed too, and the help lists it beside
// ?. In both languages, at 80×24.
func TestF1HelpWhileTyping(t *testing.T) {
	for _, lang := range []words.Lang{words.English, words.Japanese} {
		t.Run(map[words.Lang]string{words.English: "English", words.Japanese: "Japanese"}[lang], func(t *testing.T) {
			h := newHarness(t, Options{Lang: lang})
			desc := h.c.Keys.Help.Help().Desc
			h.press("7", "g")
			if !h.p().Typing || h.p().Input.Value() != "7g" {
				t.Fatalf("typing 7g: line %q, open %v", h.p().Input.Value(), h.p().Typing)
			}
			if bar := lastLine(h.screen()); !strings.Contains(bar, "f1 "+desc) || strings.Contains(bar, "? "+desc) {
				t.Errorf("the help bar while typing does not name f1 for %q:\n%s", desc, h.screen())
			}
			h.press("?")
			if h.a.HelpOpen() || h.p().Input.Value() != "7g?" {
				t.Fatalf("? while typing: help open %v, line %q", h.a.HelpOpen(), h.p().Input.Value())
			}
			h.press("backspace", "f1")
			got, ok := screentest.Last[common.OpenHelpMsg](h.a)
			if !ok || !h.a.HelpOpen() {
				t.Fatalf("f1 while typing: asked %v, help open %v", h.a.Asked(), h.a.HelpOpen())
			}
			if !helpNames(got, "?/f1") {
				t.Errorf("the help does not list f1 beside ?: %v", got.Groups)
			}
			h.press("esc")
			if h.a.HelpOpen() || !h.p().Typing || h.p().Input.Value() != "7g" {
				t.Fatalf("after the help: open %v, typing %v, line %q", h.a.HelpOpen(), h.p().Typing, h.p().Input.Value())
			}
			h.press("esc")
			if h.p().Typing {
				t.Fatal("esc did not close the move line")
			}
			if bar := lastLine(h.screen()); !strings.Contains(bar, "? "+desc) {
				t.Errorf("the help bar with nothing typed does not name ?:\n%s", h.screen())
			}
			h.press("f1")
			if !h.a.HelpOpen() {
				t.Fatal("f1 with nothing typed did not open the help")
			}
		})
	}
}

func lastLine(screen string) string {
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	return lines[len(lines)-1]
}

func helpNames(h common.OpenHelpMsg, key string) bool {
	for _, g := range h.Groups {
		for _, b := range g {
			if b.Help().Key == key {
				return true
			}
		}
	}
	return false
}
