package study

import (
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"shogi/app/gamedb"
	"shogi/app/settings"
	"shogi/app/words"
	"shogi/game"
	"shogi/tui/common"
	"shogi/tui/components/explorer"
)

// The study's glue to the explorer panel (tui/components/explorer): r
// opens it in place of the side column's headers and move list, where it
// takes ↑/↓, enter and tab; it and the book panel are open one at a time
// (both want ↑/↓ and enter). The panel is not offered over SSH.

// newExplorer makes the study's panel: the database the app adds its
// finished games to, "mine" by the settings' first player's name.
func newExplorer(c *common.Common) *explorer.Model {
	dir := c.GamesDefault
	if c.Settings != nil && c.Settings.GamesDir != "" {
		dir = settings.ExpandHome(c.Settings.GamesDir)
	}
	o := explorer.Options{Path: gamedb.DefaultPath(filepath.Dir(dir)), Me: c.Words.Human}
	if c.Settings != nil && c.Settings.Names.Player1 != "" {
		o.Me = c.Settings.Names.Player1
	}
	if dir == "" {
		o.Path = ""
	}
	if c.Remote {
		o.Off = words.ExplorerWordsFor(c.Lang).NotRemote
	}
	return explorer.New(o)
}

// explorerKeys are the panel's keys in the screen's language.
func (s *studyModel) explorerKeys() explorer.Keys { return explorer.NewKeys(s.c.Lang, s.c.ASCII) }

// explorerKey handles r, and the panel's keys while it is open; o (the
// book) closes it and goes on to the book.
func (s *studyModel) explorerKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if common.KeyIs(msg, s.c.Keys.Book) {
		s.ex.Close()
		return nil, false
	}
	if !s.ex.Typing() && common.KeyIs(msg, s.explorerKeys().Toggle) {
		if why := s.ex.Toggle(); why != "" {
			s.say(why, true)
		}
		if s.ex.On() {
			s.bk.on = false
			s.ui.board = false // enter is the panel's while it is open
			s.ui.clearPick()
		}
		return nil, true
	}
	act := s.ex.Key(msg, s.c)
	if act.Play != game.NoMove {
		s.playMove(act.Play)
	}
	return act.Cmd, act.Handled
}

// syncExplorer gives the panel the position shown.
func (s *studyModel) syncExplorer() tea.Cmd {
	if s.rec == nil || s.an.preview != nil {
		return nil
	}
	return s.ex.Sync(s.Position(), s.prevMove())
}

// explorerMsg takes the panel's messages; false for others.
func (s *studyModel) explorerMsg(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case explorer.AnswerMsg:
		return s.ex.Update(msg), true
	case explorer.NoteMsg:
		s.say(msg.Text, true)
		return nil, true
	}
	return nil, false
}

// tagLine is the header's openings and castles line.
func (s *studyModel) tagLine() string {
	return explorer.TagLine(s.rec, s.c.Lang, [2]string{explorer.SideMark(s.c, game.Black), explorer.SideMark(s.c, game.White)})
}
