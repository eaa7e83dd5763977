package bot

import (
	"context"
	"math/rand/v2"
	"shogi/game/engine"
)

// Search plays Random's move; the limits do not matter to it.
func (b *Random) Search(ctx context.Context, req engine.Request) (engine.BestMove, error) {
	return answer(b, req)
}

// Search plays Greedy's move, or declares when the 27-point entering-king
// rule holds for the side to move.
func (b *Greedy) Search(ctx context.Context, req engine.Request) (engine.BestMove, error) {
	return answer(b, req)
}

// answer turns a Bot's one-move choice into a BestMove: a declaration wins
// outright when it holds, and no legal move means resigning.
func answer(b Bot, req engine.Request) (engine.BestMove, error) {
	p := req.Position()
	if p.CanDeclare() == nil {
		return engine.BestMove{Win: true}, nil
	}
	m, err := b.Move(p)
	if err == ErrNoMove {
		return engine.BestMove{Resign: true}, nil
	}
	if err != nil {
		return engine.BestMove{}, err
	}
	return engine.BestMove{Move: m}, nil
}

// NewSearcher returns the built-in engine called name (one of Names),
// drawing its random choices from r.
func NewSearcher(name string, r *rand.Rand) (engine.Searcher, error) {
	b, err := New(name, r)
	if err != nil {
		return nil, err
	}
	return b.(engine.Searcher), nil
}
