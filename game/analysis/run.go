package analysis

import (
	"context"
	"errors"
	"fmt"
	"time"

	"shogi/game"
	"shogi/game/engine"
)

// Options shape a whole-record pass.
type Options struct {
	// Limits is the budget per position: MoveTime, Depth or Nodes. With
	// none set the pass gives each position DefaultMoveTime.
	Limits  engine.Limits
	MultiPV int // lines per position, 1 to MaxLines
	// From and To are the moves judged, 1-based and inclusive: the pass
	// analyses the positions before From and after each move up to To.
	// 0 means the first move and the last.
	From, To int
}

// DefaultMoveTime is a position's budget when Options give none.
const DefaultMoveTime = time.Second

// Result is what the engine found in the position after Ply moves.
type Result struct {
	Ply   int
	Done  bool   // analysed (or over: no legal move)
	Lines []Line // best first
	Value Value  // the best line's, from Black's view
	Best  game.Move
	Depth int
	Nodes uint64
	Time  time.Duration // how long the engine took
}

// PV is the best line's moves.
func (r *Result) PV() []game.Move {
	if len(r.Lines) == 0 {
		return nil
	}
	return r.Lines[0].PV
}

// Report is a pass over a line of moves.
type Report struct {
	Engine  string
	Start   game.Position
	Moves   []game.Move
	Results []Result // Results[i] is the position after i moves
	From    int      // the first move judged
	To      int      // the last move judged
}

// Progress is the state of a pass after one more position.
type Progress struct {
	Done, Total int           // positions
	Ply         int           // the position just analysed
	Elapsed     time.Duration // since the pass began
	ETA         time.Duration // to the end, at the pace so far
	Result      Result
}

// StopError is an engine failure that ended a pass part-way; the report
// holds the positions done before it.
type StopError struct {
	Ply int // the position the engine failed on
	Err error
}

func (e *StopError) Error() string {
	return fmt.Sprintf("stopped at the position after move %d: %v", e.Ply, e.Err)
}

func (e *StopError) Unwrap() error { return e.Err }

// Range returns the plies a pass over n moves analyses for o: the
// positions from From−1 to To, after clamping them to the line.
func (o Options) Range(n int) (first, last int, err error) {
	from, to := o.From, o.To
	if from == 0 {
		from = 1
	}
	if to == 0 || to > n {
		to = n
	}
	switch {
	case n == 0:
		return 0, 0, errors.New("the line has no moves to analyse")
	case from < 1:
		return 0, 0, fmt.Errorf("move %d: moves are numbered from 1", from)
	case from > n:
		return 0, 0, fmt.Errorf("move %d: the line has %d moves", from, n)
	case from > to:
		return 0, 0, fmt.Errorf("moves %d to %d: the first is after the last", from, to)
	}
	return from - 1, to, nil
}

// Run analyses the positions of a line of moves from start, one after
// another with the budget per position Options give, calling progress
// after each. The moves must be legal. It returns the report with every
// position done so far, also when it stops early: when ctx ends (the
// error is ctx's) or the engine fails (a *StopError).
func Run(ctx context.Context, e Engine, start game.Position, moves []game.Move, o Options, progress func(Progress)) (*Report, error) {
	first, last, err := o.Range(len(moves))
	if err != nil {
		return nil, err
	}
	rep := &Report{Engine: e.Name(), Start: start, Moves: moves, Results: make([]Result, len(moves)+1), From: first + 1, To: last}
	limits := o.Limits
	limits.Infinite, limits.Ponder = false, false
	if limits.MoveTime == 0 && limits.Depth == 0 && limits.Nodes == 0 {
		limits.MoveTime = DefaultMoveTime
	}
	pos := start
	for i := 0; i < first; i++ {
		pos = pos.Play(moves[i])
	}
	began := time.Now()
	total := last - first + 1
	for ply := first; ply <= last; ply++ {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		if ply > first {
			pos = pos.Play(moves[ply-1])
		}
		r, err := analyse(ctx, e, engine.Request{Start: start, Moves: moves[:ply], MultiPV: o.MultiPV, Limits: limits}, pos)
		if err != nil {
			if ctx.Err() != nil {
				return rep, ctx.Err()
			}
			return rep, &StopError{Ply: ply, Err: err}
		}
		rep.Results[ply] = r
		if progress != nil {
			done := ply - first + 1
			el := time.Since(began)
			progress(Progress{Done: done, Total: total, Ply: ply, Elapsed: el,
				ETA: el / time.Duration(done) * time.Duration(total-done), Result: r})
		}
	}
	return rep, nil
}

// analyse searches one position of the pass.
func analyse(ctx context.Context, e Engine, t engine.Request, pos game.Position) (Result, error) {
	r := Result{Ply: len(t.Moves), Done: true}
	if !pos.HasLegalMove() {
		// Mate (or no move at all, which loses too): nothing to search.
		r.Value = MateBy(pos.SideToMove().Other(), 0)
		return r, nil
	}
	var sn Snapshot
	n := lines(t)
	began := time.Now()
	t.Info = func(in engine.Info) { fold(&sn, in, pos.SideToMove(), n) }
	bm, err := e.Go(ctx, t)
	r.Time = time.Since(began)
	if err != nil {
		return r, err
	}
	r.Lines, r.Depth, r.Nodes, r.Best = sn.Lines, sn.Depth, sn.Nodes, bm.Move
	// Lines the engine left empty (fewer moves than lines) are dropped.
	for len(r.Lines) > 0 && len(r.Lines[len(r.Lines)-1].PV) == 0 && !r.Lines[len(r.Lines)-1].HasScore {
		r.Lines = r.Lines[:len(r.Lines)-1]
	}
	if len(r.Lines) > 0 {
		r.Value = r.Lines[0].Value
		if r.Best == game.NoMove && len(r.Lines[0].PV) > 0 {
			r.Best = r.Lines[0].PV[0]
		}
	}
	return r, nil
}
