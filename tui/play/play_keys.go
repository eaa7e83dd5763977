package play

import (
	"fmt"
	"strings"

	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/app/words"

	tea "charm.land/bubbletea/v2"

	"shogi/assets"
	"shogi/game"
)

// key handles one key press on the play screen. The status says what the
// previous key did, so every key clears it first.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	k := m.c.Keys
	if common.KeyIs(msg, k.Quit) {
		// Quit at once; the game is interrupted and stays kept.
		return m, m.stopSession(tea.QuitMsg{})
	}
	m.Status, m.StatusErr, m.drawNote = "", false, false
	switch m.State {
	case StatePromote:
		return m.promoteKey(msg)
	case StateConfirm:
		return m.confirmKey(msg)
	case StateSave:
		return m.saveKey(msg)
	}
	if m.Typing {
		return m.typeKey(msg)
	}
	if m.spectator() {
		return m.spectatorKey(msg)
	}
	if m.Over() {
		return m.overKey(msg)
	}
	if m.faultStands() {
		if mm, cmd, ok := m.faultKey(msg); ok {
			return mm, cmd
		}
	}
	text := common.Printable(msg)
	switch {
	case common.KeyIs(msg, k.Up):
		m.moveCursor(0, -1)
	case common.KeyIs(msg, k.Down):
		m.moveCursor(0, 1)
	case common.KeyIs(msg, k.Left):
		m.moveCursor(-1, 0)
	case common.KeyIs(msg, k.Right):
		m.moveCursor(1, 0)
	case common.IsEnter(msg):
		return m.selectKey()
	case common.KeyIs(msg, k.Cancel):
		switch {
		case m.Review >= 0:
			m.Review = -1
		case m.Hint.Text != "":
			m.Hint = hintState{}
		case m.premove != game.NoMove && m.Selected == game.NoSquare && m.Drop == game.NoPieceType && !m.tray:
			m.cancelPremove()
		default:
			m.clearPick()
		}
	case common.KeyIs(msg, k.Tray):
		m.toggleTray()
	case common.KeyIs(msg, k.Type):
		m.openInput("")
	case StartsMove(text) && !m.noHuman():
		m.openInput(text)
	default:
		return m.commandKey(msg)
	}
	return m, nil
}

// commandKey handles the letter commands of a game in progress.
func (m Model) commandKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	k := m.c.Keys
	if m.c.Remote {
		if done, cmd := m.remoteKey(msg); done {
			return m, cmd
		}
	}
	switch {
	case common.KeyIs(msg, k.Help):
		return m, m.openHelp()
	case common.KeyIs(msg, k.Flip):
		m.Flip = !m.Flip
	case common.KeyIs(msg, k.AutoFlip):
		m.c.AutoFlip = !m.c.AutoFlip
		m.SetInfo(fmt.Sprintf(m.c.Words.AutoFlip, m.onOff(m.c.AutoFlip)))
	case common.KeyIs(msg, k.Notation):
		m.CycleNotation()
	case common.KeyIs(msg, k.Review):
		m.step(msg.String() == "]")
	case common.KeyIs(msg, k.Undo):
		return m, m.undo()
	case common.KeyIs(msg, k.Pause):
		m.togglePause()
	case common.KeyIs(msg, k.Step):
		m.stepOne()
	case common.KeyIs(msg, k.Hint):
		return m, m.askHint()
	case common.KeyIs(msg, k.Resign):
		m.ask(confirmResign)
	case common.KeyIs(msg, k.Declare):
		m.askDeclare()
	case common.KeyIs(msg, k.Impasse):
		m.ask(confirmImpasse)
	case common.KeyIs(msg, k.Save):
		m.openSave()
	case common.KeyIs(msg, k.CopySFEN):
		return m, m.copyPosition(true)
	case common.KeyIs(msg, k.Copy):
		return m, m.copyPosition(false)
	case common.KeyIs(msg, k.Leave):
		if (m.Game.Len() == 0 || m.noHuman()) && !m.onServer() {
			return m, m.stopSession(common.ToMenuMsg{})
		}
		m.ask(confirmLeave)
	}
	return m, nil
}

// overKey handles a key once the game has ended: no more moves, but
// saving, stepping back, studying, a new game, leaving.
func (m Model) overKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	k := m.c.Keys
	switch {
	case common.KeyIs(msg, k.Review):
		m.step(msg.String() == "]")
	case common.KeyIs(msg, k.Cancel):
		m.Review = -1
	case common.KeyIs(msg, k.Study) && !m.FromStudy:
		out := common.ReviewGameMsg{Rec: m.Record()}
		if m.savedPath != "" && m.savedMoves == m.Game.Len() {
			out.Saved = m.savedPath
		}
		return m, m.stopSession(out)
	case common.KeyIs(msg, k.NewGame) && !m.FromStudy:
		return m, m.stopSession(common.ToMenuMsg{NewGame: true})
	case common.KeyIs(msg, k.Leave):
		return m, m.stopSession(common.ToMenuMsg{})
	case common.KeyIs(msg, k.Help), common.KeyIs(msg, k.Flip), common.KeyIs(msg, k.Notation), common.KeyIs(msg, k.Save),
		common.KeyIs(msg, k.Copy), common.KeyIs(msg, k.CopySFEN), common.KeyIs(msg, k.Undo):
		return m.commandKey(msg)
	}
	return m, nil
}

func (m *Model) onOff(b bool) string {
	if b {
		return m.c.Words.On
	}
	return m.c.Words.Off
}

// openHelp opens the ? screen with the game's keys.
func (m *Model) openHelp() tea.Cmd {
	if m.onServer() {
		msg := m.serverHelp()
		return func() tea.Msg { return msg }
	}
	if m.Setup.Table != nil {
		msg := m.tableHelp()
		return func() tea.Msg { return msg }
	}
	notes := assets.HelpPlay(m.c.Lang == words.Japanese)
	groups := m.c.Keys.PlayFullHelp()
	return func() tea.Msg { return common.OpenHelpMsg{Groups: groups, Notes: notes} }
}

// copyPosition puts the position shown on the clipboard (OSC 52, which
// works over SSH too): as a KIF board diagram, or as SFEN.
func (m *Model) copyPosition(sfen bool) tea.Cmd {
	pos, _, _ := m.shown()
	return CopyCmd(m.c, &pos, sfen, m.SetInfo)
}

// CopyCmd is the clipboard command for a position, saying so through say.
func CopyCmd(c *common.Common, pos *game.Position, sfen bool, say func(string)) tea.Cmd {
	if sfen {
		s := pos.SFEN()
		say(fmt.Sprintf(c.Words.CopiedSFEN, s))
		return tea.SetClipboard(s)
	}
	say(c.Words.CopiedKIF)
	return tea.SetClipboard(components.BodDiagram(pos))
}

// StartsMove reports whether a typed text opens the move line by itself:
// a digit (ASCII or full width), a capital letter a notation starts a move
// with (P L N S G B R K, D of Dou), one of p n s g b r (the piece letters
// that are not cursor keys), + - ▲ △ ☗ ☖, or a Japanese character.
func StartsMove(text string) bool {
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
func (m *Model) moveCursor(dx, dy int) {
	if m.tray {
		m.cycleTray(dx + dy)
		return
	}
	if m.Cursor == game.NoSquare {
		m.Cursor = game.NewSquare(5, 5)
	}
	if m.Flip {
		dx, dy = -dx, -dy
	}
	f := m.Cursor.File() - dx // files count right to left
	r := m.Cursor.Rank() + dy
	if f >= 1 && f <= 9 && r >= 1 && r <= 9 {
		m.Cursor = game.NewSquare(f, r)
	}
}

// toggleTray moves the keyboard into the side to move's hand, or out.
func (m *Model) toggleTray() {
	if m.tray {
		m.tray = false
		return
	}
	if why := m.cannotMove(); why != "" && !m.premoving() {
		m.SetError(why)
		return
	}
	kinds := m.handKinds()
	if len(kinds) == 0 {
		m.SetError(m.c.Words.HandEmpty)
		return
	}
	m.clearPick()
	m.tray, m.trayKind = true, kinds[0]
}

// handKinds lists the kinds the side to move (or premoving, the
// person's side) holds, rook first.
func (m *Model) handKinds() []game.PieceType {
	pos := m.Game.Position()
	var out []game.PieceType
	for _, t := range game.HandTypes {
		if pos.Hand(m.moverSide(), t) > 0 {
			out = append(out, t)
		}
	}
	return out
}

func (m *Model) cycleTray(d int) {
	kinds := m.handKinds()
	for i, t := range kinds {
		if t == m.trayKind {
			m.trayKind = kinds[(i+d+len(kinds))%len(kinds)]
			return
		}
	}
}

// pickDrop picks a kind from the hand; its legal drops become the targets.
func (m *Model) pickDrop(t game.PieceType) {
	m.clearPick()
	m.Drop = t
	pos := m.Game.Position()
	moves := pos.LegalMoves(nil)
	if m.premoving() {
		moves = reach(game.NewPiece(m.moverSide(), t), game.NoSquare, t)
	}
	for _, mv := range moves {
		if mv.IsDrop() && mv.Piece().Type() == t {
			m.Targets[mv.To()] = true
		}
	}
	if m.Cursor == game.NoSquare {
		m.Cursor = game.NewSquare(5, 5)
	}
}

// selectKey is enter in cursor mode.
func (m Model) selectKey() (Model, tea.Cmd) {
	if m.tray {
		m.pickDrop(m.trayKind)
		return m, nil
	}
	return m.selectSquare(m.Cursor)
}

// selectSquare picks the piece on sq, or moves the picked piece there.
func (m Model) selectSquare(sq game.Square) (Model, tea.Cmd) {
	if m.premoving() {
		return m.premoveSquare(sq)
	}
	if why := m.cannotMove(); why != "" {
		m.SetError(why)
		return m, nil
	}
	w := m.c.Words
	pos := m.Game.Position()
	side := pos.SideToMove()
	if m.Drop != game.NoPieceType {
		mv := game.NewDrop(game.NewPiece(side, m.Drop), sq)
		if err := pos.CheckMove(mv); err != nil {
			m.SetError(m.explain(mv.USI(), err))
			return m, nil
		}
		return m.playMove(mv)
	}
	if m.Selected != game.NoSquare {
		if sq == m.Selected {
			m.clearPick()
			return m, nil
		}
		if m.Targets[sq] {
			return m.moveTo(sq)
		}
		if pc := pos.At(sq); pc == game.NoPiece || pc.Color() != side {
			mv := pos.NewMove(m.Selected, sq, false)
			if err := pos.CheckMove(mv); err != nil {
				m.SetError(m.explain(mv.USI(), err))
			}
			return m, nil
		}
	}
	pc := pos.At(sq)
	if pc == game.NoPiece || pc.Color() != side {
		m.SetError(fmt.Sprintf(w.PickOwn, w.SideName(side)))
		return m, nil
	}
	m.clearPick()
	n := 0
	for _, mv := range pos.LegalMoves(nil) {
		if !mv.IsDrop() && mv.From() == sq {
			m.Targets[mv.To()] = true
			n++
		}
	}
	if n == 0 {
		m.SetError(fmt.Sprintf(w.NoLegal, components.SquareName(sq, m.c.Pieces)))
		return m, nil
	}
	m.Selected = sq
	return m, nil
}

// moveTo moves the picked piece to sq, asking about promotion when the
// rules leave it open.
func (m Model) moveTo(sq game.Square) (Model, tea.Cmd) {
	pos := m.Game.Position()
	with, without := common.BoardMoves(&pos, m.Selected, sq)
	switch {
	case with != game.NoMove && without != game.NoMove:
		m.pending = [2]game.Move{with, without}
		m.State = StatePromote
		return m, nil
	case with != game.NoMove:
		return m.playMove(with)
	}
	return m.playMove(without)
}

// mouse: a left click on a square is the cursor moved there and enter; a
// click on a piece in the mover's hand picks it for a drop.
func (m Model) mouse(msg tea.MouseClickMsg) (Model, tea.Cmd) {
	mo := msg.Mouse()
	if mo.Button != tea.MouseLeft || m.State != StateMove {
		return m, nil
	}
	m.Status, m.StatusErr = "", false
	l := m.Layout()
	if l.Board.Contains(mo.X, mo.Y) {
		if sq := l.Geom.SquareAt(mo.X-l.Board.X, mo.Y-l.Board.Y, m.Flip); sq != game.NoSquare {
			m.Cursor = sq
			m.tray, m.Typing = false, false
			return m.selectSquare(sq)
		}
		return m, nil
	}
	pos := m.Game.Position()
	side := m.moverSide()
	r := m.handRect(side, l)
	if !r.Contains(mo.X, mo.Y) {
		return m, nil
	}
	_, spans := m.hand(&pos, side, l)
	for _, s := range spans {
		if mo.Y-r.Y == s.Row && mo.X-r.X >= s.Start && mo.X-r.X < s.End {
			if why := m.cannotMove(); why != "" && !m.premoving() {
				m.SetError(why)
				return m, nil
			}
			m.pickDrop(s.T)
			return m, nil
		}
	}
	return m, nil
}

// handPlace is where c's hand is drawn: 0 at the top, 1 at the bottom.
func (m *Model) handPlace(c game.Color) int {
	top := game.White
	if m.Flip {
		top = game.Black
	}
	if c == top {
		return 0
	}
	return 1
}
