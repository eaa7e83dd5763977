package tui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"example.com/shogi/game"
)

// menuScreen is which page of the menu is showing.
type menuScreen int

const (
	screenMain menuScreen = iota
	screenNew
	screenSettings
	screenToss
)

// menuModel is the menu: resume, new game, open a record, settings, quit.
type menuModel struct {
	c      *common
	screen menuScreen
	cursor int
	resume *setup // the autosaved game, if any
	status string

	// new-game form
	players  [2]int // index into playerKinds, for player 1 and player 2
	handicap int    // index into handicapChoices
	seat     int    // 0: player 1 plays Black, 1: player 1 plays White, 2: furigoma
	pending  setup  // the game the toss screen is about to start
}

var (
	playerKinds = []string{"human", "random", "greedy"}
	seatChoices = []string{"Black (sente)", "White (gote)", "furigoma"}
)

// handicapChoices are the handicaps that make a game: every row of
// game.Handicaps but the tsume start and the empty board.
var handicapChoices = func() []game.Handicap {
	var out []game.Handicap
	for _, h := range game.Handicaps {
		if h.Key != "tsume" && h.Key != "empty" {
			out = append(out, h)
		}
	}
	return out
}()

func newMenu(c *common) menuModel {
	m := menuModel{c: c, players: [2]int{0, 2}}
	s, err := loadAutosave(c.stateDir)
	if err != nil {
		m.status = "autosave unreadable: " + err.Error()
	}
	m.resume = s
	return m
}

func (m *menuModel) openForm() { m.screen, m.cursor = screenNew, 0 }

// items are the main page's entries.
func (m *menuModel) items() []string {
	var out []string
	if m.resume != nil {
		out = append(out, fmt.Sprintf("Resume game (%s vs %s, %s)",
			m.resume.players[game.Black], m.resume.players[game.White], countMoves(len(m.resume.moves))))
	}
	return append(out, "New game", "Open record", "Settings", "Quit")
}

func (m menuModel) update(msg tea.Msg) (menuModel, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	if km.Type == tea.KeyCtrlC {
		return m, tea.Quit
	}
	switch m.screen {
	case screenToss:
		switch km.Type {
		case tea.KeyEnter:
			s := m.pending
			return m, func() tea.Msg { return startMsg{setup: s} }
		case tea.KeyEsc:
			m.screen = screenNew
		}
		return m, nil
	}
	// Bursts of runes are handled one by one, like separate key presses.
	keys := []tea.KeyMsg{km}
	if km.Type == tea.KeyRunes && len(km.Runes) > 1 {
		keys = keys[:0]
		for _, r := range km.Runes {
			keys = append(keys, runeKey(r))
		}
	}
	var cmd tea.Cmd
	for _, k := range keys {
		m, cmd = m.key(k)
		if cmd != nil {
			return m, cmd
		}
	}
	return m, nil
}

// fields is the number of rows on the current form page.
func (m *menuModel) fields() int {
	switch m.screen {
	case screenNew:
		return 6
	case screenSettings:
		return 4
	}
	return len(m.items())
}

func (m menuModel) key(k tea.KeyMsg) (menuModel, tea.Cmd) {
	keys := m.c.keys
	switch {
	case matches(k, keys.Up):
		m.cursor = (m.cursor + m.fields() - 1) % m.fields()
	case matches(k, keys.Down):
		m.cursor = (m.cursor + 1) % m.fields()
	case matches(k, keys.Left):
		m.change(-1)
	case matches(k, keys.Right):
		m.change(1)
	case k.Type == tea.KeyEnter:
		return m.enter()
	case k.Type == tea.KeyEsc || matches(k, keys.Leave):
		if m.screen == screenMain {
			return m, tea.Quit
		}
		m.screen, m.cursor = screenMain, 0
	}
	return m, nil
}

func matches(k tea.KeyMsg, b interface{ Keys() []string }) bool {
	for _, s := range b.Keys() {
		if k.String() == s {
			return true
		}
	}
	return false
}

// change cycles the value of the field under the cursor.
func (m *menuModel) change(d int) {
	cycle := func(v, n int) int { return ((v+d)%n + n) % n }
	switch m.screen {
	case screenNew:
		switch m.cursor {
		case 0, 1:
			m.players[m.cursor] = cycle(m.players[m.cursor], len(playerKinds))
		case 2:
			m.handicap = cycle(m.handicap, len(handicapChoices))
		case 3:
			m.seat = cycle(m.seat, len(seatChoices))
		case 4:
			m.c.pieces = PieceStyle(cycle(int(m.c.pieces), 3))
			m.c.notation = defaultNotation(m.c.pieces)
		}
	case screenSettings:
		switch m.cursor {
		case 0:
			m.c.pieces = PieceStyle(cycle(int(m.c.pieces), 3))
			m.c.notation = defaultNotation(m.c.pieces)
		case 1:
			m.c.setPolicy(WidthPolicy(cycle(int(m.c.policy), 2)))
		case 2:
			m.c.autoFlip = !m.c.autoFlip
		case 3:
			m.c.notation = cycleStyle(m.c.notation, d)
		}
	}
}

func (m menuModel) enter() (menuModel, tea.Cmd) {
	switch m.screen {
	case screenNew:
		return m.start()
	case screenSettings:
		m.change(1)
		return m, nil
	}
	item := m.items()[m.cursor]
	switch {
	case strings.HasPrefix(item, "Resume"):
		s := *m.resume
		return m, func() tea.Msg { return startMsg{setup: s} }
	case item == "New game":
		m.openForm()
	case item == "Open record":
		// An empty path opens the study's file picker.
		return m, func() tea.Msg { return openMsg{} }
	case item == "Settings":
		m.screen, m.cursor = screenSettings, 0
	case item == "Quit":
		return m, tea.Quit
	}
	return m, nil
}

// start builds the game the form describes; with furigoma it shows the
// toss first.
func (m menuModel) start() (menuModel, tea.Cmd) {
	p1, p2 := playerKinds[m.players[0]], playerKinds[m.players[1]]
	s := setup{players: [2]string{p1, p2}, start: handicapChoices[m.handicap].Position()}
	switch m.seat {
	case 1:
		s.players = [2]string{p2, p1}
	case 2:
		toss := game.TossPawns(m.c.rng)
		s.intro = furigomaText(toss, s.players)
		if !toss.TosserIsBlack {
			s.players = [2]string{p2, p1}
		}
		m.pending, m.screen = s, screenToss
		return m, nil
	}
	return m, func() tea.Msg { return startMsg{setup: s} }
}

func (m menuModel) view() string {
	st := m.c.styles
	var b strings.Builder
	b.WriteString(st.title.render("将棋 shogi") + "\n\n")
	row := func(i int, text string) {
		if i == m.cursor {
			b.WriteString("> " + st.selected.render(text) + "\n")
		} else {
			b.WriteString("  " + text + "\n")
		}
	}
	switch m.screen {
	case screenMain:
		for i, it := range m.items() {
			row(i, it)
		}
	case screenNew:
		b.WriteString("New game\n\n")
		row(0, "Player 1:      < "+playerKinds[m.players[0]]+" >")
		row(1, "Player 2:      < "+playerKinds[m.players[1]]+" >")
		h := handicapChoices[m.handicap]
		row(2, "Handicap:      < "+h.Name+" "+h.Japanese+" >")
		row(3, "Player 1 plays < "+seatChoices[m.seat]+" >")
		row(4, "Pieces:        < "+m.c.pieces.String()+" >")
		row(5, "Start")
		if h.Key != "even" {
			b.WriteString("\nThe handicap giver (上手) plays White and moves first.\n")
		}
	case screenSettings:
		b.WriteString("Settings\n\n")
		row(0, "Pieces:           < "+m.c.pieces.String()+" >")
		row(1, "Ambiguous width:  < "+m.c.policy.String()+" >  (wide for CJK terminals: ▲△×)")
		row(2, "Flip every turn:  < "+onOff(m.c.autoFlip)+" >  (hot-seat)")
		row(3, "Move notation:    < "+m.c.notation.String()+" >")
	case screenToss:
		b.WriteString(m.pending.intro + "\n\n")
		b.WriteString(fmt.Sprintf("%s: %s    %s: %s\n\nenter starts the game, esc goes back\n",
			sideLabel(game.Black, m.c.pieces), m.pending.players[game.Black],
			sideLabel(game.White, m.c.pieces), m.pending.players[game.White]))
	}
	if m.status != "" {
		b.WriteString("\n" + st.err.render(m.c.m.truncate(m.status, m.c.width)) + "\n")
	}
	b.WriteString("\n" + st.dim.render(m.hint()))
	return b.String()
}

func (m *menuModel) hint() string {
	switch m.screen {
	case screenMain:
		return "↑/↓ choose, enter select, q quit"
	case screenToss:
		return ""
	}
	return "↑/↓ field, ←/→ change, enter " + map[bool]string{true: "start", false: "change"}[m.screen == screenNew] + ", esc back"
}
