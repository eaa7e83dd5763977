package tui

import (
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"shogi/tui/common"
	"shogi/app/words"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/kifu"
	"shogi/kifu/edit"
	"shogi/tui/editor"
)

// Run runs the app on t (the menu, or a game with o.Play) until the user
// quits. extra options go to the Bubble Tea program: a caller that runs
// the app on a connection rather than its own terminal passes, say,
// tea.WithoutSignalHandler or tea.WithContext.
func Run(o Options, t common.Terminal, extra ...tea.ProgramOption) error {
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
	m, err := New(o)
	if err != nil {
		return err
	}
	var st *studyModel
	stdin := name == "-"
	if stdin {
		// Standard input: no file holds the record, so saving asks for a name.
		name = "stdin"
	}
	rec, rerr := kifu.Read(data, name)
	if stdin {
		st = newUnsavedStudy(m.c, rec, name, rerr)
	} else {
		st = newStudy(m.c, rec, filepath.Clean(name), rerr)
	}
	st.quitOnLeave = true
	if rec != nil {
		st.goTo(ply)
	}
	m.stack = append(m.stack, &studyScreen{s: st})
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

// openStudyFile is how the menu opens a record: a file goes straight to
// the study; "" or a folder opens the file picker there. The file is read
// off the UI loop; a record that cannot be read opens the study on its
// error screen, so the reason is shown in full.
func openStudyFile(c *common.Common, path string) tea.Cmd {
	if path == "" {
		p := newPicker(c)
		return func() tea.Msg { return studyOpenedMsg{s: p, cmd: p.Init()} }
	}
	return readRecord(path)
}

// studyOpenedMsg puts a study screen (or the file picker) up.
type studyOpenedMsg struct {
	s   studyMode
	cmd tea.Cmd
}

// recordReadMsg carries a record file's bytes, or why they could not be
// read, or says the path is a folder.
type recordReadMsg struct {
	path string
	data []byte
	dir  bool
	err  error
}

// readRecord reads a record file (or finds a folder) off the UI loop.
func readRecord(path string) tea.Cmd {
	return func() tea.Msg {
		if fi, err := os.Stat(path); err == nil && fi.IsDir() {
			return recordReadMsg{path: path, dir: true}
		}
		data, err := os.ReadFile(path)
		return recordReadMsg{path: path, data: data, err: err}
	}
}

// studyOf turns a read record file into the study (or the picker, for a
// folder).
func studyOf(c *common.Common, msg recordReadMsg) (studyMode, tea.Cmd) {
	if msg.dir {
		p := newPicker(c)
		p.dir = msg.path
		return p, p.Init()
	}
	if msg.err != nil {
		return newStudy(c, nil, msg.path, msg.err), nil
	}
	rec, err := kifu.Read(msg.data, msg.path)
	return newStudy(c, rec, msg.path, err), nil
}

// reviewGame opens a finished (or abandoned) game in the study, at its
// last ply: as the file it was saved to, or as a record not saved yet.
func reviewGame(c *common.Common, msg common.ReviewGameMsg) *studyModel {
	name := "this game"
	if c.Lang == words.Japanese {
		name = "この対局"
	}
	if msg.Saved != "" {
		name = msg.Saved
	}
	s := newStudy(c, msg.Rec, name, nil)
	s.ed = edit.New(msg.Rec, edit.Options{StateDir: c.StateDir, Source: msg.Saved}) // a name, not a file, when not saved
	s.goTo(s.last())
	s.dirty = msg.Saved == ""
	s.unnamed = msg.Saved == ""
	return s
}
