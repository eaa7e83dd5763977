package csa

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/match"
)

// Player is the server's side of a game as a match.Player, and the
// match's referee (match.Referee): its moves are the opponent's, as the
// server sends them; every answer of the match's other side goes to the
// server before the match applies it, and comes back with the time the
// server charged or the end it ruled; whatever else the server rules
// (time, the other side gone, an interruption) ends the match at once;
// a fault of the server or the connection ends it as interrupted, the
// error in the result's Note and Fault.
//
// A person's game on a server, or an engine's, is then a match like any
// other (a person's moves go through Match.Submit; an illegal one is
// refused here and never sent; taking back, pausing and offers are
// refused with match.ErrRefereed). To leave a game before its end, call
// Resign: the server's ruling ends the match. Cancelling the match's
// context instead interrupts it here only: the server plays on, and the
// side left runs out of time there.
//
//	g, _ := client.Agree(ctx, summary)
//	remote := csa.NewPlayer(g, csa.PlayerOptions{Comments: true})
//	defer remote.Close()
//	players := [2]match.Player{}
//	players[g.Us()], players[g.Us().Other()] = local, remote
//	m, _ := match.New(remote.MatchConfig(players))
//	res := m.Run(ctx)
//	server, err := remote.Finish(ctx) // the server's own word on the end
type Player struct {
	g        *Game
	side     game.Color // the server's side: the opponent
	comments bool

	moves    chan Played   // the opponent's moves, in order
	judged   chan struct{} // the match has taken the opponent's move
	confirms chan Played   // our moves, as the server confirmed them
	ended    chan struct{}
	matchEnd chan struct{} // the match is over: no one takes moves any more
	endOnce  sync.Once
	rulings  chan match.Result
	silences chan Silent   // the server's silences, for whoever shows them
	stop     chan struct{} // closed by Interrupt
	stopOnce sync.Once
	cancel   context.CancelFunc
	done     chan struct{} // the reader has returned

	mu        sync.Mutex
	last      Played          // the opponent's move Play returned last
	sent      engine.BestMove // our last answer sent
	end       *match.Result
	result    *Result // the server's result, once it came
	err       error   // the fault that ended the game, when one did
	resigning bool
}

// PlayerOptions say how the Player speaks for the match's other side.
type PlayerOptions struct {
	// Comments sends the engine's score and line with each of our moves
	// (",'* 52 -3334FU"), which the server writes to its record.
	Comments bool
}

// NewPlayer makes the server's side of g a player and starts reading
// what the server says of the game. Close it when the match is over.
func NewPlayer(g *Game, o PlayerOptions) *Player {
	// The reader is the Player's: Close cancels it and waits for it.
	ctx, cancel := context.WithCancel(context.Background())
	p := &Player{g: g, side: g.Us().Other(), comments: o.Comments,
		moves: make(chan Played), judged: make(chan struct{}), confirms: make(chan Played, 1), ended: make(chan struct{}),
		matchEnd: make(chan struct{}), rulings: make(chan match.Result, 1), silences: make(chan Silent, 4), stop: make(chan struct{}), cancel: cancel, done: make(chan struct{})}
	go p.read(ctx)
	return p
}

// Name returns the opponent's name, as the server gave it.
func (p *Player) Name() string { return p.g.Summary.Names[p.side] }

// Game returns the game on the server.
func (p *Player) Game() *Game { return p.g }

// MatchConfig returns a match's configuration for the game: its start
// and the moves played already, with their times; both sides' time as the
// summary gives it; a margin that lets the server, not the match, judge
// time; the client's Margin kept back from what our side is told.
// players is indexed by colour, this Player on the server's side.
func (p *Player) MatchConfig(players [2]match.Player) match.Config {
	s := p.g.Summary
	cfg := match.Config{Start: s.Start, Moves: s.Moves, Players: players}
	k := NewClock(s.Time)
	for i, m := range s.Moves {
		cfg.Notes = append(cfg.Notes, match.MoveNote{Spent: k.Spent(m.Color(), s.MoveTimes[i])})
	}
	margin := time.Duration(0)
	for c, r := range s.Time {
		cfg.Time[c] = match.TimeControl{Main: r.Total, Byoyomi: r.Byoyomi, Increment: r.Increment}
		margin = max(margin, r.Increment+r.Delay)
	}
	// The match's flag falls only if the server stays silent well past
	// the time: the server judges time, and its increment comes before
	// the charge.
	cfg.Margin = margin + p.g.c.cfg.Grace
	cfg.Reserve[p.side.Other()] = max(0, p.g.c.cfg.Margin)
	return cfg
}

// read passes the server's word on the game to the match: the
// opponent's moves to Play, ours to Judge, the end to both and Rulings.
func (p *Player) read(ctx context.Context) {
	defer close(p.done)
	for {
		ev, err := p.g.Next(ctx)
		if err != nil {
			if ctx.Err() == nil {
				p.finish(nil, err)
			}
			return
		}
		switch ev := ev.(type) {
		case Silent:
			select {
			case p.silences <- ev:
			default: // no one listens, or not yet: the next one will do
			}
		case Played:
			ch := p.confirms
			if ev.Side == p.side {
				ch = p.moves
				p.mu.Lock()
				resign := p.resigning
				p.mu.Unlock()
				if resign {
					p.g.Resign()
				}
			}
			select {
			case ch <- ev:
			case <-p.matchEnd:
				continue // read on to the server's result
			case <-ctx.Done():
				return
			}
			if ev.Side == p.side {
				// What the server says next (its ruling, say) follows the
				// move: wait until the match has played it.
				select {
				case <-p.judged:
				case <-p.matchEnd:
				case <-ctx.Done():
					return
				}
			}
		case Ended:
			r := ev.Result
			p.finish(&r, nil)
			return
		}
	}
}

// finish ends the game as the server ruled (r) or as a fault ended it.
func (p *Player) finish(r *Result, err error) {
	p.mu.Lock()
	p.result, p.err = r, err
	var end match.Result
	if r != nil {
		end = p.toMatch(*r)
	} else {
		end = match.Result{Aborted: true, Why: match.Interrupted, Note: err.Error(), Fault: err, Faulty: p.side}
	}
	p.end = &end
	p.mu.Unlock()
	close(p.ended)
	p.rulings <- end
}

// errServer is the refusal of a move the server ruled illegal where the
// rules here see nothing wrong, or did not say which move.
var errServer = errors.New("the server ruled it illegal")

// toMatch turns the server's result into the match's terms.
func (p *Player) toMatch(r Result) match.Result {
	us := p.side.Other()
	res := match.Result{Result: r.Game(us)}
	loser := us
	if r.Outcome == Win {
		loser = p.side
	}
	res.Side = loser
	pos := p.g.Position()
	switch r.Reason {
	case Resign:
		res.Why = match.Resigned
	case TimeUp:
		k := p.g.Clock()
		res.Why, res.Allowed = match.TimeUp, k.Available(loser)
	case IllegalMove:
		switch {
		case r.Special == "KACHI":
			res.Why = match.FalseDeclaration
			var de *game.DeclarationError
			if errors.As(pos.CanDeclare(), &de) {
				res.Declaration = de
			}
		case loser == us && !p.sent.Resign && !p.sent.Win && p.sent.Move != game.NoMove:
			res.Why, res.Illegal, res.Refusal = match.IllegalMove, p.sent.Move.USI(), pos.CheckMove(p.sent.Move)
			if res.Refusal == nil {
				res.Refusal = errServer
			}
		default:
			res.Why, res.Refusal = match.IllegalMove, errServer
		}
	case Sennichite:
		res.Why = match.Sennichite
	case OuteSennichite:
		res.Why = match.PerpetualCheck
	case Jishogi:
		res.Why, res.Side = match.Declared, loser.Other()
		if r.Outcome == Draw {
			res.Why = match.ImpasseAgreed
			res.Points = [2]int{pos.Points(game.Black), pos.Points(game.White)}
		}
	case MaxMoves:
		res.Why, res.MaxMoves, res.Limit = match.MoveLimit, true, len(p.g.Moves())
	case Chudan:
		res = match.Result{Aborted: true, Why: match.Interrupted, Note: "the server interrupted the game (#CHUDAN)"}
	default:
		switch r.Special {
		case "TORYO":
			res.Why = match.Resigned
		case "KACHI":
			res.Why, res.Side = match.Declared, loser.Other()
		default:
			res.Why, res.Refusal = match.IllegalMove, fmt.Errorf("the server ended the game with %s alone", r)
		}
	}
	return res
}

// Play waits for the opponent's move from the server.
func (p *Player) Play(ctx context.Context, r engine.Request) (engine.BestMove, error) {
	select {
	case ev := <-p.moves:
		if want := len(r.Moves) + 1; want != len(p.g.Moves()) {
			return engine.BestMove{}, fmt.Errorf("csa: the match has %d moves and the server %d", want, len(p.g.Moves()))
		}
		p.mu.Lock()
		p.last = ev
		p.mu.Unlock()
		return engine.BestMove{Move: ev.Move}, nil
	case <-ctx.Done():
		return engine.BestMove{}, ctx.Err()
	}
}

// Judge puts side c's answer to the server (see match.Referee): the
// opponent's own move comes confirmed; ours is sent, with the engine's
// comment when asked for, and waits for the server's confirmation or
// ruling.
func (p *Player) Judge(c game.Color, b engine.BestMove, info *engine.Info) match.Ruling {
	if c == p.side {
		p.mu.Lock()
		last := p.last
		p.mu.Unlock()
		select {
		case p.judged <- struct{}{}:
		case <-p.done:
		}
		return match.Ruling{Spent: last.Spent, Main: last.Left}
	}
	if end, over := p.over(); over {
		return match.Ruling{End: end}
	}
	p.mu.Lock()
	p.sent = b
	p.mu.Unlock()
	var err error
	switch {
	case b.Resign:
		err = p.g.Resign()
	case b.Win:
		err = p.g.Declare()
	default:
		comment := ""
		if p.comments {
			comment = EngineComment(info, b.Move, p.g.Position())
		}
		err = p.g.Move(b.Move, comment)
	}
	if err != nil && !errors.Is(err, errNotOurTurn) {
		// The connection broke: the reader says so as well, with the
		// state it was in.
		select {
		case <-p.ended:
			end, _ := p.over()
			return match.Ruling{End: end}
		case <-time.After(time.Second):
		}
		return match.Ruling{End: &match.Result{Aborted: true, Why: match.Interrupted, Note: err.Error(), Fault: err, Faulty: p.side}}
	}
	// The reader times the confirmation out first, naming the move; this
	// is for a reader that cannot.
	timeout := p.g.c.cfg.Timeout + time.Second
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case ev := <-p.confirms:
		return match.Ruling{Spent: ev.Spent, Main: ev.Left}
	case <-p.ended:
		// The server confirmed the move before it ended the game (a
		// repetition, a drop after it): the reader put the confirmation
		// first, and the move stands; the end follows through Rulings.
		select {
		case ev := <-p.confirms:
			return match.Ruling{Spent: ev.Spent, Main: ev.Left}
		default:
		}
		end, _ := p.over()
		return match.Ruling{End: end}
	case <-p.stop:
		return match.Ruling{End: &match.Result{Aborted: true, Why: match.Interrupted, Note: "interrupted"}}
	case <-t.C:
		err := p.g.c.fail("waiting for the server to confirm our move", Timeout, "", fmt.Sprintf("our move was sent and the server has not confirmed it in %v", timeout), nil)
		return match.Ruling{End: &match.Result{Aborted: true, Why: match.Interrupted, Note: err.Error(), Fault: err, Faulty: p.side}}
	}
}

func (p *Player) over() (*match.Result, bool) {
	select {
	case <-p.ended:
		p.mu.Lock()
		defer p.mu.Unlock()
		end := *p.end
		return &end, true
	default:
		return nil, false
	}
}

// Silences delivers the server's silences as Next reports them (our move
// unconfirmed, a turn past its time not ended), so a screen or a log can
// say at once that the server is silent; the game goes on until the
// server answers or the wait times out. Reading it is optional.
func (p *Player) Silences() <-chan Silent { return p.silences }

// Rulings delivers the end of the game when the server rules it (or a
// fault ends it) while no answer is being judged.
func (p *Player) Rulings() <-chan match.Result { return p.rulings }

// GameOver hears of an end the match decided without the server (see
// match.Referee): when it is our loss (we are mated or have no move, our
// engine failed, a person resigned while the opponent thought), the
// server hears %TORYO, at once or as our turn comes; otherwise the
// server's own ruling is on its way.
func (p *Player) GameOver(r game.Result, c game.Color) {
	p.endOnce.Do(func() { close(p.matchEnd) })
	if _, over := p.over(); over {
		return
	}
	if w, ok := r.Winner(); ok && w == c {
		p.Resign()
	}
}

// Resign resigns the game for our side (%TORYO): now if it is our turn,
// else as soon as it is. The server's ruling ends the match.
func (p *Player) Resign() {
	p.mu.Lock()
	p.resigning = true
	p.mu.Unlock()
	p.g.Resign() // refused while it is not our turn; read sends it then
}

// Interrupt ends the game here at once, as the end of the match's
// context does, also while our answer waits for the server's
// confirmation (which Judge, having no context, would otherwise wait
// for until the timeout): the match ends interrupted, and the server
// plays on.
func (p *Player) Interrupt() { p.stopOnce.Do(func() { close(p.stop) }) }

// Finish waits for the server's result of the game (or the fault that
// ended it) and returns it.
func (p *Player) Finish(ctx context.Context) (Result, error) {
	select {
	case <-p.ended:
	case <-ctx.Done():
		return Result{}, ctx.Err()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err != nil {
		return Result{}, p.err
	}
	return *p.result, nil
}

// Close stops reading the game. It does not close the connection.
func (p *Player) Close() error {
	p.cancel()
	<-p.done
	return nil
}
