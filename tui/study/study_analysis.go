package study

import (
	"context"
	"fmt"
	"io"
	"log"
	"sync"
	"time"

	"shogi/tui/common"
	"shogi/tui/components"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/analysis"
	"shogi/game/engine"
	"shogi/game/match"
	"shogi/game/usi"
	"shogi/kifu"
	"shogi/kifu/annotate"
)

// mateTime is how long the mate key searches.
const mateTime = 10 * time.Second

// feedInterval is the least time between two redraws for one engine's
// reports: a real engine sends hundreds a second.
const feedInterval = 30 * time.Millisecond

// studyAnalysis is the study's engine work: the live analysis of the
// position shown (a Session kept on go infinite), a mate search, the
// engine's line played out on the board, and the whole-record pass with
// what it found. The engine itself runs in game/analysis; this holds
// what the screen needs and the requests it made.
type studyAnalysis struct {
	choices  []common.EngineChoice
	choice   int
	passTime time.Duration // a position's time in the whole-record pass
	log      io.Writer     // engines' transcripts, or nil

	sess *analysis.Session // nil until an engine is started
	// closing holds the engines being closed in the background, which
	// closeEngines(true) waits for: none outlives the program.
	closing   sync.WaitGroup
	starting  bool
	gen       int  // the current start: a switch of engine makes older starts stale
	wantMate  bool // once the engine is up, search for a mate rather than analyse
	on        bool // the live analysis is wanted
	paused    bool // on when a game from the study began: on again when it ends
	unsaved   bool // the record has analysis no file has
	node      *kifu.Node
	lines     int // the MultiPV the node was asked with
	id        uint64
	multiPV   int
	err       error
	feedState *feedState // the live session's feed's

	preview *linePreview
	pass    *recordPass

	// What is known of the main line: from the record's comments when it
	// was opened, then from the passes.
	line   annotate.Line
	report *analysis.Report
	judged []analysis.Judgement // by ply; Ply 0 where none
	marks  map[*kifu.Node]analysis.Mark
}

// linePreview is an engine line played out on the board from the ply
// shown, as a temporary variation.
type linePreview struct {
	moves  []game.Move
	pos    []game.Position // pos[i] after i moves
	text   []string
	at     int
	engine string
	value  analysis.Value
	depth  int
}

// The messages of the study's engine work. Each names its study, so the
// root hands it over even while a game started from the study is shown.
type (
	engineStartedMsg struct {
		s   *studyModel
		gen int
		eng analysis.Engine
		err error
	}
	analysisMsg struct {
		s    *studyModel
		sess *analysis.Session
	}
	passMsg struct {
		s  *studyModel
		p  *recordPass
		ev passEvent
	}
)

// studyAsync is a message for a study's engine work.
type studyAsync interface{ study() *studyModel }

func (m engineStartedMsg) study() *studyModel { return m.s }
func (m analysisMsg) study() *studyModel      { return m.s }
func (m passMsg) study() *studyModel          { return m.s }

// newStudyAnalysis sets up the engine list: the engine named on the
// command line, else the settings' study engine (the strongest built-in
// level unless they name another) first, then the list the options give
// and the built-in engine.
func newStudyAnalysis(o common.EngineOptions) *studyAnalysis {
	a := &studyAnalysis{multiPV: 1, passTime: o.PassTime, log: o.Log, feedState: &feedState{}}
	if a.passTime <= 0 {
		a.passTime = analysis.DefaultMoveTime
	}
	seen := map[string]bool{}
	add := func(c common.EngineChoice) {
		if c.Spec == "" || seen[c.Spec] {
			return
		}
		seen[c.Spec] = true
		if c.Name == "" {
			c.Name = c.Spec
		}
		a.choices = append(a.choices, c)
	}
	if o.Engine != "" {
		add(common.EngineChoice{Spec: o.Engine})
	}
	add(o.Default)
	for _, c := range o.Engines {
		add(c)
	}
	def := analysis.DefaultSpec()
	add(common.EngineChoice{Name: def.Name, Spec: def.String()})
	return a
}

// startEngine starts the engine a choice names.
func startEngine(ctx context.Context, c common.EngineChoice, logTo io.Writer) (analysis.Engine, error) {
	spec, err := match.ParseSpec(c.Spec)
	if err != nil {
		return nil, err
	}
	cfg := usi.Config{}
	if logTo != nil {
		cfg.Log = log.New(logTo, "", log.Ltime|log.Lmicroseconds)
	}
	return analysis.Start(ctx, spec, cfg, nil)
}

// loadStored reads the analysis the record's comments hold (ShogiHome's
// or ours), for the graph, the marks and the summary.
func (s *studyModel) loadStored() {
	a := s.an
	a.line = annotate.MainLine(s.rec)
	rep, marks := a.line.Read()
	known := 0
	for _, r := range rep.Results {
		if r.Done && r.Value.Known() {
			known++
		}
	}
	if known == 0 {
		return
	}
	a.report = rep
	a.judged = make([]analysis.Judgement, len(rep.Results))
	a.marks = map[*kifu.Node]analysis.Mark{}
	for _, j := range rep.Judge(analysis.DefaultThresholds) {
		j.Mark = marks[j.Ply] // the record's verdict is what the record says
		a.judged[j.Ply] = j
	}
	for ply, m := range marks {
		if ply > 0 && m != analysis.NoMark {
			a.marks[a.line.Nodes[ply-1]] = m
		}
	}
}

// engineName is the chosen engine's name.
func (a *studyAnalysis) engineName() string {
	if a.sess != nil {
		return a.sess.Engine()
	}
	return a.choices[a.choice].Name
}

// target is the position shown as an analysis request: the record's start
// and the moves to it; false when a foul the record kept comes first.
func (s *studyModel) target() (engine.Request, bool) {
	t := engine.Request{Start: s.rec.Start, MultiPV: s.an.multiPV}
	for i := 1; i <= s.cur; i++ {
		n := s.line.nodes[i]
		if !n.IsMove() {
			break
		}
		if !s.line.legal[i] {
			return t, false
		}
		t.Moves = append(t.Moves, n.Move)
	}
	return t, true
}

// analysisKey handles the engine keys; handled is false for other keys.
func (s *studyModel) analysisKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := s.c.Keys.An
	a := s.an
	aw := s.awords()
	if a.preview != nil {
		if cmd, ok := s.previewKey(msg); ok {
			return cmd, true
		}
	}
	switch {
	case common.KeyIs(msg, k.Analyse):
		if a.on {
			a.on = false
			if a.sess != nil {
				a.sess.Stop()
			}
			return nil, true
		}
		if a.err != nil {
			s.closeLive() // the engine failed: start it afresh
		}
		a.on, a.node, a.err = true, nil, nil
		return s.ensureEngine(false), true
	case common.KeyIs(msg, k.MoreLines), common.KeyIs(msg, k.FewerLines):
		d := 1
		if common.KeyIs(msg, k.FewerLines) {
			d = -1
		}
		n := a.multiPV + d
		if n < 1 || n > analysis.MaxLines {
			s.say(aw.MaxLine, false)
			return nil, true
		}
		a.multiPV = n
		s.say(fmt.Sprintf(aw.Lines, n), false)
		return nil, true
	case common.KeyIs(msg, k.ShowLine):
		s.startPreview()
		return nil, true
	case common.KeyIs(msg, k.AddLine):
		s.addEngineLine()
		return nil, true
	case common.KeyIs(msg, k.Mate):
		if a.err != nil {
			s.closeLive()
		}
		a.err = nil
		if !s.Position().HasLegalMove() {
			s.say(aw.CannotAnalyse, false)
			return nil, true
		}
		if a.sess == nil {
			return s.ensureEngine(true), true
		}
		s.askMate()
		return nil, true
	case common.KeyIs(msg, k.Pass):
		if a.pass != nil {
			a.pass.stopped = true
			a.pass.cancel()
			return nil, true
		}
		return s.startPass(), true
	case common.KeyIs(msg, k.NextEngine):
		s.closeLive()
		a.choice = (a.choice + 1) % len(a.choices)
		a.err = nil
		s.say(fmt.Sprintf(aw.Engine, a.choices[a.choice].Name), false)
		if a.on {
			return s.ensureEngine(false), true
		}
		return nil, true
	}
	return nil, false
}

// ensureEngine starts the chosen engine unless it runs already; mate
// says what to do first once it is up.
func (s *studyModel) ensureEngine(mate bool) tea.Cmd {
	a := s.an
	a.wantMate = mate
	if a.sess != nil {
		if mate {
			s.askMate()
		}
		return nil
	}
	if a.starting {
		return nil
	}
	a.starting = true
	a.gen++
	gen, choice, logTo, ctx := a.gen, a.choices[a.choice], a.log, s.c.Context()
	return func() tea.Msg {
		eng, err := startEngine(ctx, choice, logTo)
		return engineStartedMsg{s: s, gen: gen, eng: eng, err: err}
	}
}

// askMate starts a mate search of the position shown.
func (s *studyModel) askMate() {
	a := s.an
	t, ok := s.target()
	if !ok {
		s.say(s.awords().NotOnFoul, true)
		return
	}
	a.id = a.sess.Mate(t, mateTime)
	a.node, a.lines = s.node(), t.MultiPV
}

// closeLive ends the live session (in the background: an engine may take
// a moment to quit).
func (s *studyModel) closeLive() {
	a := s.an
	if sess := a.sess; sess != nil {
		a.closing.Go(func() { sess.Close() })
		a.sess = nil
	}
	a.starting = false
	a.gen++
	a.node = nil
}

// closeEngines ends every engine of the study: the live one and a pass.
// wait closes the live one before returning (when the program ends, so no
// engine outlives it).
func (s *studyModel) closeEngines(wait bool) {
	a := s.an
	if p := a.pass; p != nil {
		p.stopped = true
		p.cancel()
		if wait && p.launched.Load() {
			<-p.finished
		}
	}
	if wait && a.sess != nil {
		a.sess.Close()
		a.sess = nil
	}
	s.closeLive()
	a.on = false
	if wait {
		a.closing.Wait()
	}
}

// feed waits for the session's next change. Changes closer together
// than feedInterval are merged into one redraw, except the first news of
// a position (after a step, its first line), which comes at once.
func (s *studyModel) feed(sess *analysis.Session) tea.Cmd {
	st := s.an.feedState
	return func() tea.Msg {
		select {
		case <-sess.Changed():
		case <-sess.Done():
			return nil
		}
		sn := sess.Snapshot()
		news := sn.ID != st.id || !st.lines && len(sn.Lines) > 0
		if wait := feedInterval - time.Since(st.last); wait > 0 && !news {
			time.Sleep(wait)
		}
		st.last, st.id, st.lines = time.Now(), sn.ID, len(sn.Lines) > 0
		return analysisMsg{s: s, sess: sess}
	}
}

// feedState is what a session's feed remembers between two wakes; only
// that feed's command (one at a time) touches it.
type feedState struct {
	last  time.Time
	id    uint64
	lines bool
}

// async handles the study's engine messages.
func (s *studyModel) async(msg tea.Msg) tea.Cmd {
	a := s.an
	aw := s.awords()
	switch msg := msg.(type) {
	case engineStartedMsg:
		if msg.gen != a.gen {
			if msg.eng != nil {
				eng := msg.eng // a start overtaken by a switch of engine
				a.closing.Go(func() { eng.Close() })
			}
			return nil
		}
		a.starting = false
		if msg.err != nil {
			a.err, a.on = msg.err, false
			s.say(fmt.Sprintf(aw.EngineStopped, msg.err), true)
			return nil
		}
		a.sess = analysis.NewSession(s.c.Context(), msg.eng)
		a.feedState = &feedState{} // the old session's feed may still hold the last one
		if a.wantMate {
			a.wantMate = false
			s.askMate()
		}
		s.syncAnalysis()
		return s.feed(a.sess)
	case analysisMsg:
		if msg.sess != a.sess {
			return nil // a session closed since
		}
		if sn := a.sess.Snapshot(); sn.ID == a.id && sn.Err != nil && a.err == nil {
			a.err, a.on = sn.Err, false
			s.say(fmt.Sprintf(aw.EngineStopped, sn.Err), true)
		}
		return s.feed(a.sess)
	case passMsg:
		if msg.p != a.pass {
			return nil
		}
		return s.passEvent(msg.ev)
	case bookFoundMsg:
		return s.bookFound(msg)
	}
	return nil
}

// syncAnalysis asks the engine about the position shown when it is not
// the one it works on: after a step, a switch of branch, a game played
// from here, or a change in the number of lines.
func (s *studyModel) syncAnalysis() {
	a := s.an
	if !a.on || a.sess == nil || s.rec == nil {
		return
	}
	n := s.node()
	if n == a.node && a.lines == a.multiPV {
		return
	}
	t, ok := s.target()
	a.node, a.lines = n, a.multiPV
	if !ok {
		a.sess.Stop()
		a.id = 0
		return
	}
	a.id = a.sess.Analyse(t)
}

// snapshot is the live engine's view of the position shown, if it has one.
func (s *studyModel) snapshot() (analysis.Snapshot, bool) {
	a := s.an
	if a.sess == nil || a.node != s.node() || a.id == 0 {
		return analysis.Snapshot{}, false
	}
	sn := a.sess.Snapshot()
	return sn, sn.ID == a.id
}

// engineLine is the line the preview and branch keys take: the live
// engine's best line for the position shown, else the one the record's
// analysis gives for it.
func (s *studyModel) engineLine() (moves []game.Move, engine string, v analysis.Value, depth int) {
	if sn, ok := s.snapshot(); ok && sn.Mode == analysis.MateSearch && sn.Mate != nil && len(sn.Mate.Moves) > 0 {
		return sn.Mate.Moves, sn.Engine, analysis.MateBy(s.Position().SideToMove(), len(sn.Mate.Moves)), len(sn.Mate.Moves)
	}
	if sn, ok := s.snapshot(); ok && len(sn.Lines) > 0 && len(sn.Lines[0].PV) > 0 {
		l := sn.Lines[0]
		return l.PV, sn.Engine, l.Value, l.Depth
	}
	if e, _, ok := s.storedAnalysis(); ok && len(e.PV) > 0 {
		return e.PV, e.Engine, evalValue(e), e.Depth
	}
	return nil, "", analysis.Value{}, 0
}

// storedAnalysis is the evaluation the record holds of the position
// shown: an analysis's, else the one the engine that played the move
// wrote during the game; src says which.
func (s *studyModel) storedAnalysis() (kifu.Evaluation, kifu.Source, bool) {
	if s.cur == 0 {
		return kifu.Evaluation{}, kifu.Analysed, false
	}
	return s.node().Stored(*s.Position())
}

// evalValue is a record evaluation as a Value.
func evalValue(e kifu.Evaluation) analysis.Value {
	switch {
	case e.Mate > 0:
		return analysis.MateBy(game.Black, e.Mate)
	case e.Mate < 0:
		return analysis.MateBy(game.White, -e.Mate)
	case e.HasScore:
		return analysis.Centipawns(e.Score)
	}
	return analysis.Value{}
}

// startPreview plays the engine's line out on the board.
func (s *studyModel) startPreview() {
	moves, engine, v, depth := s.engineLine()
	if len(moves) == 0 {
		s.say(s.awords().NoEngineLine, false)
		return
	}
	p := &linePreview{engine: engine, value: v, depth: depth, pos: []game.Position{*s.Position()}}
	prev := s.node().Move
	for _, m := range moves {
		pos := p.pos[len(p.pos)-1]
		if !pos.IsLegal(m) {
			break
		}
		p.text = append(p.text, s.formatMove(&pos, m, prev))
		p.moves = append(p.moves, m)
		p.pos = append(p.pos, pos.Play(m))
		prev = m
	}
	p.at = 1
	s.an.preview = p
}

// previewKey steps through the preview; handled is false for a key that
// ends it (and then does what it does).
func (s *studyModel) previewKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	p := s.an.preview
	k := s.c.Keys
	switch {
	case common.KeyIs(msg, k.Next), common.KeyIs(msg, k.An.ShowLine):
		p.at = min(p.at+1, len(p.moves))
	case common.KeyIs(msg, k.Prev):
		if p.at--; p.at <= 0 {
			s.an.preview = nil
		}
	case common.KeyIs(msg, k.First):
		p.at = 0
	case common.KeyIs(msg, k.Last):
		p.at = len(p.moves)
	case common.KeyIs(msg, k.An.AddLine):
		s.addEngineLine()
	case msg.String() == "esc":
		s.an.preview = nil
	default:
		s.an.preview = nil
		return nil, false
	}
	return nil, true
}

// addEngineLine adds the engine's line (the one previewed, or the live
// best line) to the record as a branch from the position shown, with a
// comment naming the engine, and shows its first move.
func (s *studyModel) addEngineLine() {
	a := s.an
	aw := s.awords()
	var moves []game.Move
	var engine string
	var v analysis.Value
	var depth int
	if p := a.preview; p != nil {
		moves, engine, v, depth = p.moves, p.engine, p.value, p.depth
	} else {
		moves, engine, v, depth = s.engineLine()
	}
	a.preview = nil
	if len(moves) == 0 {
		s.say(aw.NoEngineLine, false)
		return
	}
	from := s.node()
	s.addLine(from, moves, game.Result{})
	first := s.line.nodes[from.Ply+1]
	if first.Comment() == "" {
		first.SetComment(fmt.Sprintf(aw.AddedComment, engine, s.valueText(v), depth))
		s.dirty = true
	}
	s.goTo(from.Ply + 1)
	s.say(fmt.Sprintf(aw.Added, s.c.Words.Count(len(moves)), from.Ply+1), false)
}

// judgements are the moves judged so far.
func (a *studyAnalysis) judgements() []analysis.Judgement {
	var out []analysis.Judgement
	for _, j := range a.judged {
		if j.Ply > 0 {
			out = append(out, j)
		}
	}
	return out
}

// graph is the evaluation graph's data, or false when fewer than two
// positions have a value.
func (s *studyModel) graph() (components.EvalGraph, bool) {
	a := s.an
	if a.report == nil {
		return components.EvalGraph{}, false
	}
	vals := make([]analysis.Value, len(a.report.Results))
	known := 0
	for i, r := range a.report.Results {
		if r.Done && r.Value.Known() {
			vals[i] = r.Value
			known++
		}
	}
	if known < 2 {
		return components.EvalGraph{}, false
	}
	cur := s.cur
	if a.preview != nil {
		cur = -1
	}
	return components.GraphOf(vals, min(cur, len(vals)-1)), true
}

// markOf is the judgement of a node on the main line.
func (s *studyModel) markOf(n *kifu.Node) analysis.Mark {
	if s.an.marks == nil {
		return analysis.NoMark
	}
	return s.an.marks[n]
}

// pauseAnalysis stops the live analysis while a game is played from the
// study (the engine would think against the game's bot); the engine stays
// up, and resumeAnalysis restarts it on the game's last position.
func (s *studyModel) pauseAnalysis() {
	a := s.an
	if a.on && a.sess != nil {
		a.sess.Stop()
	}
	a.paused = a.on
	a.on, a.preview = false, nil
}

// resumeAnalysis restarts the live analysis a game from the study paused.
func (s *studyModel) resumeAnalysis() {
	a := s.an
	if a.paused {
		a.on, a.paused, a.node = true, false, nil
		s.syncAnalysis()
	}
}
