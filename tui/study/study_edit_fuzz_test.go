package study

import (
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"shogi/app/words"
)

// editFuzzKeys are the inputs FuzzStudyEditKeys draws from: the editing
// keys, the board's, typed moves and numbers, the answers to the
// questions, pastes of moves, records and junk, resizes.
var editFuzzKeys = []tea.Msg{
	keyMsg("enter"), keyMsg("esc"), keyMsg("tab"), keyMsg("up"), keyMsg("down"), keyMsg("left"), keyMsg("right"),
	keyMsg("backspace"), keyMsg("delete"), keyMsg("ctrl+u"), keyMsg("ctrl+r"), keyMsg("space"), keyMsg("home"), keyMsg("end"),
	tea.PasteMsg{Content: "7g7f"}, tea.PasteMsg{Content: "同　歩"}, tea.PasteMsg{Content: "V2.2\nPI\n+\n+2726FU\n"},
	tea.PasteMsg{Content: "コメント\r二行目"}, tea.PasteMsg{Content: "\x00\xff\xfe junk"},
	tea.WindowSizeMsg{Width: 80, Height: 24}, tea.WindowSizeMsg{Width: 120, Height: 40}, tea.WindowSizeMsg{Width: 64, Height: 20},
}

// editFuzzRunes are the keys typed: the editing commands, y/n answers,
// ending numbers, move text.
const editFuzzRunes = "dxnis'uUwz{[]:ynrlhjkvVmg0123456789PSG76f歩同+-*#"

func editFuzzMsg(b, next byte) tea.Msg {
	i := int(b) % (len(editFuzzKeys) + len([]rune(editFuzzRunes)) + 2)
	runes := []rune(editFuzzRunes)
	switch {
	case i < len(editFuzzKeys):
		return editFuzzKeys[i]
	case i < len(editFuzzKeys)+len(runes):
		return keyMsg(string(runes[i-len(editFuzzKeys)]))
	case i == len(editFuzzKeys)+len(runes):
		// A click on the board or a hand (the left part of the screen).
		return tea.MouseClickMsg{X: int(next) % 60, Y: int(next) % 30, Button: tea.MouseLeft}
	}
	return tea.MouseClickMsg{X: int(next) % 140, Y: int(next/7) % 45, Button: tea.MouseLeft}
}

// FuzzStudyEditKeys plays any sequence of editing keys, typed moves,
// answers, clicks, pastes and resizes on a branching record: after every
// one the record's tree is sound (kifu's Verify), the line shown is in
// it with the replayed positions, the kept copy on disk is the record on
// screen, and the screen fits.
func FuzzStudyEditKeys(f *testing.F) {
	f.Add([]byte("\x2a\x00\x01\x2f\x0d\x2e\x00"))
	f.Add([]byte{0x30, 0x31, 0x00, 0x1d, 0x1e, 0x1f, 0x00, 0x16, 0x23})
	f.Add([]byte("\x16\x00\x17\x24\x18\x25\x19\x35\x37\x0a\x0a"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 120 {
			return
		}
		c := studyCommon(100, 30)
		c.StateDir = t.TempDir()
		c.SetLang(words.English)
		s := loadStudy(c, filepath.Join("testdata", "study", "branches.kif"))
		t.Chdir(t.TempDir()) // what a save writes
		for i, b := range data {
			next := byte(0)
			if i+1 < len(data) {
				next = data[i+1]
			}
			msg := editFuzzMsg(b, next)
			if ws, ok := msg.(tea.WindowSizeMsg); ok {
				c.Width, c.Height = ws.Width, ws.Height
			}
			_, cmd := s.Update(msg)
			if cmd != nil {
				if ex, ok := cmd().(exportedMsg); ok {
					s.Update(ex)
				}
			}
			checkTree(t, s)
			lines := strings.Split(screen(s), "\n")
			if len(lines) != c.Height {
				t.Fatalf("%d lines on a %d-line screen", len(lines), c.Height)
			}
			for _, l := range lines {
				if w := c.Measure.Width(l); w > c.Width {
					t.Fatalf("a line %d wide on a %d-column screen: %q", w, c.Width, l)
				}
			}
		}
	})
}
