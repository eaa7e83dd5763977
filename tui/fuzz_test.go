package tui

import (
	"math/rand/v2"
	"strings"
	"testing"

	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/play"

	"github.com/mattn/go-runewidth"
)

// FuzzKeys drives play mode with arbitrary key, paste, mouse and resize
// input: nothing may panic, every frame fits the terminal under both width
// settings, the kept file holds exactly the game on screen, and undo goes
// back to the very position before the moves it takes back.
func FuzzKeys(f *testing.F) {
	f.Add([]byte("7g7f\r3c3d\r8h2b\ry"), uint8(0))
	f.Add([]byte("kkk\rk\rn\tl\r\x1b:l-1h\r?x\x01y"), uint8(1))
	f.Add([]byte("\x02\x03\x04\x05\t\t\x7f[]cfauwdi"), uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, style uint8) {
		if len(data) > 200 {
			data = data[:200]
		}
		// Saving writes where the name says, the current folder by default.
		t.Chdir(t.TempDir())
		h := newHarness(t, Options{Play: true, White: "random", Pieces: common.PieceStyle(style % 4), Lang: words.Lang(style / 4 % 2),
			Rand: rand.New(rand.NewPCG(uint64(len(data)), 1))})
		sizes := [][2]int{{80, 24}, {64, 20}, {120, 40}, {200, 50}, {100, 32}}
		for i := 0; i < len(data); i++ {
			b := data[i]
			switch {
			case b == '\r':
				h.press("enter")
			case b == 0x1b:
				h.press("esc")
			case b == '\t':
				h.press("tab")
			case b == 0x7f:
				h.press("backspace")
			case b >= 1 && b <= 4:
				h.press([]string{"up", "down", "left", "right"}[b-1])
			case b == 5 && i+2 < len(data):
				h.click(int(data[i+1]), int(data[i+2]%50))
				i += 2
			case b == 6 && i+1 < len(data):
				sz := sizes[int(data[i+1])%len(sizes)]
				h.send(windowSize(sz[0], sz[1]))
				i++
			case b == 7 && i+1 < len(data):
				h.paste([]string{"7g7f", "P-2f", "sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1", "x y", ""}[int(data[i+1])%5])
				i++
			case b == 'q' || b == 3:
				// leaving is tested elsewhere; keep the game on screen
			case b >= 0x20 && b < 0x7f:
				h.press(string(rune(b)))
			case b >= 0x80:
				h.press(string([]rune("歩金五六七八同成不打▲△")[int(b)%12]))
			}
		}
		if h.m.mode() != modePlay {
			return
		}
		g := h.game()
		if k := keptFiles(t, h.m.c.StateDir); len(k) == 1 && !h.m.playShown().Over() {
			e, err := common.ReadKept(k[0])
			if err != nil {
				t.Fatalf("the kept file does not read: %v", err)
			}
			var kept, shown []string
			for _, mv := range e.Setup.Moves {
				kept = append(kept, mv.USI())
			}
			for _, mv := range g.Moves() {
				shown = append(shown, mv.USI())
			}
			if strings.Join(kept, " ") != strings.Join(shown, " ") {
				t.Fatalf("kept %q, on screen %q", kept, shown)
			}
		}
		if n := g.Len(); n > 0 && h.m.help.V == nil && h.m.playShown().State == play.StateMove && !h.m.playShown().Typing && h.m.playShown().Undoable() {
			before := g
			want := h.m.playShown().UndoCount()
			h.press("u")
			after := h.game()
			got := after.Position()
			prev := before.PositionAt(n - want)
			if after.Len() != n-want || !got.Equal(&prev) {
				t.Fatalf("undo of %d from %d moves: %d moves at %s, want %s", want, n, after.Len(), got.SFEN(), prev.SFEN())
			}
		}
		for _, ea := range []bool{false, true} {
			cond := runewidth.NewCondition()
			cond.EastAsianWidth = ea
			if ea {
				h.m.c.SetPolicy(common.Wide)
			} else {
				h.m.c.SetPolicy(common.Narrow)
			}
			lines := strings.Split(h.screen(), "\n")
			if len(lines) > h.m.c.Height {
				t.Fatalf("%d lines on a %d-line screen", len(lines), h.m.c.Height)
			}
			for _, line := range lines {
				if w := cond.StringWidth(line); w > h.m.c.Width {
					t.Fatalf("eastAsian=%v: line %q is %d columns, more than %d", ea, line, w, h.m.c.Width)
				}
			}
		}
	})
}
