package gamedb

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	bolt "go.etcd.io/bbolt"

	"shogi/game"
)

// Filter narrows the games a query counts; the zero Filter counts all.
type Filter struct {
	Player      string // a player's name, as stored (case-insensitive)
	As          string // "black" or "white": the player's side; "" either
	Since       string // dates as YYYY-MM-DD, inclusive
	Until       string
	TimeControl string
	Result      string // 1-0, 0-1, 1/2, *
	Opening     string // either side's recognised opening or castle, or the record's 戦型
	MinRating   int    // both players rated at least this
}

// Empty reports whether f lets every game through.
func (f Filter) Empty() bool { return f == Filter{} }

// Check says what is wrong with a filter's values.
func (f Filter) Check() error {
	if f.As != "" && f.As != "black" && f.As != "white" {
		return fmt.Errorf("--as %q: want black or white", f.As)
	}
	if f.As != "" && f.Player == "" {
		return errors.New("--as needs --player")
	}
	for _, d := range []string{f.Since, f.Until} {
		if d != "" && normDate(d) != d {
			return fmt.Errorf("date %q: want YYYY-MM-DD", d)
		}
	}
	switch f.Result {
	case "", BlackWon, WhiteWon, Drawn, Unfinished:
	default:
		return fmt.Errorf("--result %q: want 1-0, 0-1, 1/2 or *", f.Result)
	}
	return nil
}

// Match reports whether g passes f.
func (f Filter) Match(g *Game) bool {
	if f.Player != "" {
		b := strings.EqualFold(g.Players[game.Black].Name, f.Player)
		w := strings.EqualFold(g.Players[game.White].Name, f.Player)
		switch f.As {
		case "black":
			if !b {
				return false
			}
		case "white":
			if !w {
				return false
			}
		default:
			if !b && !w {
				return false
			}
		}
	}
	if f.Since != "" && (g.Date == "" || g.Date < f.Since) || f.Until != "" && (g.Date == "" || g.Date > f.Until) {
		return false
	}
	if f.TimeControl != "" && g.TimeControl != f.TimeControl || f.Result != "" && g.Result != f.Result {
		return false
	}
	if f.Opening != "" {
		ok := g.HeaderOpen == f.Opening
		for _, s := range g.Players {
			ok = ok || s.Opening == f.Opening || s.Castle == f.Opening
		}
		if !ok {
			return false
		}
	}
	if f.MinRating > 0 && (g.Players[0].Rating < f.MinRating || g.Players[1].Rating < f.MinRating) {
		return false
	}
	return true
}

// MoveStat is a move played from a position with its games and results
// for the side to move.
type MoveStat struct {
	Move                       game.Move
	Games, Wins, Draws, Losses int
}

// Explore returns the moves played from p in the games f lets through,
// most played first (ties by USI text).
func (db *DB) Explore(p *game.Position, f Filter) ([]MoveStat, error) {
	k := posKey(p)
	var out []MoveStat
	err := db.bolt.View(func(tx *bolt.Tx) error {
		if f.Empty() {
			// Each run holds its own counts: they add up.
			var order [][4]byte
			sum := map[[4]byte]counts{}
			for _, pm := range runBuckets(tx, bPMRuns) {
				c := pm.cursor()
				for key, val := c.Seek(k[:]); key != nil && bytes.HasPrefix(key, k[:]); key, val = c.Next() {
					cs, err := decodeCounts(val)
					if err != nil {
						return err
					}
					mk := [4]byte(key[8:])
					o, ok := sum[mk]
					if !ok {
						order = append(order, mk)
					}
					sum[mk] = counts{o.games + cs.games, o.wins + cs.wins, o.draws + cs.draws, o.losses + cs.losses}
				}
				if err := cursorErr(c); err != nil {
					return err
				}
			}
			for _, mk := range order {
				m, ok := moveFromKey(p, mk[:])
				if !ok {
					continue // another position of the same key: 1 in 2^64
				}
				cs := sum[mk]
				out = append(out, MoveStat{m, int(cs.games), int(cs.wins), int(cs.draws), int(cs.losses)})
			}
			return nil
		}
		by := map[[4]byte]*MoveStat{}
		return eachGame(tx, k, false, 0, func(g *Game, ply int, mk []byte, o byte) (bool, error) {
			if !f.Match(g) || mk[0] == 0xfe {
				return true, nil
			}
			var key [4]byte
			copy(key[:], mk)
			s := by[key]
			if s == nil {
				m, ok := moveFromKey(p, mk)
				if !ok {
					return true, nil
				}
				s = &MoveStat{Move: m}
				by[key] = s
				out = append(out, MoveStat{})
			}
			s.Games++
			switch o {
			case oWin:
				s.Wins++
			case oDraw:
				s.Draws++
			case oLoss:
				s.Losses++
			}
			return true, nil
		}, func() {
			out = out[:0]
			for _, s := range by {
				out = append(out, *s)
			}
		})
	})
	if err != nil {
		return nil, &Error{db.path, err}
	}
	slices.SortFunc(out, func(a, b MoveStat) int {
		if a.Games != b.Games {
			return b.Games - a.Games
		}
		return strings.Compare(a.Move.USI(), b.Move.USI())
	})
	return out, nil
}

// eachGame calls fn with every game under position k (newest id first
// when newest), then done. want is how many games fn is likely to take
// (0: all), so that the first window of facts read is no larger.
func eachGame(tx *bolt.Tx, k [8]byte, newest bool, want int, fn func(g *Game, ply int, move []byte, out byte) (bool, error), done func()) error {
	gb, fb := tx.Bucket(bGames), tx.Bucket(bFacts)
	rs := runBuckets(tx, bPGRuns)
	if newest {
		slices.Reverse(rs)
	}
	for _, pg := range rs {
		more, err := eachGameIn(pg.cursor(), fb, gb, k, newest, want, fn)
		if err != nil {
			return err
		}
		if !more {
			break
		}
	}
	if done != nil {
		done()
	}
	return nil
}

// factsWindow is how many index entries eachGameIn takes at a time; their
// games' facts are read side by side (readFacts) before fn sees them.
const factsWindow = 64

// gameEntry is an index entry of eachGameIn's window, copied out of the
// cursor (a run of blocks decodes into a buffer it reuses).
type gameEntry struct {
	id   [4]byte
	ply  int
	move [4]byte
	out  byte
}

// eachGameIn is eachGame in one run; it reports whether fn wants more.
func eachGameIn(c cursor, fb, gb *bolt.Bucket, k [8]byte, newest bool, want int, fn func(g *Game, ply int, move []byte, out byte) (bool, error)) (bool, error) {
	var key, val []byte
	next := c.Next
	if newest {
		// From the last entry under k backwards: seek past k's range.
		var up [8]byte
		binary.BigEndian.PutUint64(up[:], binary.BigEndian.Uint64(k[:])+1)
		if first, _ := c.Seek(up[:]); first == nil || binary.BigEndian.Uint64(k[:]) == ^uint64(0) {
			key, val = c.Last()
		} else {
			key, val = c.Prev()
		}
		next = c.Prev
	} else {
		key, val = c.Seek(k[:])
	}
	win := factsWindow
	if want > 0 {
		win = min(want, factsWindow)
	}
	var es []gameEntry
	for key != nil && bytes.HasPrefix(key, k[:]) {
		es = es[:0]
		for ; key != nil && bytes.HasPrefix(key, k[:]) && len(es) < win; key, val = next() {
			ply, mk, o, err := decodePG(val)
			if err != nil {
				return false, err
			}
			es = append(es, gameEntry{[4]byte(key[8:]), ply, [4]byte(mk), o})
		}
		win = factsWindow
		gs, err := readFacts(fb, gb, es)
		if err != nil {
			return false, err
		}
		for i := range es {
			more, err := fn(gs[i], es[i].ply, es[i].move[:], es[i].out)
			if err != nil || !more {
				return false, err
			}
		}
	}
	return true, cursorErr(c)
}

// factsReaders is how many transactions readFacts reads in at once, at
// least factsEach games each (so fewer than 2*factsEach are read in one).
const factsReaders, factsEach = 8, 4

// readFacts returns the facts of the games es name (loadFacts), in
// order. A position's games lie far apart in the facts bucket (some fifty
// games a page, in id order), so a page of the games list needs some
// fifty pages, each a read of its own when it comes from the disk: one
// after another, they were most of the list's time (8–9 ms at the median
// with every page from the disk at a million games). Read in several
// transactions at once, the reads wait for the disk together. bbolt's
// transactions may not be shared between goroutines, and read-only ones
// may be many at once; a read-only transaction begun while another is
// open waits only for a writer growing the file's map or for Close, and
// the look-ups run on read-only handles that their caller closes after
// them (OpenReadOnly), so neither can be waiting here.
func readFacts(fb, gb *bolt.Bucket, es []gameEntry) ([]*Game, error) {
	out := make([]*Game, len(es))
	if len(es) < 2*factsEach || fb == nil {
		for i := range es {
			g, err := loadFacts(fb, gb, es[i].id[:])
			if err != nil {
				return nil, err
			}
			out[i] = g
		}
		return out, nil
	}
	n := min(factsReaders, len(es)/factsEach)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for w := range n {
		wg.Go(func() {
			errs[w] = fb.Tx().DB().View(func(tx *bolt.Tx) error {
				fb, gb := tx.Bucket(bFacts), tx.Bucket(bGames)
				for i := w; i < len(es); i += n {
					g, err := loadFacts(fb, gb, es[i].id[:])
					if err != nil {
						return err
					}
					out[i] = g
				}
				return nil
			})
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, nil
}

func loadGame(gb *bolt.Bucket, id []byte) (*Game, error) {
	data := gb.Get(id)
	if data == nil {
		return nil, fmt.Errorf("game %d is in the index but not stored", binary.BigEndian.Uint32(id))
	}
	g := &Game{ID: binary.BigEndian.Uint32(id)}
	if err := jsonGame(data, g); err != nil {
		return nil, err
	}
	return g, nil
}

// jsonGame reads a stored game's record into g (whose ID is set).
func jsonGame(data []byte, g *Game) error {
	if err := json.Unmarshal(data, g); err != nil {
		return fmt.Errorf("game %d: damaged: %w", g.ID, err)
	}
	return nil
}

// GameAt is a game that reached a position, and the ply it got there.
type GameAt struct {
	*Game
	Ply int
}

// Games returns up to limit games (0: all) that reached p and pass f, the
// last stored first, each read whole (its record: Game.Record).
func (db *DB) Games(p *game.Position, f Filter, limit int) ([]GameAt, error) {
	return db.games(p, f, limit, true)
}

// GameList is Games with only each game's facts read — players, date,
// result, openings … — not its moves and headers: what a list of games
// shows, a few dozen bytes a game (Game.Record refuses such a game; Game
// reads it whole).
func (db *DB) GameList(p *game.Position, f Filter, limit int) ([]GameAt, error) {
	return db.games(p, f, limit, false)
}

func (db *DB) games(p *game.Position, f Filter, limit int, whole bool) ([]GameAt, error) {
	var out []GameAt
	err := db.bolt.View(func(tx *bolt.Tx) error {
		err := eachGame(tx, posKey(p), true, limit, func(g *Game, ply int, _ []byte, _ byte) (bool, error) {
			if f.Match(g) {
				out = append(out, GameAt{g, ply})
			}
			return limit <= 0 || len(out) < limit, nil
		}, nil)
		if err != nil || !whole {
			return err
		}
		gb := tx.Bucket(bGames)
		for i := range out {
			if !out[i].brief {
				continue
			}
			var id [4]byte
			binary.BigEndian.PutUint32(id[:], out[i].ID)
			if out[i].Game, err = loadGame(gb, id[:]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, &Error{db.path, err}
	}
	return out, nil
}

// Game returns the game with id.
func (db *DB) Game(id uint32) (*Game, error) {
	var g *Game
	err := db.bolt.View(func(tx *bolt.Tx) error {
		var k [4]byte
		binary.BigEndian.PutUint32(k[:], id)
		if tx.Bucket(bGames).Get(k[:]) == nil {
			return fmt.Errorf("no game %d", id)
		}
		var err error
		g, err = loadGame(tx.Bucket(bGames), k[:])
		return err
	})
	if err != nil {
		return nil, &Error{db.path, err}
	}
	return g, nil
}
