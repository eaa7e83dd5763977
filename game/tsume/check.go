package tsume

import (
	"context"
	"errors"
	"slices"
	"time"

	"shogi/game"
	"shogi/game/bot"
)

// Options shape the solver's work on a problem.
type Options struct {
	// Budget is how many positions one question to the solver may search
	// (0: DefaultBudget). A question left open makes a report incomplete.
	Budget int
}

// DefaultBudget is a question's budget when Options give none: a few
// seconds at most on this machine for a problem; composed problems take
// a small share of it.
const DefaultBudget = 4_000_000

func (o Options) budget() int {
	if o.Budget > 0 {
		return o.Budget
	}
	return DefaultBudget
}

// FlawKind is what is wrong with a problem, or with the solution it
// came with.
type FlawKind uint8

const (
	// NotMate: the attacker has no mate.
	NotMate FlawKind = iota + 1
	// Undecided: the budget ran out before the question was settled.
	Undecided
	// FirstNotUnique: Moves are the first moves that mate in time (more
	// than one).
	FirstNotUnique
	// Alternative (余詰): at attacking move Ply of the main line, Moves
	// also mate within the plies left.
	Alternative
	// PiecesLeft (駒余り): the main line ends with Left in the
	// attacker's hand.
	PiecesLeft
	// WrongLength: the problem says Want plies; the mate takes Got.
	WrongLength

	// Faults of the solution a problem came with (a record's moves):

	// ClaimIllegal: its move at Ply is illegal (Rule).
	ClaimIllegal
	// ClaimNotCheck: its attacking move at Ply is not a check.
	ClaimNotCheck
	// ClaimEscape: after its attacking move at Ply there is no mate.
	ClaimEscape
	// ClaimSlow: its attacking move at Ply mates in Got plies from
	// there, where Want would do.
	ClaimSlow
	// ClaimWeakDefence: its defence at Ply gives in after Got plies
	// from there; the longest holds Want.
	ClaimWeakDefence
	// ClaimFutile: its defence at Ply is a futile interposition.
	ClaimFutile
	// ClaimNoMate: it stops at Ply with the defender not mated.
	ClaimNoMate
)

// Flaw is one thing wrong with a problem.
type Flaw struct {
	Kind      FlawKind
	Ply       int // 1-based, where the flaw is; 0 for the whole problem
	Move      game.Move
	Moves     []game.Move
	Want, Got int
	Rule      game.Rule
	Left      []game.PieceType // PiecesLeft: one entry per piece
}

// Report is what Check finds about a problem.
type Report struct {
	Status bot.MateStatus
	Length int         // plies under tsume rules
	Line   []game.Move // the main line
	// FirstMoves are the first moves that mate in Length.
	FirstMoves []game.Move
	// Left is what the attacker holds at the end of the main line.
	Left  []game.PieceType
	Flaws []Flaw
	Grade Grade
	Nodes int
	Time  time.Duration
}

// OK reports whether the problem has no flaw at all.
func (r *Report) OK() bool { return r.Status == bot.MateFound && len(r.Flaws) == 0 }

// Has reports whether the report has a flaw of kind k.
func (r *Report) Has(k FlawKind) bool {
	return slices.ContainsFunc(r.Flaws, func(f Flaw) bool { return f.Kind == k })
}

// Check solves a problem under tsume rules and says what is wrong with
// it: whether it mates and in how many plies, the main line, whether
// the first move and every attacking move are the only ones that mate
// in time (余詰 listed), the pieces left in hand, and, for a problem that
// came with a length or a solution, where they are wrong.
func Check(ctx context.Context, pr Problem, o Options) Report {
	start := time.Now()
	c := checker{ctx: ctx, ts: bot.NewTsume(pr.Attacker(), bot.TsumeOptions{Budget: o.budget()})}
	r := c.check(pr)
	r.Nodes, r.Time = c.nodes, time.Since(start)
	return r
}

type checker struct {
	ctx   context.Context
	ts    *bot.Tsume
	nodes int
}

var errUndecided = errors.New("undecided")

func (c *checker) length(p game.Position) (int, error) {
	n, st := c.ts.Length(c.ctx, p)
	c.nodes += c.ts.Nodes()
	switch st {
	case bot.MateFound:
		return n, nil
	case bot.NoMate:
		return -1, nil
	}
	return -1, errUndecided
}

func (c *checker) check(pr Problem) Report {
	r := Report{Status: bot.MateUnknown}
	p := pr.Start
	undecided := func() Report {
		r.Status = bot.MateUnknown
		r.Flaws = append(r.Flaws, Flaw{Kind: Undecided})
		r.Grade = NoGrade
		return r
	}
	n, err := c.length(p)
	switch {
	case err != nil:
		return undecided()
	case n < 0:
		r.Status = bot.NoMate
		r.Flaws = append(r.Flaws, Flaw{Kind: NotMate})
		if pr.Solution != nil {
			c.claim(&r, pr, -1)
		}
		return r
	}
	r.Status, r.Length = bot.MateFound, n
	line, st := c.ts.Line(c.ctx, p)
	c.nodes += c.ts.Nodes()
	if st != bot.MateFound {
		return undecided()
	}
	r.Line = line
	q := p
	for i, m := range line {
		if i%2 == 0 {
			ms, complete := c.ts.Mates(c.ctx, q, n-i)
			c.nodes += c.ts.Nodes()
			if !complete {
				return undecided()
			}
			if i == 0 {
				r.FirstMoves = ms
				if len(ms) > 1 {
					r.Flaws = append(r.Flaws, Flaw{Kind: FirstNotUnique, Ply: 1, Moves: ms})
				}
			} else if others := without(ms, m); len(others) > 0 {
				r.Flaws = append(r.Flaws, Flaw{Kind: Alternative, Ply: i + 1, Move: m, Moves: others})
			}
		}
		q = q.Play(m)
	}
	r.Left = handOf(&q, pr.Attacker())
	if len(r.Left) > 0 {
		r.Flaws = append(r.Flaws, Flaw{Kind: PiecesLeft, Left: r.Left})
	}
	if pr.Length > 0 && pr.Length != n {
		r.Flaws = append(r.Flaws, Flaw{Kind: WrongLength, Want: pr.Length, Got: n})
	}
	if pr.Solution != nil {
		if !c.claim(&r, pr, n) {
			return undecided()
		}
	}
	r.Grade = grade(r.Flaws)
	return r
}

// grade is Classic with no flaw, Standard when the only flaws are
// alternatives after the first move.
func grade(fs []Flaw) Grade {
	g := Classic
	for _, f := range fs {
		if f.Kind != Alternative {
			return NoGrade
		}
		g = Standard
	}
	return g
}

func without(ms []game.Move, m game.Move) []game.Move {
	var out []game.Move
	for _, x := range ms {
		if !x.SameAs(m) {
			out = append(out, x)
		}
	}
	return out
}

// handOf lists c's pieces in hand, one entry per piece, rook first.
func handOf(p *game.Position, c game.Color) []game.PieceType {
	var out []game.PieceType
	for _, t := range game.HandTypes {
		for range p.Hand(c, t) {
			out = append(out, t)
		}
	}
	return out
}

// claim checks the solution a problem came with against the solver,
// move by move, stopping at its first fault; n is the mate's length (-1
// for none). It reports false when a question was left open.
func (c *checker) claim(r *Report, pr Problem, n int) bool {
	att := pr.Attacker()
	q := pr.Start
	add := func(f Flaw) bool { r.Flaws = append(r.Flaws, f); return true }
	for i, m := range pr.Solution {
		ply := i + 1
		if err := q.CheckMove(m); err != nil {
			var ie *game.IllegalMoveError
			rule := game.RuleNone
			if errors.As(err, &ie) {
				rule = ie.Rule
			}
			return add(Flaw{Kind: ClaimIllegal, Ply: ply, Move: m, Rule: rule})
		}
		if !m.IsDrop() {
			m = q.NewMove(m.From(), m.To(), m.IsPromotion())
		}
		before, err := c.length(q)
		if err != nil {
			return false
		}
		after, err := c.length(q.Play(m))
		if err != nil {
			return false
		}
		if q.SideToMove() == att {
			switch {
			case !q.GivesCheck(m):
				return add(Flaw{Kind: ClaimNotCheck, Ply: ply, Move: m})
			case after < 0:
				return add(Flaw{Kind: ClaimEscape, Ply: ply, Move: m})
			case before >= 0 && after+1 > before:
				return add(Flaw{Kind: ClaimSlow, Ply: ply, Move: m, Want: before, Got: after + 1})
			}
		} else if before >= 0 {
			if c.ts.Futile(c.ctx, q, m) {
				return add(Flaw{Kind: ClaimFutile, Ply: ply, Move: m})
			}
			if after+1 < before {
				return add(Flaw{Kind: ClaimWeakDefence, Ply: ply, Move: m, Want: before, Got: after + 1})
			}
		}
		q = q.Play(m)
	}
	if q.SideToMove() == att {
		return add(Flaw{Kind: ClaimNoMate, Ply: len(pr.Solution)})
	}
	end, err := c.length(q)
	if err != nil {
		return false
	}
	if end != 0 {
		return add(Flaw{Kind: ClaimNoMate, Ply: len(pr.Solution)})
	}
	return true
}
