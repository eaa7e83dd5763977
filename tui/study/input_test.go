package study

import (
	"fmt"
	"shogi/app/words"
	"testing"
)

// The move number takes the editing keys too; and since a digit also
// starts a typed move, every key goes to the line once it is open (the
// walk itself is checked in TestStudyWalkBranches).
func TestJumpLineEditing(t *testing.T) {
	s := openTestRecord(t, "branches.kif", 100, 30)
	for _, step := range []struct {
		keys []string
		want int
	}{
		{[]string{"2", "left", "1", "enter"}, 12},      // ← moves within the number, not back a move
		{[]string{"45", "home", "delete", "enter"}, 5}, // home is the number's start, not ply 0
		{[]string{"1234567", "enter"}, 13},             // past the end
		{[]string{"9", "h", "esc"}, 13},                // a letter goes into the line; esc drops it
	} {
		studyPress(t, s, step.keys...)
		if s.cur != step.want {
			t.Fatalf("after %q: ply %d, want %d", step.keys, s.cur, step.want)
		}
	}
	studyPress(t, s, "3", "left", "backspace")
	mustShow(t, s, "> 3", fmt.Sprintf(words.StudyEditJapanese.JumpTo, 3))
	studyPress(t, s, "right", "backspace")
	if s.ui.line != nil {
		t.Fatal("backspace taking the last digit left the number open")
	}
}
