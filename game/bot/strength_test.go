package bot

import (
	"context"
	"testing"

	"shogi/game"
	"shogi/game/engine"
	"shogi/internal/testenv"
)

// playGame plays a game from the start between two searchers, each move
// limited by limits, and returns the result (a draw after maxPlies).
func playGame(t *testing.T, black, white engine.Searcher, limits engine.Limits, maxPlies int) game.Result {
	t.Helper()
	g := game.NewGame(game.StartPosition())
	players := [2]engine.Searcher{black, white}
	for g.Len() < maxPlies && !g.Result().Over() {
		p := g.Position()
		side := p.SideToMove()
		bm, err := players[side].Search(context.Background(), engine.Request{Start: g.Start(), Moves: g.Moves(), Limits: limits})
		if err != nil {
			t.Fatalf("%s at ply %d: %v", players[side].Name(), g.Len(), err)
		}
		switch {
		case bm.Resign:
			g.Resign(side)
		case bm.Win:
			if err := g.Declare(); err != nil {
				t.Fatalf("%s declared at ply %d: %v", players[side].Name(), g.Len(), err)
			}
		default:
			if err := g.Play(bm.Move); err != nil {
				t.Fatalf("%s at ply %d: %v", players[side].Name(), g.Len(), err)
			}
		}
	}
	return g.Result()
}

// wins plays n games, colours alternating, and counts a's wins.
func wins(t *testing.T, a, b func(seed uint64) engine.Searcher, limits engine.Limits, n int) int {
	w := 0
	for i := 0; i < n; i++ {
		sa, sb := a(uint64(i)), b(uint64(i)+100)
		aColor := game.Color(i % 2)
		black, white := sa, sb
		if aColor == game.White {
			black, white = sb, sa
		}
		r := playGame(t, black, white, limits, 400)
		if c, ok := r.Winner(); ok && c == aColor {
			w++
		} else {
			t.Logf("game %d (%s as %s): %v", i, sa.Name(), aColor, r)
		}
	}
	return w
}

func level(name string) func(uint64) engine.Searcher {
	return func(seed uint64) engine.Searcher {
		s, err := NewSearcher(name, seeded(seed+1))
		if err != nil {
			panic(err)
		}
		if e, ok := s.(*Engine); ok {
			e.SetHashMB(testHashMB)
		}
		return s
	}
}

func TestLowestLevelBeatsRandom(t *testing.T) {
	if w := wins(t, level(levels[0].Name), level("random"), engine.Limits{}, 10); w != 10 {
		t.Errorf("%s beat random in %d of 10 games", levels[0].Name, w)
	}
}

// The top level beats greedy in every game of a seeded match: six games
// in the default run (a bot no stronger than greedy would win all six
// about one time in 64), ten in the long tier.
func TestTopLevelBeatsGreedy(t *testing.T) {
	t.Parallel()
	n := 6
	if testenv.Long() {
		n = 10
	}
	top := levels[len(levels)-1].Name
	if w := wins(t, level(top), level("greedy"), engine.Limits{Nodes: 3000}, n); w != n {
		t.Errorf("%s (3,000 nodes a move) beat greedy in %d of %d games", top, w, n)
	}
}

// The lowest level beats greedy, the bot below the ladder: a seeded
// match, so its result is the same on every run.
func TestLowestLevelBeatsGreedy(t *testing.T) {
	if w := wins(t, level(levels[0].Name), level("greedy"), engine.Limits{}, 10); w < 6 {
		t.Errorf("%s beat greedy in %d of 10 games", levels[0].Name, w)
	}
}

// Every level gives its search at least as much as the one below: no
// shallower a depth limit and no smaller a node budget where both have
// one, a depth limit only below levels without, no more noise where the
// rest is the same, no fewer captures seen, and a mate solver no smaller.
func TestLadderIsOrdered(t *testing.T) {
	for i := 1; i < len(levels); i++ {
		a, b := levels[i-1], levels[i]
		bad := a.Depth > 0 && b.Depth > 0 && b.Depth < a.Depth ||
			a.Nodes > 0 && b.Nodes > 0 && b.Nodes < a.Nodes ||
			a.Depth == 0 && b.Depth > 0 ||
			a.Nodes == 0 && a.Depth == 0 && b.Nodes > 0 ||
			b.RecaptureOnly && !a.RecaptureOnly ||
			b.MateNodes < a.MateNodes ||
			b.Noise > a.Noise && b.Depth == a.Depth && b.Nodes == a.Nodes && b.RecaptureOnly == a.RecaptureOnly
		if bad {
			t.Errorf("%s (%+v) gives its search less than %s below it (%+v)", b.Name, b, a.Name, a)
		}
	}
}
