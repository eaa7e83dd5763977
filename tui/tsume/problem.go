package tsume

import (
	"context"
	"fmt"
	"time"

	appsession "shogi/app/session"
	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/tui/components/entry"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"shogi/assets"
	"shogi/game"
	"shogi/game/bot"
	"shogi/game/match"
	"shogi/game/notation"
	"shogi/game/progress"
	"shogi/game/tsume"
)

// Options say where a problem screen starts and where leaving it goes.
type Options struct {
	// Filter is the lengths next and previous walk through; the zero
	// Filter is every length.
	Filter Filter
	// ID is the problem to open first (the first item when it is "").
	ID string
	// Chooser makes the collection's chooser of lengths the screen's
	// home: it opens on it unless ID or Filter picks a problem, and
	// leaving a problem returns to it.
	Chooser bool
	// Back is what leaving the screen sends (nil: back to the menu);
	// QuitOnLeave ends the app instead (shogi tsume).
	Back        tea.Msg
	QuitOnLeave bool
}

// Model is the problem screen: the chooser of lengths (for the
// collection), then one problem at a time.
type Model struct {
	c    *common.Common
	env  *Env
	keys keyMap
	set  Set
	opts Options

	store    *progress.Store // nil: progress is not kept
	stats    progress.Stats
	item     progress.Item
	itemOK   bool
	chooser  bool // the chooser page is showing
	choose   int  // its cursor, an index into Filters
	filter   Filter
	at       int // the item shown
	attempt  attempt
	flip     bool
	entry    entry.Entry
	status   string
	isErr    bool
	spin     spinner.Model
	ticking  bool
	checking bool // the composer's check runs (it has a solver of its own)
	report   *tsume.Report
	checkGen int
	cancelCk context.CancelFunc
}

// attempt is one try at the item shown, on its Session. The screen keeps
// its own copy of what it draws (the position, the moves), taken from
// the Session only while no command holds it.
type attempt struct {
	sess   *tsume.Session // nil: the item is no problem
	gen    int            // messages of an older attempt are dropped
	busy   busyKind       // a command holds the session
	cancel context.CancelFunc
	began  time.Time

	pos   game.Position
	moves []game.Move
	texts []string // the moves in the app's notation

	length       int
	noLength     bool // the solver found no mate (or none within its budget)
	noMate       bool // the solver proved there is none
	lengthWork   bool // a solver of the screen's own works the length out
	cancelLength context.CancelFunc
	pending      game.Move
	last         *lastView
	result       *tsume.Result
	over         bool // lost to perpetual check
	escaped      bool
	hint         game.Move
	hintText     string
	hintErr      bool

	solution []game.Move
	showing  bool // the solution is on the board
	step     int  // the solution's ply shown

	attacked bool // a check was played: leaving counts as a miss
	recorded bool // the attempt is in the progress store
}

type busyKind int

const (
	idle busyKind = iota
	busyAttack
	busyHint
	busySolution
)

// lastView is what the last played check came to.
type lastView struct {
	verdict tsume.Verdict
	text    string
	took    time.Duration
}

// The messages of the screen's commands; gen is the attempt's.
type (
	attackedMsg struct {
		gen   int
		out   tsume.Outcome
		err   error
		took  time.Duration
		pos   game.Position
		moves []game.Move
	}
	hintMsg struct {
		gen int
		mv  game.Move
		st  bot.MateStatus
	}
	solutionMsg struct {
		gen  int
		line []game.Move
		st   bot.MateStatus
	}
	lengthMsg struct {
		gen, n int
		st     bot.MateStatus
	}
	checkedMsg struct {
		gen int
		r   tsume.Report
	}
	recordedMsg struct{ err error }
	tickMsg     struct{ gen int }
)

// New is a problem screen on set, shared state from env.
func New(c *common.Common, env *Env, set Set, o Options) Model {
	m := Model{c: c, env: env, keys: newKeys(c), set: set, opts: o, filter: o.Filter,
		spin: spinner.New(spinner.WithSpinner(spinner.Line))}
	if set.Collection {
		st, err := env.Store(TsumeFile)
		m.store = st
		if err != nil {
			m.setError(fmt.Sprintf(m.tw().SavedNot, err))
		}
	}
	m.refreshStats()
	m.chooser = o.Chooser && set.Collection
	for i, f := range Filters {
		if f == o.Filter && !f.All() {
			m.choose = i
		}
	}
	switch {
	case o.ID != "":
		for i, it := range set.Items {
			if it.Problem.ID == o.ID {
				m.at, m.chooser = i, false
			}
		}
	case !o.Filter.All():
		if i, ok := m.firstOf(o.Filter); ok {
			m.at, m.chooser = i, false
		}
	}
	return m
}

// firstOf is the first item f takes that has not been solved, else the
// first f takes; ok is false when f takes none.
func (m *Model) firstOf(f Filter) (int, bool) {
	idx := m.set.indices(f)
	if len(idx) == 0 {
		return 0, false
	}
	for _, i := range idx {
		if !m.solvedBefore(i) {
			return i, true
		}
	}
	return idx[0], true
}

// Init starts the first problem's work (its length, when it came without
// one) and the clock.
func (m *Model) Init() tea.Cmd {
	if m.chooser || len(m.set.Items) == 0 {
		return nil
	}
	return m.open(m.at)
}

func (m *Model) tw() *words.TsumeWords { return words.TsumeWordsFor(m.c.Lang) }

func (m *Model) setError(s string) { m.status, m.isErr = s, true }
func (m *Model) setInfo(s string)  { m.status, m.isErr = s, false }

// item is the item shown.
func (m *Model) cur() *Item {
	if m.at < 0 || m.at >= len(m.set.Items) {
		return &Item{Err: fmt.Errorf("no problem")}
	}
	return &m.set.Items[m.at]
}

// open starts an attempt at item i.
func (m *Model) open(i int) tea.Cmd {
	m.stopWork()
	m.at = i
	it := m.cur()
	prev := m.attempt.sess
	a := attempt{gen: m.c.NextGen(), began: m.c.Now(), pos: it.Problem.Start, length: it.Problem.Length}
	if it.Err == nil {
		a.sess = tsume.NewSessionRun(it.Problem, m.env.Defender, m.c.Now, attemptRunner(m.c.Context()))
	}
	m.attempt = a
	m.report, m.checking = nil, false
	m.retext()
	att := it.Problem.Start.SideToMove()
	m.flip = att == game.White
	sq := it.Problem.Start.KingSquare(att.Other())
	if sq == game.NoSquare {
		sq = game.NewSquare(5, 5)
	}
	m.entry = entry.New(sq)
	m.refreshStats()
	var cmds []tea.Cmd
	if prev != nil {
		// The last attempt's match ends off the UI loop (its defender may
		// be thinking: stopWork cancelled that).
		cmds = append(cmds, func() tea.Msg { prev.Close(); return nil })
	}
	if a.sess != nil && a.length == 0 {
		cmds = append(cmds, m.workOutLength(it.Problem))
	}
	cmds = append(cmds, m.tick())
	return tea.Batch(cmds...)
}

// workOutLength works out the length of a problem that came without
// one, on a solver of its own: the attempt goes on meanwhile.
func (m *Model) workOutLength(pr tsume.Problem) tea.Cmd {
	a := &m.attempt
	ctx, cancel := context.WithCancel(m.c.Context())
	a.lengthWork, a.cancelLength = true, cancel
	gen := a.gen
	return tea.Batch(m.c.Block(m.spin.Tick), func() tea.Msg {
		defer cancel()
		ts := bot.NewTsume(pr.Attacker(), bot.TsumeOptions{Budget: tsume.DefaultBudget})
		n, st := ts.Length(ctx, pr.Start)
		return lengthMsg{gen: gen, n: n, st: st}
	})
}

// work runs f on the attempt's session in a command; the session is the
// command's until its message comes back.
func (m *Model) work(kind busyKind, f func(ctx context.Context, s *tsume.Session, gen int) tea.Msg) tea.Cmd {
	a := &m.attempt
	ctx, cancel := context.WithCancel(m.c.Context())
	a.busy, a.cancel = kind, cancel
	s, gen := a.sess, a.gen
	return tea.Batch(m.c.Block(m.spin.Tick), func() tea.Msg {
		defer cancel()
		return f(ctx, s, gen)
	})
}

// stopWork cancels what the attempt and the check have in flight; their
// answers will be dropped.
func (m *Model) stopWork() {
	if m.attempt.cancel != nil {
		m.attempt.cancel()
	}
	if m.attempt.cancelLength != nil {
		m.attempt.cancelLength()
	}
	if m.cancelCk != nil {
		m.cancelCk()
		m.cancelCk = nil
	}
	m.checking = false
}

// Stop ends the screen's work: the app is closing or leaving it. The
// attempt's match ends with it.
func (m *Model) Stop() {
	m.stopWork()
	if m.attempt.sess != nil {
		m.attempt.sess.Close()
	}
}

// attemptRunner runs an attempt's match through the app's game session:
// the defender is a player of it like any other. The defender serves one
// problem after another, so the session keeps it (Keep). ctx is the
// app's: its end ends the match.
func attemptRunner(ctx context.Context) tsume.Runner {
	return func(cfg match.Config) (match.Control, func(), error) {
		s, err := appsession.New(appsession.Config{Match: cfg, Keep: cfg.Players})
		if err != nil {
			return nil, nil, err
		}
		s.Start(ctx)
		return s.Match(), func() { s.Stop("the attempt was left") }, nil
	}
}

// retext writes the moves in the app's notation.
func (m *Model) retext() {
	a := &m.attempt
	a.texts = moveTexts(m.c, m.cur().Problem.Start, a.moves)
}

func moveTexts(c *common.Common, start game.Position, moves []game.Move) []string {
	out := make([]string, len(moves))
	p, prev := start, game.NoMove
	for i, mv := range moves {
		out[i] = notation.Format(&p, mv, c.Notation, prev)
		p, prev = p.Play(mv), mv
	}
	return out
}

// lastMove is the move that led to the position now.
func (a *attempt) lastMove() game.Move {
	if len(a.moves) == 0 {
		return game.NoMove
	}
	return a.moves[len(a.moves)-1]
}

// why says why no attacking move may be made now, or "".
func (m *Model) why() string {
	tw := m.tw()
	a := &m.attempt
	it := m.cur()
	switch {
	case it.Err != nil:
		return m.faultText(it.Err)
	case a.showing:
		return tw.SolutionKeys
	case a.busy != idle:
		return tw.Thinking
	case a.result != nil:
		return m.overText()
	case a.over:
		return tw.Perpetual
	}
	return ""
}

// overText is what a solved problem offers: the next and previous only
// where there are others (a position from the editor or the study is the
// only one).
func (m *Model) overText() string {
	if len(m.set.Items) > 1 {
		return m.tw().AttackOver
	}
	return m.tw().AttackOverOne
}

func (m *Model) entryAt() entry.At {
	a := &m.attempt
	return entry.At{Pos: &a.pos, Last: a.lastMove(), Flip: m.flip, Why: m.why()}
}

// Quiet reports whether the screen waits for the person: nothing is
// thinking. For the tests' harness.
func (m *Model) Quiet() bool {
	return m.chooser || m.attempt.busy == idle && !m.attempt.lengthWork && !m.checking
}

// Busy reports whether the defender or the solver is thinking.
func (m *Model) Busy() bool { return m.attempt.busy != idle }

// Update handles a message for the screen.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case attackedMsg:
		if msg.gen != m.attempt.gen {
			return m, nil
		}
		return m.attacked(msg)
	case hintMsg:
		if msg.gen == m.attempt.gen {
			m.hinted(msg)
		}
		return m, nil
	case solutionMsg:
		if msg.gen != m.attempt.gen {
			return m, nil
		}
		return m.solved(msg)
	case lengthMsg:
		if msg.gen == m.attempt.gen {
			a := &m.attempt
			a.lengthWork, a.cancelLength = false, nil
			if a.length == 0 && msg.st == bot.MateFound {
				a.length = msg.n // not the solver's -1 for none
			}
			a.noLength = msg.st != bot.MateFound && a.length == 0
			a.noMate = msg.st == bot.NoMate && a.length == 0
		}
		return m, nil
	case checkedMsg:
		if msg.gen == m.checkGen && m.checking {
			m.checking, m.cancelCk = false, nil
			m.report = &msg.r
		}
		return m, nil
	case recordedMsg:
		if msg.err != nil {
			m.setError(fmt.Sprintf(m.tw().SavedNot, msg.err))
		}
		m.refreshStats()
		return m, nil
	case tickMsg:
		if msg.gen != m.attempt.gen {
			return m, nil
		}
		m.ticking = false
		return m, m.tick()
	case spinner.TickMsg:
		if m.Quiet() {
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, m.c.Block(cmd)
	case tea.MouseClickMsg:
		return m.mouse(msg)
	case tea.PasteMsg:
		if !m.chooser && !m.attempt.showing {
			m.entry.Paste(m.c, m.entryAt(), msg.Content)
		}
		return m, nil
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	return m, nil
}

// tick redraws the attempt's clock each second while it runs.
func (m *Model) tick() tea.Cmd {
	a := &m.attempt
	if m.ticking || m.chooser || a.sess == nil || a.result != nil || a.over {
		return nil
	}
	m.ticking = true
	gen := a.gen
	wait := time.Second - m.c.Now().Sub(a.began)%time.Second + 5*time.Millisecond
	return m.c.Block(tea.Tick(wait, func(time.Time) tea.Msg { return tickMsg{gen: gen} }))
}

// key handles a key press.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	k, ck := m.keys, m.c.Keys
	if common.KeyIs(msg, ck.Quit) {
		m.Stop()
		return m, tea.Quit
	}
	m.status, m.isErr = "", false
	if m.chooser {
		return m.chooserKey(msg)
	}
	if m.attempt.showing {
		return m.solutionKey(msg)
	}
	ch := m.entry.Key(m.c, m.entryAt(), msg)
	if ch.Handled {
		if ch.Err != "" {
			m.setError(ch.Err)
		}
		if ch.Move != game.NoMove {
			return m.attack(ch.Move)
		}
		return m, nil
	}
	switch {
	case common.KeyIs(msg, k.Hint):
		return m, m.askHint()
	case common.KeyIs(msg, k.Solution):
		return m, m.askSolution()
	case common.KeyIs(msg, k.Retry):
		m.retry()
	case common.KeyIs(msg, k.Restart):
		return m, m.restart()
	case common.KeyIs(msg, k.Next):
		return m, m.goNext(1)
	case common.KeyIs(msg, k.Prev):
		return m, m.goNext(-1)
	case common.KeyIs(msg, k.Check):
		return m, m.check()
	case common.KeyIs(msg, ck.Flip):
		m.flip = !m.flip
	case common.KeyIs(msg, ck.Notation):
		m.c.Notation = m.c.CycleNotation(m.c.Notation, 1)
		m.retext()
		m.entry.Recheck(m.c, m.entryAt())
		m.setInfo(fmt.Sprintf(m.c.Words.ListStyle, m.c.Notation))
	case common.KeyIs(msg, ck.CopySFEN), common.KeyIs(msg, ck.Copy):
		pos := m.shown()
		return m, components.CopyCmd(m.c, &pos, common.KeyIs(msg, ck.CopySFEN), m.setInfo)
	case common.KeyIs(msg, ck.Help):
		return m, m.openHelp()
	case common.KeyIs(msg, k.Leave):
		return m, m.leave()
	case common.KeyIs(msg, ck.Cancel):
		m.attempt.hint, m.attempt.hintText = game.NoMove, ""
	}
	return m, nil
}

// shown is the position on the board: the attempt's, or the solution's
// step.
func (m *Model) shown() game.Position {
	a := &m.attempt
	if !a.showing {
		return a.pos
	}
	p := m.cur().Problem.Start
	for _, mv := range a.solution[:a.step] {
		p = p.Play(mv)
	}
	return p
}

// attack hands the person's check to the session.
func (m Model) attack(mv game.Move) (Model, tea.Cmd) {
	if why := m.why(); why != "" {
		m.setError(why)
		return m, nil
	}
	a := &m.attempt
	a.pending = mv
	a.hint, a.hintText = game.NoMove, ""
	cmd := m.work(busyAttack, func(ctx context.Context, s *tsume.Session, gen int) tea.Msg {
		t0 := time.Now()
		out, err := s.Attack(ctx, mv)
		took := time.Since(t0)
		return attackedMsg{gen: gen, out: out, err: err, took: took, pos: s.Position(), moves: append([]game.Move(nil), s.Moves()...)}
	})
	return m, cmd
}

// attacked shows what the session made of a check.
func (m Model) attacked(msg attackedMsg) (Model, tea.Cmd) {
	tw := m.tw()
	a := &m.attempt
	a.busy, a.cancel, a.pending = idle, nil, game.NoMove
	if msg.err != nil {
		m.setError(tw.Cancelled)
		return m, nil
	}
	out := msg.out
	before, last := a.pos, a.lastMove()
	if out.Verdict == tsume.Refused {
		text := out.Move.USI()
		if out.Refusal == tsume.NotCheck {
			text = notation.Format(&before, out.Move, m.c.Notation, last)
		}
		m.setError(tw.Refusal(m.c.Words, out, text))
		return m, nil
	}
	a.attacked = true
	a.pos, a.moves = msg.pos, msg.moves
	m.retext()
	m.entry.Clear()
	reply := ""
	if out.Reply != game.NoMove {
		after := before.Play(out.Move)
		reply = notation.Format(&after, out.Reply, m.c.Notation, out.Move)
	}
	a.last = &lastView{verdict: out.Verdict, text: tw.Verdict(out, reply), took: msg.took}
	a.escaped = out.Verdict == tsume.Escaped
	switch out.Verdict {
	case tsume.Solved:
		a.result = out.Result
		if a.length == 0 && out.Result.Length > 0 {
			a.length = out.Result.Length
		}
		return m, m.record(!out.Result.Shown, out.Result.Took)
	case tsume.Perpetual:
		a.over = true
		m.setError(tw.Perpetual)
		return m, m.record(false, m.c.Now().Sub(a.began))
	}
	return m, nil
}

// record adds the attempt to the progress store, once; only the
// collection's problems are kept.
func (m *Model) record(solved bool, took time.Duration) tea.Cmd {
	a := &m.attempt
	if a.recorded || !m.set.Collection || m.store == nil {
		a.recorded = true
		return nil
	}
	a.recorded = true
	st, id, at := m.store, m.cur().Problem.ID, m.c.Now()
	return func() tea.Msg { return recordedMsg{err: st.Record(id, solved, took, at)} }
}

// abandon records a miss for an attempt left after a check was played.
func (m *Model) abandon() tea.Cmd {
	a := &m.attempt
	if !a.attacked || a.recorded || a.sess == nil {
		return nil
	}
	return m.record(false, m.c.Now().Sub(a.began))
}

// refreshStats takes the progress store's figures now.
func (m *Model) refreshStats() {
	if m.store == nil {
		return
	}
	m.stats = m.store.Stats()
	if m.at < len(m.set.Items) {
		m.item, m.itemOK = m.store.Item(m.set.Items[m.at].Problem.ID)
	}
}

func (m *Model) askHint() tea.Cmd {
	if why := m.why(); why != "" {
		m.setError(why)
		return nil
	}
	return m.work(busyHint, func(ctx context.Context, s *tsume.Session, gen int) tea.Msg {
		mv, st := s.Hint(ctx)
		return hintMsg{gen: gen, mv: mv, st: st}
	})
}

func (m *Model) hinted(msg hintMsg) {
	tw := m.tw()
	a := &m.attempt
	a.busy, a.cancel = idle, nil
	a.hintErr = msg.st != bot.MateFound
	switch {
	case msg.st == bot.MateFound:
		a.hint = msg.mv
		a.hintText = notation.Format(&a.pos, msg.mv, m.c.Notation, a.lastMove())
	case a.escaped:
		a.hintText = tw.HintNone
	case msg.st == bot.NoMate:
		a.hintText = tw.HintNoMate
	default:
		a.hintText = tw.HintBudget
	}
}

func (m *Model) askSolution() tea.Cmd {
	a := &m.attempt
	switch {
	case m.cur().Err != nil:
		m.setError(m.faultText(m.cur().Err))
		return nil
	case a.busy != idle:
		m.setError(m.tw().Thinking)
		return nil
	case a.solution != nil:
		a.showing, a.step = true, 0
		return nil
	}
	return m.work(busySolution, func(ctx context.Context, s *tsume.Session, gen int) tea.Msg {
		line, st := s.Solution(ctx)
		return solutionMsg{gen: gen, line: line, st: st}
	})
}

// solved shows the solution from the start; seeing it before the mate is
// a miss.
func (m Model) solved(msg solutionMsg) (Model, tea.Cmd) {
	a := &m.attempt
	a.busy, a.cancel = idle, nil
	switch msg.st {
	case bot.NoMate:
		m.setError(m.tw().SolutionNoMate)
		return m, nil
	case bot.MateUnknown:
		m.setError(m.tw().SolutionNone)
		return m, nil
	}
	a.solution, a.showing, a.step = msg.line, true, 0
	m.entry.Clear()
	if a.result == nil {
		return m, m.record(false, m.c.Now().Sub(a.began))
	}
	return m, nil
}

func (m Model) solutionKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	k, ck := m.keys, m.c.Keys
	a := &m.attempt
	switch {
	case common.KeyIs(msg, k.StepOn):
		a.step = min(a.step+1, len(a.solution))
	case common.KeyIs(msg, k.StepBack):
		a.step = max(a.step-1, 0)
	case common.KeyIs(msg, k.First):
		a.step = 0
	case common.KeyIs(msg, k.Last):
		a.step = len(a.solution)
	case common.KeyIs(msg, k.Back):
		a.showing = false
	case common.KeyIs(msg, k.Next):
		return m, m.goNext(1)
	case common.KeyIs(msg, k.Prev):
		return m, m.goNext(-1)
	case common.KeyIs(msg, ck.Flip):
		m.flip = !m.flip
	case common.KeyIs(msg, ck.Help):
		return m, m.openHelp()
	}
	return m, nil
}

// retry takes back the last check and its reply.
func (m *Model) retry() {
	a := &m.attempt
	switch {
	case a.sess == nil:
		m.setError(m.faultText(m.cur().Err))
		return
	case a.busy != idle:
		m.setError(m.tw().Thinking)
		return
	}
	n := len(a.moves)
	if n < 2 || !a.sess.Retry() {
		m.setError(m.tw().NoRetry)
		return
	}
	taken := a.texts[n-2] + " " + a.texts[n-1]
	m.sync()
	a.escaped, a.last = false, nil
	m.setInfo(fmt.Sprintf(m.tw().Retried, taken))
}

// sync takes the session's position and moves.
func (m *Model) sync() {
	a := &m.attempt
	a.pos, a.moves = a.sess.Position(), append([]game.Move(nil), a.sess.Moves()...)
	a.hint, a.hintText = game.NoMove, ""
	m.retext()
	m.entry.Clear()
}

// restart goes back to the start: every check taken back, or a new
// attempt once this one has ended (it stays recorded as it was).
func (m *Model) restart() tea.Cmd {
	a := &m.attempt
	switch {
	case a.sess == nil:
		m.setError(m.faultText(m.cur().Err))
		return nil
	case a.busy != idle:
		m.setError(m.tw().Thinking)
		return nil
	case a.result != nil || a.over:
		recorded, sol := a.recorded, a.solution
		cmd := m.open(m.at)
		m.attempt.recorded, m.attempt.solution = recorded || m.attempt.recorded, sol
		m.setInfo(m.tw().Again)
		return cmd
	}
	for a.sess.Retry() {
	}
	m.sync()
	a.escaped, a.last = false, nil
	m.setInfo(m.tw().Again)
	return nil
}

// goNext opens the next (d = 1) or previous (-1) problem the filter
// takes.
func (m *Model) goNext(d int) tea.Cmd {
	if len(m.set.Items) <= 1 {
		return nil // one position brought to solve: no other, and the keys are not offered
	}
	idx := m.set.indices(m.filter)
	k := -1
	for i, x := range idx {
		if x == m.at {
			k = i
		}
	}
	if k < 0 {
		// The item shown is not in the filter: the first one after it.
		for i, x := range idx {
			if x > m.at {
				k = i - d
				if d < 0 {
					k = i
				}
				break
			}
		}
		if k < 0 && d < 0 {
			k = len(idx)
		}
	}
	next := k + d
	if next < 0 || next >= len(idx) {
		m.setError(m.tw().NoMore)
		return nil
	}
	rec := m.abandon()
	cmd := m.open(idx[next])
	if id := m.cur().Problem.ID; id != "" {
		m.setInfo(fmt.Sprintf(m.tw().NextUnsolved, id))
	}
	return tea.Batch(rec, cmd)
}

// leave goes back: to the chooser from a collection's problem, else where
// the screen came from.
func (m *Model) leave() tea.Cmd {
	rec := m.abandon()
	m.stopWork()
	if m.opts.Chooser && m.set.Collection {
		m.chooser = true
		m.refreshStats()
		return rec
	}
	return tea.Batch(rec, m.back())
}

// back is what leaving the screen sends.
func (m *Model) back() tea.Cmd {
	if m.opts.QuitOnLeave {
		return tea.Quit
	}
	msg := m.opts.Back
	if msg == nil {
		msg = common.ToMenuMsg{}
	}
	return func() tea.Msg { return msg }
}

// check runs the composer's check on the problem: length, uniqueness of
// the first move and of the whole solution, 余詰, pieces left. It has a
// solver of its own, so the attempt goes on meanwhile.
func (m *Model) check() tea.Cmd {
	it := m.cur()
	if it.Err != nil {
		m.setError(m.faultText(it.Err))
		return nil
	}
	if m.checking {
		return nil
	}
	ctx, cancel := context.WithCancel(m.c.Context())
	m.checking, m.cancelCk, m.report = true, cancel, nil
	m.checkGen = m.c.NextGen()
	gen, pr := m.checkGen, it.Problem
	return tea.Batch(m.c.Block(m.spin.Tick), func() tea.Msg {
		defer cancel()
		return checkedMsg{gen: gen, r: tsume.Check(ctx, pr, tsume.Options{})}
	})
}

// openHelp opens the ? screen with the screen's keys.
func (m *Model) openHelp() tea.Cmd {
	notes := assets.HelpTsume(m.c.Lang == words.Japanese)
	h := common.OpenHelpMsg{Groups: m.helpGroups(), Notes: notes}
	if m.chooser {
		h = listHelp(m.c, m.tw(), m.tw().ListStart, notes)
	}
	return func() tea.Msg { return h }
}

// mouse: a click on a square is the cursor moved there and enter; on a
// kind in the attacker's hand, a pick for a drop.
func (m Model) mouse(msg tea.MouseClickMsg) (Model, tea.Cmd) {
	mo := msg.Mouse()
	if mo.Button != tea.MouseLeft || m.chooser || m.attempt.showing || m.entry.Promoting {
		return m, nil
	}
	m.status, m.isErr = "", false
	pos := m.shown()
	ch, ok := click(m.c, &m.entry, m.entryAt(), m.layout(), m.flip, &pos, m.attempt.pos.SideToMove(), mo.X, mo.Y)
	if !ok {
		return m, nil
	}
	if ch.Err != "" {
		m.setError(ch.Err)
	}
	if ch.Move != game.NoMove {
		return m.attack(ch.Move)
	}
	return m, nil
}

// TitleText names what the screen shows, for the window title.
func (m *Model) TitleText() string {
	tw := m.tw()
	if m.chooser {
		return fmt.Sprintf(tw.Title, tw.Collection)
	}
	pr := &m.cur().Problem
	switch {
	case m.set.Collection:
		return fmt.Sprintf(tw.Problem, pr.ID)
	case m.set.Name != "":
		return fmt.Sprintf(tw.Title, m.set.Name)
	}
	return tw.OwnProblem
}

// Problem is the problem shown (its Start is the position as given when
// the item is no problem).
func (m *Model) Problem() tsume.Problem { return m.cur().Problem }

// Moves are the moves of the attempt so far.
func (m *Model) Moves() []game.Move { return m.attempt.moves }

// Result is how the attempt ended in mate, nil before.
func (m *Model) Result() *tsume.Result { return m.attempt.result }

// Hint is the hint shown, NoMove when none is.
func (m *Model) Hint() game.Move { return m.attempt.hint }

// Status is the status line's text.
func (m *Model) Status() string { return m.status }
