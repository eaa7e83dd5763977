package study

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shogi/app/words"
	"shogi/kifu"
)

// The delete question counts the moves after the one shown in the
// number the count takes: none, "the move after it", "the 2 moves".
func TestDeleteQuestionCounts(t *testing.T) {
	s := editStudy(t, "branches.kif", 120, 40)
	for _, tc := range []struct {
		ply  string
		want string
	}{
		{"13", "Delete move 13 "},
		{"12", "and the move after it? (y/n)"},
		{"11", "and the 2 moves after it? (y/n)"},
	} {
		studyPress(t, s, ":", tc.ply, "enter", "d")
		mustShow(t, s, tc.want)
		mustNotShow(t, s, "the 1 moves", "the 0 moves")
		studyPress(t, s, "n")
	}
}

// x then 5 (詰み) where nobody is mated is refused and says why; the
// record keeps no ending.
func TestStudyMateEndingRefused(t *testing.T) {
	s := editStudy(t, "branches.kif", 120, 40)
	studyPress(t, s, ":", "5", "enter", "x", "5")
	mustShow(t, s, "not checkmate after move 5")
	mustNotShow(t, s, "checkmated")
	for n := s.node(); n != nil; n = n.FirstChild() {
		if n.Ending == kifu.Mate {
			t.Fatalf("a 詰み was added after move %d", n.Ply)
		}
	}
}

// studyOfText opens a KIF text in the study at w×h in lang, from a file
// of the given name in a temporary directory.
func studyOfText(t *testing.T, name, text string, w, h int, lang words.Lang) *studyModel {
	t.Helper()
	c := studyCommon(w, h)
	c.StateDir = t.TempDir()
	c.SetLang(lang)
	dir := t.TempDir()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	s := loadStudy(c, path)
	if s.loadErr != nil {
		t.Fatal(s.loadErr)
	}
	return s
}

const siteOnly = "場所：81Dojo\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n"

// A record with a place and no event shows the place under its own
// label, not as the event.
func TestStudyHeaderPlaceAlone(t *testing.T) {
	for lang, want := range map[words.Lang]string{words.English: "Place: 81Dojo", words.Japanese: "場所: 81Dojo"} {
		s := studyOfText(t, "site.kif", siteOnly, 120, 40, lang)
		mustShow(t, s, want)
		mustNotShow(t, s, "Event: 81Dojo", "棋戦: 81Dojo")
	}
}

// Editing a header row says so (the form's title names the row, the
// footer gives the editing keys), and up/down set the value and move on
// rather than being swallowed.
func TestStudyInfoEditing(t *testing.T) {
	s := studyOfText(t, "site.kif", siteOnly, 80, 24, words.English)
	studyPress(t, s, "i", "down", "down") // Black, White, Event
	mustShow(t, s, "up/down choose")
	studyPress(t, s, "enter")
	mustShow(t, s, "Game info: editing Event", "up/down set and move")
	mustNotShow(t, s, "up/down choose")
	studyPress(t, s, "Meijin", "down")
	if v, _ := s.rec.Lookup("棋戦"); v != "Meijin" {
		t.Errorf("down after typing: 棋戦 is %q", v)
	}
	if f := s.ui.info; f == nil || f.edit != nil || f.rows[f.cur].key != "開始日時" {
		t.Fatalf("down did not move on to the date: %+v", f)
	}
	mustShow(t, s, "up/down choose")
	studyPress(t, s, "enter", "up") // unchanged: nothing set, back on Event
	if f := s.ui.info; f.edit != nil || f.rows[f.cur].key != "棋戦" {
		t.Errorf("up on an unchanged value: row %q, editing %v", f.rows[f.cur].label, f.edit != nil)
	}
}

// A long header wraps under itself instead of being cut at 120×40, and at
// 80×24 a long file name gives way in the title before the ply.
func TestStudyLongHeaderAndTitle(t *testing.T) {
	const event = "test+testgame-300-10+human1+bottom-of-the-ladder-9999"
	text := "棋戦：" + event + "\n" + siteOnly
	s := studyOfText(t, "a-record-with-a-rather-long-file-name-from-the-server.kif", text, 120, 40, words.English)
	mustShow(t, s, "ladder-9999 @ 81Dojo") // the end of the event, on a line of its own
	s = studyOfText(t, "a-record-with-a-rather-long-file-name-from-the-server-2026-11-28.kif", text, 80, 24, words.English)
	studyPress(t, s, "right")
	first := strings.SplitN(screen(s), "\n", 2)[0]
	if !strings.Contains(first, "…") || !strings.Contains(first, "2026-11-28.kif") || !strings.Contains(first, "Ply 1/2") {
		t.Errorf("the title at 80 columns: %q", first)
	}
}

// A book that cannot be read says why in the panel in full at 120×40:
// the message wraps instead of being cut mid-word.
func TestStudyBookProblemWraps(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a-rather-long-book-file-name-from-somewhere-else.db")
	data := "#YANEURAOU-DB2016 1.00\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n7g7f none 0 0 1\n" +
		strings.Repeat("x", 200) + "\n"
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	h := bookHarness(t, 120, 40, path)
	h.press("o")
	lines := bookLines(t, h)
	joined := strings.Join(lines, "")
	s := h.studyShown()
	v := s.bookView()
	if len(v.Problems) != 1 {
		t.Fatalf("problems %q", v.Problems)
	}
	want := strings.ReplaceAll(v.Problems[0], " ", "")
	if !strings.Contains(strings.ReplaceAll(joined, " ", ""), want) {
		t.Errorf("the panel does not hold the whole problem %q:\n%s", v.Problems[0], strings.Join(lines, "\n"))
	}
}
