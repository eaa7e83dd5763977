package tui

import (
	"os"
	"path/filepath"
	"time"

	tea "charm.land/bubbletea/v2"

	"example.com/shogi/game"
	"example.com/shogi/kifu"
)

// Run runs the app on t (the menu, or a game with o.Play) until the user
// quits. extra options go to the Bubble Tea program: a caller that runs
// the app on a connection rather than its own terminal passes, say,
// tea.WithoutSignalHandler or tea.WithContext.
func Run(o Options, t Terminal, extra ...tea.ProgramOption) error {
	m, err := New(o)
	if err != nil {
		return err
	}
	return run(m, t, extra...)
}

// Study runs the app on one record: data as read from name, shown at ply
// of its main line; leaving the study quits. A record that cannot be read
// (or only in part) opens on the reason, and the error is returned once
// the user has seen it.
func Study(o Options, t Terminal, name string, data []byte, ply int) error {
	m, err := New(o)
	if err != nil {
		return err
	}
	rec, rerr := kifu.Read(data, name)
	st := newStudy(m.c, rec, filepath.Clean(name), rerr)
	st.quitOnLeave = true
	if rec != nil {
		st.goTo(ply)
	}
	m.study, m.mode = st, modeStudy
	if err := run(m, t); err != nil {
		return err
	}
	return rerr
}

// run runs a model on a terminal: its input, output, environment, colour
// profile and, when the caller knows it, size. The program asks the
// terminal nothing before its first frame.
func run(m *Model, t Terminal, extra ...tea.ProgramOption) error {
	m.useTerminal(t)
	opts := []tea.ProgramOption{
		tea.WithInput(t.In),
		tea.WithOutput(t.Out),
		tea.WithEnvironment(t.Env),
		tea.WithColorProfile(t.Profile),
	}
	if t.Width > 0 && t.Height > 0 {
		opts = append(opts, tea.WithWindowSize(t.Width, t.Height))
	}
	_, err := tea.NewProgram(m, append(opts, extra...)...).Run()
	m.closeEngines()
	return err
}

// openStudyFile is how the menu opens a record: a file goes straight to
// the study; "" or a folder opens the file picker there. A record that
// cannot be read opens the study on its error screen, so the reason is
// shown in full.
func openStudyFile(c *common, path string) (studyMode, tea.Cmd, error) {
	if path == "" {
		p := newPicker(c, "")
		return p, p.init(), nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		p := newPicker(c, path)
		return p, p.init(), nil
	}
	return loadStudy(c, path), nil, nil
}

// loadStudy reads a record file into a study; failures are kept for the
// study to show.
func loadStudy(c *common, path string) *studyModel {
	data, err := os.ReadFile(path)
	if err != nil {
		return newStudy(c, nil, path, err)
	}
	rec, err := kifu.Read(data, path)
	return newStudy(c, rec, path, err)
}

// reviewGameMsg asks the app to study a game just played (the game-end
// screen's "study").
type reviewGameMsg struct {
	g       *game.Game
	players [2]string     // by colour, as play mode names them
	headers []kifu.Header // the record's headers as play mode writes them; nil: built here
	saved   string        // the file the whole game was saved to, if it was
}

// reviewGame opens a finished (or abandoned) game in the study, at its
// last ply: as the file it was saved to, or as a record not saved yet.
func reviewGame(c *common, msg reviewGameMsg) *studyModel {
	headers := msg.headers
	if headers == nil {
		headers = []kifu.Header{
			{Key: "開始日時", Value: time.Now().Format("2006/01/02 15:04:05")},
			{Key: "先手", Value: msg.players[game.Black]},
			{Key: "後手", Value: msg.players[game.White]},
		}
	}
	name := "this game"
	if c.lang == Japanese {
		name = "この対局"
	}
	if msg.saved != "" {
		name = msg.saved
	}
	s := newStudy(c, kifu.FromGame(msg.g, headers, nil), name, nil)
	s.goTo(s.last())
	s.dirty = msg.saved == ""
	s.unnamed = msg.saved == ""
	return s
}
