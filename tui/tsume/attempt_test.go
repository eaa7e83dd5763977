package tsume

import (
	"context"
	"testing"

	"shogi/game"
	"shogi/game/tsume"
)

// An attempt runs through the app's game session: the defender answers
// the published first check of 大地詰 with the published defence, a
// retry takes both back, and closing the attempt ends its match.
func TestAttemptThroughTheSession(t *testing.T) {
	p, err := game.ParseSFEN("6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS 1")
	if err != nil {
		t.Fatal(err)
	}
	s := tsume.NewSessionRun(tsume.Problem{Start: p, Length: 7}, tsume.NewDefender(tsume.Options{}), nil, attemptRunner(context.Background()))
	m, err := p.ParseUSI("S*1c")
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.Attack(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	if out.Verdict != tsume.Defended || out.Reply.USI() != "2a1c" || out.Remaining != 5 {
		t.Fatalf("S*1c: %+v, want the defence 2a1c with 5 plies left", out)
	}
	if len(s.Moves()) != 2 || !s.Retry() || len(s.Moves()) != 0 {
		t.Fatalf("after the retry: %v", s.Moves())
	}
	s.Close()
	if out, _ := s.Attack(context.Background(), m); out.Refusal != tsume.Over {
		t.Errorf("an attack after Close: %+v, want refused", out)
	}
}
