package bot

import (
	"context"
	"math/rand/v2"

	"shogi/game/usi"
)

// Search plays Random's move; the limits do not matter to it.
func (b *Random) Search(ctx context.Context, req usi.Request) (usi.BestMove, error) {
	return answer(b, req)
}

// Search plays Greedy's move, or declares when the 27-point entering-king
// rule holds for the side to move.
func (b *Greedy) Search(ctx context.Context, req usi.Request) (usi.BestMove, error) {
	return answer(b, req)
}

// answer turns a Bot's one-move choice into a BestMove: a declaration wins
// outright when it holds, and no legal move means resigning.
func answer(b Bot, req usi.Request) (usi.BestMove, error) {
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
func NewSearcher(name string, r *rand.Rand) (usi.Searcher, error) {
	b, err := New(name, r)
	if err != nil {
		return nil, err
	}
	return b.(usi.Searcher), nil
}
