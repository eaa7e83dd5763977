package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"shogi/assets"
	"shogi/game"
)

// key handles one key press on the play screen. The status says what the
// previous key did, so every key clears it first.
func (m playModel) key(msg tea.KeyPressMsg) (playModel, tea.Cmd) {
	k := m.c.keys
	if keyIs(msg, k.Quit) {
		// Quit at once; the game is interrupted and stays kept.
		return m, m.stopSession(tea.QuitMsg{})
	}
	m.status, m.statusErr = "", false
	switch m.state {
	case statePromote:
		return m.promoteKey(msg)
	case stateConfirm:
		return m.confirmKey(msg)
	case stateSave:
		return m.saveKey(msg)
	}
	if m.typing {
		return m.typeKey(msg)
	}
	if m.over() {
		return m.overKey(msg)
	}
	text := printable(msg)
	switch {
	case keyIs(msg, k.Up):
		m.moveCursor(0, -1)
	case keyIs(msg, k.Down):
		m.moveCursor(0, 1)
	case keyIs(msg, k.Left):
		m.moveCursor(-1, 0)
	case keyIs(msg, k.Right):
		m.moveCursor(1, 0)
	case isEnter(msg):
		return m.selectKey()
	case keyIs(msg, k.Cancel):
		switch {
		case m.review >= 0:
			m.review = -1
		case m.hint.text != "":
			m.hint = hintState{}
		default:
			m.clearPick()
		}
	case keyIs(msg, k.Tray):
		m.toggleTray()
	case keyIs(msg, k.Type):
		m.openInput("")
	case startsMove(text) && !m.noHuman():
		m.openInput(text)
	default:
		return m.commandKey(msg)
	}
	return m, nil
}

// commandKey handles the letter commands of a game in progress.
func (m playModel) commandKey(msg tea.KeyPressMsg) (playModel, tea.Cmd) {
	k := m.c.keys
	if m.c.remote {
		if done, cmd := m.remoteKey(msg); done {
			return m, cmd
		}
	}
	switch {
	case keyIs(msg, k.Help):
		return m, m.openHelp()
	case keyIs(msg, k.Flip):
		m.flip = !m.flip
	case keyIs(msg, k.AutoFlip):
		m.c.autoFlip = !m.c.autoFlip
		m.setInfo(fmt.Sprintf(m.c.w.autoFlip, m.onOff(m.c.autoFlip)))
	case keyIs(msg, k.Notation):
		m.cycleNotation()
	case keyIs(msg, k.Review):
		m.step(msg.String() == "]")
	case keyIs(msg, k.Undo):
		return m, m.undo()
	case keyIs(msg, k.Pause):
		m.togglePause()
	case keyIs(msg, k.Step):
		m.stepOne()
	case keyIs(msg, k.Hint):
		return m, m.askHint()
	case keyIs(msg, k.Resign):
		m.ask(confirmResign)
	case keyIs(msg, k.Declare):
		m.askDeclare()
	case keyIs(msg, k.Impasse):
		m.ask(confirmImpasse)
	case keyIs(msg, k.Save):
		m.openSave()
	case keyIs(msg, k.CopySFEN):
		return m, m.copyPosition(true)
	case keyIs(msg, k.Copy):
		return m, m.copyPosition(false)
	case keyIs(msg, k.Leave):
		if m.g.Len() == 0 || m.noHuman() {
			return m, m.stopSession(toMenuMsg{})
		}
		m.ask(confirmLeave)
	}
	return m, nil
}

// overKey handles a key once the game has ended: no more moves, but
// saving, stepping back, studying, a new game, leaving.
func (m playModel) overKey(msg tea.KeyPressMsg) (playModel, tea.Cmd) {
	k := m.c.keys
	switch {
	case keyIs(msg, k.Review):
		m.step(msg.String() == "]")
	case keyIs(msg, k.Cancel):
		m.review = -1
	case keyIs(msg, k.Study) && !m.fromStudy:
		out := reviewGameMsg{rec: m.record()}
		if m.savedPath != "" && m.savedMoves == m.g.Len() {
			out.saved = m.savedPath
		}
		return m, m.stopSession(out)
	case keyIs(msg, k.NewGame) && !m.fromStudy:
		return m, m.stopSession(toMenuMsg{newGame: true})
	case keyIs(msg, k.Leave):
		return m, m.stopSession(toMenuMsg{})
	case keyIs(msg, k.Help), keyIs(msg, k.Flip), keyIs(msg, k.Notation), keyIs(msg, k.Save),
		keyIs(msg, k.Copy), keyIs(msg, k.CopySFEN), keyIs(msg, k.Undo):
		return m.commandKey(msg)
	}
	return m, nil
}

func (m *playModel) onOff(b bool) string {
	if b {
		return m.c.w.on
	}
	return m.c.w.off
}

// openHelp opens the ? screen with the game's keys.
func (m *playModel) openHelp() tea.Cmd {
	notes := assets.HelpPlay(m.c.lang == Japanese)
	groups := m.c.keys.playFullHelp()
	return func() tea.Msg { return openHelpMsg{groups: groups, notes: notes} }
}

// copyPosition puts the position shown on the clipboard (OSC 52, which
// works over SSH too): as a KIF board diagram, or as SFEN.
func (m *playModel) copyPosition(sfen bool) tea.Cmd {
	pos, _, _ := m.shown()
	return copyCmd(m.c, &pos, sfen, m.setInfo)
}

// copyCmd is the clipboard command for a position, saying so through say.
func copyCmd(c *common, pos *game.Position, sfen bool, say func(string)) tea.Cmd {
	if sfen {
		s := pos.SFEN()
		say(fmt.Sprintf(c.w.copiedSFEN, s))
		return tea.SetClipboard(s)
	}
	say(c.w.copiedKIF)
	return tea.SetClipboard(bodDiagram(pos))
}

// startsMove reports whether a typed text opens the move line by itself:
// a digit (ASCII or full width), a capital letter a notation starts a move
// with (P L N S G B R K, D of Dou), one of p n s g b r (the piece letters
// that are not cursor keys), + - ▲ △ ☗ ☖, or a Japanese character.
func startsMove(text string) bool {
	if text == "" {
		return false
	}
	r := []rune(text)[0]
	switch {
	case r >= '0' && r <= '9', r >= '０' && r <= '９':
		return true
	case strings.ContainsRune("PLNSGBRKDpnsgbr+-▲△☗☖", r):
		return true
	case r >= 0x3000 && r <= 0x9fff: // CJK punctuation, kana, kanji (同 〃 歩 …)
		return true
	}
	return false
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
		m.setError(m.c.w.handEmpty)
		return
	}
	m.clearPick()
	m.tray, m.trayKind = true, kinds[0]
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
	w := m.c.w
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
		m.setError(fmt.Sprintf(w.pickOwn, w.sideName(side)))
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
		m.setError(fmt.Sprintf(w.noLegal, squareName(sq, m.c.pieces)))
		return m, nil
	}
	m.selected = sq
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

// mouse: a left click on a square is the cursor moved there and enter; a
// click on a piece in the mover's hand picks it for a drop.
func (m playModel) mouse(msg tea.MouseClickMsg) (playModel, tea.Cmd) {
	mo := msg.Mouse()
	if mo.Button != tea.MouseLeft || m.state != stateMove {
		return m, nil
	}
	m.status, m.statusErr = "", false
	l := m.layout()
	if l.board.contains(mo.X, mo.Y) {
		if sq := l.geom.squareAt(mo.X-l.board.x, mo.Y-l.board.y, m.flip); sq != game.NoSquare {
			m.cursor = sq
			m.tray, m.typing = false, false
			return m.selectSquare(sq)
		}
		return m, nil
	}
	pos := m.g.Position()
	side := pos.SideToMove()
	r := m.handRect(side, l)
	if !r.contains(mo.X, mo.Y) {
		return m, nil
	}
	_, spans := m.hand(&pos, side, l)
	for _, s := range spans {
		if mo.Y-r.y == s.row && mo.X-r.x >= s.start && mo.X-r.x < s.end {
			if why := m.cannotMove(); why != "" {
				m.setError(why)
				return m, nil
			}
			m.pickDrop(s.t)
			return m, nil
		}
	}
	return m, nil
}

// handPlace is where c's hand is drawn: 0 at the top, 1 at the bottom.
func (m *playModel) handPlace(c game.Color) int {
	top := game.White
	if m.flip {
		top = game.Black
	}
	if c == top {
		return 0
	}
	return 1
}
