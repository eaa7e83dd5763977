package main

import (
	"strings"
	"testing"
)

func TestMovesNotation(t *testing.T) {
	code, out, _ := runCmd(t, "moves")
	usi := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(usi) != 30 || usi[0] != "1g1f" || usi[29] != "9i9h" {
		t.Fatalf("moves: status %d, %d lines, %q", code, len(usi), out)
	}
	// Every notation lists the same moves in the same (USI) order.
	code, out, _ = runCmd(t, "moves", "--notation", "kif")
	kif := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(kif) != 30 || kif[0] != "１六歩(17)" || kif[29] != "９八香(99)" {
		t.Errorf("moves --notation kif: status %d, %q", code, out)
	}
	code, out, _ = runCmd(t, "moves", "--sfen", "4k4/9/9/9/9/9/2G6/3G5/2G1K4 b - 1", "--notation", "western")
	if code != 0 || !strings.Contains(out, "G7g-7h\n") || !strings.Contains(out, "G6h-7h\n") || !strings.Contains(out, "G7i-7h\n") {
		t.Errorf("moves --notation western with three golds: %q", out)
	}
	for _, args := range [][]string{{"moves", "--notation", "x"}, {"moves", "extra"}} {
		code, out, errOut := runCmd(t, args...)
		if code != 2 || out != "" || errOut == "" {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}
