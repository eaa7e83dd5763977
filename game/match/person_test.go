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

// A side that is neither Black nor White (from a saved table or a
// message) is refused in every request that names one, and the game goes
// on.
func TestRequestsRefuseNoSide(t *testing.T) {
	m, err := New(Config{Start: game.StartPosition(), Players: [2]Player{NewHuman("a"), NewHuman("b")}, TimeSource: NewFakeTime(t0)})
	if err != nil {
		t.Fatal(err)
	}
	sub := m.Subscribe()
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan Result, 1)
	go func() { done <- m.Run(ctx) }()
	nextTurn(t, sub)
	bad := game.Color(2)
	for what, err := range map[string]error{"offer": m.OfferDraw(bad), "decline": m.DeclineDraw(bad), "resign": m.Resign(bad),
		"declare": m.Declare(bad), "move": m.SubmitMove(bad, game.NoMove), "forfeit": m.Forfeit(bad, 0)} {
		if !errors.Is(err, ErrNoSide) {
			t.Errorf("%s by side 2: %v, want ErrNoSide", what, err)
		}
	}
	if err := m.OfferDraw(game.Black); err != nil {
		t.Errorf("the game did not go on: %v", err)
	}
	cancel()
	<-done
}
