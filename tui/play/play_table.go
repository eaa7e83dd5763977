package play

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"shogi/app/words"
	"shogi/assets"
	"shogi/game"
	"shogi/kifu"
	"shogi/tui/common"
)

// A table's game (shogi serve) on the play screen: the person plays one
// side through the seat, or watches. Its keys, help bar and ? screen are
// the table's own: no taking back, pausing or hints, i offers a draw, w
// copies the record, and a spectator has only the keys that look.

// followTable starts the screen's session on the table's game.
func (m *Model) followTable() tea.Cmd {
	m.gen = m.c.NextGen()
	m.starting = true
	return followTable(m.gen, m.Setup.Table)
}

// watching reports whether the person at this screen plays neither side
// (a spectator, or a game between programs).
func (m *Model) watching() bool { return m.mine == [2]bool{} }

// spectator reports whether the screen watches a table's game.
func (m *Model) spectator() bool { return m.Setup.Table != nil && m.watching() }

// spectatorKey is a spectator's keyboard: stepping through the game,
// turning the board, the notation, copying, help, leaving; nothing that
// picks, types or plays.
func (m Model) spectatorKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	k := m.c.Keys
	switch {
	case common.KeyIs(msg, k.Review):
		m.step(msg.String() == "]")
	case common.KeyIs(msg, k.Cancel):
		m.Review = -1
	case common.KeyIs(msg, k.Help):
		return m, m.openHelp()
	case common.KeyIs(msg, k.Flip):
		m.Flip = !m.Flip
	case common.KeyIs(msg, k.Notation):
		m.CycleNotation()
	case common.KeyIs(msg, k.Save):
		_, cmd := m.remoteKey(msg)
		return m, cmd
	case common.KeyIs(msg, k.Copy):
		return m, m.copyPosition(false)
	case common.KeyIs(msg, k.CopySFEN):
		return m, m.copyPosition(true)
	case common.KeyIs(msg, k.Leave):
		return m, m.stopSession(common.ToMenuMsg{})
	}
	return m, nil
}

// remoteKey handles the keys that work differently for a person on an
// SSH connection: w copies the game's record to their clipboard (the
// server keeps its own copy), and at a table there is no taking back,
// pausing or asking a program for a hint.
func (m *Model) remoteKey(msg tea.KeyPressMsg) (bool, tea.Cmd) {
	k := m.c.Keys
	w := m.c.Rw()
	switch {
	case common.KeyIs(msg, k.Save):
		data, err := kifu.Marshal(m.Record(), kifu.KIF, kifu.WriteOptions{Encoding: kifu.UTF8})
		if err != nil {
			m.SetError(err.Error())
			return true, nil
		}
		m.SetInfo(w.CopiedRecord)
		return true, tea.SetClipboard(string(data))
	case m.Setup.Table == nil:
		return false, nil
	case common.KeyIs(msg, k.Undo), common.KeyIs(msg, k.Pause), common.KeyIs(msg, k.Step), common.KeyIs(msg, k.Hint):
		m.SetError(w.NotAtTable)
		return true, nil
	}
	return false, nil
}

// remoteBindings are the help bar's keys for a person on an SSH
// connection: w copies the game; at a table, the table's own.
func (m *Model) remoteBindings(in []key.Binding) []key.Binding {
	if m.Setup.Table != nil {
		return m.tableBindings()
	}
	k := m.c.Keys
	out := make([]key.Binding, 0, len(in))
	for _, b := range in {
		if b.Help().Key == k.Save.Help().Key {
			b = m.copyGameKey()
		}
		out = append(out, b)
	}
	return out
}

func (m *Model) copyGameKey() key.Binding {
	return key.NewBinding(key.WithKeys("w"), key.WithHelp("w", m.c.Rw().CopyGame))
}

func (m *Model) drawKey() key.Binding {
	return key.NewBinding(key.WithKeys("i"), key.WithHelp("i", m.c.Rw().DrawKey))
}

// tableBindings are a table's help bar: a player's keys, the draw key
// among the first; a spectator's; or, once the game is over, what is
// left to do.
func (m *Model) tableBindings() []key.Binding {
	k := m.c.Keys
	switch {
	case m.watching():
		return []key.Binding{k.Review, k.Flip, k.Notation, m.copyGameKey(), k.Help, k.Leave}
	case m.Over():
		leave := key.NewBinding(key.WithKeys("q"), key.WithHelp("q", m.c.Words.ToMenu))
		return []key.Binding{m.copyGameKey(), k.Review, leave, k.Help, k.Flip, k.Copy}
	}
	return []key.Binding{k.Select, k.Tray, k.Type, m.drawKey(), k.Resign, k.Help, k.Leave, k.Flip, k.Notation, m.copyGameKey(), k.Review}
}

// tableHelp is a table's ? screen: its keys by group, and notes on
// tables (or on watching one).
func (m *Model) tableHelp() common.OpenHelpMsg {
	k := m.c.Keys
	rw := m.c.Rw()
	chat := []key.Binding{
		key.NewBinding(key.WithKeys("t"), key.WithHelp("t", rw.ChatOpen)),
		key.NewBinding(key.WithKeys("pgup", "pgdown"), key.WithHelp("pgup/pgdn", rw.ChatScroll)),
	}
	look := []key.Binding{k.Review, k.Flip, k.Notation, m.copyGameKey(), k.Copy, k.CopySFEN}
	quit := key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", rw.QuitKey))
	ja := m.c.Lang == words.Japanese
	if m.watching() {
		return common.OpenHelpMsg{Groups: [][]key.Binding{look, chat, {k.Help, k.Leave, quit}}, Notes: assets.HelpWatch(ja)}
	}
	return common.OpenHelpMsg{
		Groups: [][]key.Binding{
			{k.Up, k.Down, k.Left, k.Right, k.Select, k.Cancel, k.Tray, k.Type},
			{m.drawKey(), k.Resign, k.Declare, k.Help, k.Leave, quit},
			append(look, chat...),
		},
		Notes: assets.HelpTable(ja),
	}
}

// serverHelp is the ? screen of a game on a CSA server: the game's keys
// less what a server refuses (taking back, pausing, hints, stepping, the
// impasse count, turning every move), and notes on server games, not on
// tables. w stays: it saves a copy of the game as it stands. Leaving and
// quitting say they resign.
func (m *Model) serverHelp() common.OpenHelpMsg {
	k := m.c.Keys
	refused := map[string]bool{}
	for _, b := range []key.Binding{k.Undo, k.Hint, k.Pause, k.Step, k.Impasse, k.AutoFlip} {
		refused[b.Help().Key] = true
	}
	var groups [][]key.Binding
	for _, g := range k.PlayFullHelp() {
		var kept []key.Binding
		for _, b := range g {
			switch {
			case refused[b.Help().Key]:
				continue
			case b.Help().Key == k.Leave.Help().Key && !m.Over():
				b = key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, m.c.Words.LeaveServerKey))
			case b.Help().Key == k.Quit.Help().Key && !m.Over():
				// Quitting leaves the game too, which the server takes
				// as a resignation: the game is not kept to resume.
				b = key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, m.c.Words.QuitServerKey))
			}
			kept = append(kept, b)
		}
		groups = append(groups, kept)
	}
	return common.OpenHelpMsg{Groups: groups, Notes: assets.HelpServer(m.c.Lang == words.Japanese)}
}

// drawAsk is the question i puts at a table: offering a draw, or
// accepting the one the other side offered; both with the impasse
// rule's count that settles it.
func (m *Model) drawAsk() (ask, keys string) {
	rw := m.c.Rw()
	pos := m.Game.Position()
	b, w := pos.Points(game.Black), pos.Points(game.White)
	if c, ok := m.humanSide(); ok && m.Snap.Offered && m.Snap.Offer != c {
		return fmt.Sprintf(rw.AcceptDraw, m.name(c.Other()), b, w), m.c.Words.KeysEnd
	}
	return fmt.Sprintf(rw.AskDraw, b, w), rw.KeysDraw
}

// computerHelp is the ? screen of a game against the computer over SSH:
// the game's keys as they work there (w copies the record, nothing is
// kept, no study), and notes on such a game rather than on keeping and
// resuming, which the server does not do for it.
func (m *Model) computerHelp() common.OpenHelpMsg {
	k := m.c.Keys
	var groups [][]key.Binding
	for _, g := range k.PlayFullHelp() {
		var kept []key.Binding
		for _, b := range g {
			switch b.Help().Key {
			case k.Study.Help().Key:
				continue
			case k.Save.Help().Key:
				b = m.copyGameKey()
			case k.Quit.Help().Key:
				b = key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, m.c.Words.QuitNothingKept))
			}
			kept = append(kept, b)
		}
		groups = append(groups, kept)
	}
	return common.OpenHelpMsg{Groups: groups, Notes: assets.HelpComputer(m.c.Lang == words.Japanese)}
}
