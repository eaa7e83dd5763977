package analysis

import (
	"context"
	"fmt"

	"shogi/game"
	"shogi/game/engine"
)

// Quiz is a next-move quiz (次の一手) from a game analysed as a whole: a
// position where the side to move played a move that lost a large share
// of its winning chances. The player is to find a better one.
type Quiz struct {
	// ID names the quiz for a progress store; the caller sets it (a
	// record's name and the ply, say).
	ID       string
	Start    game.Position // the game's start
	Moves    []game.Move   // the moves before the quiz's position
	Position game.Position // the position to play in
	Ply      int           // the number of the move that went wrong
	Mover    game.Color
	Played   game.Move // the move played, which lost
	Best     game.Move // the engine's choice
	BestLine []game.Move
	// Lines are the engine's lines in the position (MultiPV), best first:
	// an answer among them is judged by its line's value, with no search.
	Lines         []Line
	Before, After Value // the position's value, and the value after Played
	Loss          float64
	Mark          Mark
}

// QuizOptions say which moves make quizzes and which answers count.
type QuizOptions struct {
	// Thresholds mark the moves (ShogiHome's by default).
	Thresholds Thresholds
	// Least is the least mark that makes a quiz (by default 悪手, a
	// mistake: 20 points of winning rate lost with ShogiHome's
	// thresholds).
	Least Mark
	// Side, when OneSide is set, keeps only that side's moves (the
	// player's own, in a game against the computer).
	Side    game.Color
	OneSide bool
	// Margin is how many points of winning rate an answer may lose
	// against the position's value and still count (by default the
	// thresholds' 緩手: a move no analysis would mark).
	Margin float64
}

// DefaultQuizOptions are ShogiHome's thresholds, quizzes from 悪手 up,
// and answers that lose less than a 緩手 counting.
func DefaultQuizOptions() QuizOptions {
	return QuizOptions{Thresholds: DefaultThresholds, Least: Mistake, Margin: DefaultThresholds.Inaccuracy}
}

func (o QuizOptions) norm() QuizOptions {
	d := DefaultQuizOptions()
	if o.Thresholds == (Thresholds{}) {
		o.Thresholds = d.Thresholds
	}
	if o.Least == NoMark {
		o.Least = d.Least
	}
	if o.Margin <= 0 {
		o.Margin = o.Thresholds.Inaccuracy
	}
	return o
}

// Quizzes are the quizzes a whole-record report makes: the moves judged
// at o.Least or worse (by o.Side alone with OneSide). A quiz whose
// analysis named no move of its own (a record's comment with a score and
// no line) has no Best; its answers are all searched.
func Quizzes(r *Report, o QuizOptions) []Quiz {
	o = o.norm()
	var out []Quiz
	pos := r.Start
	ply := 0
	for _, j := range r.Judge(o.Thresholds) {
		if j.Mark < o.Least || o.OneSide && j.Mover != o.Side {
			continue
		}
		for ; ply < j.Ply-1; ply++ {
			pos = pos.Play(r.Moves[ply])
		}
		out = append(out, Quiz{Start: r.Start, Moves: r.Moves[: j.Ply-1 : j.Ply-1], Position: pos, Ply: j.Ply,
			Mover: j.Mover, Played: j.Move, Best: j.Best, BestLine: j.BestLine, Lines: r.Results[j.Ply-1].Lines,
			Before: j.Before, After: j.After, Loss: j.Loss, Mark: j.Mark})
	}
	return out
}

// Answer is how an answer to a quiz fared.
type Answer struct {
	Move    game.Move
	Correct bool
	// Best: the engine's own choice. Played: the move the game had.
	Best, Played bool
	// Value is the position after the answer as the engine saw it (the
	// quiz's own values for Best and Played), Loss the points of winning
	// rate it gives away against the position's value.
	Value Value
	Loss  float64
	// Searched says the engine searched the answer now; otherwise the
	// analysis's own lines judged it.
	Searched bool
}

// Check judges move m as an answer to q. The engine's choice counts and
// the move played does not, at once; an answer among the analysis's
// lines is judged by its line's value; any other legal move is searched
// by e under limits. It counts when it loses at most o.Margin points of
// the mover's winning rate against q.Before. An illegal move is an error
// (a *game.IllegalMoveError).
func (q *Quiz) Check(ctx context.Context, e Engine, m game.Move, limits engine.Limits, o QuizOptions) (Answer, error) {
	o = o.norm()
	if err := q.Position.CheckMove(m); err != nil {
		return Answer{Move: m}, err
	}
	k := o.Thresholds.Sigmoid
	lost := func(v Value) float64 {
		return max(0, q.Before.WinRate(q.Mover, k)-v.WinRate(q.Mover, k))
	}
	a := Answer{Move: m}
	switch {
	case q.Best != game.NoMove && m.SameAs(q.Best):
		a.Best, a.Correct, a.Value = true, true, q.Before
		return a, nil
	case m.SameAs(q.Played):
		a.Played, a.Value, a.Loss = true, q.After, q.Loss
		return a, nil
	}
	for _, l := range q.Lines {
		if len(l.PV) > 0 && l.PV[0].SameAs(m) && l.Value.Known() {
			a.Value, a.Loss = l.Value, lost(l.Value)
			a.Correct = a.Loss <= o.Margin
			return a, nil
		}
	}
	limits.Infinite, limits.Ponder = false, false
	if limits.MoveTime == 0 && limits.Depth == 0 && limits.Nodes == 0 {
		limits.MoveTime = DefaultMoveTime
	}
	moves := append(q.Moves[:len(q.Moves):len(q.Moves)], m)
	after := q.Position.Play(m)
	r, err := analyse(ctx, e, engine.Request{Start: q.Start, Moves: moves, Limits: limits}, after)
	if err != nil {
		return a, fmt.Errorf("judging %s: %w", m.USI(), err)
	}
	a.Searched, a.Value, a.Loss = true, r.Value, lost(r.Value)
	a.Correct = r.Value.Known() && a.Loss <= o.Margin
	return a, nil
}
