package tui

import (
	"context"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"shogi/game/progress"
	"shogi/game/tsume"
)

// followsSolution reports whether the defender answers the problem's
// own solution with the solution's replies, so that typing the
// solution's attacking moves solves it.
func followsSolution(t *testing.T, pr tsume.Problem) bool {
	t.Helper()
	s := tsume.NewSession(pr, tsume.NewDefender(tsume.Options{}), nil)
	for i := 0; i < len(pr.Solution); i += 2 {
		out, err := s.Attack(context.Background(), pr.Solution[i])
		if err != nil {
			t.Fatal(err)
		}
		if out.Verdict == tsume.Solved {
			return i == len(pr.Solution)-1
		}
		if i+1 >= len(pr.Solution) || !out.Reply.SameAs(pr.Solution[i+1]) {
			return false
		}
	}
	return false
}

// The real binary in tmux: shogi tsume --length 3 opens the first 3-ply
// problem of the collection; a move that is not a check is refused and
// not played; the problem is solved by typing its moves; the chooser
// then opens the first 7-ply problem, solved the same way; the chooser
// counts both, and the progress file keeps them. The defender's reply
// times the screen shows are logged.
func TestTmuxTsume(t *testing.T) {
	t.Parallel()
	three, seven := ofLength(t, 3)[0], ofLength(t, 7)[0]
	for _, pr := range []tsume.Problem{three, seven} {
		if !followsSolution(t, pr) {
			t.Fatalf("problem %s: the defender leaves its solution, so typing it cannot solve it", pr.ID)
		}
	}
	x := startApp(t, 80, 24, "", "tsume --length 3 --lang en --style western", "Tsume "+three.ID)
	x.move("R*5e")
	s := x.WaitFor("is not a check")
	if !strings.Contains(s, "move 1") {
		t.Errorf("the refused move was played:\n%s", s)
	}
	var replies []string
	reply := regexp.MustCompile(`Reply +\S+ +\(([0-9.]+[µm]?s)\)`)
	play := func(pr tsume.Problem) {
		t.Helper()
		for i := 0; i < len(pr.Solution); i += 2 {
			x.move(pr.Solution[i].USI())
			if i == len(pr.Solution)-1 {
				s = x.WaitFor("Mate!", "nothing left in hand")
				break
			}
			s = x.WaitFor(moveN(i + 3))
			if m := reply.FindStringSubmatch(s); m != nil {
				replies = append(replies, m[1])
			}
		}
	}
	play(three)
	if !strings.Contains(s, "Mate in 3 (the problem's: 3)") {
		t.Errorf("the result:\n%s", s)
	}
	// Back to the chooser, down to the 7-ply problems.
	x.Keys("q")
	x.WaitFor("1 solved of 60")
	x.Keys("Down", "Down", "Enter")
	x.WaitFor("Tsume " + seven.ID)
	play(seven)
	if !strings.Contains(s, "Mate in 7 (the problem's: 7)") {
		t.Errorf("the result:\n%s", s)
	}
	x.Keys("q")
	s = x.WaitFor("1 solved of 55", "solved 2 of 2 tried")
	x.Keys("q")
	x.WaitGone()
	st, err := progress.Open(filepath.Join(x.state, "state", "shogi", "tsume.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{three.ID, seven.ID} {
		if it, ok := st.Item(id); !ok || it.Solved != 1 {
			t.Errorf("progress of %s: %+v %v", id, it, ok)
		}
	}
	t.Logf("the defender's replies as the screen showed them: %s", strings.Join(replies, " "))
}

// moveN is the title's move number in English.
func moveN(n int) string { return "move " + strconv.Itoa(n) }
