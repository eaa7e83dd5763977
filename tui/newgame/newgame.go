// Package newgame is the new-game screen: who plays (a person, a built-in
// level or an engine of the settings' list), the handicap or a start set
// up in the editor, who takes Black (or furigoma, with its toss shown
// before the game), the clock and the piece style. The menu opens it, as
// do a game's "another game" and the editor's "new game from here";
// enter asks the app to start the game (common.StartMsg), esc leaves.
package newgame

import (
	"fmt"

	"shogi/app/words"
	"shogi/assets"
	"shogi/game"
	"shogi/tui/common"
	"shogi/tui/components"

	tea "charm.land/bubbletea/v2"
)

// Screen is the new-game screen (a common.Screen): the form, then, with
// furigoma, the toss.
type Screen struct {
	common.Still // a form: nothing of its own runs
	c            *common.Common
	form         form
	cursor       int
	// tossed is the game the toss page is about to start (nil: the form
	// shows).
	tossed *common.Setup

	status    string
	statusErr bool
}

// New opens the form with the settings' clock, player 1 a person and
// player 2 the strongest built-in level; start, when given (a position
// set up in the editor), is the first start the handicap row offers.
func New(c *common.Common, start *game.Position) *Screen {
	s := &Screen{c: c, form: newForm(c)}
	if start != nil {
		s.form.setStart(*start)
	}
	return s
}

func (s *Screen) words() *words.MenuWords { return words.MenuWordsFor(s.c.Lang) }

// Init does nothing: the form needs nothing read.
func (s *Screen) Init() tea.Cmd { return nil }

// Update handles a key: ↑/↓ choose a field, ←/→ change it, enter starts
// the game (after the toss with furigoma), esc leaves.
func (s *Screen) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	if k.String() == "ctrl+c" {
		return tea.Quit
	}
	s.status, s.statusErr = "", false
	if k.String() == "?" {
		help := s.Help()
		return func() tea.Msg { return help }
	}
	if s.tossed != nil {
		switch {
		case common.IsEnter(k):
			setup := *s.tossed
			return func() tea.Msg { return common.StartMsg{Setup: setup} }
		case k.String() == "esc":
			s.tossed = nil
		}
		return nil
	}
	keys := s.c.Keys
	n := len(s.form.Rows())
	switch {
	case common.KeyIs(k, keys.Up):
		s.cursor = common.WrapAdd(s.cursor, -1, n)
	case common.KeyIs(k, keys.Down):
		s.cursor = common.WrapAdd(s.cursor, 1, n)
	case common.KeyIs(k, keys.Left):
		return s.change(-1)
	case common.KeyIs(k, keys.Right):
		return s.change(1)
	case common.IsEnter(k):
		return s.start()
	case k.String() == "esc" || common.KeyIs(k, keys.Leave):
		return func() tea.Msg { return common.ToMenuMsg{} }
	}
	return nil
}

// change steps the field under the cursor; the rows below it may come or
// go (a clock's values), so the cursor stays within them.
func (s *Screen) change(d int) tea.Cmd {
	cmd := s.form.change(s.cursor, d)
	s.cursor = min(s.cursor, len(s.form.Rows())-1)
	return cmd
}

// start builds the game the form describes; with furigoma it shows the
// toss first.
func (s *Screen) start() tea.Cmd {
	setup, save := s.form.setup()
	if setup.Toss != nil {
		s.tossed = &setup
		return save
	}
	return tea.Batch(save, func() tea.Msg { return common.StartMsg{Setup: setup} })
}

// Say puts text on the status line (a setting that could not be kept).
func (s *Screen) Say(text string, isErr bool) { s.status, s.statusErr = text, isErr }

// View draws the form (or the toss) beside the start it gives.
func (s *Screen) View() (string, *tea.Cursor) {
	return s.page().Render(s.c), nil
}

// page is what the screen shows, in the menu's style.
func (s *Screen) page() components.MenuPage {
	c := s.c
	mw := s.words()
	if t := s.tossed; t != nil {
		w := c.Words
		body := []string{w.Toss + " " + common.FurigomaText(w, *t.Toss, t.TossPlayers, c.ASCII), "",
			fmt.Sprintf("%s: %s    %s: %s", c.Side(game.Black), common.PlayerLabel(c, t.Players[game.Black], t.Names[game.Black]),
				c.Side(game.White), common.PlayerLabel(c, t.Players[game.White], t.Names[game.White]))}
		return components.MenuPage{Body: body, Status: s.status, StatusErr: s.statusErr, Keys: mw.TossKeys, Pos: &t.Start}
	}
	pos := s.form.preview()
	return components.MenuPage{Heading: mw.NewGame, Body: s.form.lines(s.cursor), Status: s.status, StatusErr: s.statusErr,
		Keys: mw.FormKeys, Pos: &pos}
}

// Help is the form's ? screen: how its fields work.
func (s *Screen) Help() common.OpenHelpMsg {
	return common.OpenHelpMsg{Notes: assets.HelpNewGame(s.c.Lang == words.Japanese)}
}

// Title is the window's title.
func (s *Screen) Title() string { return s.words().NewGame }
