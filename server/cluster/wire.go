package cluster

import (
	"errors"
	"fmt"
	"time"

	"shogi/app/lobby"
	"shogi/game"
	"shogi/game/match"
)

// The subjects of a table served to the other nodes: its referee
// publishes the table's events on the first, and answers the requests of
// sessions on other nodes (sit, watch, move, resign, chat, draw offers,
// leave) on the second. Both are named by the table's code, not by its
// referee, so that a referee taking the table over serves the same
// subjects and the other nodes' seats carry on.
func eventsSubject(code string) string { return "shogi.table." + code + ".events" }
func doSubject(code string) string     { return "shogi.table." + code + ".do" }

// eventRecord is one event of a table on the wire. Epoch names the
// referee's serving of the table (a new referee, a new epoch); Seq counts
// its events from 1, so that a listener sees a gap and reads the state
// afresh.
type eventRecord struct {
	Epoch     string       `json:"epoch"`
	Seq       uint64       `json:"seq"`
	Kind      string       `json:"kind"`
	Ply       int          `json:"ply,omitempty"`
	Side      int          `json:"side,omitempty"`
	Move      string       `json:"move,omitempty"`
	SpentMS   int64        `json:"spent_ms,omitempty"`
	Clock     *clockRecord `json:"clock,omitempty"`
	ElapsedMS int64        `json:"elapsed_ms,omitempty"` // how long the running clock had run when sent
	On        bool         `json:"on,omitempty"`         // paused, offered, present, cut
	Name      string       `json:"name,omitempty"`
	Spectator bool         `json:"spectator,omitempty"`
	Text      string       `json:"text,omitempty"`
	LeftMS    int64        `json:"left_ms,omitempty"` // an absent player's grace left
	Token     string       `json:"token,omitempty"`
	End       *endRecord   `json:"end,omitempty"`
}

// The kinds of eventRecord.
const (
	evStart      = "start"       // the game began (or a new referee serves it): read the state
	evTurn       = "turn"        // Side's turn began: Clock
	evMove       = "move"        // move Ply by Side: Move, SpentMS, Clock
	evPause      = "pause"       // paused (On) or resumed
	evDraw       = "draw"        // Side offered a draw (On), or the offer lapsed
	evChat       = "chat"        // Name (Side, or Spectator) said Text after Ply moves
	evPresence   = "presence"    // Side's player Name left (LeftMS of grace) or is back (On)
	evEnd        = "end"         // the game is over: End
	evClosed     = "closed"      // the table closed: Text says why
	evSeatClosed = "seat_closed" // the seat of Token was taken from another connection: Text
	evCut        = "cut"         // the referee lost touch with the other nodes (On), or is back
)

// endRecord is a match.Result on the wire, with the moves and times of
// the game as the referee wrote it, and where.
type endRecord struct {
	Outcome   int       `json:"outcome"`
	Ending    int       `json:"ending"`
	Why       int       `json:"why"`
	Side      int       `json:"side,omitempty"`
	Aborted   bool      `json:"aborted,omitempty"`
	Note      string    `json:"note,omitempty"`
	Illegal   string    `json:"illegal,omitempty"`
	Refusal   string    `json:"refusal,omitempty"`
	Fault     string    `json:"fault,omitempty"`
	Faulty    int       `json:"faulty,omitempty"`
	MaxMoves  bool      `json:"max_moves,omitempty"`
	Limit     int       `json:"limit,omitempty"`
	Points    [2]int    `json:"points"`
	AllowedMS int64     `json:"allowed_ms,omitempty"`
	MarginMS  int64     `json:"margin_ms,omitempty"`
	GraceMS   int64     `json:"grace_ms,omitempty"`
	Moves     []string  `json:"moves,omitempty"`
	SpentMS   []int64   `json:"spent_ms,omitempty"`
	Names     [2]string `json:"names"`
	Began     time.Time `json:"began,omitzero"`
	Ended     time.Time `json:"ended,omitzero"`
	Path      string    `json:"path,omitempty"`
	Err       string    `json:"err,omitempty"`
}

func endRecordOf(e lobby.EndEvent) *endRecord {
	r := e.Result
	out := &endRecord{Outcome: int(r.Outcome), Ending: int(r.Ending), Why: int(r.Why), Side: int(r.Side), Aborted: r.Aborted,
		Note: r.Note, Illegal: r.Illegal, Faulty: int(r.Faulty), MaxMoves: r.MaxMoves, Limit: r.Limit, Points: r.Points,
		AllowedMS: r.Allowed.Milliseconds(), MarginMS: r.Margin.Milliseconds(), GraceMS: r.Grace.Milliseconds(),
		Names: r.Names, Began: r.Began, Ended: r.Ended, Path: e.Path}
	if r.Refusal != nil {
		out.Refusal = r.Refusal.Error()
	}
	if r.Fault != nil {
		out.Fault = r.Fault.Error()
	}
	if e.Err != nil {
		out.Err = e.Err.Error()
	}
	if r.Game != nil {
		for _, m := range r.Game.Moves() {
			out.Moves = append(out.Moves, m.USI())
		}
	}
	for _, n := range r.Notes {
		out.SpentMS = append(out.SpentMS, n.Spent.Milliseconds())
	}
	return out
}

// result rebuilds the end from start: the moves are played, so a move
// that does not read or is not legal refuses the record.
func (r *endRecord) result(start game.Position, tc match.TimeControl) (lobby.EndEvent, error) {
	res := match.Result{Result: game.Result{Outcome: game.Outcome(r.Outcome), Ending: game.Ending(r.Ending)}, Why: match.Why(r.Why),
		Aborted: r.Aborted, Note: r.Note, Illegal: r.Illegal, MaxMoves: r.MaxMoves, Limit: r.Limit, Points: r.Points,
		Allowed: ms(r.AllowedMS), Margin: ms(r.MarginMS), Grace: ms(r.GraceMS), Names: r.Names, Began: r.Began, Ended: r.Ended,
		Time: [2]match.TimeControl{tc, tc}}
	var err error
	if res.Side, err = colour(r.Side); err != nil {
		return lobby.EndEvent{}, err
	}
	if res.Faulty, err = colour(r.Faulty); err != nil {
		return lobby.EndEvent{}, err
	}
	if r.Refusal != "" {
		res.Refusal = errors.New(r.Refusal)
	}
	if r.Fault != "" {
		res.Fault = errors.New(r.Fault)
	}
	if len(r.SpentMS) > len(r.Moves) {
		return lobby.EndEvent{}, fmt.Errorf("%d times for %d moves", len(r.SpentMS), len(r.Moves))
	}
	g := game.NewGame(start)
	for i, u := range r.Moves {
		p := g.Position()
		m, err := p.ParseUSI(u)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return lobby.EndEvent{}, fmt.Errorf("move %d %q: %w", i+1, u, err)
		}
	}
	res.Game = g
	res.Opening = len(r.Moves) - len(r.SpentMS)
	for _, s := range r.SpentMS {
		if s < 0 {
			return lobby.EndEvent{}, errors.New("a negative time spent")
		}
		res.Notes = append(res.Notes, match.MoveNote{Spent: ms(s)})
	}
	e := lobby.EndEvent{Result: res, Path: r.Path}
	if r.Err != "" {
		e.Err = errors.New(r.Err)
	}
	return e, nil
}

// clockOf is a clock on the wire, and how long its running side's time
// has run.
func clockOf(c match.ClockState, now time.Time) (*clockRecord, int64) {
	r := &clockRecord{Running: c.Running, Side: int(c.Side)}
	for side := range 2 {
		tc := c.Control[side]
		r.ControlMS[side] = [3]int64{tc.Main.Milliseconds(), tc.Byoyomi.Milliseconds(), tc.Increment.Milliseconds()}
		r.MainMS[side] = c.Main[side].Milliseconds()
	}
	var elapsed int64
	if c.Running {
		elapsed = max(0, now.Sub(c.Since).Milliseconds())
	}
	return r, elapsed
}

// clockState reads a clock from the wire; the running side's time is
// taken to have started elapsed before now, on this node's clock, so the
// nodes' wall clocks need not agree.
func (r *clockRecord) clockState(elapsedMS int64, now time.Time) (match.ClockState, error) {
	side, err := colour(r.Side)
	if err != nil {
		return match.ClockState{}, err
	}
	if elapsedMS < 0 {
		return match.ClockState{}, errors.New("a negative time elapsed")
	}
	c := match.ClockState{Running: r.Running, Side: side}
	if r.Running {
		c.Since = now.Add(-ms(elapsedMS))
	}
	for s := range 2 {
		cm := r.ControlMS[s]
		if cm[0] < 0 || cm[1] < 0 || cm[2] < 0 {
			return match.ClockState{}, errors.New("a negative time control")
		}
		c.Control[s] = match.TimeControl{Main: ms(cm[0]), Byoyomi: ms(cm[1]), Increment: ms(cm[2])}
		c.Main[s] = ms(r.MainMS[s])
	}
	return c, nil
}

// decodeEvent reads a table's event, checking what a listener relies on:
// a known kind, figures in range, a colour that is one; moves are checked
// against the game when applied.
func decodeEvent(data []byte) (eventRecord, error) {
	return decode("table event", data, func(e *eventRecord) error {
		switch e.Kind {
		case evStart, evTurn, evMove, evPause, evDraw, evChat, evPresence, evEnd, evClosed, evSeatClosed, evCut:
		default:
			return fmt.Errorf("kind %q", e.Kind)
		}
		if e.Epoch == "" || e.Seq == 0 {
			return errors.New("no epoch or sequence number")
		}
		if _, err := colour(e.Side); err != nil {
			return err
		}
		if e.Ply < 0 || e.SpentMS < 0 || e.ElapsedMS < 0 || e.LeftMS < 0 {
			return errors.New("negative figures")
		}
		if len([]rune(e.Text)) > lobby.MaxChat+200 || len([]rune(e.Name)) > lobby.MaxName {
			return errors.New("text too long")
		}
		if e.Kind == evMove && e.Move == "" {
			return errors.New("a move event without its move")
		}
		if e.Kind == evEnd && e.End == nil {
			return errors.New("an end without its result")
		}
		if e.Clock != nil {
			if _, err := e.Clock.clockState(e.ElapsedMS, time.Time{}); err != nil {
				return err
			}
		}
		return nil
	})
}

// requestRecord is a request of a session on another node to a table's
// referee.
type requestRecord struct {
	Op    string `json:"op"`
	Token string `json:"token,omitempty"` // the seat's or the spectator's, from sit or watch
	Node  string `json:"node,omitempty"`  // the node the person is on
	Name  string `json:"name,omitempty"`
	Key   string `json:"key,omitempty"`
	Move  string `json:"move,omitempty"`
	Text  string `json:"text,omitempty"`
}

// The requests.
const (
	opSit     = "sit"     // sit Name (Key) down, or back: a token
	opWatch   = "watch"   // follow as a spectator: a token
	opSync    = "sync"    // the state now, for Token
	opMove    = "move"    // play Move for Token's side
	opResign  = "resign"  // resign for Token's side
	opDeclare = "declare" // declare an entering-king win
	opOffer   = "offer"   // offer a draw, or accept the standing offer
	opDecline = "decline" // turn down or withdraw an offer
	opSay     = "say"     // a chat line: Text
	opLeave   = "leave"   // the seat's connection is gone
	opUnwatch = "unwatch" // the spectator left
	opHolds   = "holds"   // does a seat wait for Name (Key)?
)

func decodeRequest(data []byte) (requestRecord, error) {
	return decode("table request", data, func(r *requestRecord) error {
		switch r.Op {
		case opSit, opWatch, opSync, opMove, opResign, opDeclare, opOffer, opDecline, opSay, opLeave, opUnwatch, opHolds:
		default:
			return fmt.Errorf("op %q", r.Op)
		}
		if r.Node != "" {
			if err := checkName(r.Node); err != nil {
				return err
			}
		}
		if len(r.Token) > 64 || len(r.Move) > 16 || len([]rune(r.Text)) > 4*lobby.MaxChat || len([]rune(r.Name)) > 4*lobby.MaxName || len(r.Key) > 256 {
			return errors.New("a field too long")
		}
		return nil
	})
}

// replyRecord is the referee's answer. Err (with its Kind, when it is
// one a caller tells apart) refuses the request.
type replyRecord struct {
	Err       string       `json:"err,omitempty"`
	Kind      string       `json:"kind,omitempty"`
	Token     string       `json:"token,omitempty"`
	Side      int          `json:"side,omitempty"` // the seat's colour, once the game started
	Holds     bool         `json:"holds,omitempty"`
	State     *stateRecord `json:"state,omitempty"`
	ElapsedMS int64        `json:"elapsed_ms,omitempty"` // of the state's running clock
	Paused    bool         `json:"paused,omitempty"`
	End       *endRecord   `json:"end,omitempty"`
	Epoch     string       `json:"epoch,omitempty"`
	Seq       uint64       `json:"seq,omitempty"` // the last event published before the state was read
	// Ply and Over are the game after a request of it: the caller's
	// view has them before the call returns, as a local game's would.
	Ply  int  `json:"ply,omitempty"`
	Over bool `json:"over,omitempty"`
}

func decodeReply(data []byte) (replyRecord, error) {
	return decode("table reply", data, func(r *replyRecord) error {
		if _, err := colour(r.Side); err != nil {
			return err
		}
		if r.ElapsedMS < 0 || r.Ply < 0 {
			return errors.New("negative figures")
		}
		if r.State != nil {
			if _, err := r.State.tableState(); err != nil {
				return err
			}
			if r.State.Clock == nil && r.State.Started {
				return errors.New("a game without its clock")
			}
		}
		return nil
	})
}

// errKinds are the refusals a caller tells apart, by their kind on the
// wire.
var errKinds = []struct {
	kind string
	err  error
}{
	{"no_table", lobby.ErrNoTable},
	{"full", lobby.ErrTableFull},
	{"not_started", lobby.ErrNotStarted},
	{"gone", lobby.ErrGone},
	{"shutdown", lobby.ErrShutdown},
	{"not_your_turn", match.ErrNotYourTurn},
	{"over", match.ErrOver},
	{"paused", match.ErrPaused},
	{"not_allowed", match.ErrNotAllowed},
}

// replyErr is an error as a reply carries it.
func replyErr(err error) replyRecord {
	r := replyRecord{Err: err.Error()}
	for _, k := range errKinds {
		if errors.Is(err, k.err) {
			r.Kind = k.kind
			break
		}
	}
	return r
}

// error is a reply's refusal as an error: the sentinel of its kind, so
// that callers compare with errors.Is, else its text.
func (r replyRecord) error() error {
	if r.Err == "" {
		return nil
	}
	for _, k := range errKinds {
		if k.kind == r.Kind {
			return k.err
		}
	}
	return errors.New(r.Err)
}
