package bot

import (
	"context"
	"math/rand/v2"

	"shogi/game"
	"shogi/game/usi"
)

// Request is one search: the position as the moves played from Start reach
// it (so a search can see repetitions), the limits, and where to report.
type Request struct {
	Start   game.Position
	Moves   []game.Move
	Limits  usi.Limits
	MultiPV int // lines to report; 0 or 1 means one
	// Info, when not nil, receives progress while the search runs. It is
	// called on the searching goroutine and must not block.
	Info func(usi.Info)
}

// Position returns the position to search: Start with Moves played.
func (r Request) Position() game.Position {
	p := r.Start
	for _, m := range r.Moves {
		p = p.Play(m)
	}
	return p
}

// Searcher is a built-in engine: it answers a Request as a USI engine
// answers go, and stops early when ctx is cancelled. Every bot is one, so
// the match layer needs a single adapter for all of them.
type Searcher interface {
	Name() string
	Search(ctx context.Context, req Request) (usi.BestMove, error)
}

// Search plays Random's move; the limits do not matter to it.
func (b *Random) Search(ctx context.Context, req Request) (usi.BestMove, error) {
	return answer(b, req)
}

// Search plays Greedy's move, or declares when the 27-point entering-king
// rule holds for the side to move.
func (b *Greedy) Search(ctx context.Context, req Request) (usi.BestMove, error) {
	return answer(b, req)
}

// answer turns a Bot's one-move choice into a BestMove: a declaration wins
// outright when it holds, and no legal move means resigning.
func answer(b Bot, req Request) (usi.BestMove, error) {
	p := req.Position()
	if p.CanDeclare() == nil {
		return usi.BestMove{Win: true}, nil
	}
	m, err := b.Move(p)
	if err == ErrNoMove {
		return usi.BestMove{Resign: true}, nil
	}
	if err != nil {
		return usi.BestMove{}, err
	}
	return usi.BestMove{Move: m}, nil
}

// NewSearcher returns the built-in engine called name (one of Names),
// drawing its random choices from r.
func NewSearcher(name string, r *rand.Rand) (Searcher, error) {
	b, err := New(name, r)
	if err != nil {
		return nil, err
	}
	return b.(Searcher), nil
}
