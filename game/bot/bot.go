// Package bot holds the built-in computer players. A Bot looks at a
// position and returns one legal move; it never changes the position, so
// the TUI can run it in the background on a copy.
//
// The bots, weakest first:
//
//   - random: a move chosen uniformly from the legal moves.
//   - greedy: the best immediate result, looking one move ahead plus the
//     exchange on the destination square (see Greedy).
//   - the levels of the built-in engine (see Levels and Engine), from
//     beginner to strong: an alpha-beta search with a shogi evaluation,
//     held back at the lower levels by depth, node budgets and noise.
//
// Every bot is also a Searcher, which answers a USI-style request (the
// game so far, the clock, limits) and reports its thinking; the mate
// solver (Mate) finds forced mates by checks, as tsume problems ask.
//
// Randomness is passed in as a *rand.Rand so games with a bot can be
// replayed exactly in tests.
package bot

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"shogi/game"
)

// Bot chooses a move for the side to move.
type Bot interface {
	// Name is the key used on the command line: "random", "greedy".
	Name() string
	// Move returns a legal move in p, or ErrNoMove when there is none.
	Move(p game.Position) (game.Move, error)
}

// ErrNoMove is returned when the side to move has no legal move.
var ErrNoMove = errors.New("bot: no legal move")

// names lists the bots New knows, weakest first: random, greedy, then the
// engine's levels.
var names = func() []string {
	n := []string{"random", "greedy"}
	for _, l := range levels {
		n = append(n, l.Name)
	}
	return n
}()

// Names returns the bots New knows, weakest first: random, greedy, then
// the engine's levels.
func Names() []string { return slices.Clone(names) }

// New returns the bot called name, drawing its random choices from r.
func New(name string, r *rand.Rand) (Bot, error) {
	switch name {
	case "random":
		return NewRandom(r), nil
	case "greedy":
		return NewGreedy(r), nil
	}
	if l, ok := FindLevel(name); ok {
		return NewEngine(l, r), nil
	}
	return nil, fmt.Errorf("unknown bot %q (want one of %s)", name, strings.Join(names, ", "))
}

// Random plays a move chosen uniformly among the legal moves. A move with
// optional promotion counts as two moves (promoting and not), as
// game.Position.LegalMoves lists them.
type Random struct{ r *rand.Rand }

// NewRandom returns a Random bot using r.
func NewRandom(r *rand.Rand) *Random { return &Random{r: r} }

// Name returns "random".
func (*Random) Name() string { return "random" }

// Move returns a uniformly chosen legal move.
func (b *Random) Move(p game.Position) (game.Move, error) {
	moves := p.LegalMoves(nil)
	if len(moves) == 0 {
		return game.NoMove, ErrNoMove
	}
	return moves[b.r.IntN(len(moves))], nil
}
