package tui

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/kifu"
	"shogi/kifu/kept"
	"shogi/tui/common"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// slowReader hands out its keys a few bytes at a time with a pause, as a
// person types, so each arrives as its own read; a 0xff byte is a longer
// pause (a person watching the reply come), not a key: until the next of
// waits holds (looked at every 10 ms, for up to 30 s), or half a second
// where there is none (or it is nil).
type slowReader struct {
	data  []byte
	step  int
	waits []func() bool
}

func (r *slowReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		time.Sleep(50 * time.Millisecond)
		return 0, io.EOF
	}
	time.Sleep(10 * time.Millisecond)
	if r.data[0] == 0xff {
		r.data = r.data[1:]
		var until func() bool
		if len(r.waits) > 0 {
			until, r.waits = r.waits[0], r.waits[1:]
		}
		if until == nil {
			time.Sleep(500 * time.Millisecond)
			return 0, nil
		}
		for deadline := time.Now().Add(30 * time.Second); !until() && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}
		return 0, nil
	}
	n := copy(p[:min(len(p), r.step)], r.data)
	r.data = r.data[n:]
	return n, nil
}

// The app runs as a real Bubble Tea program without a terminal: the
// caller gives Run the keys, the output, the size and the colour profile
// (as a test or an SSH session does), and it plays what is typed and
// quits with ctrl+c, the game kept.
func TestProgramWithoutTTY(t *testing.T) {
	t.Parallel()
	state := t.TempDir()
	var out bytes.Buffer
	// ctrl+c once the game kept has greedy's reply: not after a fixed
	// pause, which a busy machine can outlast.
	replied := func() bool {
		games, err := kept.List(state)
		return err == nil && len(games) == 1 && games[0].Err == nil && len(games[0].Game.Moves) == 2
	}
	in := &slowReader{data: []byte("\xff7g7f\r\xff\x03"), step: 1, waits: []func() bool{nil, replied}}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	term := common.Terminal{In: in, Out: &out, Env: []string{"TERM=xterm-256color"}, Profile: colorprofile.ANSI256, Width: 120, Height: 40}
	if err := Run(Options{Play: true, White: "greedy", StateDir: state}, term, tea.WithContext(ctx), tea.WithoutSignals()); err != nil {
		t.Fatalf("Run: %v", err)
	}
	games, err := kept.List(state)
	if err != nil || len(games) != 1 || games[0].Err != nil || len(games[0].Game.Moves) != 2 || games[0].Game.Moves[0].USI() != "7g7f" {
		t.Fatalf("ctrl+c did not keep the game of 7g7f and greedy's reply: %+v, %v", games, err)
	}
	if !strings.Contains(out.String(), "+---+---+") {
		t.Errorf("the large board was not drawn at 120x40")
	}
	if !strings.Contains(out.String(), "\x1b[38;5;") || strings.Contains(out.String(), "\x1b[38;2;") {
		t.Errorf("not drawn in 256 colours")
	}
}

// Study runs the app on one record and returns when the person leaves
// it; a record that reads only in part opens on what it has, with the
// reason, and the error is returned once they have seen it.
func TestStudyWithoutTTY(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("study", "testdata", "study", "branches.kif"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
		keys string
		want []string // in the output
		line int      // the line the returned *kifu.ParseError names; 0: no error
	}{
		{"branches.kif", data, "\xffl\xffq", []string{"Ply 3/13", "> 3+▲２六歩", "> 4 △８四歩"}, 0},
		{"broken.kif", []byte("手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(99)\n"), "\xffq",
			[]string{"Ply 1/1", "move 2 cannot be read: broken.kif:3", "the record stops after 1 move without"}, 3},
	} {
		var out bytes.Buffer
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		term := common.Terminal{In: &slowReader{data: []byte(c.keys), step: 1}, Out: &out, Env: []string{"TERM=xterm-256color"},
			Profile: colorprofile.ANSI256, Width: 100, Height: 30}
		err := Study(Options{StateDir: t.TempDir()}, term, c.name, c.data, 3, tea.WithContext(ctx), tea.WithoutSignals())
		cancel()
		var pe *kifu.ParseError
		if c.line == 0 && err != nil || c.line != 0 && (!errors.As(err, &pe) || pe.Line != c.line || pe.File != c.name) {
			t.Errorf("%s: %v, want an error at line %d", c.name, err, c.line)
		}
		for _, want := range c.want {
			if !strings.Contains(ansi.Strip(out.String()), want) {
				t.Errorf("%s: the output lacks %q: %q", c.name, want, ansi.Strip(out.String()))
			}
		}
	}
}

// Input that is a file but not a terminal (/dev/null, a pipe: shogi run
// from a script) is refused at once with ErrNoTerminal, by each way into
// the app. Bubble Tea failed on /dev/null with an epoll error and waited
// on a pipe for ever.
func TestNoTerminal(t *testing.T) {
	t.Parallel()
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for _, in := range []*os.File{null, r} {
		term := common.Terminal{In: in, Out: io.Discard, Width: 80, Height: 24}
		o := Options{StateDir: t.TempDir()}
		for name, start := range map[string]func() error{
			"menu":  func() error { return Run(o, term) },
			"study": func() error { return Study(o, term, "-", []byte("7g7f 3c3d"), 0) },
			"edit":  func() error { return Edit(o, term, "", game.StartPosition(), nil) },
		} {
			// On a pipe the app used to wait for ever: bounded here.
			done := make(chan error, 1)
			go func() { done <- start() }()
			select {
			case err := <-done:
				if !errors.Is(err, common.ErrNoTerminal) {
					t.Errorf("%s on %s: %v", name, in.Name(), err)
				}
			case <-time.After(10 * time.Second):
				t.Errorf("%s on %s: still running after 10 s", name, in.Name())
			}
		}
	}
}
