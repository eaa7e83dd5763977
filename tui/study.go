package tui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/tui/play"
	"shogi/tui/words"

	tea "charm.land/bubbletea/v2"

	"shogi/assets"
	"shogi/game"
	"shogi/game/match"
	"shogi/game/notation"
	"shogi/kifu"
)

// studyLine is the line being walked, from the root to the end of the
// chosen continuation, with the position after each node and each move's
// text in the current notation. It is built once per branch choice, so a
// step is an index change and never a replay from the start.
type studyLine struct {
	nodes []*kifu.Node    // nodes[i].Ply == i; nodes[0] is the root; an ending node may come last
	pos   []game.Position // pos[i] is the position after nodes[i]
	text  []string        // text[i] is nodes[i] written in the notation (開始局面 or "start" for the root)
	legal []bool          // legal[i] is false for a foul the record kept (the position stays put)
	maxW  int             // the widest text, for the move list's columns
	from  int             // the first ply that leaves the main line, 0 on the main line
	style notation.Style  // the notation text is written in
	m     common.Measure  // how maxW was measured
	lang  words.Lang      // the language of the start and ending words
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

	jump       *components.LineInput // the number typed for "go to move N", or nil
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

	an *studyAnalysis // engines: the live analysis, the record's analysis
}

// studyPrompt is the one-line input for the export file name, and the
// overwrite question that may follow it.
type studyPrompt struct {
	input   components.LineInput
	confirm string // the path waiting for a yes/no on overwriting
}

// jumpDigits is how long a move number may be.
const jumpDigits = 6

// newStudy opens rec for study at its start. err is what reading said: a
// record that broke off comes with the error and is shown up to the break.
func newStudy(c *common.Common, rec *kifu.Record, name string, err error) *studyModel {
	s := &studyModel{c: c, name: name, rec: rec, loadErr: err, an: newStudyAnalysis(c.StudyEngines())}
	if rec != nil {
		s.line = &studyLine{}
		s.rebuild(0, rec.Root)
		s.headers, s.hdrPieces, s.hdrLang = s.headerLines(), c.Pieces, c.Lang
		s.loadStored()
		s.measureTexts()
	}
	return s
}

// rebuild keeps the line up to ply k-1, puts n at ply k and follows n's
// main continuation to its end, computing positions and texts only for
// the new part.
func (s *studyModel) rebuild(k int, n *kifu.Node) {
	l := s.line
	l.style, l.m, l.lang = s.c.Notation, s.c.Measure, s.c.Lang
	l.nodes, l.pos, l.text, l.legal = l.nodes[:k], l.pos[:k], l.text[:k], l.legal[:k]
	for ; n != nil; n = firstChild(n) {
		l.nodes = append(l.nodes, n)
		i := len(l.nodes) - 1
		if i == 0 {
			l.pos = append(l.pos, s.rec.Start)
			l.text = append(l.text, s.words().Start)
			l.legal = append(l.legal, true)
			continue
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
	}
	l.from = 0
	for i := 1; i < len(l.nodes); i++ {
		if l.nodes[i].Index() != 0 {
			l.from = i
			break
		}
	}
	s.measureTexts()
}

func firstChild(n *kifu.Node) *kifu.Node {
	if len(n.Children) == 0 {
		return nil
	}
	return n.Children[0]
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
	l := s.line
	if l == nil {
		return
	}
	l.maxW = 0
	for i, t := range l.text {
		if w := s.c.Measure.Width(t + s.markText(i)); w > l.maxW {
			l.maxW = w
		}
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
	for i := 0; i < len(s.line.nodes); i++ {
		s.line.text[i] = s.moveText(i)
	}
	s.measureTexts()
}

// last is the last ply of the line.
func (s *studyModel) last() int { return len(s.line.nodes) - 1 }

// node is the node shown.
func (s *studyModel) node() *kifu.Node { return s.line.nodes[s.cur] }

// position is the position shown.
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
	if s.cur > 0 && len(s.node().Parent.Children) > 1 {
		return s.cur
	}
	if s.cur < s.last() && len(s.node().Children) > 1 {
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
	sibs := s.line.nodes[k].Parent.Children
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
	s.rebuild(k, s.line.nodes[k].Parent.Children[0])
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
	added, first := 0, 0
	for _, m := range moves {
		before := len(n.Children)
		n = s.rec.AddMove(n, m)
		if len(n.Parent.Children) > before {
			added++
			if first == 0 {
				first = n.Ply
			}
		}
	}
	if e := endingOf(res, moves[len(moves)-1].Color()); e != kifu.NoEnding && len(n.Children) == 0 {
		s.rec.AddEnding(n, e, "")
		added++
	}
	path := n.Path()
	k := from.Ply + 1
	s.rebuild(k, path[k-1])
	// Follow the played moves, not the main continuation, where they left it.
	for i := k + 1; i <= len(path); i++ {
		if s.line.nodes[i] != path[i-1] {
			s.rebuild(i, path[i-1])
		}
	}
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

// update handles one message.
func (s *studyModel) Update(msg tea.Msg) (studyMode, tea.Cmd) {
	if s.line != nil && (s.line.style != s.c.Notation || s.line.m != s.c.Measure || s.line.lang != s.c.Lang ||
		s.hdrPieces != s.c.Pieces || s.hdrLang != s.c.Lang) {
		s.retext() // the shared notation, width policy, piece style or language changed
	}
	switch msg := msg.(type) {
	case exportedMsg:
		s.exported(msg)
	case tea.MouseClickMsg:
		s.click(msg.Mouse())
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
		switch {
		case s.prompt != nil && s.prompt.confirm == "":
			s.prompt.input.Edit(msg)
		case s.jump != nil:
			s.jump.Edit(msg)
		}
	case tea.KeyPressMsg:
		if common.KeyIs(msg, s.c.Keys.Quit) {
			return s, tea.Quit
		}
		if s.prompt != nil {
			return s, s.promptKey(msg)
		}
		cmd := s.key(msg)
		s.syncAnalysis()
		return s, cmd
	}
	s.syncAnalysis()
	return s, nil
}

// key handles one key outside the export prompt. What has the keyboard
// goes first (nothing opened, the opponent being chosen, the question on
// leaving, a ply number being typed), then the engine's keys, then the
// study's own commands.
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
	if s.jumpKey(msg) {
		return nil
	}
	s.message = ""
	if cmd, ok := s.analysisKey(msg); ok {
		return cmd
	}
	return s.command(msg)
}

// confirmLeave answers the question asked on leaving with moves or
// analysis unsaved: y leaves, any other key stays.
func (s *studyModel) confirmLeave(msg tea.KeyPressMsg) tea.Cmd {
	s.leaving = false
	if msg.String() == "y" || msg.String() == "Y" {
		return s.leave()
	}
	s.say(s.words().StillHere, false)
	return nil
}

// jumpKey handles the ply number typed to jump to: a digit starts or
// extends it; enter goes there, esc drops it, the editing keys edit it.
// Any other key drops the number and is not taken (false), so it does
// what it does.
func (s *studyModel) jumpKey(msg tea.KeyPressMsg) bool {
	if t := common.Printable(msg); len(t) == 1 && t[0] >= '0' && t[0] <= '9' {
		if s.jump == nil {
			in := components.NewInput(s.words().JumpPrompt, "", jumpDigits)
			s.jump = &in
		}
		s.jump.Edit(msg)
		return true
	}
	if s.jump == nil {
		return false
	}
	switch {
	case common.IsEnter(msg):
		n, _ := strconv.Atoi(s.jump.Value())
		s.jump = nil
		s.goTo(n)
		return true
	case msg.String() == "esc":
		s.jump = nil
		return true
	case s.jump.IsEditKey(msg):
		s.jump.Edit(msg)
		if s.jump.Value() == "" && msg.String() == "backspace" {
			s.jump = nil
		}
		return true
	}
	s.jump = nil
	return false
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
		notes := assets.HelpStudy(s.c.Lang == words.Japanese)
		groups := k.StudyFullHelp()
		return func() tea.Msg { return common.OpenHelpMsg{Groups: groups, Notes: notes} }
	case common.KeyIs(msg, k.CopySFEN):
		return play.CopyCmd(s.c, s.Position(), true, func(t string) { s.say(t, false) })
	case common.KeyIs(msg, k.Copy):
		return play.CopyCmd(s.c, s.Position(), false, func(t string) { s.say(t, false) })
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
	case common.KeyIs(msg, k.StudyLeave):
		if s.dirty || s.an.unsaved {
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
	out.Players[me], out.Players[them] = common.HumanChoice().Spec, o.Spec
	out.Names[them] = o.Name
	out.Names = humanNames(s.c.Settings, out.Players, out.Names, [2]int{int(me), int(them)})
	out.Node, out.Pos = s.node(), pos
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
		return s.export(path, false)
	default:
		p.input.Edit(msg)
	}
	return nil
}

// export writes the whole record, branches included, in the format the
// extension names, off the UI loop; unless force, an existing file is
// left alone and the user asked first.
func (s *studyModel) export(path string, force bool) tea.Cmd {
	rec, w := s.rec, s.c.Words
	return func() tea.Msg {
		if _, err := os.Stat(path); err == nil && !force {
			return exportedMsg{path: path, exists: true}
		}
		if err := kifu.WriteFile(path, rec); err != nil {
			return exportedMsg{path: path, err: errors.New(play.SaveFailure(w, path, err))}
		}
		return exportedMsg{path: path}
	}
}

// exportedMsg reports an export.
type exportedMsg struct {
	path   string
	exists bool // the file is there: ask before overwriting
	err    error
}

// exported takes an export's report.
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
		s.dirty = false
		s.an.unsaved = false
		s.say(fmt.Sprintf(s.words().Saved, msg.path, kifu.FormatOfPath(msg.path)), false)
	}
}

// click jumps to a clicked move in the list and picks a clicked
// alternative on the variation line.
func (s *studyModel) click(mo tea.Mouse) {
	if s.rec == nil || mo.Button != tea.MouseLeft {
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
			s.rebuild(k, s.line.nodes[k].Parent.Children[0])
		}
		s.goTo(ply)
		return
	}
	if mo.Y == l.Panel.Y+1 && mo.X >= l.Panel.X {
		// The variation line: a click picks that alternative.
		_, spans := s.variations()
		for _, sp := range spans {
			if mo.X-l.Panel.X >= sp.start && mo.X-l.Panel.X < sp.end {
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
