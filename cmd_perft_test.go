package main

import (
	"bytes"
	"strings"
	"testing"
)

// runCmd runs the CLI in-process and returns status, stdout and stderr.
func runCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestPerftCommand(t *testing.T) {
	code, out, _ := runCmd(t, "perft", "3")
	if code != 0 || out != "25470\n" {
		t.Errorf("perft 3: %d %q", code, out)
	}
	code, out, _ = runCmd(t, "perft", "--divide", "2")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 31 || lines[30] != "900" || lines[0] != "1g1f 30" {
		t.Errorf("perft --divide 2: %d, %d lines, first %q, last %q", code, len(lines), lines[0], lines[len(lines)-1])
	}
	// A tsume position with one king: accepted, warning on stderr, total last on stdout.
	code, out, errOut := runCmd(t, "perft", "--sfen", "4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1", "1")
	if code != 0 || out != "0\n" || !strings.Contains(errOut, "Black has no king") {
		t.Errorf("perft on tsume start: %d %q %q", code, out, errOut)
	}
	for _, args := range [][]string{
		{"perft"}, {"perft", "x"}, {"perft", "-1"}, {"perft", "--sfen", "9/9 b - 1", "1"}, {"perft", "--bogus", "1"},
	} {
		code, out, errOut := runCmd(t, args...)
		if code != 2 || out != "" || errOut == "" {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want 2, nothing, a message", args, code, out, errOut)
		}
	}
}

func TestMovesCommand(t *testing.T) {
	code, out, _ := runCmd(t, "moves")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 30 || lines[0] != "1g1f" || lines[29] != "9i9h" {
		t.Errorf("moves: %d %v", code, lines)
	}
	code, out, _ = runCmd(t, "moves", "--sfen", "8k/9/6NG1/9/9/9/9/9/4K4 b P 1")
	if code != 0 || strings.Contains(out, "P*1b\n") || !strings.Contains(out, "P*1c\n") {
		t.Errorf("moves with uchifuzume: %d\n%s", code, out)
	}
}

func TestUnknownCommand(t *testing.T) {
	if code, _, errOut := runCmd(t, "fly"); code != 2 || !strings.Contains(errOut, `unknown command "fly"`) {
		t.Errorf("unknown command: %d %q", code, errOut)
	}
}

func TestFlagsAfterArguments(t *testing.T) {
	code, out, _ := runCmd(t, "perft", "2", "--divide")
	if code != 0 || !strings.HasSuffix(out, "\n900\n") || strings.Count(out, "\n") != 31 {
		t.Errorf("perft 2 --divide: %d %q", code, out)
	}
	code, _, errOut := runCmd(t, "perft", "-1")
	if code != 2 || !strings.Contains(errOut, `bad depth "-1"`) {
		t.Errorf("perft -1: %d %q", code, errOut)
	}
	// Every warning on one line, named by the command.
	code, out, errOut = runCmd(t, "perft", "--sfen", "PP2k4/9/9/9/9/9/9/9/4K4 b - 1", "1")
	if code != 0 || out != "5\n" || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "shogi perft: warning: ") {
		t.Errorf("perft on dead pawns: %d %q %q", code, out, errOut)
	}
	// After "--" everything is an argument, even what looks like a flag.
	fs := newFlagSet("x", &strings.Builder{})
	b := fs.Bool("b", false, "")
	rest, err := parseFlags(fs, []string{"a", "-b", "--", "-c", "-1"})
	if err != nil || !*b || strings.Join(rest, " ") != "a -c -1" {
		t.Errorf("parseFlags: %v %v %q", err, *b, rest)
	}
}
