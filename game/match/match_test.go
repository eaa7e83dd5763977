package match

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/engine"
	"shogi/game/usi"
	"shogi/game/usi/usitest"
	"shogi/internal/testenv"
)

// The test binary doubles as a scripted USI engine (see usitest).
func TestMain(m *testing.M) {
	usitest.MaybeRun()
	// Most tests wait on engine processes and clocks.
	testenv.WaitingTests(8)
	cleanup := testenv.Isolate()
	code := m.Run()
	cleanup()
	os.Exit(code)
}

var t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// scripted plays moves (the first legal one unless told) after "thinking"
// on a fake clock for think(ply), and keeps the limits it was given.
type scripted struct {
	name  string
	ft    *FakeTime
	think func(ply int) time.Duration
	moves map[int]engine.BestMove // answers by ply, instead of the first legal move
	info  bool                    // report an info line first

	mu   sync.Mutex
	seen []engine.Limits
}

func (s *scripted) Name() string { return s.name }

func (s *scripted) Play(ctx context.Context, t engine.Request) (engine.BestMove, error) {
	ply := len(t.Moves)
	s.mu.Lock()
	s.seen = append(s.seen, t.Limits)
	s.mu.Unlock()
	if s.think != nil {
		s.ft.Advance(s.think(ply))
	}
	if b, ok := s.moves[ply]; ok {
		return b, nil
	}
	p := t.Position()
	legal := p.LegalMoves(nil)
	if len(legal) == 0 {
		return engine.BestMove{Resign: true}, nil
	}
	if s.info {
		t.Info(engine.Info{Depth: 3, HasScore: true, Score: engine.Score{Value: 42}, PV: legal[:1]})
	}
	return engine.BestMove{Move: legal[0]}, nil
}

func (s *scripted) limits() []engine.Limits {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]engine.Limits(nil), s.seen...)
}

func every(d time.Duration) func(int) time.Duration { return func(int) time.Duration { return d } }

func run(t *testing.T, cfg Config) Result {
	t.Helper()
	m, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return m.Run(ctx)
}

func TestByoyomiExhausted(t *testing.T) {
	ft := NewFakeTime(t0)
	// Black moves in 1 s. White spends 3 s a move from 10 s of main time:
	// 10 → 7 → 4 → 1; then 6 s (main 1 + byōyomi 5: just in time); then
	// 5.5 s with only the 5 s byōyomi left: the flag falls.
	whiteThink := []time.Duration{3 * time.Second, 3 * time.Second, 3 * time.Second, 6 * time.Second, 5500 * time.Millisecond}
	black := &scripted{name: "b", ft: ft, think: every(time.Second)}
	white := &scripted{name: "w", ft: ft, think: func(ply int) time.Duration { return whiteThink[ply/2] }}
	tc := TimeControl{Main: 10 * time.Second, Byoyomi: 5 * time.Second}
	res := run(t, Config{Start: game.StartPosition(), Players: [2]Player{black, white}, Time: [2]TimeControl{tc, tc}, TimeSource: ft})
	if res.Ending != game.TimeLoss || res.Outcome != game.BlackWins {
		t.Fatalf("result %v (%s), want Black to win on time", res.Result, res.Reason())
	}
	if !strings.Contains(res.Reason(), "w (White) ran out of time") {
		t.Errorf("reason %q", res.Reason())
	}
	// The record so far: nine moves, each with the time it took.
	if res.Game.Len() != 9 || len(res.Notes) != 9 {
		t.Fatalf("%d moves, %d notes", res.Game.Len(), len(res.Notes))
	}
	for i, n := range res.Notes {
		want := time.Second
		if i%2 == 1 {
			want = whiteThink[i/2]
		}
		if n.Spent != want {
			t.Errorf("move %d took %v, want %v", i+1, n.Spent, want)
		}
	}
	// White was told its main time as it ran down, and its byōyomi.
	var wtimes []time.Duration
	for _, l := range white.limits() {
		wtimes = append(wtimes, l.WTime)
		if l.Byoyomi != 5*time.Second || l.BInc != 0 {
			t.Errorf("white's limits %+v", l)
		}
	}
	want := []time.Duration{10 * time.Second, 7 * time.Second, 4 * time.Second, time.Second, 0}
	if len(wtimes) != len(want) {
		t.Fatalf("white was asked %d times", len(wtimes))
	}
	for i := range want {
		if wtimes[i] != want[i] {
			t.Errorf("white's turn %d: wtime %v, want %v", i+1, wtimes[i], want[i])
		}
	}
	if res.Ended.Sub(res.Began) != 5*time.Second+20500*time.Millisecond {
		t.Errorf("game took %v on the fake clock", res.Ended.Sub(res.Began))
	}
}

func TestFischer(t *testing.T) {
	ft := NewFakeTime(t0)
	tc := TimeControl{Main: 10 * time.Second, Increment: 2 * time.Second}
	// Black spends 3 s a move and gains 2: 10, 9, 8 … White spends 5 s a
	// move: 10, 7, 4, then 5 s with 4 left: the flag falls.
	black := &scripted{name: "b", ft: ft, think: every(3 * time.Second)}
	white := &scripted{name: "w", ft: ft, think: every(5 * time.Second)}
	res := run(t, Config{Start: game.StartPosition(), Players: [2]Player{black, white}, Time: [2]TimeControl{tc, tc}, TimeSource: ft})
	if res.Ending != game.TimeLoss || res.Outcome != game.BlackWins {
		t.Fatalf("result %v (%s)", res.Result, res.Reason())
	}
	var btimes, wtimes []time.Duration
	for _, l := range black.limits() {
		btimes = append(btimes, l.BTime)
		if l.BInc != 2*time.Second || l.WInc != 2*time.Second || l.Byoyomi != 0 {
			t.Errorf("limits %+v", l)
		}
	}
	for _, l := range white.limits() {
		wtimes = append(wtimes, l.WTime)
	}
	wantB := []time.Duration{10 * time.Second, 9 * time.Second, 8 * time.Second}
	wantW := []time.Duration{10 * time.Second, 7 * time.Second, 4 * time.Second}
	if !equalDurations(btimes, wantB) || !equalDurations(wtimes, wantW) {
		t.Errorf("btime %v (want %v), wtime %v (want %v)", btimes, wantB, wtimes, wantW)
	}
	if got := FormatGoOf(black.limits()[1]); got != "go btime 9000 wtime 7000 binc 2000 winc 2000" {
		t.Errorf("go line %q", got)
	}
}

// FormatGoOf is usi.FormatGo, named here for the test's reading.
func FormatGoOf(l engine.Limits) string { return usi.FormatGo(l) }

func equalDurations(a, b []time.Duration) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestSuddenDeathAndMargin(t *testing.T) {
	ft := NewFakeTime(t0)
	tc := TimeControl{Main: 5 * time.Second}
	black := &scripted{name: "b", ft: ft, think: every(2 * time.Second)}
	white := &scripted{name: "w", ft: ft, think: every(time.Second)}
	res := run(t, Config{Start: game.StartPosition(), Players: [2]Player{black, white}, Time: [2]TimeControl{tc, tc}, TimeSource: ft})
	// Black: 5 → 3 → 1, then 2 s with 1 s left.
	if res.Ending != game.TimeLoss || res.Outcome != game.WhiteWins || res.Game.Len() != 4 {
		t.Errorf("sudden death: %v after %d moves (%s)", res.Result, res.Game.Len(), res.Reason())
	}
	// A margin lets a move arrive that much late, and no later.
	for _, tc := range []struct {
		think time.Duration
		flag  bool
	}{{1200 * time.Millisecond, false}, {1200*time.Millisecond + 1, true}} {
		ft := NewFakeTime(t0)
		byo := TimeControl{Byoyomi: time.Second}
		slow := &scripted{name: "slow", ft: ft, think: every(tc.think)}
		fast := &scripted{name: "fast", ft: ft, think: every(0)}
		res := run(t, Config{Start: game.StartPosition(), Players: [2]Player{slow, fast}, Time: [2]TimeControl{byo, byo},
			Margin: 200 * time.Millisecond, MaxMoves: 6, TimeSource: ft})
		if flagged := res.Ending == game.TimeLoss; flagged != tc.flag {
			t.Errorf("think %v with a 200ms margin: %v (%s)", tc.think, res.Result, res.Reason())
		}
	}
}

// A human who never answers loses when the fake clock passes the limit.
func TestHumanFlagFalls(t *testing.T) {
	ft := NewFakeTime(t0)
	tc := TimeControl{Byoyomi: 10 * time.Second}
	h := NewHuman("person")
	m, err := New(Config{Start: game.StartPosition(), Players: [2]Player{h, Bot{S: mustBot(t, "greedy")}}, Time: [2]TimeControl{tc, tc}, TimeSource: ft})
	if err != nil {
		t.Fatal(err)
	}
	sub := m.Subscribe()
	done := make(chan Result)
	go func() { done <- m.Run(context.Background()) }()
	nextTurn(t, sub)
	// Exactly the byōyomi is still in time: a move then is taken.
	ft.Advance(10 * time.Second)
	start := game.StartPosition()
	mv, err := start.ParseUSI("7g7f")
	if err != nil {
		t.Fatal(err)
	}
	if err := m.SubmitMove(game.Black, mv); err != nil {
		t.Fatalf("a move at exactly the byōyomi: %v", err)
	}
	nextTurn(t, sub) // the bot's
	if te := nextTurn(t, sub); te.Side != game.Black {
		t.Fatalf("turn %+v, want the person's", te)
	}
	// One nanosecond more than the byōyomi is not.
	ft.Advance(10*time.Second + 1)
	r := <-done
	if r.Ending != game.TimeLoss || r.Outcome != game.WhiteWins || !strings.Contains(r.Reason(), "person (Black) ran out of time (10s)") {
		t.Errorf("%v: %s", r.Result, r.Reason())
	}
}

func mustBot(t *testing.T, name string) engine.Searcher {
	t.Helper()
	s, err := bot.NewSearcher(name, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func nextTurn(t *testing.T, sub *Subscription) TurnEvent {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		e, err := sub.Next(ctx)
		if err != nil {
			t.Fatalf("waiting for a turn: %v", err)
		}
		if te, ok := e.(TurnEvent); ok {
			return te
		}
	}
}

// A person against a bot: illegal moves are refused, undo sets the clocks
// back, resigning ends the game; listeners see it all in order.
func TestHumanAgainstBot(t *testing.T) {
	ft := NewFakeTime(t0)
	tc := TimeControl{Main: time.Minute, Byoyomi: 10 * time.Second}
	h := NewHuman("person")
	m, err := New(Config{Start: game.StartPosition(), Players: [2]Player{h, Bot{S: mustBot(t, "greedy")}}, Time: [2]TimeControl{tc, tc}, TimeSource: ft})
	if err != nil {
		t.Fatal(err)
	}
	sub := m.Subscribe()
	slow := m.Subscribe() // never read until the end: must not hold the game up
	done := make(chan Result)
	go func() { done <- m.Run(context.Background()) }()
	start := game.StartPosition()
	mv := func(p game.Position, s string) game.Move {
		x, err := p.ParseUSI(s)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}

	if te := nextTurn(t, sub); te.Side != game.Black || te.Ply != 0 {
		t.Fatalf("first turn %+v", te)
	}
	// Not White's turn; not a legal move: refused, the game goes on.
	if err := m.Submit(game.White, engine.BestMove{Resign: true}); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("White submitting on Black's turn: %v", err)
	}
	var ill *game.IllegalMoveError
	if err := m.Submit(game.Black, engine.BestMove{Move: mv(start, "7g7e")}); !errors.As(err, &ill) {
		t.Errorf("illegal move: %v", err)
	}
	if err := m.Submit(game.Black, engine.BestMove{Win: true}); err == nil {
		t.Error("a declaration that does not hold was accepted")
	}
	ft.Advance(20 * time.Second)
	if err := m.Submit(game.Black, engine.BestMove{Move: mv(start, "7g7f")}); err != nil {
		t.Fatal(err)
	}
	nextTurn(t, sub) // the bot's turn, then ours again
	te := nextTurn(t, sub)
	if te.Ply != 2 || te.Clock.Main[game.Black] != 40*time.Second {
		t.Fatalf("after 20 s: %+v", te)
	}
	ft.Advance(5 * time.Second)
	p2 := m.Snapshot()
	pos := p2.Start
	for _, x := range p2.Moves {
		pos = pos.Play(x)
	}
	if err := m.Submit(game.Black, engine.BestMove{Move: mv(pos, "2g2f")}); err != nil {
		t.Fatal(err)
	}
	nextTurn(t, sub)
	nextTurn(t, sub)
	if s := m.Snapshot(); len(s.Moves) != 4 || s.Clock.Main[game.Black] != 35*time.Second {
		t.Fatalf("before undo: %d moves, black main %v", len(s.Moves), s.Clock.Main[game.Black])
	}
	// Take back our move and the bot's reply: Black's clock returns to 40 s.
	if err := m.Undo(2); err != nil {
		t.Fatal(err)
	}
	for {
		e, err := sub.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if u, ok := e.(UndoEvent); ok {
			if u.Ply != 2 || u.Clock.Main[game.Black] != 40*time.Second {
				t.Errorf("undo: %+v", u)
			}
			break
		}
	}
	if err := m.Undo(9); err == nil {
		t.Error("took back more moves than were played")
	}
	nextTurn(t, sub)
	if err := m.Submit(game.Black, engine.BestMove{Resign: true}); err != nil {
		t.Fatal(err)
	}
	r := <-done
	if r.Ending != game.Resignation || r.Outcome != game.WhiteWins || r.Game.Len() != 2 || len(r.Notes) != 2 {
		t.Errorf("%v after %d moves: %s", r.Result, r.Game.Len(), r.Reason())
	}
	if r.Notes[0].Spent != 20*time.Second {
		t.Errorf("first move took %v", r.Notes[0].Spent)
	}
	if err := m.Submit(game.Black, engine.BestMove{Resign: true}); !errors.Is(err, ErrOver) {
		t.Errorf("submit after the end: %v", err)
	}
	// The slow listener gets everything, in order, ending with GameOver.
	var kinds []string
	for {
		e, err := slow.Next(context.Background())
		if errors.Is(err, ErrEnded) {
			break
		}
		switch e.(type) {
		case MoveEvent:
			kinds = append(kinds, "move")
		case UndoEvent:
			kinds = append(kinds, "undo")
		case GameOverEvent:
			kinds = append(kinds, "over")
		}
	}
	if got := strings.Join(kinds, " "); got != "move move move move undo over" {
		t.Errorf("slow listener saw %q", got)
	}
}

// Pause stops the clock and the thinking; Step plays one move. What the
// match did is read from its events, in the order it did it: no sleep
// stands in for "nothing happened".
func TestPauseAndStep(t *testing.T) {
	ft := NewFakeTime(t0)
	b := &scripted{name: "b", ft: ft, think: every(time.Second)}
	w := &scripted{name: "w", ft: ft, think: every(time.Second)}
	m, err := New(Config{Start: game.StartPosition(), Players: [2]Player{b, w}, MaxMoves: 40, MoveDelay: time.Hour, TimeSource: ft})
	if err != nil {
		t.Fatal(err)
	}
	sub := m.Subscribe()
	done := make(chan Result)
	go func() { done <- m.Run(t.Context()) }()
	var pauses []bool
	// until reads events up to the one ok accepts, and returns the moves
	// and pause changes among them ("move", "pause", "go").
	until := func(ok func(Event) bool) []string {
		t.Helper()
		var seen []string
		for {
			e, err := sub.Next(t.Context())
			if err != nil {
				t.Fatalf("events ended (%v) after %v", err, seen)
			}
			switch e := e.(type) {
			case MoveEvent:
				seen = append(seen, "move")
			case PauseEvent:
				pauses = append(pauses, e.Paused)
				seen = append(seen, map[bool]string{true: "pause", false: "go"}[e.Paused])
			}
			if ok(e) {
				return seen
			}
		}
	}
	isMove := func(e Event) bool { _, ok := e.(MoveEvent); return ok }
	until(isMove)
	// The delay of an hour holds the second turn back until the fake
	// clock moves; paused, the match lets it pass and plays nothing.
	if err := m.Pause(); err != nil {
		t.Fatal(err)
	}
	ft.Advance(time.Hour)
	if err := m.Step(); err != nil {
		t.Fatal(err)
	}
	moved := false
	seen := until(func(e Event) bool {
		moved = moved || isMove(e)
		p, ok := e.(PauseEvent)
		return moved && ok && p.Paused
	})
	if got := strings.Join(seen, " "); got != "pause go move pause" {
		t.Fatalf("from the pause to the end of the step: %q, want pause go move pause", got)
	}
	if s := m.Snapshot(); len(s.Moves) != 2 || !s.Paused {
		t.Fatalf("after a step: %d moves, paused %v", len(s.Moves), s.Paused)
	}
	if err := m.Resume(); err != nil {
		t.Fatal(err)
	}
	until(func(e Event) bool { p, ok := e.(PauseEvent); return ok && !p.Paused })
	// Each further turn waits on the fake clock: move it on until the
	// game ends.
	var r Result
wait:
	for {
		select {
		case r = <-done:
			break wait
		case <-time.After(time.Millisecond):
			ft.Advance(time.Hour)
		}
	}
	if !r.Over() || r.Game.Len() < 3 {
		t.Errorf("%v after %d moves: %s", r.Result, r.Game.Len(), r.Reason())
	}
	if len(pauses) != 4 || !pauses[0] || pauses[1] || !pauses[2] || pauses[3] {
		t.Errorf("pause events %v, want pause, step (resume), pause, resume", pauses)
	}
}

// The engine's last report on each move is kept for the record.
func TestInfoKeptWithTheMove(t *testing.T) {
	ft := NewFakeTime(t0)
	b := &scripted{name: "b", ft: ft, info: true}
	w := &scripted{name: "w", ft: ft}
	m, err := New(Config{Start: game.StartPosition(), Players: [2]Player{b, w}, MaxMoves: 4, TimeSource: ft})
	if err != nil {
		t.Fatal(err)
	}
	sub := m.Subscribe()
	r := m.Run(context.Background())
	if r.Notes[0].Info == nil || r.Notes[0].Info.Score.Value != 42 || r.Notes[1].Info != nil {
		t.Errorf("notes %+v", r.Notes)
	}
	infos := 0
	for {
		e, err := sub.Next(context.Background())
		if err != nil {
			break
		}
		if me, ok := e.(MoveEvent); ok && me.Side == game.Black && (me.Info == nil || me.Info.Depth != 3) {
			t.Errorf("move event without the info: %+v", me)
		}
		if _, ok := e.(InfoEvent); ok {
			infos++
		}
	}
	if infos != 2 {
		t.Errorf("%d info events, want 2", infos)
	}
}

// Bots and engines: an illegal move loses (反則負け) with its text kept; a
// declaration that does not hold loses too.
func TestFouls(t *testing.T) {
	start := game.StartPosition()
	bad, _ := start.ParseUSI("7g7e")
	for _, tc := range []struct {
		answer engine.BestMove
		reason string
	}{
		{engine.BestMove{Move: bad}, "b (Black) played 7g7e, which is illegal: the piece cannot move there"},
		{engine.BestMove{Win: true}, "b (Black) declared an entering-king win that does not hold"},
		{engine.BestMove{}, "b (Black) played none, which is illegal"},
	} {
		ft := NewFakeTime(t0)
		b := &scripted{name: "b", ft: ft, moves: map[int]engine.BestMove{0: tc.answer}}
		r := run(t, Config{Start: start, Players: [2]Player{b, &scripted{name: "w", ft: ft}}, TimeSource: ft})
		if r.Ending != game.IllegalMove || r.Outcome != game.WhiteWins || !strings.Contains(r.Reason(), tc.reason) {
			t.Errorf("%+v: %v %q", tc.answer, r.Result, r.Reason())
		}
	}
}

func TestAbort(t *testing.T) {
	h := NewHuman("a")
	m, err := New(Config{Start: game.StartPosition(), Players: [2]Player{h, NewHuman("b")}})
	if err != nil {
		t.Fatal(err)
	}
	sub := m.Subscribe()
	done := make(chan Result)
	go func() { done <- m.Run(context.Background()) }()
	nextTurn(t, sub)
	start := game.StartPosition()
	if err := m.Submit(game.Black, engine.BestMove{Move: start.LegalMoves(nil)[0]}); err != nil {
		t.Fatal(err)
	}
	if err := m.Abort("the players left"); err != nil {
		t.Fatal(err)
	}
	r := <-done
	if !r.Aborted || r.Result.Over() || r.Reason() != "the players left" || r.Game.Len() != 1 {
		t.Errorf("%+v", r)
	}
	// Cancelling the context aborts too.
	m, _ = New(Config{Start: game.StartPosition(), Players: [2]Player{NewHuman("a"), NewHuman("b")}})
	ctx, cancel := context.WithCancel(context.Background())
	sub = m.Subscribe()
	go func() {
		// Cancelled once the game runs: Black's turn has begun.
		for {
			e, err := sub.Next(ctx)
			if _, turn := e.(TurnEvent); turn || err != nil {
				break
			}
		}
		cancel()
	}()
	if r := m.Run(ctx); !r.Aborted {
		t.Errorf("cancelled: %+v", r)
	}
}

func TestOpeningMoves(t *testing.T) {
	start := game.StartPosition()
	a, _ := start.ParseUSI("7g7f")
	p := start.Play(a)
	b, _ := p.ParseUSI("3c3d")
	ft := NewFakeTime(t0)
	r := run(t, Config{Start: start, Moves: []game.Move{a, b}, Players: [2]Player{&scripted{name: "x", ft: ft}, &scripted{name: "y", ft: ft}}, MaxMoves: 10, TimeSource: ft})
	if r.Opening != 2 || len(r.Notes) != 8 || r.Game.Moves()[0] != a {
		t.Errorf("opening %d, notes %d", r.Opening, len(r.Notes))
	}
	if _, err := New(Config{Start: start, Moves: []game.Move{b}, Players: [2]Player{NewHuman("a"), NewHuman("b")}}); err == nil {
		t.Error("an illegal opening was accepted")
	}
}

// A resumed game: the notes charge the clock, undo takes resumed moves
// back with their time, and the result's notes cover every move.
func TestResumeWithNotes(t *testing.T) {
	start := game.StartPosition()
	a, _ := start.ParseUSI("7g7f")
	p := start.Play(a)
	b, _ := p.ParseUSI("3c3d")
	tc := TimeControl{Main: time.Minute, Increment: 2 * time.Second}
	ft := NewFakeTime(t0)
	notes := []MoveNote{{Spent: 10 * time.Second}, {Spent: 70 * time.Second}}
	if _, err := New(Config{Start: start, Moves: []game.Move{a, b}, Notes: notes[:1],
		Players: [2]Player{NewHuman("a"), NewHuman("b")}}); err == nil {
		t.Error("one note for two moves was accepted")
	}
	m, err := New(Config{Start: start, Moves: []game.Move{a, b}, Notes: notes,
		Players: [2]Player{NewHuman("a"), NewHuman("b")}, Time: [2]TimeControl{tc, tc}, TimeSource: ft})
	if err != nil {
		t.Fatal(err)
	}
	// Black: 60 - 10 + 2 = 52 s. White spent more than it had: its flag
	// fell then (the game was kept anyway), so it has nothing left and no
	// increment.
	if s := m.Snapshot(); s.Clock.Main != [2]time.Duration{52 * time.Second, 0} || len(s.Notes) != 2 || s.Opening != 0 {
		t.Fatalf("resumed clock %v, %d notes, opening %d", s.Clock.Main, len(s.Notes), s.Opening)
	}
	sub := m.Subscribe()
	done := make(chan Result)
	go func() { done <- m.Run(context.Background()) }()
	nextTurn(t, sub)
	if err := m.Undo(2); err != nil {
		t.Fatal(err)
	}
	if s := m.Snapshot(); s.Clock.Main != [2]time.Duration{time.Minute, time.Minute} || len(s.Moves) != 0 {
		t.Errorf("after taking back both resumed moves: clock %v, %d moves", s.Clock.Main, len(s.Moves))
	}
	if err := m.Abort("test"); err != nil {
		t.Fatal(err)
	}
	if r := <-done; !r.Aborted || len(r.Notes) != 0 {
		t.Errorf("%+v", r)
	}
}

// Against a bot the impasse is a claim the rules must allow; between two
// people it is an agreement.
func TestImpasseClaim(t *testing.T) {
	entered := mustPosition(t, "4K4/9/9/9/9/9/9/9/4k4 b 2R2B4G4S4N4L18P 1") // both kings entered
	for _, tc := range []struct {
		name  string
		start game.Position
		white Player
		ok    bool
	}{
		{"bot, start position", game.StartPosition(), Bot{S: mustBot(t, "greedy")}, false},
		{"bot, both entered", entered, Bot{S: mustBot(t, "greedy")}, true},
		{"human, start position", game.StartPosition(), NewHuman("b"), true},
	} {
		m, err := New(Config{Start: tc.start, Players: [2]Player{NewHuman("a"), tc.white}})
		if err != nil {
			t.Fatal(err)
		}
		sub := m.Subscribe()
		done := make(chan Result, 1)
		go func() { done <- m.Run(context.Background()) }()
		nextTurn(t, sub)
		err = m.Impasse()
		var ie *game.ImpasseError
		switch {
		case tc.ok && err != nil:
			t.Errorf("%s: refused: %v", tc.name, err)
		case !tc.ok && !errors.As(err, &ie):
			t.Errorf("%s: %v, want a refusal naming the rule", tc.name, err)
		}
		if !tc.ok {
			m.Abort("test")
		}
		r := <-done
		if tc.ok && r.Ending != game.Impasse {
			t.Errorf("%s: %v", tc.name, r.Result)
		}
		if tc.ok && tc.name == "bot, both entered" && r.Outcome != game.BlackWins {
			t.Errorf("%s: White has only its king: %v, want Black wins on points", tc.name, r.Result)
		}
	}
}

func mustPosition(t *testing.T, sfen string) game.Position {
	t.Helper()
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A person may resign while the bot thinks; the bot's move never comes.
func TestResignOnTheOtherTurn(t *testing.T) {
	ft := NewFakeTime(t0)
	h := NewHuman("person")
	m, err := New(Config{Start: game.StartPosition(), Players: [2]Player{thinker{}, h}, TimeSource: ft})
	if err != nil {
		t.Fatal(err)
	}
	sub := m.Subscribe()
	done := make(chan Result)
	go func() { done <- m.Run(context.Background()) }()
	nextTurn(t, sub)
	if err := m.Submit(game.Black, engine.BestMove{Resign: true}); !errors.Is(err, ErrNotHuman) && !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("the bot's side resigned through Submit: %v", err)
	}
	if err := m.Submit(game.White, engine.BestMove{Resign: true}); err != nil {
		t.Fatal(err)
	}
	if r := <-done; r.Ending != game.Resignation || r.Outcome != game.BlackWins || r.Game.Len() != 0 {
		t.Errorf("%v after %d moves", r.Result, r.Game.Len())
	}
}

// thinker thinks until it is stopped.
type thinker struct{}

func (thinker) Name() string { return "thinker" }

func (thinker) Play(ctx context.Context, t engine.Request) (engine.BestMove, error) {
	<-ctx.Done()
	return engine.BestMove{}, ctx.Err()
}
