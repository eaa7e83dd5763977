// Package editor is the position editor: a screen that sets up any
// position square by square and hand by hand on an edit.Board (which
// keeps to one set of pieces, and says as data what the rules make of
// the position), and hands it on to be played, studied, solved as a
// tsume, copied or saved.
//
// The keys on the board are a contract: with the cursor on a square, an
// SFEN letter puts a piece there — upper case Black's (P L N S G B R K),
// lower case White's (p l n s g b r k) — "+" promotes or unpromotes it,
// and space, delete or backspace empties it. The mouse picks a piece from
// the palette and puts it on squares.
package editor

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"shogi/app/words"
	"shogi/assets"
	"shogi/game"
	"shogi/kifu"
	"shogi/kifu/edit"
	"shogi/tui/common"
	"shogi/tui/components"
)

// Options say where the editor starts and where leaving goes.
type Options struct {
	Start game.Position
	// Name is the file the position came from, shown in the title and
	// offered when saving ("" for none).
	Name string
	// Quit makes leaving end the app (shogi edit).
	Quit bool
	// LeftOut are the squares of kings the position given had beyond one
	// a side (game.ParseSFENExtraKings), which the status line names.
	LeftOut []game.Square
}

// focus is where the keyboard is: the board or one side's hand.
type focus int

const (
	onBoard focus = iota
	onWhiteHand
	onBlackHand
)

// state is what the keys answer: the board, or a question or line over it.
type state int

const (
	editing   state = iota
	choosing        // the done menu: play, study, tsume, copy, save
	presets         // the list of starts
	saving          // the file name line
	overwrite       // the question before overwriting a file
	leaving         // the question before leaving a changed position
)

// Model is the position editor.
type Model struct {
	c      *common.Common
	o      Options
	b      *edit.Board
	cursor game.Square
	focus  focus
	kind   game.PieceType // the highlighted kind of the hand in focus
	brush  game.Piece     // the palette's piece for the mouse, or NoPiece
	erase  bool           // the palette's eraser is picked
	state  state
	preset int // the cursor in the list of starts
	save   components.LineInput
	target string // the file waiting for the overwrite answer
	saved  string // the position as last saved or opened, in SFEN
	status string
	isErr  bool
}

// New opens the editor on o.Start.
func New(c *common.Common, o Options) Model {
	b := edit.NewBoard(o.Start)
	m := Model{c: c, o: o, b: b, cursor: game.NewSquare(5, 5), kind: game.Rook, brush: game.NoPiece, saved: b.SFEN()}
	if len(o.LeftOut) > 0 {
		names := make([]string, len(o.LeftOut))
		for i, s := range o.LeftOut {
			names[i] = m.squareName(s)
		}
		m.status, m.isErr = fmt.Sprintf(m.words().KingsLeftOut, strings.Join(names, ", ")), true
	}
	return m
}

// Board is the position being set up.
func (m *Model) Board() *edit.Board { return m.b }

// Say puts a message in the status line (the root says there what it
// could not do with the editor's position).
func (m *Model) Say(text string, isErr bool) { m.status, m.isErr = text, isErr }

func (m *Model) words() *words.EditorWords { return words.EditorWordsFor(m.c.Lang) }

// Modified reports whether the position differs from the one opened or
// last saved.
func (m *Model) Modified() bool { return m.b.SFEN() != m.saved }

// Update handles one message.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case writtenMsg:
		m.written(msg)
	case tea.PasteMsg:
		m.paste(msg)
	case tea.MouseClickMsg:
		if m.state == editing || m.state == presets {
			m.status, m.isErr = "", false
			m.click(msg.Mouse())
		}
	case tea.KeyPressMsg:
		if msg.String() == "ctrl+c" {
			return m, tea.Quit
		}
		m.status, m.isErr = "", false
		switch m.state {
		case choosing:
			return m, m.chooseKey(msg)
		case presets:
			return m, m.presetKey(msg)
		case saving:
			return m, m.saveKey(msg)
		case overwrite:
			return m, m.overwriteKey(msg)
		case leaving:
			m.state = editing
			if common.KeyIs(msg, m.c.Keys.Yes) {
				return m, m.leave()
			}
			m.status = m.words().Cancelled
			return m, nil
		}
		return m, m.key(msg)
	}
	return m, nil
}

// pieceKey reads an SFEN piece letter: the piece it puts on a square.
func pieceKey(text string) (game.Piece, bool) {
	if len(text) != 1 {
		return game.NoPiece, false
	}
	r := text[0]
	c := game.Black
	if r >= 'a' && r <= 'z' {
		c, r = game.White, r-'a'+'A'
	}
	i := strings.IndexByte("PLNSBRGK", r)
	if i < 0 {
		return game.NoPiece, false
	}
	return game.NewPiece(c, game.Pawn+game.PieceType(i)), true
}

// key handles a key while the board or a hand has the keyboard.
func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys.Ed
	text := common.Printable(msg)
	if m.focus != onBoard {
		if done := m.handKey(msg, text); done {
			return nil
		}
	} else {
		switch pc, ok := pieceKey(text); {
		case ok:
			m.refuse(m.b.Place(m.cursor, pc))
			return nil
		case common.KeyIs(msg, k.Move):
			m.moveCursor(msg.String())
			return nil
		case common.KeyIs(msg, k.Promote):
			m.refuse(m.b.Promote(m.cursor))
			return nil
		case common.KeyIs(msg, k.Clear):
			m.b.Clear(m.cursor)
			return nil
		}
	}
	return m.command(msg)
}

// command runs the keys that work wherever the keyboard is.
func (m *Model) command(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys.Ed
	switch {
	case common.KeyIs(msg, k.Hands):
		step := 1
		if msg.String() == "shift+tab" {
			step = 2
		}
		m.focus = focus(common.WrapAdd(int(m.focus), step, 3))
	case common.KeyIs(msg, k.Turn):
		m.button(btnTurn)
	case common.KeyIs(msg, k.Flip):
		m.button(btnFlip)
	case common.KeyIs(msg, k.Rest):
		m.button(btnRest)
	case common.KeyIs(msg, k.Empty):
		m.button(btnClear)
	case common.KeyIs(msg, k.Presets):
		m.button(btnPresets)
	case common.KeyIs(msg, k.Undo):
		m.button(btnUndo)
	case common.KeyIs(msg, k.Redo):
		m.button(btnRedo)
	case common.KeyIs(msg, k.CopySFEN):
		pos := m.b.Position()
		return components.CopyCmd(m.c, &pos, true, func(t string) { m.status = t })
	case common.KeyIs(msg, k.Copy):
		pos := m.b.Position()
		return components.CopyCmd(m.c, &pos, false, func(t string) { m.status = t })
	case common.KeyIs(msg, k.Save):
		m.openSave()
	case common.KeyIs(msg, k.Done):
		m.button(btnDone)
	case common.KeyIs(msg, k.Help):
		return m.help()
	case common.KeyIs(msg, k.Leave):
		switch {
		case msg.String() == "esc" && (m.brush != game.NoPiece || m.erase):
			m.brush, m.erase = game.NoPiece, false
		case msg.String() == "esc" && m.focus != onBoard:
			m.focus = onBoard
		case m.Modified():
			m.state = leaving
		default:
			return m.leave()
		}
	}
	return nil
}

// handKey handles the keys of a hand in focus; false for a key it leaves
// to the commands.
func (m *Model) handKey(msg tea.KeyPressMsg, text string) bool {
	k := m.c.Keys.Ed
	side := game.Black
	if m.focus == onWhiteHand {
		side = game.White
	}
	if pc, ok := pieceKey(text); ok {
		m.kind = pc.Type()
		m.refuse(m.b.AddToHand(side, pc.Type()))
		return true
	}
	switch {
	case common.KeyIs(msg, k.HandKind):
		d := 1
		if msg.String() == "left" {
			d = -1
		}
		for i, t := range game.HandTypes {
			if t == m.kind {
				m.kind = game.HandTypes[common.WrapAdd(i, d, len(game.HandTypes))]
				return true
			}
		}
		m.kind = game.Rook
	case common.KeyIs(msg, k.HandAdd):
		m.refuse(m.b.AddToHand(side, m.handKind()))
	case common.KeyIs(msg, k.HandTake):
		m.refuse(m.b.TakeFromHand(side, m.handKind()))
	default:
		return false
	}
	return true
}

// handKind is the hand's highlighted kind (a rook until one is chosen).
func (m *Model) handKind() game.PieceType {
	if m.kind < game.Pawn || m.kind > game.Gold {
		m.kind = game.Rook
	}
	return m.kind
}

// refuse says why the board refused a change, if it did.
func (m *Model) refuse(err error) {
	if err == nil {
		return
	}
	var be *edit.BoardError
	if errors.As(err, &be) {
		m.status = common.BoardRefusal(m.c.Words, m.words(), be, m.squareName)
	} else {
		m.status = err.Error()
	}
	m.isErr = true
}

func (m *Model) squareName(s game.Square) string { return components.SquareName(s, m.c.Pieces) }

// moveCursor moves the cursor by screen direction.
func (m *Model) moveCursor(dir string) {
	dx, dy := 0, 0
	switch dir {
	case "up":
		dy = -1
	case "down":
		dy = 1
	case "left":
		dx = -1
	case "right":
		dx = 1
	}
	f, r := m.cursor.File()-dx, m.cursor.Rank()+dy // files count right to left
	if f >= 1 && f <= 9 && r >= 1 && r <= 9 {
		m.cursor = game.NewSquare(f, r)
	}
}

func (m *Model) undo(redo bool) {
	ew := m.words()
	switch {
	case redo && m.b.Redo():
		m.status = ew.Redone
	case redo:
		m.status, m.isErr = ew.NoRedo, true
	case m.b.Undo():
		m.status = ew.Undone
	default:
		m.status, m.isErr = ew.NoUndo, true
	}
}

// help opens the editor's ? screen; the bar under the board names ? in
// the list of starts and the done menu too, which stay open behind it.
func (m *Model) help() tea.Cmd {
	groups := m.c.Keys.Ed.FullHelp()
	notes := assets.HelpEdit(m.c.Lang == words.Japanese)
	return func() tea.Msg { return common.OpenHelpMsg{Groups: groups, Notes: notes} }
}

// presetKey moves in the list of starts; enter sets the board to one.
func (m *Model) presetKey(msg tea.KeyPressMsg) tea.Cmd {
	ps := edit.Presets()
	k := m.c.Keys
	switch {
	case common.KeyIs(msg, k.Ed.Help):
		return m.help()
	case common.KeyIs(msg, k.Up):
		m.preset = common.WrapAdd(m.preset, -1, len(ps))
	case common.KeyIs(msg, k.Down):
		m.preset = common.WrapAdd(m.preset, 1, len(ps))
	case common.IsEnter(msg):
		p := ps[m.preset%len(ps)]
		m.b.Load(p.Position())
		m.state = editing
		m.status = fmt.Sprintf(m.words().Loaded, m.presetName(p))
	case msg.String() == "esc" || msg.String() == "q":
		m.state = editing
	}
	return nil
}

func (m *Model) presetName(p edit.Preset) string {
	if m.c.Lang == words.Japanese && !m.c.ASCII {
		return p.Japanese
	}
	return p.Name
}

// chooseKey answers the done menu.
func (m *Model) chooseKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys.Ed
	if common.KeyIs(msg, k.Help) {
		return m.help()
	}
	m.state = editing
	pos := m.b.Position()
	switch {
	case common.KeyIs(msg, k.DonePlay):
		if why := m.cannot(true); why != "" {
			m.status, m.isErr = fmt.Sprintf(m.words().CannotPlay, why), true
			return nil
		}
		return func() tea.Msg { return common.ToMenuMsg{NewGame: true, Start: &pos} }
	case common.KeyIs(msg, k.DoneStudy):
		if why := m.cannot(false); why != "" {
			m.status, m.isErr = fmt.Sprintf(m.words().CannotStudy, why), true
			return nil
		}
		rec := m.b.Record()
		name := m.words().NewRecord
		return func() tea.Msg { return common.StudyRecordMsg{Rec: rec, Name: name} }
	case common.KeyIs(msg, k.DoneTsume):
		if why := m.cannot(false); why != "" {
			m.status, m.isErr = fmt.Sprintf(m.words().CannotStudy, why), true
			return nil
		}
		return func() tea.Msg { return common.TsumeMsg{Start: pos} }
	case common.KeyIs(msg, k.Copy), common.KeyIs(msg, k.CopySFEN), common.KeyIs(msg, k.Save):
		return m.command(msg)
	default:
		m.status = m.words().Cancelled
	}
	return nil
}

// cannot says why the position cannot be played (play) or studied and
// solved, or "" when it can: the one start check (game.CheckStart),
// except that a position to study or solve needs no move for the side to
// move.
func (m *Model) cannot(play bool) string {
	pos := m.b.Position()
	var se *game.StartError
	if !errors.As(pos.CheckStart(), &se) || !play && len(se.Warnings) == 0 {
		return ""
	}
	return m.c.Words.StartRefusal(se, m.squareName)
}

// leave goes back where the editor was opened from: the app's stack
// returns to the screen beneath.
func (m *Model) leave() tea.Cmd {
	if m.o.Quit {
		return tea.Quit
	}
	return func() tea.Msg { return common.ToMenuMsg{} }
}

// paste reads a pasted position (an SFEN, a KIF diagram, a record: its
// last position), or passes the text to the file name line.
func (m *Model) paste(msg tea.PasteMsg) {
	switch m.state {
	case saving:
		m.save.Edit(msg)
		return
	case editing:
	default:
		return
	}
	m.status, m.isErr = "", false
	p, err := PastedPosition(msg.Content)
	if err != nil {
		var far *kifu.PasteTooLong
		if errors.As(err, &far) {
			m.status = m.words().PasteFar + ": " + err.Error()
		} else {
			m.status = fmt.Sprintf(m.words().PasteBad, err)
		}
		m.isErr = true
		return
	}
	m.b.Load(p)
	m.status = fmt.Sprintf(m.words().Loaded, "SFEN "+m.b.SFEN())
}

// PastedPosition reads a position as players paste one: an SFEN ("sfen"
// or "position sfen" before it, any moves after it played), a KIF
// diagram, or a whole record of any format, whose main line's last
// position it gives. Any position is taken, even one that cannot arise in
// play: the editor says what is odd about it.
func PastedPosition(text string) (game.Position, error) {
	if len(text) > kifu.MaxPaste {
		return game.Position{}, &kifu.PasteTooLong{Size: len(text), Limit: kifu.MaxPaste}
	}
	f := strings.Fields(text)
	if len(f) >= 2 && f[0] == "position" && f[1] == "sfen" {
		f = f[2:]
	} else if len(f) >= 1 && f[0] == "sfen" {
		f = f[1:]
	}
	if len(f) >= 2 && strings.Count(f[0], "/") == 8 {
		n := min(len(f), 4)
		if n == 4 && f[3] == "moves" {
			n = 3
		}
		p, err := game.ParseSFEN(strings.Join(f[:n], " "))
		if err != nil {
			return p, err
		}
		if rest := f[n:]; len(rest) > 0 && rest[0] == "moves" {
			for _, u := range rest[1:] {
				mv, err := p.ParseUSI(u)
				if err == nil {
					err = p.CheckMove(mv)
				}
				if err != nil {
					return p, fmt.Errorf("%s: %w", u, err)
				}
				p = p.Play(mv)
			}
		}
		return p, nil
	}
	rec, err := kifu.ReadPaste(text)
	if err != nil {
		return game.Position{}, err // a record read in part is no position to set up
	}
	n := rec.Root
	for n.FirstChild() != nil {
		n = n.FirstChild()
	}
	return rec.PositionAt(n), nil
}

// openSave opens the file name line, offering the name the position came
// from or position.kif.
func (m *Model) openSave() {
	name := "position.kif"
	if m.o.Name != "" {
		name = strings.TrimSuffix(filepath.Base(m.o.Name), filepath.Ext(m.o.Name)) + ".kif"
	}
	m.save = components.NewInput(m.words().SavePrompt, name, 0)
	m.state = saving
}

// saveKey edits the file name; enter saves.
func (m *Model) saveKey(msg tea.KeyPressMsg) tea.Cmd {
	ew := m.words()
	switch {
	case msg.String() == "esc":
		m.state, m.status = editing, ew.NotSaved
	case common.IsEnter(msg):
		m.state = editing
		path := m.save.Trimmed()
		switch {
		case path == "":
			m.status, m.isErr = ew.NoName, true
		case kifu.FormatOfPath(path) == kifu.Unknown || kifu.FormatOfPath(path) == kifu.Western:
			m.status, m.isErr = ew.BadExt, true
		default:
			return m.write(path, false)
		}
	default:
		m.save.Edit(msg)
	}
	return nil
}

func (m *Model) overwriteKey(msg tea.KeyPressMsg) tea.Cmd {
	m.state = editing
	if common.KeyIs(msg, m.c.Keys.Yes) {
		return m.write(m.target, true)
	}
	m.status = m.words().NotSaved
	return nil
}

// write saves the position as a record with no moves, off the UI loop;
// an existing file is asked about first unless force.
func (m *Model) write(path string, force bool) tea.Cmd {
	rec := m.b.Record()
	sfen := m.b.SFEN()
	w := m.c.Words
	return func() tea.Msg {
		if _, err := os.Stat(path); err == nil && !force {
			return writtenMsg{path: path, exists: true}
		}
		losses := kifu.Losses(rec, kifu.FormatOfPath(path))
		if err := kifu.WriteFile(path, rec); err != nil {
			return writtenMsg{path: path, err: errors.New(common.SaveFailure(w, path, err))}
		}
		return writtenMsg{path: path, sfen: sfen, losses: losses}
	}
}

// writtenMsg reports a save.
type writtenMsg struct {
	path, sfen string
	exists     bool
	losses     []kifu.Loss
	err        error
}

func (m *Model) written(msg writtenMsg) {
	ew := m.words()
	switch {
	case msg.exists:
		m.state, m.target = overwrite, msg.path
	case msg.err != nil:
		m.status, m.isErr = msg.err.Error(), true
	default:
		m.saved = msg.sfen
		m.o.Name = msg.path
		f := kifu.FormatOfPath(msg.path)
		m.status = fmt.Sprintf(ew.Saved, msg.path, f)
		if len(msg.losses) > 0 {
			m.status += fmt.Sprintf(ew.SavedLoss, f, common.LossText(m.c.Words, msg.losses))
		}
	}
}
