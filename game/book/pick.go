package book

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"

	"shogi/game"
	"shogi/game/engine"
)

// Pick is how a player chooses among a position's book moves.
type Pick int

const (
	// Off: never play from the book.
	Off Pick = iota
	// Weighted: at random, in proportion to how often each move was
	// played (YaneuraOu's ConsiderBookMoveCount); all alike when the book
	// has no counts.
	Weighted
	// Best: at random among the moves whose score is within EvalDiff of
	// the best (EvalDiff 0: the best only), as YaneuraOu picks by default.
	Best
)

var pickNames = [...]string{Off: "off", Weighted: "weighted", Best: "best"}

func (p Pick) String() string {
	if int(p) < len(pickNames) {
		return pickNames[p]
	}
	return fmt.Sprintf("pick(%d)", int(p))
}

// ParsePick reads off, weighted or best.
func ParsePick(s string) (Pick, error) {
	for p, n := range pickNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Pick(p), nil
		}
	}
	return Off, fmt.Errorf("unknown book choice %q (want weighted, best or off)", s)
}

// DefaultMoves is how many plies a book is played for unless told
// otherwise: YaneuraOu's BookMoves.
const DefaultMoves = 16

// Options say when and how a player plays from its book.
type Options struct {
	Pick Pick
	// Moves: the book is used while the position's move number is at
	// most this (YaneuraOu's BookMoves: 16 covers each side's first eight
	// moves of a game from the start).
	Moves int
	// EvalDiff keeps only the moves whose score is within this of the
	// best move's (YaneuraOu's BookEvalDiff; a move without a score counts
	// as 0, as YaneuraOu reads it); negative keeps every move.
	EvalDiff int
	// IgnoreRate is the percentage of turns on which the book is not
	// consulted (YaneuraOu's BookIgnoreRate).
	IgnoreRate int
	// NoFlip: do not look the position up turned round (YaneuraOu's
	// FlippedBook off).
	NoFlip bool
}

// DefaultOptions plays weighted by count for the first DefaultMoves plies.
func DefaultOptions() Options { return Options{Pick: Weighted, Moves: DefaultMoves, EvalDiff: -1} }

// Choose picks a move from e's moves that allowed says may be played, with
// r's randomness; ok is false when none may (or Pick is Off).
func (o Options) Choose(e Entry, allowed func(game.Move) bool, r *rand.Rand) (Move, bool) {
	if o.Pick == Off {
		return Move{}, false
	}
	var cands []Move
	for _, m := range e.Moves {
		if allowed == nil || allowed(m.Move) {
			cands = append(cands, m)
		}
	}
	if len(cands) == 0 {
		return Move{}, false
	}
	if o.EvalDiff >= 0 {
		best := cands[0].Score
		for _, m := range cands {
			best = max(best, m.Score)
		}
		kept := cands[:0]
		for _, m := range cands {
			if m.Score >= best-o.EvalDiff {
				kept = append(kept, m)
			}
		}
		cands = kept
	}
	if o.Pick == Weighted {
		var sum int64
		for _, m := range cands {
			sum += max(m.Count, 0)
		}
		if sum > 0 {
			x := r.Int64N(sum)
			for _, m := range cands {
				if x -= max(m.Count, 0); x < 0 {
					return m, true
				}
			}
		}
	}
	return cands[r.IntN(len(cands))], true
}

// Searcher plays from a book while the options allow, and leaves the
// other turns to the searcher it wraps: any engine.Searcher, so every
// built-in level and anything else that searches can have a book. Its
// randomness comes from the *rand.Rand it is given, so a seeded game
// replays the same.
type Searcher struct {
	engine.Searcher
	book Source
	opts Options

	mu  sync.Mutex // guards rng, which several games may share
	rng *rand.Rand
}

// NewSearcher wraps s with the book src (which may be nil: no book).
func NewSearcher(s engine.Searcher, src Source, opts Options, rng *rand.Rand) *Searcher {
	return &Searcher{Searcher: s, book: src, opts: opts, rng: rng}
}

// Search answers from the book when it can, else asks the wrapped
// searcher. A book that cannot be read at this position is reported in an
// info string, and the searcher answers.
func (s *Searcher) Search(ctx context.Context, req engine.Request) (engine.BestMove, error) {
	m, ok, err := s.Probe(req)
	if err != nil && req.Info != nil {
		req.Info(engine.Info{String: "book: " + err.Error()})
	}
	if !ok {
		return s.Searcher.Search(ctx, req)
	}
	if req.Info != nil {
		in := engine.Info{MultiPV: 1, PV: []game.Move{m.Move}}
		if m.Ponder != game.NoMove {
			in.PV = append(in.PV, m.Ponder)
		}
		if m.HasScore {
			in.HasScore, in.Score = true, engine.Score{Value: m.Score}
		}
		req.Info(in)
	}
	return engine.BestMove{Move: m.Move, Ponder: m.Ponder}, nil
}

// Probe returns the book move the options choose for the position req
// reaches, if any. The move is legal there and does not lose the game on
// the spot (a fourth repetition by perpetual check).
func (s *Searcher) Probe(req engine.Request) (Move, bool, error) {
	if s.book == nil || s.opts.Pick == Off {
		return Move{}, false, nil
	}
	g := game.NewGame(req.Start)
	for _, m := range req.Moves {
		if g.Play(m) != nil {
			return Move{}, false, nil
		}
	}
	p := g.Position()
	if g.Result().Over() || p.MoveNumber() > s.opts.Moves {
		return Move{}, false, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.opts.IgnoreRate > 0 && s.rng.IntN(100) < s.opts.IgnoreRate {
		return Move{}, false, nil
	}
	e, ok, err := Find(s.book, &p, !s.opts.NoFlip)
	if !ok || err != nil {
		return Move{}, false, err
	}
	mover := p.SideToMove()
	allowed := func(m game.Move) bool {
		if g.Play(m) != nil {
			return false
		}
		defer g.Undo()
		w, decided := g.Result().Winner()
		return !decided || w == mover
	}
	m, ok := s.opts.Choose(e, allowed, s.rng)
	return m, ok, nil
}

// Use is a book and how a player plays from it: what a built-in player's
// spec carries (match.Spec.Book).
type Use struct {
	Source  Source
	Options Options
}

// Active reports whether a player given u plays from a book.
func (u *Use) Active() bool { return u != nil && u.Source != nil && u.Options.Pick != Off }

// Wrap returns s playing from the book, its choices drawn from r; s itself
// when the book is off.
func (u *Use) Wrap(s engine.Searcher, r *rand.Rand) engine.Searcher {
	if !u.Active() {
		return s
	}
	return NewSearcher(s, u.Source, u.Options, r)
}
