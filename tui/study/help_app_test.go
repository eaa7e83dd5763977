package study

import (
	"os"
	"path/filepath"
	"shogi/assets"
	"shogi/tui/internal/screentest"
	"strings"
	"testing"
)

// ? in the study shows every study key with what it does, then the
// study's notes; the help scrolls to its end and back on a small screen,
// and esc returns to the record where it was.
func TestStudyHelp(t *testing.T) {
	c := newCommon(Options{})
	path := filepath.Join("testdata", "study", "branches.kif")
	data, err := os.ReadFile(path)
	a, d := screentest.NewAlone(t, c, Read(c, ReadMsg{path: path, data: data, err: err}))
	h := &harness{t: t, c: c, d: d}
	h.press("l", "l")
	d.Send(screentest.WindowSize(120, 80))
	h.press("?")
	s := h.screen()
	for _, g := range c.Keys.StudyFullHelp() {
		for _, b := range g {
			if !strings.Contains(s, b.Help().Key) || !strings.Contains(s, b.Help().Desc) {
				t.Errorf("the help lacks %q %q:\n%s", b.Help().Key, b.Help().Desc, s)
			}
		}
	}
	notes := strings.Split(strings.TrimSpace(assets.HelpStudy(false)), "\n")
	if first := strings.TrimSpace(notes[0]); !strings.Contains(s, first[:min(len(first), 30)]) {
		t.Errorf("the help lacks the notes' first line %q:\n%s", first, s)
	}
	d.Send(screentest.WindowSize(80, 24))
	top := h.screen()
	h.press("G")
	if end := h.screen(); end == top || !strings.Contains(end, "100%") {
		t.Errorf("G did not go to the end:\n%s", end)
	}
	h.press("g")
	if h.screen() != top {
		t.Errorf("g did not come back to the top:\n%s", h.screen())
	}
	h.press("esc")
	if a.HelpOpen() {
		t.Fatal("esc did not close the help")
	}
	if s := h.screen(); !strings.Contains(s, "Ply 2/13") {
		t.Errorf("not back at ply 2:\n%s", s)
	}
}
