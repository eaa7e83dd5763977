package tui

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/mattn/go-runewidth"
	"github.com/muesli/termenv"

	"example.com/shogi/game"
)

// update rewrites golden files: go test -update.
var update = flag.Bool("update", false, "rewrite golden files in testdata")

func updating() bool { return *update }

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if updating() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it)\ngot:\n%s\nwant:\n%s", name, got, want)
	}
}

// midgame is a position after a bishop exchange with pieces in both
// hands, a promoted piece and a check-free middlegame, reached by moves
// typed in the test so the move list is filled too.
var midgameMoves = []string{"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "8b3b", "4e3d", "3b3d", "2g2f", "B*4e"}

func midgameHarness(t testing.TB, st PieceStyle) *harness {
	h := newHarness(t, Options{Play: true, Pieces: st})
	for _, mv := range midgameMoves {
		h.typeMove(mv)
	}
	if h.game().Len() != len(midgameMoves) {
		t.Fatalf("midgame: only %d moves played (status %q)", h.game().Len(), h.status())
	}
	return h
}

func TestGoldenViews(t *testing.T) {
	for _, st := range []PieceStyle{Kanji, Western, ASCII} {
		t.Run(st.String(), func(t *testing.T) {
			h := midgameHarness(t, st)
			h.press("l", "l", "l", "k", "enter") // the cursor starts on 5g: pick the pawn on 2f
			golden(t, "play-"+st.String()+".txt", h.screen())
		})
	}
	h := newHarness(t, Options{})
	golden(t, "menu.txt", h.screen())
}

// Every board line has the same display width in every style, flipped or
// not, under both East Asian width settings, with every kind of piece of
// both colours on the board; and no line of the whole screen is wider than
// an 80-column terminal.
func TestBoardWidths(t *testing.T) {
	all := "+p+l+n+s+b+rpk1/1gsnlrb2/9/9/9/9/9/2BRLNSG1/1KP+R+B+S+N+L+P w 2r2b4g4s4n4l18p 1"
	pos, err := game.ParseSFEN(strings.ReplaceAll(all, " w 2r2b4g4s4n4l18p", " w RBGSNLP"))
	if err != nil {
		t.Fatal(err)
	}
	for _, ea := range []bool{false, true} {
		cond := runewidth.NewCondition()
		cond.EastAsianWidth = ea
		for _, st := range []PieceStyle{Kanji, Western, ASCII} {
			for _, flip := range []bool{false, true} {
				o := boardOpts{style: st, flip: flip, cursor: game.NoSquare, selected: game.NoSquare}
				for i, line := range strings.Split(renderBoard(&pos, o), "\n") {
					if w := cond.StringWidth(line); w != boardWidth {
						t.Errorf("eastAsian=%v %v flip=%v line %d %q: width %d, want %d", ea, st, flip, i, line, w, boardWidth)
					}
				}
			}
			policy := Narrow
			if ea {
				policy = Wide
			}
			h := midgameHarness(t, st)
			h.m.c.setPolicy(policy)
			for _, scr := range []string{h.screen(), func() string { h.press("?"); s := h.screen(); h.press("esc"); return s }()} {
				lines := strings.Split(scr, "\n")
				if len(lines) > 24 {
					t.Errorf("%v: %d lines at 80×24", st, len(lines))
				}
				for _, line := range lines {
					if w := cond.StringWidth(line); w > 80 {
						t.Errorf("eastAsian=%v %v: line %q is %d columns, more than 80", ea, st, line, w)
					}
				}
			}
		}
	}
}

// renderBoard marks White's pieces without colour: v in kanji and western
// styles, lower case in ASCII.
func TestWhiteWithoutColour(t *testing.T) {
	pos := game.StartPosition()
	o := boardOpts{cursor: game.NoSquare, selected: game.NoSquare}
	for st, want := range map[PieceStyle][2]string{
		Kanji:   {"|v香v桂v銀v金v王v金v銀v桂v香|一", "| 香 桂 銀 金 玉 金 銀 桂 香|九"},
		Western: {"|vL vN vS vG vK vG vS vN vL |a", "| L  N  S  G  K  G  S  N  L |i"},
		ASCII:   {"| l  n  s  g  k  g  s  n  l |a", "| L  N  S  G  K  G  S  N  L |i"},
	} {
		o.style = st
		lines := strings.Split(renderBoard(&pos, o), "\n")
		if got := strings.TrimRight(lines[2], " "); got != want[0] {
			t.Errorf("%v rank 1 = %q, want %q", st, got, want[0])
		}
		if got := strings.TrimRight(lines[13-1], " "); got != want[1] {
			t.Errorf("%v rank 9 = %q, want %q", st, got, want[1])
		}
	}
}

// A full hand is the widest line: it must fit the smallest terminal the
// app accepts, under both width settings.
func TestFullHandFits(t *testing.T) {
	for _, st := range []PieceStyle{Kanji, Western, ASCII} {
		for _, policy := range []WidthPolicy{Narrow, Wide} {
			h := newHarness(t, Options{Play: true, Pieces: st, Width: policy,
				SFEN: "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1"})
			h.send(windowSize(appMinWidth, appMinHeight))
			cond := runewidth.NewCondition()
			cond.EastAsianWidth = policy == Wide
			for _, line := range strings.Split(h.screen(), "\n") {
				if w := cond.StringWidth(line); w > appMinWidth {
					t.Errorf("%v %v: %q is %d columns, more than %d", st, policy, line, w, appMinWidth)
				}
			}
		}
	}
}

// Under NO_COLOR a terminal that takes colours gets none from any part of
// the screen, the help bar included: only attributes (bold, faint, reverse).
func TestNoColorHasNoColour(t *testing.T) {
	old := lipgloss.ColorProfile()
	lipgloss.SetColorProfile(termenv.ANSI256)
	t.Cleanup(func() { lipgloss.SetColorProfile(old) })
	t.Setenv("NO_COLOR", "1")
	h := newHarness(t, Options{Play: true})
	h.typeMove("7g7f")
	colour := regexp.MustCompile(`\x1b\[[0-9;]*?\b(3[0-9]|9[0-7]|4[0-9]|10[0-7])\b[0-9;]*m`)
	if v := h.m.View(); colour.MatchString(v) {
		t.Fatalf("colour escape %q in a NO_COLOR view:\n%q", colour.FindString(v), v)
	}
}
