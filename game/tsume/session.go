package tsume

import (
	"context"
	"errors"
	"time"

	"shogi/game"
	"shogi/game/bot"
)

// Session is one attempt at a problem: the player attacks, the Defender
// answers, and the session judges each attacking move before it is
// played. It is for one goroutine at a time; Attack, Hint and Solution
// think, so a screen calls them off its own loop.
type Session struct {
	pr    Problem
	def   *Defender
	g     *game.Game
	now   func() time.Time
	began time.Time

	length  int // the problem's length under tsume rules; 0 until known
	retries int
	hints   int
	shown   bool
	result  *Result
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

// NewSession starts an attempt at pr, against d. now is the clock (nil:
// time.Now).
func NewSession(pr Problem, d *Defender, now func() time.Time) *Session {
	if now == nil {
		now = time.Now
	}
	return &Session{pr: pr, def: d, g: game.NewGame(pr.Start), now: now, began: now(), length: pr.Length}
}

// Problem is the problem being attempted.
func (s *Session) Problem() Problem { return s.pr }

// Position is the position on the board now.
func (s *Session) Position() game.Position { return s.g.Position() }

// Moves are the moves played since the start.
func (s *Session) Moves() []game.Move { return s.g.Moves() }

// Elapsed is the time since the session began.
func (s *Session) Elapsed() time.Duration { return s.now().Sub(s.began) }

// Result is how the attempt ended, nil while it goes on.
func (s *Session) Result() *Result { return s.result }

// Attack judges the attacking move m and, when it is a legal check,
// plays it and the defender's reply. A refused move changes nothing. The
// error is ctx's when it ended while the defender thought; the move is
// then taken back.
func (s *Session) Attack(ctx context.Context, m game.Move) (Outcome, error) {
	out := Outcome{Move: m}
	p := s.g.Position()
	if s.result != nil || s.g.Result().Over() {
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
	if err := s.g.Play(m); err != nil {
		out.Refusal = Illegal
		return out, nil
	}
	out.Move = s.g.LastMove()
	if s.g.Result().Ending == game.PerpetualCheck {
		out.Verdict = Perpetual // the check repeated the position a fourth time
		return out, nil
	}
	rep := s.def.Reply(ctx, s.g.Position())
	if err := ctx.Err(); err != nil {
		s.g.Undo()
		return Outcome{Move: m}, err
	}
	if rep.Mated {
		left := s.g.Position()
		res := &Result{Plies: s.g.Len(), Length: s.lengthNow(ctx), Left: handOf(&left, s.pr.Attacker()),
			Futile: rep.Futile, Took: s.Elapsed(), Retries: s.retries, Hints: s.hints, Shown: s.shown}
		s.result = res
		out.Verdict, out.Result = Solved, res
		return out, nil
	}
	if err := s.g.Play(rep.Move); err != nil {
		// The defender's moves are legal; an error here is a bug.
		s.g.Undo()
		return Outcome{Move: m}, err
	}
	out.Reply = s.g.LastMove()
	switch {
	case s.g.Result().Over():
		out.Verdict = Perpetual
	case rep.Status == bot.MateFound:
		out.Verdict, out.Remaining = Defended, rep.Plies
	case rep.Status == bot.NoMate:
		out.Verdict = Escaped
	default:
		out.Verdict = Unclear
	}
	return out, nil
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
	if s.result != nil {
		return false
	}
	p := s.g.Position()
	if s.g.Len() < 2 || p.SideToMove() != s.pr.Attacker() {
		return false
	}
	s.g.Undo()
	s.g.Undo()
	s.retries++
	return true
}

// Hint is the next attacking move of the quickest mate from the
// position now, with bot.MateFound; otherwise bot.NoMate when the solver
// proved there is none (the king escaped, or the problem is no mate at
// all), bot.MateUnknown when the budget ran out or it is not the
// attacker's turn.
func (s *Session) Hint(ctx context.Context) (m game.Move, st bot.MateStatus) {
	p := s.g.Position()
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
