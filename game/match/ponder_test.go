package match

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"sync"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/engine"
	"shogi/game/usi"
	"shogi/game/usi/usitest"
)

// searchLog wraps a search and notes every call: its request, and how it
// ended (its context's error when it was stopped).
type searchLog struct {
	search func(context.Context, engine.Request) (engine.BestMove, error)
	mu     sync.Mutex
	calls  []engine.Request
	errs   []error
	ended  chan struct{} // one token a finished call
	// spent gets a token when a ponder search reports nodes at its
	// budget: it has done its search and only waits for the hit.
	spent chan struct{}
}

func newSearchLog(search func(context.Context, engine.Request) (engine.BestMove, error)) *searchLog {
	return &searchLog{search: search, ended: make(chan struct{}, 16), spent: make(chan struct{}, 16)}
}

func (l *searchLog) play(ctx context.Context, r engine.Request) (engine.BestMove, error) {
	l.mu.Lock()
	l.calls = append(l.calls, r)
	l.mu.Unlock()
	if r.Limits.Ponder && r.Limits.Nodes > 0 {
		info, told := r.Info, false
		r.Info = func(in engine.Info) {
			if in.Nodes >= r.Limits.Nodes && !told {
				told = true
				l.spent <- struct{}{}
			}
			if info != nil {
				info(in)
			}
		}
	}
	b, err := l.search(ctx, r)
	l.mu.Lock()
	l.errs = append(l.errs, ctx.Err())
	l.mu.Unlock()
	l.ended <- struct{}{}
	return b, err
}

// snapshot returns the calls so far: their requests' move counts and
// whether each pondered.
func (l *searchLog) snapshot() (moves []int, ponder []bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range l.calls {
		moves = append(moves, len(c.Moves))
		ponder = append(ponder, c.Limits.Ponder)
	}
	return moves, ponder
}

// checkPonder plays one turn, ponders on the expected reply until that
// search has spent its budget, then answers the reply: the answer needs
// no search of its own (the hit); then the same with another reply,
// which stops the ponder search and needs a fresh one (the miss).
//
// waitPonder waits for the ponder search to report its whole node budget
// searched before the hit, so the hit finds the answer ready (the
// built-in bot reports its totals when a limit stops it; a USI engine
// need not, so there the hit comes while it searches).
func checkPonder(t *testing.T, search func(context.Context, engine.Request) (engine.BestMove, error), lim engine.Limits, waitPonder bool) {
	t.Helper()
	ctx := t.Context()
	log := newSearchLog(search)
	p := newPonderer(log.play)
	defer p.Stop()
	start := game.StartPosition()
	first, err := p.Play(ctx, engine.Request{Start: start, Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	<-log.ended
	if first.Ponder == game.NoMove {
		t.Fatalf("the first answer %v names no reply to ponder on", first.Move)
	}
	if waitPonder {
		<-log.spent
	}
	hitReq := engine.Request{Start: start, Moves: []game.Move{first.Move, first.Ponder}, Limits: lim}
	second, err := p.Play(ctx, hitReq)
	if err != nil {
		t.Fatal(err)
	}
	if pos := hitReq.Position(); !pos.IsLegal(second.Move) {
		t.Fatalf("the ponder hit answered %v, not legal after %v %v", second.Move, first.Move, first.Ponder)
	}
	p.Stop() // the search now pondering on the next reply
	moves, ponder := log.snapshot()
	for i := range moves {
		if moves[i] == 2 && !ponder[i] {
			t.Fatalf("a fresh search ran after the ponder hit (calls by moves %v, pondering %v): the hit should answer from the ponder search", moves, ponder)
		}
	}
	if h, m := p.Counts(); h != 1 || m != 0 {
		t.Fatalf("after a hit: %d hits, %d misses", h, m)
	}

	// A miss: the reply is another move than the one pondered on.
	third, err := p.Play(ctx, engine.Request{Start: start, Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	after := start.Play(third.Move)
	var other game.Move
	for _, mv := range after.LegalMoves(nil) {
		if mv != third.Ponder {
			other = mv
			break
		}
	}
	before := len(moves)
	missReq := engine.Request{Start: start, Moves: []game.Move{third.Move, other}, Limits: lim}
	if _, err := p.Play(ctx, missReq); err != nil {
		t.Fatal(err)
	}
	p.Stop()
	moves, ponder = log.snapshot()
	fresh := false
	for i := before; i < len(moves); i++ {
		if moves[i] == 2 && !ponder[i] {
			fresh = true
		}
	}
	if !fresh {
		t.Fatalf("after a miss no fresh search ran (calls by moves %v, pondering %v)", moves, ponder)
	}
	if h, m := p.Counts(); h != 1 || m != 1 {
		t.Fatalf("after a hit and a miss: %d hits, %d misses", h, m)
	}
}

// The built-in bot at a fixed node budget: a ponder hit answers at once
// with the search made on the opponent's time, where a miss searches the
// whole budget afresh.
func TestPonderBot(t *testing.T) {
	s, err := bot.NewSearcher("strong", rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	checkPonder(t, s.Search, engine.Limits{Nodes: 3000}, true)
}

// The same with Fairy-Stockfish over USI (go ponder, ponderhit, stop).
func TestPonderFairyStockfish(t *testing.T) {
	t.Parallel()
	const path = "/usr/games/fairy-stockfish"
	if _, err := os.Stat(path); err != nil {
		t.Skip("Fairy-Stockfish is not installed (apt-get install fairy-stockfish)")
	}
	p, err := Spec{Kind: USIKind, Name: path, Ponder: true}.NewPlayer(t.Context(), nil, usi.Config{})
	if err != nil {
		t.Fatal(err)
	}
	e := p.(Engine)
	defer e.Close()
	if e.pd == nil {
		t.Fatal("Fairy-Stockfish declares Ponder, but the player does not ponder")
	}
	if err := e.NewGame(t.Context()); err != nil {
		t.Fatal(err)
	}
	checkPonder(t, e.E.Go, engine.Limits{Nodes: 20000}, false)
}

// pondering reports how many turns met a ponder search on the reply
// expected (hits) and on another (misses); ok is false for a player that
// does not ponder.
func pondering(p Player) (hits, misses int, ok bool) {
	pd := pondererOf(p)
	if pd == nil {
		return 0, 0, false
	}
	hits, misses = pd.Counts()
	return hits, misses, true
}

// A player that does not ponder says so; an engine whose spec turns
// pondering off explicitly does not ponder. The engine is the fake, which
// declares Ponder as Fairy-Stockfish does (TestPonderFairyStockfish has
// the real one ponder): asked to ponder it does, unless the spec's
// options set Ponder to false.
func TestPonderingOff(t *testing.T) {
	t.Parallel()
	s, err := bot.NewSearcher("amateur", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := pondering(Bot{S: s}); ok {
		t.Error("a bot made without pondering reports pondering")
	}
	p, err := Spec{Kind: BuiltinKind, Name: "amateur", Ponder: true}.NewPlayer(t.Context(), rand.New(rand.NewPCG(1, 1)), usi.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := pondering(p); !ok {
		t.Error("a bot made with Ponder does not ponder")
	}
	if err := p.(Bot).Close(); err != nil {
		t.Error(err)
	}
	// The default 30 s for usiok: the fake is this test binary, which
	// takes a while to start under -race on a loaded machine.
	cfg := usi.Config{Env: []string{usitest.Env + "=name=fake"}, StopGrace: 200 * time.Millisecond}
	for _, c := range []struct {
		options []usi.Setting
		ponders bool
	}{
		{nil, true},
		{[]usi.Setting{{Name: "Ponder", Value: "false"}}, false},
	} {
		e, err := Spec{Kind: USIKind, Name: os.Args[0], Ponder: true, Options: c.options}.NewPlayer(t.Context(), nil, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, ok := pondering(e); ok != c.ponders {
			t.Errorf("an engine whose spec sets %v ponders: %v, want %v", c.options, ok, c.ponders)
		}
		if err := e.(Engine).Close(); err != nil {
			t.Error(err)
		}
	}
}

// Stopping in the middle of a ponder search waits for it: nothing runs on
// after Stop returns.
func TestPonderStopWaits(t *testing.T) {
	running := make(chan struct{}, 4)
	var mu sync.Mutex
	live := 0
	search := func(ctx context.Context, r engine.Request) (engine.BestMove, error) {
		mu.Lock()
		live++
		mu.Unlock()
		defer func() {
			mu.Lock()
			live--
			mu.Unlock()
		}()
		pos := r.Position()
		legal := pos.LegalMoves(nil)
		if r.Limits.Ponder {
			running <- struct{}{}
			<-ctx.Done()
			return engine.BestMove{}, ctx.Err()
		}
		after := pos.Play(legal[0])
		return engine.BestMove{Move: legal[0], Ponder: after.LegalMoves(nil)[0]}, nil
	}
	p := newPonderer(search)
	if _, err := p.Play(t.Context(), engine.Request{Start: game.StartPosition()}); err != nil {
		t.Fatal(err)
	}
	<-running
	p.Stop()
	mu.Lock()
	n := live
	mu.Unlock()
	if n != 0 {
		t.Fatalf("%d searches still running after Stop", n)
	}
	// A turn whose context ends while it waits on the ponder search
	// returns that error, and leaves nothing running.
	if _, err := p.Play(t.Context(), engine.Request{Start: game.StartPosition()}); err != nil {
		t.Fatal(err)
	}
	<-running
	p.mu.Lock()
	expected := p.running.moves
	p.mu.Unlock()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := p.Play(ctx, engine.Request{Start: game.StartPosition(), Moves: expected}); !errors.Is(err, context.Canceled) {
		t.Fatalf("a hit whose turn was cancelled: %v, want context.Canceled", err)
	}
	mu.Lock()
	n = live
	mu.Unlock()
	if n != 0 {
		t.Fatalf("%d searches still running after a cancelled hit", n)
	}
}

// SetPondering off stops the search in progress and starts none after
// the next turns; on again, the turn after starts one. A player made
// without pondering reports it cannot.
func TestSetPondering(t *testing.T) {
	log := newSearchLog(func(ctx context.Context, r engine.Request) (engine.BestMove, error) {
		pos := r.Position()
		legal := pos.LegalMoves(nil)
		if r.Limits.Ponder {
			<-ctx.Done()
			return engine.BestMove{}, ctx.Err()
		}
		after := pos.Play(legal[0])
		return engine.BestMove{Move: legal[0], Ponder: after.LegalMoves(nil)[0]}, nil
	})
	pd := newPonderer(log.play)
	p := Bot{pd: pd}
	defer p.stopPondering()
	running := func() bool {
		pd.mu.Lock()
		defer pd.mu.Unlock()
		return pd.running != nil
	}
	turn := func() {
		t.Helper()
		if _, err := p.Play(t.Context(), engine.Request{Start: game.StartPosition()}); err != nil {
			t.Fatal(err)
		}
	}
	turn()
	if !running() {
		t.Fatal("no ponder search after a turn with pondering on")
	}
	if !SetPondering(p, false) {
		t.Fatal("SetPondering says a pondering bot cannot ponder")
	}
	if running() {
		t.Fatal("the ponder search runs on after SetPondering(false)")
	}
	turn()
	if running() {
		t.Fatal("a ponder search started with pondering off")
	}
	SetPondering(p, true)
	turn()
	if !running() {
		t.Fatal("no ponder search after pondering was turned on again")
	}
	s, err := bot.NewSearcher("amateur", nil)
	if err != nil {
		t.Fatal(err)
	}
	if SetPondering(Bot{S: s}, true) {
		t.Error("SetPondering says a bot made without pondering can ponder")
	}
}
