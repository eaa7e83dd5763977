package play

import (
	"fmt"

	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/tui/components/entry"

	"charm.land/bubbles/v2/key"
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
	if isF1(msg) {
		// f1 helps from anywhere in a game: while a move is typed, ? is
		// part of the text (as in the online form and the SSH lobby).
		return m, m.openHelp()
	}
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
		case m.premove != game.NoMove && m.Selected == game.NoSquare && m.Drop == game.NoPieceType && !m.Tray:
			m.cancelPremove()
		default:
			m.ClearPick()
		}
	case common.KeyIs(msg, k.Tray):
		m.toggleTray()
	case common.KeyIs(msg, k.Type):
		m.openInput("")
	case entry.StartsMove(text) && !m.noHuman():
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

// isF1 reports whether msg is f1, the help key that typing never takes.
func isF1(msg tea.KeyPressMsg) bool { return msg.String() == "f1" }

// openHelp opens the ? screen with the game's keys.
func (m *Model) openHelp() tea.Cmd {
	help := m.Help()
	return func() tea.Msg { return help }
}

// Help is the game's ? screen: a game on a CSA server, at an SSH table
// and on this machine each have their own keys and notes.
func (m *Model) Help() common.OpenHelpMsg {
	var h common.OpenHelpMsg
	switch {
	case m.onServer():
		h = m.serverHelp()
	case m.Setup.Table != nil:
		h = m.tableHelp()
	case m.c.Remote:
		h = m.computerHelp()
	default:
		h = common.OpenHelpMsg{Groups: m.c.Keys.PlayFullHelp(), Notes: assets.HelpPlay(m.c.Lang == words.Japanese)}
	}
	if !(m.IsHuman(game.Black) && m.IsHuman(game.White)) {
		// Turning the board every move is for two people at one
		// keyboard; against a program a does nothing to see.
		h.Groups = without(h.Groups, m.c.Keys.AutoFlip)
	}
	h.Groups = m.withF1(h.Groups, "?/f1")
	return h
}

// without copies groups less the bindings whose help key is drop's.
func without(groups [][]key.Binding, drop key.Binding) [][]key.Binding {
	out := make([][]key.Binding, 0, len(groups))
	for _, g := range groups {
		var kept []key.Binding
		for _, b := range g {
			if b.Help().Key != drop.Help().Key {
				kept = append(kept, b)
			}
		}
		out = append(out, kept)
	}
	return out
}

// withF1 copies groups with the help key shown as label: f1 opens the
// help too, and is the one that works while a move is typed.
func (m *Model) withF1(groups [][]key.Binding, label string) [][]key.Binding {
	help := m.c.Keys.Help.Help()
	out := make([][]key.Binding, len(groups))
	for i, g := range groups {
		out[i] = make([]key.Binding, len(g))
		for j, b := range g {
			if b.Help().Key == help.Key {
				b = key.NewBinding(key.WithKeys(append(b.Keys(), "f1")...), key.WithHelp(label, b.Help().Desc))
			}
			out[i][j] = b
		}
	}
	return out
}

// copyPosition puts the position shown on the clipboard (OSC 52, which
// works over SSH too): as a KIF board diagram, or as SFEN.
func (m *Model) copyPosition(sfen bool) tea.Cmd {
	pos, _, _ := m.shown()
	return components.CopyCmd(m.c, &pos, sfen, m.SetInfo)
}

// moveCursor moves the cursor (or the tray highlight) by screen direction.
func (m *Model) moveCursor(dx, dy int) { m.Entry.MoveCursor(m.entryAt(), dx, dy) }

// toggleTray moves the keyboard into the mover's hand, or out.
func (m *Model) toggleTray() {
	if ch := m.Entry.ToggleTray(m.c, m.entryAt()); ch.Err != "" {
		m.SetError(ch.Err)
	}
}

// pickDrop picks a kind from the hand; its legal drops (a premove's: its
// drops on an empty board) become the targets.
func (m *Model) pickDrop(t game.PieceType) {
	if !m.premoving() {
		at := m.entryAt()
		at.Why = "" // a move is refused where it is made, not where it is picked
		m.Entry.PickDrop(at, t)
		return
	}
	m.clearPick()
	m.Drop = t
	for _, mv := range reach(game.NewPiece(m.moverSide(), t), game.NoSquare, t) {
		m.Targets[mv.To()] = true
	}
	if m.Cursor == game.NoSquare {
		m.Cursor = game.NewSquare(5, 5)
	}
}

// selectKey is enter in cursor mode.
func (m Model) selectKey() (Model, tea.Cmd) {
	if m.Tray {
		m.pickDrop(m.TrayKind)
		return m, nil
	}
	return m.selectSquare(m.Cursor)
}

// selectSquare picks the piece on sq, or moves the picked piece there.
func (m Model) selectSquare(sq game.Square) (Model, tea.Cmd) {
	if m.premoving() {
		return m.premoveSquare(sq)
	}
	return m.chosen(m.Entry.Square(m.c, m.entryAt(), sq))
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
			m.Tray, m.Typing = false, false
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
