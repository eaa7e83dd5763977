package session

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"shogi/game"
	"shogi/game/match"
	"shogi/kifu"
	"shogi/kifu/kept"
	"shogi/kifu/matchrec"
)

// Store keeps a session's game: as it stands after every change, and
// once at its end. The session calls it from one goroutine.
type Store interface {
	// Keep keeps the game as it stands, after a move, an undo or a new
	// player.
	Keep(st State) error
	// End keeps a game that ended (res): a finished one's record (rec) is
	// written where finished games go, an interrupted one (res.Aborted)
	// as the store keeps those. It returns the record's file, if any.
	End(st State, res match.Result, rec *kifu.Record) (string, error)
}

// State is a game as it stands, with what the match does not know.
type State struct {
	Snap  match.Snapshot
	Specs [2]match.Spec // the players, as Config.Specs and Replace have them
	Names [2]string     // their names, as Session.Names
	Began time.Time     // when the game began
	Now   time.Time     // when it is kept
	// Unconfirmed is the move the other side was last silent on
	// (Session.Unconfirmed), "" once a move came after it.
	Unconfirmed string
	s           *Session
}

// Record is the game so far as a record with no ending.
func (st State) Record() *kifu.Record {
	res := match.Result{Game: st.s.replay(st.Snap), Opening: st.Snap.Opening, Notes: st.Snap.Notes, Time: st.s.cfg.Match.Time, Began: st.Began}
	return st.s.Record(res)
}

// replay is the game of snap's moves from its start: the last one
// replayed, played on, when snap goes on from it; made afresh otherwise
// (a move taken back, another start). The caller gets a copy of its own.
func (s *Session) replay(snap match.Snapshot) *game.Game {
	s.replayMu.Lock()
	defer s.replayMu.Unlock()
	g := s.replayed
	if g == nil || !samePosition(g.Start(), snap.Start) || g.Len() > len(snap.Moves) || !slices.Equal(g.Moves(), snap.Moves[:g.Len()]) {
		g = game.NewGame(snap.Start)
	}
	for _, mv := range snap.Moves[g.Len():] {
		if g.Play(mv) != nil {
			break
		}
	}
	s.replayed = g
	return g.Clone()
}

func samePosition(a, b game.Position) bool { return a.Equal(&b) }

// Kept keeps a game the app may resume: its kept file after every move
// (of makes the file's content), and when it ends either the kept file
// (interrupted) or its record in the games folder dir ("" for none), the
// kept file then removed. path "" keeps no file.
func Kept(path, dir string, of func(st State) kept.Game) Store {
	k := &keptStore{dir: dir}
	k.keeper = kept.NewKeeper(path, func(match.Snapshot, time.Time) kept.Game { return of(k.st) })
	return k
}

type keptStore struct {
	keeper *kept.Keeper
	dir    string
	mu     sync.Mutex // holds st for the keeper's call back
	st     State
}

func (k *keptStore) Keep(st State) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.st = st
	return k.keeper.Save(st.Snap, st.Now)
}

func (k *keptStore) End(st State, res match.Result, rec *kifu.Record) (string, error) {
	if res.Aborted {
		err := k.Keep(st)
		k.keeper.Close() // the file holds the game; nothing later writes it
		return "", err
	}
	var write func() (string, error)
	if k.dir != "" {
		write = func() (string, error) { return matchrec.Save(k.dir, rec, res.Names, res.Began) }
	}
	return k.keeper.Finish(write)
}

// RecordFile writes the game's record to one file, in format f, when
// the game ends (interrupted too) and, with everyMove, after every move.
// KIF is written in Shift_JIS, or in UTF-8 beside it (.kifu) when a name
// holds a character Shift_JIS lacks (matchrec.WriteKIF).
func RecordFile(path string, f kifu.Format, everyMove bool) Store {
	return recordFile{path: path, format: f, everyMove: everyMove}
}

type recordFile struct {
	path      string
	format    kifu.Format
	everyMove bool
}

func (r recordFile) Keep(st State) error {
	if !r.everyMove {
		return nil
	}
	_, err := r.write(st.Record())
	return err
}

func (r recordFile) End(_ State, _ match.Result, rec *kifu.Record) (string, error) {
	return r.write(rec)
}

func (r recordFile) write(rec *kifu.Record) (string, error) {
	if r.format == kifu.KIF {
		return matchrec.WriteKIF(r.path, rec)
	}
	data, err := kifu.Marshal(rec, r.format, kifu.WriteOptions{})
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(r.path), 0o755); err != nil {
		return "", err
	}
	if err := kifu.WriteFileAtomic(r.path, data); err != nil {
		return "", err
	}
	return r.path, nil
}
