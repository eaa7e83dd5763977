package remote

import (
	"fmt"
	"strings"

	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/tui/play"

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
	r      *Model
	Link   *common.TableLink
	names  [2]string
	Chat   []string // the lines said, newest last
	typing bool
	input  components.LineInput
	saved  string // where the server wrote the finished game
}

// newTableModel opens the play screen on a table whose game began: a
// view of the game through the seat (its side's requests only), or a
// spectator's.
func newTableModel(r *Model, ev lobby.StartEvent) *tableModel {
	link := &common.TableLink{Grace: r.R.Lobby.Grace()}
	if r.seat != nil {
		side, _ := r.seat.Side()
		link.Ctl = r.seat.Control()
		link.Mine[side] = true
	} else {
		link.Ctl = match.Watch(ev.Match)
	}
	t := &tableModel{r: r, Link: link, names: ev.Names}
	snap := ev.Match.Snapshot()
	human := match.Spec{Kind: match.HumanKind}
	s := common.Setup{Players: [2]match.Spec{human, human}, Names: ev.Names, Start: snap.Start,
		Time: snap.Clock.Control, Began: r.Common.Now(), Toss: ev.Toss, Table: link}
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
		s.TossPlayers = [2]string{first, second}
	}
	r.Play = play.New(r.Common, s)
	return t
}

// init follows the table's match.
func (t *tableModel) Init() tea.Cmd { return t.r.Play.Init() }

// event shows what happened at the table.
func (t *tableModel) event(ev lobby.Event) tea.Cmd {
	w := t.r.Common.Rw()
	p := &t.r.Play
	switch ev := ev.(type) {
	case lobby.ChatEvent:
		who := ev.Name
		if ev.Spectator {
			who += " (" + w.Spectator + ")"
		} else {
			who = t.r.Common.Side(ev.Side) + " " + who
		}
		t.Chat = append(t.Chat, who+": "+ev.Text)
		if len(t.Chat) > 50 {
			t.Chat = t.Chat[1:]
		}
	case lobby.PresenceEvent:
		if ev.Present {
			p.SetInfo(fmt.Sprintf(w.Back, ev.Name))
		} else {
			p.SetError(fmt.Sprintf(w.Dropped, ev.Name, int(ev.Deadline.Sub(t.r.Common.Now()).Seconds()+0.5)))
		}
	case lobby.EndEvent:
		t.saved = ev.Path
		t.r.setPlaying(false)
		if !ev.Result.Aborted {
			p.SetInfo(p.ResultText() + ". " + w.CopyHint)
		}
	}
	return nil
}

// resize takes the chat's lines from the play screen's height.
func (t *tableModel) resize() {
	t.r.Common.Height = max(t.r.height-chatRows, 1)
}

// tableUpdate routes a message at a table: the chat line takes the keys
// while it is open; t opens it; everything else is the play screen's.
func (m *Model) tableUpdate(msg tea.Msg) (tea.Model, tea.Cmd) {
	t := m.Table
	p := &m.Play
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case t.typing:
			switch {
			case common.IsEnter(k):
				text := strings.TrimSpace(t.input.Value())
				t.typing = false
				if text != "" {
					m.say(text)
				}
			case k.String() == "esc":
				t.typing = false
			default:
				t.input.Edit(k)
			}
			return m, nil
		case k.String() == "t" && !p.Typing && p.State == play.StateMove:
			t.typing = true
			t.input = components.NewInput("", "", lobby.MaxChat)
			return m, nil
		case common.KeyIs(k, m.Common.Keys.Study) && p.Over():
			p.SetError(m.Common.Rw().NoStudy)
			return m, nil
		}
	}
	switch msg := msg.(type) {
	case tea.PasteMsg:
		switch {
		case t.typing:
			t.input.Edit(msg)
			return m, nil
		case !p.Typing:
			// Not a position to start a game from: the table's game is
			// the one on this screen.
			return m, nil
		}
	case common.StartMsg:
		return m, nil
	}
	return m, m.playUpdate(msg)
}

// say sends a chat line as a player or a spectator.
func (m *Model) say(text string) {
	switch {
	case m.seat != nil:
		_ = m.seat.Say(text)
	case m.Watcher != nil:
		m.Watcher.Say(text)
	}
}

// tableView draws the play screen and the chat's lines beneath it.
func (m *Model) tableView() tea.View {
	v := m.playView()
	c := m.Common
	st := c.Styles
	t := m.Table
	w := c.Rw()
	last := ""
	if n := len(t.Chat); n > 0 {
		last = t.Chat[n-1]
	}
	var line string
	var cursor *tea.Cursor
	if t.typing {
		label := w.Say + ": "
		val := t.input.Value()
		line = st.Bold.Render(label) + val
		cursor = tea.NewCursor(min(1+c.Measure.Width(label)+c.Measure.Width(val[:t.input.In.Position()]), c.Width-1), c.Height+1)
	} else {
		line = st.Dim.Render(w.ChatKey)
	}
	rows := []string{" " + c.Measure.Truncate(last, c.Width-1), " " + c.Measure.Truncate(line, c.Width-1)}
	if c.ASCII {
		for i := range rows {
			rows[i] = c.Measure.AsciiOnly(rows[i])
		}
	}
	v.Content += "\n" + strings.Join(rows, "\n")
	if cursor != nil {
		v.Cursor = cursor
	}
	return v
}
