package editor

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"shogi/app/words"
	"shogi/game"
)

// fuzzKeys are the inputs FuzzEditorKeys draws from.
var fuzzKeys = []tea.Msg{
	key("enter"), key("esc"), key("tab"), key("up"), key("down"), key("left"), key("right"), key("backspace"),
	key("delete"), key("space"), key("ctrl+r"), key("ctrl+u"),
	tea.PasteMsg{Content: "sfen 4k4/9/9/9/9/9/9/9/4K4 b 40P 1"}, tea.PasteMsg{Content: "position startpos moves 7g7f"},
	tea.PasteMsg{Content: "junk\r"}, tea.PasteMsg{Content: "kkkk/9/9/9/9/9/9/9/9 w - 1"},
	tea.WindowSizeMsg{Width: 80, Height: 24}, tea.WindowSizeMsg{Width: 120, Height: 40}, tea.WindowSizeMsg{Width: 64, Height: 20},
}

const fuzzRunes = "PLNSGBRKplnsgbrk+-=tfhcmuUyYwqn?x.1"

func fuzzMsg(b, next byte) tea.Msg {
	i := int(b) % (len(fuzzKeys) + len(fuzzRunes) + 2)
	switch {
	case i < len(fuzzKeys):
		return fuzzKeys[i]
	case i < len(fuzzKeys)+len(fuzzRunes):
		return key(fuzzRunes[i-len(fuzzKeys) : i-len(fuzzKeys)+1])
	case i == len(fuzzKeys)+len(fuzzRunes):
		return tea.MouseClickMsg{X: int(next) % 120, Y: int(next/3) % 40, Button: tea.MouseRight}
	}
	return tea.MouseClickMsg{X: int(next) % 120, Y: int(next/3) % 40, Button: tea.MouseLeft}
}

// FuzzEditorKeys plays any sequence of keys, clicks, pastes and resizes
// in the editor: it never panics; a change the board makes by itself
// keeps to one set (more only when a pasted position had more); the
// position reads back from its SFEN; and the screen fits.
func FuzzEditorKeys(f *testing.F) {
	f.Add([]byte("\x13\x20\x21\x00\x22"))
	f.Add([]byte("\x0c\x0d\x0e\x0f\x2a\x2b\x2c"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 200 {
			return
		}
		c := testCommon(100, 30, words.Japanese)
		m := New(c, Options{Start: game.StartPosition()})
		t.Chdir(t.TempDir())
		overSet := false // a pasted position had more than a set: undo may bring it back
		for i, b := range data {
			next := byte(0)
			if i+1 < len(data) {
				next = data[i+1]
			}
			msg := fuzzMsg(b, next)
			if ws, ok := msg.(tea.WindowSizeMsg); ok {
				c.Width, c.Height = ws.Width, ws.Height
			}
			before := m.b.Position()
			var cmd tea.Cmd
			m, cmd = m.Update(msg)
			run(&m, cmd)
			pos := m.b.Position()
			if _, paste := msg.(tea.PasteMsg); paste {
				overSet = overSet || tooMany(&pos)
			} else if !overSet && tooMany(&pos) {
				t.Fatalf("%v made more pieces than a set: %s (before %s)", msg, pos.SFEN(), before.SFEN())
			}
			back, err := game.ParseSFEN(pos.SFEN())
			if err != nil || !back.Equal(&pos) {
				t.Fatalf("%s does not read back: %v", pos.SFEN(), err)
			}
			v, _ := m.View()
			lines := strings.Split(v, "\n")
			if len(lines) != c.Height {
				t.Fatalf("%d lines on a %d-line screen", len(lines), c.Height)
			}
			for _, l := range lines {
				if w := c.Measure.Width(l); w > c.Width {
					t.Fatalf("a line %d wide on a %d-column screen", w, c.Width)
				}
			}
		}
	})
}

// tooMany reports whether p has more pieces of a kind than a set.
func tooMany(p *game.Position) bool {
	for _, w := range p.Warnings() {
		if w.Kind == game.TooMany {
			return true
		}
	}
	return false
}
