package tui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"example.com/shogi/game"
	"example.com/shogi/game/notation"
	"example.com/shogi/kifu"
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
	m     measure         // how maxW was measured
}

// studyModel walks a record move by move.
type studyModel struct {
	c           *common
	keys        studyKeys
	flip        bool
	quitOnLeave bool // opened from the command line: leaving quits

	name    string       // the file as the user named it ("stdin" for -)
	rec     *kifu.Record // nil when the record could not be read at all
	loadErr error        // why reading failed or stopped early
	line    *studyLine
	cur     int // the ply shown: an index into line.nodes
	noteTop int // the first line of the comment area shown (scrolled with j/k)
	noteAt  int // the ply noteTop belongs to: another ply starts at the top

	jump       *textinput.Model // the number typed for "go to move N", or nil
	prompt     *studyPrompt
	lastExport string // the name last typed into the prompt
	message    string // one-line feedback (export done, no variation here …)
	isError    bool   // message is a failure
	showHelp   bool
	choosing   bool // asking whom to play against from here
	leaving    bool // asking whether to leave with unsaved moves

	headers   []string   // the header panel, built once: the result needs a replay
	hdrPieces PieceStyle // the piece style headers were written in
	dirty     bool       // the record has moves the file does not (a played branch)
}

// studyPrompt is the one-line input for the export file name, and the
// overwrite question that may follow it.
type studyPrompt struct {
	input   textinput.Model
	confirm string // the path waiting for a yes/no on overwriting
}

// The study's input lines: the prompts, and how long a move number may be.
const (
	jumpPrompt   = "Go to move: "
	jumpHint     = "  (enter)"
	jumpDigits   = 6
	exportPrompt = "Export to (.kif .ki2 .csa .jkf .usi .sfen .psn): "
)

// playFromMsg asks the app to start a game from node's position, players
// given by colour; the moves played come back through studyModel.addLine
// as a new branch.
type playFromMsg struct {
	node    *kifu.Node
	pos     game.Position
	players [2]string
}

// studyKeys is the study mode's key map. Where a key means the same as in
// play mode (notation, flip, help, leave, quit) it is the play key map's
// binding, so the two modes agree.
type studyKeys struct {
	Next, Prev, First, Last, PageDown, PageUp key.Binding
	Jump, Variation, VariationBack, MainLine  key.Binding
	Notation, Flip, PlayHere, Export          key.Binding
	Help, Leave, Quit                         key.Binding
	NotesDown, NotesUp                        key.Binding
}

func newStudyKeys(k keyMap) studyKeys {
	b := binding
	return studyKeys{
		Next:          b("→/l", "next", "right", "l"),
		Prev:          b("←/h", "previous", "left", "h"),
		First:         b("home/g", "start", "home", "g"),
		Last:          b("end/G", "end", "end", "G"),
		PageDown:      b("pgdn", "+10", "pgdown"),
		PageUp:        b("pgup", "-10", "pgup"),
		Jump:          b("N enter", "go to move N", "enter"),
		Variation:     b("v", "next variation", "v"),
		VariationBack: b("V", "previous variation", "V"),
		MainLine:      b("m", "main line", "m"),
		Notation:      k.Notation,
		Flip:          k.Flip,
		PlayHere:      b("p", "play from here", "p"),
		NotesDown:     b("↓/j", "comment down", "down", "j"),
		NotesUp:       b("↑/k", "comment up", "up", "k"),
		Export:        b("e", "export", "e"),
		Help:          k.Help,
		Leave:         b("q", "leave", "q"),
		Quit:          k.Quit,
	}
}

// ShortHelp is the help bar: the few keys that get a reader started,
// short enough for 80 columns.
func (k studyKeys) ShortHelp() []key.Binding {
	step := key.NewBinding(key.WithKeys("left", "right"), key.WithHelp("←/→", "step"))
	short := func(b key.Binding, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, desc))
	}
	return []key.Binding{step, short(k.Variation, "variation"), k.MainLine, short(k.PlayHere, "play here"),
		k.Export, short(k.Help, "keys"), k.Leave}
}

// FullHelp is the `?` list.
func (k studyKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Next, k.Prev, k.First, k.Last, k.PageDown, k.PageUp, k.Jump},
		{k.Variation, k.VariationBack, k.MainLine, k.Notation, k.Flip, k.NotesDown, k.NotesUp},
		{k.PlayHere, k.Export, k.Help, k.Leave, k.Quit},
	}
}

// newStudy opens rec for study at its start. err is what reading said: a
// record that broke off comes with the error and is shown up to the break.
func newStudy(c *common, rec *kifu.Record, name string, err error) *studyModel {
	s := &studyModel{c: c, keys: newStudyKeys(c.keys), name: name, rec: rec, loadErr: err}
	if rec != nil {
		s.line = &studyLine{}
		s.rebuild(0, rec.Root)
		s.headers, s.hdrPieces = s.headerLines(), c.pieces
	}
	return s
}

// rebuild keeps the line up to ply k-1, puts n at ply k and follows n's
// main continuation to its end, computing positions and texts only for
// the new part.
func (s *studyModel) rebuild(k int, n *kifu.Node) {
	l := s.line
	l.style, l.m = s.c.notation, s.c.m
	l.nodes, l.pos, l.text, l.legal = l.nodes[:k], l.pos[:k], l.text[:k], l.legal[:k]
	for ; n != nil; n = firstChild(n) {
		l.nodes = append(l.nodes, n)
		i := len(l.nodes) - 1
		if i == 0 {
			l.pos = append(l.pos, s.rec.Start)
			l.text = append(l.text, s.startText())
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
		return s.startText()
	}
	if !n.IsMove() {
		return endingText(n, s.c.pieces == Kanji)
	}
	prev := l.nodes[i-1].Move
	if !l.legal[i] {
		return n.Move.USI() + " (反則)"
	}
	return notation.Format(&l.pos[i-1], n.Move, s.c.notation, prev)
}

// measureTexts refreshes the widest move text.
func (s *studyModel) measureTexts() {
	l := s.line
	l.maxW = 0
	for _, t := range l.text {
		if w := s.c.m.width(t); w > l.maxW {
			l.maxW = w
		}
	}
}

// startText is the move list's entry for the start position.
func (s *studyModel) startText() string {
	if s.c.pieces == Kanji {
		return "開始局面"
	}
	return "start"
}

// retext rewrites every move of the line in the current notation, and
// the header panel in the current piece style.
func (s *studyModel) retext() {
	s.headers, s.hdrPieces = s.headerLines(), s.c.pieces
	s.line.style, s.line.m = s.c.notation, s.c.m
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
func (s *studyModel) position() *game.Position { return &s.line.pos[s.cur] }

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
		s.say("no variation here", false)
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
		s.say("already on the main line", false)
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
	l := s.layout()
	n := len(s.notes(l.rightX + l.rightW))
	if n <= l.noteH {
		s.noteTop = 0
		s.say("the whole comment is shown", false)
		return
	}
	s.noteTop = max(0, min(s.noteTop+d, n-l.noteH+1))
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
		s.say("the moves played are already in the record", false)
		return
	}
	s.headers = s.headerLines() // a game played on from the main line's end changes its result
	s.dirty = true
	switch {
	case first == 0:
		s.say("added how the game ended", false)
	case added == 1:
		s.say(fmt.Sprintf("added 1 new move at ply %d", first), false)
	default:
		s.say(fmt.Sprintf("added %d new moves, branching at ply %d", added, first), false)
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
func (s *studyModel) update(msg tea.Msg) (studyMode, tea.Cmd) {
	if s.line != nil && (s.line.style != s.c.notation || s.line.m != s.c.m || s.hdrPieces != s.c.pieces) {
		s.retext() // the shared notation, width policy or piece style changed
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.c.width, s.c.height = msg.Width, msg.Height
		return s, nil
	case tea.MouseMsg:
		s.mouse(msg)
		return s, nil
	case tea.KeyMsg:
		if key.Matches(msg, s.keys.Quit) {
			return s, tea.Quit
		}
		if s.prompt != nil {
			return s, s.promptKey(msg)
		}
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 {
			// A burst (fast typing, paste, tmux send-keys) comes as one
			// message: take it rune by rune.
			var cmds []tea.Cmd
			for i, r := range msg.Runes {
				cmd := s.key(runeKey(r))
				cmds = append(cmds, cmd)
				if s.prompt != nil {
					// The rest of the burst is typed into the prompt.
					if rest := msg.Runes[i+1:]; len(rest) > 0 && s.prompt.confirm == "" {
						editInput(s.c, &s.prompt.input, tea.KeyMsg{Type: tea.KeyRunes, Runes: rest}, s.exportCols())
					}
					break
				}
			}
			return s, tea.Batch(cmds...)
		}
		return s, s.key(msg)
	}
	return s, nil
}

// key handles one key outside the export prompt.
func (s *studyModel) key(msg tea.KeyMsg) tea.Cmd {
	at := s.cur
	defer func() {
		if s.cur != at {
			s.noteTop = 0 // a new ply's comment starts at its top
		}
	}()
	if s.rec == nil {
		// Nothing to walk: only leaving makes sense.
		if key.Matches(msg, s.keys.Leave) || msg.Type == tea.KeyEsc || msg.Type == tea.KeyEnter {
			return s.leave()
		}
		return nil
	}
	if s.choosing {
		return s.chooseOpponent(msg)
	}
	if s.leaving {
		s.leaving = false
		if msg.Type == tea.KeyRunes && len(msg.Runes) == 1 && (msg.Runes[0] == 'y' || msg.Runes[0] == 'Y') {
			return s.leave()
		}
		s.say("still here: e exports the record", false)
		return nil
	}
	if msg.Type == tea.KeyRunes && len(msg.Runes) == 1 && msg.Runes[0] >= '0' && msg.Runes[0] <= '9' {
		if s.jump == nil {
			in := newInput(s.c, jumpPrompt, "", jumpDigits, jumpDigits)
			s.jump = &in
		}
		editInput(s.c, s.jump, msg, jumpDigits)
		return nil
	}
	if s.jump != nil {
		// The number takes enter, esc and the editing keys; any other key
		// drops it and does what it does.
		switch {
		case msg.Type == tea.KeyEnter:
			n, _ := strconv.Atoi(s.jump.Value())
			s.jump = nil
			s.goTo(n)
			return nil
		case msg.Type == tea.KeyEsc:
			s.jump = nil
			return nil
		case isEditKey(*s.jump, msg):
			editInput(s.c, s.jump, msg, jumpDigits)
			if s.jump.Value() == "" && msg.Type == tea.KeyBackspace {
				s.jump = nil
			}
			return nil
		}
		s.jump = nil
	}
	s.message = ""
	k := s.keys
	switch {
	case key.Matches(msg, k.Next):
		s.goTo(s.cur + 1)
	case key.Matches(msg, k.Prev):
		s.goTo(s.cur - 1)
	case key.Matches(msg, k.First):
		s.goTo(0)
	case key.Matches(msg, k.Last):
		s.goTo(s.moves())
	case key.Matches(msg, k.PageDown):
		s.goTo(s.cur + 10)
	case key.Matches(msg, k.PageUp):
		s.goTo(s.cur - 10)
	case key.Matches(msg, k.Variation):
		s.switchVariation(1)
	case key.Matches(msg, k.VariationBack):
		s.switchVariation(-1)
	case key.Matches(msg, k.MainLine):
		s.mainLine()
	case key.Matches(msg, k.NotesDown):
		s.scrollNotes(1)
	case key.Matches(msg, k.NotesUp):
		s.scrollNotes(-1)
	case key.Matches(msg, k.Notation):
		s.c.notation = cycleStyle(s.c.notation, 1)
		s.retext()
		s.say("notation: "+s.c.notation.String(), false)
	case key.Matches(msg, k.Flip):
		s.flip = !s.flip
	case key.Matches(msg, k.Help):
		s.showHelp = !s.showHelp
	case key.Matches(msg, k.Export):
		name := s.lastExport
		if name == "" {
			name = s.exportSuggestion()
		}
		s.prompt = &studyPrompt{input: newInput(s.c, exportPrompt, name, 0, s.exportCols())}
	case key.Matches(msg, k.PlayHere):
		if !s.position().HasLegalMove() {
			s.say("the side to move has no legal move here", true)
			return nil
		}
		s.choosing = true
	case key.Matches(msg, k.Leave), msg.Type == tea.KeyEsc && !s.showHelp:
		if s.dirty {
			s.leaving = true // ask first: the played moves are not saved
			return nil
		}
		return s.leave()
	case msg.Type == tea.KeyEsc:
		s.showHelp = false
	}
	return nil
}

// leave closes the study: back to the menu, or out of the app when the
// study was opened from the command line.
func (s *studyModel) leave() tea.Cmd {
	if s.quitOnLeave {
		return tea.Quit
	}
	return func() tea.Msg { return toMenuMsg{} }
}

// opponents are the answers to "play from here against …", by key.
var opponents = []struct {
	key  rune
	name string // a player kind play mode knows
	desc string
}{
	{'h', "human", "hot-seat"},
	{'g', "greedy", "greedy bot"},
	{'r', "random", "random bot"},
}

// chooseOpponent answers the "play from here" question: the user takes
// the side to move, the other side is a bot or the user again.
func (s *studyModel) chooseOpponent(msg tea.KeyMsg) tea.Cmd {
	s.choosing = false
	if msg.Type != tea.KeyRunes || len(msg.Runes) != 1 {
		s.say("play from here cancelled", false)
		return nil
	}
	for _, o := range opponents {
		if msg.Runes[0] != o.key {
			continue
		}
		pos := *s.position()
		var players [2]string
		players[pos.SideToMove()] = "human"
		players[pos.SideToMove().Other()] = o.name
		out := playFromMsg{node: s.node(), pos: pos, players: players}
		return func() tea.Msg { return out }
	}
	s.say("play from here cancelled", false)
	return nil
}

// exportSuggestion is the file name the export prompt starts with: the
// record's name as KIF in the current directory, never the source's
// folder, which may be read-only.
func (s *studyModel) exportSuggestion() string {
	base := filepath.Base(s.name)
	if s.name == "" || s.name == "stdin" || s.name == "-" {
		base = "record"
	}
	return strings.TrimSuffix(base, filepath.Ext(base)) + ".kif"
}

// promptKey edits the export file name, or answers the overwrite question.
func (s *studyModel) promptKey(msg tea.KeyMsg) tea.Cmd {
	p := s.prompt
	if p.confirm != "" {
		switch {
		case msg.Type == tea.KeyRunes && len(msg.Runes) > 0 && (msg.Runes[0] == 'y' || msg.Runes[0] == 'Y'):
			path := p.confirm
			s.prompt = nil
			s.export(path)
		case msg.Type == tea.KeyRunes || msg.Type == tea.KeyEsc || msg.Type == tea.KeyEnter:
			s.prompt = nil
			s.say("not saved", false)
		}
		return nil
	}
	switch msg.Type {
	case tea.KeyEsc:
		s.prompt = nil
		s.say("export cancelled", false)
	case tea.KeyEnter:
		path := strings.TrimSpace(p.input.Value())
		s.lastExport = p.input.Value()
		if path == "" {
			s.prompt = nil
			s.say("no file name: nothing saved", true)
			return nil
		}
		if kifu.FormatOfPath(path) == kifu.Unknown {
			s.prompt = nil
			s.say("unknown extension: use .kif .kifu .ki2 .ki2u .csa .jkf .usi .sfen or .psn (e edits the name)", true)
			return nil
		}
		if _, err := os.Stat(path); err == nil {
			p.confirm = path
			return nil
		}
		s.prompt = nil
		s.export(path)
	default:
		editInput(s.c, &p.input, msg, s.exportCols())
	}
	return nil
}

// exportCols is how many columns the export file name may take on
// screen: the width less the prompt and the cursor cell.
func (s *studyModel) exportCols() int { return s.c.width - s.c.m.width(exportPrompt) - 1 }

// export writes the whole record, branches included, in the format the
// extension names.
func (s *studyModel) export(path string) {
	if err := kifu.WriteFile(path, s.rec); err != nil {
		s.say(saveFailure(path, err), true)
		return
	}
	s.lastExport = ""
	s.dirty = false
	s.say(fmt.Sprintf("saved %s (%s)", path, kifu.FormatOfPath(path)), false)
}

// mouse steps with the wheel, jumps to a clicked move in the list and
// picks a clicked alternative on the variation line.
func (s *studyModel) mouse(msg tea.MouseMsg) {
	if s.rec == nil {
		return
	}
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		s.goTo(s.cur - 1)
		return
	case tea.MouseButtonWheelDown:
		s.goTo(s.cur + 1)
		return
	}
	if msg.Button != tea.MouseButtonLeft || msg.Action != tea.MouseActionPress {
		return
	}
	l := s.layout()
	if ply, ok := l.moveAt(s, msg.X, msg.Y); ok {
		s.goTo(ply)
		return
	}
	if msg.Y == l.bottomY+1 {
		// The variation line: a click picks that alternative.
		_, spans := s.variations()
		for _, sp := range spans {
			if msg.X >= sp.start && msg.X < sp.end {
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
	var pe *kifu.ParseError
	if errors.As(s.loadErr, &pe) && pe.Ply > 0 {
		return fmt.Sprintf("read up to move %d; move %d cannot be read: %v", pe.Ply-1, pe.Ply, s.loadErr)
	}
	return fmt.Sprintf("read up to move %d; the rest cannot be read: %v", len(s.rec.MainMoves()), s.loadErr)
}
