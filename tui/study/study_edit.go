package study

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"shogi/app/words"
	"shogi/game"
	"shogi/game/notation"
	"shogi/kifu"
	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/tui/components/entry"
)

// Editing a record in the study. Every edit goes through the study's
// edit.Editor (undo, redo, the kept copy); the line shown is then brought
// in step with the tree by resync, which rebuilds only from the first ply
// that changed, so an edit deep in a long record costs what it touches.
//
// A move made at any ply — by the board cursor (enter), the mouse, or
// typed in any notation — follows the move the record has there if it is
// the same, and otherwise becomes a new variation (ShogiHome's way).

// ask is a question the study's editing keys wait on.
type ask int

const (
	askNone   ask = iota
	askDelete     // delete the move shown and what follows
	askEnding     // which ending to insert
	askLoss       // the format cannot hold part of the record: save anyway?
	askPaste      // open a pasted record over unsaved edits?
)

// editUI is the study's state for editing: the board cursor and pick,
// the typed line, the question asked, and the forms open in the side
// column.
type editUI struct {
	board    bool // the keyboard is on the board
	cursor   game.Square
	selected game.Square
	drop     game.PieceType
	tray     bool
	trayKind game.PieceType
	targets  components.SquareSet
	promo    *[2]game.Move // asking whether to promote: [0] promotes

	line    *components.LineInput // a typed move or move number
	live    string
	liveErr bool

	ask       ask
	lossPath  string // the file asked about (askLoss)
	lossForce bool   // it is the record's own file: no question on overwriting it
	lossText  string
	pasted    string // the pasted record asked about (askPaste)

	notes *notesArea
	info  *infoForm
	marks *markList
	mark  *markPrompt
}

func (u *editUI) reset() {
	*u = editUI{cursor: game.NoSquare, selected: game.NoSquare, drop: game.NoPieceType, trayKind: game.NoPieceType}
}

func (u *editUI) clearPick() {
	u.selected, u.drop = game.NoSquare, game.NoPieceType
	u.targets = components.SquareSet{}
}

func (s *studyModel) ewords() *words.StudyEditWords { return words.StudyEditWordsFor(s.c.Lang) }

// modified reports whether the record differs from its file: edits, a
// game played on, analysis not yet saved.
func (s *studyModel) modified() bool {
	return s.dirty || s.an.unsaved || s.ed != nil && s.ed.Modified()
}

// editModal handles a key while a form, a line or a question of the
// editing keys has the keyboard; false when none has.
func (s *studyModel) editModal(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	u := &s.ui
	switch {
	case u.notes != nil:
		return s.notesKey(msg), true
	case u.mark != nil:
		s.markKey(msg)
		return nil, true
	case u.info != nil:
		s.infoKey(msg)
		return nil, true
	case u.marks != nil:
		s.marksKey(msg)
		return nil, true
	case u.promo != nil:
		s.promoteKey(msg)
		return nil, true
	case u.ask != askNone:
		return s.answer(msg), true
	case u.line != nil:
		s.lineKey(msg)
		return nil, true
	}
	return nil, false
}

// editKey runs the editing commands and the board's keys; false for a
// key they leave to the study's other commands.
func (s *studyModel) editKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	u := &s.ui
	k := s.c.Keys.SE
	if s.openLine(msg) {
		return nil, true
	}
	if u.board && s.an.preview == nil {
		if s.boardKey(msg) {
			return nil, true
		}
	}
	switch {
	case common.KeyIs(msg, k.Board):
		u.board = true
		if u.cursor == game.NoSquare {
			u.cursor = s.startCursor()
		}
	case common.KeyIs(msg, k.Delete):
		if s.cur == 0 {
			s.refuse(&kifu.EditError{Kind: kifu.RootEdit})
			return nil, true
		}
		u.ask = askDelete
	case common.KeyIs(msg, k.Ending):
		u.ask = askEnding
	case common.KeyIs(msg, k.Promote):
		s.promoteLine()
	case common.KeyIs(msg, k.Up), common.KeyIs(msg, k.Down):
		s.moveVariation(common.KeyIs(msg, k.Down))
	case common.KeyIs(msg, k.Comment):
		s.openNotes()
	case common.KeyIs(msg, k.Info):
		s.openInfo()
	case common.KeyIs(msg, k.Mark):
		s.openMark(s.node())
	case common.KeyIs(msg, k.Marks):
		s.openMarks()
	case common.KeyIs(msg, k.Undo):
		s.undo(false)
	case common.KeyIs(msg, k.Redo):
		s.undo(true)
	case common.KeyIs(msg, k.Save):
		return s.save(), true
	case common.KeyIs(msg, k.EditPosition):
		pos := *s.Position()
		pos.SetMoveNumber(1) // the start of a new record
		return func() tea.Msg { return common.EditPositionMsg{Start: pos} }, true
	default:
		return nil, false
	}
	return nil, true
}

// refuse says why an edit was refused.
func (s *studyModel) refuse(err error) {
	var ee *kifu.EditError
	if errors.As(err, &ee) {
		s.say(common.EditRefusal(s.c.Words, s.ewords(), ee), true)
		return
	}
	s.say(err.Error(), true)
}

// resync brings the line shown in step with the tree after an edit whose
// node to show is focus: the line keeps every ply that is still in the
// tree and on the way to focus, and is rebuilt from the first that is
// not (along the path to focus, then its main continuation).
func (s *studyModel) resync(focus *kifu.Node) {
	l := s.line
	var path []*kifu.Node
	if focus != nil {
		path = focus.Path()
	}
	k := 1
	for ; k < len(l.nodes); k++ {
		n := l.nodes[k]
		if k <= len(path) {
			if n != path[k-1] {
				break
			}
			continue
		}
		if n.Parent != l.nodes[k-1] || n.Index() < 0 {
			break
		}
	}
	switch {
	case k <= len(path):
		s.rebuildPath(k, path)
	case k < len(l.nodes):
		s.rebuild(k, firstChild(l.nodes[k-1]))
	default:
		l.from = s.lineFrom()
	}
}

// afterEdit shows focus after an edit, and refreshes the header panel
// when the edit may have changed how the main line ends.
func (s *studyModel) afterEdit(focus *kifu.Node, mainChanged bool) {
	s.resync(focus)
	if focus != nil {
		s.goTo(focus.Ply)
	} else {
		s.goTo(s.cur)
	}
	if mainChanged {
		s.headers = s.headerLines()
	}
	s.noteTop = 0
}

// onMain reports whether n is on the record's main line.
func onMain(n *kifu.Node) bool {
	for ; n != nil && n.Parent != nil; n = n.Parent {
		if n.Parent.FirstChild() != n {
			return false
		}
	}
	return true
}

// foulBefore reports whether the line holds an illegal move the record
// kept at or before the ply shown: no move can follow it.
func (s *studyModel) foulBefore() (int, bool) {
	for i := 1; i <= s.cur; i++ {
		if !s.line.legal[i] {
			return i, true
		}
	}
	return 0, false
}

// playMove makes mv in the position shown: the record's move there if it
// is the same, else a new variation.
func (s *studyModel) playMove(mv game.Move) {
	u := &s.ui
	u.clearPick()
	u.promo = nil
	ew := s.ewords()
	if ply, foul := s.foulBefore(); foul {
		s.refuse(&kifu.EditError{Kind: kifu.AfterFoul, Ply: ply})
		return
	}
	at := s.node()
	existed := false
	for c := range at.Children() {
		existed = existed || c.IsMove() && c.Move.SameAs(mv)
	}
	n, err := s.ed.PlayFrom(at, s.Position(), mv)
	if err != nil {
		s.refuse(err)
		return
	}
	s.afterEdit(n, !existed && onMain(n))
	switch {
	case existed:
		s.say(fmt.Sprintf(ew.Followed, n.Ply), false)
	case n.Index() > 0:
		s.say(fmt.Sprintf(ew.NewVariation, n.Ply), false)
	default:
		s.say(fmt.Sprintf(ew.NewMove, n.Ply), false)
	}
	s.keptNote()
}

// keptNote adds to the message when the kept copy could not be written.
func (s *studyModel) keptNote() {
	if err := s.ed.KeepError(); err != nil {
		s.say(fmt.Sprintf(s.ewords().KeepFailed, err), true)
	}
}

// answer takes the key that answers the question asked.
func (s *studyModel) answer(msg tea.KeyPressMsg) tea.Cmd {
	u := &s.ui
	ew := s.ewords()
	q := u.ask
	u.ask = askNone
	yes := common.KeyIs(msg, s.c.Keys.Yes)
	switch q {
	case askDelete:
		if !yes {
			s.say(ew.NotDeleted, false)
			return nil
		}
		n := s.node()
		main := onMain(n)
		parent, err := s.ed.Delete(n)
		if err != nil {
			s.refuse(err)
			return nil
		}
		s.afterEdit(parent, main)
		s.say(fmt.Sprintf(ew.Deleted, n.Ply), false)
		s.keptNote()
	case askEnding:
		t := common.Printable(msg)
		i := -1
		if len(t) == 1 && t[0] >= '1' && t[0] <= '9' {
			i = int(t[0] - '1')
		}
		if i < 0 || i >= len(common.StudyEndings) {
			return nil
		}
		if err := s.rec.CheckEnding(s.node(), common.StudyEndings[i]); err != nil {
			s.refuse(err)
			return nil
		}
		n, err := s.ed.End(s.node(), common.StudyEndings[i])
		if err != nil {
			s.refuse(err)
			return nil
		}
		s.afterEdit(n, onMain(n))
		s.say(fmt.Sprintf(ew.EndingAdded, ew.EndingNames[i]), false)
		s.keptNote()
	case askLoss:
		if !yes {
			s.say(s.words().NotSaved, false)
			return nil
		}
		return s.export(u.lossPath, u.lossForce)
	case askPaste:
		text := u.pasted
		u.pasted = ""
		if yes {
			return PastedRecordCmd(s.c, text)
		}
	}
	return nil
}

// paste takes a terminal's bracketed paste: into the line or form being
// typed in; otherwise a move goes into the move line, and anything else
// is read as a whole record, which opens in the study (asking first when
// this record has unsaved edits, which stay kept).
func (s *studyModel) paste(text string) tea.Cmd {
	u := &s.ui
	switch {
	case s.prompt != nil && s.prompt.confirm == "":
		s.prompt.input.Edit(tea.PasteMsg{Content: text})
	case u.notes != nil:
		s.notesPaste(text)
	case u.mark != nil:
		u.mark.in.Edit(tea.PasteMsg{Content: oneLine(text)})
	case u.info != nil && u.info.edit != nil:
		u.info.edit.Edit(tea.PasteMsg{Content: oneLine(text)})
	case u.line != nil:
		u.line.Edit(tea.PasteMsg{Content: oneLine(text)})
		s.liveCheck()
	case s.rec == nil || s.prompt != nil || s.choosing || s.leaving || u.info != nil || u.marks != nil || u.promo != nil || u.ask != askNone:
	case s.pastedMove(text):
	case s.modified():
		u.ask, u.pasted = askPaste, text
	default:
		return PastedRecordCmd(s.c, text)
	}
	return nil
}

// oneLine makes pasted text one line for a one-line field.
func oneLine(text string) string { return strings.Join(strings.Fields(text), " ") }

// pastedMove puts a pasted move (a short text the position reads as a
// move) into the move line, and reports whether it did.
func (s *studyModel) pastedMove(text string) bool {
	t := strings.TrimSpace(text)
	if t == "" || len(t) > 40 || strings.ContainsAny(t, "\r\n") {
		return false
	}
	if _, err := notation.ParseAny(s.Position(), t, s.prevMove()); err != nil {
		if _, ok := entry.PromotionChoice(err); !ok {
			return false
		}
	}
	in := components.NewInput(s.ewords().LinePrompt, t, 0)
	s.ui.line = &in
	s.liveCheck()
	return true
}

// promoteLine makes the line shown the main line.
func (s *studyModel) promoteLine() {
	last := s.line.nodes[s.last()]
	if s.line.from == 0 {
		s.say(s.words().OnMain, false)
		return
	}
	if err := s.ed.PromoteToMain(last); err != nil {
		s.refuse(err)
		return
	}
	s.afterEdit(s.node(), true)
	s.say(s.ewords().Promoted, false)
	s.keptNote()
}

// moveVariation moves the alternative at the branch point one place down
// (or up) among its siblings.
func (s *studyModel) moveVariation(down bool) {
	k := s.branchPoint()
	if k < 0 {
		s.say(s.words().NoVariation, false)
		return
	}
	n := s.line.nodes[k]
	var err error
	if down {
		err = s.ed.MoveDown(n)
	} else {
		err = s.ed.MoveUp(n)
	}
	if err != nil {
		s.refuse(err)
		return
	}
	s.afterEdit(s.node(), onMain(n.Parent))
	if down {
		s.say(s.ewords().MovedDown, false)
	} else {
		s.say(s.ewords().MovedUp, false)
	}
	s.keptNote()
}

// undo takes back the last edit (or makes it again) and shows where it
// was.
func (s *studyModel) undo(redo bool) {
	ew := s.ewords()
	var focus *kifu.Node
	var ok bool
	if redo {
		focus, ok = s.ed.Redo()
	} else {
		focus, ok = s.ed.Undo()
	}
	switch {
	case !ok && redo:
		s.say(ew.NoRedo, false)
		return
	case !ok:
		s.say(ew.NoUndo, false)
		return
	}
	if focus == nil {
		// A header or the start's name: the line is as it was.
		s.afterEdit(nil, true)
	} else {
		s.afterEdit(focus, true)
	}
	if redo {
		s.say(ew.Redone, false)
	} else {
		s.say(ew.Undone, false)
	}
	s.keptNote()
}

// startsTyped reports whether a key opens the move line by itself: a
// digit (a move number or a move), a capital that starts a move and is no
// study command (P L N S R K D), ▲△☗☖, or a Japanese character.
func startsTyped(text string) bool { return entry.StartsMoveWith(text, "PLNSRKD▲△☗☖") }

// openLine opens the move line on ":" or a key that starts a move or a
// move number; false for any other key.
func (s *studyModel) openLine(msg tea.KeyPressMsg) bool {
	t := common.Printable(msg)
	switch {
	case common.KeyIs(msg, s.c.Keys.SE.Type):
		t = ""
	case !startsTyped(t):
		return false
	}
	in := components.NewInput(s.ewords().LinePrompt, t, 0)
	s.ui.line = &in
	s.ui.clearPick()
	s.liveCheck()
	return true
}

// lineKey edits the move line: every printable key goes into it; enter
// goes to the move number or plays the move, esc drops it, and
// backspace on an empty line closes it.
func (s *studyModel) lineKey(msg tea.KeyPressMsg) {
	u := &s.ui
	switch {
	case msg.String() == "esc":
		u.line = nil
		return
	case common.IsEnter(msg):
		s.submitLine()
		return
	case msg.String() == "backspace" && u.line.Value() == "":
		u.line = nil
		return
	}
	if !u.line.Edit(msg) {
		return
	}
	if u.line.Value() == "" && msg.String() == "backspace" {
		u.line = nil
		return
	}
	s.liveCheck()
}

// moveNumber reads the line as a move number (ASCII or full-width
// digits), or false.
func moveNumber(text string) (int, bool) {
	if text == "" {
		return 0, false
	}
	var b strings.Builder
	for _, r := range text {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r >= '０' && r <= '９':
			b.WriteRune('0' + r - '０')
		default:
			return 0, false
		}
	}
	n, err := strconv.Atoi(b.String())
	if err != nil {
		return int(^uint(0) >> 1), true // beyond any record: the end
	}
	return n, true
}

// prevMove is the move shown, for a typed 同 (same square).
func (s *studyModel) prevMove() game.Move {
	if n := s.node(); n.IsMove() && s.line.legal[s.cur] {
		return n.Move
	}
	return game.NoMove
}

// liveCheck says, as the line is typed, what it reads as.
func (s *studyModel) liveCheck() {
	u := &s.ui
	ew := s.ewords()
	w := s.c.Words
	text := u.line.Trimmed()
	u.liveErr = false
	if text == "" {
		u.live = w.TypeHint
		return
	}
	if n, ok := moveNumber(text); ok {
		u.live = fmt.Sprintf(ew.JumpTo, min(n, s.moves()))
		return
	}
	pos := s.Position()
	mv, err := notation.ParseAny(pos, text, s.prevMove())
	switch {
	case err == nil:
		u.live = "= " + notation.Format(pos, mv, s.c.Notation, s.prevMove())
	case notation.CheckSyntax(text) == notation.SyntaxPartial:
		u.live = w.Partial
	default:
		if a, ok := entry.PromotionChoice(err); ok {
			u.live = fmt.Sprintf(w.ReadsAs, notation.Format(pos, a[0], s.c.Notation, s.prevMove()), notation.Format(pos, a[1], s.c.Notation, s.prevMove()))
			return
		}
		u.live, u.liveErr = entry.ExplainMove(w, text, err), true
	}
}

// submitLine goes to the typed move number, or plays the typed move.
func (s *studyModel) submitLine() {
	u := &s.ui
	text := u.line.Trimmed()
	if n, ok := moveNumber(text); ok || text == "" {
		u.line = nil
		if ok {
			s.goTo(n)
		}
		return
	}
	pos := s.Position()
	mv, err := notation.ParseAny(pos, text, s.prevMove())
	if pair, ok := entry.PromotionChoice(err); ok {
		u.line = nil
		u.promo = &pair
		return
	}
	if err != nil {
		s.say(entry.ExplainMove(s.c.Words, text, err), true)
		u.live, u.liveErr = s.message, true
		return
	}
	u.line = nil
	s.playMove(mv)
}

// promoteKey answers the promotion question.
func (s *studyModel) promoteKey(msg tea.KeyPressMsg) {
	u := &s.ui
	pair := *u.promo
	switch {
	case common.KeyIs(msg, s.c.Keys.Yes):
		s.playMove(pair[0])
	case common.KeyIs(msg, s.c.Keys.No):
		s.playMove(pair[1])
	case msg.String() == "esc":
		u.promo = nil
		u.clearPick()
	}
}

// startCursor is where the board cursor starts: on the last move's
// square, else in the middle of the side to move's camp.
func (s *studyModel) startCursor() game.Square {
	if mv := s.prevMove(); mv != game.NoMove {
		return mv.To()
	}
	if s.Position().SideToMove() == game.White {
		return game.NewSquare(5, 3)
	}
	return game.NewSquare(5, 7)
}

// boardKey handles the board's keys while it has the keyboard: the
// cursor, enter to pick and move, tab for the hand, esc to let go.
func (s *studyModel) boardKey(msg tea.KeyPressMsg) bool {
	u := &s.ui
	k := s.c.Keys
	dx, dy := 0, 0
	switch {
	case common.KeyIs(msg, k.Up):
		dy = -1
	case common.KeyIs(msg, k.Down):
		dy = 1
	case common.KeyIs(msg, k.Left):
		dx = -1
	case common.KeyIs(msg, k.Right):
		dx = 1
	case common.IsEnter(msg):
		if u.tray {
			s.pickDrop(u.trayKind)
			u.tray = false
			return true
		}
		s.selectSquare(u.cursor)
		return true
	case common.KeyIs(msg, k.Tray):
		s.toggleTray()
		return true
	case msg.String() == "esc":
		switch {
		case u.tray:
			u.tray = false
		case u.selected != game.NoSquare || u.drop != game.NoPieceType:
			u.clearPick()
		default:
			u.board = false
			s.message = ""
		}
		return true
	default:
		return false
	}
	if u.tray {
		s.cycleTray(dx + dy)
		return true
	}
	if s.flip {
		dx, dy = -dx, -dy
	}
	f, r := u.cursor.File()-dx, u.cursor.Rank()+dy
	if f >= 1 && f <= 9 && r >= 1 && r <= 9 {
		u.cursor = game.NewSquare(f, r)
	}
	return true
}

// handKinds lists the kinds the side to move holds, rook first.
func (s *studyModel) handKinds() []game.PieceType {
	pos := s.Position()
	var out []game.PieceType
	for _, t := range game.HandTypes {
		if pos.Hand(pos.SideToMove(), t) > 0 {
			out = append(out, t)
		}
	}
	return out
}

func (s *studyModel) toggleTray() {
	u := &s.ui
	if u.tray {
		u.tray = false
		return
	}
	kinds := s.handKinds()
	if len(kinds) == 0 {
		s.say(s.c.Words.HandEmpty, true)
		return
	}
	u.clearPick()
	u.tray, u.trayKind = true, kinds[0]
}

func (s *studyModel) cycleTray(d int) {
	kinds := s.handKinds()
	for i, t := range kinds {
		if t == s.ui.trayKind {
			s.ui.trayKind = kinds[common.WrapAdd(i, d, len(kinds))]
			return
		}
	}
}

// pickDrop picks a kind in hand: its legal drops become the targets.
func (s *studyModel) pickDrop(t game.PieceType) {
	u := &s.ui
	u.clearPick()
	u.drop = t
	for _, mv := range s.Position().LegalMoves(nil) {
		if mv.IsDrop() && mv.Piece().Type() == t {
			u.targets[mv.To()] = true
		}
	}
	if u.cursor == game.NoSquare {
		u.cursor = s.startCursor()
	}
}

// selectSquare picks the piece on sq, or moves the picked piece (or
// drops the picked kind) there.
func (s *studyModel) selectSquare(sq game.Square) {
	u := &s.ui
	w := s.c.Words
	pos := s.Position()
	side := pos.SideToMove()
	if u.drop != game.NoPieceType {
		mv := game.NewDrop(game.NewPiece(side, u.drop), sq)
		if err := pos.CheckMove(mv); err != nil {
			s.say(entry.ExplainMove(w, mv.USI(), err), true)
			return
		}
		s.playMove(mv)
		return
	}
	if u.selected != game.NoSquare {
		if sq == u.selected {
			u.clearPick()
			return
		}
		if u.targets[sq] {
			s.moveTo(sq)
			return
		}
		if pc := pos.At(sq); pc == game.NoPiece || pc.Color() != side {
			mv := pos.NewMove(u.selected, sq, false)
			s.say(entry.ExplainMove(w, mv.USI(), pos.CheckMove(mv)), true)
			return
		}
	}
	pc := pos.At(sq)
	if pc == game.NoPiece || pc.Color() != side {
		s.say(fmt.Sprintf(w.PickOwn, w.SideName(side)), true)
		return
	}
	u.clearPick()
	n := 0
	for _, mv := range pos.LegalMoves(nil) {
		if !mv.IsDrop() && mv.From() == sq {
			u.targets[mv.To()] = true
			n++
		}
	}
	if n == 0 {
		s.say(fmt.Sprintf(w.NoLegal, components.SquareName(sq, s.c.Pieces)), true)
		return
	}
	u.selected = sq
}

// moveTo moves the picked piece to sq, asking about promotion when the
// rules leave it open.
func (s *studyModel) moveTo(sq game.Square) {
	u := &s.ui
	with, without := common.BoardMoves(s.Position(), u.selected, sq)
	switch {
	case with != game.NoMove && without != game.NoMove:
		u.promo = &[2]game.Move{with, without}
	case with != game.NoMove:
		s.playMove(with)
	default:
		s.playMove(without)
	}
}

// boardClick: a click on a square is the cursor moved there and enter; a
// click on a kind in the side to move's hand picks it for a drop. It
// reports whether the click was on the board or a hand.
func (s *studyModel) boardClick(mo tea.Mouse) bool {
	u := &s.ui
	l := s.Layout()
	if l.Board.Contains(mo.X, mo.Y) {
		if sq := l.Geom.SquareAt(mo.X-l.Board.X, mo.Y-l.Board.Y, s.flip); sq != game.NoSquare {
			u.board, u.tray, u.cursor = true, false, sq
			s.selectSquare(sq)
		}
		return true
	}
	pos := s.Position()
	side := pos.SideToMove()
	r := l.Hands[s.handPlace(side)]
	if !r.Contains(mo.X, mo.Y) {
		return false
	}
	_, spans := s.hand(pos, side, l)
	for _, sp := range spans {
		if mo.Y-r.Y == sp.Row && mo.X-r.X >= sp.Start && mo.X-r.X < sp.End {
			u.board = true
			s.pickDrop(sp.T)
		}
	}
	return true
}
