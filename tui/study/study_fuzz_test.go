package study

import (
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// fuzzKeys are the inputs FuzzStudyKeys draws from, one per byte.
var fuzzKeys = []tea.Msg{
	keyMsg("right"), keyMsg("left"), keyMsg("home"), keyMsg("end"), keyMsg("pgup"), keyMsg("pgdown"),
	keyMsg("enter"), keyMsg("esc"), keyMsg("backspace"), keyMsg("ctrl+u"), keyMsg("space"),
	tea.MouseWheelMsg{Button: tea.MouseWheelUp}, tea.MouseWheelMsg{Button: tea.MouseWheelDown},
	tea.WindowSizeMsg{Width: 80, Height: 24}, tea.WindowSizeMsg{Width: 132, Height: 43},
	tea.WindowSizeMsg{Width: 64, Height: 20}, tea.WindowSizeMsg{Width: 200, Height: 50},
	tea.PasteMsg{Content: "x.kif"},
}

const fuzzRunes = "lhgGvVmcf?pe0123456789qyngrxYk.jJaAbB+-ME"

func fuzzMsg(b byte, next byte) tea.Msg {
	i := int(b) % (len(fuzzKeys) + len(fuzzRunes) + 1)
	switch {
	case i < len(fuzzKeys):
		return fuzzKeys[i]
	case i < len(fuzzKeys)+len(fuzzRunes):
		return keyMsg(string(fuzzRunes[i-len(fuzzKeys)]))
	}
	// A click somewhere on the screen.
	return tea.MouseClickMsg{X: int(next) % 140, Y: int(next/100) + int(next)%45, Button: tea.MouseLeft}
}

// FuzzStudyKeys plays any sequence of keys, clicks and resizes on the
// branching record and the broken-off one: the study never panics, never
// shows a ply outside its line, its cached position is the replayed one,
// and the screen fits.
func FuzzStudyKeys(f *testing.F) {
	f.Add([]byte("\x10\x10\x10\x1e\x00\x00\x11\x13"), false)
	f.Add([]byte{0x21, 0x06, 0x1e, 0x03, 0x22, 0x1c, 0x25, 0x00}, true)
	f.Add([]byte("8\x06\x1e\x00\x00\x1f\x03"), false)
	f.Fuzz(func(t *testing.T, data []byte, partial bool) {
		if len(data) > 200 {
			return
		}
		name := "branches.kif"
		if partial {
			name = "partial.kif"
		}
		s := loadStudy(studyCommon(100, 30), filepath.Join("testdata", "study", name))
		// Exports go to the current directory, whatever name is typed:
		// make it a temporary one.
		t.Chdir(t.TempDir())
		for i, b := range data {
			next := byte(0)
			if i+1 < len(data) {
				next = data[i+1]
			}
			s.Update(fuzzMsg(b, next))
			if s.cur < 0 || s.cur > s.last() {
				t.Fatalf("ply %d outside 0..%d", s.cur, s.last())
			}
			for j, n := range s.line.nodes {
				if n.Ply != j {
					t.Fatalf("line index %d holds ply %d", j, n.Ply)
				}
			}
			want := s.rec.PositionAt(s.node())
			if got := s.Position(); !got.Equal(&want) {
				t.Fatalf("cached position %s, replay %s", got.SFEN(), want.SFEN())
			}
			lines := strings.Split(screen(s), "\n")
			if len(lines) != s.c.Height {
				t.Fatalf("%d lines on a %d-line screen", len(lines), s.c.Height)
			}
			for _, l := range lines {
				if w := s.c.Measure.Width(l); w > s.c.Width {
					t.Fatalf("line %d wide on a %d-column screen: %q", w, s.c.Width, l)
				}
			}
		}
	})
}
