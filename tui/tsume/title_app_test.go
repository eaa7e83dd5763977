package tsume

import (
	"strings"
	"testing"

	"shogi/app/words"
	"shogi/game"
	gtsume "shogi/game/tsume"
)

// At 80×24 a file's problem names the file once and keeps "mate in 1"
// (a long name gives way with …); solved after a take-back, the result
// keeps "1 take-back" whole on one line.
func TestTsumeFileTitleAndResult(t *testing.T) {
	const name = "a-problem-from-a-collection-with-a-rather-long-name.kif"
	start, err := game.ParseSFEN("4k4/9/4P4/9/9/9/9/9/9 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	p, err := gtsume.Prepare(start)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, words.English, "", Set{Name: name, Items: []Item{{Problem: gtsume.Problem{ID: name, Start: p}}}}, Options{})
	h.until("the length", func() bool { return strings.Contains(h.screen(), "mate in 1") })
	first := strings.SplitN(h.screen(), "\n", 2)[0]
	if strings.Count(first, "long-name.kif") != 1 || !strings.Contains(first, "…") || !strings.Contains(first, "mate in 1") {
		t.Errorf("the title at 80 columns: %q", first)
	}
	h.typeMove("G*4b") // check, and the king takes the gold
	h.until("the defence", func() bool { return len(h.ts().Moves()) == 2 })
	h.press("u")
	h.typeMove("G*5b")
	h.until("the mate", func() bool { return h.ts().Result() != nil })
	s := h.screen()
	if !strings.Contains(s, "1 take-back") || strings.Contains(s, "take-backs") {
		t.Errorf("the result:\n%s", s)
	}
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) == "take-back" || strings.HasSuffix(strings.TrimSpace(l), " 1") {
			t.Errorf("the result line breaks inside a part: %q\n%s", l, s)
		}
	}
}
