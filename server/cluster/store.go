package cluster

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"shogi/app/lobby"
	"shogi/game"
	"shogi/game/match"
)

// Store keeps the tables' states in the state bucket, one key per table,
// with the bucket's replicas. It is the lobby's lobby.TableStore: the
// first save of a table takes its lease (this node becomes its referee),
// and every save is refused once the lease is lost. Saves are fenced by
// the state's revision (see Lease).
type Store struct {
	n       *Node
	timeout time.Duration
}

// Store returns the node's table store.
func (n *Node) Store() *Store { return &Store{n: n, timeout: 3 * time.Second} }

// ErrNotReferee refuses a save from a node that no longer referees the
// table.
var ErrNotReferee = errors.New("this node no longer referees the table")

// Save writes the table's state, taking the table's lease first if this
// node does not hold it yet.
func (s *Store) Save(st lobby.TableState) error {
	ctx, cancel := context.WithTimeout(context.Background(), s.timeout)
	defer cancel()
	s.n.mu.Lock()
	l := s.n.owned[st.Code]
	s.n.mu.Unlock()
	if l != nil {
		return l.Save(ctx, st)
	}
	l, err := s.n.Acquire(ctx, st.Code)
	if err != nil {
		return err
	}
	s.n.mu.Lock()
	rev := s.n.written[st.Code]
	s.n.mu.Unlock()
	if rev != 0 {
		s.n.log.Info("refereeing the table again", "table", st.Code)
		l.mu.Lock()
		l.stateRev = rev
		l.mu.Unlock()
	}
	if err := l.Save(ctx, st); err != nil {
		// The lease is this node's only once its state is written: a
		// node taking its table back after a cut whose save went
		// unanswered (JetStream busy with the healed routes) would
		// otherwise hold the lease over the state another node wrote
		// meanwhile, and that node's players would lose their table to
		// it. It lets the lease go, and the next save tries again.
		rctx, cancel := context.WithTimeout(context.Background(), s.timeout)
		if rerr := l.giveBack(rctx); rerr != nil {
			s.n.log.Debug("could not give back a lease taken for a save that failed", "table", st.Code, "err", rerr)
		}
		cancel()
		return err
	}
	return nil
}

// Save writes the table's state as this lease's referee: refused once
// the lease is not valid, and by compare-and-set on the revision this
// referee last wrote, so a stale referee cannot overwrite a new one.
func (l *Lease) Save(ctx context.Context, st lobby.TableState) error {
	if st.Code != l.code {
		return fmt.Errorf("state of table %s saved under the lease of %s", st.Code, l.code)
	}
	if !l.Valid() {
		return ErrNotReferee
	}
	data := encode(stateRecordOf(l.n.cfg.Name, st))
	l.mu.Lock()
	rev := l.stateRev
	l.mu.Unlock()
	nrev, err := l.put(ctx, data, rev)
	if conflict(err) {
		// A save that timed out here may have been written all the
		// same: the revision moved on by this referee's own hand.
		if orev, ok := l.ownSave(ctx); ok {
			nrev, err = l.put(ctx, data, orev)
		}
	}
	if conflict(err) {
		if rev == 0 {
			// A state is there already, from an earlier referee: this
			// one writes over it only after taking it over (Load).
			return fmt.Errorf("table %s has a saved state from an earlier referee: %w", l.code, ErrNotReferee)
		}
		l.end(fmt.Errorf("table %s: another referee wrote its state", l.code))
		return ErrNotReferee
	}
	if err != nil {
		l.n.mu.Lock()
		if u := l.n.unsaved[l.code]; len(u) < 16 {
			l.n.unsaved[l.code] = append(u, data)
		}
		l.n.mu.Unlock()
		return &UnreachableError{Op: "save table " + l.code, Err: err}
	}
	l.wrote(nrev)
	return nil
}

// put writes the state at rev: creates it when rev is 0.
func (l *Lease) put(ctx context.Context, data []byte, rev uint64) (uint64, error) {
	if rev == 0 {
		return l.n.state.Create(ctx, l.code, data)
	}
	return l.n.state.Update(ctx, l.code, data, rev)
}

// ownSave reads the state after a save found its revision moved on: when
// the entry is one this referee sent and heard no answer for, it returns
// that entry's revision. Any other referee's write differs (it names its
// node), so a state taken over is never mistaken for one's own.
func (l *Lease) ownSave(ctx context.Context) (uint64, bool) {
	l.n.mu.Lock()
	unsaved := slices.Clone(l.n.unsaved[l.code])
	l.n.mu.Unlock()
	if len(unsaved) == 0 {
		return 0, false
	}
	e, err := l.n.state.Get(ctx, l.code)
	if err != nil {
		return 0, false
	}
	for _, d := range unsaved {
		if bytes.Equal(d, e.Value()) {
			return e.Revision(), true
		}
	}
	return 0, false
}

// wrote notes the state's revision this referee wrote last.
func (l *Lease) wrote(rev uint64) {
	l.mu.Lock()
	l.stateRev = rev
	l.mu.Unlock()
	l.n.mu.Lock()
	l.n.written[l.code] = rev
	delete(l.n.unsaved, l.code)
	l.n.mu.Unlock()
}

// Load reads the table's saved state for a referee taking it over, and
// fences the one before: the state is written again at once under this
// lease, so any later write of the earlier referee's fails.
func (l *Lease) Load(ctx context.Context) (lobby.TableState, error) {
	e, err := l.n.state.Get(ctx, l.code)
	if err != nil {
		return lobby.TableState{}, err
	}
	r, err := decodeState(e.Value())
	if err != nil {
		l.n.log.Warn("dropped a table state that does not parse", "key", l.code, "err", err)
		return lobby.TableState{}, err
	}
	st, err := r.tableState()
	if err != nil {
		return lobby.TableState{}, err
	}
	if !l.Valid() {
		return lobby.TableState{}, ErrNotReferee
	}
	r.Referee = l.n.cfg.Name
	nrev, err := l.n.state.Update(ctx, l.code, encode(r), e.Revision())
	if err != nil {
		return lobby.TableState{}, err
	}
	l.wrote(nrev)
	return st, nil
}

// letGo forgets the state revision this node wrote for the table, as it
// stops refereeing it, and returns its lease (nil if it holds none).
func (n *Node) letGo(code string) *Lease {
	n.mu.Lock()
	defer n.mu.Unlock()
	delete(n.written, code)
	delete(n.unsaved, code)
	return n.owned[code]
}

// Remove deletes a closed table's state and gives its lease up.
func (s *Store) Remove(code string) error {
	ctx, cancel := context.WithTimeout(context.Background(), s.timeout)
	defer cancel()
	l := s.n.letGo(code)
	if l == nil {
		return nil // not this node's to remove
	}
	l.mu.Lock()
	rev := l.stateRev
	l.mu.Unlock()
	var err error
	if rev != 0 {
		err = s.n.state.Delete(ctx, code, jetstream.LastRevision(rev))
		if conflict(err) {
			err = nil // another referee's now
		}
	}
	return errors.Join(err, l.Release(ctx))
}

// Saved reads a table's state as last saved, for a look (a cut-off
// referee naming the node that took its table over, tests, tools);
// a referee taking over uses Lease.Load.
func (s *Store) Saved(ctx context.Context, code string) (lobby.TableState, string, error) {
	e, err := s.n.state.Get(ctx, code)
	if err != nil {
		return lobby.TableState{}, "", err
	}
	r, err := decodeState(e.Value())
	if err != nil {
		s.n.log.Warn("dropped a table state that does not parse", "key", code, "err", err)
		return lobby.TableState{}, "", err
	}
	st, err := r.tableState()
	return st, r.Referee, err
}

// stateRecord is a TableState on the wire: positions as SFEN, moves in
// USI, durations in milliseconds.
type stateRecord struct {
	Code      string        `json:"code"`
	Referee   string        `json:"referee"`
	Seat      int           `json:"seat"` // lobby.SeatChoice
	MainMS    int64         `json:"main_ms,omitempty"`
	ByoyomiMS int64         `json:"byoyomi_ms,omitempty"`
	IncMS     int64         `json:"inc_ms,omitempty"`
	Handicap  string        `json:"handicap,omitempty"`
	Start     string        `json:"start"`
	Created   time.Time     `json:"created"`
	Seats     [2]seatRecord `json:"seats"`
	Started   bool          `json:"started,omitempty"`
	Began     time.Time     `json:"began,omitzero"`
	Toss      *tossRecord   `json:"toss,omitempty"`
	Moves     []string      `json:"moves,omitempty"`
	SpentMS   []int64       `json:"spent_ms,omitempty"`
	Clock     *clockRecord  `json:"clock,omitempty"`
	Offer     *int          `json:"offer,omitempty"`
	Chat      []chatRecord  `json:"chat,omitempty"`
	Over      bool          `json:"over,omitempty"`
}

type seatRecord struct {
	Taken    bool      `json:"taken,omitempty"`
	Name     string    `json:"name,omitempty"`
	Key      string    `json:"key,omitempty"`
	Colour   int       `json:"colour,omitempty"`
	Present  bool      `json:"present,omitempty"`
	Deadline time.Time `json:"deadline,omitzero"`
}

type tossRecord struct {
	Tosses        [][5]int `json:"tosses"`
	TosserIsBlack bool     `json:"tosser_is_black"`
}

type clockRecord struct {
	ControlMS [2][3]int64 `json:"control_ms"` // main, byōyomi, increment per side
	MainMS    [2]int64    `json:"main_ms"`
	Running   bool        `json:"running,omitempty"`
	Side      int         `json:"side,omitempty"`
	Since     time.Time   `json:"since,omitzero"`
}

type chatRecord struct {
	Name      string    `json:"name"`
	Side      int       `json:"side,omitempty"`
	Spectator bool      `json:"spectator,omitempty"`
	Text      string    `json:"text"`
	At        time.Time `json:"at"`
	Ply       int       `json:"ply,omitempty"` // moves played when it was said: where the record puts it
}

func stateRecordOf(node string, st lobby.TableState) stateRecord {
	r := stateRecord{Code: st.Code, Referee: node, Seat: int(st.Options.Seat), MainMS: st.Options.Time.Main.Milliseconds(),
		ByoyomiMS: st.Options.Time.Byoyomi.Milliseconds(), IncMS: st.Options.Time.Increment.Milliseconds(),
		Handicap: st.Handicap, Start: st.Start.SFEN(), Created: st.Created, Started: st.Started, Began: st.Began, Over: st.Over}
	for k, s := range st.Seats {
		r.Seats[k] = seatRecord{Taken: s.Taken, Name: s.Name, Key: s.Key, Colour: int(s.Colour), Present: s.Present, Deadline: s.Deadline}
	}
	if st.Toss != nil {
		t := &tossRecord{TosserIsBlack: st.Toss.TosserIsBlack}
		for _, toss := range st.Toss.Tosses {
			var faces [5]int
			for i, f := range toss {
				faces[i] = int(f)
			}
			t.Tosses = append(t.Tosses, faces)
		}
		r.Toss = t
	}
	for _, m := range st.Moves {
		r.Moves = append(r.Moves, m.USI())
	}
	for _, d := range st.Spent {
		r.SpentMS = append(r.SpentMS, d.Milliseconds())
	}
	if st.Started {
		c := &clockRecord{Running: st.Clock.Running, Side: int(st.Clock.Side), Since: st.Clock.Since}
		for side := range 2 {
			tc := st.Clock.Control[side]
			c.ControlMS[side] = [3]int64{tc.Main.Milliseconds(), tc.Byoyomi.Milliseconds(), tc.Increment.Milliseconds()}
			c.MainMS[side] = st.Clock.Main[side].Milliseconds()
		}
		r.Clock = c
	}
	if st.Offer != nil {
		o := int(*st.Offer)
		r.Offer = &o
	}
	for _, c := range st.Chat {
		r.Chat = append(r.Chat, chatRecord{Name: c.Name, Side: int(c.Side), Spectator: c.Spectator, Text: c.Text, At: c.At, Ply: c.Ply})
	}
	return r
}

// colour reads a colour's number.
func colour(n int) (game.Color, error) {
	if n != int(game.Black) && n != int(game.White) {
		return 0, fmt.Errorf("colour %d", n)
	}
	return game.Color(n), nil
}

// tableState checks a record as it rebuilds the table's state: the start
// position parses, every move is legal in turn, colours and figures are
// in range.
func (r stateRecord) tableState() (lobby.TableState, error) {
	st := lobby.TableState{Code: r.Code, Handicap: r.Handicap, Created: r.Created, Started: r.Started, Began: r.Began, Over: r.Over}
	if !codeValid(r.Code) {
		return st, fmt.Errorf("code %q", r.Code)
	}
	if r.Seat < int(lobby.CreatorBlack) || r.Seat > int(lobby.Furigoma) {
		return st, fmt.Errorf("seat choice %d", r.Seat)
	}
	if r.MainMS < 0 || r.ByoyomiMS < 0 || r.IncMS < 0 {
		return st, errors.New("a negative time control")
	}
	st.Options = lobby.Options{Seat: lobby.SeatChoice(r.Seat), Handicap: r.Handicap,
		Time: match.TimeControl{Main: ms(r.MainMS), Byoyomi: ms(r.ByoyomiMS), Increment: ms(r.IncMS)}}
	start, err := game.ParseSFEN(r.Start)
	if err != nil {
		return st, fmt.Errorf("start position: %w", err)
	}
	st.Start = start
	for k, s := range r.Seats {
		c, err := colour(s.Colour)
		if err != nil {
			return st, fmt.Errorf("seat %d: %w", k+1, err)
		}
		if len([]rune(s.Name)) > lobby.MaxName || s.Taken && lobby.CleanName(s.Name) != s.Name {
			return st, fmt.Errorf("seat %d: name %q", k+1, s.Name)
		}
		st.Seats[k] = lobby.SeatState{Taken: s.Taken, Name: s.Name, Key: s.Key, Colour: c, Present: s.Present, Deadline: s.Deadline}
	}
	if r.Toss != nil {
		t := &game.Furigoma{TosserIsBlack: r.Toss.TosserIsBlack}
		if len(r.Toss.Tosses) > 100 {
			return st, fmt.Errorf("%d furigoma tosses", len(r.Toss.Tosses))
		}
		for _, toss := range r.Toss.Tosses {
			var faces [5]game.PawnFace
			for i, f := range toss {
				if f < 0 || f > 2 {
					return st, fmt.Errorf("furigoma face %d", f)
				}
				faces[i] = game.PawnFace(f)
			}
			t.Tosses = append(t.Tosses, faces)
		}
		st.Toss = t
	}
	if len(r.SpentMS) != len(r.Moves) {
		return st, fmt.Errorf("%d moves but %d times spent", len(r.Moves), len(r.SpentMS))
	}
	g := game.NewGame(start)
	for i, u := range r.Moves {
		p := g.Position()
		m, err := p.ParseUSI(u)
		if err != nil {
			return st, fmt.Errorf("move %d %q: %w", i+1, u, err)
		}
		if err := g.Play(m); err != nil {
			return st, fmt.Errorf("move %d %q: %w", i+1, u, err)
		}
		if r.SpentMS[i] < 0 {
			return st, fmt.Errorf("move %d: negative time spent", i+1)
		}
		st.Moves = append(st.Moves, m)
		st.Spent = append(st.Spent, ms(r.SpentMS[i]))
	}
	if r.Clock != nil {
		side, err := colour(r.Clock.Side)
		if err != nil {
			return st, fmt.Errorf("clock: %w", err)
		}
		st.Clock = match.ClockState{Running: r.Clock.Running, Side: side, Since: r.Clock.Since}
		for c := range 2 {
			cm := r.Clock.ControlMS[c]
			if cm[0] < 0 || cm[1] < 0 || cm[2] < 0 {
				return st, errors.New("clock: a negative time control")
			}
			st.Clock.Control[c] = match.TimeControl{Main: ms(cm[0]), Byoyomi: ms(cm[1]), Increment: ms(cm[2])}
			st.Clock.Main[c] = ms(r.Clock.MainMS[c])
		}
	}
	if r.Offer != nil {
		c, err := colour(*r.Offer)
		if err != nil {
			return st, fmt.Errorf("draw offer: %w", err)
		}
		st.Offer = &c
	}
	for i, c := range r.Chat {
		side, err := colour(c.Side)
		if err != nil {
			return st, fmt.Errorf("chat line %d: %w", i+1, err)
		}
		if len([]rune(c.Text)) > lobby.MaxChat || len([]rune(c.Name)) > lobby.MaxName {
			return st, fmt.Errorf("chat line %d: too long", i+1)
		}
		st.Chat = append(st.Chat, lobby.ChatEvent{Name: c.Name, Side: side, Spectator: c.Spectator, Text: c.Text, At: c.At, Ply: c.Ply})
	}
	return st, nil
}

func decodeState(data []byte) (stateRecord, error) {
	return decode("state", data, func(r *stateRecord) error {
		if err := checkName(r.Referee); err != nil {
			return err
		}
		_, err := r.tableState()
		return err
	})
}
