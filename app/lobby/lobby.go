// Package lobby keeps the tables of a shogi server: games between two
// people on other connections, each an app/session Session whose two
// players are the seats (Human players fed by the people's moves) under
// a clock, found by a short code.
//
// A person Creates a table (time control, handicap, who takes Black or
// furigoma) and tells the code to a friend, who Joins it; the game starts
// when both seats are taken. Anyone with the code may Watch. A player
// whose connection drops keeps the seat for a grace period while the
// clock runs, and loses if not back by then; coming back is joining the
// same code under the same name. Players resign, offer draws (settled by
// the impasse rule, 持将棋) and talk in a one-line chat. Every game is
// written to the games folder as KIF after each move and when it ends, so
// neither a crash nor a shutdown loses it, with the chat as comments,
// and a finished one is added to the games database beside that folder.
//
// On a node of a cluster, each table's state is saved after every event
// (Config.Store); when the node is gone, another's lobby takes the game
// over from that state (Adopt). A person may sit or watch through any
// node's lobby: a code this lobby lacks is reached through its Far (the
// cluster), which hands back a Seat or a Watcher like a local one, and
// serves this lobby's tables to the other nodes.
//
// The lobby is server-side state only: it knows nothing of SSH or
// terminals, and the app drives it through Seat and Watcher.
package lobby

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"shogi/game"
	"shogi/game/match"
)

// Config sets up a lobby. The zero value works: no games folder, a grace
// period of a minute, the real clock.
type Config struct {
	// GamesDir is where games are written (KIF); "" keeps none.
	GamesDir string
	// Grace is how long a player who dropped keeps the seat (default 60s).
	Grace time.Duration
	// Margin is how far past a side's time a move may arrive over the
	// network before the flag falls (default 1s).
	Margin time.Duration
	// MaxTables bounds the tables open at once (default 1000).
	MaxTables int
	// Linger is how long a finished table stays to be looked at and
	// copied once its players have left (default 10 minutes).
	Linger time.Duration
	// TimeSource is the clock of the matches and the grace periods; nil
	// is the real one.
	TimeSource match.TimeSource
	// Rand draws codes and furigoma; nil seeds one.
	Rand *rand.Rand
	// Log receives one line per game, at its end (Info), and the
	// tables' comings and goings (Debug); nil discards.
	Log *slog.Logger
	// Event names the games in their records (棋戦); default "shogi serve".
	Event string
	// Directory shares the codes and the list of tables with the other
	// nodes of a cluster; nil keeps them to this lobby.
	Directory Directory
	// Store keeps each table's state for another node to take it over;
	// nil keeps none.
	Store TableStore
	// Far reaches the tables other nodes referee, and serves this
	// lobby's to them; nil keeps sessions to this lobby's tables.
	Far Far
}

// Errors of the lobby's requests.
var (
	ErrNoTable    = errors.New("no table has that code")
	ErrTableFull  = errors.New("both seats at that table are taken (watch it instead)")
	ErrTooMany    = errors.New("the server has as many tables as it can hold; try again later")
	ErrNotStarted = errors.New("the game has not started")
	ErrGone       = errors.New("you are no longer seated at that table")
	ErrShutdown   = errors.New("the server is shutting down")
)

// Lobby holds the tables by code.
type Lobby struct {
	cfg Config
	ts  match.TimeSource
	log *slog.Logger

	mu       sync.Mutex
	rng      *rand.Rand
	tables   map[string]*Table
	shutdown bool
	games    sync.WaitGroup // running tables' game goroutines
}

// New returns an empty lobby.
func New(cfg Config) *Lobby {
	if cfg.Grace <= 0 {
		cfg.Grace = time.Minute
	}
	if cfg.Margin <= 0 {
		cfg.Margin = time.Second
	}
	if cfg.MaxTables <= 0 {
		cfg.MaxTables = 1000
	}
	if cfg.Linger <= 0 {
		cfg.Linger = 10 * time.Minute
	}
	if cfg.Event == "" {
		cfg.Event = "shogi serve"
	}
	l := &Lobby{cfg: cfg, ts: cfg.TimeSource, log: cfg.Log, rng: cfg.Rand, tables: map[string]*Table{}}
	if l.ts == nil {
		l.ts = match.RealTime{}
	}
	if l.log == nil {
		l.log = slog.New(slog.DiscardHandler)
	}
	if l.rng == nil {
		l.rng = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	return l
}

// Grace returns how long a dropped player keeps the seat.
func (l *Lobby) Grace() time.Duration { return l.cfg.Grace }

// Person is who sits down or watches: the name typed in the app and, when
// the server checks keys, the fingerprint of the SSH key.
type Person struct {
	Name string
	Key  string
}

// SeatChoice is who takes Black at a new table.
type SeatChoice int

const (
	CreatorBlack SeatChoice = iota // the creator plays Black (the handicap receiver, 下手)
	CreatorWhite                   // the creator plays White (the handicap giver, 上手)
	Furigoma                       // five pawns decide
)

// Options are a new table's rules.
type Options struct {
	Time     match.TimeControl // both sides'; zero is no clock
	Handicap string            // a game.FindHandicap name; "" is an even game
	Seat     SeatChoice
}

// MaxName and MaxChat bound what a person types, in characters.
const (
	MaxName = 20
	MaxChat = 200
)

// CleanName makes a typed name fit to show to others: no control
// characters, at most MaxName characters; "" if nothing is left.
func CleanName(s string) string { return clean(s, MaxName) }

// Create opens a table with p in the first seat and returns that seat.
func (l *Lobby) Create(p Person, o Options) (*Seat, error) {
	p.Name = CleanName(p.Name)
	if p.Name == "" {
		return nil, errors.New("a player needs a name")
	}
	start := game.StartPosition()
	handicap := ""
	if o.Handicap != "" {
		h, ok := game.FindHandicap(o.Handicap)
		if !ok {
			return nil, fmt.Errorf("unknown handicap %q", o.Handicap)
		}
		if err := h.CheckPlayable(); err != nil {
			return nil, err
		}
		if h.Key != "even" {
			handicap = h.Key
		}
		start = h.Position()
	}
	if err := o.Time.Validate(); err != nil {
		return nil, err
	}
	var code string
	for tries := 0; ; tries++ {
		l.mu.Lock()
		if l.shutdown {
			l.mu.Unlock()
			return nil, ErrShutdown
		}
		if len(l.tables) >= l.cfg.MaxTables {
			l.mu.Unlock()
			return nil, ErrTooMany
		}
		code = newCode(l.rng)
		for l.tables[code] != nil {
			code = newCode(l.rng)
		}
		created := l.ts.Now()
		l.mu.Unlock()
		// The claim goes over the network: without the lobby's lock.
		err := l.claim(code, Info{Code: code, Names: [2]string{p.Name}, Time: o.Time, Handicap: handicap, Created: created})
		if err == nil {
			break
		}
		if errors.Is(err, ErrCodeTaken) && tries < 10 {
			continue
		}
		l.log.Warn("cannot open a table", "by", p.Name, "err", err)
		return nil, ErrNoCluster
	}
	l.mu.Lock()
	if l.shutdown {
		l.mu.Unlock()
		go l.release(code)
		return nil, ErrShutdown
	}
	t := &Table{l: l, done: make(chan struct{}), code: code, opts: o, handicap: handicap, start: start, created: l.ts.Now(),
		listeners: map[*Feed]struct{}{}}
	t.seats[0] = &seatState{person: p, present: true}
	l.tables[code] = t
	l.log.Debug("table opened", "code", code, "by", p.Name, "time", o.Time.String(), "handicap", handicapName(handicap), "seat", o.Seat.String())
	t.keep()
	// The first seat is handed out before anyone else can reach the
	// table, which is then served to the other nodes (over the network:
	// without the lobby's lock).
	seat := t.newSeat(0)
	l.mu.Unlock()
	l.serve(t)
	return seat, nil
}

// Join sits p at the table with code: in its free seat, or back in the
// seat p left (same name, and same key if p had one).
func (l *Lobby) Join(code string, p Person) (*Seat, error) {
	p.Name = CleanName(p.Name)
	if p.Name == "" {
		return nil, errors.New("a player needs a name")
	}
	t := l.Table(code)
	if t == nil {
		if l.cfg.Far == nil {
			return nil, ErrNoTable
		}
		fs, err := l.cfg.Far.Join(NormalizeCode(code), p)
		if err != nil {
			return nil, err
		}
		return &Seat{far: fs}, nil
	}
	return t.join(p)
}

// Held lists the games in progress where a seat waits for p: p left it
// (the connection dropped, or the app was closed) and the grace period
// runs. Joining the table's code puts p back in it.
func (l *Lobby) Held(p Person) []Info {
	p.Name = CleanName(p.Name)
	l.mu.Lock()
	ts := make([]*Table, 0, len(l.tables))
	for _, t := range l.tables {
		ts = append(ts, t)
	}
	l.mu.Unlock()
	var out []Info
	for _, t := range ts {
		if t.holds(p) {
			out = append(out, t.Info())
		}
	}
	if l.cfg.Far != nil {
		out = append(out, l.cfg.Far.Held(p)...)
	}
	slices.SortFunc(out, func(a, b Info) int { return b.Created.Compare(a.Created) })
	return out
}

// Watch follows the table with code as a spectator.
func (l *Lobby) Watch(code string, p Person) (*Watcher, error) {
	t := l.Table(code)
	if t == nil {
		if l.cfg.Far == nil {
			return nil, ErrNoTable
		}
		fw, err := l.cfg.Far.Watch(NormalizeCode(code), p)
		if err != nil {
			return nil, err
		}
		return &Watcher{far: fw}, nil
	}
	return t.watch(p), nil
}

// Table returns the table with code (as NormalizeCode reads it), or nil.
func (l *Lobby) Table(code string) *Table {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.tables[NormalizeCode(code)]
}

// Info describes a table for a list.
type Info struct {
	Code     string
	Names    [2]string // by colour once the game started; creator first before
	Started  bool
	Over     bool
	Moves    int
	Time     match.TimeControl
	Handicap string // a handicap's key; "" for even
	Watchers int
	Created  time.Time
}

// Tables lists the tables, this node's and, in a cluster, the other
// nodes' (Far), games in progress first, newest first.
func (l *Lobby) Tables() []Info {
	l.mu.Lock()
	ts := make([]*Table, 0, len(l.tables))
	for _, t := range l.tables {
		ts = append(ts, t)
	}
	l.mu.Unlock()
	out := make([]Info, 0, len(ts))
	mine := map[string]bool{}
	for _, t := range ts {
		out = append(out, t.Info())
		mine[t.code] = true
	}
	if l.cfg.Far != nil {
		for _, i := range l.cfg.Far.Tables() {
			if !mine[i.Code] {
				out = append(out, i)
			}
		}
	}
	slices.SortFunc(out, Listed)
	return out
}

// Listed orders tables as a lobby lists them: games in progress, then
// tables waiting for a player, then finished ones; newest first in each.
// The cluster's list of every node's tables uses the same order.
func Listed(a, b Info) int {
	rank := func(i Info) int {
		switch {
		case i.Started && !i.Over:
			return 0
		case !i.Started:
			return 1
		}
		return 2
	}
	if r := rank(a) - rank(b); r != 0 {
		return r
	}
	return b.Created.Compare(a.Created)
}

// closeDoors refuses new tables from now on and returns the open ones.
func (l *Lobby) closeDoors() []*Table {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.shutdown = true
	ts := make([]*Table, 0, len(l.tables))
	for _, t := range l.tables {
		ts = append(ts, t)
	}
	return ts
}

// Shutdown closes the lobby: no new tables, every game in progress is
// interrupted (中断) with reason and written, and every listener is told.
// It returns once the games are written or ctx ends.
func (l *Lobby) Shutdown(ctx context.Context, reason string) error {
	ts := l.closeDoors()
	for _, t := range ts {
		t.abort(reason)
	}
	done := make(chan struct{})
	go func() {
		l.games.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
		return ctx.Err()
	}
	for _, t := range ts {
		t.close(reason)
	}
	return nil
}

// serve hands a new table of this lobby's to the Far, which serves it
// to the other nodes until it closes.
func (l *Lobby) serve(t *Table) {
	if l.cfg.Far != nil {
		l.cfg.Far.Serve(t)
	}
}

// remove forgets a table.
func (l *Lobby) remove(t *Table) {
	l.mu.Lock()
	if l.tables[t.code] == t {
		delete(l.tables, t.code)
	}
	l.mu.Unlock()
}

// toss throws the pawns with the lobby's generator.
func (l *Lobby) toss() game.Furigoma {
	l.mu.Lock()
	defer l.mu.Unlock()
	return game.TossPawns(l.rng)
}

func (s SeatChoice) String() string {
	switch s {
	case CreatorBlack:
		return "creator-black"
	case CreatorWhite:
		return "creator-white"
	}
	return "furigoma"
}

func handicapName(key string) string {
	if key == "" {
		return "even"
	}
	return key
}

// fileName is a game's file name: when it began, its code and players,
// with anything a file system might refuse replaced.
func fileName(began time.Time, code string, names [2]string) string {
	safe := func(s string) string {
		return strings.Map(func(r rune) rune {
			if strings.ContainsRune(`/\:*?"<>|.`, r) || r < ' ' {
				return '_'
			}
			return r
		}, s)
	}
	return fmt.Sprintf("%s-%s-%s-%s", began.Format("20060102-150405"), code, safe(names[0]), safe(names[1]))
}
