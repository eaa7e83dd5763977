package tui

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"example.com/shogi/assets"
	"example.com/shogi/game"
	"example.com/shogi/game/bot"
	"example.com/shogi/game/notation"
	"example.com/shogi/kifu"
)

// setup is everything needed to start (or resume) a game.
type setup struct {
	players [2]string // by colour: "human", "random", "greedy"
	start   game.Position
	moves   []game.Move // played at once (a resumed game)
	intro   string      // shown in the status line at the start (furigoma)

	// A game played on from a record ("play from here"): the record and
	// the node the game starts after. Moves are numbered from there, and
	// saving writes the record's line through the game.
	record *kifu.Record
	from   *kifu.Node
}

// playState is what the keyboard is doing in play mode.
type playState int

const (
	stateMove    playState = iota // choosing a move
	statePromote                  // asking 成る? y/n
	stateConfirm                  // asking a yes/no question
	stateSave                     // typing a file name
)

// confirmAction is what a yes answers.
type confirmAction int

const (
	confirmResign confirmAction = iota
	confirmLeave
	confirmDeclare
	confirmImpasse
)

// playModel is play mode.
type playModel struct {
	c       *common
	g       *game.Game
	started time.Time // when the game began, for the record's 開始日時
	// savedPath and savedMoves say where w last saved the game, and how
	// many moves it had then, so the study knows whether it is saved.
	savedPath  string
	savedMoves int
	// overwrite is the existing file the save line last warned about: a
	// second enter on the same name overwrites it.
	overwrite string
	players   [2]string
	state     playState
	confirm   confirmAction

	flip     bool
	cursor   game.Square
	selected game.Square    // picked board piece, or NoSquare
	drop     game.PieceType // picked hand piece, or NoPieceType
	tray     bool           // the keyboard is in the hand tray
	trayKind game.PieceType // the tray's highlighted kind
	targets  squareSet
	pending  [2]game.Move // the promotion question: [0] promotes, [1] does not

	typing bool            // the move line is open
	input  textinput.Model // the move line
	save   textinput.Model // the file name line

	status    string
	statusErr bool
	intro     string // the furigoma result: shown while the status is empty in the first moves
	sure      bool   // y typed to a resign or impasse question: enter confirms
	review    int    // ply shown while reviewing, or -1 for the live position
	showHelp  bool

	fromStudy bool         // started by "play from here": leaving returns to the study
	record    *kifu.Record // the record played on from, or nil
	from      *kifu.Node   // the node of record the game starts after
	before    int          // moves played before the game's start (from's ply)
	prior     game.Move    // the move that led to the start, for 同 and the list

	thinking bool
	token    int // identifies the current bot request; stale replies are dropped
	spin     spinner.Model
	texts    []string // the move list in c.notation
}

// botMoveMsg is a bot's reply to request token.
type botMoveMsg struct {
	token int
	move  game.Move
	err   error
}

// savedMsg reports a record save.
type savedMsg struct {
	path  string
	moves int // how many moves of the game the file holds
	err   error
}

// autosavedMsg reports an autosave; only failures are shown.
type autosavedMsg struct{ err error }

func newPlay(c *common, s setup) playModel {
	m := playModel{
		c:        c,
		g:        game.NewGame(s.start),
		started:  time.Now(),
		players:  s.players,
		selected: game.NoSquare,
		review:   -1,
		spin:     spinner.New(spinner.WithSpinner(spinner.Line)),
		status:   s.intro,
		intro:    s.intro,
		record:   s.record,
		from:     s.from,
	}
	if s.record != nil && s.from != nil {
		m.before, m.prior = s.from.Ply, s.from.Move
	}
	for _, mv := range s.moves {
		if err := m.g.Play(mv); err != nil {
			m.setError(fmt.Sprintf("resumed game stops at move %d: %v", m.g.Len()+1, err))
			break
		}
	}
	m.cursor = game.NewSquare(5, 7)
	if m.isHuman(game.White) && !m.isHuman(game.Black) {
		// The only human plays White: their side at the bottom, the cursor on it.
		m.flip = true
		m.cursor = game.NewSquare(5, 3)
	}
	m.refreshTexts()
	return m
}

// init starts a bot if one is to move.
func (m *playModel) init() tea.Cmd { return m.maybeThink() }

func (m *playModel) sideToMove() game.Color {
	p := m.g.Position()
	return p.SideToMove()
}

func (m *playModel) isHuman(c game.Color) bool { return m.players[c] == "human" }

func (m *playModel) setError(s string) { m.status, m.statusErr = s, true }
func (m *playModel) setInfo(s string)  { m.status, m.statusErr = s, false }

// refreshTexts rewrites the move list in the current notation.
func (m *playModel) refreshTexts() {
	moves := m.g.Moves()
	m.texts = m.texts[:0]
	p := m.g.Start()
	prev := m.prior
	for _, mv := range moves {
		m.texts = append(m.texts, notation.Format(&p, mv, m.c.notation, prev))
		p = p.Play(mv)
		prev = mv
	}
}

// lastMove is the move that led to the position, before the game's first
// move too when it was played on from a record.
func (m *playModel) lastMove() game.Move {
	if m.g.Len() == 0 {
		return m.prior
	}
	return m.g.LastMove()
}

// maybeThink asks the bot to move if it is a bot's turn.
func (m *playModel) maybeThink() tea.Cmd {
	if m.g.Result().Over() || m.thinking {
		return nil
	}
	side := m.sideToMove()
	if m.isHuman(side) {
		return nil
	}
	m.thinking = true
	m.token++
	return tea.Batch(m.spin.Tick, think(m.players[side], m.c.rng.Uint64(), m.g.Position(), m.token))
}

// think runs a bot off the UI loop on a copy of the position. The bot gets
// its own generator, seeded on the UI loop, so replies are reproducible and
// no generator is shared between goroutines.
func think(name string, seed uint64, p game.Position, token int) tea.Cmd {
	return func() tea.Msg {
		b, err := bot.New(name, rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
		if err != nil {
			return botMoveMsg{token: token, err: err}
		}
		mv, err := b.Move(p)
		return botMoveMsg{token: token, move: mv, err: err}
	}
}

func (m playModel) update(msg tea.Msg) (playModel, tea.Cmd) {
	switch msg := msg.(type) {
	case botMoveMsg:
		if msg.token != m.token || !m.thinking {
			return m, nil
		}
		m.thinking = false
		if msg.err != nil {
			m.setError("bot: " + msg.err.Error())
			return m, nil
		}
		if err := m.g.Play(msg.move); err != nil {
			m.setError(fmt.Sprintf("bot played %s: %v", msg.move.USI(), err))
			return m, nil
		}
		m.setInfo("")
		return m, m.afterMove()
	case spinner.TickMsg:
		if !m.thinking {
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case savedMsg:
		if msg.err != nil {
			m.setError(saveFailure(msg.path, msg.err))
		} else {
			m.setInfo("saved " + msg.path)
			m.savedPath, m.savedMoves = msg.path, msg.moves
		}
		return m, nil
	case autosavedMsg:
		if msg.err != nil {
			m.setError("autosave failed: " + msg.err.Error())
		}
		return m, nil
	case tea.MouseMsg:
		return m.mouse(msg)
	case tea.KeyMsg:
		return m.key(msg)
	}
	return m, nil
}

// afterMove brings the screen up to date after the game changed, saves it
// for resuming and hands the turn to a bot if one is to move.
func (m *playModel) afterMove() tea.Cmd {
	m.clearPick()
	m.typing = false
	m.review = -1
	m.refreshTexts()
	if r := m.g.Result(); r.Over() {
		m.setInfo(m.resultText(r))
		if m.fromStudy {
			return nil
		}
		return removeAutosave(m.c.stateDir)
	}
	pos := m.g.Position()
	if pos.InCheck() && m.status == "" {
		m.setInfo(m.checkText())
	}
	if m.c.autoFlip && m.isHuman(game.Black) && m.isHuman(game.White) {
		m.flip = pos.SideToMove() == game.White
	}
	return tea.Batch(m.autosave(), m.maybeThink())
}

func (m *playModel) clearPick() {
	m.selected, m.drop, m.tray = game.NoSquare, game.NoPieceType, false
	m.targets = squareSet{}
}

func (m *playModel) checkText() string {
	if m.c.pieces == Kanji {
		return "王手"
	}
	return "Check"
}

// resultText says who won and why.
func (m *playModel) resultText(r game.Result) string {
	why := map[game.Ending]string{
		game.Checkmate:      "checkmate (詰み)",
		game.NoLegalMoves:   "no legal move",
		game.Resignation:    "resignation (投了)",
		game.Repetition:     "fourfold repetition (千日手)",
		game.PerpetualCheck: "perpetual check (連続王手の千日手)",
		game.Impasse:        "impasse, 24-point rule (持将棋)",
		game.Declaration:    "entering-king declaration (入玉宣言)",
		game.IllegalMove:    "illegal move (反則)",
		game.TimeLoss:       "time (切れ負け)",
	}[r.Ending]
	if c, ok := r.Winner(); ok {
		return fmt.Sprintf("%s wins by %s after %s", sideLabel(c, m.c.pieces), why, countMoves(m.before+m.g.Len()))
	}
	return fmt.Sprintf("draw by %s after %s", why, countMoves(m.before+m.g.Len()))
}

func (m playModel) key(msg tea.KeyMsg) (playModel, tea.Cmd) {
	k := m.c.keys
	if key.Matches(msg, k.Quit) {
		m.token++ // drop a pending bot reply
		return m, tea.Sequence(m.autosave(), tea.Quit)
	}
	switch m.state {
	case statePromote:
		return m.promoteKey(msg)
	case stateConfirm:
		return m.confirmKey(msg)
	case stateSave:
		return m.saveKey(msg)
	}
	if m.showHelp {
		m.showHelp = false
		return m, nil
	}
	if m.typing {
		return m.typeKey(msg)
	}
	switch msg.Type {
	case tea.KeyRunes:
		return m.runes(msg.Runes)
	case tea.KeyUp:
		m.moveCursor(0, -1)
	case tea.KeyDown:
		m.moveCursor(0, 1)
	case tea.KeyLeft:
		m.moveCursor(-1, 0)
	case tea.KeyRight:
		m.moveCursor(1, 0)
	case tea.KeyEnter:
		return m.selectKey()
	case tea.KeyEsc:
		switch {
		case m.review >= 0:
			m.review = -1
		case m.tray || m.selected != game.NoSquare || m.drop != game.NoPieceType:
			m.clearPick()
		default:
			m.setInfo("")
		}
	case tea.KeyTab:
		m.toggleTray()
	}
	return m, nil
}

// runes handles a burst of printable keys with the move line closed: each
// rune is a command, a cursor move, or the start of a typed move, after
// which the rest of the burst is typed.
func (m playModel) runes(rs []rune) (playModel, tea.Cmd) {
	k := m.c.keys
	var cmds []tea.Cmd
	for i, r := range rs {
		if m.typing {
			// The rest of the burst is typed.
			editInput(m.c, &m.input, tea.KeyMsg{Type: tea.KeyRunes, Runes: rs[i:]}, m.inputCols())
			m.liveCheck()
			break
		}
		rk := runeKey(r)
		switch {
		case key.Matches(rk, k.Type):
			m.openInput(nil)
		case key.Matches(rk, k.Up):
			m.moveCursor(0, -1)
		case key.Matches(rk, k.Down):
			m.moveCursor(0, 1)
		case key.Matches(rk, k.Left):
			m.moveCursor(-1, 0)
		case key.Matches(rk, k.Right):
			m.moveCursor(1, 0)
		case r == 'n' && m.g.Result().Over():
			return m, func() tea.Msg { return toMenuMsg{newGame: true} }
		case r == 'o' && m.g.Result().Over() && !m.fromStudy:
			m.token++
			msg := reviewGameMsg{g: m.g, players: m.players, headers: m.headers()}
			if m.savedPath != "" && m.savedMoves == m.g.Len() {
				msg.saved = m.savedPath
			}
			return m, func() tea.Msg { return msg }
		case startsMove(r):
			m.openInput([]rune{r})
		case key.Matches(rk, k.Help):
			m.showHelp = true
		case key.Matches(rk, k.Flip):
			m.flip = !m.flip
		case key.Matches(rk, k.AutoFlip):
			m.c.autoFlip = !m.c.autoFlip
			m.setInfo(fmt.Sprintf("flip every turn in hot-seat games: %v", onOff(m.c.autoFlip)))
		case key.Matches(rk, k.Notation):
			m.cycleNotation()
		case key.Matches(rk, k.Review):
			m.step(r == ']')
		case key.Matches(rk, k.Undo):
			cmds = append(cmds, m.undo())
		case key.Matches(rk, k.Resign):
			m.ask(confirmResign)
		case key.Matches(rk, k.Declare):
			m.askDeclare()
		case key.Matches(rk, k.Impasse):
			m.ask(confirmImpasse)
		case key.Matches(rk, k.Save):
			m.state = stateSave
			m.save = newInput(m.c, savePrompt, defaultSaveName(), 0, m.saveCols())
		case key.Matches(rk, k.Leave):
			if m.g.Result().Over() || m.g.Len() == 0 {
				m.token++
				return m, func() tea.Msg { return toMenuMsg{} }
			}
			m.ask(confirmLeave)
		}
		if m.state != stateMove {
			break // a question was asked: the rest of the burst is not for the board
		}
	}
	return m, tea.Batch(cmds...)
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// startsMove reports whether r opens the move line by itself: a digit
// (ASCII or full width), a capital letter, one of p n s g b r (the piece
// letters that are not cursor keys), + - ▲ △ ☗ ☖, or a Japanese character.
func startsMove(r rune) bool {
	switch {
	case r >= '0' && r <= '9', r >= 'A' && r <= 'Z', r >= '０' && r <= '９':
		return true
	case strings.ContainsRune("pnsgbr+-▲△☗☖", r):
		return true
	case r >= 0x3000 && r <= 0x9fff: // CJK punctuation, kana, kanji (同 〃 歩 …)
		return true
	}
	return false
}

func (m *playModel) openInput(rs []rune) {
	m.typing = true
	m.input = newInput(m.c, movePrompt, string(rs), 0, m.inputCols())
	m.clearPick()
	m.liveCheck()
}

// movePrompt starts the move line.
const movePrompt = "> "

// inputCols is how many columns the typed move may take on screen: the
// width less the prompt and the cursor cell.
func (m *playModel) inputCols() int { return m.c.width - m.c.m.width(movePrompt) - 1 }

// typeKey edits the move line: every printable key goes into it, and the
// cursor and editing keys (←/→, home/end, ctrl+a/e/u/w) work within it.
func (m playModel) typeKey(msg tea.KeyMsg) (playModel, tea.Cmd) {
	switch msg.Type {
	case tea.KeyEsc:
		m.typing = false
		m.setInfo("")
		return m, nil
	case tea.KeyEnter:
		return m.submit()
	case tea.KeyBackspace:
		if m.input.Value() == "" {
			m.typing = false
			m.setInfo("")
			return m, nil
		}
	}
	if !editInput(m.c, &m.input, msg, m.inputCols()) {
		return m, nil // the cursor moved, or nothing happened: the status stands
	}
	if m.input.Value() == "" && msg.Type == tea.KeyBackspace {
		// Backspace took the last character: the line closes, as it opened.
		m.typing = false
		m.setInfo("")
		return m, nil
	}
	m.liveCheck()
	return m, nil
}

// liveCheck says, as the move is typed, what it reads as.
func (m *playModel) liveCheck() {
	text := strings.TrimSpace(m.input.Value())
	if text == "" {
		m.setInfo("type a move in any notation; enter plays it, esc cancels")
		return
	}
	pos := m.g.Position()
	mv, err := notation.ParseAny(&pos, text, m.lastMove())
	if err == nil {
		m.setInfo("= " + m.describe(&pos, mv))
		return
	}
	if a, ok := promotionChoice(err); ok {
		last := m.lastMove()
		m.setInfo(fmt.Sprintf("= %s or %s: enter asks which (成る? y/n)",
			notation.Format(&pos, a[0], m.c.notation, last), notation.Format(&pos, a[1], m.c.notation, last)))
		return
	}
	switch notation.CheckSyntax(text) {
	case notation.SyntaxPartial:
		m.setInfo("…")
	case notation.SyntaxInvalid:
		m.setError("not a move in any notation")
	default:
		m.setError(err.Error())
	}
}

// describe writes a move in the move list's notation, with USI as well
// when that differs.
func (m *playModel) describe(pos *game.Position, mv game.Move) string {
	s := notation.Format(pos, mv, m.c.notation, m.lastMove())
	if m.c.notation != notation.USI {
		s += " (" + mv.USI() + ")"
	}
	return s
}

// submit plays the typed move or says why it cannot be played.
func (m playModel) submit() (playModel, tea.Cmd) {
	text := strings.TrimSpace(m.input.Value())
	if text == "" {
		m.typing = false
		return m, nil
	}
	if why := m.cannotMove(); why != "" {
		m.setError(why)
		return m, nil
	}
	pos := m.g.Position()
	mv, err := notation.ParseAny(&pos, text, m.lastMove())
	if pair, ok := promotionChoice(err); ok {
		// The text left promotion open: ask, as the cursor does.
		m.pending, m.state = pair, statePromote
		m.typing = false
		m.setInfo("")
		return m, nil
	}
	if err != nil {
		m.setError(m.explain(text, err))
		return m, nil
	}
	return m.playMove(mv)
}

// promotionChoice reports whether err is a move whose text left only
// promotion open: [0] promotes, [1] does not.
func promotionChoice(err error) ([2]game.Move, bool) {
	var amb *notation.AmbiguousError
	if !errors.As(err, &amb) || len(amb.Candidates) != 2 {
		return [2]game.Move{}, false
	}
	a, b := amb.Candidates[0], amb.Candidates[1]
	if a.From() != b.From() || a.To() != b.To() || a.IsPromotion() == b.IsPromotion() {
		return [2]game.Move{}, false
	}
	if b.IsPromotion() {
		a, b = b, a
	}
	return [2]game.Move{a, b}, true
}

// explain turns a notation or rules error into one status line.
func (m *playModel) explain(text string, err error) string {
	var amb *notation.AmbiguousError
	var ill *notation.IllegalError
	var rule *game.IllegalMoveError
	var syn *notation.SyntaxError
	switch {
	case errors.As(err, &amb):
		return fmt.Sprintf("%q is ambiguous: %s", text, strings.Join(amb.Texts, " or "))
	case errors.As(err, &ill):
		return fmt.Sprintf("%q is illegal: %s", text, ill.Err.Rule)
	case errors.As(err, &rule):
		return fmt.Sprintf("%s is illegal: %s", text, rule.Rule)
	case errors.As(err, &syn) && syn.Incomplete:
		return fmt.Sprintf("%q is not a whole move yet", text)
	}
	return err.Error()
}

// cannotMove says why the user may not move now, or "".
func (m *playModel) cannotMove() string {
	switch {
	case m.g.Result().Over():
		return "the game is over: w saves, [ ] step, o study, n new game, q menu"
	case m.review >= 0:
		return "reviewing: esc returns to the game"
	case !m.isHuman(m.sideToMove()):
		return "it is the bot's turn"
	}
	return ""
}

// playMove plays a move through the game, which checks it.
func (m playModel) playMove(mv game.Move) (playModel, tea.Cmd) {
	if err := m.g.Play(mv); err != nil {
		m.setError(m.explain(mv.USI(), err))
		return m, nil
	}
	m.state = stateMove
	m.setInfo("")
	return m, m.afterMove()
}

// moveCursor moves the cursor (or the tray highlight) by screen direction.
func (m *playModel) moveCursor(dx, dy int) {
	if m.tray {
		m.cycleTray(dx + dy)
		return
	}
	if m.cursor == game.NoSquare {
		m.cursor = game.NewSquare(5, 5)
	}
	if m.flip {
		dx, dy = -dx, -dy
	}
	f := m.cursor.File() - dx // files count right to left
	r := m.cursor.Rank() + dy
	if f >= 1 && f <= 9 && r >= 1 && r <= 9 {
		m.cursor = game.NewSquare(f, r)
	}
}

// toggleTray moves the keyboard into the side to move's hand, or out.
func (m *playModel) toggleTray() {
	if m.tray {
		m.tray = false
		return
	}
	if why := m.cannotMove(); why != "" {
		m.setError(why)
		return
	}
	kinds := m.handKinds()
	if len(kinds) == 0 {
		m.setError("nothing in hand")
		return
	}
	m.clearPick()
	m.tray, m.trayKind = true, kinds[0]
	m.setInfo("hand: ←/→ choose, enter picks, tab or esc leaves")
}

// handKinds lists the kinds the side to move holds, rook first.
func (m *playModel) handKinds() []game.PieceType {
	pos := m.g.Position()
	var out []game.PieceType
	for _, t := range game.HandTypes {
		if pos.Hand(pos.SideToMove(), t) > 0 {
			out = append(out, t)
		}
	}
	return out
}

func (m *playModel) cycleTray(d int) {
	kinds := m.handKinds()
	for i, t := range kinds {
		if t == m.trayKind {
			m.trayKind = kinds[(i+d+len(kinds))%len(kinds)]
			return
		}
	}
}

// pickDrop picks a kind from the hand; its legal drops become the targets.
func (m *playModel) pickDrop(t game.PieceType) {
	m.clearPick()
	m.drop = t
	pos := m.g.Position()
	for _, mv := range pos.LegalMoves(nil) {
		if mv.IsDrop() && mv.Piece().Type() == t {
			m.targets[mv.To()] = true
		}
	}
	if m.cursor == game.NoSquare {
		m.cursor = game.NewSquare(5, 5)
	}
	m.setInfo(fmt.Sprintf("drop %s: move to a square and press enter", handPiece(t, 1, m.c.pieces)))
}

// selectKey is enter in cursor mode.
func (m playModel) selectKey() (playModel, tea.Cmd) {
	if m.tray {
		m.pickDrop(m.trayKind)
		return m, nil
	}
	return m.selectSquare(m.cursor)
}

// selectSquare picks the piece on sq, or moves the picked piece there.
func (m playModel) selectSquare(sq game.Square) (playModel, tea.Cmd) {
	if why := m.cannotMove(); why != "" {
		m.setError(why)
		return m, nil
	}
	pos := m.g.Position()
	side := pos.SideToMove()
	if m.drop != game.NoPieceType {
		mv := game.NewDrop(game.NewPiece(side, m.drop), sq)
		if err := pos.CheckMove(mv); err != nil {
			m.setError(m.explain(mv.USI(), err))
			return m, nil
		}
		return m.playMove(mv)
	}
	if m.selected != game.NoSquare {
		if sq == m.selected {
			m.clearPick()
			m.setInfo("")
			return m, nil
		}
		if m.targets[sq] {
			return m.moveTo(sq)
		}
		if pc := pos.At(sq); pc == game.NoPiece || pc.Color() != side {
			mv := pos.NewMove(m.selected, sq, false)
			if err := pos.CheckMove(mv); err != nil {
				m.setError(m.explain(mv.USI(), err))
			}
			return m, nil
		}
	}
	pc := pos.At(sq)
	if pc == game.NoPiece || pc.Color() != side {
		m.setError(fmt.Sprintf("pick one of %s's pieces", colorName(side)))
		return m, nil
	}
	m.clearPick()
	n := 0
	for _, mv := range pos.LegalMoves(nil) {
		if !mv.IsDrop() && mv.From() == sq {
			m.targets[mv.To()] = true
			n++
		}
	}
	if n == 0 {
		m.setError(fmt.Sprintf("the piece on %s has no legal move", sq))
		return m, nil
	}
	m.selected = sq
	m.setInfo(fmt.Sprintf("picked %s: choose a highlighted square", strings.TrimSpace(cellText(pc, m.c.pieces))))
	return m, nil
}

// moveTo moves the picked piece to sq, asking about promotion when the
// rules leave it open.
func (m playModel) moveTo(sq game.Square) (playModel, tea.Cmd) {
	pos := m.g.Position()
	var with, without game.Move
	for _, mv := range pos.LegalMoves(nil) {
		if mv.IsDrop() || mv.From() != m.selected || mv.To() != sq {
			continue
		}
		if mv.IsPromotion() {
			with = mv
		} else {
			without = mv
		}
	}
	switch {
	case with != game.NoMove && without != game.NoMove:
		m.pending = [2]game.Move{with, without}
		m.state = statePromote
		return m, nil
	case with != game.NoMove:
		return m.playMove(with)
	}
	return m.playMove(without)
}

func (m playModel) promoteKey(msg tea.KeyMsg) (playModel, tea.Cmd) {
	switch {
	case key.Matches(msg, m.c.keys.Yes), msg.Type == tea.KeyEnter:
		m.state = stateMove
		return m.playMove(m.pending[0])
	case key.Matches(msg, m.c.keys.No):
		m.state = stateMove
		return m.playMove(m.pending[1])
	case msg.Type == tea.KeyEsc:
		m.state = stateMove
		m.clearPick()
		m.setInfo("")
	}
	return m, nil
}

// ask puts a yes/no question.
func (m *playModel) ask(a confirmAction) {
	if a != confirmLeave && m.g.Result().Over() {
		m.setError("the game is over")
		return
	}
	if _, ok := m.humanSide(); a != confirmLeave && !ok {
		m.setError("no human plays in this game")
		return
	}
	m.state, m.confirm = stateConfirm, a
}

// humanSide is the colour a resignation is for: the side to move if human,
// else the other side if human; ok is false when no human plays.
func (m *playModel) humanSide() (c game.Color, ok bool) {
	side := m.sideToMove()
	if m.isHuman(side) {
		return side, true
	}
	if m.isHuman(side.Other()) {
		return side.Other(), true
	}
	return side, false
}

func (m *playModel) askDeclare() {
	if why := m.cannotMove(); why != "" {
		m.setError(why)
		return
	}
	pos := m.g.Position()
	if err := pos.CanDeclare(); err != nil {
		m.setError("cannot declare: " + err.Error())
		return
	}
	m.ask(confirmDeclare)
}

func (m playModel) confirmKey(msg tea.KeyMsg) (playModel, tea.Cmd) {
	if m.confirm == confirmResign || m.confirm == confirmImpasse {
		// Ending the game takes y and then enter, so a stray word typed
		// into the board (x… y…) never resigns; any other key keeps playing.
		switch {
		case !m.sure && msg.Type == tea.KeyRunes && len(msg.Runes) == 1 && key.Matches(msg, m.c.keys.Yes):
			m.sure = true
			return m, nil
		case m.sure && msg.Type == tea.KeyEnter:
			m.sure = false
		default:
			m.state, m.sure = stateMove, false
			m.setInfo("kept playing")
			return m, nil
		}
	} else {
		switch {
		case key.Matches(msg, m.c.keys.Yes):
		case key.Matches(msg, m.c.keys.No), msg.Type == tea.KeyEsc:
			m.state = stateMove
			m.setInfo("")
			return m, nil
		default:
			return m, nil
		}
	}
	m.state = stateMove
	switch m.confirm {
	case confirmLeave:
		m.token++
		return m, tea.Sequence(m.autosave(), func() tea.Msg { return toMenuMsg{} })
	case confirmResign:
		m.thinking = false
		m.token++
		c, _ := m.humanSide()
		m.g.Resign(c)
	case confirmDeclare:
		if err := m.g.Declare(); err != nil {
			m.setError("cannot declare: " + err.Error())
			return m, nil
		}
	case confirmImpasse:
		m.thinking = false
		m.token++
		m.g.Impasse()
	}
	return m, m.afterMove()
}

// undo takes back the last move; against a bot, also the bot's reply, so
// that it is the human's turn again.
func (m *playModel) undo() tea.Cmd {
	if r := m.g.Result(); r.Over() && r.Ending != game.Checkmate && r.Ending != game.NoLegalMoves &&
		r.Ending != game.Repetition && r.Ending != game.PerpetualCheck {
		m.setError("the game is over")
		return nil
	}
	if m.g.Len() == 0 {
		m.setError("no move to undo")
		return nil
	}
	m.thinking = false
	m.token++
	m.g.Undo()
	if m.isHuman(game.Black) || m.isHuman(game.White) {
		for m.g.Len() > 0 && !m.isHuman(m.sideToMove()) {
			m.g.Undo()
		}
	}
	m.setInfo(fmt.Sprintf("undone: back to move %d", m.before+m.g.Len()))
	cmd := m.afterMove()
	m.setInfo(fmt.Sprintf("undone: back to move %d", m.before+m.g.Len()))
	return cmd
}

// step moves the review one ply back or forward.
func (m *playModel) step(forward bool) {
	n := m.g.Len()
	if m.review < 0 {
		if forward {
			return
		}
		m.review = n
	}
	if forward {
		m.review++
	} else if m.review > 0 {
		m.review--
	}
	if m.review >= n {
		m.review = -1
		m.setInfo("")
		return
	}
	m.clearPick()
	m.setInfo(fmt.Sprintf("reviewing move %d of %d: [ ] step, esc returns", m.before+m.review, m.before+n))
}

func (m *playModel) cycleNotation() {
	m.c.notation = cycleStyle(m.c.notation, 1)
	m.refreshTexts()
	m.setInfo("move list: " + m.c.notation.String())
}

// mouse: a left click on a square is the cursor moved there and enter; a
// click on a piece in the mover's hand picks it for a drop.
func (m playModel) mouse(msg tea.MouseMsg) (playModel, tea.Cmd) {
	if msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft || m.state != stateMove {
		return m, nil
	}
	if sq := squareAt(msg.X-boardLeft, msg.Y-boardTop, m.flip); sq != game.NoSquare {
		m.cursor = sq
		m.tray, m.typing = false, false
		return m.selectSquare(sq)
	}
	pos := m.g.Position()
	side := pos.SideToMove()
	if msg.Y != m.handLine(side) {
		return m, nil
	}
	if why := m.cannotMove(); why != "" {
		m.setError(why)
		return m, nil
	}
	_, spans := renderHand(&pos, side, handOpts{style: m.c.pieces, m: m.c.m})
	for _, s := range spans {
		if msg.X >= s.start && msg.X < s.end {
			m.pickDrop(s.t)
			return m, nil
		}
	}
	return m, nil
}

// Screen geometry of play mode: title line, top hand, board, bottom hand.
const (
	boardLeft = 0
	boardTop  = 2
)

// handLine is the screen line of c's hand.
func (m *playModel) handLine(c game.Color) int {
	top := game.White
	if m.flip {
		top = game.Black
	}
	if c == top {
		return boardTop - 1
	}
	return boardTop + boardHeight
}

// view draws play mode:
//
//	title (players, move number, whose turn)
//	top hand                       | move list
//	board                          |
//	bottom hand                    |
//	move line or question
//	status
//	help bar
func (m playModel) view() string {
	c := m.c
	st := c.styles
	pos := m.g.Position()
	last := m.lastMove()
	if m.review >= 0 {
		pos = m.g.PositionAt(m.review)
		last = game.NoMove
		if m.review > 0 {
			last = m.g.Moves()[m.review-1]
		}
	}
	if m.showHelp {
		return m.helpView()
	}
	top, bottom := game.White, game.Black
	if m.flip {
		top, bottom = game.Black, game.White
	}
	handOf := func(col game.Color) string {
		o := handOpts{style: c.pieces, toMove: pos.SideToMove() == col, styles: st, m: c.m}
		if col == pos.SideToMove() && m.review < 0 {
			if m.tray {
				o.cursor = m.trayKind
			}
			o.picked = m.drop
		}
		s, _ := renderHand(&pos, col, o)
		return s
	}
	bo := boardOpts{style: c.pieces, flip: m.flip, cursor: game.NoSquare, selected: m.selected, last: last, styles: st}
	if m.review < 0 {
		if !m.tray && !m.typing {
			bo.cursor = m.cursor
		}
		if m.selected != game.NoSquare || m.drop != game.NoPieceType {
			bo.targets = &m.targets
		}
	}
	board := strings.Split(renderBoard(&pos, bo), "\n")

	// The hands take whole lines (a full hand is wider than the board); the
	// move list stands beside the board.
	var b strings.Builder
	b.WriteString(m.titleLine(&pos))
	b.WriteByte('\n')
	b.WriteString(handOf(top))
	b.WriteByte('\n')
	listX := boardWidth + 2
	listW := c.width - listX
	title := "Moves (" + c.notation.String() + ")"
	if c.pieces == Kanji {
		title = "指し手 (" + c.notation.String() + ")"
	}
	cur := m.g.Len()
	if m.review >= 0 {
		cur = m.review
	}
	list := renderMoves(title, m.texts, m.before, cur, listW, len(board), st, c.m)
	for i, l := range board {
		line := l
		if i < len(list) {
			line = c.m.pad(l, listX) + list[i]
		}
		b.WriteString(strings.TrimRight(line, " "))
		b.WriteByte('\n')
	}
	b.WriteString(handOf(bottom))
	b.WriteByte('\n')
	b.WriteString(c.m.truncate(m.promptLine(), c.width))
	b.WriteByte('\n')
	status := m.status
	if status == "" && pos.InCheck() && !m.g.Result().Over() {
		status = m.checkText()
	}
	if status == "" && m.g.Len() < introMoves {
		status = m.intro
	}
	// A long status (a list of candidates) wraps onto the spare rows below
	// the board rather than being cut; the help bar keeps the last row.
	rows := max(1, c.height-strings.Count(b.String(), "\n")-1)
	for _, l := range m.c.m.wrapLines(status, c.width, rows) {
		switch {
		case m.statusErr:
			l = st.err.render(l)
		case m.g.Result().Over():
			l = st.bold.render(l)
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	b.WriteString(helpBar(c, c.keys.ShortHelp()))
	return b.String()
}

// introMoves is how many moves the furigoma result stays on screen for, so
// that a bot that moves first at once does not wipe it.
const introMoves = 4

// titleLine names the players, the move number and whose turn it is.
func (m *playModel) titleLine(pos *game.Position) string {
	c := m.c
	var b strings.Builder
	b.WriteString(sideLabel(game.Black, c.pieces) + " " + m.players[game.Black])
	b.WriteString("  " + sideLabel(game.White, c.pieces) + " " + m.players[game.White])
	if h, ok := game.HandicapBySFEN(ptr(m.g.Start())); ok && h.Key != "even" {
		if c.pieces == Kanji {
			b.WriteString("  " + h.Japanese)
		} else {
			b.WriteString("  " + h.Name + " handicap")
		}
	}
	n := m.before + m.g.Len()
	kanji := c.pieces == Kanji
	if m.review >= 0 {
		n = m.before + m.review // the position shown, not the live one
	}
	switch {
	case m.review >= 0 && kanji:
		b.WriteString(fmt.Sprintf("  %d手目の局面 (検討中)", n))
	case m.review >= 0:
		b.WriteString(fmt.Sprintf("  reviewing after move %d", n))
	case m.g.Result().Over() && kanji:
		b.WriteString(fmt.Sprintf("  まで%d手 終局", n))
	case m.g.Result().Over():
		b.WriteString("  " + countMoves(n) + ", game over")
	case m.thinking:
		b.WriteString(fmt.Sprintf("  move %d: %s thinking %s", n+1, m.players[pos.SideToMove()], m.spin.View()))
	case kanji:
		b.WriteString(fmt.Sprintf("  %d手目 %sの番", n+1, sideLabel(pos.SideToMove(), c.pieces)))
	default:
		b.WriteString(fmt.Sprintf("  move %d: %s to move", n+1, sideLabel(pos.SideToMove(), c.pieces)))
	}
	return c.m.truncate(b.String(), c.width)
}

// countMoves is "1 move" or "N moves".
func countMoves(n int) string {
	if n == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", n)
}

func ptr(p game.Position) *game.Position { return &p }

// promptLine is the move line, a question, or a hint.
func (m *playModel) promptLine() string {
	c := m.c
	switch m.state {
	case statePromote:
		if c.pieces == Kanji {
			return "成る? (promote) y/n, esc cancels"
		}
		return "Promote? y/n, esc cancels"
	case stateConfirm:
		if m.sure {
			return "press enter to confirm, any other key keeps playing"
		}
		return map[confirmAction]string{
			confirmResign:  "Resign (投了)? press y then enter to resign, any other key keeps playing",
			confirmLeave:   m.leaveQuestion(),
			confirmDeclare: "Declare a win by entering king (入玉宣言)? y/n",
			confirmImpasse: m.impasseQuestion(),
		}[m.confirm]
	case stateSave:
		return inputView(m.save) + saveHint
	}
	if m.typing {
		return inputView(m.input)
	}
	if m.g.Result().Over() && m.fromStudy {
		return "w save, [ ] review, q back to the study"
	}
	if m.g.Result().Over() {
		return "w save, [ ] review, o study, n new game, q menu"
	}
	if m.review >= 0 {
		return fmt.Sprintf("reviewing move %d, [ ] step, esc returns", m.before+m.review)
	}
	pos := m.g.Position()
	// The cursor's square is written out too, for terminals that show no
	// highlighting at all.
	at := "[" + squareName(m.cursor, c.pieces) + "] "
	if m.tray {
		at = "[" + handPiece(m.trayKind, 1, c.pieces) + "] "
	}
	if pos.CanDeclare() == nil && m.isHuman(pos.SideToMove()) {
		return at + "type a move, or use the cursor, d declares a win (入玉宣言)"
	}
	return at + "type a move, or use the cursor (? for help)"
}

func (m *playModel) leaveQuestion() string {
	if m.fromStudy {
		return "Back to the study? The moves become a branch of the record. y/n"
	}
	return "Leave the game? It is kept, and the menu offers to resume it. y/n"
}

func (m *playModel) impasseQuestion() string {
	pos := m.g.Position()
	return fmt.Sprintf("Impasse (持将棋: Black %d, White %d)? y then enter ends it, other keys play on",
		pos.Points(game.Black), pos.Points(game.White))
}

// helpView is the full key list.
func (m playModel) helpView() string {
	lines := strings.Split(strings.TrimRight(assets.Help, "\n"), "\n")
	if len(lines) > m.c.height-1 {
		lines = lines[:m.c.height-1]
	}
	return strings.Join(lines, "\n") + "\n(any key returns)"
}

// cycleStyle returns the notation d places after s in notation.Styles.
func cycleStyle(s notation.Style, d int) notation.Style {
	n := len(notation.Styles)
	for i, x := range notation.Styles {
		if x == s {
			return notation.Styles[((i+d)%n+n)%n]
		}
	}
	return notation.Styles[0]
}
