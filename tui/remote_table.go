package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/match"
	"shogi/tui/lobby"
)

// chatRows are the lines under the play screen at a table: the last chat
// line or notice, and the chat's input line or its key.
const chatRows = 2

// tableModel is the screen of a table: the app's play screen following
// the table's match, with the table's chat, draw offers and the players'
// comings and goings in the lines beneath it.
type tableModel struct {
	r      *remoteModel
	link   *tableLink
	names  [2]string
	chat   []string // the lines said, newest last
	typing bool
	input  lineInput
	saved  string // where the server wrote the finished game
}

// newTableModel opens the play screen on a table whose game began: a
// view of the game through the seat (its side's requests only), or a
// spectator's.
func newTableModel(r *remoteModel, ev lobby.StartEvent) *tableModel {
	link := &tableLink{grace: r.r.Lobby.Grace()}
	if r.seat != nil {
		side, _ := r.seat.Side()
		link.ctl = r.seat.Control()
		link.mine[side] = true
	} else {
		link.ctl = match.Watch(ev.Match)
	}
	t := &tableModel{r: r, link: link, names: ev.Names}
	snap := ev.Match.Snapshot()
	human := match.Spec{Kind: match.HumanKind}
	s := setup{players: [2]match.Spec{human, human}, names: ev.Names, start: snap.Start,
		time: snap.Clock.Control, began: r.c.now(), toss: ev.Toss, table: link}
	if ev.Toss != nil {
		// The creator tossed: the names in the order before the toss.
		first := ev.Names[game.Black]
		if !ev.Toss.TosserIsBlack {
			first = ev.Names[game.White]
		}
		second := ev.Names[game.White]
		if first == second {
			second = ev.Names[game.Black]
		}
		s.tossPlayers = [2]string{first, second}
	}
	r.play = newPlay(r.c, s)
	return t
}

// init follows the table's match.
func (t *tableModel) init() tea.Cmd { return t.r.play.init() }

// event shows what happened at the table.
func (t *tableModel) event(ev lobby.Event) tea.Cmd {
	w := t.r.c.rw()
	p := &t.r.play
	switch ev := ev.(type) {
	case lobby.ChatEvent:
		who := ev.Name
		if ev.Spectator {
			who += " (" + w.spectator + ")"
		} else {
			who = t.r.c.side(ev.Side) + " " + who
		}
		t.chat = append(t.chat, who+": "+ev.Text)
		if len(t.chat) > 50 {
			t.chat = t.chat[1:]
		}
	case lobby.PresenceEvent:
		if ev.Present {
			p.setInfo(fmt.Sprintf(w.back, ev.Name))
		} else {
			p.setError(fmt.Sprintf(w.dropped, ev.Name, int(ev.Deadline.Sub(t.r.c.now()).Seconds()+0.5)))
		}
	case lobby.EndEvent:
		t.saved = ev.Path
		t.r.setPlaying(false)
		if !ev.Result.Aborted {
			p.setInfo(p.resultText() + ". " + w.copyHint)
		}
	}
	return nil
}

// resize takes the chat's lines from the play screen's height.
func (t *tableModel) resize() {
	t.r.c.height = max(t.r.height-chatRows, 1)
}

// tableUpdate routes a message at a table: the chat line takes the keys
// while it is open; t opens it; everything else is the play screen's.
func (m *remoteModel) tableUpdate(msg tea.Msg) (tea.Model, tea.Cmd) {
	t := m.table
	p := &m.play
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case t.typing:
			switch {
			case isEnter(k):
				text := strings.TrimSpace(t.input.Value())
				t.typing = false
				if text != "" {
					m.say(text)
				}
			case k.String() == "esc":
				t.typing = false
			default:
				t.input.edit(k)
			}
			return m, nil
		case k.String() == "t" && !p.typing && p.state == stateMove:
			t.typing = true
			t.input = newInput("", "", lobby.MaxChat)
			return m, nil
		case keyIs(k, m.c.keys.Study) && p.over():
			p.setError(m.c.rw().noStudy)
			return m, nil
		}
	}
	switch msg := msg.(type) {
	case tea.PasteMsg:
		switch {
		case t.typing:
			t.input.edit(msg)
			return m, nil
		case !p.typing:
			// Not a position to start a game from: the table's game is
			// the one on this screen.
			return m, nil
		}
	case startMsg:
		return m, nil
	}
	return m, m.playUpdate(msg)
}

// say sends a chat line as a player or a spectator.
func (m *remoteModel) say(text string) {
	switch {
	case m.seat != nil:
		_ = m.seat.Say(text)
	case m.watcher != nil:
		m.watcher.Say(text)
	}
}

// tableView draws the play screen and the chat's lines beneath it.
func (m *remoteModel) tableView() tea.View {
	v := m.playView()
	c := m.c
	st := c.styles
	t := m.table
	w := c.rw()
	last := ""
	if n := len(t.chat); n > 0 {
		last = t.chat[n-1]
	}
	var line string
	var cursor *tea.Cursor
	if t.typing {
		label := w.say + ": "
		val := t.input.Value()
		line = st.bold.render(label) + val
		cursor = tea.NewCursor(min(1+c.m.width(label)+c.m.width(val[:t.input.in.Position()]), c.width-1), c.height+1)
	} else {
		line = st.dim.render(w.chatKey)
	}
	rows := []string{" " + c.m.truncate(last, c.width-1), " " + c.m.truncate(line, c.width-1)}
	if c.ascii {
		for i := range rows {
			rows[i] = c.m.asciiOnly(rows[i])
		}
	}
	v.Content += "\n" + strings.Join(rows, "\n")
	if cursor != nil {
		v.Cursor = cursor
	}
	return v
}
