package match

import (
	"context"
	"errors"
	"testing"

	"shogi/game"
)

// A person's requests through the Control: a move, a refused move, a
// declaration that does not hold (refused with its reason), and a
// resignation on the other side's turn; a spectator may ask none of it.
func TestPersonControl(t *testing.T) {
	m, err := New(Config{Start: game.StartPosition(), Players: [2]Player{NewHuman("a"), NewHuman("b")}, TimeSource: NewFakeTime(t0)})
	if err != nil {
		t.Fatal(err)
	}
	var ctl Control = m
	sub := m.Subscribe()
	done := make(chan Result, 1)
	go func() { done <- m.Run(context.Background()) }()
	nextTurn(t, sub)
	start := game.StartPosition()
	mv := func(s string) game.Move {
		x, err := start.ParseUSI(s)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	var ill *game.IllegalMoveError
	if err := ctl.SubmitMove(game.Black, mv("7g7e")); !errors.As(err, &ill) {
		t.Errorf("an illegal move: %v, want a *game.IllegalMoveError", err)
	}
	if err := ctl.SubmitMove(game.White, mv("7g7f")); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("White moving on Black's turn: %v, want ErrNotYourTurn", err)
	}
	var de *game.DeclarationError
	if err := ctl.Declare(game.Black); !errors.As(err, &de) {
		t.Errorf("declaring in the start position: %v, want a *game.DeclarationError", err)
	}
	w := Watch(m)
	for what, err := range map[string]error{"move": w.SubmitMove(game.Black, mv("7g7f")), "resign": w.Resign(game.Black), "declare": w.Declare(game.Black)} {
		if !errors.Is(err, ErrNotAllowed) {
			t.Errorf("a spectator's %s: %v, want ErrNotAllowed", what, err)
		}
	}
	if err := ctl.SubmitMove(game.Black, mv("7g7f")); err != nil {
		t.Fatal(err)
	}
	if snap := ctl.Snapshot(); len(snap.Moves) != 1 || snap.Moves[0] != mv("7g7f") {
		t.Fatalf("after the move the game holds %v", snap.Moves)
	}
	// Black resigns while White is to move.
	if err := ctl.Resign(game.Black); err != nil {
		t.Fatal(err)
	}
	res := <-done
	if win, ok := res.Winner(); res.Ending != game.Resignation || !ok || win != game.White {
		t.Errorf("the game ended %v, winner %v (%v); want White winning by resignation", res.Ending, win, ok)
	}
}
