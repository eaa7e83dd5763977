package tui

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// slowReader hands out its keys a few bytes at a time with a pause, as a
// person types, so each arrives as its own read; a 0xff byte is a longer
// pause (a person watching the reply come), not a key.
type slowReader struct {
	data []byte
	step int
}

func (r *slowReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		time.Sleep(50 * time.Millisecond)
		return 0, io.EOF
	}
	time.Sleep(10 * time.Millisecond)
	if r.data[0] == 0xff {
		time.Sleep(500 * time.Millisecond)
		r.data = r.data[1:]
		return 0, nil
	}
	n := copy(p[:min(len(p), r.step)], r.data)
	r.data = r.data[n:]
	return n, nil
}

// The app runs as a real Bubble Tea program without a terminal: the
// caller gives it the keys, the output, the size and the colour profile
// (as a test or an SSH session does), and it plays what is typed and
// quits with ctrl+c, the game kept.
func TestProgramWithoutTTY(t *testing.T) {
	state := t.TempDir()
	m, err := New(Options{Play: true, White: "greedy", StateDir: state})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	in := &slowReader{data: []byte("\xff7g7f\r\xff\x03"), step: 1}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	m.useTerminal(Terminal{Profile: colorprofile.ANSI256})
	p := tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(&out), tea.WithWindowSize(120, 40),
		tea.WithColorProfile(colorprofile.ANSI256), tea.WithEnvironment([]string{"TERM=xterm-256color"}),
		tea.WithContext(ctx), tea.WithoutSignals())
	final, err := p.Run()
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	fm := final.(*Model)
	if fm.mode != modePlay || fm.play.g.Len() != 2 {
		t.Fatalf("after 7g7f: mode %v, %d moves (status %q)", fm.mode, fm.play.g.Len(), fm.play.status)
	}
	if fm.c.width != 120 || fm.c.level != level256 {
		t.Errorf("the program's size and colours: %d wide, level %v", fm.c.width, fm.c.level)
	}
	kept, err := listKept(state)
	if err != nil || len(kept) != 1 || kept[0].err != nil || len(kept[0].setup.moves) != 2 {
		t.Errorf("ctrl+c did not keep the game: %+v, %v", kept, err)
	}
	if !strings.Contains(out.String(), "+---+---+") {
		t.Errorf("the large board was not drawn at 120x40")
	}
}
