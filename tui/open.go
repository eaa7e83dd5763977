package tui

import (
	"os"
	"os/signal"
	"syscall"

	"shogi/tui/common"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/tui/editor"
	"shogi/tui/study"
)

// Run runs the app on t (the menu, or a game with o.Play) until the user
// quits. extra options go to the Bubble Tea program: a caller that runs
// the app on a connection rather than its own terminal passes, say,
// tea.WithoutSignalHandler or tea.WithContext.
func Run(o Options, t common.Terminal, extra ...tea.ProgramOption) error {
	if err := t.CheckInput(); err != nil {
		return err
	}
	m, err := New(o)
	if err != nil {
		return err
	}
	return run(m, t, o.Signals, extra...)
}

// Study runs the app on one record: data as read from name ("-" for
// standard input, which no file holds: saving asks for a name), shown at
// ply of its main line; leaving the study quits. A record that cannot be read
// (or only in part) opens on the reason, and the error is returned once
// the user has seen it. extra options go to the program, as for Run.
func Study(o Options, t common.Terminal, name string, data []byte, ply int, extra ...tea.ProgramOption) error {
	if err := t.CheckInput(); err != nil {
		return err
	}
	m, err := New(o)
	if err != nil {
		return err
	}
	st, rerr := study.FromData(m.c, name, data, ply)
	m.stack = append(m.stack, st)
	if err := run(m, t, o.Signals, extra...); err != nil {
		return err
	}
	return rerr
}

// Edit runs the app on the position editor, set up from start; name is
// the file the position came from ("" for none). Leaving the editor quits;
// what it hands on (a game, a study) goes on in the app.
// leftOut are the squares of kings start had beyond one a side, which the
// editor names (game.ParseSFENExtraKings).
func Edit(o Options, t common.Terminal, name string, start game.Position, leftOut []game.Square, extra ...tea.ProgramOption) error {
	if err := t.CheckInput(); err != nil {
		return err
	}
	m, err := New(o)
	if err != nil {
		return err
	}
	m.stack = append(m.stack, &editorScreen{m: editor.New(m.c, editor.Options{Start: start, Name: name, Quit: true, LeftOut: leftOut})})
	return run(m, t, o.Signals, extra...)
}

// run runs a model on a terminal: its input, output, environment, colour
// profile and, when the caller knows it, size. The program asks the
// terminal nothing before its first frame. However the program ends —
// a key, SIGTERM, or (with signals) the terminal hanging up — the game in
// progress is stopped and kept before run returns.
func run(m *Model, t common.Terminal, signals bool, extra ...tea.ProgramOption) error {
	m.UseTerminal(t)
	p := tea.NewProgram(m, append(common.ProgramOptions(t), extra...)...)
	if signals {
		// Bubble Tea ends the program on SIGTERM itself; a terminal that
		// closes sends SIGHUP, which would kill the process outright.
		hup := make(chan os.Signal, 1)
		signal.Notify(hup, syscall.SIGHUP)
		defer signal.Stop(hup)
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-hup:
				p.Quit()
			case <-done:
			}
		}()
	}
	_, err := p.Run()
	m.Shutdown()
	return err
}
