package match

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"shogi/game"
	"shogi/game/engine"
)

// Pondering: a player that thinks on the opponent's time. After its own
// move it searches the position after the reply it expects (the move
// BestMove.Ponder names) until the opponent moves. If the opponent plays
// that reply, the search goes on as the answer to the turn (a ponder hit:
// it has a head start of the opponent's whole thinking time); if not, it
// is stopped and a fresh search answers.
//
// The ponder search is the player's own goroutine: stopped and waited for
// before its next search, at the game's end and when the player closes.

// ponderSafety is kept off the player's own time in a ponder search's
// limits: the clock the search is given is worked out here, not told by
// the match, and must not be more than the match will charge.
const ponderSafety = 100 * time.Millisecond

// ponderer runs the ponder searches of one player.
type ponderer struct {
	play func(context.Context, engine.Request) (engine.BestMove, error)

	mu      sync.Mutex
	running *ponderSearch
	// Hits and misses count the turns that found a ponder search running:
	// on the expected reply, or on another.
	hits, misses int
	// off holds pondering back for a while (a game whose clock is too
	// short for it) without a new player: an engine told USI_Ponder at
	// its start just is not asked to ponder.
	off atomic.Bool
}

// ponderSearch is one search on the opponent's time.
type ponderSearch struct {
	start  game.Position
	moves  []game.Move // the game with our move and the expected reply
	cancel context.CancelFunc
	hit    chan struct{}
	hurry  chan struct{} // closed when the turn that took it over is hurried
	done   chan struct{} // closed with best and err set
	best   engine.BestMove
	err    error
	// info forwards the search's progress to the turn that took it over.
	infoMu sync.Mutex
	info   func(engine.Info)
}

func newPonderer(play func(context.Context, engine.Request) (engine.BestMove, error)) *ponderer {
	return &ponderer{play: play}
}

// Play answers a turn: from the ponder search when the opponent played
// the expected reply, else with a fresh search; then, when the answer
// names a reply, it starts pondering on it.
func (p *ponderer) Play(ctx context.Context, req engine.Request) (engine.BestMove, error) {
	p.mu.Lock()
	ps := p.running
	p.running = nil
	p.mu.Unlock()

	var best engine.BestMove
	var err error
	took := time.Now()
	if ps != nil && ps.expects(req) {
		p.count(true)
		best, err = ps.take(ctx, req.Info, req.Hurry)
	} else {
		if ps != nil {
			p.count(false)
			ps.stop()
		}
		best, err = p.play(ctx, req)
	}
	if err == nil && !p.off.Load() {
		p.ponder(ctx, req, best, time.Since(took))
	}
	return best, err
}

func (p *ponderer) count(hit bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if hit {
		p.hits++
	} else {
		p.misses++
	}
}

// Counts reports the turns that met a ponder search: hits and misses.
func (p *ponderer) Counts() (hits, misses int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.hits, p.misses
}

// ponder starts the search on the reply best expects, with the clock as
// it will stand when the reply comes: the player's own time less what
// this turn took (and a margin), the increment added.
func (p *ponderer) ponder(ctx context.Context, req engine.Request, best engine.BestMove, spent time.Duration) {
	if best.Resign || best.Win || best.Move == game.NoMove || best.Ponder == game.NoMove {
		return
	}
	pos := req.Position()
	if !pos.IsLegal(best.Move) {
		return
	}
	after := pos.Play(best.Move)
	if !after.IsLegal(best.Ponder) {
		return
	}
	if reply := after.Play(best.Ponder); !reply.HasLegalMove() {
		return // no search to make after the reply: the game ends there
	}
	lim := req.Limits
	lim.Ponder = true
	own := &lim.BTime
	inc := lim.BInc
	if pos.SideToMove() == game.White {
		own, inc = &lim.WTime, lim.WInc
	}
	if *own > 0 {
		*own = max(0, *own-spent-ponderSafety) + inc
	}
	moves := make([]game.Move, 0, len(req.Moves)+2)
	moves = append(append(moves, req.Moves...), best.Move, best.Ponder)
	// The search outlives the turn's context (it runs on the opponent's
	// time) but keeps its values; Stop and the next turn end it.
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	ps := &ponderSearch{start: req.Start, moves: moves, cancel: cancel,
		hit: make(chan struct{}), hurry: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(ps.done)
		ps.best, ps.err = p.play(ctx, engine.Request{Start: req.Start, Moves: moves, Limits: lim,
			MultiPV: req.MultiPV, Info: ps.forward, PonderHit: ps.hit, Hurry: ps.hurry})
	}()
	p.mu.Lock()
	p.running = ps
	p.mu.Unlock()
}

// Stop ends a ponder search in progress and waits for it: before the
// game's end is told to the engine, a new game, or closing.
func (p *ponderer) Stop() {
	p.mu.Lock()
	ps := p.running
	p.running = nil
	p.mu.Unlock()
	if ps != nil {
		ps.stop()
	}
}

// SetPondering lets p think on the opponent's time from its next move on
// (on) or not, and reports whether p can ponder at all: a player made
// from a Spec with Ponder set (a built-in level, or an engine that
// declares USI_Ponder or Ponder). Turning it off stops a ponder search in
// progress.
func SetPondering(p Player, on bool) bool {
	pd := pondererOf(p)
	if pd == nil {
		return false
	}
	pd.off.Store(!on)
	if !on {
		pd.Stop()
	}
	return true
}

// pondererOf returns p's ponder searches, nil for a player that does not
// ponder.
func pondererOf(p Player) *ponderer {
	switch x := p.(type) {
	case Bot:
		return x.pd
	case Engine:
		return x.pd
	}
	return nil
}

// expects reports whether req is the position this search ponders.
func (ps *ponderSearch) expects(req engine.Request) bool {
	if req.Start != ps.start || len(req.Moves) != len(ps.moves) {
		return false
	}
	for i, m := range req.Moves {
		if m != ps.moves[i] {
			return false
		}
	}
	return true
}

// take makes the ponder search the turn's answer: the hit is sent, and
// its progress goes to info from now on, and the turn's hurry to it. If
// ctx ends first, the search is stopped and ctx's error returned, as a
// fresh search would.
func (ps *ponderSearch) take(ctx context.Context, info func(engine.Info), hurry <-chan struct{}) (engine.BestMove, error) {
	ps.infoMu.Lock()
	ps.info = info
	ps.infoMu.Unlock()
	close(ps.hit)
	for {
		select {
		case <-ps.done:
			return ps.best, ps.err
		case <-hurry:
			close(ps.hurry)
			hurry = nil
		case <-ctx.Done():
			ps.stop()
			return engine.BestMove{}, ctx.Err()
		}
	}
}

func (ps *ponderSearch) forward(in engine.Info) {
	ps.infoMu.Lock()
	f := ps.info
	ps.infoMu.Unlock()
	if f != nil {
		f(in)
	}
}

// stop cancels the search and waits for its end.
func (ps *ponderSearch) stop() {
	ps.cancel()
	<-ps.done
}
