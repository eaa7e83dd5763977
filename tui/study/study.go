package study

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"shogi/app/players"
	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/tui/components/explorer"

	tea "charm.land/bubbletea/v2"

	"shogi/assets"
	"shogi/game"
	"shogi/game/match"
	"shogi/game/notation"
	"shogi/kifu"
	"shogi/kifu/edit"
)

// studyLine is the line being walked, from the root to the end of the
// chosen continuation, with the position after each node and each move's
// text in the current notation. It is built once per branch choice, so a
// step is an index change and never a replay from the start.
type studyLine struct {
	nodes  []*kifu.Node    // nodes[i].Ply == i; nodes[0] is the root; an ending node may come last
	pos    []game.Position // pos[i] is the position after nodes[i]
	text   []string        // text[i] is nodes[i] written in the notation (開始局面 or "start" for the root)
	legal  []bool          // legal[i] is false for a foul the record kept (the position stays put)
	maxW   int             // the widest text, for the move list's columns
	widths []int           // widths[i] is the width of text[i] with its mark
	from   int             // the first ply that leaves the main line, 0 on the main line
	style  notation.Style  // the notation text is written in
	m      common.Measure  // how maxW was measured
	lang   words.Lang      // the language of the start and ending words
	// memo keeps every node's position, text and legality once worked out,
	// so a line that comes back (the main line after an undo, a variation
	// switched back to) is not replayed; retext empties it.
	memo map[*kifu.Node]lineEntry
}

// lineEntry is what the line holds for one node.
type lineEntry struct {
	pos   game.Position
	text  string
	legal bool
}

// studyModel walks a record move by move.
type studyModel struct {
	c           *common.Common
	flip        bool
	quitOnLeave bool // opened from the command line: leaving quits

	name    string       // the file as the user named it ("stdin" for -)
	rec     *kifu.Record // nil when the record could not be read at all
	loadErr error        // why reading failed or stopped early
	line    *studyLine
	cur     int // the ply shown: an index into line.nodes
	noteTop int // the first line of the comment area shown (scrolled with j/k)
	noteAt  int // the ply noteTop belongs to: another ply starts at the top

	prompt     *studyPrompt
	lastExport string // the name last typed into the prompt
	message    string // one-line feedback (export done, no variation here …)
	isError    bool   // message is a failure
	choosing   bool   // asking whom to play against from here
	leaving    bool   // asking whether to leave with unsaved moves

	headers   []string // the header panel, built once: the result needs a replay
	hdrPieces common.PieceStyle
	hdrLang   words.Lang
	dirty     bool // the record has moves the file does not (a played branch)
	unnamed   bool // a game just played, not saved: name is a description

	an *studyAnalysis  // engines: the live analysis, the record's analysis
	bk studyBook       // the book panel
	ex *explorer.Model // the explorer panel (the games database)

	// ed makes every edit of the record, with undo, redo and the kept
	// copy; nil when there is no record.
	ed *edit.Editor
	ui editUI // the editing keys' state: the board cursor, the typed line, the open forms
}

// studyPrompt is the one-line input for the export file name, and the
// overwrite question that may follow it.
type studyPrompt struct {
	input   components.LineInput
	confirm string // the path waiting for a yes/no on overwriting
}

// newStudy opens rec for study at its start. err is what reading said: a
// record that broke off comes with the error and is shown up to the break.
func newStudy(c *common.Common, rec *kifu.Record, name string, err error) *studyModel {
	s := &studyModel{c: c, name: name, rec: rec, loadErr: err, an: newStudyAnalysis(c.StudyEngines()), ex: newExplorer(c)}
	s.ui.reset()
	if rec != nil {
		s.ed = edit.New(rec, edit.Options{StateDir: c.StateDir, Source: name})
		s.line = &studyLine{}
		s.rebuild(0, rec.Root)
		s.headers, s.hdrPieces, s.hdrLang = s.headerLines(), c.Pieces, c.Lang
		s.loadStored()
		s.measureTexts()
	}
	return s
}

// newUnsavedStudy opens a record no file holds (a position set up in the
// editor, a paste, standard input): saving it asks for a name.
func newUnsavedStudy(c *common.Common, rec *kifu.Record, name string, err error) *studyModel {
	s := newStudy(c, rec, name, err)
	s.unnamed = true
	if rec != nil {
		s.ed = edit.New(rec, edit.Options{StateDir: c.StateDir})
	}
	return s
}

// restoredStudy opens a kept record read back, with its edits still to
// save.
func restoredStudy(c *common.Common, ed *edit.Editor) *studyModel {
	name := ed.Source()
	if name == "" {
		name = c.Words.EditsNew
	}
	s := newStudy(c, ed.Record(), name, nil)
	s.ed = ed
	s.unnamed = ed.Source() == ""
	return s
}

// rebuild keeps the line up to ply k-1, puts n at ply k and follows n's
// main continuation to its end, computing positions and texts only for
// the new part.
func (s *studyModel) rebuild(k int, n *kifu.Node) {
	s.truncate(k)
	for ; n != nil; n = firstChild(n) {
		s.appendNode(n)
	}
	s.lineDone(k)
}

// rebuildPath keeps the line up to ply k-1, then follows path (path[i]
// is the node at ply i+1) from ply k to its end, and its last node's main
// continuation.
func (s *studyModel) rebuildPath(k int, path []*kifu.Node) {
	s.truncate(k)
	var last *kifu.Node
	for _, n := range path[k-1:] {
		s.appendNode(n)
		last = n
	}
	for n := firstChild(last); last != nil && n != nil; n = firstChild(n) {
		s.appendNode(n)
	}
	s.lineDone(k)
}

// truncate keeps the line's first k plies.
func (s *studyModel) truncate(k int) {
	l := s.line
	l.style, l.m, l.lang = s.c.Notation, s.c.Measure, s.c.Lang
	l.nodes, l.pos, l.text, l.legal, l.widths = l.nodes[:k], l.pos[:k], l.text[:k], l.legal[:k], l.widths[:min(k, len(l.widths))]
}

// appendNode puts n at the end of the line, with the position after it
// and its text.
func (s *studyModel) appendNode(n *kifu.Node) {
	l := s.line
	l.nodes = append(l.nodes, n)
	i := len(l.nodes) - 1
	if i == 0 {
		l.pos = append(l.pos, s.rec.Start)
		l.text = append(l.text, s.words().Start)
		l.legal = append(l.legal, true)
		return
	}
	if e, ok := l.memo[n]; ok {
		l.pos, l.legal, l.text = append(l.pos, e.pos), append(l.legal, e.legal), append(l.text, e.text)
		return
	}
	before := &l.pos[i-1]
	ok := !n.IsMove() || before.IsLegal(n.Move)
	after := *before
	if n.IsMove() && ok {
		after = before.Play(n.Move)
	}
	l.pos = append(l.pos, after)
	l.legal = append(l.legal, ok)
	l.text = append(l.text, s.moveText(i))
	if l.memo == nil {
		l.memo = map[*kifu.Node]lineEntry{}
	}
	l.memo[n] = lineEntry{pos: after, text: l.text[i], legal: ok}
}

// lineDone finishes a line rebuilt from ply k: where it leaves the main
// line, and the widths of the new texts.
func (s *studyModel) lineDone(k int) {
	s.line.from = s.lineFrom()
	s.measureFrom(k)
}

// lineFrom is the first ply of the line that leaves the main line, 0 on
// the main line.
func (s *studyModel) lineFrom() int {
	l := s.line
	for i := 1; i < len(l.nodes); i++ {
		if l.nodes[i].Parent.FirstChild() != l.nodes[i] {
			return i
		}
	}
	return 0
}

func firstChild(n *kifu.Node) *kifu.Node {
	if n.FirstChild() == nil {
		return nil
	}
	return n.FirstChild()
}

// moveText writes the node at ply i of the line in the current notation.
func (s *studyModel) moveText(i int) string {
	l := s.line
	n := l.nodes[i]
	if i == 0 {
		return s.words().Start
	}
	if !n.IsMove() {
		return s.endingText(n)
	}
	prev := l.nodes[i-1].Move
	if !l.legal[i] {
		return n.Move.USI() + " (" + s.c.Words.Endings[game.IllegalMove] + ")"
	}
	return notation.Format(&l.pos[i-1], n.Move, s.c.Notation, prev)
}

// measureTexts refreshes the widest move text (with its judgement's
// mark).
func (s *studyModel) measureTexts() {
	if s.line != nil {
		s.measureFrom(0)
	}
}

// measureFrom measures the texts from ply k on (those before are as they
// were) and finds the widest.
func (s *studyModel) measureFrom(k int) {
	l := s.line
	l.widths = l.widths[:min(k, len(l.widths))]
	for i := len(l.widths); i < len(l.text); i++ {
		l.widths = append(l.widths, s.c.Measure.Width(l.text[i]+s.markText(i)))
	}
	l.maxW = 0
	for _, w := range l.widths {
		l.maxW = max(l.maxW, w)
	}
}

// markText is the mark after the move at ply i of the line: ?!, ?, ??.
func (s *studyModel) markText(i int) string {
	if s.an == nil || i >= len(s.line.nodes) {
		return ""
	}
	return s.markOf(s.line.nodes[i]).Symbol()
}

// retext rewrites every move of the line in the current notation, and
// the header panel in the current piece style and language.
func (s *studyModel) retext() {
	s.headers, s.hdrPieces, s.hdrLang = s.headerLines(), s.c.Pieces, s.c.Lang
	s.line.style, s.line.m, s.line.lang = s.c.Notation, s.c.Measure, s.c.Lang
	s.line.memo = nil
	for i := 0; i < len(s.line.nodes); i++ {
		s.line.text[i] = s.moveText(i)
	}
	s.measureTexts()
}

// last is the last ply of the line.
func (s *studyModel) last() int { return len(s.line.nodes) - 1 }

// node is the node shown.
func (s *studyModel) node() *kifu.Node { return s.line.nodes[s.cur] }

// Position is the position shown.
func (s *studyModel) Position() *game.Position { return &s.line.pos[s.cur] }

// moves is the number of moves on the line: the last ply. An ending node
// after it is how the line ends, not a ply.
func (s *studyModel) moves() int {
	if n := s.line.nodes[s.last()]; s.last() > 0 && !n.IsMove() {
		return s.last() - 1
	}
	return s.last()
}

// ending is the line's ending node, or nil.
func (s *studyModel) ending() *kifu.Node {
	if s.moves() < s.last() {
		return s.line.nodes[s.last()]
	}
	return nil
}

// goTo shows ply n of the line, clamped to its moves.
func (s *studyModel) goTo(n int) {
	s.cur = max(0, min(n, s.moves()))
}

// branchPoint is the ply whose alternatives the variation keys choose
// among: the move shown if it has alternatives, otherwise the next move if
// it has; -1 if neither.
func (s *studyModel) branchPoint() int {
	if s.cur > 0 && s.node().Parent.NumChildren() > 1 {
		return s.cur
	}
	if s.cur < s.last() && s.node().NumChildren() > 1 {
		return s.cur + 1
	}
	return -1
}

// switchVariation picks the next (d=1) or previous (d=-1) alternative at
// the branch point, keeping the ply shown.
func (s *studyModel) switchVariation(d int) {
	k := s.branchPoint()
	if k < 0 {
		s.say(s.words().NoVariation, false)
		return
	}
	sibs := slices.Collect(s.line.nodes[k].Parent.Children())
	i := (s.line.nodes[k].Index() + d + len(sibs)) % len(sibs)
	s.rebuild(k, sibs[i])
	s.goTo(s.cur)
}

// mainLine goes back to the main line at the ply where the line left it.
func (s *studyModel) mainLine() {
	k := s.line.from
	if k == 0 {
		s.say(s.words().OnMain, false)
		return
	}
	s.rebuild(k, s.line.nodes[k].Parent.FirstChild())
	s.goTo(k)
}

// scrollNotes moves the comment area by d lines, within the comment.
func (s *studyModel) scrollNotes(d int) {
	if s.noteAt != s.cur {
		s.noteTop, s.noteAt = 0, s.cur
	}
	l := s.Layout()
	rows := s.noteRows(l)
	n := len(s.Notes(l.Panel.W))
	if n <= rows {
		s.noteTop = 0
		s.say(s.words().WholeComment, false)
		return
	}
	s.noteTop = max(0, min(s.noteTop+d, n-rows+1))
}

// say sets the one-line message.
func (s *studyModel) say(text string, isError bool) { s.message, s.isError = text, isError }

// addLine puts moves played from node into the record as a branch (or
// follows them where the tree already has them), closes it with how the
// game ended, and shows its last position. It is how "play from here"
// hands its game back.
func (s *studyModel) addLine(from *kifu.Node, moves []game.Move, res game.Result) {
	if s.rec == nil || len(moves) == 0 {
		return
	}
	sw := s.words()
	n := from
	pos := s.rec.PositionAt(from)
	added, first := 0, 0
	for _, m := range moves {
		before := n.NumChildren()
		next, err := s.ed.PlayFrom(n, &pos, m)
		if err != nil {
			break // the game's moves were checked as they were played
		}
		n = next
		pos = pos.Play(m)
		if n.Parent.NumChildren() > before {
			added++
			if first == 0 {
				first = n.Ply
			}
		}
	}
	if e := endingOf(res, moves[len(moves)-1].Color()); e != kifu.NoEnding && n.FirstChild() == nil {
		if _, err := s.ed.End(n, e); err == nil {
			added++
		}
	}
	s.resync(n)
	s.goTo(n.Ply)
	if added == 0 {
		s.say(sw.Already, false)
		return
	}
	s.headers = s.headerLines() // a game played on from the main line's end changes its result
	s.dirty = true
	switch {
	case first == 0:
		s.say(sw.AddedEnding, false)
	case added == 1:
		s.say(fmt.Sprintf(sw.AddedOne, first), false)
	default:
		s.say(fmt.Sprintf(sw.AddedN, added, first), false)
	}
}

// endingOf is the record ending for a game result; lastMover made the
// last move.
func endingOf(res game.Result, lastMover game.Color) kifu.Ending {
	switch res.Ending {
	case game.Checkmate, game.NoLegalMoves:
		return kifu.Mate
	case game.Resignation:
		return kifu.Resign
	case game.Repetition:
		return kifu.Sennichite
	case game.Impasse:
		return kifu.Jishogi
	case game.Declaration:
		return kifu.EnteringKing
	case game.TimeLoss:
		return kifu.Timeout
	case game.PerpetualCheck, game.IllegalMove:
		if res.Outcome == game.Win(lastMover) {
			return kifu.IllegalWin
		}
		return kifu.IllegalLoss
	}
	return kifu.NoEnding
}

// Update handles one message.
func (s *studyModel) Update(msg tea.Msg) (mode, tea.Cmd) {
	if s.line != nil && (s.line.style != s.c.Notation || s.line.m != s.c.Measure || s.line.lang != s.c.Lang ||
		s.hdrPieces != s.c.Pieces || s.hdrLang != s.c.Lang) {
		s.retext() // the shared notation, width policy, piece style or language changed
	}
	if cmd, ok := s.explorerMsg(msg); ok {
		return s, cmd
	}
	switch msg := msg.(type) {
	case exportedMsg:
		s.exported(msg)
	case tea.MouseClickMsg:
		if !s.formOpen() && s.ui.ask == askNone && s.ui.promo == nil {
			s.click(msg.Mouse())
		}
	case tea.MouseWheelMsg:
		if s.rec != nil {
			switch msg.Mouse().Button {
			case tea.MouseWheelUp:
				s.goTo(s.cur - 1)
			case tea.MouseWheelDown:
				s.goTo(s.cur + 1)
			}
		}
	case tea.PasteMsg:
		return s, s.paste(msg.Content)
	case tea.KeyPressMsg:
		if common.KeyIs(msg, s.c.Keys.Quit) {
			return s, tea.Quit
		}
		if s.prompt != nil {
			return s, s.promptKey(msg)
		}
		cmd := s.key(msg)
		s.syncAnalysis()
		return s, tea.Batch(cmd, s.syncBook(), s.syncExplorer())
	}
	s.syncAnalysis()
	return s, tea.Batch(s.syncBook(), s.syncExplorer())
}

// key handles one key outside the export prompt. What has the keyboard
// goes first (nothing opened, the opponent being chosen, the question on
// leaving, a form, a question or a line of the editing keys), then the
// typed move, the board and the editing keys, then the engine's keys,
// then the study's own commands.
func (s *studyModel) key(msg tea.KeyPressMsg) tea.Cmd {
	at := s.cur
	defer func() {
		if s.cur != at {
			s.noteTop = 0 // a new ply's comment starts at its top
		}
	}()
	switch {
	case s.rec == nil:
		// Nothing to walk: only leaving makes sense.
		if common.KeyIs(msg, s.c.Keys.StudyLeave) || common.IsEnter(msg) {
			return s.leave()
		}
		return nil
	case s.choosing:
		return s.chooseOpponent(msg)
	case s.leaving:
		return s.confirmLeave(msg)
	}
	if cmd, ok := s.editModal(msg); ok {
		return cmd
	}
	s.message = ""
	if s.an.preview == nil {
		if cmd, ok := s.explorerKey(msg); ok {
			return cmd
		}
		if cmd, ok := s.bookKey(msg); ok {
			return cmd
		}
		if cmd, ok := s.editKey(msg); ok {
			return cmd
		}
	}
	if cmd, ok := s.analysisKey(msg); ok {
		return cmd
	}
	if s.an.preview != nil {
		if cmd, ok := s.editKey(msg); ok {
			return cmd
		}
	}
	return s.command(msg)
}

// confirmLeave answers the question asked on leaving with edits, moves or
// analysis unsaved: y leaves (discarding the edits' kept copy), w saves
// the edits, any other key stays.
func (s *studyModel) confirmLeave(msg tea.KeyPressMsg) tea.Cmd {
	s.leaving = false
	switch {
	case msg.String() == "y" || msg.String() == "Y":
		if s.ed != nil && s.ed.Modified() {
			if err := s.ed.Discard(); err != nil {
				s.say(err.Error(), true)
			}
		}
		return s.leave()
	case s.ed != nil && s.ed.Modified() && common.KeyIs(msg, s.c.Keys.SE.Save):
		return s.save()
	}
	s.say(s.words().StillHere, false)
	return nil
}

// command runs one of the study's key commands: stepping and branches,
// the comment, the notation, flipping, help, copying, export, playing
// from the position shown, leaving.
func (s *studyModel) command(msg tea.KeyPressMsg) tea.Cmd {
	k := s.c.Keys
	switch {
	case common.KeyIs(msg, k.Next):
		s.goTo(s.cur + 1)
	case common.KeyIs(msg, k.Prev):
		s.goTo(s.cur - 1)
	case common.KeyIs(msg, k.First):
		s.goTo(0)
	case common.KeyIs(msg, k.Last):
		s.goTo(s.moves())
	case common.KeyIs(msg, k.PageDown):
		s.goTo(s.cur + 10)
	case common.KeyIs(msg, k.PageUp):
		s.goTo(s.cur - 10)
	case common.KeyIs(msg, k.Variation):
		s.switchVariation(1)
	case common.KeyIs(msg, k.VariationBack):
		s.switchVariation(-1)
	case common.KeyIs(msg, k.MainLine):
		s.mainLine()
	case common.KeyIs(msg, k.NotesDown):
		s.scrollNotes(1)
	case common.KeyIs(msg, k.NotesUp):
		s.scrollNotes(-1)
	case common.KeyIs(msg, k.Notation):
		s.c.Notation = s.c.CycleNotation(s.c.Notation, 1)
		s.retext()
		s.say(fmt.Sprintf(s.c.Words.ListStyle, s.c.Notation), false)
	case common.KeyIs(msg, k.Flip):
		s.flip = !s.flip
	case common.KeyIs(msg, k.Help):
		help := s.Help()
		return func() tea.Msg { return help }
	case common.KeyIs(msg, k.CopySFEN):
		return components.CopyCmd(s.c, s.Position(), true, func(t string) { s.say(t, false) })
	case common.KeyIs(msg, k.Copy):
		return components.CopyCmd(s.c, s.Position(), false, func(t string) { s.say(t, false) })
	case common.KeyIs(msg, k.Export):
		name := s.lastExport
		if name == "" {
			name = s.exportSuggestion()
		}
		s.prompt = &studyPrompt{input: components.NewInput(s.words().ExportPrompt, name, 0)}
	case common.KeyIs(msg, k.PlayHere):
		if !s.Position().HasLegalMove() {
			s.say(s.words().NoLegal, true)
			return nil
		}
		s.choosing = true
	case common.KeyIs(msg, k.SolveTsume):
		pos := *s.Position()
		return func() tea.Msg { return common.TsumeMsg{Start: pos} }
	case common.KeyIs(msg, k.Quizzes):
		rec, name := s.rec, s.name
		return func() tea.Msg { return common.QuizzesMsg{Rec: rec, Name: name} }
	case common.KeyIs(msg, k.StudyLeave):
		if s.modified() {
			s.leaving = true // ask first: the played moves or the analysis are not saved
			return nil
		}
		return s.leave()
	}
	return nil
}

// leave closes the study: back to the menu, or out of the app when the
// study was opened from the command line.
func (s *studyModel) leave() tea.Cmd {
	s.closeEngines(false)
	if s.quitOnLeave {
		return tea.Quit
	}
	return func() tea.Msg { return common.ToMenuMsg{} }
}

// chooseOpponent answers the "play from here" question: the user takes
// the side to move, the other side is the choice whose number was typed
// (a person, a built-in level or an engine, as the new-game form offers
// them).
func (s *studyModel) chooseOpponent(msg tea.KeyPressMsg) tea.Cmd {
	s.choosing = false
	choices := s.c.PlayerChoices()
	t := common.Printable(msg)
	i := strings.Index(choiceKeys, t)
	if len(t) != 1 || i < 0 || i >= len(choices) {
		s.say(s.words().PlayCancelled, false)
		return nil
	}
	o := choices[i]
	pos := *s.Position()
	var out common.PlayFromMsg
	me, them := pos.SideToMove(), pos.SideToMove().Other()
	out.Players[me], out.Players[them] = players.Human().Spec, o.Spec
	out.Names[them] = o.Name
	out.Names = common.HumanNames(s.c.Settings, out.Players, out.Names, [2]int{int(me), int(them)})
	out.Node, out.Pos = s.node(), pos
	out.Record, out.Source = s.rec, s.name
	return func() tea.Msg { return out }
}

// choiceKeys are the keys that pick an opponent, in the order of the
// choices.
const choiceKeys = "0123456789abcdefghijklmnopqrstuvwxyz"

// opponentList is the question's list of choices: 0 hot-seat, 1 random …
func (s *studyModel) opponentList() string {
	var parts []string
	for i, p := range s.c.PlayerChoices() {
		if i >= len(choiceKeys) {
			break
		}
		label := s.c.ChoiceLabel(p)
		if p.Spec.Kind == match.HumanKind {
			label = s.words().HotSeat
		}
		parts = append(parts, choiceKeys[i:i+1]+" "+label)
	}
	return strings.Join(parts, ", ")
}

// exportSuggestion is the file name the export prompt starts with: the
// record's name as KIF in the current directory, never the source's
// folder, which may be read-only.
func (s *studyModel) exportSuggestion() string {
	base := filepath.Base(s.name)
	if s.name == "" || s.name == "stdin" || s.name == "-" || s.unnamed {
		base = "record"
	}
	return strings.TrimSuffix(base, filepath.Ext(base)) + ".kif"
}

// promptKey edits the export file name, or answers the overwrite question.
func (s *studyModel) promptKey(msg tea.KeyPressMsg) tea.Cmd {
	sw := s.words()
	p := s.prompt
	if p.confirm != "" {
		switch {
		case msg.String() == "y" || msg.String() == "Y":
			path := p.confirm
			s.prompt = nil
			return s.export(path, true)
		case common.Printable(msg) != "" || msg.String() == "esc" || common.IsEnter(msg):
			s.prompt = nil
			s.say(sw.NotSaved, false)
		}
		return nil
	}
	switch {
	case msg.String() == "esc":
		s.prompt = nil
		s.say(sw.ExportCancelled, false)
	case common.IsEnter(msg):
		path := p.input.Trimmed()
		s.lastExport = p.input.Value()
		if path == "" {
			s.prompt = nil
			s.say(sw.NoName, true)
			return nil
		}
		if kifu.FormatOfPath(path) == kifu.Unknown {
			s.prompt = nil
			s.say(sw.BadExt, true)
			return nil
		}
		s.prompt = nil
		return s.checkLoss(path, false)
	default:
		p.input.Edit(msg)
	}
	return nil
}

// checkLoss says first what the format of path cannot hold, and asks;
// with nothing lost it writes at once.
func (s *studyModel) checkLoss(path string, force bool) tea.Cmd {
	if ls := kifu.Losses(s.rec, kifu.FormatOfPath(path)); len(ls) > 0 {
		u := &s.ui
		u.ask, u.lossPath, u.lossForce, u.lossText = askLoss, path, force, common.LossText(s.c.Words, ls)
		return nil
	}
	return s.export(path, force)
}

// save writes the record to its file, in its format (saying first what
// the format cannot hold); a record no file holds asks for a name.
func (s *studyModel) save() tea.Cmd {
	src := ""
	if s.ed != nil && !s.unnamed {
		src = s.ed.Source()
	}
	if src == "" || kifu.FormatOfPath(src) == kifu.Unknown {
		name := s.lastExport
		if name == "" {
			name = s.exportSuggestion()
		}
		s.prompt = &studyPrompt{input: components.NewInput(s.ewords().SaveAs, name, 0)}
		return nil
	}
	return s.checkLoss(src, true)
}

// export writes the whole record, branches included, in the format the
// extension names: written out here (the record is the UI's), put on disk
// off the UI loop; unless force, an existing file is left alone and the
// user asked first.
func (s *studyModel) export(path string, force bool) tea.Cmd {
	w := s.c.Words
	f := kifu.FormatOfPath(path)
	data, err := kifu.Marshal(s.rec, f, kifu.WriteOptions{Encoding: kifu.EncodingOfPath(path)})
	if err != nil {
		s.say(common.SaveFailure(w, path, err), true)
		return nil
	}
	lossless := len(kifu.Losses(s.rec, f)) == 0
	return func() tea.Msg {
		if _, err := os.Stat(path); err == nil && !force {
			return exportedMsg{path: path, exists: true}
		}
		if err := kifu.WriteFileAtomic(path, data); err != nil {
			return exportedMsg{path: path, err: errors.New(common.SaveFailure(w, path, err))}
		}
		return exportedMsg{path: path, lossless: lossless}
	}
}

// exportedMsg reports an export.
type exportedMsg struct {
	path     string
	exists   bool // the file is there: ask before overwriting
	lossless bool // the file holds the whole record
	err      error
}

// exported takes an export's report. A file that holds the whole record
// is the record's file from then on: the edits are saved, and their kept
// copy goes.
func (s *studyModel) exported(msg exportedMsg) {
	switch {
	case msg.exists:
		if s.prompt == nil {
			s.prompt = &studyPrompt{input: components.NewInput(s.words().ExportPrompt, msg.path, 0)}
		}
		s.prompt.confirm = msg.path
	case msg.err != nil:
		s.prompt = nil
		s.say(msg.err.Error(), true)
	default:
		s.prompt = nil
		s.lastExport = ""
		text := fmt.Sprintf(s.words().Saved, msg.path, kifu.FormatOfPath(msg.path))
		if msg.lossless {
			s.dirty = false
			s.an.unsaved = false
			s.name, s.unnamed = msg.path, false
			if s.ed != nil {
				s.ed.Saved(msg.path)
			}
		} else if s.ed != nil && s.ed.Modified() {
			text += fmt.Sprintf(s.ewords().SavedNoKeep, common.LossText(s.c.Words, kifu.Losses(s.rec, kifu.FormatOfPath(msg.path))))
		} else {
			s.dirty = false
			s.an.unsaved = false
		}
		s.say(text, false)
	}
}

// click jumps to a clicked move in the list and picks a clicked
// alternative on the variation line.
func (s *studyModel) click(mo tea.Mouse) {
	if s.rec == nil || mo.Button != tea.MouseLeft {
		return
	}
	if s.an.preview == nil && s.boardClick(mo) {
		return
	}
	if s.bookClick(mo.X, mo.Y) {
		return
	}
	l := s.Layout()
	ml := s.moveList()
	lr := s.listRect(l)
	g := ml.Geometry(lr.X, lr.Y, lr.W, lr.H, s.cur)
	if ply, ok := g.At(mo.X, mo.Y, ml.N); ok {
		s.goTo(ply)
		return
	}
	if gr := s.graphRect(l); gr.H > 0 && gr.Contains(mo.X, mo.Y) {
		// A click on the graph: that ply of the main line.
		ply := components.GraphPlyAt(len(s.an.report.Results)-1, gr.W, mo.X-gr.X, s.c.ASCII)
		if k := s.line.from; k > 0 && ply >= k {
			s.rebuild(k, s.line.nodes[k].Parent.FirstChild())
		}
		s.goTo(ply)
		return
	}
	if mo.Y > l.Panel.Y && mo.X >= l.Panel.X {
		// The variation lines: a click picks that alternative.
		_, spans := s.variations(l.Panel.W)
		for _, sp := range spans {
			if mo.Y == l.Panel.Y+1+sp.row && mo.X-l.Panel.X >= sp.start && mo.X-l.Panel.X < sp.end {
				s.rebuild(sp.node.Ply, sp.node)
				s.goTo(s.cur)
				return
			}
		}
	}
}

// stopNote says where loading stopped, for a partly read record.
func (s *studyModel) stopNote() string {
	if s.loadErr == nil || s.rec == nil {
		return ""
	}
	sw := s.words()
	var pe *kifu.ParseError
	if errors.As(s.loadErr, &pe) && pe.Ply > 0 {
		return fmt.Sprintf(sw.ReadUpTo, pe.Ply-1, pe.Ply, s.loadErr)
	}
	return fmt.Sprintf(sw.ReadRest, len(s.rec.MainMoves()), s.loadErr)
}

// Help is the study's ? screen: its keys and notes.
func (s *studyModel) Help() common.OpenHelpMsg {
	return common.OpenHelpMsg{Groups: append(s.c.Keys.StudyFullHelp(), s.explorerKeys().Help()), Notes: assets.HelpStudy(s.c.Lang == words.Japanese)}
}

// Title is the study's window title: the record's name.
func (s *studyModel) Title() string { return s.name }
