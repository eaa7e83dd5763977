package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"shogi/app/lobby"
	"shogi/game"
	"shogi/game/match"
)

// Relay carries tables between nodes: it serves this node's tables on
// their subjects (Serve), and gives this node's sessions seats and views
// of the tables other nodes referee (Join, Watch, Held). It is the
// lobby's lobby.Far.
//
// A session on the referee's own node goes to the table directly, not
// through the subjects: the referee publishes every event once whoever
// listens, and a local seat would only add two hops to each of its
// moves. The other nodes' sessions all take the one path below, the same
// before and after a takeover.
type Relay struct {
	n       *Node
	d       *Directory
	timeout time.Duration

	mu    sync.Mutex
	held  map[string]heldCache  // by person
	alive map[string]aliveCache // by node
}

// aliveCache is whether a node was in the registry when last asked: the
// tables with far seats on one node ask about it once for all.
type aliveCache struct {
	at    time.Time
	alive bool
}

// heldCache is a person's seats elsewhere as last asked: the lobby's
// menu asks at every frame.
type heldCache struct {
	at    time.Time
	infos []lobby.Info
}

// heldFresh is how long a person's seats elsewhere are taken as known.
const heldFresh = time.Second

// Relay returns the node's relay of tables, listing the other nodes'
// from d.
func (n *Node) Relay(d *Directory) *Relay {
	return &Relay{n: n, d: d, timeout: 3 * time.Second, held: map[string]heldCache{}, alive: map[string]aliveCache{}}
}

// ErrRefereeAway refuses a request while no node referees the table: its
// referee died or was cut off, and another takes it over within seconds.
var ErrRefereeAway = errors.New("the table's server does not answer just now; another server takes the game over within seconds, so try again")

// request asks the table's referee and reads its answer.
func (r *Relay) request(code string, req requestRecord) (replyRecord, error) {
	req.Node = r.n.cfg.Name
	msg, err := r.n.nc.Request(doSubject(code), encode(req), r.timeout)
	switch {
	case errors.Is(err, nats.ErrNoResponders), errors.Is(err, nats.ErrTimeout):
		return replyRecord{}, ErrRefereeAway
	case err != nil:
		return replyRecord{}, &UnreachableError{Op: req.Op + " at table " + code, Err: err}
	}
	rep, err := decodeReply(msg.Data)
	if err != nil {
		r.n.log.Warn("dropped a table reply that does not parse", "table", code, "op", req.Op, "err", err)
		return replyRecord{}, err
	}
	return rep, rep.error()
}

// Tables lists the tables the other nodes referee.
func (r *Relay) Tables() []lobby.Info {
	var out []lobby.Info
	for _, l := range r.d.Tables() {
		if l.Node != r.n.cfg.Name {
			out = append(out, l.Info)
		}
	}
	return out
}

// Held lists the games in progress elsewhere where a seat waits for p:
// each table listed with p's name is asked (its referee knows whether the
// seat is away, and whose key it holds).
func (r *Relay) Held(p lobby.Person) []lobby.Info {
	who := strings.ToLower(p.Name) + "\x00" + p.Key
	r.mu.Lock()
	c, ok := r.held[who]
	r.mu.Unlock()
	if ok && time.Since(c.at) < heldFresh {
		return c.infos
	}
	var out []lobby.Info
	for _, l := range r.d.Tables() {
		if l.Node == r.n.cfg.Name || !l.Started || l.Over ||
			!strings.EqualFold(l.Names[0], p.Name) && !strings.EqualFold(l.Names[1], p.Name) {
			continue
		}
		rep, err := r.request(l.Code, requestRecord{Op: opHolds, Name: p.Name, Key: p.Key})
		if err == nil && rep.Holds {
			out = append(out, l.Info)
		}
	}
	r.mu.Lock()
	if len(r.held) > 1000 {
		clear(r.held)
	}
	r.held[who] = heldCache{at: time.Now(), infos: out}
	r.mu.Unlock()
	return out
}

// newToken draws a seat's or a spectator's token.
func newToken() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// served is a table of this node's as the other nodes reach it.
type served struct {
	r     *Relay
	t     *lobby.Table
	code  string
	epoch string
	ctx   context.Context // ends when the table is no longer served

	mu       sync.Mutex // orders the events: seq is taken and the event sent under it
	seq      uint64
	seats    map[string]*farHeld
	watchers map[string]*lobby.Watcher
}

// farHeld is a seat held here for a person on another node.
type farHeld struct {
	seat *lobby.Seat
	node string
}

// Serve serves a table of this node's on its subjects until it closes.
// It returns once NATS has the table's subscription (a round trip).
func (r *Relay) Serve(t *lobby.Table) {
	ctx, cancel := context.WithCancel(context.Background())
	s := &served{r: r, t: t, code: t.Code(), epoch: fmt.Sprintf("%s-%d", r.n.cfg.Name, time.Now().UnixNano()), ctx: ctx,
		seats: map[string]*farHeld{}, watchers: map[string]*lobby.Watcher{}}
	sub, err := r.n.nc.Subscribe(doSubject(s.code), s.handle)
	if err != nil {
		cancel()
		r.n.log.Warn("cannot serve the table to the other nodes", "table", s.code, "err", err)
		return
	}
	// The server knows of the subscription before the table's first
	// player is told its code.
	if err := r.n.nc.FlushTimeout(r.timeout); err != nil {
		r.n.log.Debug("serving a table before NATS confirmed it", "table", s.code, "err", err)
	}
	go func() {
		defer cancel()
		s.run(sub)
	}()
}

// publish sends an event of the table's, numbered.
func (s *served) publish(e eventRecord) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	e.Epoch, e.Seq = s.epoch, s.seq
	if err := s.r.n.nc.Publish(eventsSubject(s.code), encode(e)); err != nil {
		s.r.n.log.Debug("cannot publish a table event", "table", s.code, "err", err)
	}
}

// run relays the table's events until it closes, and keeps an eye on the
// table's lease and on the nodes its far seats are on.
func (s *served) run(sub *nats.Subscription) {
	defer func() { _ = sub.Unsubscribe() }()
	f := s.t.Listen()
	defer s.t.Unlisten(f)
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	go s.watch(ctx)
	var matchDone chan struct{}
	for {
		ev, err := f.Next(ctx)
		if err != nil {
			break
		}
		switch e := ev.(type) {
		case lobby.StartEvent:
			if e.Match != nil && matchDone == nil {
				// The start is told once the match's events are followed:
				// a listener reads the state then, with any move played
				// before, and gets every later one.
				matchDone = make(chan struct{})
				sub := e.Match.Subscribe()
				s.publish(eventRecord{Kind: evStart})
				go s.followMatch(ctx, sub, matchDone)
			}
		case lobby.ChatEvent:
			s.publish(eventRecord{Kind: evChat, Name: e.Name, Side: int(e.Side), Spectator: e.Spectator, Text: e.Text, Ply: e.Ply})
		case lobby.PresenceEvent:
			left := int64(0)
			if !e.Present {
				left = max(0, time.Until(e.Deadline).Milliseconds())
			}
			s.publish(eventRecord{Kind: evPresence, Side: int(e.Side), Name: e.Name, On: e.Present, LeftMS: left})
		case lobby.DrawEvent:
			s.publish(eventRecord{Kind: evDraw, Side: int(e.Side), On: e.Offered})
		case lobby.EndEvent:
			if matchDone != nil {
				<-matchDone // the moves before the end
			}
			s.publish(eventRecord{Kind: evEnd, End: endRecordOf(e)})
		case lobby.CutEvent:
			s.publish(eventRecord{Kind: evCut, On: e.Cut})
		case lobby.ClosedEvent:
			s.publish(eventRecord{Kind: evClosed, Text: e.Reason})
		}
		if _, ok := ev.(lobby.ClosedEvent); ok {
			break
		}
		if _, ok := ev.(lobby.HandoverEvent); ok {
			// The game goes on at another node, which serves the same
			// subjects: the far seats and spectators follow it there
			// (a new epoch), so the table's close is not theirs.
			break
		}
	}
	s.mu.Lock()
	for _, w := range s.watchers {
		w.Close()
	}
	s.mu.Unlock()
}

// followMatch relays the match's turns, moves and pauses.
func (s *served) followMatch(ctx context.Context, sub *match.Subscription, done chan struct{}) {
	defer close(done)
	for {
		ev, err := sub.Next(ctx)
		if err != nil {
			return
		}
		now := time.Now()
		switch e := ev.(type) {
		case match.TurnEvent:
			c, el := clockOf(e.Clock, now)
			s.publish(eventRecord{Kind: evTurn, Ply: e.Ply, Side: int(e.Side), Clock: c, ElapsedMS: el})
		case match.MoveEvent:
			c, el := clockOf(e.Clock, now)
			s.publish(eventRecord{Kind: evMove, Ply: e.Ply, Side: int(e.Side), Move: e.Move.USI(), SpentMS: e.Spent.Milliseconds(),
				Clock: c, ElapsedMS: el})
		case match.PauseEvent:
			s.publish(eventRecord{Kind: evPause, On: e.Paused})
		case match.GameOverEvent:
			return
		}
	}
}

// watchEvery is how often a referee looks at its table's lease and at
// the nodes of its far seats.
const watchEvery = 500 * time.Millisecond

// watch tells the table when its node loses the table's lease (cut off
// from the others), gets it back, or finds another node holds it now
// (the table is lost here); and gives up the far seats of nodes that
// died, so that their players' grace period runs.
func (s *served) watch(ctx context.Context) {
	tick := time.NewTicker(watchEvery)
	defer tick.Stop()
	var had, cut bool
	var lastAlive time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		s.r.n.mu.Lock()
		l := s.r.n.owned[s.code]
		closed := s.r.n.closed
		s.r.n.mu.Unlock()
		if closed || s.t.HandedOver() {
			return // the lease is released on purpose: nothing to regain
		}
		switch {
		case l != nil && l.Valid():
			had = true
			if cut {
				cut = false
				s.t.Cut(false)
			}
		case had:
			if _, over := s.t.End(); over {
				continue
			}
			if !cut {
				cut = true
				s.t.Cut(true)
			}
			s.regain(ctx)
		}
		if time.Since(lastAlive) >= 3*time.Second {
			lastAlive = time.Now()
			s.dropDead(ctx)
		}
	}
}

// regain asks who holds the lease of a table this node lost touch with:
// another node (the table is lost here), or none (this node takes it
// again by saving its state, unless another node wrote since).
func (s *served) regain(ctx context.Context) {
	rctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	h, err := s.r.n.Holder(rctx, s.code)
	switch {
	case err != nil:
		return // still cut off
	case h != "" && h != s.r.n.cfg.Name:
		s.t.Lose(takenOver(h))
	case h == "":
		if err := s.r.n.Store().Save(s.t.State()); errors.Is(err, ErrNotReferee) {
			// The lease had lapsed where it was read but the state says
			// who wrote it since: the players are told where to go.
			sctx, cancel := context.WithTimeout(ctx, time.Second)
			_, ref, err := s.r.n.Store().Saved(sctx, s.code)
			cancel()
			if err != nil || ref == s.r.n.cfg.Name {
				ref = ""
			}
			s.t.Lose(takenOver(ref))
		}
	}
}

// takenOver is why a table is lost here: node took it over ("": a node
// this one cannot name).
func takenOver(node string) string {
	if node == "" {
		return "another node took the table over while this one was cut off from the others"
	}
	return fmt.Sprintf("node %s took the table over while this one was cut off from the others", node)
}

// dropDead leaves the far seats of nodes that are gone from the
// registry: their players' grace period starts, as after a dropped
// connection.
func (s *served) dropDead(ctx context.Context) {
	s.mu.Lock()
	seats := make(map[string]*farHeld, len(s.seats))
	for k, v := range s.seats {
		seats[k] = v
	}
	s.mu.Unlock()
	for tok, h := range seats {
		if s.r.nodeAlive(ctx, h.node) {
			continue
		}
		s.r.n.log.Info("a player's node is gone: the seat waits for the grace period", "table", s.code, "node", h.node)
		h.seat.Leave()
		s.mu.Lock()
		delete(s.seats, tok)
		s.mu.Unlock()
	}
}

// nodeAlive reports whether node is in the registry, as asked at most
// every few seconds; a registry that cannot be read counts it alive.
func (r *Relay) nodeAlive(ctx context.Context, node string) bool {
	r.mu.Lock()
	c, ok := r.alive[node]
	r.mu.Unlock()
	if ok && time.Since(c.at) < 2*time.Second {
		return c.alive
	}
	rctx, cancel := context.WithTimeout(ctx, time.Second)
	alive, err := r.n.alive(rctx, node)
	cancel()
	if err != nil {
		return true
	}
	r.mu.Lock()
	if len(r.alive) > 1000 {
		clear(r.alive)
	}
	r.alive[node] = aliveCache{at: time.Now(), alive: alive}
	r.mu.Unlock()
	return alive
}

// handle answers a request from another node.
func (s *served) handle(msg *nats.Msg) {
	req, err := decodeRequest(msg.Data)
	if err != nil {
		s.r.n.log.Warn("dropped a table request that does not parse", "table", s.code, "err", err)
		_ = msg.Respond(encode(replyErr(err)))
		return
	}
	_ = msg.Respond(encode(s.answer(req)))
}

// answer carries a request out.
func (s *served) answer(req requestRecord) replyRecord {
	p := lobby.Person{Name: req.Name, Key: req.Key}
	s.mu.Lock()
	h := s.seats[req.Token]
	w := s.watchers[req.Token]
	s.mu.Unlock()
	seat := func() (*lobby.Seat, error) {
		if h == nil {
			return nil, lobby.ErrGone
		}
		return h.seat, nil
	}
	var err error
	switch req.Op {
	case opHolds:
		return replyRecord{Holds: s.t.Holds(p)}
	case opSit:
		st, err := s.t.Join(p)
		if err != nil {
			return replyErr(err)
		}
		tok := newToken()
		// A seat this one replaces (the same person from another
		// connection) ends its feed: drainSeat forgets it.
		s.mu.Lock()
		s.seats[tok] = &farHeld{seat: st, node: req.Node}
		s.mu.Unlock()
		go s.drainSeat(tok, st)
		return s.state(tok, st)
	case opWatch:
		w := s.t.Watch(p)
		tok := newToken()
		s.mu.Lock()
		s.watchers[tok] = w
		s.mu.Unlock()
		go drain(s.ctx, w.Events())
		return s.state(tok, nil)
	case opSync:
		if h != nil {
			return s.state(req.Token, h.seat)
		}
		return s.state(req.Token, nil)
	case opUnwatch:
		if w != nil {
			w.Close()
			s.mu.Lock()
			delete(s.watchers, req.Token)
			s.mu.Unlock()
		}
		return replyRecord{}
	case opSay:
		if w != nil {
			w.Say(req.Text)
			return replyRecord{}
		}
		var st *lobby.Seat
		if st, err = seat(); err == nil {
			err = st.Say(req.Text)
		}
	case opLeave:
		if h != nil {
			h.seat.Leave()
			s.mu.Lock()
			delete(s.seats, req.Token)
			s.mu.Unlock()
		}
		return replyRecord{}
	case opMove, opResign, opDeclare, opOffer, opDecline:
		var st *lobby.Seat
		if st, err = seat(); err == nil {
			err = s.play(st, req)
		}
		if err == nil {
			var rep replyRecord
			if m := s.t.Match(); m != nil {
				snap := m.Snapshot()
				rep.Ply, rep.Over = len(snap.Moves), snap.Over
			}
			return rep
		}
	}
	if err != nil {
		return replyErr(err)
	}
	return replyRecord{}
}

// play carries out a seat's request of the game.
func (s *served) play(st *lobby.Seat, req requestRecord) error {
	side, ok := st.Side()
	if !ok {
		return lobby.ErrNotStarted
	}
	ctl := st.Control()
	switch req.Op {
	case opMove:
		m := s.t.Match()
		if m == nil {
			return lobby.ErrNotStarted
		}
		snap := m.Snapshot()
		g := game.NewGame(snap.Start)
		for _, mv := range snap.Moves {
			if err := g.Play(mv); err != nil {
				return err
			}
		}
		p := g.Position()
		mv, err := p.ParseUSI(req.Move)
		if err != nil {
			return fmt.Errorf("move %q: %w", req.Move, err)
		}
		return ctl.SubmitMove(side, mv)
	case opResign:
		return ctl.Resign(side)
	case opDeclare:
		return ctl.Declare(side)
	case opOffer:
		return ctl.OfferDraw(side)
	}
	return ctl.DeclineDraw(side)
}

// state is the reply to a sit, a watch or a sync: the table's state with
// the number of the last event sent, read under the events' lock, so the
// listener applies only the events after it.
func (s *served) state(tok string, st *lobby.Seat) replyRecord {
	s.mu.Lock()
	defer s.mu.Unlock()
	ts := s.t.State()
	for k := range ts.Seats {
		ts.Seats[k].Key = "" // the other nodes need not know the players' keys
	}
	rec := stateRecordOf(s.r.n.cfg.Name, ts)
	rep := replyRecord{Token: tok, State: &rec, Epoch: s.epoch, Seq: s.seq}
	if ts.Started {
		_, rep.ElapsedMS = clockOf(ts.Clock, time.Now())
		if m := s.t.Match(); m != nil {
			rep.Paused = m.Snapshot().Paused
		}
	}
	if e, ok := s.t.End(); ok {
		rep.End = endRecordOf(e)
	}
	if st != nil {
		if c, ok := st.Side(); ok {
			rep.Side = int(c)
		}
	}
	return rep
}

// drainSeat reads a far seat's own feed (the table's events go out on
// the subject): its end is sent when the seat was taken from another
// connection.
func (s *served) drainSeat(tok string, st *lobby.Seat) {
	for {
		ev, err := st.Events().Next(s.ctx)
		if err != nil {
			return
		}
		if c, ok := ev.(lobby.ClosedEvent); ok {
			s.mu.Lock()
			_, mine := s.seats[tok]
			delete(s.seats, tok)
			s.mu.Unlock()
			if mine {
				s.publish(eventRecord{Kind: evSeatClosed, Token: tok, Text: c.Reason})
			}
			return
		}
	}
}

// drain reads a feed to its end, or until ctx ends.
func drain(ctx context.Context, f *lobby.Feed) {
	for {
		if _, err := f.Next(ctx); err != nil {
			return
		}
	}
}
