package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// The engine flags reach the study's options.
func TestOpenEngineOptions(t *testing.T) {
	var errOut bytes.Buffer
	o, _, _, err := openOptions([]string{"--engine", "usi:/usr/games/fairy-stockfish,Threads=1", "--analyse-time", "250ms", "a.kif"}, nil, &errOut)
	if err != nil || o.Engine != "usi:/usr/games/fairy-stockfish,Threads=1" || o.AnalysisTime != 250*time.Millisecond {
		t.Errorf("options %+v, %v %s", o, err, errOut.String())
	}
}

// Command-line mistakes are reported before any screen opens.
func TestOpenUsage(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		say    string
	}{
		{nil, 2, "want one record file, or - for stdin"},
		{[]string{"a.kif", "b.kif"}, 2, "want one record file"},
		{[]string{"--style", "fancy", "a.kif"}, 2, `unknown piece style "fancy"`},
		{[]string{"--width", "huge", "a.kif"}, 2, `unknown width "huge"`},
		{[]string{"--theme", "neon", "a.kif"}, 2, `unknown theme "neon"`},
		{[]string{"--lang", "fr", "a.kif"}, 2, `unknown language "fr"`},
		{[]string{"--notation", "morse", "a.kif"}, 2, "morse"},
		{[]string{"a.kif", "--style", "fancy"}, 2, `unknown piece style "fancy"`}, // flags after the file
		{[]string{"tui/testdata/study/no-such-file.kif", "--ply", "3"}, 1, "no such file"},
		{[]string{"tui/testdata/study/no-such-file.kif"}, 1, "no such file"},
		{[]string{"-h"}, 0, "usage: shogi open"},
		{[]string{"--engine", "stockfish", "a.kif"}, 2, `unknown player "stockfish"`},
		{[]string{"--engine", "human", "a.kif"}, 2, "a person cannot analyse"},
		{[]string{"--engine", "usi:", "a.kif"}, 2, "wants the engine's program"},
		{[]string{"--analyse-time", "0s", "a.kif"}, 2, "--analyse-time 0s"},
	} {
		var out, errOut bytes.Buffer
		got := run(append([]string{"open"}, tc.args...), strings.NewReader(""), &out, &errOut)
		if got != tc.status || !strings.Contains(errOut.String(), tc.say) {
			t.Errorf("shogi open %q = %d, stderr %q; want %d and %q", tc.args, got, errOut.String(), tc.status, tc.say)
		}
	}
}
