package match

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/usi"
)

// Config sets up a match.
type Config struct {
	Start game.Position
	// Moves were played before the match took over (an opening, a resumed
	// game): they are checked, not timed.
	Moves []game.Move
	// Notes, when it has one entry per move of Moves, makes those moves a
	// game being resumed rather than an opening: the clock is charged with
	// each note's time (so it stands where it stood when the game was
	// left), undo may take them back with the clock, and the Result's
	// Notes cover them.
	Notes   []MoveNote
	Players [2]Player      // indexed by game.Color
	Time    [2]TimeControl // each side's allowance; the zero value is no clock
	// Margin is how far past its time a move may arrive before the flag
	// falls: room for an engine's or a network's latency. Engines are told
	// their time without it.
	Margin time.Duration
	// Reserve is kept back from what each side's player is told of its
	// time, not from its clock: where the referee is elsewhere and allows
	// no margin (a CSA server), a program's move must leave in time to
	// arrive in time.
	Reserve [2]time.Duration
	// MaxMoves draws the game (持将棋, as CSA servers rule) once the game
	// holds this many moves; 0 is no limit.
	MaxMoves int
	// MoveDelay holds each turn back this long after a move, so people
	// can follow a game between bots.
	MoveDelay time.Duration
	// TimeSource is the clock; nil is the system's.
	TimeSource TimeSource
}

// A program's fault (a crash, a hang, a move that does not read) ends a
// game between programs against the faulty side, as any referee would.
// In a game a person plays (a Human player, and no Referee) it does not:
// the game pauses where the program's turn began, both clocks as they
// stood then, with a FaultEvent naming the program and what went wrong,
// until Replace puts a player (the same program started afresh, or
// another) in its seat; the game then goes on. An illegal move is not a
// fault: it loses (反則負け) in every game.

// MoveNote is what a match knows about a move besides the move.
type MoveNote struct {
	Spent time.Duration
	Info  *engine.Info // the mover's last report on the search behind it; nil if none
}

// Snapshot is the state of a match at one moment, for a listener that
// joins late (a spectator) or redraws from scratch.
type Snapshot struct {
	Start   game.Position
	Moves   []game.Move
	Opening int
	Notes   []MoveNote
	Clock   ClockState
	Names   [2]string
	Paused  bool
	// Fault, when not nil, is the program's failure the game is paused
	// on, until its seat is filled again (Replace).
	Fault *Fault
	// Offer is the side whose draw offer stands, when Offered.
	Offer   game.Color
	Offered bool
	Over    bool
	Result  Result // when Over
}

// Errors of the requests a caller makes of a running match.
var (
	ErrNotYourTurn = errors.New("match: it is not that side's turn")
	ErrNoSide      = errors.New("match: there is no such side")
	ErrNotHuman    = errors.New("match: that side is not played by a human")
	ErrOver        = errors.New("match: the game is over")
	ErrPaused      = errors.New("match: the game is paused")
	// ErrNoAnswer refuses a draw offer to a side that cannot answer one
	// (a program).
	ErrNoAnswer = errors.New("match: the other side cannot answer a draw offer")
	// ErrFaulted refuses to go on with a game paused on a program's
	// fault until its seat is filled again (Replace).
	ErrFaulted = errors.New("match: a program failed: replace it to go on")
	// ErrNoFault refuses Replace when no fault stands on that side.
	ErrNoFault = errors.New("match: that side's player has not failed")
)

// Match is a game between two players under a clock. Run plays it; the
// other methods may be called from any goroutine while it runs.
type Match struct {
	cfg      Config
	ts       TimeSource
	hub      hub
	requests chan request
	done     chan struct{}
	started  atomic.Bool

	mu      sync.Mutex // guards what Snapshot reads
	g       *game.Game
	clock   *Clock
	opening int
	notes   []MoveNote
	before  [][2]time.Duration // main times before each note's move
	paused  bool
	failed  *Fault // the fault the game is paused on, or nil
	offer   int    // the side whose draw offer stands, or -1
	result  *Result
}

// New checks cfg and returns a match ready to Run.
func New(cfg Config) (*Match, error) {
	for c, p := range cfg.Players {
		if p == nil {
			return nil, fmt.Errorf("match: no player for %s", game.Color(c))
		}
	}
	g := game.NewGame(cfg.Start)
	for i, m := range cfg.Moves {
		if err := g.Play(m); err != nil {
			return nil, fmt.Errorf("match: opening move %d: %w", i+1, err)
		}
	}
	if cfg.Margin < 0 || cfg.MaxMoves < 0 || cfg.MoveDelay < 0 || cfg.Reserve[0] < 0 || cfg.Reserve[1] < 0 {
		return nil, errors.New("match: negative margin, reserve, move limit or delay")
	}
	ts := cfg.TimeSource
	if ts == nil {
		ts = RealTime{}
	}
	m := &Match{cfg: cfg, ts: ts, requests: make(chan request), done: make(chan struct{}),
		g: g, clock: NewClock(cfg.Time), opening: g.Len(), offer: -1}
	if len(cfg.Notes) > 0 {
		if len(cfg.Notes) != len(cfg.Moves) {
			return nil, fmt.Errorf("match: %d notes for %d moves", len(cfg.Notes), len(cfg.Moves))
		}
		// Replay the times on the clock, from an arbitrary instant.
		var at time.Time
		for i, n := range cfg.Notes {
			if n.Spent < 0 {
				return nil, fmt.Errorf("match: move %d took a negative time", i+1)
			}
			m.before = append(m.before, m.clock.main)
			p := g.PositionAt(i)
			m.clock.Start(p.SideToMove(), at)
			at = at.Add(n.Spent)
			m.clock.Stop(at, cfg.Margin)
		}
		m.notes, m.opening = append([]MoveNote(nil), cfg.Notes...), 0
	}
	return m, nil
}

// Subscribe returns a queue of the match's events from now on. After the
// game ends, it yields nothing more.
func (m *Match) Subscribe() *Subscription { return m.hub.subscribe() }

// Done is closed when Run has returned.
func (m *Match) Done() <-chan struct{} { return m.done }

// Snapshot returns the match's state now.
func (m *Match) Snapshot() Snapshot {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := Snapshot{
		Start: m.g.Start(), Moves: append([]game.Move(nil), m.g.Moves()...), Opening: m.opening,
		Notes: append([]MoveNote(nil), m.notes...), Clock: m.clock.State(), Names: m.names(), Paused: m.paused,
		Fault: m.failed, Offer: game.Color(max(m.offer, 0)), Offered: m.offer >= 0,
	}
	if m.result != nil {
		s.Over, s.Result = true, *m.result
	}
	return s
}

func (m *Match) names() [2]string {
	return [2]string{m.cfg.Players[0].Name(), m.cfg.Players[1].Name()}
}

// ---- requests ----

type reqKind int

const (
	reqSubmit reqKind = iota
	reqUndo
	reqPause
	reqResume
	reqStep
	reqAbort
	reqImpasse
	reqOffer
	reqDecline
	reqForfeit
	reqReplace
)

type request struct {
	kind   reqKind
	side   game.Color
	move   engine.BestMove
	n      int
	reason string
	grace  time.Duration
	player Player
	reply  chan error
}

func (m *Match) ask(r request) error {
	if r.side != game.Black && r.side != game.White {
		// The referee indexes its seats by side: a colour from outside
		// (a saved table, a message) is checked here, not trusted.
		return fmt.Errorf("%w: side %d", ErrNoSide, r.side)
	}
	r.reply = make(chan error, 1)
	select {
	case m.requests <- r:
		return <-r.reply
	case <-m.done:
		return ErrOver
	}
}

// Submit plays a human's answer for side c given as an engine's answer
// (a move, Resign or Win): what SubmitMove, Resign and Declare do, for a
// caller that holds one already.
func (m *Match) Submit(c game.Color, b engine.BestMove) error {
	return m.ask(request{kind: reqSubmit, side: c, move: b})
}

// SubmitMove plays a person's move for side c on its turn. An illegal
// move is refused with an error saying why (a *game.IllegalMoveError)
// and the game goes on.
func (m *Match) SubmitMove(c game.Color, mv game.Move) error {
	return m.Submit(c, engine.BestMove{Move: mv})
}

// Resign resigns for side c (投了), a person; they may resign at any
// moment, also while the other side thinks or the game is paused.
func (m *Match) Resign(c game.Color) error { return m.Submit(c, engine.BestMove{Resign: true}) }

// Declare declares a win for side c by entering king (入玉宣言) on its
// turn; a declaration that does not hold is refused with a
// *game.DeclarationError and the game goes on.
func (m *Match) Declare(c game.Color) error { return m.Submit(c, engine.BestMove{Win: true}) }

// Undo takes back the last n moves (待った): any thinking is cancelled and
// both clocks go back to where they stood before those moves. Against an
// engine a person usually takes back two.
func (m *Match) Undo(n int) error { return m.ask(request{kind: reqUndo, n: n}) }

// Pause stops the game between moves: thinking is cancelled (it starts
// again on Resume) and no clock runs.
func (m *Match) Pause() error { return m.ask(request{kind: reqPause}) }

// Resume continues a paused game.
func (m *Match) Resume() error { return m.ask(request{kind: reqResume}) }

// Step plays one move of a paused game, then pauses again.
func (m *Match) Step() error { return m.ask(request{kind: reqStep}) }

// Abort interrupts the game (中断), saying why.
func (m *Match) Abort(reason string) error { return m.ask(request{kind: reqAbort, reason: reason}) }

// OfferDraw offers a draw for side c, or accepts the other side's
// standing offer. Both sides must be people. An agreed draw ends the
// game under the impasse rule (持将棋), as an agreement to count points:
// each side needs 24 for a draw, and a side short of them loses. An offer
// lapses when the other side moves instead, or a move is taken back.
func (m *Match) OfferDraw(c game.Color) error { return m.ask(request{kind: reqOffer, side: c}) }

// DeclineDraw turns down the standing draw offer (or, from the side that
// made it, withdraws it).
func (m *Match) DeclineDraw(c game.Color) error { return m.ask(request{kind: reqDecline, side: c}) }

// Forfeit ends the game against side c, a person who left and did not
// come back within grace: it counts as a resignation (投了).
func (m *Match) Forfeit(c game.Color, grace time.Duration) error {
	return m.ask(request{kind: reqForfeit, side: c, grace: grace})
}

// Replace puts p in side c's seat after its program failed (see
// Snapshot.Fault): the same program started afresh, or another. p must
// be ready to play (NewGame done: see StartPlayer); the caller closes the
// failed player. The fault is cleared and the game goes on from where
// the failed turn began. Without a fault on side c it is refused
// (ErrNoFault).
func (m *Match) Replace(c game.Color, p Player) error {
	if p == nil {
		return errors.New("match: no player to replace with")
	}
	return m.ask(request{kind: reqReplace, side: c, player: p})
}

// Impasse ends the game under the 24-point rule (持将棋). Between two
// humans it is by agreement, at any moment. A bot or an engine cannot
// agree, so when one plays either side the claim stands only when the
// rule's conditions hold (game.Position.CanClaimImpasse: both kings in
// their promotion zones, the side to move not in check); otherwise it is
// refused with a *game.ImpasseError and the game goes on.
func (m *Match) Impasse() error { return m.ask(request{kind: reqImpasse}) }

// impasseRefused says why the players may not end the game by impasse
// now, or nil.
func (m *Match) impasseRefused() error {
	for _, p := range m.cfg.Players {
		if _, ok := p.(*Human); !ok {
			m.mu.Lock()
			defer m.mu.Unlock()
			pos := m.g.Position()
			return pos.CanClaimImpasse()
		}
	}
	return nil
}

// ---- the game loop ----

type reply struct {
	move engine.BestMove
	err  error
}

// infoSlot carries a thinking player's progress to the loop without ever
// blocking the player: the loop takes the latest.
type infoSlot struct {
	mu     sync.Mutex
	infos  []engine.Info
	notify chan struct{}
}

func newInfoSlot() *infoSlot { return &infoSlot{notify: make(chan struct{}, 1)} }

func (s *infoSlot) put(i engine.Info) {
	s.mu.Lock()
	if n := len(s.infos); n > 0 && s.infos[n-1].MultiPV == i.MultiPV && len(s.infos) > 64 {
		s.infos[n-1] = i
	} else {
		s.infos = append(s.infos, i)
	}
	s.mu.Unlock()
	select {
	case s.notify <- struct{}{}:
	default:
	}
}

func (s *infoSlot) take() []engine.Info {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.infos
	s.infos = nil
	return out
}

// turn is one side's turn in progress.
type turn struct {
	side    game.Color
	player  Player
	replies chan reply
	infos   *infoSlot
	last    *engine.Info // merged report of the main line
	before  [2]time.Duration
	timer   <-chan time.Time
	release func()
	// hurryAt fires when the time the player was told of has run out;
	// hurry is then closed (engine.Request.Hurry).
	hurryAt      <-chan time.Time
	hurry        chan struct{}
	releaseHurry func()
}

// Run plays the game to its end and returns the result. Cancelling ctx
// aborts the game (中断). Run may be called once.
func (m *Match) Run(ctx context.Context) Result {
	if !m.started.CompareAndSwap(false, true) {
		panic("match: Run called twice")
	}
	defer close(m.done)
	began := m.ts.Now()
	var res Result
	for c := game.Black; c <= game.White; c++ {
		if ng, ok := m.cfg.Players[c].(NewGamer); ok {
			if err := ng.NewGame(ctx); err != nil {
				if ctx.Err() != nil {
					res = Result{Aborted: true, Why: Interrupted, Note: "interrupted before the game began"}
					break
				}
				if m.pausesOnFault() {
					m.suspend(c, err, nil)
					continue
				}
				res = m.fault(c, err)
				break
			}
		}
	}
	if res.Why == NotOver {
		res = m.loop(ctx)
	}
	res.Began, res.Ended = began, m.ts.Now()
	m.mu.Lock()
	res.Game, res.Opening, res.Names, res.Time = m.g, m.opening, m.names(), m.cfg.Time
	res.Notes = append([]MoveNote(nil), m.notes...)
	m.result = &res
	m.mu.Unlock()
	if !res.Aborted {
		for c := game.Black; c <= game.White; c++ {
			if gg, ok := m.cfg.Players[c].(GameOverer); ok {
				gg.GameOver(res.Result, c)
			}
		}
	}
	m.hub.publish(GameOverEvent{Result: res})
	m.hub.close()
	return res
}

// pausesOnFault reports whether a program's fault pauses the game rather
// than ending it: a person plays, and no server referees.
func (m *Match) pausesOnFault() bool {
	if _, ok := m.referee(); ok {
		return false
	}
	return m.isHuman(game.Black) || m.isHuman(game.White)
}

// suspend pauses the game on side c's fault. before, when not nil, are
// the main times when the failed turn began: the clocks go back to them,
// as if the turn had not been played.
func (m *Match) suspend(c game.Color, err error, before *[2]time.Duration) {
	f := &Fault{Side: c, Name: m.cfg.Players[c].Name(), Err: err}
	var ue *usi.Error
	if errors.As(err, &ue) {
		f.Kind = ue.Fault
	}
	m.mu.Lock()
	if before != nil {
		m.clock.restore(*before)
	}
	m.clock.Cancel()
	m.failed = f
	m.mu.Unlock()
	m.hub.publish(FaultEvent{Fault: *f})
	m.setPaused(true)
}

// fault ends the game against side c for an engine's or bot's error.
func (m *Match) fault(c game.Color, err error) Result {
	m.mu.Lock()
	m.g.Foul(c)
	m.mu.Unlock()
	return Result{Result: m.g.Result(), Why: EngineFault, Side: c, Fault: err, Faulty: c}
}

func (m *Match) loop(ctx context.Context) Result {
	stepping, delay := false, false
	for {
		if r := m.g.Result(); r.Over() {
			return m.automatic(r)
		}
		if m.cfg.MaxMoves > 0 && m.g.Len() >= m.cfg.MaxMoves {
			return Result{Result: game.Result{Outcome: game.Draw, Ending: game.Impasse}, MaxMoves: true,
				Why: MoveLimit, Limit: m.cfg.MaxMoves}
		}
		// Between turns: paused, or holding back for MoveDelay.
		var wait <-chan time.Time
		release := func() {}
		if delay && m.cfg.MoveDelay > 0 {
			wait, release = m.ts.After(m.cfg.MoveDelay)
		}
		for m.isPaused() || wait != nil {
			select {
			case <-wait:
				wait = nil
			case req := <-m.requests:
				if o := m.handle(req, nil, nil, &stepping); o.end {
					release()
					return o.res
				}
			case <-ctx.Done():
				release()
				return interrupted("interrupted")
			}
		}
		release()
		delay = false
		res, end, moved := m.play(ctx, &stepping)
		if end {
			return res
		}
		if moved {
			delay = true
			if stepping {
				stepping = false
				m.setPaused(true)
			}
		}
	}
}

func (m *Match) faulted() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.failed != nil
}

func (m *Match) isPaused() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.paused
}

func (m *Match) setPaused(p bool) {
	m.mu.Lock()
	changed := m.paused != p
	m.paused = p
	m.mu.Unlock()
	if changed {
		m.hub.publish(PauseEvent{Paused: p})
	}
}

// outcome is what answering a request did to the game.
type outcome struct {
	res   Result
	end   bool // the game is over, as res says
	moved bool // a move was played
	done  bool // the turn in progress is over
}

// handle answers one request, the one place every request is answered.
// t is the turn in progress and stop ends its thinking; both are nil
// between turns (paused, or holding back after a move).
func (m *Match) handle(req request, t *turn, stop func() reply, stepping *bool) outcome {
	running := t != nil
	if err := m.refereeRefuses(req.kind); err != nil { // a server's game (referee.go)
		req.reply <- err
		return outcome{}
	}
	halt := func() {
		if running {
			stop()
			m.cancelClock()
		}
	}
	switch req.kind {
	case reqSubmit:
		if req.move.Resign && m.isHuman(req.side) && (!running || req.side != t.side) {
			// A person may resign at any moment: paused, or while the
			// other side thinks.
			halt()
			req.reply <- nil
			return outcome{res: m.resign(req.side), end: true, done: running}
		}
		switch {
		case !running && m.isPaused():
			req.reply <- ErrPaused
			return outcome{}
		case !running || req.side != t.side:
			req.reply <- ErrNotYourTurn
			return outcome{}
		case !m.isHuman(t.side):
			req.reply <- ErrNotHuman
			return outcome{}
		}
		if err := m.check(req.move); err != nil {
			req.reply <- err
			return outcome{}
		}
		stop()
		res, end, moved := m.answer(t, reply{move: req.move}, true)
		// The reply follows the move, so the caller's next Snapshot has it.
		req.reply <- nil
		return outcome{res: res, end: end, moved: moved, done: true}
	case reqUndo:
		if req.n < 1 || req.n > m.g.Len() {
			req.reply <- fmt.Errorf("match: cannot take back %d moves of %d", req.n, m.g.Len())
			return outcome{}
		}
		halt()
		err := m.undo(req.n)
		m.withdrawOffer()
		req.reply <- err
		return outcome{done: running}
	case reqPause:
		halt()
		m.setPaused(true)
		*stepping = false
		req.reply <- nil
		return outcome{done: running}
	case reqResume, reqStep:
		if m.faulted() {
			req.reply <- ErrFaulted
			return outcome{}
		}
		if !running {
			*stepping = req.kind == reqStep
			m.setPaused(false)
		}
		req.reply <- nil // a running game goes on as it was
		return outcome{}
	case reqAbort:
		halt()
		req.reply <- nil
		return outcome{res: interrupted(req.reason), end: true, done: running}
	case reqImpasse:
		if err := m.impasseRefused(); err != nil {
			req.reply <- err
			return outcome{}
		}
		halt()
		req.reply <- nil
		return outcome{res: m.impasse(), end: true, done: running}
	case reqOffer:
		c := req.side
		switch {
		case !m.isHuman(c):
			req.reply <- ErrNotHuman
			return outcome{}
		case !m.isHuman(c.Other()):
			req.reply <- ErrNoAnswer
			return outcome{}
		}
		m.mu.Lock()
		standing := m.offer
		if standing == int(c.Other()) {
			m.offer = -1
		} else {
			m.offer = int(c)
		}
		m.mu.Unlock()
		if standing == int(c.Other()) {
			halt()
			req.reply <- nil
			return outcome{res: m.impasse(), end: true, done: running}
		}
		if standing != int(c) {
			m.hub.publish(DrawEvent{Side: c, Offered: true})
		}
		req.reply <- nil
		return outcome{}
	case reqDecline:
		m.withdrawOffer()
		req.reply <- nil
		return outcome{}
	case reqReplace:
		m.mu.Lock()
		f := m.failed
		ok := f != nil && f.Side == req.side
		if ok {
			m.cfg.Players[req.side] = req.player
			m.failed = nil
		}
		name := req.player.Name()
		m.mu.Unlock()
		if !ok {
			req.reply <- ErrNoFault
			return outcome{}
		}
		m.hub.publish(ReplaceEvent{Side: req.side, Name: name})
		*stepping = false
		m.setPaused(false)
		req.reply <- nil
		return outcome{}
	case reqForfeit:
		if running && t.side == req.side {
			// The one who left was to move: the time away ran on their
			// clock, as both screens showed it, and is charged.
			stop()
			m.mu.Lock()
			m.clock.Stop(m.ts.Now(), 0)
			m.mu.Unlock()
		} else {
			halt()
		}
		req.reply <- nil
		res := m.resign(req.side)
		res.Why, res.Grace = Forfeited, req.grace
		return outcome{res: res, end: true, done: running}
	}
	req.reply <- fmt.Errorf("match: unknown request %d", req.kind)
	return outcome{}
}

// withdrawOffer ends a standing draw offer, telling the listeners.
func (m *Match) withdrawOffer() {
	m.mu.Lock()
	standing := m.offer
	m.offer = -1
	m.mu.Unlock()
	if standing >= 0 {
		m.hub.publish(DrawEvent{Side: game.Color(standing)})
	}
}

func (m *Match) resign(c game.Color) Result {
	m.mu.Lock()
	m.g.Resign(c)
	m.mu.Unlock()
	return Result{Result: m.g.Result(), Why: Resigned, Side: c}
}

func (m *Match) isHuman(c game.Color) bool {
	_, ok := m.cfg.Players[c].(*Human)
	return ok
}

func (m *Match) impasse() Result {
	m.mu.Lock()
	r := m.g.Impasse()
	m.mu.Unlock()
	return Result{Result: r, Why: ImpasseAgreed, Points: [2]int{m.pos().Points(game.Black), m.pos().Points(game.White)}}
}

func (m *Match) pos() *game.Position {
	p := m.g.Position()
	return &p
}

// undo takes back n moves and sets the clocks back.
func (m *Match) undo(n int) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if n < 1 || n > m.g.Len() {
		return fmt.Errorf("match: cannot take back %d moves of %d", n, m.g.Len())
	}
	for i := 0; i < n; i++ {
		m.g.Undo()
	}
	ply := m.g.Len()
	main := [2]time.Duration{m.cfg.Time[0].Main, m.cfg.Time[1].Main}
	if k := ply - m.opening; k >= 0 {
		main = m.before[k]
		m.notes, m.before = m.notes[:k], m.before[:k]
	} else {
		m.opening, m.notes, m.before = ply, nil, nil
	}
	m.clock.restore(main)
	m.hub.publish(UndoEvent{Ply: ply, Clock: m.clock.State()})
	return nil
}

// play runs one turn. end says the game is over (res says how); moved
// that a move was played.
func (m *Match) play(ctx context.Context, stepping *bool) (res Result, end, moved bool) {
	m.mu.Lock()
	pos := m.g.Position()
	c := pos.SideToMove()
	t := &turn{side: c, player: m.cfg.Players[c], replies: make(chan reply, 1), infos: newInfoSlot(), before: m.clock.main}
	now := m.ts.Now()
	limits := keepBack(m.clock.Limits(c), c, m.cfg.Reserve[c])
	m.clock.Start(c, now)
	if avail := m.clock.Available(c); avail >= 0 {
		// One nanosecond past the margin: a move at exactly the limit counts.
		t.timer, t.release = m.ts.After(avail + m.cfg.Margin + 1)
		// At the end of the time it was told of (its own reserve kept
		// back), a player still thinking is asked for its move: the
		// reserve and the margin are then left for the answer to come,
		// where an engine that overran on a loaded machine lost on time.
		t.hurry = make(chan struct{})
		told := limits.BTime + limits.Byoyomi
		if c == game.White {
			told = limits.WTime + limits.Byoyomi
		}
		t.hurryAt, t.releaseHurry = m.ts.After(told)
	}
	ply := m.g.Len()
	turnInfo := engine.Request{Start: m.g.Start(), Moves: append([]game.Move(nil), m.g.Moves()...), Limits: limits, Info: t.infos.put}
	if t.hurry != nil {
		turnInfo.Hurry = t.hurry
	}
	state := m.clock.State()
	m.mu.Unlock()
	if t.release != nil {
		defer t.release()
		defer t.releaseHurry()
	}
	m.hub.publish(TurnEvent{Ply: ply, Side: c, Clock: state})

	tctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		b, err := t.player.Play(tctx, turnInfo)
		t.replies <- reply{b, err}
	}()
	// stopTurn cancels the thinking and waits for the player to let go.
	stopTurn := func() reply {
		cancel()
		r := <-t.replies
		m.takeInfos(t, ply)
		return r
	}
	for {
		select {
		case r := <-t.replies:
			m.takeInfos(t, ply)
			if r.err != nil && ctx.Err() != nil {
				m.cancelClock()
				return interrupted("interrupted"), true, false
			}
			return m.answer(t, r, false)
		case <-t.infos.notify:
			m.takeInfos(t, ply)
		case <-t.hurryAt:
			close(t.hurry)
			t.hurryAt = nil
		case <-t.timer:
			select {
			case r := <-t.replies: // it answered just in time; the clock judges
				m.takeInfos(t, ply)
				return m.answer(t, r, false)
			default:
			}
			r := stopTurn()
			var ue *usi.Error
			if errors.As(r.err, &ue) && m.pausesOnFault() {
				// It ignored stop and was killed: a hang, not a slow move.
				m.suspend(t.side, r.err, &t.before)
				return Result{}, false, false
			}
			return m.timeUp(t, r), true, false
		case req := <-m.requests:
			if o := m.handle(req, t, stopTurn, stepping); o.done || o.end {
				return o.res, o.end, o.moved
			}
		case res := <-m.rulings(): // a server's game ended by the server (referee.go)
			stopTurn()
			m.cancelClock()
			return m.ruled(res), true, false
		case <-ctx.Done():
			stopTurn()
			m.cancelClock()
			return interrupted("interrupted"), true, false
		}
	}
}

func (m *Match) cancelClock() {
	m.mu.Lock()
	m.clock.Cancel()
	m.mu.Unlock()
}

// takeInfos passes the player's progress on to listeners and keeps the
// main line's latest report, merged (an engine may send depth, score and
// PV on separate lines).
func (m *Match) takeInfos(t *turn, ply int) {
	for _, in := range t.infos.take() {
		m.hub.publish(InfoEvent{Ply: ply, Side: t.side, Info: in})
		if in.MultiPV > 1 {
			continue
		}
		merged := in
		if t.last != nil {
			merged = t.last.Merge(in)
		}
		if merged.HasScore || len(merged.PV) > 0 || merged.Depth > 0 {
			t.last = &merged
		}
	}
}

// check judges a human's answer without playing it.
func (m *Match) check(b engine.BestMove) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := m.g.Position()
	switch {
	case b.Resign:
		return nil
	case b.Win:
		return p.CanDeclare()
	}
	return p.CheckMove(b.Move)
}

// answer applies a player's reply to the turn: the clock first, then the
// move, resignation or declaration.
func (m *Match) answer(t *turn, r reply, human bool) (Result, bool, bool) {
	c := t.side
	m.mu.Lock()
	spent, flagged := m.clock.Stop(m.ts.Now(), m.cfg.Margin)
	m.mu.Unlock()
	if res, end := m.judge(t, r, &spent, &flagged); end { // a server's game (referee.go)
		return res, true, false
	}
	switch {
	case r.err != nil && m.pausesOnFault():
		m.suspend(c, r.err, &t.before)
		return Result{}, false, false
	case r.err != nil:
		return m.fault(c, r.err), true, false
	case flagged:
		return m.timeUp(t, reply{}), true, false
	case r.move.Resign:
		return m.resign(c), true, false
	case r.move.Win:
		m.mu.Lock()
		err := m.g.Declare()
		if err != nil {
			m.g.Foul(c)
		}
		m.mu.Unlock()
		if err != nil {
			var de *game.DeclarationError
			errors.As(err, &de)
			return Result{Result: m.g.Result(), Why: FalseDeclaration, Side: c, Declaration: de}, true, false
		}
		return Result{Result: m.g.Result(), Why: Declared, Side: c}, true, false
	}
	m.mu.Lock()
	err := m.g.Play(r.move.Move)
	if err != nil {
		m.g.Foul(c)
		m.mu.Unlock()
		return Result{Result: m.g.Result(), Why: IllegalMove, Side: c, Illegal: r.move.Move.USI(), Refusal: err}, true, false
	}
	mv := m.g.LastMove()
	m.notes = append(m.notes, MoveNote{Spent: spent, Info: t.last})
	m.before = append(m.before, t.before)
	ev := MoveEvent{Ply: m.g.Len(), Move: mv, Side: c, Spent: spent, Info: t.last, Clock: m.clock.State()}
	lapsed := m.offer >= 0 && m.offer != int(c)
	m.mu.Unlock()
	m.hub.publish(ev)
	if lapsed {
		m.withdrawOffer() // answered by a move instead
	}
	return Result{}, false, true
}

// timeUp ends the game against the side whose time ran out; r is what
// the player said when stopped (an engine that did not answer stop was
// killed, and the message says so).
func (m *Match) timeUp(t *turn, r reply) Result {
	c := t.side
	m.mu.Lock()
	if m.clock.running {
		m.clock.Stop(m.ts.Now(), m.cfg.Margin)
	}
	avail := t.before[c] + m.cfg.Time[c].Byoyomi
	m.g.TimeUp(c)
	m.mu.Unlock()
	res := Result{Result: m.g.Result(), Why: TimeUp, Side: c, Allowed: avail, Margin: m.cfg.Margin}
	var ue *usi.Error
	if r.err != nil && errors.As(r.err, &ue) {
		res.Fault, res.Faulty = r.err, c
	}
	return res
}

// automatic is the result of a game the rules ended by themselves.
func (m *Match) automatic(r game.Result) Result {
	p := m.g.Position()
	res := Result{Result: r, Side: p.SideToMove()}
	switch r.Ending {
	case game.Checkmate:
		res.Why = Checkmated
	case game.NoLegalMoves:
		res.Why = NoLegalMove
	case game.Repetition:
		res.Why = Sennichite
	case game.PerpetualCheck:
		res.Why = PerpetualCheck
		if w, ok := r.Winner(); ok {
			res.Side = w.Other()
		}
	}
	return res
}

// interrupted is the result of a game interrupted (中断) for reason.
func interrupted(reason string) Result { return Result{Aborted: true, Why: Interrupted, Note: reason} }
