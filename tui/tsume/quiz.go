package tsume

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/tui/components/entry"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"shogi/assets"
	"shogi/game"
	"shogi/game/analysis"
	"shogi/game/engine"
	"shogi/game/match"
	"shogi/game/notation"
	"shogi/game/progress"
	"shogi/game/usi"
	"shogi/kifu"
	"shogi/kifu/annotate"
)

// QuizSource is where a list of next-move quizzes comes from: one
// record's analysis, or every record in the games folder.
type QuizSource struct {
	Name   string // the record's name, or the folder
	Folder bool
	Opts   analysis.QuizOptions
	load   func() ([]analysis.Quiz, []error)
}

// RecordQuizzes are the quizzes of rec, analysed as a whole (its
// comments hold the analysis), which the app calls name.
func RecordQuizzes(rec *kifu.Record, name string, o analysis.QuizOptions) QuizSource {
	base := filepath.Base(name)
	if name == "" {
		base = "record"
	}
	return QuizSource{Name: base, Opts: o, load: func() ([]analysis.Quiz, []error) {
		if rec == nil {
			return nil, nil
		}
		return annotate.Quizzes(rec, base, o), nil
	}}
}

// FolderQuizzes are the quizzes of every analysed record in dir.
func FolderQuizzes(dir string, o analysis.QuizOptions) QuizSource {
	return QuizSource{Name: dir, Folder: true, Opts: o, load: func() ([]analysis.Quiz, []error) {
		if dir == "" {
			return nil, nil
		}
		return annotate.DirQuizzes(dir, o)
	}}
}

// Quizzes is the quiz screen: the list of quizzes, then one at a time on
// the board. An answer is judged by Quiz.Check with the study's first
// engine, started when an answer first needs a search; the first answer
// to a quiz on a visit goes into the progress store.
type Quizzes struct {
	c     *common.Common
	env   *Env
	keys  keyMap
	src   QuizSource
	store *progress.Store

	loading bool
	gen     int
	list    []analysis.Quiz
	errs    []error
	cursor  int

	open     bool // a quiz is on the board
	at       int
	entry    entry.Entry
	flip     bool
	judging  game.Move // the answer being judged, or NoMove
	cancel   context.CancelFunc
	answers  []quizAnswer
	recorded bool
	status   string
	isErr    bool
	spin     spinner.Model
	eng      *lazyEngine
	began    time.Time
}

// quizAnswer is an answer and how it fared.
type quizAnswer struct {
	text string
	a    analysis.Answer
}

type (
	quizzesLoadedMsg struct {
		gen  int
		list []analysis.Quiz
		errs []error
	}
	judgedMsg struct {
		gen  int
		text string
		a    analysis.Answer
		err  error
	}
)

// NewQuizzes is the quiz screen on src's quizzes.
func NewQuizzes(c *common.Common, env *Env, src QuizSource) Quizzes {
	q := Quizzes{c: c, env: env, keys: newKeys(c), src: src, loading: true, gen: c.NextGen(),
		spin: spinner.New(spinner.WithSpinner(spinner.Line))}
	st, err := env.Store(QuizFile)
	q.store = st
	if err != nil {
		q.setError(fmt.Sprintf(q.tw().SavedNot, err))
	}
	choice := quizEngine(c)
	cfg := c.EngineConfig()
	q.eng = &lazyEngine{start: func(ctx context.Context) (analysis.Engine, error) {
		spec, err := match.ParseSpec(choice.Spec)
		if err != nil {
			return nil, err
		}
		return analysis.Start(ctx, spec, cfg, nil)
	}, name: choice.Name}
	return q
}

// quizEngine is the engine that judges answers: the one named on the
// command line, else the settings' first, else the strongest built-in
// level.
func quizEngine(c *common.Common) common.EngineChoice {
	eo := c.StudyEngines()
	switch {
	case eo.Engine != "":
		return common.EngineChoice{Name: eo.Engine, Spec: eo.Engine}
	case len(eo.Engines) > 0:
		return eo.Engines[0]
	}
	d := analysis.DefaultSpec()
	return common.EngineChoice{Name: d.Name, Spec: d.String()}
}

// Init reads the quizzes off the UI loop (a folder of records).
func (q *Quizzes) Init() tea.Cmd {
	gen, load := q.gen, q.src.load
	return tea.Batch(q.c.Block(q.spin.Tick), func() tea.Msg {
		list, errs := load()
		return quizzesLoadedMsg{gen: gen, list: list, errs: errs}
	})
}

func (q *Quizzes) tw() *words.TsumeWords { return words.TsumeWordsFor(q.c.Lang) }

func (q *Quizzes) setError(s string) { q.status, q.isErr = s, true }
func (q *Quizzes) setInfo(s string)  { q.status, q.isErr = s, false }

// Quiet reports whether the screen waits for the person.
func (q *Quizzes) Quiet() bool { return !q.loading && q.judging == game.NoMove }

// Stop cancels a judgement in flight and closes the engine.
func (q *Quizzes) Stop() {
	if q.cancel != nil {
		q.cancel()
		q.cancel = nil
	}
	if q.eng != nil {
		q.eng.Close()
	}
}

// TitleText names the screen for the window title.
func (q *Quizzes) TitleText() string {
	tw := q.tw()
	if q.open && q.at < len(q.list) {
		return tw.QuizTitle + " " + q.list[q.at].ID
	}
	return tw.QuizTitle
}

func (q *Quizzes) quiz() *analysis.Quiz { return &q.list[q.at] }

// Update handles a message for the screen.
func (q Quizzes) Update(msg tea.Msg) (Quizzes, tea.Cmd) {
	switch msg := msg.(type) {
	case quizzesLoadedMsg:
		if msg.gen == q.gen {
			q.loading, q.list, q.errs = false, msg.list, msg.errs
			if len(q.errs) > 0 {
				q.setError(q.tw().QuizErrs(len(q.errs)) + ": " + q.errs[0].Error())
			}
		}
		return q, nil
	case judgedMsg:
		if msg.gen == q.gen {
			return q.judged(msg)
		}
		return q, nil
	case recordedMsg:
		if msg.err != nil {
			q.setError(fmt.Sprintf(q.tw().SavedNot, msg.err))
		}
		return q, nil
	case spinner.TickMsg:
		if q.Quiet() {
			return q, nil
		}
		var cmd tea.Cmd
		q.spin, cmd = q.spin.Update(msg)
		return q, q.c.Block(cmd)
	case tea.PasteMsg:
		if q.open {
			q.entry.Paste(q.c, q.entryAt(), msg.Content)
		}
		return q, nil
	case tea.MouseClickMsg:
		return q.mouse(msg)
	case tea.KeyPressMsg:
		return q.key(msg)
	}
	return q, nil
}

func (q Quizzes) key(msg tea.KeyPressMsg) (Quizzes, tea.Cmd) {
	k, ck := q.keys, q.c.Keys
	if common.KeyIs(msg, ck.Quit) {
		q.Stop()
		return q, tea.Quit
	}
	q.status, q.isErr = "", false
	if !q.open {
		n := max(len(q.list), 1)
		switch {
		case common.KeyIs(msg, ck.Up):
			q.cursor = common.WrapAdd(q.cursor, -1, n)
		case common.KeyIs(msg, ck.Down):
			q.cursor = common.WrapAdd(q.cursor, 1, n)
		case common.IsEnter(msg):
			if q.cursor < len(q.list) {
				q.openQuiz(q.cursor)
			}
		case common.KeyIs(msg, ck.Help):
			return q, q.openHelp()
		case common.KeyIs(msg, k.Leave), common.KeyIs(msg, ck.Cancel):
			q.Stop()
			return q, func() tea.Msg { return common.ToMenuMsg{} }
		}
		return q, nil
	}
	ch := q.entry.Key(q.c, q.entryAt(), msg)
	if ch.Handled {
		if ch.Err != "" {
			q.setError(ch.Err)
		}
		if ch.Move != game.NoMove {
			return q, q.answer(ch.Move)
		}
		return q, nil
	}
	switch {
	case common.KeyIs(msg, k.NextQuiz):
		q.step(1)
	case common.KeyIs(msg, k.PrevQuiz):
		q.step(-1)
	case common.KeyIs(msg, ck.Flip):
		q.flip = !q.flip
	case common.KeyIs(msg, ck.Notation):
		q.c.Notation = q.c.CycleNotation(q.c.Notation, 1)
		q.setInfo(fmt.Sprintf(q.c.Words.ListStyle, q.c.Notation))
	case common.KeyIs(msg, ck.Help):
		return q, q.openHelp()
	case common.KeyIs(msg, ck.CopySFEN), common.KeyIs(msg, ck.Copy):
		pos := q.quiz().Position
		return q, components.CopyCmd(q.c, &pos, common.KeyIs(msg, ck.CopySFEN), q.setInfo)
	case common.KeyIs(msg, k.Leave), common.KeyIs(msg, ck.Cancel):
		q.close()
	}
	return q, nil
}

// openQuiz puts quiz i on the board, the mover at the bottom.
func (q *Quizzes) openQuiz(i int) {
	q.close()
	q.open, q.at, q.cursor = true, i, i
	qz := q.quiz()
	q.flip = qz.Mover == game.White
	q.entry = entry.New(game.NewSquare(5, 5))
	if qz.Played != game.NoMove && !qz.Played.IsDrop() {
		q.entry.Cursor = qz.Played.From()
	}
	q.answers, q.recorded = nil, false
	q.began = q.c.Now()
}

// close leaves the quiz on the board for the list, cancelling a
// judgement in flight.
func (q *Quizzes) close() {
	if q.cancel != nil {
		q.cancel()
		q.cancel = nil
	}
	q.gen = q.c.NextGen()
	q.judging = game.NoMove
	q.open = false
}

// step opens the next (1) or previous (-1) quiz.
func (q *Quizzes) step(d int) {
	i := q.at + d
	if i < 0 || i >= len(q.list) {
		q.setError(q.tw().NoMore)
		return
	}
	q.openQuiz(i)
}

func (q *Quizzes) entryAt() entry.At {
	at := entry.At{Pos: &q.quiz().Position, Last: q.last(), Flip: q.flip}
	if q.judging != game.NoMove {
		at.Why = fmt.Sprintf(q.tw().QuizJudging, q.moveText(q.judging))
	}
	return at
}

// last is the game's move before the quiz's position.
func (q *Quizzes) last() game.Move {
	if ms := q.quiz().Moves; len(ms) > 0 {
		return ms[len(ms)-1]
	}
	return game.NoMove
}

// moveText writes a move of the quiz's position in the app's notation.
func (q *Quizzes) moveText(mv game.Move) string {
	return notation.Format(&q.quiz().Position, mv, q.c.Notation, q.last())
}

// answer judges mv in a command: the engine's lines judge it at once,
// any other move is searched.
func (q *Quizzes) answer(mv game.Move) tea.Cmd {
	q.judging = mv
	ctx, cancel := context.WithCancel(q.c.Context())
	q.cancel = cancel
	qz, eng, opts, gen, text := *q.quiz(), q.eng, q.src.Opts, q.gen, q.moveText(mv)
	limits := engine.Limits{MoveTime: q.c.Engines.PassTime}
	return tea.Batch(q.c.Block(q.spin.Tick), func() tea.Msg {
		defer cancel()
		a, err := qz.Check(ctx, eng, mv, limits, opts)
		return judgedMsg{gen: gen, text: text, a: a, err: err}
	})
}

// judged shows how an answer fared; the first answer of a visit is
// recorded.
func (q Quizzes) judged(msg judgedMsg) (Quizzes, tea.Cmd) {
	q.judging, q.cancel = game.NoMove, nil
	tw := q.tw()
	if msg.err != nil {
		var ie *game.IllegalMoveError
		if errors.As(msg.err, &ie) {
			q.setError(fmt.Sprintf(q.c.Words.Illegal, msg.text, q.c.Words.Rule(ie.Rule)))
		} else {
			q.setError(fmt.Sprintf(tw.QuizFailed, msg.err))
		}
		return q, nil
	}
	q.answers = append(q.answers, quizAnswer{text: msg.text, a: msg.a})
	q.entry.Clear()
	if q.recorded || q.store == nil {
		q.recorded = true
		return q, nil
	}
	q.recorded = true
	st, id, ok, took, at := q.store, q.quiz().ID, msg.a.Correct, q.c.Now().Sub(q.began), q.c.Now()
	return q, func() tea.Msg { return recordedMsg{err: st.Record(id, ok, took, at)} }
}

// openHelp opens the ? screen with the quiz keys.
func (q *Quizzes) openHelp() tea.Cmd {
	k, ck := q.keys, q.c.Keys
	g := [][]key.Binding{
		{ck.Up, ck.Down, ck.Left, ck.Right, ck.Select, ck.Cancel, ck.Tray, ck.Type},
		{k.NextQuiz, k.PrevQuiz, k.Leave, ck.Flip, ck.Notation, ck.Copy, ck.CopySFEN, ck.Help, ck.QuitPlain},
	}
	notes := assets.HelpQuiz(q.c.Lang == words.Japanese)
	h := common.OpenHelpMsg{Groups: g, Notes: notes}
	if !q.open {
		h = listHelp(q.c, q.tw(), q.tw().ListTry, notes)
	}
	return func() tea.Msg { return h }
}

// lazyEngine starts its engine on the first search, so that a quiz
// answered from the analysis's own lines needs none. One search at a
// time; Close waits for the one in flight (cancelled first).
type lazyEngine struct {
	start func(ctx context.Context) (analysis.Engine, error)
	name  string
	busy  sync.Mutex
	e     analysis.Engine
}

func (l *lazyEngine) get(ctx context.Context) (analysis.Engine, error) {
	if l.e == nil {
		e, err := l.start(ctx)
		if err != nil {
			return nil, err
		}
		l.e = e
	}
	return l.e, nil
}

func (l *lazyEngine) Name() string { return l.name }

func (l *lazyEngine) Go(ctx context.Context, r engine.Request) (engine.BestMove, error) {
	l.busy.Lock()
	defer l.busy.Unlock()
	e, err := l.get(ctx)
	if err != nil {
		return engine.BestMove{}, err
	}
	return e.Go(ctx, r)
}

func (l *lazyEngine) Mate(ctx context.Context, r engine.Request, d time.Duration) (usi.Checkmate, error) {
	l.busy.Lock()
	defer l.busy.Unlock()
	e, err := l.get(ctx)
	if err != nil {
		return usi.Checkmate{}, err
	}
	return e.Mate(ctx, r, d)
}

func (l *lazyEngine) Close() error {
	l.busy.Lock()
	defer l.busy.Unlock()
	if l.e == nil {
		return nil
	}
	err := l.e.Close()
	l.e = nil
	return err
}

// mouse: a click on a square is the cursor moved there and enter.
func (q Quizzes) mouse(msg tea.MouseClickMsg) (Quizzes, tea.Cmd) {
	mo := msg.Mouse()
	if mo.Button != tea.MouseLeft || !q.open || q.entry.Promoting {
		return q, nil
	}
	q.status, q.isErr = "", false
	ch, ok := click(q.c, &q.entry, q.entryAt(), screenLayout(q.c), q.flip, &q.quiz().Position, q.quiz().Mover, mo.X, mo.Y)
	if !ok {
		return q, nil
	}
	if ch.Err != "" {
		q.setError(ch.Err)
	}
	if ch.Move != game.NoMove {
		return q, q.answer(ch.Move)
	}
	return q, nil
}
