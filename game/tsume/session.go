package tsume

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/match"
)

// Session is one attempt at a problem: the player attacks, the Defender
// answers, and the session judges each attacking move before it is
// played. The game itself is a match (game/match) between the attacker,
// a person, and the Defender as the other side's player, started with
// the first check by a Runner (the app runs it through its game session,
// app/session). It is for one goroutine at a time; Attack, Hint and
// Solution think, so a screen calls them off its own loop. Close ends
// the match.
type Session struct {
	pr    Problem
	def   *Defender
	ctl   match.Control // nil when the match could not start (err)
	stop  func()
	err   error
	now   func() time.Time
	began time.Time

	length  int // the problem's length under tsume rules; 0 until known
	retries int
	hints   int
	shown   bool
	result  *Result
	closed  atomic.Bool // Close may come from another goroutine than the attempt's
	once    sync.Once
}

// A Runner starts the match of an attempt (cfg: the problem's start, the
// attacker a person, the Defender the other side) and returns its Control
// and a stop that ends it and waits until it has ended.
type Runner func(cfg match.Config) (ctl match.Control, stop func(), err error)

// RunMatch is the Runner of a bare match, on its own goroutine. The
// match's context is rooted here because a Runner has none: the stop it
// returns cancels it and waits.
func RunMatch(cfg match.Config) (match.Control, func(), error) {
	m, err := match.New(cfg)
	if err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		m.Run(ctx)
	}()
	return m, func() { cancel(); <-done }, nil
}

// Verdict is what became of an attacking move.
type Verdict uint8

const (
	// Refused: the move was not played; the Outcome's Refusal says why.
	Refused Verdict = iota
	// Defended: played and answered; the mate is still there, in
	// Remaining plies from the position after the reply.
	Defended
	// Escaped: played, and the defender's reply leaves no mate: "no mate
	// now". Retry goes back to before the move; Solution shows the way.
	Escaped
	// Unclear: played and answered, but the solver could not tell within
	// its budget whether a mate is left.
	Unclear
	// Solved: mate (Result says how).
	Solved
	// Perpetual: the checks repeated the position a fourth time, which
	// loses for the side giving them (連続王手の千日手).
	Perpetual
)

// Refusal says why an attacking move was not played.
type Refusal uint8

const (
	NoRefusal Refusal = iota
	// NotCheck: every attacking move of a problem must check.
	NotCheck
	// Illegal: the move breaks Rule.
	Illegal
	// Over: the attempt has ended (solved, or lost to repetition).
	Over
)

// Outcome is what Attack did with a move.
type Outcome struct {
	Verdict Verdict
	Refusal Refusal
	Rule    game.Rule // the rule an Illegal move breaks
	Move    game.Move // the attacking move
	// Reply is the defender's answer (Defended, Escaped, Unclear,
	// Perpetual); Remaining the plies to mate after it (Defended).
	Reply     game.Move
	Remaining int
	Result    *Result // Solved
}

// Result is how an attempt ended in mate.
type Result struct {
	Plies  int              // the plies played from the start to the mate
	Length int              // the problem's length
	Left   []game.PieceType // the attacker's pieces still in hand
	// Futile: the last check left the defender only futile
	// interpositions, which tsume rules count as mate.
	Futile  bool
	Took    time.Duration // from the start of the session
	Retries int           // times Retry took an attack back
	Hints   int           // hints asked
	Shown   bool          // the solution was shown before the mate
}

// NewSession starts an attempt at pr, against d, on a bare match
// (RunMatch). now is the clock (nil: time.Now).
func NewSession(pr Problem, d *Defender, now func() time.Time) *Session {
	return NewSessionRun(pr, d, now, RunMatch)
}

// NewSessionRun starts an attempt at pr, against d, on the match run
// starts. When it cannot start one, every Attack says why.
func NewSessionRun(pr Problem, d *Defender, now func() time.Time, run Runner) *Session {
	if now == nil {
		now = time.Now
	}
	s := &Session{pr: pr, def: d, now: now, began: now(), length: pr.Length}
	s.ctl, s.stop, s.err = run(MatchConfig(pr, d))
	return s
}

// MatchConfig is the match of an attempt at pr against d: the attacker a
// person, the defender d, no clock.
func MatchConfig(pr Problem, d *Defender) match.Config {
	var players [2]match.Player
	players[pr.Attacker()] = match.NewHuman("")
	players[pr.Attacker().Other()] = d
	return match.Config{Start: pr.Start, Players: players}
}

// Close ends the attempt's match and waits for it; the session plays no
// more. Unlike the other methods it may be called while another
// goroutine attacks (cancel that attack's context first), and more than
// once.
func (s *Session) Close() {
	s.closed.Store(true)
	s.once.Do(func() {
		if s.stop != nil {
			s.stop()
		}
	})
}

// Problem is the problem being attempted.
func (s *Session) Problem() Problem { return s.pr }

// game is the attempt's game as the match has it.
func (s *Session) game() *game.Game {
	g := game.NewGame(s.pr.Start)
	if s.ctl == nil {
		return g
	}
	for _, mv := range s.ctl.Snapshot().Moves {
		if g.Play(mv) != nil {
			break
		}
	}
	return g
}

// Position is the position on the board now.
func (s *Session) Position() game.Position { return s.game().Position() }

// Moves are the moves played since the start.
func (s *Session) Moves() []game.Move { return s.game().Moves() }

// Elapsed is the time since the session began.
func (s *Session) Elapsed() time.Duration { return s.now().Sub(s.began) }

// Result is how the attempt ended, nil while it goes on.
func (s *Session) Result() *Result { return s.result }

// over reports whether the attempt has ended: solved, closed, or the
// match over (a perpetual check).
func (s *Session) over() bool {
	return s.result != nil || s.closed.Load() || s.ctl != nil && s.ctl.Snapshot().Over
}

// Attack judges the attacking move m and, when it is a legal check,
// plays it in the match and waits for the defender's reply. A refused
// move changes nothing. The error is ctx's when it ended while the
// defender thought; the move is then taken back.
func (s *Session) Attack(ctx context.Context, m game.Move) (Outcome, error) {
	out := Outcome{Move: m}
	g := s.game()
	p := g.Position()
	if s.over() || g.Result().Over() {
		out.Refusal = Over
		return out, nil
	}
	if err := p.CheckMove(m); err != nil {
		out.Refusal, out.Rule = Illegal, game.RuleNone
		var ie *game.IllegalMoveError
		if errors.As(err, &ie) {
			out.Rule = ie.Rule
		}
		return out, nil
	}
	if !p.GivesCheck(m) {
		out.Refusal = NotCheck
		return out, nil
	}
	if s.ctl == nil {
		return Outcome{Move: m}, s.err
	}
	n := g.Len()
	sub := s.ctl.Subscribe() // from now on: no event of an earlier attack
	defer sub.Close()
	if err := s.ctl.SubmitMove(s.pr.Attacker(), m); err != nil {
		out.Refusal = Illegal
		var ie *game.IllegalMoveError
		if errors.As(err, &ie) {
			out.Rule = ie.Rule
		}
		return out, nil
	}
	if snap := s.ctl.Snapshot(); len(snap.Moves) > n {
		out.Move = snap.Moves[n] // as the game has it
	}
	for {
		if err := ctx.Err(); err != nil {
			s.takeBack(n)
			return Outcome{Move: m}, err
		}
		ev, err := sub.Next(ctx)
		if err != nil {
			if ctx.Err() != nil {
				continue
			}
			return Outcome{Move: m}, err
		}
		switch ev := ev.(type) {
		case match.GameOverEvent:
			return s.ended(ctx, out, ev.Result), nil
		case match.MoveEvent:
			if ev.Ply != n+2 {
				continue
			}
			out.Reply = ev.Move
			rep, _ := s.def.last(ev.Move)
			switch snap := s.ctl.Snapshot(); {
			case snap.Over:
				out.Verdict = Perpetual // the reply repeated the position
			case rep.Status == bot.MateFound:
				out.Verdict, out.Remaining = Defended, rep.Plies
			case rep.Status == bot.NoMate:
				out.Verdict = Escaped
			default:
				out.Verdict = Unclear
			}
			return out, nil
		}
	}
}

// ended is the outcome of an attack that ended the match: a mate (the
// defender checkmated, or resigning to a mate by tsume rules, where only
// futile interpositions are left), or the attacker's perpetual check.
func (s *Session) ended(ctx context.Context, out Outcome, res match.Result) Outcome {
	if res.Why != match.Checkmated && res.Why != match.Resigned {
		out.Verdict = Perpetual
		return out
	}
	g := s.game()
	left := g.Position()
	r := &Result{Plies: g.Len(), Length: s.lengthNow(ctx), Left: handOf(&left, s.pr.Attacker()),
		Futile: res.Why == match.Resigned, Took: s.Elapsed(), Retries: s.retries, Hints: s.hints, Shown: s.shown}
	s.result = r
	out.Verdict, out.Result = Solved, r
	return out
}

// takeBack takes the match back to n moves: the attack whose defence was
// given up on, and the reply if it came meanwhile.
func (s *Session) takeBack(n int) {
	for range 3 {
		k := len(s.ctl.Snapshot().Moves) - n
		if k <= 0 || s.ctl.Undo(k) != nil {
			return
		}
	}
}

// Length is the problem's length in plies, worked out on first need for
// a problem that came without one; ok is false when the solver could not
// settle it.
func (s *Session) Length(ctx context.Context) (n int, ok bool) {
	n = s.lengthNow(ctx)
	return n, n > 0
}

// lengthNow is the problem's length, worked out on first need.
func (s *Session) lengthNow(ctx context.Context) int {
	if s.length == 0 {
		if n, st := s.def.length(ctx, s.pr.Attacker(), s.pr.Start); st == bot.MateFound {
			s.length = n
		}
	}
	return s.length
}

// Retry takes back the last attacking move and the reply to it, to try
// again from the position before it. It reports whether there was one.
func (s *Session) Retry() bool {
	if s.over() {
		return false
	}
	g := s.game()
	p := g.Position()
	if g.Len() < 2 || p.SideToMove() != s.pr.Attacker() {
		return false
	}
	if s.ctl == nil || s.ctl.Undo(2) != nil {
		return false
	}
	s.retries++
	return true
}

// Hint is the next attacking move of the quickest mate from the
// position now, with bot.MateFound; otherwise bot.NoMate when the solver
// proved there is none (the king escaped, or the problem is no mate at
// all), bot.MateUnknown when the budget ran out or it is not the
// attacker's turn.
func (s *Session) Hint(ctx context.Context) (m game.Move, st bot.MateStatus) {
	p := s.Position()
	if s.result != nil || p.SideToMove() != s.pr.Attacker() {
		return game.NoMove, bot.MateUnknown
	}
	line, st := s.def.line(ctx, s.pr.Attacker(), p)
	if st != bot.MateFound || len(line) == 0 {
		if st == bot.MateFound {
			st = bot.MateUnknown
		}
		return game.NoMove, st
	}
	s.hints++
	return line[0], bot.MateFound
}

// Solution is the problem's main line from the start: the one it came
// with, else the solver's (bot.MateFound); bot.NoMate when the solver
// proved the start no mate, bot.MateUnknown when its budget ran out.
func (s *Session) Solution(ctx context.Context) ([]game.Move, bot.MateStatus) {
	s.shown = true
	if len(s.pr.Solution) > 0 {
		return s.pr.Solution, bot.MateFound
	}
	line, st := s.def.line(ctx, s.pr.Attacker(), s.pr.Start)
	if st != bot.MateFound {
		return nil, st
	}
	s.pr.Solution = line
	return line, bot.MateFound
}
