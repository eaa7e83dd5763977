package study

import (
	"os"
	"path/filepath"

	"shogi/app/words"
	"shogi/tui/common"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/kifu"
	"shogi/kifu/edit"
)

// mode is the study or its file picker, the two faces of a Screen.
type mode interface {
	Update(msg tea.Msg) (mode, tea.Cmd)
	View() (string, *tea.Cursor)
	Help() common.OpenHelpMsg
	Title() string
}

// Screen is the study as the app's stack holds it (common.Screen): a
// record walked move by move, or the file picker before one is chosen.
type Screen struct {
	c    *common.Common
	s    mode
	init tea.Cmd
}

func screenOf(c *common.Common, s mode) *Screen { return &Screen{c: c, s: s} }

// Init starts the picker's listing; a study has nothing to start.
func (s *Screen) Init() tea.Cmd { return s.init }

// Update handles a message: a record file read (the picker's choice)
// becomes the study in the picker's place.
func (s *Screen) Update(msg tea.Msg) tea.Cmd {
	if r, ok := msg.(ReadMsg); ok {
		var cmd tea.Cmd
		s.s, cmd = fromRead(s.c, r)
		return cmd
	}
	var cmd tea.Cmd
	s.s, cmd = s.s.Update(msg)
	return cmd
}

func (s *Screen) View() (string, *tea.Cursor) { return s.s.View() }
func (s *Screen) Resize(tea.Msg)              {}
func (s *Screen) Help() common.OpenHelpMsg    { return s.s.Help() }
func (s *Screen) Title() string               { return s.s.Title() }
func (s *Screen) Quiet() bool                 { return true }

// study is the study on screen, or nil while the picker shows.
func (s *Screen) study() *studyModel {
	st, _ := s.s.(*studyModel)
	return st
}

// Picking reports whether the file picker shows.
func (s *Screen) Picking() bool { return s.study() == nil }

// Cover pauses the live analysis: its engine would think against a
// game's bot, or beside the editor.
func (s *Screen) Cover() {
	if st := s.study(); st != nil {
		st.pauseAnalysis()
	}
}

// Uncover takes back what the screen above did: a game played from here
// comes back as a branch; the analysis goes on.
func (s *Screen) Uncover(above common.Screen) tea.Cmd {
	st := s.study()
	if st == nil {
		return nil
	}
	if p, ok := above.(common.Played); ok {
		if rec, from, moves, res := p.Played(); rec == st.rec && from != nil {
			st.addLine(from, moves, res)
		}
	}
	st.resumeAnalysis()
	return st.syncBook()
}

// Close ends the study's engines; wait, when the app ends, waits for
// them.
func (s *Screen) Close(wait bool) tea.Cmd {
	if st := s.study(); st != nil {
		st.closeEngines(wait)
	}
	return nil
}

// Say puts text in the study's status line (an error when isErr).
func (s *Screen) Say(text string, isErr bool) {
	if st := s.study(); st != nil {
		st.say(text, isErr)
	}
}

// Deliver hands a study's engine work to its study, even while another
// screen is over it; ok is false for a message that is none.
func Deliver(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	a, ok := msg.(studyAsync)
	if !ok {
		return nil, false
	}
	return a.study().async(a), true
}

// Open is how the menu opens a record: "" or a folder opens the file
// picker (there); a file is read off the UI loop and comes back as a
// ReadMsg for Read. A record that cannot be read opens the study on its
// error screen, so the reason is shown in full.
func Open(c *common.Common, path string) (*Screen, tea.Cmd) {
	if path == "" {
		p := newPicker(c)
		return &Screen{c: c, s: p, init: p.Init()}, nil
	}
	return nil, readRecord(path)
}

// ReadMsg carries a record file's bytes, or why they could not be read,
// or says the path is a folder.
type ReadMsg struct {
	path string
	data []byte
	dir  bool
	err  error
}

// readRecord reads a record file (or finds a folder) off the UI loop.
func readRecord(path string) tea.Cmd {
	return func() tea.Msg {
		if fi, err := os.Stat(path); err == nil && fi.IsDir() {
			return ReadMsg{path: path, dir: true}
		}
		data, err := os.ReadFile(path)
		return ReadMsg{path: path, data: data, err: err}
	}
}

// Read turns a read record file into the study (or the picker, for a
// folder).
func Read(c *common.Common, msg ReadMsg) *Screen {
	s, cmd := fromRead(c, msg)
	return &Screen{c: c, s: s, init: cmd}
}

func fromRead(c *common.Common, msg ReadMsg) (mode, tea.Cmd) {
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

// FromData is the study of one record: data as read from name ("-" for
// standard input, which no file holds: saving asks for a name), shown at
// ply of its main line; leaving it quits the app (shogi study). err is
// why the record could not be read (or only in part).
func FromData(c *common.Common, name string, data []byte, ply int) (s *Screen, err error) {
	var st *studyModel
	stdin := name == "-"
	if stdin {
		name = "stdin"
	}
	rec, err := kifu.Read(data, name)
	if stdin {
		st = newUnsavedStudy(c, rec, name, err)
	} else {
		st = newStudy(c, rec, filepath.Clean(name), err)
	}
	st.quitOnLeave = true
	if rec != nil {
		st.goTo(ply)
	}
	return screenOf(c, st), err
}

// Unsaved is the study of a record no file holds (a position set up in
// the editor, a pasted record): saving asks for a name. Put in the place
// of the study over (a record pasted into a study), it leaves the app as
// that one did and says that its edits stay kept.
func Unsaved(c *common.Common, rec *kifu.Record, name string, err error, over common.Screen) *Screen {
	st := newUnsavedStudy(c, rec, name, err)
	if o, ok := over.(*Screen); ok && o.study() != nil {
		old := o.study()
		st.quitOnLeave = old.quitOnLeave
		if old.ed != nil && old.ed.Modified() && old.ed.KeptPath() != "" {
			st.say(c.Words.EditsKept, false)
		}
	}
	return screenOf(c, st)
}

// GoTo shows the record at ply n (a game opened from the explorer opens
// where it reached the position the explorer showed).
func (s *Screen) GoTo(n int) {
	if st := s.study(); st != nil {
		st.goTo(n)
	}
}

// Restored is the study of kept edits read back (the menu's "resume
// editing").
func Restored(c *common.Common, ed *edit.Editor) *Screen { return screenOf(c, restoredStudy(c, ed)) }

// Review opens a finished (or abandoned) game in the study, at its last
// ply: as the file it was saved to, or as a record not saved yet.
func Review(c *common.Common, msg common.ReviewGameMsg) *Screen {
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
	return screenOf(c, s)
}

// What the study shows, for the screens that open it and the app's tests
// that read it without reading its drawing.

// Position is the position shown (nil while the picker shows).
func (s *Screen) Position() *game.Position {
	if st := s.study(); st != nil && st.rec != nil {
		return st.Position()
	}
	return nil
}

// Node is the record's node shown (nil while the picker shows).
func (s *Screen) Node() *kifu.Node {
	if st := s.study(); st != nil && st.rec != nil {
		return st.node()
	}
	return nil
}

// Record is the record studied (nil while the picker shows, or for a
// record that could not be read).
func (s *Screen) Record() *kifu.Record {
	if st := s.study(); st != nil {
		return st.rec
	}
	return nil
}

// Unsaved reports whether no file holds the record as it is: it has
// changes not saved, or no file at all (pasted, set up in the editor).
func (s *Screen) Unsaved() bool {
	st := s.study()
	return st != nil && (st.dirty || st.unnamed)
}

// Folder is the folder the picker lists ("" in the study).
func (s *Screen) Folder() string {
	if p, ok := s.s.(*pickerModel); ok {
		return p.dir
	}
	return ""
}
