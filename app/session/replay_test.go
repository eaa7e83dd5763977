package session

import (
	"slices"
	"testing"

	"shogi/game"
	"shogi/game/match"
)

// replay plays on from the game it replayed last, and makes the game
// afresh when the moves do not go on from it (one taken back, another
// start): each answer is the game a replay from the start makes.
func TestReplayGoesOnOrStartsAgain(t *testing.T) {
	line := func(p game.Position, usi ...string) []game.Move {
		var out []game.Move
		for _, u := range usi {
			m, err := p.ParseUSI(u)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, m)
			p = p.Play(m)
		}
		return out
	}
	even := game.StartPosition()
	other, err := game.ParseSFEN("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN1 w - 1")
	if err != nil {
		t.Fatal(err)
	}
	s := &Session{}
	for _, c := range []struct {
		start game.Position
		moves []game.Move
	}{
		{even, nil},
		{even, line(even, "7g7f")},
		{even, line(even, "7g7f", "3c3d", "2g2f")},
		{even, line(even, "7g7f", "3c3d")},           // taken back
		{even, line(even, "7g7f", "8c8d", "2g2f")},   // another move after one taken back
		{other, line(other, "3c3d", "7g7f")},         // another start
		{other, line(other, "3c3d", "7g7f", "4a3b")}, // goes on
	} {
		got := s.replay(match.Snapshot{Start: c.start, Moves: c.moves})
		want := game.NewGame(c.start)
		for _, m := range c.moves {
			if err := want.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		gp, wp := got.Position(), want.Position()
		if !slices.Equal(got.Moves(), want.Moves()) || !gp.Equal(&wp) || got.Result() != want.Result() {
			t.Fatalf("after %v: moves %v, want %v", c.moves, got.Moves(), want.Moves())
		}
		// The caller's copy is its own: playing on it leaves the next
		// replay alone.
		if ms := gp.LegalMoves(nil); len(ms) > 0 {
			_ = got.Play(ms[0])
		}
	}
}
