package main

import (
	"strings"
	"testing"
)

// The expected texts below are what ShogiHome (KI2, KIF) and lishogi
// (Western) print for the same moves.
func TestNotateCommand(t *testing.T) {
	moves := []string{"7g7f", "-3334FU", "B-2b+", "Dou Gin", "▲４五角"}
	for _, tc := range []struct {
		to   string
		want string
	}{
		{"ki2", "▲７六歩\n△３四歩\n▲２二角成\n△同　銀\n▲４五角\n"},
		{"kif", "７六歩(77)\n３四歩(33)\n２二角成(88)\n同　銀(31)\n４五角打\n"},
		{"western", "P-7f\nP-3d\nBx2b+\nSx2b\nB*4e\n"},
		{"csa", "+7776FU\n-3334FU\n+8822UM\n-3122GI\n+0045KA\n"},
	} {
		code, out, errOut := runCmd(t, append([]string{"notate", "--to", tc.to, "--"}, moves...)...)
		if code != 0 || out != tc.want || errOut != "" {
			t.Errorf("notate --to %s: status %d, stdout %q, stderr %q; want %q", tc.to, code, out, errOut, tc.want)
		}
	}

	// The first failure stops the run: its index, text and reason on stderr.
	code, out, errOut := runCmd(t, "notate", "7g7f", "3c3d", "P-7d", "8c8d")
	if code != 1 || out != "7g7f\n3c3d\n" || !strings.Contains(errOut, `move 3 "P-7d"`) || !strings.Contains(errOut, "no Black pawn can reach 7d") {
		t.Errorf("failing notate: status %d, stdout %q, stderr %q", code, out, errOut)
	}

	// --each reads every move against the start.
	code, out, _ = runCmd(t, "notate", "--each", "--to", "hosking", "7g7f", "G-7h", "2h2a", "P*5e", "G7h", "S-48")
	want := "P-76\nG-78\nerror: illegal: the piece cannot move there\nerror: illegal: that piece is not in hand\nG-78\nS-48\n"
	if code != 1 || out != want {
		t.Errorf("notate --each: status %d, stdout %q, want %q", code, out, want)
	}
	// Candidates are listed in the notation the move was written in.
	code, out, _ = runCmd(t, "notate", "--each", "--sfen", "4k4/9/9/9/9/9/2G6/3G5/2G1K4 b - 1", "--to", "ki2", "G-7h", "７八金")
	if code != 1 || out != "error: ambiguous: G7g-7h, G6h-7h, G7i-7h\nerror: ambiguous: ▲７八金引, ▲７八金寄, ▲７八金上\n" {
		t.Errorf("ambiguous --each: status %d, stdout %q", code, out)
	}

	// Usage errors exit 2 with one line.
	for _, args := range [][]string{
		{"notate"}, {"notate", "--to", "klingon", "7g7f"}, {"notate", "--sfen", "9/9 b - 1", "7g7f"},
		{"notate", "--bogus", "7g7f"}, {"notate", "-3334FU"},
	} {
		code, out, errOut := runCmd(t, args...)
		if code != 2 || out != "" || errOut == "" {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want 2, nothing, a message", args, code, out, errOut)
		}
	}
}
