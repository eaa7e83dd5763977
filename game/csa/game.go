package csa

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"shogi/game"
)

// Game is a game on the server from START to its result: the moves as
// the server confirmed them and both clocks as the server keeps them.
// One goroutine may read with Next while others send and ask.
type Game struct {
	c       *Client
	mu      sync.Mutex // guards what follows but Summary
	Summary *Summary
	g       *game.Game
	clock   *Clock
	units   []int     // the charge of each move, the summary's first
	since   time.Time // when the side to move's turn began, as this client saw it
	sent    string    // our move, sent and not yet confirmed
	sentAt  time.Time // when it was sent
	// quiet is set once Next has reported the server Silent in the wait
	// at hand; a line from the server clears it.
	quiet bool
	// sends wakes a Next that is waiting, so that it waits for the
	// confirmation of what was just sent rather than for the turn.
	sends   chan struct{}
	special *Special // the special move announced before the result
	mover   game.Color
	reason  Reason
	result  *Result
}

// Event is what the server says of a game: a move, or the end.
type Event interface{ event() }

// Played is a move the server confirmed, ours or the opponent's.
type Played struct {
	Move    game.Move
	Side    game.Color
	Units   int           // the server's charge (T), in its time units
	Spent   time.Duration // the charge as a time
	Comment string        // a comment the server passed on with it, if any
	// Left is both sides' main time after the move, as the server keeps
	// it.
	Left [2]time.Duration
}

// Ended is the game's end as the server rules it.
type Ended struct{ Result Result }

// Silent says the server has said nothing for For where it answers at
// once: Unconfirmed, our move (or %TORYO, %KACHI), is not confirmed; or,
// with Unconfirmed empty, Side's turn has run past its time and the
// server has not ended it. The game goes on: Next waits on, up to the
// Timeout after our move (or the Grace after the turn), and reports the
// server's next word or the fault.
type Silent struct {
	For         time.Duration
	Unconfirmed string
	Side        game.Color
}

func (Played) event() {}
func (Ended) event()  {}
func (Silent) event() {}

func newGame(c *Client, s *Summary) *Game {
	g := &Game{c: c, Summary: s, g: game.NewGame(s.Start), clock: s.Clock(), since: time.Now(), sends: make(chan struct{}, 1)}
	for _, m := range s.Moves {
		g.g.Play(m) // ParseSummary checked them
	}
	g.units = append(g.units, s.MoveTimes...)
	return g
}

// Us returns the side this client plays.
func (g *Game) Us() game.Color { return g.Summary.YourTurn }

// Position returns the position now.
func (g *Game) Position() game.Position {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.g.Position()
}

// Moves returns the moves played, the summary's first.
func (g *Game) Moves() []game.Move {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]game.Move(nil), g.g.Moves()...)
}

// Units returns each move's charge (T) in the server's time units.
func (g *Game) Units() []int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]int(nil), g.units...)
}

// Clock returns both sides' time as the server keeps it.
func (g *Game) Clock() Clock {
	g.mu.Lock()
	defer g.mu.Unlock()
	return *g.clock
}

// TurnBegan returns when the turn of the side to move began, as this
// client saw it: when the move before it was confirmed, or START.
func (g *Game) TurnBegan() time.Time {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.since
}

func (g *Game) toMove() game.Color {
	p := g.g.Position()
	return p.SideToMove()
}

// Result returns the game's result once the server has ruled.
func (g *Game) Result() (Result, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.result == nil {
		return Result{}, false
	}
	return *g.result, true
}

var errNotOurTurn = errors.New("csa: it is not this client's turn, or a move is awaiting the server")

// Move sends our move, with an engine's comment when comment is not ""
// (as Comment writes it). The move is sent as it is, legal or not: the
// server judges it. The server's confirmation comes from Next.
func (g *Game) Move(m game.Move, comment string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.canSend(); err != nil {
		return err
	}
	text := FormatMove(m)
	line := text
	if comment != "" {
		// The server cuts a comment at a comma: it must have none.
		line += ",'" + clipComment(comment)
	}
	if err := g.c.send(line, ""); err != nil {
		return err
	}
	g.sent, g.sentAt, g.quiet = text, time.Now(), false
	g.wake()
	return nil
}

func clipComment(s string) string {
	b := []byte(s)
	for i, ch := range b {
		if ch == ',' || ch < ' ' || ch > '~' {
			b[i] = ' '
		}
	}
	return string(b)
}

func (g *Game) canSend() error {
	if g.result != nil {
		return g.c.fail("sending", ServerError, "", "the game is over", nil)
	}
	if g.toMove() != g.Us() || g.sent != "" || g.special != nil || g.reason != NoReason {
		return errNotOurTurn
	}
	return nil
}

// Resign sends %TORYO.
func (g *Game) Resign() error { return g.sendSpecial("%TORYO") }

// Declare sends %KACHI: an entering-king declaration, which the server
// judges (a declaration that does not hold loses).
func (g *Game) Declare() error { return g.sendSpecial("%KACHI") }

// Interrupt sends %CHUDAN, asking the server to interrupt the game (some
// servers take it as an illegal move).
func (g *Game) Interrupt() error { return g.sendSpecial("%CHUDAN") }

func (g *Game) sendSpecial(word string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.canSend(); err != nil {
		return err
	}
	if err := g.c.send(word, ""); err != nil {
		return err
	}
	g.sent, g.sentAt, g.quiet = word, time.Now(), false
	g.wake()
	return nil
}

func (g *Game) wake() {
	select {
	case g.sends <- struct{}{}:
	default:
	}
}

// deadline says how long Next may wait and what for; turn is set when
// it waits for a turn to end rather than for an answer, silence when the
// wait ends in a Silent event rather than a fault.
func (g *Game) deadline() (wait time.Duration, op string, turn, silence bool) {
	ply := g.g.Len() + 1
	c := g.toMove()
	switch {
	case g.special != nil || g.reason != NoReason:
		return g.c.cfg.Timeout, "waiting for the game's result", false, false
	case g.sent != "":
		op = fmt.Sprintf("waiting for the server to confirm our move %d (%s)", ply, g.sent)
		if !g.quiet {
			return max(time.Until(g.sentAt.Add(g.c.cfg.Silence)), time.Millisecond), op, false, true
		}
		return max(time.Until(g.sentAt.Add(g.c.cfg.Timeout)), time.Millisecond), op, false, false
	}
	op = fmt.Sprintf("waiting for the opponent's move %d", ply)
	if c == g.Us() {
		op = fmt.Sprintf("waiting for the server while we think on move %d", ply)
	}
	avail := g.clock.Available(c)
	if avail < 0 {
		return 0, op, true, false // no clock: the turn may last for ever
	}
	if !g.quiet && g.c.cfg.Silence < g.c.cfg.Grace {
		return max(time.Until(g.since.Add(avail+g.c.cfg.Silence)), time.Millisecond), op, true, true
	}
	return max(time.Until(g.since.Add(avail+g.c.cfg.Grace)), time.Millisecond), op, true, false
}

// Next reads what the server says next of the game: a move it confirmed
// (ours or the opponent's) or the end. Each wait has a deadline: a move's
// confirmation and the result's lines come at once; a turn may last the
// side's time and the Grace after it. When the server stays silent past
// Config.Silence in either wait, Next reports it (Silent) and waits on.
// A line that does not belong in a game, or a move that is illegal or
// not the one we sent, is an *Error (Garbage); so is a dropped connection
// (Dropped) or a silent server (Timeout). After the Ended event, Next
// returns it again.
func (g *Game) Next(ctx context.Context) (Event, error) {
	for {
		g.mu.Lock()
		if g.result != nil {
			r := *g.result
			g.mu.Unlock()
			return Ended{Result: r}, nil
		}
		timeout, op, turn, silence := g.deadline()
		side := g.toMove()
		g.mu.Unlock()
		wctx, cancel := context.WithCancel(ctx)
		go func() {
			select {
			case <-g.sends:
				cancel()
			case <-wctx.Done():
			}
		}()
		m, line, err := g.c.next(wctx, op, timeout)
		cancel()
		if err != nil && ctx.Err() == nil && errors.Is(err, context.Canceled) {
			continue // a move was sent: wait for its confirmation instead
		}
		if err != nil {
			var e *Error
			if errors.As(err, &e) && e.Kind == Timeout {
				g.mu.Lock()
				if silence {
					g.quiet = true
					ev := Silent{Unconfirmed: g.sent, Side: side, For: g.c.cfg.Silence}
					g.mu.Unlock()
					return ev, nil
				}
				if g.sent != "" {
					e.Msg = fmt.Sprintf("our move %s was sent and the server has not confirmed it in %v", g.sent, g.c.cfg.Timeout)
				}
				g.mu.Unlock()
				if turn {
					e.Msg = fmt.Sprintf("the server has not ended %s's turn %v after its time ran out", side, g.c.cfg.Grace)
				}
			}
			return nil, err
		}
		g.mu.Lock()
		g.quiet = false
		g.mu.Unlock()
		if ev, err := g.take(op, line, m); ev != nil || err != nil {
			return ev, err
		}
	}
}

// take reads one message of the game; it returns an event when the
// message made one.
func (g *Game) take(op, line string, m Message) (Event, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch m := m.(type) {
	case Move:
		if g.special != nil || g.reason != NoReason {
			return nil, g.c.fail(op, Garbage, line, "a move after the game's end was announced", nil)
		}
		return g.played(op, line, m)
	case Special:
		if g.special != nil && g.special.Word == m.Word && g.reason == NoReason {
			// shogi-server confirms %KACHI with its time (%KACHI,T3),
			// then says it again before the result.
			return nil, nil
		}
		if g.special != nil || g.reason != NoReason {
			return nil, g.c.fail(op, Garbage, line, "a second special move", nil)
		}
		g.special, g.mover = &m, g.toMove()
	case ResultLine:
		if m.Reason != NoReason {
			if g.reason != NoReason {
				return nil, g.c.fail(op, Garbage, line, "a second reason for the game's end", nil)
			}
			g.reason = m.Reason
			if m.Reason == Chudan {
				g.end(Interrupted)
				return Ended{Result: *g.result}, nil
			}
			return nil, nil
		}
		g.end(m.Outcome)
		return Ended{Result: *g.result}, nil
	case X1:
		if m.Tag == "ERROR" {
			return nil, g.c.fail(op, ServerError, line, "the server said: "+m.Text, nil)
		}
		g.c.logf("ignored during the game: %s", line)
	default:
		return nil, g.c.fail(op, Garbage, line, "a line that does not belong in a game", nil)
	}
	return nil, nil
}

func (g *Game) end(o Outcome) {
	r := Result{Reason: g.reason, Outcome: o, Mover: g.mover}
	if g.special != nil {
		r.Special = g.special.Word
	} else {
		r.Mover = g.toMove()
	}
	g.result = &r
	g.sent = ""
}

// played takes a confirmed move.
func (g *Game) played(op, line string, m Move) (Event, error) {
	p := g.g.Position()
	side := p.SideToMove()
	if side == g.Us() {
		if g.sent == "" {
			return nil, g.c.fail(op, Garbage, line, "the server confirmed a move of ours we did not send", nil)
		}
		if g.sent != m.Text {
			return nil, g.c.fail(op, Garbage, line, fmt.Sprintf("the server confirmed %s, but we sent %s", m.Text, g.sent), nil)
		}
	}
	mv, err := ReadMove(&p, m.Text)
	if err == nil {
		err = g.g.Play(mv)
	}
	if err != nil {
		return nil, g.c.fail(op, Garbage, line, fmt.Sprintf("the server's move %d does not hold: %v", g.g.Len()+1, err), nil)
	}
	g.sent = ""
	g.since = time.Now()
	spent := g.clock.Charge(side, m.Time)
	g.units = append(g.units, m.Time)
	return Played{Move: mv, Side: side, Units: m.Time, Spent: spent, Comment: m.Comment, Left: g.clock.Left}, nil
}
