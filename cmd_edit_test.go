package main

import (
	"bytes"
	"strings"
	"testing"
)

// The editor takes any position, as edit -h says: two Black kings open it
// with the second left out and named; text that is no position is one
// line, exit 1.
func TestEditOptionsOddSFEN(t *testing.T) {
	var stderr bytes.Buffer
	_, _, start, leftOut, err := editOptions([]string{"--sfen", "4k4/9/9/9/9/9/9/9/K3K4 b - 1"}, nil, &stderr)
	if err != nil {
		t.Fatalf("refused: %v\n%s", err, stderr.String())
	}
	if start.KingSquare(0).String() != "9i" || len(leftOut) != 1 || leftOut[0].String() != "5i" {
		t.Errorf("start %s, left out %v; want the king on 9i kept and 5i's left out", start.SFEN(), leftOut)
	}
	var stdout bytes.Buffer
	stderr.Reset()
	if code := run([]string{"edit", "--sfen", "4k4/9/9 b - 1"}, nil, &stdout, &stderr); code != 1 ||
		strings.Count(stderr.String(), "\n") != 1 || !strings.Contains(stderr.String(), "shogi edit: --sfen: sfen: the board has 3 ranks") {
		t.Errorf("no position: exit %d\n%s", code, stderr.String())
	}
}
