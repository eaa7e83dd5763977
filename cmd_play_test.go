package main

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"example.com/shogi/tui"
)

func TestPlayBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--black", "deep"},
		{"--white", "alphazero"},
		{"--style", "chess"},
		{"--handicap", "queen"},
		{"--sfen", "not a position"},
		{"--width", "huge"},
		{"--theme", "neon"},
		{"--lang", "xx"},
		{"--nonsense"},
		{"extra"},
		{"--handicap", "rook", "--sfen", "startpos"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"play"}, args...), nil, &stdout, &stderr); code != 2 {
			t.Errorf("shogi play %v: exit %d, want 2", args, code)
		}
		if !strings.Contains(stderr.String(), "usage: shogi play") {
			t.Errorf("shogi play %v: no usage on stderr:\n%s", args, stderr.String())
		}
	}
}

func TestPlayOptions(t *testing.T) {
	var stderr bytes.Buffer
	env := []string{"LANG=ja_JP.UTF-8"}
	o, err := playOptions([]string{"--black", "greedy", "--white", "random", "--handicap", "2p", "--furigoma", "--style", "ascii", "--width", "wide", "--theme", "light"}, env, &stderr)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	want := tui.Options{Play: true, Black: "greedy", White: "random", Handicap: "2p", Furigoma: true, Pieces: tui.ASCII,
		Width: tui.Wide, Theme: tui.ThemeLight, Lang: tui.Japanese, StateDir: o.StateDir}
	if o.Rand != nil || o.Notation != nil || !reflect.DeepEqual(o, want) {
		t.Errorf("options = %+v, want %+v", o, want)
	}
	// The locale decides what the flags leave open: LANG=C means ASCII only.
	o, err = playOptions([]string{"--lang", "en"}, []string{"LANG=C"}, &stderr)
	if err != nil || !o.ASCII || o.Lang != tui.English || o.Width != tui.Narrow {
		t.Errorf("LANG=C --lang en: %+v, %v", o, err)
	}
	t.Setenv("SHOGI_STATE_DIR", "/tmp/somewhere")
	if d := stateDir(); d != "/tmp/somewhere" {
		t.Errorf("stateDir with SHOGI_STATE_DIR set = %q", d)
	}
}

func TestPlayHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"play", "-h"}, nil, &stdout, &stderr); code != 0 {
		t.Errorf("shogi play -h: exit %d, want 0", code)
	}
	if !strings.Contains(stderr.String(), "--furigoma") {
		t.Errorf("help does not list --furigoma:\n%s", stderr.String())
	}
}

// Positions that cannot arise in play are refused with the reasons on one
// line; a missing king (a tsume position) is allowed.
func TestPlayImpossibleSFEN(t *testing.T) {
	for _, c := range []struct{ sfen, want string }{
		{"PPPPk4/9/9/9/9/9/9/9/4K4 b - 1", "can never move"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 2r2b4g4s4n4l19p 1", "19 pawns, but a set has 18"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"play", "--sfen", c.sfen}, nil, &stdout, &stderr); code != 2 {
			t.Errorf("play --sfen %q: exit %d, want 2", c.sfen, code)
		}
		out := stderr.String()
		if !strings.Contains(out, c.want) || strings.Count(out, "\n") != 1 {
			t.Errorf("play --sfen %q: stderr %q, want one line with %q", c.sfen, out, c.want)
		}
	}
	var stderr bytes.Buffer
	if _, err := playOptions([]string{"--sfen", "4k4/9/9/9/9/9/9/9/9 b G 1"}, nil, &stderr); err != nil {
		t.Errorf("a position with one king was refused: %v\n%s", err, stderr.String())
	}
}
