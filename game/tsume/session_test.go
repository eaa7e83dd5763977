package tsume

import (
	"context"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/engine"
	"shogi/game/match"
)

// fakeClock advances a minute each time it is read.
func fakeClock() func() time.Time {
	t := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	return func() time.Time { t = t.Add(time.Minute); return t }
}

func attack(t *testing.T, s *Session, usiMove string) Outcome {
	t.Helper()
	p := s.Position()
	m, err := p.ParseUSI(usiMove)
	if err != nil {
		t.Fatalf("%s: %v", usiMove, err)
	}
	out, err := s.Attack(context.Background(), m)
	if err != nil {
		t.Fatalf("%s: %v", usiMove, err)
	}
	return out
}

// A move that is not a check is refused and not played; an illegal one
// likewise, with the rule it breaks.
func TestSessionRefuses(t *testing.T) {
	pr := mustProblem(t, "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS 1", "")
	s := NewSession(pr, NewDefender(Options{}), fakeClock())
	out := attack(t, s, "G*4b")
	if out.Verdict != Refused || out.Refusal != NotCheck || len(s.Moves()) != 0 {
		t.Errorf("G*4b: %+v, %d moves played", out, len(s.Moves()))
	}
	out = attack(t, s, "P*5e")
	if out.Verdict != Refused || out.Refusal != Illegal || out.Rule != game.RuleNotInHand {
		t.Errorf("P*5e: %+v", out)
	}
	if len(s.Moves()) != 0 {
		t.Errorf("moves played: %v", s.Moves())
	}
}

// The published 7-move solution of 大地詰 (taichitsume.kif) solves it; the
// defender answers every attack with the published defence (its longest),
// and the result says how long it took.
func TestSessionSolvesPublished(t *testing.T) {
	pr := mustProblem(t, "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS 1", "")
	s := NewSession(pr, NewDefender(Options{}), fakeClock())
	if n, ok := s.Length(context.Background()); n != 7 || !ok {
		t.Errorf("length %d %v", n, ok)
	}
	published := []string{"S*1c", "2a1c", "G*1b", "2b1b", "3b2a", "1b2b", "3a3b"}
	for i := 0; i < len(published); i += 2 {
		out := attack(t, s, published[i])
		if i == len(published)-1 {
			if out.Verdict != Solved {
				t.Fatalf("%s: %+v, want solved", published[i], out)
			}
			r := out.Result
			if r.Plies != 7 || r.Length != 7 || len(r.Left) != 0 || r.Took <= 0 || r.Futile {
				t.Errorf("result %+v", r)
			}
			continue
		}
		if out.Verdict != Defended || out.Reply.USI() != published[i+1] || out.Remaining != len(published)-i-2 {
			t.Fatalf("%s: %+v, want the defence %s with %d plies left", published[i], out, published[i+1], len(published)-i-2)
		}
	}
	if out, _ := s.Attack(context.Background(), game.NoMove); out.Refusal != Over {
		t.Errorf("after the mate: %+v", out)
	}
}

// Any mate is accepted (余詰 included): G*2b mates as well as the
// solution's G*1b (the game's rules say both mate).
func TestSessionAcceptsAnyMate(t *testing.T) {
	pr := mustProblem(t, "8k/9/8G/9/9/9/9/9/9 b G 1", "G*1b")
	pr.Length = 1
	s := NewSession(pr, NewDefender(Options{}), fakeClock())
	out := attack(t, s, "G*2b")
	if out.Verdict != Solved || out.Result.Plies != 1 || out.Result.Length != 1 {
		t.Fatalf("G*2b: %+v", out)
	}
}

// A check that lets the king escape: the defender plays the escape, the
// session says there is no mate now (the plain solver agrees), Retry goes
// back to the start and the solution is there to see.
func TestSessionEscape(t *testing.T) {
	pr := mustProblem(t, "8k/9/8G/9/9/9/9/9/9 b G 1", "")
	s := NewSession(pr, NewDefender(Options{}), fakeClock())
	out := attack(t, s, "G*2a")
	if out.Verdict != Escaped || out.Reply.USI() != "1a2a" {
		t.Fatalf("G*2a: %+v", out)
	}
	if r := bot.Mate(context.Background(), s.Position(), 1_000_000); r.Status != bot.NoMate {
		t.Fatalf("after the escape the plain solver says %s", r.Status)
	}
	if m, st := s.Hint(context.Background()); st != bot.NoMate {
		t.Errorf("a hint after the escape: %v %v, want no mate proved", m, st)
	}
	if !s.Retry() || len(s.Moves()) != 0 {
		t.Fatalf("retry: %v", s.Moves())
	}
	if m, st := s.Hint(context.Background()); st != bot.MateFound || (m.USI() != "G*1b" && m.USI() != "G*2b") {
		t.Errorf("hint %s %v", m, st)
	}
	sol, st := s.Solution(context.Background())
	if st != bot.MateFound || len(sol) != 1 {
		t.Errorf("solution %v %v", sol, st)
	}
	out = attack(t, s, "G*1b")
	if out.Verdict != Solved || out.Result.Retries != 1 || out.Result.Hints != 1 || !out.Result.Shown {
		t.Errorf("after retry: %+v", out.Result)
	}
}

// Checks that repeat the position a fourth time lose (連続王手の千日手):
// a horse that shuttles between 3d and 3c checks a king that shuttles
// between 1a and 1b (played into the game here, whatever the defender
// would choose); the fourth time the same check comes, the attempt is
// over and further attacks are refused.
func TestSessionPerpetualCheck(t *testing.T) {
	pr := mustProblem(t, "8k/5+B3/9/9/9/9/9/9/9 b - 1", "")
	cycle := []string{"3d3c", "1a1b", "3c3d", "1b1a"}
	var moves []game.Move
	p := pr.Start
	for i := range 12 {
		move := cycle[i%4]
		if i == 0 {
			move = "4b3c"
		}
		m, err := p.ParseUSI(move)
		if err == nil {
			err = p.CheckMove(m)
		}
		if err != nil {
			t.Fatalf("ply %d: %v", i+1, err)
		}
		moves, p = append(moves, m), p.Play(m)
	}
	var ctl match.Control
	s := NewSessionRun(pr, NewDefender(Options{}), fakeClock(), func(cfg match.Config) (match.Control, func(), error) {
		cfg.Moves = moves
		c, stop, err := RunMatch(cfg)
		ctl = c
		return c, stop, err
	})
	defer s.Close()
	out := attack(t, s, "3d3c")
	if out.Verdict != Perpetual {
		t.Fatalf("the fourth 3d3c: %+v", out)
	}
	if snap := ctl.Snapshot(); !snap.Over || snap.Result.Ending != game.PerpetualCheck || snap.Result.Outcome != game.WhiteWins {
		t.Errorf("game result %+v", snap.Result)
	}
	if out, _ := s.Attack(context.Background(), game.NoMove); out.Refusal != Over {
		t.Errorf("after the repetition: %+v", out)
	}
}

// The defender is a match player: against a human attacker in a match it
// answers as in a session, and resigns when only futile interpositions
// are left.
func TestDefenderInAMatch(t *testing.T) {
	p, err := ParseSFEN("8k/9/6NG1/9/9/9/9/9/9 b R 1")
	if err != nil {
		t.Fatal(err)
	}
	d := NewDefender(Options{})
	mt, err := match.New(match.Config{Start: p, Players: [2]match.Player{match.NewHuman("me"), d}})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan match.Result, 1)
	go func() { done <- mt.Run(context.Background()) }()
	m, _ := p.ParseUSI("R*1h")
	for {
		if err := mt.Submit(game.Black, engine.BestMove{Move: m}); err == nil {
			break
		}
		time.Sleep(time.Millisecond)
	}
	res := <-done
	if w, ok := res.Winner(); !ok || w != game.Black || res.Game.Len() != 1 {
		t.Fatalf("result %+v after %v", res.Result, res.Game.Moves())
	}
}

// A position with no mate at all (a bare king, one pawn in hand): the
// hint and the solution say the solver proved none, as shogi mate does,
// rather than that its budget ran out.
func TestSessionNoMateProved(t *testing.T) {
	p, err := game.ParseSFEN("4k4/9/9/9/9/9/9/9/9 b P 1")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession(Problem{Start: p}, NewDefender(Options{}), fakeClock())
	if m, st := s.Hint(context.Background()); st != bot.NoMate {
		t.Errorf("hint %v %v, want no mate", m, st)
	}
	if line, st := s.Solution(context.Background()); st != bot.NoMate || line != nil {
		t.Errorf("solution %v %v, want no mate", line, st)
	}
	if r := bot.Mate(context.Background(), p, 1_000_000); r.Status != bot.NoMate {
		t.Fatalf("the plain solver says %s", r.Status)
	}
}

// Close while another goroutine waits for the defender (its context
// cancelled first, as a screen leaving the attempt does): the attack
// returns the context's error, the match ends, and nothing races.
func TestSessionCloseWhileDefending(t *testing.T) {
	pr := mustProblem(t, "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS 1", "")
	s := NewSession(pr, NewDefender(Options{}), fakeClock())
	p := s.Position()
	m, err := p.ParseUSI("S*1c")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the attack is given up on before the defence is read
	if _, err := s.Attack(ctx, m); err != context.Canceled {
		t.Fatalf("attack: %v, want context.Canceled", err)
	}
	if n := len(s.Moves()); n != 0 {
		t.Errorf("%d moves stand after the attack was given up", n)
	}
	done := make(chan struct{})
	go func() { defer close(done); s.Close() }()
	s.Close()
	<-done
}
