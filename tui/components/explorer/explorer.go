// Package explorer is the study's explorer panel over the games database
// (app/gamedb): for the position shown, the moves played from it with
// their games and the side to move's wins, draws and losses, most played
// first, and below them the games that reached it (date, players, result,
// opening). ↑/↓ choose a row; enter on a move plays it in the study, on a
// game opens that game in the study at the ply where it reached the
// position; tab counts all games, the player's own, or one player's.
//
// The database is opened read-only for each look-up and closed at once:
// bbolt's readers share the file's lock, so the app adding a finished
// game or a `shogi db import` (which takes the lock batch by batch) waits
// at most one look-up, and a look-up waits at most one batch. Look-ups
// run as commands, never on the UI loop, and their answers are kept per
// position and filter, so stepping back and forth asks each once.
//
// The study owns where the panel goes and which messages reach it; this
// package owns its state, its keys and its drawing.
package explorer

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"shogi/app/gamedb"
	"shogi/app/words"
	"shogi/game"
	"shogi/kifu"
	"shogi/tui/common"
	"shogi/tui/components"
)

// Mode is which games the panel counts.
type Mode int

const (
	All    Mode = iota // every game in the database
	Mine               // the player's own: a player named as the settings name the player
	Player             // one player, by a typed name
)

// Options are what the study hands the panel.
type Options struct {
	Path string // the database file
	// Me is the name "mine" looks for: the settings' name for the first
	// player of the new-game form (names.player1), which the app writes
	// into the records of the games that player plays; without one, the
	// word the app writes for a person without a name.
	Me string
	// Off, when set, is why the panel cannot open (over SSH).
	Off string
}

// gamesLimit is how many games a look-up lists; one more is asked to
// know there are more.
const gamesLimit = 100

// maxCache bounds the answers kept; past it the cache starts again.
const maxCache = 2048

// query is one look-up: a position and a filter.
type query struct {
	key uint64
	f   gamedb.Filter
}

// answer is what the database said.
type answer struct {
	moves []gamedb.MoveStat
	games []gamedb.GameAt
	more  bool // more games than listed
	err   error
}

// Model is the panel's state.
type Model struct {
	opts   Options
	on     bool
	mode   Mode
	player string                // the name Player mode counts
	typing *components.LineInput // the name being typed, nil when none

	pos  game.Position
	prev game.Move // the move before pos, for 同 in the notation
	key  uint64
	has  bool // a position was given

	found map[query]*answer
	asked map[query]bool // look-ups on their way
	cur   int            // the row chosen: moves first, then games
	at    query          // the query cur belongs to: another starts at the top
	note  string         // one line of feedback (a game that cannot be read)
}

// AnswerMsg is a look-up's answer; the study passes it to Update.
type AnswerMsg struct {
	m *Model
	q query
	a *answer
}

// New returns a closed panel.
func New(o Options) *Model { return &Model{opts: o} }

// On reports whether the panel is open.
func (m *Model) On() bool { return m.on }

// Close closes the panel.
func (m *Model) Close() { m.on, m.typing = false, nil }

// Toggle opens or closes the panel; it returns why it cannot open, if it
// cannot.
func (m *Model) Toggle() string {
	if m.opts.Off != "" {
		m.on = false
		return m.opts.Off
	}
	m.on = !m.on
	m.typing = nil
	if m.on {
		// A database imported into meanwhile is read afresh.
		m.found, m.asked = nil, nil
	}
	return ""
}

// Typing reports whether a player's name is being typed: every printable
// key is the panel's then.
func (m *Model) Typing() bool { return m.on && m.typing != nil }

// Filter is the filter of the mode in force.
func (m *Model) Filter() gamedb.Filter {
	switch m.mode {
	case Mine:
		return gamedb.Filter{Player: m.opts.Me}
	case Player:
		return gamedb.Filter{Player: m.player}
	}
	return gamedb.Filter{}
}

// Mode is the mode in force.
func (m *Model) Mode() Mode { return m.mode }

// Sync gives the panel the position shown (prev the move that led to it)
// and returns the look-up it needs, if no answer is kept or on its way.
func (m *Model) Sync(pos *game.Position, prev game.Move) tea.Cmd {
	if !m.on {
		return nil
	}
	m.pos, m.prev, m.key, m.has = *pos, prev, pos.Hash(), true
	q := query{m.key, m.Filter()}
	if q != m.at {
		m.cur, m.at = 0, q
	}
	if _, ok := m.found[q]; ok || m.asked[q] {
		return nil
	}
	if m.asked == nil {
		m.asked = map[query]bool{}
	}
	m.asked[q] = true
	path, p := m.opts.Path, m.pos
	return func() tea.Msg { return AnswerMsg{m: m, q: q, a: lookUp(path, &p, q.f)} }
}

// lookUp asks the database: opened read-only, closed before it returns.
func lookUp(path string, p *game.Position, f gamedb.Filter) *answer {
	db, err := gamedb.OpenReadOnly(path)
	if err != nil {
		return &answer{err: err}
	}
	defer db.Close()
	a := &answer{}
	if a.moves, err = db.Explore(p, f); err != nil {
		return &answer{err: err}
	}
	// The list shows each game's facts; its record is read when it is
	// opened (openGame), not for every row.
	if a.games, err = db.GameList(p, f, gamesLimit+1); err != nil {
		return &answer{err: err}
	}
	if len(a.games) > gamesLimit {
		a.games, a.more = a.games[:gamesLimit], true
	}
	return a
}

// Update takes a look-up's answer (of this panel; others are dropped)
// and returns the look-up of the position shown if it changed meanwhile.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	a, ok := msg.(AnswerMsg)
	if !ok || a.m != m {
		return nil
	}
	delete(m.asked, a.q)
	if m.found == nil || len(m.found) >= maxCache {
		m.found = map[query]*answer{}
	}
	m.found[a.q] = a.a
	if !m.has {
		return nil
	}
	return m.Sync(&m.pos, m.prev)
}

// current is the answer for the position shown, if known.
func (m *Model) current() (*answer, bool) {
	a, ok := m.found[query{m.key, m.Filter()}]
	return a, ok && m.has
}

// Action is what a key asks of the study beyond the panel.
type Action struct {
	Handled bool      // the key was the panel's
	Play    game.Move // a move to play in the study (game.NoMove for none)
	Cmd     tea.Cmd   // a command to run (a game to open)
}

// Keys are the panel's keys, for the study's help: the toggle, ↑/↓,
// enter, tab and close.
type Keys struct {
	Toggle, Choose, Enter, Filter, Close key.Binding
}

// NewKeys builds the keys with their help in l's language; ascii spells
// the arrows out.
func NewKeys(l words.Lang, ascii bool) Keys {
	w := words.ExplorerWordsFor(l)
	choose := "↑/↓"
	if ascii {
		choose = "up/down"
	}
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return Keys{
		Toggle: b("r", w.KeyToggle, "r"),
		Choose: b(choose, w.KeyChoose, "up", "down"),
		Enter:  b("enter", w.KeyEnter, "enter"),
		Filter: b("tab", w.KeyFilter, "tab"),
		Close:  b("r/esc", w.KeyClose, "r", "esc"),
	}
}

// Help is the keys as one group of the help screen.
func (k Keys) Help() []key.Binding {
	return []key.Binding{k.Toggle, k.Choose, k.Enter, k.Filter, k.Close}
}

// Short is the keys the help bar leads with while the panel is open.
func (k Keys) Short() []key.Binding { return []key.Binding{k.Choose, k.Enter, k.Filter, k.Close} }

// Key handles a key while the panel is open: ↑/↓ (and k/j), enter, tab,
// r or esc, and the name being typed. Other keys are not the panel's
// (Handled false) and go to the study, so ←/→ still step.
func (m *Model) Key(msg tea.KeyPressMsg, c *common.Common) Action {
	if !m.on {
		return Action{}
	}
	w := words.ExplorerWordsFor(c.Lang)
	if m.typing != nil {
		switch {
		case msg.String() == "esc":
			m.typing = nil
		case common.IsEnter(msg):
			name := m.typing.Trimmed()
			m.typing = nil
			if name == "" {
				m.note = fmt.Sprintf(w.NoName, m.modeText(w))
				break
			}
			m.mode, m.player = Player, name
		default:
			m.typing.Edit(msg)
		}
		return Action{Handled: true, Play: game.NoMove, Cmd: m.resync()}
	}
	k := c.Keys
	n := m.rows()
	m.note = ""
	switch {
	case common.KeyIs(msg, k.Up):
		if n > 0 {
			m.cur = common.WrapAdd(m.cur, -1, n)
		}
	case common.KeyIs(msg, k.Down):
		if n > 0 {
			m.cur = common.WrapAdd(m.cur, 1, n)
		}
	case msg.String() == "tab":
		switch m.mode {
		case All:
			m.mode = Mine
		case Mine:
			in := components.NewInput(w.NamePrompt, m.player, 64)
			m.typing = &in
		default:
			m.mode = All
		}
		return Action{Handled: true, Play: game.NoMove, Cmd: m.resync()}
	case common.IsEnter(msg):
		return m.enter(w)
	case msg.String() == "esc" || msg.String() == "r":
		m.Close()
	default:
		return Action{Play: game.NoMove}
	}
	return Action{Handled: true, Play: game.NoMove}
}

// resync asks for the position shown under the filter now in force.
func (m *Model) resync() tea.Cmd {
	if !m.has {
		return nil
	}
	return m.Sync(&m.pos, m.prev)
}

// rows is how many rows can be chosen: the moves, then the games.
func (m *Model) rows() int {
	a, ok := m.current()
	if !ok || a.err != nil {
		return 0
	}
	return len(a.moves) + len(a.games)
}

// enter plays the chosen move or opens the chosen game.
func (m *Model) enter(w *words.ExplorerWords) Action {
	act := Action{Handled: true, Play: game.NoMove}
	a, ok := m.current()
	if !ok || a.err != nil || m.cur >= len(a.moves)+len(a.games) {
		return act
	}
	if m.cur < len(a.moves) {
		act.Play = a.moves[m.cur].Move
		return act
	}
	g, path := a.games[m.cur-len(a.moves)], m.opts.Path
	act.Cmd = func() tea.Msg { return openGame(path, g, w) }
	return act
}

// openGame reads a listed game whole from the database at path, rebuilds
// its record and asks the app to study it at the ply where it reached the
// position.
func openGame(path string, g gamedb.GameAt, w *words.ExplorerWords) tea.Msg {
	rec, err := readRecord(path, g.ID)
	if err != nil {
		return NoteMsg{Text: fmt.Sprintf(w.Unreadable, g.ID, err)}
	}
	if rec.Handicap == "" {
		// The stored game keeps its start as a position: named again, the
		// study's header says 平手 rather than a set-up position.
		if h, ok := game.HandicapBySFEN(&rec.Start); ok {
			rec.Handicap = h.Japanese
		}
	}
	return common.StudyRecordMsg{Rec: rec, Name: gameName(g.Game), Ply: g.Ply}
}

// readRecord reads game id's record from the database at path.
func readRecord(path string, id uint32) (*kifu.Record, error) {
	db, err := gamedb.OpenReadOnly(path)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	whole, err := db.Game(id)
	if err != nil {
		return nil, err
	}
	return whole.Record()
}

// NoteMsg is a line the study says (a game that cannot be read back).
type NoteMsg struct{ Text string }

// gameName is what the study calls a game from the database: its id
// and players.
func gameName(g *gamedb.Game) string {
	name := fmt.Sprintf("games.db #%d", g.ID)
	b, wh := g.Players[game.Black].Name, g.Players[game.White].Name
	if b != "" || wh != "" {
		name += " " + strings.TrimSpace(b+" - "+wh)
	}
	return name
}

// modeText names the filter in force.
func (m *Model) modeText(w *words.ExplorerWords) string {
	switch m.mode {
	case Mine:
		return fmt.Sprintf(w.Mine, m.opts.Me)
	case Player:
		return fmt.Sprintf(w.Player, m.player)
	}
	return w.All
}

// missing reports whether err says the database file is not there.
func missing(err error) bool { return errors.Is(err, fs.ErrNotExist) }
