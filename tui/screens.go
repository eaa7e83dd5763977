package tui

import (
	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/editor"
	"shogi/tui/online"
	"shogi/tui/play"
	tsumeui "shogi/tui/tsume"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/kifu"
)

// The screens as the root's stack holds them (common.Screen): each
// screen package keeps its own model, whose Update returns its own type
// as Bubble Tea's examples do; these adapters put them behind the one
// interface. A screen's help, title and footer are its own.

// playScreen is a game (tui/play).
type playScreen struct {
	common.Still
	m play.Model
	// again: the person left a game another screen pushed (PlayMsg) for
	// another game (common.HostedGame).
	again bool
}

func newPlayScreen(c *common.Common, s common.Setup) *playScreen {
	return &playScreen{m: play.New(c, s)}
}

func (p *playScreen) Init() tea.Cmd { return p.m.Init() }
func (p *playScreen) Update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	p.m, cmd = p.m.Update(msg)
	return cmd
}
func (p *playScreen) View() (string, *tea.Cursor) { return p.m.View() }
func (p *playScreen) Help() common.OpenHelpMsg    { return p.m.Help() }
func (p *playScreen) Title() string               { return p.m.TitleText() }
func (p *playScreen) Quiet() bool                 { return p.m.Quiet() }

// Played gives a game played from a study (common.Played) back to it.
func (p *playScreen) Played() (*kifu.Record, *kifu.Node, []game.Move, game.Result) {
	if !p.m.FromStudy {
		return nil, nil, nil, game.Result{}
	}
	return p.m.Setup.Record, p.m.Setup.From, p.m.Game.Moves(), p.m.Game.Result()
}

// newGameScreen is the game screen as the screens that show it inside
// their own make it (common.NewGameScreen).
func newGameScreen(c *common.Common, s common.Setup) common.GameScreen { return newPlayScreen(c, s) }

func (p *playScreen) Over() bool { return p.m.Over() }
func (p *playScreen) Say(text string, isErr bool) {
	if isErr {
		p.m.SetError(text)
	} else {
		p.m.SetInfo(text)
	}
}
func (p *playScreen) Asking() bool { return p.m.Typing || p.m.State != play.StateMove }
func (p *playScreen) Margin() int  { return p.m.Layout().Margin }

// hosted reports whether another screen pushed the game (PlayMsg) and
// runs it elsewhere.
func (p *playScreen) hosted() bool { return p.m.Setup.Table != nil && p.m.Setup.Table.Host != nil }

// Again tells the screen that pushed the game whether the person asked
// for another game (common.HostedGame).
func (p *playScreen) Again() bool { return p.again }

func (p *playScreen) Close(bool) tea.Cmd {
	if p.m.Sess != nil {
		p.m.Sess.Stop("the app was closed")
	}
	return nil
}

// editorScreen is the position editor (tui/editor).
type editorScreen struct {
	common.Still
	m editor.Model
}

func (e *editorScreen) Init() tea.Cmd { return nil }
func (e *editorScreen) Update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	e.m, cmd = e.m.Update(msg)
	return cmd
}
func (e *editorScreen) View() (string, *tea.Cursor) { return e.m.View() }
func (e *editorScreen) Help() common.OpenHelpMsg    { return e.m.Help() }
func (e *editorScreen) Title() string               { return words.EditorWordsFor(e.m.Lang()).Title }

// tsumeScreen is the mate problems (tui/tsume).
type tsumeScreen struct {
	common.Still
	m tsumeui.Model
}

func (t *tsumeScreen) Init() tea.Cmd { return t.m.Init() }
func (t *tsumeScreen) Update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	t.m, cmd = t.m.Update(msg)
	return cmd
}
func (t *tsumeScreen) View() (string, *tea.Cursor) { return t.m.View() }
func (t *tsumeScreen) Help() common.OpenHelpMsg    { return t.m.Help() }
func (t *tsumeScreen) Title() string               { return t.m.TitleText() }
func (t *tsumeScreen) Quiet() bool                 { return t.m.Quiet() }
func (t *tsumeScreen) Close(bool) tea.Cmd          { t.m.Stop(); return nil }

// quizScreen is the next-move quizzes (tui/tsume).
type quizScreen struct {
	common.Still
	m tsumeui.Quizzes
}

func (q *quizScreen) Init() tea.Cmd { return q.m.Init() }
func (q *quizScreen) Update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	q.m, cmd = q.m.Update(msg)
	return cmd
}
func (q *quizScreen) View() (string, *tea.Cursor) { return q.m.View() }
func (q *quizScreen) Help() common.OpenHelpMsg    { return q.m.Help() }
func (q *quizScreen) Title() string               { return q.m.TitleText() }
func (q *quizScreen) Quiet() bool                 { return q.m.Quiet() }
func (q *quizScreen) Close(bool) tea.Cmd          { q.m.Stop(); return nil }

// onlineScreen is a game on a CSA server (tui/online): the form and the
// wait; the game is a playScreen it pushes over itself.
type onlineScreen struct {
	common.Still
	m *online.Model
}

func (o *onlineScreen) Init() tea.Cmd                       { return o.m.Init() }
func (o *onlineScreen) Update(msg tea.Msg) tea.Cmd          { return o.m.Update(msg) }
func (o *onlineScreen) Uncover(above common.Screen) tea.Cmd { return o.m.Uncover(above) }
func (o *onlineScreen) View() (string, *tea.Cursor)         { return o.m.View() }
func (o *onlineScreen) Help() common.OpenHelpMsg            { return o.m.Help() }
func (o *onlineScreen) Title() string                       { return o.m.Title() }
func (o *onlineScreen) Quiet() bool                         { return o.m.Quiet() }

// Close cancels an attempt and resigns a game in progress on the
// server; the kept games are listed again once it ends there. When the
// app ends it waits for the server's ruling.
func (o *onlineScreen) Close(wait bool) tea.Cmd {
	if wait {
		o.m.Shutdown()
		return nil
	}
	return o.m.Close()
}

// menuScreen is the menu: the bottom of the stack.
type menuScreen struct {
	common.Still
	m menuModel
}

func (m *menuScreen) Init() tea.Cmd { return m.m.Init() }
func (m *menuScreen) Update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	m.m, cmd = m.m.Update(msg)
	return cmd
}
func (m *menuScreen) View() (string, *tea.Cursor) { return m.m.View(), nil }
func (m *menuScreen) Help() common.OpenHelpMsg    { return m.m.help() }
func (m *menuScreen) Title() string               { return "" }

// Uncover shows the menu's main page afresh, its kept games and edits
// listed again (a game left may be kept now).
func (m *menuScreen) Uncover(common.Screen) tea.Cmd {
	m.m = newMenu(m.m.c)
	return m.m.Init()
}
