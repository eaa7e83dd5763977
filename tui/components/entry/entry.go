package entry

import (
	"fmt"
	"shogi/tui/common"
	"shogi/tui/components"
	"strings"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/notation"
)

// Entry is a person's way of making a move on a board that is not a
// game's: the cursor, the piece picked and where it may go, the hand
// tray, the typed move line with what the text reads as, and the
// promotion question — the play screen's ways, for screens that judge
// the move themselves (the tsume screen, the next-move quizzes). The
// screen owns the position and says whether a move may be made now;
// Entry reads each key or click against it and hands back the move the
// person chose, which the screen then plays or refuses.
type Entry struct {
	Cursor   game.Square
	Selected game.Square    // the picked board piece, or NoSquare
	Drop     game.PieceType // the picked hand piece, or NoPieceType
	Tray     bool           // the keyboard is in the mover's hand
	TrayKind game.PieceType
	Targets  components.SquareSet

	Promoting bool         // asking whether to promote
	Pending   [2]game.Move // the question's moves: [0] promotes, [1] does not

	Typing  bool // the move line is open
	Input   components.LineInput
	Live    string // what the typed text reads as
	LiveErr bool
	// refused: the move line holds a move just refused; the next typed
	// character starts a new move instead of going on the end of it.
	refused bool
}

// At is what an entry reads a key against: the position the person
// moves in, the move before it (for 同 and the notations that name it),
// which way up the board is drawn, and why no move may be made now (""
// when one may).
type At struct {
	Pos  *game.Position
	Last game.Move
	Flip bool
	Why  string
	// Note goes before what a typed move reads as (a premove says so).
	Note string
}

// Chosen is what a key or a click did.
type Chosen struct {
	Move    game.Move // the move the person chose; NoMove while none is
	Err     string    // why the key did nothing, for the status line
	Handled bool      // the entry took the key; otherwise it is the screen's
}

// New is an entry with the cursor on sq and nothing picked.
func New(sq game.Square) Entry {
	return Entry{Cursor: sq, Selected: game.NoSquare, Drop: game.NoPieceType}
}

// Clear drops the pick, the tray, the typed line and the question: the
// position changed under them.
func (e *Entry) Clear() {
	e.ClearPick()
	e.Promoting = false
	e.Close()
}

// ClearPick drops the picked piece and the tray.
func (e *Entry) ClearPick() {
	e.Selected, e.Drop, e.Tray = game.NoSquare, game.NoPieceType, false
	e.Targets = components.SquareSet{}
}

// Picking reports whether a piece is picked or the keyboard is in the
// hand: esc then undoes that rather than the screen's own esc.
func (e *Entry) Picking() bool {
	return e.Selected != game.NoSquare || e.Drop != game.NoPieceType || e.Tray
}

// Key takes one key press. Keys that are not the entry's (a screen's
// letter commands, esc with nothing picked) come back not Handled.
func (e *Entry) Key(c *common.Common, at At, msg tea.KeyPressMsg) Chosen {
	k := c.Keys
	switch {
	case e.Promoting:
		return e.PromoteKey(c, msg)
	case e.Typing:
		return e.TypeKey(c, at, msg)
	}
	text := common.Printable(msg)
	switch {
	case common.KeyIs(msg, k.Up):
		e.MoveCursor(at, 0, -1)
	case common.KeyIs(msg, k.Down):
		e.MoveCursor(at, 0, 1)
	case common.KeyIs(msg, k.Left):
		e.MoveCursor(at, -1, 0)
	case common.KeyIs(msg, k.Right):
		e.MoveCursor(at, 1, 0)
	case common.IsEnter(msg):
		if e.Tray {
			return e.pickDrop(at, e.TrayKind)
		}
		return e.Square(c, at, e.Cursor)
	case common.KeyIs(msg, k.Cancel) && e.Picking():
		e.ClearPick()
	case common.KeyIs(msg, k.Tray):
		return e.ToggleTray(c, at)
	case common.KeyIs(msg, k.Type):
		e.Open(c, at, "")
	case StartsMove(text):
		e.Open(c, at, text)
	default:
		return Chosen{}
	}
	return Chosen{Handled: true}
}

// Paste takes pasted text as a move being typed.
func (e *Entry) Paste(c *common.Common, at At, text string) {
	line := strings.Join(strings.Fields(text), " ")
	if line == "" {
		return
	}
	if !e.Typing {
		e.Open(c, at, "")
	}
	e.Input.Edit(tea.PasteMsg{Content: line})
	e.liveCheck(c, at)
}

// PromoteKey answers the promotion question: yes (or enter) chooses
// Pending[0], no Pending[1], cancel puts the piece back.
func (e *Entry) PromoteKey(c *common.Common, msg tea.KeyPressMsg) Chosen {
	k := c.Keys
	switch {
	case common.KeyIs(msg, k.Yes), common.IsEnter(msg):
		e.Promoting = false
		return Chosen{Move: e.Pending[0], Handled: true}
	case common.KeyIs(msg, k.No):
		e.Promoting = false
		return Chosen{Move: e.Pending[1], Handled: true}
	case common.KeyIs(msg, k.Cancel):
		e.Promoting = false
		e.ClearPick()
	}
	return Chosen{Handled: true}
}

// moveCursor moves the cursor (or the tray's highlight) by screen
// direction.
func (e *Entry) MoveCursor(at At, dx, dy int) {
	if e.Tray {
		kinds := handKinds(at.Pos)
		for i, t := range kinds {
			if t == e.TrayKind {
				e.TrayKind = kinds[(i+dx+dy+len(kinds))%len(kinds)]
				break
			}
		}
		return
	}
	if e.Cursor == game.NoSquare {
		e.Cursor = game.NewSquare(5, 5)
	}
	if at.Flip {
		dx, dy = -dx, -dy
	}
	f := e.Cursor.File() - dx // files count right to left
	r := e.Cursor.Rank() + dy
	if f >= 1 && f <= 9 && r >= 1 && r <= 9 {
		e.Cursor = game.NewSquare(f, r)
	}
}

// handKinds lists the kinds the side to move holds, rook first.
func handKinds(pos *game.Position) []game.PieceType {
	var out []game.PieceType
	for _, t := range game.HandTypes {
		if pos.Hand(pos.SideToMove(), t) > 0 {
			out = append(out, t)
		}
	}
	return out
}

func (e *Entry) ToggleTray(c *common.Common, at At) Chosen {
	if e.Tray {
		e.Tray = false
		return Chosen{Handled: true}
	}
	if at.Why != "" {
		return Chosen{Err: at.Why, Handled: true}
	}
	kinds := handKinds(at.Pos)
	if len(kinds) == 0 {
		return Chosen{Err: c.Words.HandEmpty, Handled: true}
	}
	e.ClearPick()
	e.Tray, e.TrayKind = true, kinds[0]
	return Chosen{Handled: true}
}

// PickDrop picks kind t from the mover's hand (a click on it): its
// legal drops become the targets.
func (e *Entry) PickDrop(at At, t game.PieceType) Chosen { return e.pickDrop(at, t) }

func (e *Entry) pickDrop(at At, t game.PieceType) Chosen {
	if at.Why != "" {
		return Chosen{Err: at.Why, Handled: true}
	}
	e.ClearPick()
	e.Drop = t
	for _, mv := range at.Pos.LegalMoves(nil) {
		if mv.IsDrop() && mv.Piece().Type() == t {
			e.Targets[mv.To()] = true
		}
	}
	if e.Cursor == game.NoSquare {
		e.Cursor = game.NewSquare(5, 5)
	}
	return Chosen{Handled: true}
}

// Square is enter on sq, or a click on it: pick the piece there, or move
// the picked piece (or drop the picked kind) there.
func (e *Entry) Square(c *common.Common, at At, sq game.Square) Chosen {
	if at.Why != "" {
		return Chosen{Err: at.Why, Handled: true}
	}
	w := c.Words
	pos := at.Pos
	side := pos.SideToMove()
	if e.Drop != game.NoPieceType {
		mv := game.NewDrop(game.NewPiece(side, e.Drop), sq)
		if err := pos.CheckMove(mv); err != nil {
			return Chosen{Err: ExplainMove(w, mv.USI(), err), Handled: true}
		}
		return Chosen{Move: mv, Handled: true}
	}
	if e.Selected != game.NoSquare {
		if sq == e.Selected {
			e.ClearPick()
			return Chosen{Handled: true}
		}
		if e.Targets[sq] {
			return e.moveTo(pos, sq)
		}
		if pc := pos.At(sq); pc == game.NoPiece || pc.Color() != side {
			mv := pos.NewMove(e.Selected, sq, false)
			if err := pos.CheckMove(mv); err != nil {
				return Chosen{Err: ExplainMove(w, mv.USI(), err), Handled: true}
			}
			return Chosen{Handled: true}
		}
	}
	pc := pos.At(sq)
	if pc == game.NoPiece || pc.Color() != side {
		return Chosen{Err: fmt.Sprintf(w.PickOwn, w.SideName(side)), Handled: true}
	}
	e.ClearPick()
	n := 0
	for _, mv := range pos.LegalMoves(nil) {
		if !mv.IsDrop() && mv.From() == sq {
			e.Targets[mv.To()] = true
			n++
		}
	}
	if n == 0 {
		return Chosen{Err: fmt.Sprintf(w.NoLegal, components.SquareName(sq, c.Pieces)), Handled: true}
	}
	e.Selected = sq
	return Chosen{Handled: true}
}

// moveTo moves the picked piece to sq, asking about promotion when the
// rules leave it open.
func (e *Entry) moveTo(pos *game.Position, sq game.Square) Chosen {
	with, without := common.BoardMoves(pos, e.Selected, sq)
	switch {
	case with != game.NoMove && without != game.NoMove:
		e.Pending, e.Promoting = [2]game.Move{with, without}, true
		return Chosen{Handled: true}
	case with != game.NoMove:
		return Chosen{Move: with, Handled: true}
	}
	return Chosen{Move: without, Handled: true}
}

// Open opens the move line holding text.
func (e *Entry) Open(c *common.Common, at At, text string) {
	e.Typing = true
	e.Input = components.NewInput(movePrompt, text, 0)
	e.refused = false
	e.ClearPick()
	e.liveCheck(c, at)
}

// Close closes the move line.
func (e *Entry) Close() {
	e.Typing, e.refused = false, false
	e.Live, e.LiveErr = "", false
}

// Recheck reads the typed text again: the position or whether a move may
// be made changed.
func (e *Entry) Recheck(c *common.Common, at At) {
	if e.Typing {
		e.liveCheck(c, at)
	}
}

// typeKey edits the move line: every printable key goes into it, and
// the cursor and editing keys (←/→, home/end, ctrl+a/e/u/w) work within
// it.
func (e *Entry) TypeKey(c *common.Common, at At, msg tea.KeyPressMsg) Chosen {
	switch {
	case common.KeyIs(msg, c.Keys.Cancel):
		e.Close()
		return Chosen{Handled: true}
	case common.IsEnter(msg):
		return e.submit(c, at)
	case msg.String() == "backspace" && e.Input.Value() == "":
		e.Close()
		return Chosen{Handled: true}
	}
	if e.refused && common.Printable(msg) != "" {
		// A new move after a refused one: typed afresh, not onto it
		// (backspace and the arrows still edit the refused text).
		e.Input = components.NewInput(movePrompt, "", 0)
	}
	e.refused = false
	if e.Input.Edit(msg) {
		if e.Input.Value() == "" && msg.String() == "backspace" {
			e.Close() // backspace took the last character: the line closes, as it opened
			return Chosen{Handled: true}
		}
		e.liveCheck(c, at)
	}
	return Chosen{Handled: true}
}

// liveCheck says, as the move is typed, what it reads as.
func (e *Entry) liveCheck(c *common.Common, at At) {
	w := c.Words
	text := e.Input.Trimmed()
	e.LiveErr = false
	switch {
	case text == "":
		e.Live = w.TypeHint
		return
	case at.Why != "":
		e.Live, e.LiveErr = at.Why, true
		return
	}
	mv, err := notation.ParseAny(at.Pos, text, at.Last)
	if err == nil {
		e.Live = "= " + notation.Format(at.Pos, mv, c.Notation, at.Last)
		if at.Note != "" {
			e.Live = "= " + at.Note + " " + notation.Format(at.Pos, mv, c.Notation, at.Last)
		}
		if c.Notation != notation.USI {
			e.Live += " (" + mv.USI() + ")"
		}
		return
	}
	if a, ok := PromotionChoice(err); ok {
		e.Live = fmt.Sprintf(w.ReadsAs, notation.Format(at.Pos, a[0], c.Notation, at.Last), notation.Format(at.Pos, a[1], c.Notation, at.Last))
		return
	}
	e.LiveErr = true
	switch notation.CheckSyntax(text) {
	case notation.SyntaxPartial:
		e.Live, e.LiveErr = w.Partial, false
	case notation.SyntaxInvalid:
		e.Live = w.NotAMove
	default:
		e.Live = ExplainMove(w, text, err)
	}
}

// submit reads the typed move; a text that left promotion open asks.
func (e *Entry) submit(c *common.Common, at At) Chosen {
	text := e.Input.Trimmed()
	if text == "" {
		e.Close()
		return Chosen{Handled: true}
	}
	if at.Why != "" {
		e.refused = true
		return Chosen{Err: at.Why, Handled: true}
	}
	mv, err := notation.ParseAny(at.Pos, text, at.Last)
	if pair, ok := PromotionChoice(err); ok {
		e.Pending, e.Promoting = pair, true
		e.Close()
		return Chosen{Handled: true}
	}
	if err != nil {
		why := ExplainMove(c.Words, text, err)
		e.Live, e.LiveErr = why, true // beside the line until it is edited
		e.refused = true
		return Chosen{Err: why, Handled: true}
	}
	e.Close()
	return Chosen{Move: mv, Handled: true}
}

// Board marks the entry on a board's options: the cursor (unless hidden),
// the picked piece and its targets.
func (e *Entry) Board(o *components.BoardOpts, cursor bool) {
	if cursor && !e.Typing && !e.Tray {
		o.Cursor = e.Cursor
	}
	o.Selected = e.Selected
	if e.Selected != game.NoSquare || e.Drop != game.NoPieceType {
		o.Targets = &e.Targets
	}
}

// Hand marks the entry on the mover's hand options.
func (e *Entry) Hand(o *components.HandOpts) {
	if e.Tray {
		o.Cursor = e.TrayKind
	}
	o.Picked = e.Drop
}

// Prompt is the entry's line under the board when it has one: the
// promotion question or the typed move with what it reads as; ok is
// false when the screen's own line goes there. x is the terminal
// cursor's column (-1: hidden).
func (e *Entry) Prompt(c *common.Common, width int) (line string, x int, ok bool) {
	st := c.Styles
	switch {
	case e.Promoting:
		return components.Question(st, c.Measure, c.Words.AskPromote, c.Words.KeysPromote, width), -1, true
	case e.Typing:
		text, tw, x := e.Input.Render(width/2, c.Measure)
		live := e.Live
		if st != nil {
			if e.LiveErr {
				live = st.Err.Render(live)
			} else {
				live = st.Dim.Render(live)
			}
		}
		return c.Measure.Fit(text+strings.Repeat(" ", max(1, width/2-tw))+live, width), x, true
	}
	return "", -1, false
}

// Where is the cursor's part of the screen's own prompt: the square it
// is on (or the kind in the tray) and what enter does there.
func (e *Entry) Where(c *common.Common) string {
	w := c.Words
	at := func(s string) string {
		s = "[" + s + "] "
		if c.Styles != nil {
			return c.Styles.Accent.Render(s)
		}
		return s
	}
	switch {
	case e.Tray:
		return at(components.GlyphOnly(e.TrayKind, c.Pieces)) + w.HintTray
	case e.Selected != game.NoSquare || e.Drop != game.NoPieceType:
		return at(components.SquareName(e.Cursor, c.Pieces)) + w.HintPicked
	}
	return at(components.SquareName(e.Cursor, c.Pieces))
}
