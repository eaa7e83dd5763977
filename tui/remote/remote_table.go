package remote

import (
	"fmt"
	"strings"

	"shogi/tui/common"
	"shogi/tui/components"

	tea "charm.land/bubbletea/v2"

	"shogi/app/lobby"
	"shogi/game"
	"shogi/game/match"
)

// tableModel is the screen of a table: the app's play screen following
// the table's match, with the table's chat panel beneath it (its history,
// scrolled with pgup/pgdn, and its input line), draw offers and the
// players' comings and goings.
type tableModel struct {
	r      *Model
	Link   *common.TableLink
	names  [2]string
	Chat   []string // the lines said, newest last
	scroll int      // how many of the chat's rows are scrolled past, from the newest
	typing bool
	input  components.LineInput
	saved  string // where the server wrote the finished game
}

// maxChat is how many chat lines a screen keeps.
const maxChat = 200

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
		link.Ctl = match.Watch(ev.Game)
	}
	t := &tableModel{r: r, Link: link, names: ev.Names}
	snap := ev.Game.Snapshot()
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
	r.Game = r.newGame(r.Common, s)
	return t
}

// Init follows the table's match.
func (t *tableModel) Init() tea.Cmd { return t.r.Game.Init() }

// event shows what happened at the table.
func (t *tableModel) event(ev lobby.Event) tea.Cmd {
	w := t.r.Common.Rw()
	p := t.r.Game
	switch ev := ev.(type) {
	case lobby.ChatEvent:
		who := ev.Name
		if ev.Spectator {
			who += " (" + w.Spectator + ")"
		} else {
			who = t.r.Common.Side(ev.Side) + " " + who
		}
		t.Chat = append(t.Chat, who+": "+ev.Text)
		if len(t.Chat) > maxChat {
			t.Chat = t.Chat[1:]
		}
	case lobby.PresenceEvent:
		if ev.Present {
			p.Say(fmt.Sprintf(w.Back, ev.Name), false)
		} else {
			p.Say(fmt.Sprintf(w.Dropped, ev.Name, int(ev.Deadline.Sub(t.r.Common.Now()).Seconds()+0.5)), true)
		}
	case lobby.CutEvent:
		if ev.Cut {
			p.Say(w.Cut, true)
		} else {
			p.Say(w.Uncut, false)
		}
	case lobby.SilentEvent:
		switch {
		case ev.Silent:
			p.Say(w.Silent, true)
		case ev.TakenOver:
			p.Say(fmt.Sprintf(w.TakenOver, ev.By), false)
		default:
			p.Say(w.Heard, false)
		}
	case lobby.EndEvent:
		t.saved = ev.Path
		t.r.setPlaying(false)
		if !ev.Result.Aborted {
			// The result is in the banner and the prompt already.
			p.Say(w.CopyHint, false)
		}
	}
	return nil
}

// resize takes the chat panel's lines from the play screen's height.
func (t *tableModel) resize() {
	t.r.Common.Height = max(t.r.height-chatRows(t.r.Common.Width, t.r.height), 1)
}

// chatRows is how many lines the chat panel takes at w×h: what the play
// screen can spare without falling to a smaller board (its layouts need
// 32 and 44 lines), from three (two of history and the input line) up to
// eight; on a screen too short for three and the smallest board, one line
// of history and the input line, or what there is.
func chatRows(w, h int) int {
	spare := h - components.MinHeight
	if spare < 3 {
		return max(min(2, h-1), 0)
	}
	switch components.ChooseLayout(w, h, common.Kanji) {
	case components.LayoutHuge:
		spare = h - components.HugeHeight
	case components.LayoutLarge:
		spare = h - components.LargeHeight
	}
	return min(max(spare, 3), 8)
}

// tableUpdate routes a message at a table: the chat line takes the keys
// while it is open; t opens it; everything else is the play screen's.
func (m *Model) tableUpdate(msg tea.Msg) (tea.Model, tea.Cmd) {
	t := m.Table
	p := m.Game
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case t.typing:
			switch {
			case common.IsEnter(k):
				text := strings.TrimSpace(t.input.Value())
				t.typing = false
				if text != "" {
					m.say(text)
					t.scroll = 0
				}
			case k.String() == "esc":
				t.typing = false
			case k.String() == "pgup", k.String() == "pgdown":
				t.scrollChat(k.String() == "pgup")
			default:
				t.input.Edit(k)
			}
			return m, nil
		case k.String() == "t" && !p.Asking():
			t.typing = true
			t.input = components.NewInput("", "", lobby.MaxChat)
			return m, nil
		case k.String() == "pgup", k.String() == "pgdown":
			t.scrollChat(k.String() == "pgup")
			return m, nil
		case common.KeyIs(k, m.Common.Keys.Study) && p.Over():
			p.Say(m.Common.Rw().NoStudy, true)
			return m, nil
		}
	}
	switch msg := msg.(type) {
	case tea.PasteMsg:
		switch {
		case t.typing:
			t.input.Edit(msg)
			return m, nil
		case !p.Asking():
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

// tableView draws the play screen and the chat panel beneath it.
func (m *Model) tableView() tea.View {
	v := m.playView()
	c := m.Common
	rows, cursor := m.Table.chatPanel(c.Width, chatRows(c.Width, m.height))
	if cursor != nil {
		cursor.Y += c.Height
		v.Cursor = cursor
	}
	if len(rows) > 0 {
		v.Content += "\n" + strings.Join(rows, "\n")
	}
	return v
}

// chatLines are the chat's lines wrapped to the panel's width, and for
// each the message it belongs to.
func (t *tableModel) chatLines() ([]string, []int) {
	_, w := t.chatWidth()
	var out []string
	var of []int
	for i, l := range t.Chat {
		for _, wl := range components.WrapText(t.r.Common.Measure, l, w) {
			out = append(out, wl)
			of = append(of, i)
		}
	}
	return out, of
}

// messagesIn counts the messages with a line among of (their indices,
// in order).
func messagesIn(of []int) int {
	n := 0
	for i, x := range of {
		if i == 0 || x != of[i-1] {
			n++
		}
	}
	return n
}

// chatWidth is the chat panel's left margin and the width of its text:
// the play screen's margins, so that the panel lines up with the footer
// above it (none on a compact screen, a column each side on larger ones).
func (t *tableModel) chatWidth() (margin, w int) {
	margin = t.r.Game.Margin()
	return margin, max(t.r.Common.Width-2*margin, 1)
}

// scrollChat moves the chat's history a page back (up) or on.
func (t *tableModel) scrollChat(up bool) {
	c := t.r.Common
	page := max(chatRows(c.Width, t.r.height)-2, 1)
	lines, _ := t.chatLines()
	total := len(lines)
	if up {
		t.scroll = min(t.scroll+page, max(total-page, 0))
	} else {
		t.scroll = max(t.scroll-page, 0)
	}
}

// chatPanel draws the chat panel, rows lines of width w: a title line
// saying what is scrolled out of sight (when there is room for one), the
// history's newest lines (or those scrolled to), and the input line or
// the chat's keys; and where the typing cursor stands in it.
func (t *tableModel) chatPanel(w, rows int) ([]string, *tea.Cursor) {
	if rows <= 0 {
		return nil, nil
	}
	c := t.r.Common
	st := c.Styles
	rw := c.Rw()
	margin, tw := t.chatWidth()
	lines, of := t.chatLines()
	hist := rows - 1
	title := rows >= 4
	if title {
		hist--
	}
	end := max(len(lines)-t.scroll, 0)
	start := max(end-hist, 0)
	var out []string
	if title {
		var more []string
		// Counted in messages, not the lines they wrap to.
		if start > 0 {
			more = append(more, fmt.Sprintf(rw.ChatOlder, messagesIn(of[:start])))
		}
		if t.scroll > 0 && end < len(lines) {
			more = append(more, fmt.Sprintf(rw.ChatNewer, messagesIn(of[end:])))
		}
		head := st.Accent.Render(rw.Chat)
		if len(more) > 0 {
			head += "  " + st.Dim.Render(strings.Join(more, "  "))
		}
		out = append(out, c.Measure.Truncate(head, tw))
	}
	for _, l := range lines[start:end] {
		out = append(out, c.Measure.Truncate(l, tw))
	}
	for len(out) < rows-1 {
		out = append(out, "")
	}
	var cursor *tea.Cursor
	if t.typing {
		label := rw.Say + ": "
		val := t.input.Value()
		at := c.Measure.Width(label) + c.Measure.Width(val[:t.input.In.Position()])
		hint := "  " + st.Dim.Render(rw.ChatTyping)
		out = append(out, c.Measure.Truncate(st.Bold.Render(label)+val+hint, tw))
		cursor = tea.NewCursor(min(margin+at, w-1), rows-1)
	} else {
		out = append(out, st.Dim.Render(c.Measure.Truncate(rw.ChatKeys, tw)))
	}
	for i, l := range out {
		out[i] = strings.Repeat(" ", margin) + l
		if c.ASCII {
			out[i] = c.Measure.AsciiOnly(out[i])
		}
	}
	return out, cursor
}
