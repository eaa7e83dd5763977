package remote

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"shogi/app/lobby"
	"shogi/app/settings"
	"shogi/app/words"
	"shogi/assets"
	"shogi/game"
	"shogi/tui/common"
)

// The lobby's menu: a game whose seat waits for the person (they left or
// their connection dropped, and the grace period runs) comes first, so
// coming back is one key; then the lobby's doings, the bell, quitting.

// menuKind is what a menu entry does.
type menuKind int

const (
	menuReturn menuKind = iota // back to a held seat (code)
	menuCreate
	menuJoin
	menuWatch
	menuComputer
	menuBell
	menuQuit
)

// menuItem is one entry of the lobby's menu.
type menuItem struct {
	kind menuKind
	code string // the table of a menuReturn
	text string
}

// menu is the lobby's menu as it stands now.
func (m *Model) menu() []menuItem {
	c := m.Common
	w := c.Rw()
	var out []menuItem
	for _, t := range m.R.Lobby.Held(lobby.Person{Name: m.name, Key: m.R.Key}) {
		text := fmt.Sprintf(w.ReturnTo, t.Code, c.Side(game.Black)+" "+t.Names[game.Black], c.Side(game.White)+" "+t.Names[game.White],
			fmt.Sprintf(w.MovesN, c.Words.Count(t.Moves)))
		out = append(out, menuItem{kind: menuReturn, code: t.Code, text: text})
	}
	gw := c.Gw()
	return append(out,
		menuItem{kind: menuCreate, text: w.Create},
		menuItem{kind: menuJoin, text: w.Join},
		menuItem{kind: menuWatch, text: w.Watch},
		menuItem{kind: menuComputer, text: w.Computer},
		menuItem{kind: menuBell, text: gw.Bell + "  < " + gw.BellKinds[c.Bell()%common.NumBells] + " >"},
		menuItem{kind: menuQuit, text: w.Quit})
}

// toMenu shows the menu with the cursor on the entry of kind k.
func (m *Model) toMenu(k menuKind) {
	m.Screen, m.cursor = RMenu, 0
	for i, it := range m.menu() {
		if it.kind == k {
			m.cursor = i
			return
		}
	}
}

// menuItemAt is the entry under the cursor.
func (m *Model) menuItemAt() menuItem {
	items := m.menu()
	return items[min(m.cursor, len(items)-1)]
}

// cycleBell steps the bell setting: for this connection only (a guest
// has no settings file on the server).
func (m *Model) cycleBell(d int) {
	s := m.Common.Settings
	s.Bell = settings.BellSetting(common.WrapAdd(int(s.Bell), d, int(common.NumBells)))
}

// Help is the lobby's ? screen: what the lobby is for and its pages'
// keys. A table's help and a game's against the computer are the game
// screen's, which speak of a table and of that game.
func (m *Model) Help() common.OpenHelpMsg {
	return common.OpenHelpMsg{Notes: assets.HelpLobby(m.Common.Lang == words.Japanese)}
}

// helpKey reports whether k opens the lobby's help: f1 on every page,
// since a name and a code are typed where ? is a character, and ? on the
// pages where nothing is typed.
func (m *Model) helpKey(k tea.KeyPressMsg) bool {
	typing := m.Screen == rName || m.Screen == rJoin || m.Screen == rWatch
	return k.String() == "f1" || k.String() == "?" && !typing
}
