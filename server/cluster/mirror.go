package cluster

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"shogi/app/lobby"
	"shogi/game"
	"shogi/game/match"
)

// mirror is a table refereed on another node as a session here sees it:
// the table's state read from its referee, kept up to date by the events
// on its subject, and the game as a match.Control whose requests go to
// the referee. A seat's mirror sits down again at a new referee (a
// takeover) as soon as the new referee's first event arrives, so the
// person carries on without reconnecting.
type mirror struct {
	r      *Relay
	code   string
	person lobby.Person
	seated bool // a seat's, not a spectator's
	feed   *lobby.Feed
	sub    *nats.Subscription

	mu       sync.Mutex
	token    string
	epoch    string
	seq      uint64
	syncing  bool          // a state is being read: events wait in pending
	pending  []eventRecord // events that came while syncing
	side     game.Color
	started  bool
	g        *game.Game
	spent    []time.Duration
	clock    match.ClockState
	names    [2]string
	toss     *game.Furigoma
	tc       match.TimeControl
	paused   bool
	offer    int // the side whose offer stands, or -1
	end      *lobby.EndEvent
	subs     []*match.Subscription
	closed   bool
	announce bool          // StartEvent sent
	changed  chan struct{} // closed and replaced when the game changes

	// The referee's lease renewals, heard on the lease's subject, are the
	// table's heartbeat: a referee whose node died goes silent some
	// seconds before its lease lapses and another node takes the table
	// over, and the people here are told meanwhile (lobby.SilentEvent).
	beat    *nats.Subscription
	heardAt time.Time     // the last renewal heard (or the mirror's start)
	referee string        // the node that renewed it
	silent  bool          // SilentEvent{Silent: true} went out
	beats   int           // renewals heard, for the tests
	gone    chan struct{} // closed with the mirror: the watch ends
}

// silentAfter is how long a referee may go unheard before the people at
// its table are told: half the lease's time, three renewals missed (they
// come every sixth) — 3 s by default, some seconds before the lease
// lapses and another node may take the table over. A referee that has
// not renewed for two thirds of it gives the table up itself.
func silentAfter(leaseTTL time.Duration) time.Duration { return leaseTTL / 2 }

// leaseSubject is the subject a table's lease entries are written on:
// JetStream keeps them in the leases bucket, and anyone may listen.
func leaseSubject(code string) string { return "$KV." + leasesBucket + "." + code }

// Join sits p at a table another node referees.
func (r *Relay) Join(code string, p lobby.Person) (lobby.FarSeat, error) {
	m, err := r.open(code, p, true)
	if err != nil {
		return nil, err
	}
	return farSeat{m}, nil
}

// Watch follows a table another node referees.
func (r *Relay) Watch(code string, p lobby.Person) (lobby.FarWatcher, error) {
	m, err := r.open(code, p, false)
	if err != nil {
		return nil, err
	}
	return farWatcher{m}, nil
}

// open follows the table's subject, then sits down or watches: the
// events that come before the state are held until it is read.
func (r *Relay) open(code string, p lobby.Person, seated bool) (*mirror, error) {
	if !codeValid(code) {
		return nil, lobby.ErrNoTable
	}
	m := &mirror{r: r, code: code, person: p, seated: seated, feed: lobby.NewFeed(), syncing: true, offer: -1,
		changed: make(chan struct{}), gone: make(chan struct{})}
	sub, err := r.n.nc.Subscribe(eventsSubject(code), m.receive)
	if err != nil {
		return nil, &UnreachableError{Op: "follow table " + code, Err: err}
	}
	m.sub = sub
	m.heardAt = time.Now()
	beat, err := r.n.nc.Subscribe(leaseSubject(code), m.heard)
	if err != nil {
		_ = sub.Unsubscribe()
		return nil, &UnreachableError{Op: "follow table " + code, Err: err}
	}
	m.beat = beat
	rep, err := r.request(code, m.enter())
	if errors.Is(err, ErrRefereeAway) {
		// No node answers for the code: the table is not listed at all,
		// or its referee is gone and the takeover is under way.
		if _, listed := r.listed(code); !listed {
			err = lobby.ErrNoTable
		}
	}
	if err != nil {
		_ = sub.Unsubscribe()
		_ = beat.Unsubscribe()
		return nil, err
	}
	if err := m.load(rep); err != nil {
		_ = sub.Unsubscribe()
		_ = beat.Unsubscribe()
		return nil, err
	}
	go m.watch(silentAfter(r.n.cfg.LeaseTTL))
	return m, nil
}

// heard takes a renewal of the referee's lease: the referee lives (a new
// one, when another node took the table over).
func (m *mirror) heard(msg *nats.Msg) {
	if len(msg.Data) == 0 {
		return // the lease given up (deleted): the next holder's comes
	}
	l, err := decodeLease(msg.Data)
	if err != nil {
		m.r.n.log.Warn("dropped a lease entry that does not parse", "table", m.code, "err", err)
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return
	}
	m.beats++
	m.alive(l.Node)
}

// alive takes a sign of life from the table's referee, node: a lease
// renewal or a state it sent. After a silence the people here are told
// the table is heard again, and whether another node took it over.
// m.mu is held.
func (m *mirror) alive(node string) {
	m.heardAt = time.Now()
	prev := m.referee
	if node != "" {
		m.referee = node
	}
	if m.silent {
		m.silent = false
		m.feed.Put(lobby.SilentEvent{By: m.referee, TakenOver: prev != "" && prev != m.referee})
	}
}

// watch tells the people here when the referee has gone unheard for
// after, while the game is on; it ends with the mirror.
func (m *mirror) watch(after time.Duration) {
	tick := time.NewTicker(after / 4)
	defer tick.Stop()
	for {
		var now time.Time
		select {
		case <-m.gone:
			return
		case now = <-tick.C:
		}
		m.mu.Lock()
		if !m.closed && !m.silent && m.started && m.end == nil && now.Sub(m.heardAt) > after {
			m.silent = true
			m.feed.Put(lobby.SilentEvent{Silent: true, By: m.referee})
		}
		m.mu.Unlock()
	}
}

// listed reports whether the directory lists code.
func (r *Relay) listed(code string) (Listing, bool) {
	for _, l := range r.d.Tables() {
		if l.Code == code {
			return l, true
		}
	}
	return Listing{}, false
}

// enter is the request that takes the mirror's place at the table.
func (m *mirror) enter() requestRecord {
	if m.seated {
		return requestRecord{Op: opSit, Name: m.person.Name, Key: m.person.Key}
	}
	return requestRecord{Op: opWatch, Name: m.person.Name}
}

// receive takes an event off the subject. It runs on the subscription's
// goroutine, one event at a time.
func (m *mirror) receive(msg *nats.Msg) {
	e, err := decodeEvent(msg.Data)
	if err != nil {
		m.r.n.log.Warn("dropped a table event that does not parse", "table", m.code, "err", err)
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case m.closed:
		return
	case m.syncing:
		m.pending = append(m.pending, e)
		return
	case e.Epoch != m.epoch:
		// A new referee: sit down (or watch) there, from its state.
		m.resync(true, e)
		return
	case e.Seq <= m.seq:
		return
	case e.Seq > m.seq+1:
		m.resync(false, e)
		return
	}
	m.seq = e.Seq
	if err := m.apply(e); err != nil {
		m.r.n.log.Warn("a table event does not fit the game: reading its state again", "table", m.code, "err", err)
		m.resync(false, eventRecord{})
	}
	m.change()
}

// change wakes those waiting for the game to change; m.mu is held.
func (m *mirror) change() {
	close(m.changed)
	m.changed = make(chan struct{})
}

// await waits until the game holds ply moves (and is over, if over), as
// a request's reply says it does; the events are on their way.
func (m *mirror) await(ply int, over bool) {
	deadline := time.NewTimer(m.r.timeout)
	defer deadline.Stop()
	for {
		m.mu.Lock()
		done := m.closed || m.g != nil && m.g.Len() >= ply && (!over || m.end != nil)
		ch := m.changed
		m.mu.Unlock()
		if done {
			return
		}
		select {
		case <-ch:
		case <-deadline.C:
			return
		}
	}
}

// resync reads the state afresh on its own goroutine, holding the events
// that come meanwhile; anew sits down again first (a new referee). m.mu
// is held.
func (m *mirror) resync(anew bool, first eventRecord) {
	m.syncing = true
	if first.Epoch != "" {
		m.pending = append(m.pending, first)
	}
	go func() {
		req := requestRecord{Op: opSync, Token: m.token}
		if anew {
			req = m.enter()
		}
		rep, err := m.r.request(m.code, req)
		if err == nil {
			err = m.load(rep)
		}
		if err != nil {
			m.r.n.log.Warn("cannot read the table's state again", "table", m.code, "err", err)
			m.mu.Lock()
			if !m.closed {
				m.closed = true
				close(m.gone)
				m.feed.Put(lobby.ClosedEvent{Reason: "the table's server could not be reached: " + err.Error()})
				m.endSubs()
			}
			m.mu.Unlock()
			_ = m.sub.Unsubscribe()
			_ = m.beat.Unsubscribe()
		}
	}()
}

// load takes a state the referee sent, then the events held meanwhile
// that come after it; a listener is told what changed.
func (m *mirror) load(rep replyRecord) error {
	if rep.State == nil {
		return errors.New("a reply without the table's state")
	}
	st, err := rep.State.tableState()
	if err != nil {
		return err
	}
	now := time.Now()
	clock := st.Clock
	if rep.State.Clock != nil {
		if clock, err = rep.State.Clock.clockState(rep.ElapsedMS, now); err != nil {
			return err
		}
	}
	var end *lobby.EndEvent
	if rep.End != nil {
		e, err := rep.End.result(st.Start, st.Options.Time)
		if err != nil {
			return err
		}
		end = &e
	}
	side, err := colour(rep.Side)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil
	}
	before := 0
	if m.g != nil {
		before = m.g.Len()
	}
	m.alive(rep.State.Referee)
	m.token, m.epoch, m.seq = rep.Token, rep.Epoch, rep.Seq
	m.side, m.started, m.toss, m.tc = side, st.Started, st.Toss, st.Options.Time
	g := game.NewGame(st.Start)
	for _, mv := range st.Moves {
		_ = g.Play(mv) // checked by tableState
	}
	m.g, m.spent, m.clock, m.paused = g, st.Spent, clock, rep.Paused
	m.offer = -1
	if st.Offer != nil {
		m.offer = int(*st.Offer)
	}
	for _, s := range st.Seats {
		m.names[s.Colour] = s.Name
	}
	if st.Started && !m.announce {
		m.announce = true
		m.feed.Put(lobby.StartEvent{Game: m, Names: m.names, Toss: m.toss})
		for _, s := range st.Seats {
			if s.Taken && !s.Present && end == nil {
				m.feed.Put(lobby.PresenceEvent{Side: s.Colour, Name: s.Name, Deadline: s.Deadline})
			}
		}
		if m.offer >= 0 && end == nil {
			m.feed.Put(lobby.DrawEvent{Side: game.Color(m.offer), Offered: true})
		}
		for _, c := range st.Chat[max(0, len(st.Chat)-20):] {
			m.feed.Put(c)
		}
	} else if m.announce {
		// What the listener missed: the moves, then where the clock and
		// the pause stand.
		for i := before; i < g.Len(); i++ {
			p := g.PositionAt(i)
			m.publish(match.MoveEvent{Ply: i + 1, Move: g.Moves()[i], Side: p.SideToMove(), Spent: m.spentAt(i), Clock: clock})
		}
		m.publish(match.PauseEvent{Paused: m.paused})
	}
	if end != nil {
		m.finish(*end)
	}
	defer m.change()
	held := m.pending
	m.pending, m.syncing = nil, false
	for _, e := range held {
		if e.Epoch != m.epoch || e.Seq <= m.seq {
			continue
		}
		if e.Seq > m.seq+1 {
			m.resync(false, e)
			return nil
		}
		m.seq = e.Seq
		if err := m.apply(e); err != nil {
			m.resync(false, eventRecord{})
			return nil
		}
	}
	return nil
}

func (m *mirror) spentAt(i int) time.Duration {
	if i < len(m.spent) {
		return m.spent[i]
	}
	return 0
}

// apply takes one event in order; m.mu is held.
func (m *mirror) apply(e eventRecord) error {
	now := time.Now()
	var clock match.ClockState
	if e.Clock != nil {
		var err error
		if clock, err = e.Clock.clockState(e.ElapsedMS, now); err != nil {
			return err
		}
	}
	side := game.Color(e.Side) // checked by decodeEvent
	switch e.Kind {
	case evStart:
		// The game began, or its referee began to follow it: its state
		// holds what came before.
		m.resync(false, eventRecord{})
	case evTurn:
		if m.g == nil {
			return nil
		}
		m.clock = clock
		m.publish(match.TurnEvent{Ply: e.Ply, Side: side, Clock: clock})
	case evMove:
		if m.g == nil {
			return errors.New("a move before the game")
		}
		switch {
		case e.Ply <= m.g.Len():
			return nil // in the state already
		case e.Ply > m.g.Len()+1:
			return fmt.Errorf("move %d after %d moves", e.Ply, m.g.Len())
		}
		p := m.g.Position()
		mv, err := p.ParseUSI(e.Move)
		if err == nil {
			err = m.g.Play(mv)
		}
		if err != nil {
			return fmt.Errorf("move %d %q: %w", e.Ply, e.Move, err)
		}
		m.spent = append(m.spent, ms(e.SpentMS))
		m.clock = clock
		if m.offer >= 0 && game.Color(m.offer) != side {
			m.offer = -1 // a move declines the opponent's offer
		}
		m.publish(match.MoveEvent{Ply: e.Ply, Move: mv, Side: side, Spent: ms(e.SpentMS), Clock: clock})
	case evPause:
		m.paused = e.On
		m.publish(match.PauseEvent{Paused: e.On})
	case evDraw:
		if e.On {
			m.offer = e.Side
		} else if m.offer == e.Side {
			m.offer = -1
		}
		m.publish(match.DrawEvent{Side: side, Offered: e.On})
		m.feed.Put(lobby.DrawEvent{Side: side, Offered: e.On})
	case evChat:
		m.feed.Put(lobby.ChatEvent{Name: lobby.CleanName(e.Name), Side: side, Spectator: e.Spectator, Text: e.Text, At: now, Ply: e.Ply})
	case evPresence:
		pe := lobby.PresenceEvent{Side: side, Name: lobby.CleanName(e.Name), Present: e.On}
		if !e.On {
			pe.Deadline = now.Add(ms(e.LeftMS))
		}
		m.feed.Put(pe)
	case evEnd:
		if m.g == nil {
			return errors.New("an end before the game")
		}
		end, err := e.End.result(m.g.Start(), m.tc)
		if err != nil {
			return err
		}
		if end.Result.Game.Len() > m.g.Len() {
			// Moves this node missed: the record has them all.
			for i := m.g.Len(); i < end.Result.Game.Len(); i++ {
				mv := end.Result.Game.Moves()[i]
				p := end.Result.Game.PositionAt(i)
				_ = m.g.Play(mv)
				m.spent = append(m.spent, m.spentAt(i))
				m.publish(match.MoveEvent{Ply: i + 1, Move: mv, Side: p.SideToMove(), Clock: m.clock})
			}
		}
		m.finish(end)
	case evCut:
		m.feed.Put(lobby.CutEvent{Cut: e.On})
	case evClosed:
		m.close(e.Text)
	case evSeatClosed:
		if e.Token == m.token {
			m.close(e.Text)
		}
	}
	return nil
}

// finish ends the game once; m.mu is held.
func (m *mirror) finish(e lobby.EndEvent) {
	if m.end != nil {
		return
	}
	m.end = &e
	m.clock.Running = false
	m.offer = -1
	m.publish(match.GameOverEvent{Result: e.Result})
	m.endSubs()
	m.feed.Put(e)
}

// close ends the mirror with the table's last word; m.mu is held.
func (m *mirror) close(reason string) {
	if m.closed {
		return
	}
	m.closed = true
	close(m.gone)
	m.feed.Put(lobby.ClosedEvent{Reason: reason})
	m.endSubs()
	go func() { _ = m.sub.Unsubscribe(); _ = m.beat.Unsubscribe() }()
}

// publish hands a match event to the screens following the game; m.mu
// is held.
func (m *mirror) publish(e match.Event) {
	for _, s := range m.subs {
		s.Put(e)
	}
}

func (m *mirror) endSubs() {
	for _, s := range m.subs {
		s.End()
	}
	m.subs = nil
}

// leave gives the seat or the view up at the referee and stops
// following.
func (m *mirror) leave(op string) {
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return
	}
	m.closed = true
	close(m.gone)
	tok := m.token
	m.endSubs()
	m.change()
	m.mu.Unlock()
	_ = m.sub.Unsubscribe()
	_ = m.beat.Unsubscribe()
	if _, err := m.r.request(m.code, requestRecord{Op: op, Token: tok}); err != nil {
		m.r.n.log.Debug("leaving a table elsewhere", "table", m.code, "err", err)
	}
}

// ask sends a seat's request of the game for side c.
func (m *mirror) ask(op string, c game.Color, mv string) error {
	m.mu.Lock()
	tok, seated, side, closed := m.token, m.seated, m.side, m.closed
	m.mu.Unlock()
	switch {
	case !seated:
		return match.ErrNotAllowed
	case closed:
		return lobby.ErrGone
	case c != side:
		return match.ErrNotYourTurn
	}
	rep, err := m.r.request(m.code, requestRecord{Op: op, Token: tok, Move: mv})
	if err != nil {
		return err
	}
	m.await(rep.Ply, rep.Over)
	return nil
}

// Snapshot is the game as this node last heard of it.
func (m *mirror) Snapshot() match.Snapshot {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := match.Snapshot{Clock: m.clock, Names: m.names, Paused: m.paused, Offer: game.Color(max(m.offer, 0)), Offered: m.offer >= 0}
	if m.g != nil {
		s.Start = m.g.Start()
		s.Moves = append([]game.Move(nil), m.g.Moves()...)
		for _, d := range m.spent {
			s.Notes = append(s.Notes, match.MoveNote{Spent: d})
		}
	}
	if m.end != nil {
		s.Over, s.Result = true, m.end.Result
	}
	return s
}

// Subscribe follows the game's events from now on.
func (m *mirror) Subscribe() *match.Subscription {
	s := match.NewQueue(match.Supersedes)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.end != nil || m.closed {
		s.End()
		return s
	}
	m.subs = append(m.subs, s)
	return s
}

func (m *mirror) SubmitMove(c game.Color, mv game.Move) error { return m.ask(opMove, c, mv.USI()) }
func (m *mirror) Resign(c game.Color) error                   { return m.ask(opResign, c, "") }
func (m *mirror) Declare(c game.Color) error                  { return m.ask(opDeclare, c, "") }
func (m *mirror) OfferDraw(c game.Color) error                { return m.ask(opOffer, c, "") }
func (m *mirror) DeclineDraw(c game.Color) error              { return m.ask(opDecline, c, "") }
func (*mirror) Undo(int) error                                { return match.ErrNotAllowed }
func (*mirror) Pause() error                                  { return match.ErrNotAllowed }
func (*mirror) Resume() error                                 { return match.ErrNotAllowed }
func (*mirror) Step() error                                   { return match.ErrNotAllowed }
func (*mirror) Impasse() error                                { return match.ErrNotAllowed }

var _ match.Control = (*mirror)(nil)

// farSeat is a mirror as a lobby seat.
type farSeat struct{ m *mirror }

func (s farSeat) Code() string           { return s.m.code }
func (s farSeat) Events() *lobby.Feed    { return s.m.feed }
func (s farSeat) Name() string           { return s.m.person.Name }
func (s farSeat) Control() match.Control { return s.m }
func (s farSeat) Leave()                 { s.m.leave(opLeave) }
func (s farSeat) Say(text string) error {
	s.m.mu.Lock()
	tok := s.m.token
	s.m.mu.Unlock()
	_, err := s.m.r.request(s.m.code, requestRecord{Op: opSay, Token: tok, Text: text})
	return err
}
func (s farSeat) Side() (game.Color, bool) {
	s.m.mu.Lock()
	defer s.m.mu.Unlock()
	return s.m.side, s.m.started
}

// farWatcher is a mirror as a lobby watcher.
type farWatcher struct{ m *mirror }

func (w farWatcher) Code() string        { return w.m.code }
func (w farWatcher) Events() *lobby.Feed { return w.m.feed }
func (w farWatcher) Close()              { w.m.leave(opUnwatch) }
func (w farWatcher) Say(text string) {
	w.m.mu.Lock()
	tok := w.m.token
	w.m.mu.Unlock()
	_, _ = w.m.r.request(w.m.code, requestRecord{Op: opSay, Token: tok, Text: text})
}
