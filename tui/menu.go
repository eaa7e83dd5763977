package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

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

// menuWords are the menu's phrases in one language.
type menuWords struct {
	resume                                 string // %s vs %s, %d moves
	newGame, open, settings, quit          string
	player1, player2, handicap, seat       string
	pieces, start, giverNote               string
	seats                                  [3]string
	width, flip, notation, theme, language string
	widthNote, flipNote                    string
	tossKeys, mainKeys, formKeys, setKeys  string
	langNames                              [2]string
	themeNames                             [3]string
}

var menuEnglish = menuWords{
	resume: "Resume game (%s vs %s, %d moves)", newGame: "New game", open: "Open record", settings: "Settings", quit: "Quit",
	player1: "Player 1", player2: "Player 2", handicap: "Handicap", seat: "Player 1 plays",
	pieces: "Pieces", start: "Start", giverNote: "The handicap giver plays White and moves first.",
	seats: [3]string{"Black (sente)", "White (gote)", "furigoma (toss)"},
	width: "Ambiguous width", flip: "Flip every turn", notation: "Move notation", theme: "Theme", language: "Language",
	widthNote: "wide for CJK terminals", flipNote: "hot-seat",
	tossKeys: "enter starts the game, esc goes back", mainKeys: "up/down choose, enter select, q quit",
	formKeys: "up/down field, left/right change, enter start, esc back", setKeys: "up/down field, left/right change, esc back",
	langNames:  [2]string{"English", "日本語"},
	themeNames: [3]string{"auto (the terminal's)", "light", "dark"},
}

var menuJapanese = menuWords{
	resume: "対局を再開 (%s 対 %s、%d手)", newGame: "新規対局", open: "棋譜を開く", settings: "設定", quit: "終了",
	player1: "対局者1", player2: "対局者2", handicap: "手合", seat: "対局者1の手番",
	pieces: "駒の表示", start: "開始", giverNote: "駒落ちでは上手が後手で先に指します。",
	seats: [3]string{"先手", "後手", "振り駒"},
	width: "曖昧幅の文字", flip: "毎手盤を反転", notation: "棋譜の表記", theme: "配色", language: "言語",
	widthNote: "CJK 端末では wide", flipNote: "対人戦",
	tossKeys: "enter で対局開始、esc で戻る", mainKeys: "↑↓ 選ぶ  enter 決定  q 終了",
	formKeys: "↑↓ 項目  ←→ 変更  enter 開始  esc 戻る", setKeys: "↑↓ 項目  ←→ 変更  esc 戻る",
	langNames:  [2]string{"English", "日本語"},
	themeNames: [3]string{"自動 (端末に合わせる)", "明るい", "暗い"},
}

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

var playerKinds = []string{"human", "random", "greedy"}

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
		m.status = fmt.Sprintf(c.w.autosaveBad, err)
	}
	m.resume = s
	return m
}

func (m *menuModel) words() *menuWords {
	if m.c.lang == Japanese {
		return &menuJapanese
	}
	return &menuEnglish
}

func (m *menuModel) openForm() { m.screen, m.cursor = screenNew, 0 }

// item is an entry of the main page.
type menuItem int

const (
	itemResume menuItem = iota
	itemNew
	itemOpen
	itemSettings
	itemQuit
)

// items are the main page's entries.
func (m *menuModel) items() []menuItem {
	out := []menuItem{itemNew, itemOpen, itemSettings, itemQuit}
	if m.resume != nil {
		out = append([]menuItem{itemResume}, out...)
	}
	return out
}

func (m *menuModel) itemText(it menuItem) string {
	mw := m.words()
	switch it {
	case itemResume:
		w := m.c.w
		return fmt.Sprintf(mw.resume, w.player(m.resume.players[game.Black]), w.player(m.resume.players[game.White]), len(m.resume.moves))
	case itemNew:
		return mw.newGame
	case itemOpen:
		return mw.open
	case itemSettings:
		return mw.settings
	}
	return mw.quit
}

func (m menuModel) update(msg tea.Msg) (menuModel, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		// A pasted position starts a hot-seat game from it.
		if p, ok := parsePastedSFEN(msg.Content); ok {
			s := setup{players: [2]string{"human", "human"}, start: p}
			return m, func() tea.Msg { return startMsg{setup: s} }
		}
		return m, nil
	case tea.KeyPressMsg:
		if msg.String() == "ctrl+c" {
			return m, tea.Quit
		}
		if m.screen == screenToss {
			switch {
			case isEnter(msg):
				s := m.pending
				return m, func() tea.Msg { return startMsg{setup: s} }
			case msg.String() == "esc":
				m.screen = screenNew
			}
			return m, nil
		}
		return m.key(msg)
	}
	return m, nil
}

// fields is the number of rows on the current form page.
func (m *menuModel) fields() int {
	switch m.screen {
	case screenNew:
		return 6
	case screenSettings:
		return 6
	}
	return len(m.items())
}

func (m menuModel) key(k tea.KeyPressMsg) (menuModel, tea.Cmd) {
	keys := m.c.keys
	switch {
	case keyIs(k, keys.Up):
		m.cursor = (m.cursor + m.fields() - 1) % m.fields()
	case keyIs(k, keys.Down):
		m.cursor = (m.cursor + 1) % m.fields()
	case keyIs(k, keys.Left):
		m.change(-1)
	case keyIs(k, keys.Right):
		m.change(1)
	case isEnter(k):
		return m.enter()
	case k.String() == "esc" || keyIs(k, keys.Leave):
		if m.screen == screenMain {
			return m, tea.Quit
		}
		m.screen, m.cursor = screenMain, 0
	}
	return m, nil
}

// change cycles the value of the field under the cursor.
func (m *menuModel) change(d int) {
	cycle := func(v, n int) int { return ((v+d)%n + n) % n }
	c := m.c
	switch m.screen {
	case screenNew:
		switch m.cursor {
		case 0, 1:
			m.players[m.cursor] = cycle(m.players[m.cursor], len(playerKinds))
		case 2:
			m.handicap = cycle(m.handicap, len(handicapChoices))
		case 3:
			m.seat = cycle(m.seat, 3)
		case 4:
			c.setPieces(PieceStyle(cycle(int(c.pieces), int(numPieceStyles))))
		}
	case screenSettings:
		switch m.cursor {
		case 0:
			c.setPieces(PieceStyle(cycle(int(c.pieces), int(numPieceStyles))))
		case 1:
			c.notation = c.cycleNotation(c.notation, d)
		case 2:
			c.setPolicy(WidthPolicy(cycle(int(c.policy), 2)))
		case 3:
			c.autoFlip = !c.autoFlip
		case 4:
			c.setTheme(Theme(cycle(int(c.theme), 3)))
		case 5:
			c.setLang(Lang(cycle(int(c.lang), 2)))
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
	switch m.items()[m.cursor] {
	case itemResume:
		s := *m.resume
		return m, func() tea.Msg { return startMsg{setup: s} }
	case itemNew:
		m.openForm()
	case itemOpen:
		// An empty path opens the study's file picker.
		return m, func() tea.Msg { return openMsg{} }
	case itemSettings:
		m.screen, m.cursor = screenSettings, 0
	case itemQuit:
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
		s.toss, s.tossPlayers = &toss, s.players
		if !toss.TosserIsBlack {
			s.players = [2]string{p2, p1}
		}
		m.pending, m.screen = s, screenToss
		return m, nil
	}
	return m, func() tea.Msg { return startMsg{setup: s} }
}

// view draws the menu beside a board: the kept game's position while
// Resume is chosen, the chosen handicap in the new-game form, and in the
// settings a preview of the piece style and theme as they are changed.
// Menu and board are centred; a narrow terminal gets the menu alone.
func (m menuModel) view() string {
	c := m.c
	st := c.styles
	lines := m.lines()
	mw := 0
	for _, l := range lines {
		mw = max(mw, c.m.width(l))
	}
	mw = min(mw, c.width)
	pos := m.preview()
	board := renderBoard(&pos, boardOpts{style: c.pieces, size: boardCompact, cursor: game.NoSquare,
		selected: game.NoSquare, last: game.NoMove, check: game.NoSquare, styles: st})
	g := newBoardGeom(boardCompact, c.pieces)
	showBoard := c.width >= g.w+4+mw && c.height >= g.h
	total := mw
	if showBoard {
		total += g.w + 4
	}
	h := len(lines)
	if showBoard {
		h = max(h, g.h)
	}
	x0 := max((c.width-total)/2, 0)
	y0 := max((c.height-h)/2, 0)
	cv := newCanvas(c.width, c.height)
	mx := x0
	if showBoard {
		cv.block(x0, y0+(h-g.h)/2, g.w, board)
		mx = x0 + g.w + 4
	}
	my := y0 + (h-len(lines))/2
	for i, l := range lines {
		l = c.m.truncate(l, c.width-mx)
		cv.put(mx, my+i, c.m.width(l), l)
	}
	return cv.String(c.m)
}

// preview is the position the menu's board shows.
func (m *menuModel) preview() game.Position {
	switch {
	case m.screen == screenNew:
		return handicapChoices[m.handicap].Position()
	case m.screen == screenMain && m.resume != nil && m.items()[m.cursor] == itemResume:
		p := m.resume.start
		for _, mv := range m.resume.moves {
			p = p.Play(mv)
		}
		return p
	}
	return game.StartPosition()
}

// lines is the menu's text: the title, the entries or the form, the
// status and the keys.
func (m *menuModel) lines() []string {
	c := m.c
	st := c.styles
	mw := m.words()
	w := c.w
	var lines []string
	title := "将棋  shogi"
	if c.ascii {
		title = "shogi"
	}
	lines = append(lines, st.title.render(title), "")
	row := func(i int, text string) {
		if i == m.cursor {
			lines = append(lines, st.accent.render("> ")+st.listCur.render(" "+text+" "))
		} else {
			lines = append(lines, "   "+text)
		}
	}
	field := func(label string, width int, value string) string {
		return c.m.pad(label, width) + "  < " + value + " >"
	}
	switch m.screen {
	case screenMain:
		for i, it := range m.items() {
			row(i, m.itemText(it))
		}
	case screenNew:
		lines = append(lines, st.bold.render(mw.newGame), "")
		lw := maxWidth(c.m, mw.player1, mw.player2, mw.handicap, mw.seat, mw.pieces)
		row(0, field(mw.player1, lw, w.player(playerKinds[m.players[0]])))
		row(1, field(mw.player2, lw, w.player(playerKinds[m.players[1]])))
		h := handicapChoices[m.handicap]
		hname := h.Name + " " + h.Japanese
		if c.ascii {
			hname = h.Name
		} else if c.lang == Japanese {
			hname = h.Japanese
		}
		row(2, field(mw.handicap, lw, hname))
		row(3, field(mw.seat, lw, mw.seats[m.seat]))
		row(4, field(mw.pieces, lw, c.pieces.String()))
		row(5, mw.start)
		if h.Key != "even" {
			lines = append(lines, "", st.dim.render(mw.giverNote))
		}
	case screenSettings:
		lines = append(lines, st.bold.render(mw.settings), "")
		lw := maxWidth(c.m, mw.pieces, mw.notation, mw.width, mw.flip, mw.theme, mw.language)
		row(0, field(mw.pieces, lw, c.pieces.String()))
		row(1, field(mw.notation, lw, c.notation.String()))
		row(2, field(mw.width, lw, c.policy.String())+"  ("+mw.widthNote+")")
		row(3, field(mw.flip, lw, m.onOff(c.autoFlip))+"  ("+mw.flipNote+")")
		row(4, field(mw.theme, lw, mw.themeNames[c.theme]))
		row(5, field(mw.language, lw, mw.langNames[c.lang]))
	case screenToss:
		lines = append(lines, furigomaText(w, *m.pending.toss, m.pending.tossPlayers, c.ascii), "")
		lines = append(lines, fmt.Sprintf("%s: %s    %s: %s", c.side(game.Black), w.player(m.pending.players[game.Black]),
			c.side(game.White), w.player(m.pending.players[game.White])))
	}
	if m.status != "" {
		lines = append(lines, "")
		for _, l := range wrapText(c.m, m.status, c.width) {
			lines = append(lines, st.err.render(l))
		}
	}
	lines = append(lines, "", st.dim.render(m.hint()))
	if len(lines) > c.height {
		lines = lines[:c.height]
	}
	return lines
}

func (m *menuModel) onOff(b bool) string {
	if b {
		return m.c.w.on
	}
	return m.c.w.off
}

func maxWidth(m measure, texts ...string) int {
	n := 0
	for _, t := range texts {
		n = max(n, m.width(t))
	}
	return n
}

func (m *menuModel) hint() string {
	mw := m.words()
	switch m.screen {
	case screenMain:
		return mw.mainKeys
	case screenToss:
		return mw.tossKeys
	case screenSettings:
		return mw.setKeys
	}
	return mw.formKeys
}
