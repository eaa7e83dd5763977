package components

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"shogi/app/words"
	"shogi/game"
	"shogi/tui/common"
)

// A hand line too long for its width ends with "…" after the last whole
// piece that fits (the menu's preview of a kept game at 31 columns:
// White holds 銀×4 桂×4 香×4 歩×18 too), and keeps the turn badge; one
// that fits has no "…".
func TestHandLineSaysWhatIsCut(t *testing.T) {
	pos, err := game.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 w 2b2g4s4n4l18pr 1")
	if err != nil {
		t.Fatal(err)
	}
	c := &common.Common{Pieces: common.Kanji}
	c.SetPolicy(common.Narrow)
	c.SetLang(words.English)
	for _, toMove := range []bool{false, true} {
		o := HandOpts{Style: common.Kanji, ToMove: toMove, Cursor: game.NoPieceType, Picked: game.NoPieceType, M: c.Measure, W: c.Words}
		line, spans := RenderHandLine(&pos, game.White, o, 31)
		plain := ansi.Strip(line)
		if c.Measure.Width(plain) > 31 || !strings.Contains(plain, "…") || len(spans) == 0 || len(spans) >= 7 {
			t.Errorf("to move %v: %q (%d kinds shown)", toMove, plain, len(spans))
		}
		if toMove && !strings.Contains(plain, c.Words.ToMove) {
			t.Errorf("the turn badge is cut: %q", plain)
		}
		for _, sp := range spans {
			if sp.End > 31 {
				t.Errorf("a piece drawn past the edge: %+v in %q", sp, plain)
			}
		}
		line, spans = RenderHandLine(&pos, game.White, o, 120)
		if plain := ansi.Strip(line); strings.Contains(plain, "…") || len(spans) != 7 {
			t.Errorf("at 120 columns: %q", plain)
		}
	}
}
