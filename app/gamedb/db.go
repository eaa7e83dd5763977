// Package gamedb is the games database: every game's facts and a position
// index (position → the moves played from it with games, wins, draws and
// losses, and the games that passed through it) in one bbolt file. Import
// streams records through kifu's readers; the app adds each finished game;
// the explorer panel and `shogi db` read the same API.
//
// The index is by position (board, hands, side to move: game.Position's
// 64-bit Zobrist key), so transpositions meet. Only main lines are
// indexed: a record's variations are study, not play. A game counts once
// for a position however often it returns there, and once for each move
// it played from there.
//
// The store is bbolt (docs/database.md has the measurements that chose
// it): one file, transactions that are atomic on disk, so an import cut
// short by Ctrl+C or kill -9 leaves the games of every committed batch and
// nothing half-written; a second run skips the games already stored (by
// their content hash) and finishes the job. One writer at a time holds the
// file's lock; import takes it batch by batch, so the app adding a
// finished game waits at most one batch.
package gamedb

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"shogi/game"
	"shogi/game/opening"
	"shogi/kifu"
)

// Version is the database format this program writes; a file of a newer
// version is refused rather than misread. Format 1 kept the index in one
// pg and one pm bucket; format 2 keeps it in runs (runs.go) and reads a
// format 1 file's buckets as its oldest run; format 3 keeps each game's
// facts apart from its record (facts.go) and merges the runs after an
// import until few are left; format 4 writes runs of blocks (blocks.go)
// and reads the older runs of a key an entry beside them. A writer brings
// a file of an older format up to this one (an older program refuses it
// then); the next import fills in the older games' facts and merges the
// runs.
const Version = 4

var (
	bMeta  = []byte("meta")
	bGames = []byte("games") // id → Game (JSON)
	bHash  = []byte("hash")  // content hash → id
	bMoves = []byte("pm")    // position(8) + move(4) → games, wins, draws, losses (varints)
	bPos   = []byte("pg")    // position(8) + id(4) → ply, move(4), outcome
)

// ErrNotDatabase is a file that is not a games database.
var ErrNotDatabase = errors.New("not a games database")

// ErrStoppedImport refuses the app's finished game while the database
// waits for an import to finish one that was stopped hard (kill -9): the
// game stays in the games folder, and that import adds it.
var ErrStoppedImport = errors.New("an import was stopped before it could finish; the next `shogi db import` finishes it")

// freelistMissing reports whether the file's newest meta page says it
// has no list of free pages (an import stopped before it let go of the
// file), read from the file's first two pages as bbolt lays them out.
func freelistMissing(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var best struct {
		txid, freelist uint64
		ok             bool
	}
	for i := range 2 {
		// A meta page: a 16-byte page header, then magic, version and
		// page size (4 bytes each), flags, the root bucket (16 bytes), the
		// freelist's page, the high-water page, the transaction id.
		var m [72]byte
		off := int64(0)
		if i == 1 {
			var first [64]byte
			if _, err := f.ReadAt(first[:], 0); err != nil {
				return false
			}
			off = int64(binary.LittleEndian.Uint32(first[24:]))
		}
		if _, err := f.ReadAt(m[:], off); err != nil {
			return false
		}
		if binary.LittleEndian.Uint32(m[16:]) != 0xED0CDAED {
			continue
		}
		freelist, txid := binary.LittleEndian.Uint64(m[48:]), binary.LittleEndian.Uint64(m[64:])
		if !best.ok || txid > best.txid {
			best.txid, best.freelist, best.ok = txid, freelist, true
		}
	}
	return best.ok && best.freelist == ^uint64(0)
}

// Error is a database that cannot be used, with its path.
type Error struct {
	Path string
	Err  error
}

func (e *Error) Error() string {
	if noRoom(e.Err) {
		return fmt.Sprintf("games database %s: no room to write (the disk is full or the file may grow no larger): %v; what was stored before is kept", e.Path, e.Err)
	}
	return fmt.Sprintf("games database %s: %v", e.Path, e.Err)
}
func (e *Error) Unwrap() error { return e.Err }

// noRoom reports whether err is a write that found no room: a full disk,
// or a file at its size limit. bbolt wraps some of these as text only.
func noRoom(err error) bool {
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EFBIG) {
		return true
	}
	s := err.Error()
	return strings.Contains(s, syscall.ENOSPC.Error()) || strings.Contains(s, syscall.EFBIG.Error())
}

// DB is an open games database.
type DB struct {
	path string
	bolt *bolt.DB

	// importMark is what an import's first run writes as kImportRuns
	// when the file has none (import.go); nil outside an import.
	importMark []byte
}

// LockWait is how long Open waits for another program's writer to let go
// of the file before it says the database is locked.
var LockWait = 10 * time.Second

// Open opens (creating when absent) the database at path.
func Open(path string) (*DB, error) {
	return open(path, false)
}

// OpenReadOnly opens an existing database for look-ups only.
func OpenReadOnly(path string) (*DB, error) {
	return open(path, true)
}

func open(path string, readOnly bool) (*DB, error) {
	return openWait(path, readOnly, LockWait)
}

func openWait(path string, readOnly bool, wait time.Duration) (*DB, error) {
	return openWith(path, readOnly, false, wait)
}

// openWith is openWait; keep (a writer's open) leaves a merge in the
// middle and the runs merged away as they are: an import that let a
// reader in during its merge opens the file again to go on with it.
func openWith(path string, readOnly, keep bool, wait time.Duration) (*DB, error) {
	if fi, err := os.Stat(path); err == nil && fi.Size() > 0 && !isBolt(path) {
		return nil, &Error{path, ErrNotDatabase}
	} else if err != nil && readOnly {
		return nil, &Error{path, err}
	} else if err != nil {
		// A new database: its folder is made as the app's data folder
		// would be (`shogi db import --db new/dir/games.db`).
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, &Error{path, err}
		}
	}
	before, _ := os.Stat(path)
	walk := !readOnly && freelistMissing(path)
	var stop func()
	if walk {
		// The open walks the whole file to find its free pages.
		stop = guardOpen(path)
	}
	b, err := boltOpen(path, readOnly, walk, wait)
	if stop != nil {
		stop()
	}
	if walk && err == nil {
		// The list the walk made is written now, as bbolt's open would
		// have written it had the guard not asked it to wait.
		releaseMap(b)
		b.NoFreelistSync = false
		if err = b.Update(func(*bolt.Tx) error { return nil }); err != nil {
			b.Close()
		}
	}
	if err != nil {
		if errors.Is(err, berrors.ErrTimeout) {
			who := "another program"
			if h := lockHolder(path); h != "" {
				who = h
			}
			err = fmt.Errorf("locked: %s has been writing to it for longer than %v; try again when it is done", who, wait)
		}
		return nil, &Error{path, err}
	}
	if !readOnly && replaced(path, before) {
		// Compact put a new file in its place while we waited for the
		// lock: write to that one.
		b.Close()
		return openWith(path, readOnly, keep, wait)
	}
	db := &DB{path: path, bolt: b}
	if err := db.check(readOnly, keep); err != nil {
		b.Close()
		return nil, &Error{path, err}
	}
	return db, nil
}

// boltOpen opens the file with bbolt, waiting up to wait for its lock;
// while it waits it asks the holder to let go (askYield), as an import
// holding the file does between two batches. walk says the file has no
// list of free pages: the open then leaves the list it rebuilds unwritten
// (openWait writes it), so that nothing in bbolt's open unmaps the file
// after mapping it (see guardOpen).
func boltOpen(path string, readOnly, walk bool, wait time.Duration) (*bolt.DB, error) {
	deadline := time.Now().Add(wait)
	// The first try does not wait (bbolt gives up after one try when its
	// timeout is under its 50 ms between tries); the others ask again
	// every askEvery, as the holder removes the request when it yields
	// to someone else.
	step, asked := time.Millisecond, false
	for {
		o := boltOptions(step, readOnly)
		o.NoFreelistSync = walk
		b, err := bolt.Open(path, 0o644, o)
		if err == nil || !errors.Is(err, berrors.ErrTimeout) || !time.Now().Before(deadline) {
			if asked && readOnly {
				_ = os.Remove(readerFile(path)) // not left for the next holder
			} else if asked {
				_ = os.Remove(yieldFile(path))
			}
			return b, err
		}
		askYield(path, readOnly)
		step, asked = max(time.Millisecond, min(askEvery, time.Until(deadline))), true
	}
}

// askEvery is how often a program waiting for the file asks its holder
// again to let go.
const askEvery = 250 * time.Millisecond

// yieldFile is the file a program waiting for the database's lock to
// write makes beside it: the request that the holder let go when it can;
// readerFile is a reader's.
func yieldFile(path string) string  { return path + ".wait" }
func readerFile(path string) string { return path + ".read" }

// askYield asks the holder of the database's lock to let go for a while.
// Best effort: without the request (a folder one cannot write to) the
// holder keeps the file until it is done. A reader asks apart: an import
// lets a reader in in the middle of a merge, which a writer would undo.
func askYield(path string, readOnly bool) {
	name := yieldFile(path)
	if readOnly {
		name = readerFile(path)
	}
	_ = os.WriteFile(name, nil, 0o644)
}

// yieldAsked reports whether another program asked for the file, and
// takes the request away.
func yieldAsked(path string) bool {
	w, r := os.Remove(yieldFile(path)) == nil, os.Remove(readerFile(path)) == nil
	return w || r
}

// readAsked reports whether a reader asked for the file, and takes the
// request away.
func readAsked(path string) bool { return os.Remove(readerFile(path)) == nil }

// boltOptions are the store's options. The freelist (the pages free for
// reuse) is written at each commit: not writing it makes a commit a
// little cheaper, but then every writer that opens the file rebuilds it
// by walking the whole file (667 ms at 1.2 million keys, and every
// program that adds a game opens the file); only an import, which holds
// the file, leaves it out until it lets go (holder). The hashmap
// freelist finds a run of free pages in constant time where the array
// one scans.
func boltOptions(wait time.Duration, readOnly bool) *bolt.Options {
	o := &bolt.Options{Timeout: wait, ReadOnly: readOnly, FreelistType: bolt.FreelistMapType}
	if !readOnly {
		// A map as large as the file will grow to in a while: growing it
		// inside a transaction copies every page the transaction touched
		// out of the old map. It is address space, not memory.
		o.InitialMmapSize = 1 << 30
	}
	return o
}

// isBolt reports whether the file starts as a bbolt file does (its magic
// number at offset 16).
func isBolt(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return true // let bolt say why
	}
	defer f.Close()
	var head [20]byte
	if n, _ := f.Read(head[:]); n < 20 {
		return false
	}
	return binary.LittleEndian.Uint32(head[16:]) == 0xED0CDAED
}

// check makes the buckets of a new database and refuses another
// version's. A writer also brings a database of the first format up to
// this one (its index stays where it is, as the oldest run) and drops
// what a merge cut short left.
func (db *DB) check(readOnly, keep bool) error {
	current := false
	err := db.bolt.View(func(tx *bolt.Tx) error {
		if err := checkVersion(tx); err != nil {
			return err
		}
		v, _ := strconv.Atoi(string(tx.Bucket(bMeta).Get([]byte("version"))))
		current = v == Version && tx.Bucket(bMerge) == nil && tx.Bucket(bDead) == nil
		return nil
	})
	// A current database needs no write (a commit costs a sync).
	if readOnly || current || err != nil && !errors.Is(err, ErrNotDatabase) {
		return err
	}
	err = db.bolt.Update(func(tx *bolt.Tx) error {
		meta := tx.Bucket(bMeta)
		if meta == nil {
			if tx.Bucket(bGames) != nil || len(tx.Inspect().Children) > 0 {
				return ErrNotDatabase
			}
			var err error
			if meta, err = tx.CreateBucket(bMeta); err != nil {
				return err
			}
			// A new database writes every game's facts with it.
			if err := meta.Put(kFactsTo, factsAll); err != nil {
				return err
			}
		} else if err := checkVersion(tx); err != nil {
			return err
		}
		for _, name := range [][]byte{bGames, bHash, bPGRuns, bPMRuns, bRuns, bFacts} {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return err
			}
		}
		if !keep {
			if err := dropMerges(tx); err != nil {
				return err
			}
		}
		return meta.Put([]byte("version"), []byte(strconv.Itoa(Version)))
	})
	if err != nil || keep {
		return err
	}
	// Runs a merge cut short had merged away (a million games' worth, when
	// an import was killed in its last merge), their map's pages let go as
	// the import's are: without, the file's pages the deletions read
	// stayed mapped, 886 MB at a million games.
	_, err = dropDead(db.bolt, tending{release: func() { trimMap(db.bolt) }})
	return err
}

func checkVersion(tx *bolt.Tx) error {
	meta := tx.Bucket(bMeta)
	if meta == nil {
		return ErrNotDatabase
	}
	v, err := strconv.Atoi(string(meta.Get([]byte("version"))))
	if err != nil {
		return ErrNotDatabase
	}
	if v > Version {
		return fmt.Errorf("made by a newer version of shogi (format %d; this one reads %d): update shogi", v, Version)
	}
	return nil
}

// Close closes the database.
func (db *DB) Close() error { return db.bolt.Close() }

// Path returns the database's file.
func (db *DB) Path() string { return db.path }

// Side is one player's facts in a game.
type Side struct {
	Name    string `json:"name,omitempty"`
	Rating  int    `json:"rating,omitempty"`
	Opening string `json:"opening,omitempty"` // recognised (game/opening)
	Castle  string `json:"castle,omitempty"`
}

// Game is a stored game's facts and moves.
type Game struct {
	ID          uint32        `json:"-"`
	Players     [2]Side       `json:"players"` // by game.Color
	Date        string        `json:"date,omitempty"`
	Event       string        `json:"event,omitempty"`
	TimeControl string        `json:"tc,omitempty"`
	Result      string        `json:"result"`                   // "1-0" Black won, "0-1", "1/2", "*" unfinished
	Ending      string        `json:"ending,omitempty"`         // how (resign, sennichite …)
	HeaderOpen  string        `json:"header_opening,omitempty"` // the record's own 戦型
	Source      string        `json:"source,omitempty"`
	Hash        string        `json:"hash"`
	Start       string        `json:"start,omitempty"` // SFEN when not the even start
	Moves       string        `json:"moves"`           // main line in USI
	Headers     []kifu.Header `json:"headers,omitempty"`
	Plies       int           `json:"plies"`
	// brief: only the facts were read (GameList), not the moves and
	// headers.
	brief bool
}

// Result texts.
const (
	BlackWon   = "1-0"
	WhiteWon   = "0-1"
	Drawn      = "1/2"
	Unfinished = "*"
)

// outcome of a game for the side to move in a position: what the index
// counts.
const (
	oNone byte = iota
	oWin
	oDraw
	oLoss
)

func outcomeFor(result string, c game.Color) byte {
	switch {
	case result == Drawn:
		return oDraw
	case result == BlackWon && c == game.Black, result == WhiteWon && c == game.White:
		return oWin
	case result == BlackWon, result == WhiteWon:
		return oLoss
	}
	return oNone
}

// header returns the first of a record's headers named by any of keys
// (under any format's name for them), or "".
func header(r *kifu.Record, keys ...string) string {
	for _, k := range keys {
		if v, ok := r.Lookup(k); ok && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// normDate turns the dates records write (2024/01/02 10:00:00, 2024-01-02,
// 2024年1月2日 …) into 2024-01-02, or "" when there is none.
func normDate(s string) string {
	var nums []int
	cur, in := 0, false
	for _, r := range s {
		if r >= '0' && r <= '9' {
			cur, in = cur*10+int(r-'0'), true
			continue
		}
		if r >= '０' && r <= '９' {
			cur, in = cur*10+int(r-'０'), true
			continue
		}
		if in {
			nums = append(nums, cur)
			cur, in = 0, false
		}
		if len(nums) == 3 {
			break
		}
	}
	if in && len(nums) < 3 {
		nums = append(nums, cur)
	}
	if len(nums) < 3 || nums[0] < 1000 || nums[1] < 1 || nums[1] > 12 || nums[2] < 1 || nums[2] > 31 {
		return ""
	}
	return fmt.Sprintf("%04d-%02d-%02d", nums[0], nums[1], nums[2])
}

// ratingOf finds a player's rating: a header of its own (先手レーティング,
// black_rate in floodgate's comments is not a header and is left).
func ratingOf(r *kifu.Record, c game.Color) int {
	keys := []string{"先手レーティング", "Black rating", "BlackElo"}
	if c == game.White {
		keys = []string{"後手レーティング", "White rating", "WhiteElo"}
	}
	n, _ := strconv.Atoi(header(r, keys...))
	return n
}

// FromRecord makes a game's facts from a record's main line (up to a
// problem the reader stopped at: such a game is stored unfinished).
func FromRecord(r *kifu.Record, source string, broken bool) *Game {
	g := &Game{Source: source}
	g.Players[game.Black] = Side{Name: header(r, kifu.KeyBlack), Rating: ratingOf(r, game.Black)}
	g.Players[game.White] = Side{Name: header(r, kifu.KeyWhite), Rating: ratingOf(r, game.White)}
	g.Date = normDate(header(r, kifu.KeyStart, kifu.KeyEnd))
	g.Event = header(r, kifu.KeyEvent)
	g.TimeControl = header(r, kifu.KeyTimeControl)
	g.HeaderOpen = header(r, kifu.KeyOpening)
	g.Result = Unfinished
	res := r.Result()
	if !broken && res.Over() {
		if w, ok := res.Winner(); ok {
			g.Result = BlackWon
			if w == game.White {
				g.Result = WhiteWon
			}
		} else if res.Outcome == game.Draw {
			g.Result = Drawn
		}
		g.Ending = res.Ending.String()
	}
	if even := game.StartPosition(); !r.Start.Equal(&even) {
		g.Start = r.Start.SFEN()
	}
	moves := r.MainMoves()
	var sb strings.Builder
	for i, m := range moves {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(m.USI())
	}
	g.Moves = sb.String()
	g.Plies = len(moves)
	tags := opening.Tag(r.Start, moves)
	for c := range 2 {
		g.Players[c].Opening, g.Players[c].Castle = tags[c].Opening, tags[c].Castle
	}
	g.Headers = append(g.Headers, r.Headers...)
	// The same game in two formats is one game: its hash is of what every
	// format keeps (start, moves, players, day), not of the file's bytes.
	sum := sha256.Sum256([]byte(strings.Join([]string{r.Start.SFEN(), g.Moves, g.Players[0].Name, g.Players[1].Name, g.Date, g.Result}, "\x00")))
	g.Hash = fmt.Sprintf("%x", sum[:16])
	return g
}

// Record rebuilds the game's record: headers, start, main line, ending.
func (g *Game) Record() (*kifu.Record, error) {
	if g.brief {
		return nil, fmt.Errorf("game %d: only its facts were read, not its moves", g.ID)
	}
	start := game.StartPosition()
	if g.Start != "" {
		var err error
		if start, err = game.ParseSFEN(g.Start); err != nil {
			return nil, fmt.Errorf("game %d: stored start: %w", g.ID, err)
		}
	}
	r := kifu.NewRecord(start)
	r.Headers = append(r.Headers, g.Headers...)
	p := start
	n := r.Root
	for _, w := range strings.Fields(g.Moves) {
		m, err := p.ParseUSI(w)
		if err != nil || !p.IsLegal(m) {
			return nil, fmt.Errorf("game %d: stored move %s is not legal", g.ID, w)
		}
		n = r.AddMove(n, m)
		p = p.Play(m)
	}
	if e := endingOf(g.Ending, g.Result, p.SideToMove()); e != kifu.NoEnding {
		r.AddEnding(n, e, "")
	}
	return r, nil
}

// endingOf turns a stored ending back into a record's ending.
func endingOf(ending, result string, mover game.Color) kifu.Ending {
	switch ending {
	case game.Resignation.String():
		return kifu.Resign
	case game.Checkmate.String():
		return kifu.Mate
	case game.Repetition.String():
		return kifu.Sennichite
	case game.Impasse.String():
		return kifu.Jishogi
	case game.Declaration.String():
		return kifu.EnteringKing
	case game.TimeLoss.String():
		return kifu.Timeout
	case game.IllegalMove.String():
		if outcomeFor(result, mover) == oWin {
			return kifu.IllegalWin
		}
		return kifu.IllegalLoss
	}
	return kifu.NoEnding
}

// posKey is a position's index key.
func posKey(p *game.Position) [8]byte {
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], p.Hash())
	return k
}

// moveKey is a move's part of a key: its USI text's squares packed, so the
// same move from the same position is the same key whatever the record
// stored about captures.
func moveKey(m game.Move) [4]byte {
	var k [4]byte
	from := byte(0xff)
	if !m.IsDrop() {
		from = byte(m.From())
	}
	k[0], k[1] = from, byte(m.To())
	k[2] = byte(m.Piece().Type())
	if m.IsPromotion() {
		k[3] = 1
	}
	return k
}

// moveFromKey turns a move key back into a move in position p.
func moveFromKey(p *game.Position, k []byte) (game.Move, bool) {
	to := game.Square(k[1])
	if !to.Valid() {
		return game.NoMove, false
	}
	var m game.Move
	if k[0] == 0xff {
		m = game.NewDrop(game.NewPiece(p.SideToMove(), game.PieceType(k[2])), to)
	} else {
		from := game.Square(k[0])
		if !from.Valid() {
			return game.NoMove, false
		}
		m = p.NewMove(from, to, k[3] == 1)
	}
	return m, p.IsLegal(m)
}

// counts are a move's figures in a position.
type counts struct{ games, wins, draws, losses uint64 }

func (c *counts) add(o byte) {
	c.games++
	switch o {
	case oWin:
		c.wins++
	case oDraw:
		c.draws++
	case oLoss:
		c.losses++
	}
}

func (c counts) encode() []byte { return c.appendTo(make([]byte, 0, 16)) }

func (c counts) appendTo(b []byte) []byte {
	for _, v := range [4]uint64{c.games, c.wins, c.draws, c.losses} {
		b = binary.AppendUvarint(b, v)
	}
	return b
}

func decodeCounts(b []byte) (counts, error) {
	var v [4]uint64
	for i := range v {
		x, n := binary.Uvarint(b)
		if n <= 0 {
			return counts{}, errors.New("damaged counts in the index")
		}
		v[i], b = x, b[n:]
	}
	return counts{v[0], v[1], v[2], v[3]}, nil
}

// visit is what a game leaves in the index: each position once (its first
// ply there), each move from a position once.
type visit struct {
	pos   [8]byte
	ply   int
	out   byte
	moves [][4]byte // the moves played from here, each once; most often one
	one   [1][4]byte
}

// visits walks a game's main line and returns each position it reached
// once, in order of first arrival.
func visits(g *Game) ([]visit, error) {
	start := game.StartPosition()
	if g.Start != "" {
		var err error
		if start, err = game.ParseSFEN(g.Start); err != nil {
			return nil, err
		}
	}
	words := strings.Fields(g.Moves)
	moves := make([]game.Move, len(words))
	p := start
	for i, w := range words {
		m, err := p.ParseUSI(w)
		if err != nil || !p.IsLegal(m) {
			return nil, fmt.Errorf("move %d %s is not legal", i+1, w)
		}
		moves[i] = m
		p = p.Play(m)
	}
	return visitsOf(start, moves, g.Result), nil
}

// visitsOf walks legal moves from start (a record's main line, which its
// reader checked).
func visitsOf(start game.Position, moves []game.Move, result string) []visit {
	out := make([]visit, 0, len(moves)+1)
	// Most games never come back to a position: look back only through
	// the positions since the last capture or pawn move would be exact,
	// but a map is simple and a game is short.
	at := make(map[[8]byte]int32, len(moves)+1)
	p := start
	for i := 0; ; i++ {
		k := posKey(&p)
		j, seen := at[k]
		if !seen {
			j = int32(len(out))
			at[k] = j
			out = append(out, visit{pos: k, ply: i, out: outcomeFor(result, p.SideToMove())})
		}
		if i == len(moves) {
			return out
		}
		v := &out[j]
		mk := moveKey(moves[i])
		switch {
		case v.moves == nil:
			v.one[0] = mk
			v.moves = v.one[:]
		case !slices.Contains(v.moves, mk):
			v.moves = append(v.moves[:len(v.moves):len(v.moves)], mk)
		}
		p = p.Play(moves[i])
	}
}

// pgValue is a game's entry under a position: the ply it first got there,
// the move it played then (none: it ended there), its outcome.
func pgValue(b []byte, v *visit) []byte {
	b = binary.AppendUvarint(b, uint64(v.ply))
	if len(v.moves) > 0 {
		b = append(b, v.moves[0][:]...)
	} else {
		b = append(b, 0xfe, 0xfe, 0, 0)
	}
	return append(b, v.out)
}

func decodePG(b []byte) (ply int, move []byte, out byte, err error) {
	x, n := binary.Uvarint(b)
	if n <= 0 || len(b) != n+5 {
		return 0, nil, 0, errors.New("damaged game entry in the index")
	}
	return int(x), b[n : n+4], b[n+4], nil
}

// Added says what became of games handed to Add.
type Added struct {
	Stored, Duplicates int
}

// prepared is a game ready to store: its facts encoded and its visits
// walked (the work an import's readers do in parallel).
type prepared struct {
	g    *Game
	data []byte
	vs   []visit
	err  error
}

// prepare makes a record's game ready to store.
func prepare(r *kifu.Record, source string, broken bool) prepared {
	g := FromRecord(r, source, broken)
	pr := prepared{g: g}
	pr.data, pr.err = json.Marshal(g)
	if pr.err == nil {
		pr.vs = visitsOf(r.Start, r.MainMoves(), g.Result)
	}
	return pr
}

// Add stores games in one transaction: each game not already stored (by
// content hash, also against the others in the batch) gets the next id,
// and its positions go into the index.
func (db *DB) Add(games []*Game) (Added, error) {
	prs := make([]prepared, len(games))
	for i, g := range games {
		prs[i].g = g
		if prs[i].vs, prs[i].err = visits(g); prs[i].err == nil {
			prs[i].data, prs[i].err = json.Marshal(g)
		}
	}
	return db.add(prs)
}

func (db *DB) add(games []prepared) (Added, error) {
	return db.addBuilt(build(games))
}

// built is a batch of games with its index entries made and sorted: the
// work of a batch that needs nothing from the database, which an import
// does for the next batch while the writer stores this one. The entries
// name games by their place in the batch; the store gives the games their
// ids in that order, so an entry's place in the sorted order is the same
// as if it had been sorted by id.
type built struct {
	games []prepared // visits dropped once the entries are made
	dup   []bool     // the same game as one before it in the batch
	pgs   []pgEntry
	pms   []pmEntry
	vals  []byte // the pg entries' values, each at its entry's off
	n     int    // game-positions (visits) of the batch
}

// The batch's index entries, small and without pointers so that sorting
// moves 16 bytes an entry and the collector has nothing to scan.
type pgEntry struct {
	pos uint64
	at  uint32 // the game's place in the batch
	off uint32 // where its value is in built.vals
}

type pmEntry struct {
	pos  uint64
	move uint32
	at   uint32 // the game's place in the batch << 8 | its outcome
}

// build makes a batch's index entries and sorts them.
func build(games []prepared) *built {
	n, m := 0, 0
	for i := range games {
		n += len(games[i].vs)
		for j := range games[i].vs {
			m += len(games[i].vs[j].moves)
		}
	}
	b := &built{games: games, dup: make([]bool, len(games)), n: n}
	b.pgs = make([]pgEntry, 0, n)
	b.pms = make([]pmEntry, 0, m)
	// One buffer holds every entry's value: a few allocations a batch.
	b.vals = make([]byte, 0, 7*n)
	inBatch := make(map[string]bool, len(games))
	for i := range games {
		pr := &games[i]
		if inBatch[pr.g.Hash] {
			b.dup[i] = true
			continue
		}
		inBatch[pr.g.Hash] = true
		for j := range pr.vs {
			v := &pr.vs[j]
			pos := binary.BigEndian.Uint64(v.pos[:])
			b.pgs = append(b.pgs, pgEntry{pos, uint32(i), uint32(len(b.vals))})
			b.vals = pgValue(b.vals, v)
			for _, mv := range v.moves {
				b.pms = append(b.pms, pmEntry{pos, binary.BigEndian.Uint32(mv[:]), uint32(i)<<8 | uint32(v.out)})
			}
		}
		pr.vs = nil
	}
	slices.SortFunc(b.pgs, func(x, y pgEntry) int {
		if x.pos != y.pos {
			return cmp.Compare(x.pos, y.pos)
		}
		return cmp.Compare(x.at, y.at)
	})
	// A move's games from a position: its entries side by side once
	// sorted, counted as they go by.
	slices.SortFunc(b.pms, func(x, y pmEntry) int {
		if x.pos != y.pos {
			return cmp.Compare(x.pos, y.pos)
		}
		return cmp.Compare(x.move, y.move)
	})
	return b
}

// addBuilt stores a built batch in one transaction: each game not already
// stored (by content hash) gets the next id, and the index entries of the
// games stored go into a run of their own, in order.
func (db *DB) addBuilt(b *built) (Added, error) {
	if err := db.settleHashes(); err != nil {
		return Added{}, &Error{db.path, err}
	}
	var res Added
	var first uint32
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		res, first = Added{}, 0
		gb, hb, fb := tx.Bucket(bGames), tx.Bucket(bHash), tx.Bucket(bFacts)
		if gb == nil || hb == nil || fb == nil {
			return ErrNotDatabase
		}
		fb.FillPercent = 1
		// ids[i] is the id game i got, 0 when it was not stored.
		ids := make([]uint32, len(b.games))
		var facts []byte
		for i := range b.games {
			if i%64 == 63 {
				// Each hash looked up maps the pages around its leaf.
				trimMap(db.bolt)
			}
			pr := &b.games[i]
			g := pr.g
			if b.dup[i] || hb.Get([]byte(g.Hash)) != nil {
				res.Duplicates++
				continue
			}
			if pr.err != nil {
				return fmt.Errorf("%s: %w", g.Source, pr.err)
			}
			seq, err := gb.NextSequence()
			if err != nil {
				return err
			}
			if seq > 1<<32-1 {
				return errors.New("full: 4,294,967,295 games")
			}
			g.ID = uint32(seq)
			ids[i] = g.ID
			var id [4]byte
			binary.BigEndian.PutUint32(id[:], g.ID)
			// Ids only grow: appending at the end of the bucket fills its
			// pages whole.
			gb.FillPercent = 1
			if err := gb.Put(id[:], pr.data); err != nil {
				return err
			}
			if first == 0 {
				// The games' hashes go in after this transaction (see
				// putHashes); until they are all in, the first id says
				// where to start again.
				first = g.ID
				if err := tx.Bucket(bMeta).Put(kHashesFrom, bytes.Clone(id[:])); err != nil {
					return err
				}
			}
			// bbolt keeps the value until the commit: each game's facts
			// stay in the buffer.
			n := len(facts)
			facts = encodeFacts(facts, g)
			if err := fb.Put(id[:], facts[n:]); err != nil {
				return err
			}
			res.Stored++
		}
		if res.Stored == 0 {
			return nil
		}
		// The batch's index is a run of its own, its keys put in order.
		r, err := newRun(tx, uint64(res.Stored))
		if err != nil {
			return err
		}
		if meta := tx.Bucket(bMeta); db.importMark != nil && meta.Get(kImportRuns) == nil {
			if err := meta.Put(kImportRuns, db.importMark); err != nil {
				return err
			}
		}
		w := newBlockWriter(r.pg)
		var k [keyLen]byte
		for _, e := range b.pgs {
			id := ids[e.at]
			if id == 0 {
				continue
			}
			binary.BigEndian.PutUint64(k[:], e.pos)
			binary.BigEndian.PutUint32(k[8:], id)
			_, l := binary.Uvarint(b.vals[e.off:])
			if err := w.add(k[:], b.vals[e.off:int(e.off)+l+5]); err != nil {
				return err
			}
		}
		if err := w.flush(); err != nil {
			return err
		}
		w = newBlockWriter(r.pm)
		var cb []byte
		for i := 0; i < len(b.pms); {
			e := b.pms[i]
			var c counts
			for ; i < len(b.pms) && b.pms[i].pos == e.pos && b.pms[i].move == e.move; i++ {
				if ids[b.pms[i].at>>8] != 0 {
					c.add(byte(b.pms[i].at))
				}
			}
			if c.games == 0 {
				continue
			}
			binary.BigEndian.PutUint64(k[:], e.pos)
			binary.BigEndian.PutUint32(k[8:], e.move)
			cb = c.appendTo(cb[:0])
			if err := w.add(k[:], cb); err != nil {
				return err
			}
		}
		return w.flush()
	})
	if err != nil {
		return Added{}, &Error{db.path, err}
	}
	if first != 0 {
		var hs []idHash
		for i := range b.games {
			if b.games[i].g.ID >= first {
				hs = append(hs, idHash{b.games[i].g.ID, b.games[i].g.Hash})
			}
		}
		if err := db.putHashes(hs); err != nil {
			return res, &Error{db.path, err}
		}
	}
	return res, nil
}

// kHashesFrom, in the meta bucket, is the first id of the last games
// stored whose hashes may not all be in the hash bucket yet.
var kHashesFrom = []byte("hashes-from")

// hashChunk bounds how many hashes one transaction puts in the hash
// bucket, and hashMapGrowth how much more of the file the process may
// map while it puts them. A hash lands on a leaf of its own, anywhere in
// the file, and at the commit bbolt reads every leaf it changed again,
// which the kernel maps whole folios around (see trimMap): 1,700 hashes
// in the transaction that stored their games mapped 700 MB in a file of
// 838,000 games. A fixed 64 a transaction kept that down but synced the
// file twice for every 64 games: 140,000 engine games spent 10 s of their
// 34 s waiting for fdatasync. The transaction now ends when the leaves
// it read have mapped hashMapGrowth more (checked every 32 hashes).
const hashChunk = 2048

var hashMapGrowth int64 = 32 << 20 // a variable for the tests

// idHash is a stored game's id and content hash.
type idHash struct {
	id   uint32
	hash string
}

// putHashes puts games' hashes in the hash bucket, at most hashChunk a
// transaction, and clears kHashesFrom with the last: a game is stored
// (with its facts and index) in one transaction, and its hash in one of
// these right after, so that the map's pages can be let go between them.
// Killed in between, the next writer puts the rest in (settleHashes).
func (db *DB) putHashes(hs []idHash) error {
	for len(hs) > 0 {
		n := 0
		err := db.bolt.Update(func(tx *bolt.Tx) error {
			hb := tx.Bucket(bHash)
			var id [4]byte
			base := mappedFile()
			for n < len(hs) && n < hashChunk {
				h := hs[n]
				binary.BigEndian.PutUint32(id[:], h.id)
				if err := hb.Put([]byte(h.hash), id[:]); err != nil {
					return err
				}
				if n++; n%32 == 0 && mappedFile()-base > hashMapGrowth {
					break
				}
			}
			if n == len(hs) {
				return tx.Bucket(bMeta).Delete(kHashesFrom)
			}
			return nil
		})
		if err != nil {
			return err
		}
		hs = hs[n:]
		trimMap(db.bolt)
	}
	return nil
}

// settleHashes puts in the hash bucket the hashes of the games stored
// last, if a writer was stopped before it had put them all (kHashesFrom
// is set): they are read from the games themselves.
func (db *DB) settleHashes() error {
	var from []byte
	err := db.bolt.View(func(tx *bolt.Tx) error {
		from = bytes.Clone(tx.Bucket(bMeta).Get(kHashesFrom))
		return nil
	})
	if err != nil || from == nil {
		return err
	}
	var hs []idHash
	err = db.bolt.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(bGames).Cursor()
		for k, v := c.Seek(from); k != nil; k, v = c.Next() {
			g := &Game{ID: binary.BigEndian.Uint32(k)}
			if err := jsonGame(v, g); err != nil {
				return err
			}
			hs = append(hs, idHash{g.ID, g.Hash})
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(hs) == 0 {
		return db.bolt.Update(func(tx *bolt.Tx) error { return tx.Bucket(bMeta).Delete(kHashesFrom) })
	}
	return db.putHashes(hs)
}

// AddRecord stores one record (a finished game, as the app adds it).
func (db *DB) AddRecord(r *kifu.Record, source string) (Added, error) {
	return db.Add([]*Game{FromRecord(r, source, false)})
}

// Stats are the database's counts.
type Stats struct {
	Games, Positions, Moves, GamePositions int
	Runs                                   int // the index's runs: a look-up reads each
	Bytes                                  int64
}

// Stats counts what the database holds.
func (db *DB) Stats() (Stats, error) {
	var s Stats
	err := db.bolt.View(func(tx *bolt.Tx) error {
		// Games are never deleted and ids come from the bucket's sequence
		// (a transaction that fails takes its sequence back): the last id
		// is the count, without reading every game as Stats would.
		s.Games = int(tx.Bucket(bGames).Sequence())
		// A position or a move may be in several runs: count it once.
		var pgs, pms []cursor
		for _, r := range runs(tx) {
			pgs, pms = append(pgs, r.part(bPGRuns).cursor()), append(pms, r.part(bPMRuns).cursor())
		}
		s.Runs = len(pgs)
		// The walk reads the whole file through the map: let go of its
		// pages now and then, or they count as the process's memory (a
		// read transaction's map does not move, and the pages are the
		// file's, read again on a touch).
		it := newMergeIter(pms, nil)
		for k, _ := it.next(); k != nil; k, _ = it.next() {
			if s.Moves++; s.Moves%(1<<12) == 0 {
				trimMap(db.bolt)
			}
		}
		if err := it.err(); err != nil {
			return err
		}
		var last []byte
		it = newMergeIter(pgs, nil)
		for k, vals := it.next(); k != nil; k, vals = it.next() {
			if s.GamePositions%(1<<12) < len(vals) {
				trimMap(db.bolt)
			}
			s.GamePositions += len(vals)
			if last == nil || !bytes.Equal(k[:8], last) {
				s.Positions++
				last = append(last[:0], k[:8]...)
			}
		}
		if err := it.err(); err != nil {
			return err
		}
		s.Bytes = tx.Size()
		return nil
	})
	return s, err
}

// DefaultPath is the default database in the app's data folder.
func DefaultPath(dataDir string) string { return filepath.Join(dataDir, "games.db") }

// PathFor is the database the app adds the games of the games folder
// gamesDir to: games.db beside that folder (in the data folder unless the
// settings' games_dir moves the games elsewhere). AddFinished writes it
// and `shogi db` reads it by default.
func PathFor(gamesDir string) string { return DefaultPath(filepath.Dir(gamesDir)) }

// HookWait is how long AddFinished waits for the database when an import
// holds it: a game's end must not hang on it (the game is in the games
// folder anyway, and an import of that folder adds it later).
var HookWait = 2 * time.Second

// AddFinished adds a finished game, written to the file source in the
// games folder gamesDir, to the default database beside that folder (the
// data folder's games.db). It is the one call each place that ends a game
// makes.
func AddFinished(gamesDir string, rec *kifu.Record, source string) error {
	path := PathFor(gamesDir)
	if !heldByWriter(path) && freelistMissing(path) {
		// An import was stopped hard (one running leaves the list out
		// too, and writes it when it lets go of the file, which it
		// holds): the next writer's open walks the whole file (minutes,
		// and gigabytes mapped, at a million games), which is the next
		// import's job, not a game's end.
		return &Error{path, ErrStoppedImport}
	}
	db, err := openWait(path, false, HookWait)
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err = db.AddRecord(rec, source); err != nil {
		return err
	}
	// A game's end does not wait for a large merge: the next import does
	// it. AddFinished has no caller context (a game's end calls it, best
	// effort); appMergeMax bounds the small merge here.
	if err := compact(context.Background(), db.bolt, appMergeMax, mergeFan, tending{}); err != nil {
		return &Error{db.path, err}
	}
	return nil
}

// appMergeMax is the largest run AddFinished merges into.
const appMergeMax = 4096
