package editor

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"shogi/app/words"
	"shogi/game"
	"shogi/tui/common"
)

// Every square the editor names is in the screen's notation: the dead
// pawn's warning writes ５一 as the king refusal writes ５九, in both
// languages; with Western pieces both write 5a.
func TestWarningSquaresInScreenNotation(t *testing.T) {
	for _, tc := range []struct {
		lang   words.Lang
		pieces common.PieceStyle
		want   []string
		not    string
	}{
		{words.English, common.Kanji, []string{"the pawn on ５一 can never move", "Black has a king already, on ５九"}, "5a"},
		{words.Japanese, common.Kanji, []string{"５一の歩は動けません", "先手の玉はもう５九にあります"}, "5a"},
		{words.English, common.Western, []string{"the pawn on 5a can never move", "Black has a king already, on 5i"}, "５"},
	} {
		c := testCommon(120, 40, tc.lang)
		c.Pieces = tc.pieces
		m := New(c, Options{Start: game.StartPosition()})
		goTo(t, &m, square(t, "5c"))
		press(t, &m, "space")
		goTo(t, &m, square(t, "5a"))
		press(t, &m, "space", "P")
		goTo(t, &m, square(t, "4h"))
		press(t, &m, "K") // refused: Black's king is on 5i
		s := screen(&m)
		for _, w := range tc.want {
			if !strings.Contains(s, w) {
				t.Errorf("%v %v: no %q on the screen:\n%s", tc.lang, tc.pieces, w, s)
			}
		}
		if strings.Contains(s, tc.not) {
			t.Errorf("%v %v: %q on the screen:\n%s", tc.lang, tc.pieces, tc.not, s)
		}
	}
}

// The ? screen lists no key that does something else on the board: the
// done menu's p, s and t put a White pawn or silver and turn the side.
func TestHelpListsOnlyBoardKeys(t *testing.T) {
	c := testCommon(80, 24, words.English)
	for _, group := range c.Keys.Ed.FullHelp() {
		for _, b := range group {
			if b.Help().Key == c.Keys.Ed.Place.Help().Key {
				continue
			}
			for _, k := range b.Keys() {
				if _, ok := pieceKey(k); ok {
					t.Errorf("the help lists %q (%s), a piece letter on the board", b.Help().Key, b.Help().Desc)
				}
			}
		}
	}
}

// The two lines above the board's foot say different things: the hint
// names the cursor's square and what is on it, the key bar the keys; at
// 80 columns the bar keeps ? and q, and nothing is cut mid-word.
func TestFooterLines(t *testing.T) {
	for _, lang := range []words.Lang{words.English, words.Japanese} {
		m := New(testCommon(80, 24, lang), Options{Start: game.StartPosition()})
		goTo(t, &m, square(t, "5i"))
		lines := strings.Split(screen(&m), "\n")
		hint, bar := lines[len(lines)-2], lines[len(lines)-1]
		ew := words.EditorWordsFor(lang)
		wantHint := map[words.Lang]string{words.English: "５九: Black's king", words.Japanese: "５九: 先手の玉"}[lang]
		if !strings.Contains(hint, wantHint) || strings.Contains(hint, "p l n s g b r k") {
			t.Errorf("%v: hint %q, want %q", lang, hint, wantHint)
		}
		for _, k := range []string{"? ", "q ", "enter ", "tab "} {
			if !strings.Contains(bar, k) {
				t.Errorf("%v: no %q in the key bar %q", lang, k, bar)
			}
		}
		if strings.TrimSpace(hint) == "" || ew.BoardHint == "" {
			t.Errorf("%v: no hint", lang)
		}
	}
}

// A pasted SFEN keeps its move number.
func TestPasteKeepsMoveNumber(t *testing.T) {
	m := newEditor(t, "")
	const want = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
	*m, _ = m.Update(tea.PasteMsg{Content: want})
	if got := m.b.SFEN(); got != want {
		t.Errorf("pasted %s, got %s", want, got)
	}
}
