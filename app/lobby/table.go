package lobby

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"shogi/app/gamedb"
	"shogi/app/session"
	"shogi/game"
	"shogi/game/engine"
	"shogi/game/match"
	"shogi/kifu"
)

// Table is one game between two people, and its spectators.
type Table struct {
	l        *Lobby
	code     string
	opts     Options
	handicap string
	start    game.Position
	created  time.Time
	done     chan struct{} // closed when the table closes

	mu        sync.Mutex
	seats     [2]*seatState // in order of arrival: the creator first
	colour    [2]game.Color // each seat's colour, once the game started
	toss      *game.Furigoma
	sess      *session.Session // the game, once both seats are taken
	m         *match.Match     // the session's match
	began     time.Time
	names     [2]string // by colour
	listeners map[*Feed]struct{}
	watchers  int
	chat      []ChatEvent // the last recordChat lines, for the record and late joiners
	end       *EndEvent
	closed    bool
	lost      bool          // another node referees the game now (Lose, HandOver)
	handed    bool          // handed to another node as this one stops (HandOver)
	ended     chan struct{} // closed when the game's events end (follow)
	held      bool          // a game taken over, paused until the side to move is back
	keeper    keeper        // saves the state for the other nodes
}

// seatState is a seat's occupant.
type seatState struct {
	person   Person
	present  bool
	gen      int   // which Seat handle is the current one
	feed     *Feed // the current handle's events
	deadline time.Time
}

// same reports whether p is the person seated as q: the same key, when
// both have one (the server checks keys: the name may differ), else the
// same name (in any case) and no key.
func (q Person) same(p Person) bool {
	if q.Key != "" || p.Key != "" {
		return q.Key == p.Key
	}
	return strings.EqualFold(q.Name, p.Name)
}

// keptChat is how many chat lines a late joiner is shown; recordChat
// how many the record holds (and the state saved for the other nodes).
const (
	keptChat   = 20
	recordChat = 500
)

// Code returns the table's code.
func (t *Table) Code() string { return t.code }

// Info describes the table.
func (t *Table) Info() Info {
	t.mu.Lock()
	defer t.mu.Unlock()
	i := Info{Code: t.code, Started: t.m != nil, Over: t.end != nil, Time: t.opts.Time, Handicap: t.handicap,
		Watchers: t.watchers, Created: t.created}
	if t.m != nil {
		i.Names = t.names
		s := t.m.Snapshot()
		i.Moves = len(s.Moves)
	} else {
		for k, s := range t.seats {
			if s != nil {
				i.Names[k] = s.person.Name
			}
		}
	}
	return i
}

// Seat is a player's place at a table, held by one connection. When the
// same player sits down again from another connection, the older Seat is
// closed (its feed ends) and its requests fail with ErrGone.
type Seat struct {
	t    *Table
	idx  int
	gen  int
	feed *Feed
	far  FarSeat // a seat at a table refereed on another node; t is nil
}

// newSeat hands out a fresh handle for seat idx; t.mu is held.
func (t *Table) newSeat(idx int) *Seat {
	st := t.seats[idx]
	if st.feed != nil {
		st.feed.put(ClosedEvent{Reason: "you sat down at this table from another connection"})
		delete(t.listeners, st.feed)
	}
	st.gen++
	f := newFeed()
	st.feed = f
	t.listeners[f] = struct{}{}
	t.catchUp(f)
	return &Seat{t: t, idx: idx, gen: st.gen, feed: f}
}

// catchUp tells a new listener what has happened so far; t.mu is held.
func (t *Table) catchUp(f *Feed) {
	if t.m != nil {
		f.put(StartEvent{Match: t.m, Game: t.m, Names: t.names, Toss: t.toss})
		for k, s := range t.seats {
			if !s.present && t.end == nil {
				f.put(PresenceEvent{Side: t.colour[k], Name: s.person.Name, Deadline: s.deadline})
			}
		}
		if s := t.m.Snapshot(); s.Offered && t.end == nil {
			f.put(DrawEvent{Side: s.Offer, Offered: true})
		}
	}
	for _, c := range t.chat[max(0, len(t.chat)-keptChat):] {
		f.put(c)
	}
	if t.end != nil {
		f.put(*t.end)
	}
}

// broadcast queues e for every listener; t.mu is held.
func (t *Table) broadcast(e Event) {
	for f := range t.listeners {
		f.put(e)
	}
}

// holds reports whether a seat of the game in progress waits for p.
func (t *Table) holds(p Person) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed || t.m == nil || t.end != nil {
		return false
	}
	for _, s := range t.seats {
		if s != nil && !s.present && s.person.same(p) {
			return true
		}
	}
	return false
}

// join seats p: in the free seat, or back in the seat p had.
func (t *Table) join(p Person) (*Seat, error) {
	var resume bool
	defer func() {
		if resume { // after the unlock below: the match's loop answers
			t.resume()
		}
	}()
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed || t.lost {
		return nil, ErrNoTable
	}
	for k, s := range t.seats {
		if s == nil || !s.person.same(p) {
			continue
		}
		// The same player again: back after a drop, or from a second
		// connection while the first is not yet known to be dead — but a
		// name alone does not take a seat from a connected player.
		if s.present && p.Key == "" {
			return nil, fmt.Errorf("%s is seated at that table and connected", s.person.Name)
		}
		seat := t.newSeat(k)
		if !s.present {
			s.present = true
			resume = t.heldFor(k)
			if t.m != nil {
				t.broadcast(PresenceEvent{Side: t.colour[k], Name: s.person.Name, Present: true})
				t.keep()
			}
			t.l.log.Debug("player back", "code", t.code, "name", s.person.Name)
		}
		return seat, nil
	}
	if t.seats[1] != nil {
		return nil, ErrTableFull
	}
	t.seats[1] = &seatState{person: p, present: true}
	seat := t.newSeat(1)
	if err := t.begin(); err != nil {
		return nil, err
	}
	return seat, nil
}

// begin starts the game once both seats are taken; t.mu is held.
func (t *Table) begin() error {
	switch t.opts.Seat {
	case CreatorBlack:
		t.colour = [2]game.Color{game.Black, game.White}
	case CreatorWhite:
		t.colour = [2]game.Color{game.White, game.Black}
	default:
		toss := t.l.toss() // the creator tosses
		t.toss = &toss
		t.colour = [2]game.Color{game.White, game.Black}
		if toss.TosserIsBlack {
			t.colour = [2]game.Color{game.Black, game.White}
		}
	}
	t.began = t.l.ts.Now()
	if err := t.play(nil, nil); err != nil {
		return err
	}
	t.l.log.Debug("game started", "code", t.code, "black", t.names[game.Black], "white", t.names[game.White],
		"time", t.opts.Time.String(), "handicap", handicapName(t.handicap), "furigoma", t.toss != nil)
	return nil
}

// play starts the table's game, its seats' colours set: the two seats
// are the players of a session that keeps the record. moves and notes
// are a game taken over from another node (see match.Config): played on
// from where they stand, the clocks as those moves' times left them.
// t.mu is held.
func (t *Table) play(moves []game.Move, notes []match.MoveNote) error {
	var players [2]match.Player
	var specs [2]match.Spec
	for k, s := range t.seats {
		c := t.colour[k]
		t.names[c] = s.person.Name
		players[c] = match.NewHuman(s.person.Name)
		specs[c] = match.Spec{Kind: match.HumanKind}
	}
	cfg := session.Config{
		Match: match.Config{Start: t.start, Moves: moves, Notes: notes, Players: players,
			Time: [2]match.TimeControl{t.opts.Time, t.opts.Time}, Margin: t.l.cfg.Margin, TimeSource: t.l.ts},
		Specs: specs, Names: t.names, Event: t.l.cfg.Event, Began: t.began, Annotate: t.annotate,
	}
	if dir := t.l.cfg.GamesDir; dir != "" {
		// KIF after every move and at the end, in Shift_JIS or in UTF-8
		// beside it (.kifu) when a name holds a character Shift_JIS lacks.
		cfg.Store = handedStore{session.RecordFile(filepath.Join(dir, fileName(t.began, t.code, t.names)+".kif"), kifu.KIF, true), t}
		cfg.Finished = func(rec *kifu.Record, path string) {
			if err := gamedb.AddFinished(dir, rec, path); err != nil {
				t.l.log.Warn("game not added to the games database", "code", t.code, "err", err)
			}
		}
	}
	sess, err := session.New(cfg)
	if err != nil {
		return err
	}
	t.sess, t.m = sess, sess.Match()
	t.ended = make(chan struct{})
	feed := sess.Subscribe()
	// The game is the table's, not a player's connection's (it outlives
	// one that drops, for the grace period): its root is here, and the
	// session's Stop ends it.
	t.l.games.Add(1)
	sess.Start(context.Background())
	go t.follow(feed)
	t.broadcast(StartEvent{Match: t.m, Game: t.m, Names: t.names, Toss: t.toss})
	t.keep()
	return nil
}

// annotate writes the chat into the record, each line a comment on the
// move it followed (on the start, before the first move).
func (t *Table) annotate(rec *kifu.Record) {
	t.mu.Lock()
	chat := append([]ChatEvent(nil), t.chat...)
	t.mu.Unlock()
	if len(chat) == 0 {
		return
	}
	byPly := map[int]*kifu.Node{0: rec.Root}
	for _, n := range rec.MainLine() {
		if n.Ending == kifu.NoEnding {
			byPly[n.Ply] = n
		}
	}
	for _, c := range chat {
		n := byPly[c.Ply]
		if n == nil {
			continue // said after the moves this record holds
		}
		line := c.Name + ": " + c.Text
		if c.Spectator {
			line = c.Name + "（観戦）: " + c.Text
		}
		if old := n.Comment(); old != "" {
			line = old + "\n" + line
		}
		n.SetComment(line)
	}
}

// follow passes the session's events on to the table: each after the
// session kept the record, the table's state is saved for the other
// nodes, a draw offer made or lapsed is told, and the end is told with
// where the record went.
func (t *Table) follow(feed *session.Feed) {
	defer t.l.games.Done()
	defer close(t.ended)
	defer t.sess.Stop("") // the game is over: release its context and players
	for {
		// The session ends its events with the game's end, kept: the feed
		// is read to its end.
		ev, err := feed.Next(context.Background())
		if err != nil {
			return
		}
		t.keep()
		if ev.Err != nil {
			t.l.log.Error("cannot write game", "code", t.code, "err", ev.Err)
		}
		switch e := ev.Ev.(type) {
		case match.DrawEvent:
			t.mu.Lock()
			t.broadcast(DrawEvent{Side: e.Side, Offered: e.Offered})
			t.mu.Unlock()
		case match.GameOverEvent:
			t.mu.Lock()
			handed := t.handed
			t.mu.Unlock()
			if !handed { // else the game goes on on another node
				t.finish(e.Result, ev.Saved, ev.Err)
			}
		}
	}
}

// finish records the end of the game and tells everyone.
func (t *Table) finish(res match.Result, path string, err error) {
	t.mu.Lock()
	e := EndEvent{Result: res, Path: path, Err: err}
	t.end = &e
	t.broadcast(e)
	t.keep() // the state says the game is over: no node takes it over
	t.mu.Unlock()
	attrs := []any{"code", t.code, "black", res.Names[game.Black], "white", res.Names[game.White],
		"time", t.opts.Time.String(), "handicap", handicapName(t.handicap), "furigoma", t.toss != nil,
		"began", t.began.Format(time.RFC3339), "duration", res.Ended.Sub(t.began).Round(time.Second).String(),
		"result", res.Result.String(), "reason", res.Reason(), "moves", res.Game.Len(), "aborted", res.Aborted, "file", path}
	if err != nil {
		attrs = append(attrs, "err", err)
	}
	t.l.log.Info("game over", attrs...)
	c, stop := t.l.ts.After(t.l.cfg.Linger)
	go t.linger(c, stop)
}

// linger keeps a finished table for a while, then closes it.
func (t *Table) linger(c <-chan time.Time, stop func()) {
	defer stop()
	select {
	case <-c:
		t.close("the table closed")
	case <-t.done:
	}
}

// abort interrupts a game in progress.
func (t *Table) abort(reason string) {
	t.mu.Lock()
	m := t.m
	t.mu.Unlock()
	if m == nil {
		return
	}
	// ErrOver: the game ended on its own first, nothing to interrupt.
	if err := m.Abort(reason); err != nil && !errors.Is(err, match.ErrOver) {
		t.l.log.Warn("cannot interrupt the game", "code", t.code, "err", err)
	}
}

// close ends the table: its listeners are told and it leaves the lobby.
func (t *Table) close(reason string) {
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return
	}
	t.closed = true
	close(t.done)
	t.broadcast(ClosedEvent{Reason: reason})
	t.listeners = map[*Feed]struct{}{}
	t.mu.Unlock()
	t.l.remove(t)
}

// current returns the seat's state if s is still the current handle of
// a connected player; t.mu is held.
func (s *Seat) current() (*seatState, bool) {
	st := s.t.seats[s.idx]
	return st, st != nil && st.gen == s.gen && st.present && !s.t.closed && !s.t.lost
}

// Table returns the seat's table; nil when another node referees it.
func (s *Seat) Table() *Table { return s.t }

// Code returns the table's code.
func (s *Seat) Code() string {
	if s.far != nil {
		return s.far.Code()
	}
	return s.t.code
}

// Events returns the seat's queue of table events.
func (s *Seat) Events() *Feed {
	if s.far != nil {
		return s.far.Events()
	}
	return s.feed
}

// Side returns the seat's colour; ok is false before the game starts.
func (s *Seat) Side() (c game.Color, ok bool) {
	if s.far != nil {
		return s.far.Side()
	}
	s.t.mu.Lock()
	defer s.t.mu.Unlock()
	return s.t.colour[s.idx], s.t.m != nil
}

// Name returns the seated player's name.
func (s *Seat) Name() string {
	if s.far != nil {
		return s.far.Name()
	}
	s.t.mu.Lock()
	defer s.t.mu.Unlock()
	return s.t.seats[s.idx].person.Name
}

// Match returns the table's match, or nil before the game starts or
// when another node referees the table (Control reaches it there).
func (s *Seat) Match() *match.Match {
	if s.far != nil {
		return nil
	}
	s.t.mu.Lock()
	defer s.t.mu.Unlock()
	return s.t.m
}

// playing returns the match and the seat's colour for a request.
func (s *Seat) playing() (*match.Match, game.Color, error) {
	s.t.mu.Lock()
	defer s.t.mu.Unlock()
	if _, ok := s.current(); !ok {
		return nil, 0, ErrGone
	}
	if s.t.m == nil {
		return nil, 0, ErrNotStarted
	}
	return s.t.m, s.t.colour[s.idx], nil
}

// Move plays mv for the seat's side; an illegal move is refused with the
// match's error and the game goes on.
func (s *Seat) Move(mv game.Move) error {
	if s.far != nil {
		return farAsk(s.far, func(ctl match.Control, c game.Color) error { return ctl.SubmitMove(c, mv) })
	}
	m, c, err := s.playing()
	if err != nil {
		return err
	}
	return m.Submit(c, engine.BestMove{Move: mv})
}

// Resign resigns the game for the seat's side.
func (s *Seat) Resign() error {
	if s.far != nil {
		return farAsk(s.far, match.Control.Resign)
	}
	m, c, err := s.playing()
	if err != nil {
		return err
	}
	return m.Submit(c, engine.BestMove{Resign: true}) // on either side's turn
}

// OfferDraw offers a draw, or accepts the opponent's standing offer (see
// match.Match.OfferDraw: an agreed draw is counted by the impasse rule).
func (s *Seat) OfferDraw() error {
	if s.far != nil {
		return farAsk(s.far, match.Control.OfferDraw)
	}
	m, c, err := s.playing()
	if err != nil {
		return err
	}
	return m.OfferDraw(c)
}

// DeclineDraw turns down the opponent's offer (or withdraws one's own).
func (s *Seat) DeclineDraw() error {
	if s.far != nil {
		return farAsk(s.far, match.Control.DeclineDraw)
	}
	m, c, err := s.playing()
	if err != nil {
		return err
	}
	return m.DeclineDraw(c)
}

// DrawOffered returns the side whose draw offer stands.
func (s *Seat) DrawOffered() (c game.Color, ok bool) {
	if s.far != nil {
		snap := s.far.Control().Snapshot()
		return snap.Offer, snap.Offered && !snap.Over
	}
	m := s.Match()
	if m == nil {
		return 0, false
	}
	snap := m.Snapshot()
	return snap.Offer, snap.Offered && !snap.Over
}

// Say sends a line to the table's chat.
func (s *Seat) Say(text string) error {
	if s.far != nil {
		return s.far.Say(text)
	}
	s.t.mu.Lock()
	defer s.t.mu.Unlock()
	st, ok := s.current()
	if !ok {
		return ErrGone
	}
	s.t.say(ChatEvent{Name: st.person.Name, Side: s.t.colour[s.idx], Text: text})
	return nil
}

// say cleans and sends a chat line; t.mu is held.
func (t *Table) say(e ChatEvent) {
	e.Text = clean(e.Text, MaxChat)
	if e.Text == "" {
		return
	}
	e.At = t.l.ts.Now()
	if t.m != nil {
		e.Ply = len(t.m.Snapshot().Moves)
	}
	t.chat = append(t.chat, e)
	if len(t.chat) > recordChat {
		t.chat = t.chat[len(t.chat)-recordChat:]
	}
	t.broadcast(e)
	t.keep()
}

// Leave says the seat's connection is gone. Before the game, the creator
// leaving closes the table; during it, the seat is kept for the lobby's
// grace period, the clock running, and the player loses if not back by
// then; after it, nothing more happens.
func (s *Seat) Leave() {
	if s.far != nil {
		s.far.Leave()
		return
	}
	t := s.t
	t.mu.Lock()
	st, ok := s.current()
	if !ok {
		t.mu.Unlock()
		return
	}
	st.present = false
	delete(t.listeners, s.feed)
	switch {
	case t.m == nil:
		t.mu.Unlock()
		t.l.log.Debug("table closed", "code", t.code, "why", "its creator left before the game")
		t.close("the table's creator left")
		return
	case t.end != nil:
		t.mu.Unlock()
		return
	}
	c := t.colour[s.idx]
	st.deadline = t.l.ts.Now().Add(t.l.cfg.Grace)
	t.broadcast(PresenceEvent{Side: c, Name: st.person.Name, Deadline: st.deadline})
	t.keep()
	gen := st.gen
	t.mu.Unlock()
	t.l.log.Debug("player dropped", "code", t.code, "name", st.person.Name, "grace", t.l.cfg.Grace.String())
	// The timer starts here, not on the goroutine, so that a test's fake
	// clock moved on after Leave returns always fires it.
	wait, stop := t.l.ts.After(t.l.cfg.Grace)
	go t.grace(s.idx, gen, wait, stop)
}

// grace waits out a dropped player's grace period.
func (t *Table) grace(idx, gen int, wait <-chan time.Time, stop func()) {
	defer stop()
	select {
	case <-wait:
	case <-t.done:
		return
	}
	t.mu.Lock()
	st := t.seats[idx]
	if st.present || st.gen != gen || t.end != nil || t.m == nil || t.lost {
		t.mu.Unlock()
		return
	}
	c := t.colour[idx]
	m := t.m
	t.mu.Unlock()
	// ErrOver: the game ended while the grace period ran, nothing to forfeit.
	if err := m.Forfeit(c, t.l.cfg.Grace); err != nil && !errors.Is(err, match.ErrOver) {
		t.l.log.Warn("cannot forfeit the game of a player who left", "code", t.code, "err", err)
	}
}

// Watcher follows a table as a spectator.
type Watcher struct {
	t    *Table
	feed *Feed
	name string
	once sync.Once
	far  FarWatcher // a table refereed on another node; t is nil
}

// watch adds a spectator.
func (t *Table) watch(p Person) *Watcher {
	t.mu.Lock()
	defer t.mu.Unlock()
	f := newFeed()
	w := &Watcher{t: t, feed: f, name: CleanName(p.Name)}
	if t.closed {
		f.put(ClosedEvent{Reason: "the table closed"})
		return w
	}
	t.listeners[f] = struct{}{}
	t.watchers++
	t.catchUp(f)
	return w
}

// Table returns the watched table; nil when another node referees it.
func (w *Watcher) Table() *Table { return w.t }

// Events returns the spectator's queue of table events.
func (w *Watcher) Events() *Feed {
	if w.far != nil {
		return w.far.Events()
	}
	return w.feed
}

// Say sends a spectator's line to the table's chat.
func (w *Watcher) Say(text string) {
	if w.far != nil {
		w.far.Say(text)
		return
	}
	w.t.mu.Lock()
	defer w.t.mu.Unlock()
	if w.name == "" || w.t.closed {
		return
	}
	w.t.say(ChatEvent{Name: w.name, Spectator: true, Text: text})
}

// Close stops watching.
func (w *Watcher) Close() {
	w.once.Do(func() {
		if w.far != nil {
			w.far.Close()
			return
		}
		w.t.mu.Lock()
		if _, ok := w.t.listeners[w.feed]; ok {
			delete(w.t.listeners, w.feed)
			w.t.watchers--
		}
		w.t.mu.Unlock()
	})
}
