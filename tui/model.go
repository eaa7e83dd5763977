// Package tui is the terminal app: a menu, play mode (board, hands, move
// list, moves by cursor, mouse or typed notation, bots) and, later, study
// mode. It is built on Bubble Tea v1: a root Model switches between modes
// and shares a common struct (size, styles, keys, width policy); each mode
// is a child model whose update returns its own concrete type. Everything
// the app does to a game goes through package game, and every move text
// through game/notation, so no rule of shogi lives here.
package tui

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

	"example.com/shogi/game"
	"example.com/shogi/game/notation"
	"example.com/shogi/kifu"
)

// mode is which screen the root model shows.
type mode int

const (
	modeMenu mode = iota
	modePlay
	modeStudy
)

// Options configures a Model.
type Options struct {
	// Players per colour for a game started directly (Play true):
	// "human", "random" or "greedy". Empty means human.
	Black, White string
	Handicap     string // a key or name game.FindHandicap knows; "" is even
	SFEN         string // a start position instead of Handicap
	Furigoma     bool   // toss pawns to decide which player takes Black
	Play         bool   // start in play mode instead of the menu
	Pieces       PieceStyle
	Width        WidthPolicy
	// StateDir is where the autosave lives; "" turns autosave off.
	StateDir string
	// Rand drives furigoma and the bots; nil seeds one from the clock.
	Rand *rand.Rand
}

// common is shared by every mode.
type common struct {
	width, height int
	styles        *Styles
	keys          keyMap
	help          help.Model
	policy        WidthPolicy
	m             measure
	pieces        PieceStyle
	notation      notation.Style
	autoFlip      bool
	stateDir      string
	rng           *rand.Rand
}

func (c *common) setPolicy(p WidthPolicy) {
	c.policy = p
	c.m = newMeasure(p)
}

// defaultNotation is the move-list style that goes with a piece style.
func defaultNotation(p PieceStyle) notation.Style {
	if p == Kanji {
		return notation.KI2
	}
	return notation.Western
}

// studyMode is the study screen (study*.go). The root routes messages to it
// and shows its view; it returns to the menu by sending toMenuMsg.
type studyMode interface {
	update(msg tea.Msg) (studyMode, tea.Cmd)
	view() string
}

// openStudy opens a record file in study mode. It is nil until study mode
// is wired in; the menu then says so.
var openStudy func(c *common, path string) (studyMode, tea.Cmd, error)

// Model is the root model.
type Model struct {
	c     *common
	mode  mode
	menu  menuModel
	play  playModel
	study studyMode

	// A game started from a study ("play from here") returns to it: the
	// study waits here with the node the game started from.
	parked     *studyModel
	parkedNode *kifu.Node
}

// toMenuMsg returns to the menu; newGame opens the new-game form.
type toMenuMsg struct{ newGame bool }

// startMsg starts a game.
type startMsg struct{ setup setup }

// openMsg asks to study a record file.
type openMsg struct{ path string }

// New builds the root model. With o.Play it starts a game at once (the
// players, handicap or SFEN and furigoma from o); otherwise it opens the
// menu.
func New(o Options) (*Model, error) {
	rng := o.Rand
	if rng == nil {
		rng = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	c := &common{
		width: 80, height: 24,
		styles:   newStyles(noColor()),
		keys:     newKeyMap(),
		help:     newHelp(noColor()),
		pieces:   o.Pieces,
		notation: defaultNotation(o.Pieces),
		stateDir: o.StateDir,
		rng:      rng,
	}
	c.setPolicy(o.Width)
	// The help bar is measured by lipgloss, which takes ambiguous characters
	// (•, …) as one column: keep it ASCII so it fits under either policy.
	c.help.ShortSeparator, c.help.FullSeparator, c.help.Ellipsis = "  ", "   ", "..."
	m := &Model{c: c, mode: modeMenu}
	m.menu = newMenu(c)
	if o.Play {
		s, err := setupFromOptions(o, rng)
		if err != nil {
			return nil, err
		}
		m.play = newPlay(c, s)
		m.mode = modePlay
	}
	return m, nil
}

// setupFromOptions turns command-line choices into a game set-up.
func setupFromOptions(o Options, rng *rand.Rand) (setup, error) {
	s := setup{players: [2]string{orHuman(o.Black), orHuman(o.White)}}
	for _, p := range s.players {
		if !validPlayer(p) {
			return s, fmt.Errorf("unknown player %q (want human, random or greedy)", p)
		}
	}
	switch {
	case o.SFEN != "" && o.Handicap != "":
		return s, fmt.Errorf("give either a handicap or an SFEN, not both")
	case o.SFEN != "":
		p, err := game.ParseSFEN(o.SFEN)
		if err != nil {
			return s, err
		}
		var refuse, notes []string
		for _, w := range p.Warnings() {
			// Tsume and study positions lack a king: allowed, and said.
			if strings.HasSuffix(w, "has no king") {
				notes = append(notes, w)
			} else {
				refuse = append(refuse, w)
			}
		}
		if len(refuse) > 0 {
			return s, &ImpossibleError{Reasons: refuse}
		}
		if !p.HasLegalMove() {
			return s, fmt.Errorf("the position has no legal move for the side to move")
		}
		s.start = p
		if len(notes) > 0 {
			s.intro = "note: " + strings.Join(notes, "; ")
		}
	case o.Handicap != "":
		h, ok := game.FindHandicap(o.Handicap)
		if !ok {
			return s, fmt.Errorf("unknown handicap %q (try even, lance, bishop, rook, 2p, 4p, 6p …)", o.Handicap)
		}
		s.start = h.Position()
	default:
		s.start = game.StartPosition()
	}
	if o.Furigoma {
		toss := game.TossPawns(rng)
		s.intro = joinNonEmpty("; ", s.intro, furigomaText(toss, s.players))
		if !toss.TosserIsBlack {
			s.players[0], s.players[1] = s.players[1], s.players[0]
		}
	}
	return s, nil
}

// ImpossibleError refuses a position set up by hand that cannot arise in
// play (game.Position.Warnings gives the reasons).
type ImpossibleError struct{ Reasons []string }

func (e *ImpossibleError) Error() string {
	return "the position cannot arise in play: " + strings.Join(e.Reasons, "; ")
}

func orHuman(p string) string {
	if p == "" {
		return "human"
	}
	return p
}

func validPlayer(p string) bool { return p == "human" || p == "random" || p == "greedy" }

// furigomaText describes a toss: the pawns of the deciding toss and who
// plays Black. The tosser is the first player (the one first given Black).
func furigomaText(f game.Furigoma, players [2]string) string {
	last := f.Tosses[len(f.Tosses)-1]
	faces := ""
	fu, to := 0, 0
	for _, p := range last {
		faces += p.String()
		switch p {
		case game.FaceFu:
			fu++
		case game.FaceTo:
			to++
		}
	}
	black := "player 1 (" + players[0] + ")"
	if !f.TosserIsBlack {
		black = "player 2 (" + players[1] + ")"
	}
	retoss := ""
	if len(f.Tosses) > 1 {
		retoss = fmt.Sprintf(" after %d tosses", len(f.Tosses))
	}
	return fmt.Sprintf("振り駒 %s (歩%d と%d)%s: %s plays Black", faces, fu, to, retoss, black)
}

// Init starts the first mode.
func (m *Model) Init() tea.Cmd {
	if m.mode == modePlay {
		return m.play.init()
	}
	return nil
}

// Update routes a message to the current mode, after handling the few
// messages that concern the whole app.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok && k.Type == tea.KeyCtrlJ {
		// A return typed before the terminal is in raw mode arrives as a
		// line feed (ctrl+j): it is still the Enter the user pressed.
		msg = tea.KeyMsg{Type: tea.KeyEnter, Alt: k.Alt}
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		if msg.Width == 0 || msg.Height == 0 {
			return m, nil // a terminal that does not know its size: keep 80×24
		}
		m.c.width, m.c.height = msg.Width, msg.Height
		m.c.help.Width = msg.Width
		return m, nil
	case toMenuMsg:
		if m.mode == modePlay && m.parked != nil {
			// Back to the study the game came from, with the game as a branch.
			m.parked.addLine(m.parkedNode, m.play.g.Moves(), m.play.g.Result())
			m.study, m.mode = m.parked, modeStudy
			m.parked, m.parkedNode = nil, nil
			return m, nil
		}
		m.mode = modeMenu
		m.menu = newMenu(m.c)
		if msg.newGame {
			m.menu.openForm()
		}
		return m, nil
	case reviewGameMsg:
		// The game-end screen's "study": the game just played, in study mode.
		m.study, m.mode = reviewGame(m.c, msg), modeStudy
		return m, nil
	case playFromMsg:
		st, ok := m.study.(*studyModel)
		if !ok {
			return m, nil
		}
		m.parked, m.parkedNode = st, msg.node
		m.play = newPlay(m.c, setup{players: msg.players, start: msg.pos, record: st.rec, from: msg.node})
		m.play.fromStudy = true
		m.mode = modePlay
		return m, m.play.init()
	case startMsg:
		m.play = newPlay(m.c, msg.setup)
		m.mode = modePlay
		return m, m.play.init()
	case openMsg:
		if openStudy == nil {
			m.menu.status = "study mode is not built yet"
			return m, nil
		}
		st, cmd, err := openStudy(m.c, msg.path)
		if err != nil {
			m.menu.status = err.Error()
			return m, nil
		}
		m.study, m.mode = st, modeStudy
		return m, cmd
	}
	var cmd tea.Cmd
	switch m.mode {
	case modePlay:
		m.play, cmd = m.play.update(msg)
	case modeStudy:
		m.study, cmd = m.study.update(msg)
	default:
		m.menu, cmd = m.menu.update(msg)
	}
	return m, cmd
}

// View draws the current mode, or says the terminal is too small.
func (m *Model) View() string {
	needW, needH := appMinWidth, appMinHeight
	if m.mode == modeStudy {
		needW, needH = studyMinWidth, studyMinHeight
	}
	if m.c.width < needW || m.c.height < needH {
		return fmt.Sprintf("terminal too small (need %d×%d, have %d×%d)", needW, needH, m.c.width, m.c.height)
	}
	switch m.mode {
	case modePlay:
		return m.play.view()
	case modeStudy:
		return m.study.view()
	}
	return m.menu.view()
}

// appMinWidth and appMinHeight are the smallest terminal the play screen fits.
const (
	appMinWidth  = 64
	appMinHeight = 20
)

// CheckOptions reports what is wrong with a game's options (unknown
// player, handicap or piece style, an unreadable SFEN) without starting
// anything.
func CheckOptions(o Options) error {
	_, err := setupFromOptions(Options{Black: o.Black, White: o.White, Handicap: o.Handicap, SFEN: o.SFEN},
		rand.New(rand.NewPCG(1, 2)))
	return err
}
