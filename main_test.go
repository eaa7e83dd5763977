package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"testing"
)

// run runs a command line as main does, on the process's environment
// (TestMain gives it directories of its own).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return dispatch(context.Background(), args, stdio{stdin, stdout, stderr, os.Environ()})
}

// Every command answers -h with its usage and status 0; the program
// answers --version and version; the usage lists every command but the
// other spellings.
func TestUsageListsEveryCommand(t *testing.T) {
	var out bytes.Buffer
	usage(&out)
	for _, c := range commands {
		listed := strings.Contains(out.String(), "\n  "+c.name+" ") || strings.Contains(out.String(), "\n  "+c.name+"\n")
		if listed == c.alias {
			t.Errorf("%s: listed %v", c.name, listed)
		}
	}
}

// Every command answers -h with its usage and status 0; the program
// answers --version and version.
func TestHelpAndVersion(t *testing.T) {
	for _, c := range commands {
		if c.run == nil {
			continue
		}
		cmd := c.name
		for _, h := range []string{"-h", "--help"} {
			var stdout, stderr bytes.Buffer
			if code := run([]string{cmd, h}, strings.NewReader(""), &stdout, &stderr); code != 0 {
				t.Errorf("shogi %s %s: exit %d, want 0", cmd, h, code)
			}
			name := cmd
			if name == "analyze" {
				name = "analyse" // the other spelling of the same command
			}
			if !strings.Contains(stdout.String()+stderr.String(), "usage: shogi "+name) {
				t.Errorf("shogi %s %s printed no usage:\n%s%s", cmd, h, stdout.String(), stderr.String())
			}
		}
	}
	for _, v := range []string{"--version", "-version", "version"} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{v}, nil, &stdout, &stderr); code != 0 || !strings.HasPrefix(stdout.String(), "shogi ") {
			t.Errorf("shogi %s: exit %d, %q", v, code, stdout.String())
		}
	}
}

// A value that starts with a dash and is taken for a flag: the message
// says to put -- before it.
func TestDashValueHint(t *testing.T) {
	for _, args := range [][]string{
		{"notate", "-3334FU"},
		{"notate", "--sfen", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", "-3334FU"},
		{"moves", "-3334FU"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, nil, &stdout, &stderr); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
		lines := strings.Split(stderr.String(), "\n")
		if len(lines) < 2 || !strings.Contains(lines[1], "put -- before") || !strings.Contains(lines[1], "-- -3334FU") {
			t.Errorf("%v: the hint is not right after the error:\n%s", args, stderr.String())
		}
	}
	// With -- it reads.
	var stdout, stderr bytes.Buffer
	if code := run([]string{"notate", "--sfen", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", "--", "-3334FU"}, nil, &stdout, &stderr); code != 0 || stdout.String() != "3c3d\n" {
		t.Errorf("with --: %d %q %q", code, stdout.String(), stderr.String())
	}
	// An unknown flag that is a word gets no hint.
	stderr.Reset()
	run([]string{"notate", "--nonsense"}, nil, &stdout, &stderr)
	if strings.Contains(stderr.String(), "put --") {
		t.Errorf("a misspelt flag got the dash hint:\n%s", stderr.String())
	}
}
