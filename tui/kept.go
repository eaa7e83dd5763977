package tui

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/match"
	"shogi/game/usi"
	"shogi/kifu"
)

// Every unfinished game is kept in a file of its own under the state
// directory (kept/), written atomically after every move, the bots' and
// engines' included, and when the app is left in any way. The file holds
// what resuming needs exactly: the players as specs, the names, each
// side's time control, the start, every move with the time it took (to
// the nanosecond, so the clocks resume where they stood) and the mover's
// last engine report. A finished game leaves its kept file for a KIF
// record in the games folder.

// keptVersion is the kept file's format.
const keptVersion = 1

// keptGame is a kept file's content.
type keptGame struct {
	Version int                  `json:"version"`
	Began   time.Time            `json:"began"`
	Saved   time.Time            `json:"saved"`
	Players [2]string            `json:"players"` // match.Spec strings, by colour
	Names   [2]string            `json:"names"`
	Time    [2]match.TimeControl `json:"time"`
	Start   string               `json:"start"` // SFEN
	Moves   []string             `json:"moves"` // USI
	Notes   []keptNote           `json:"notes"` // one per move
	// A game played on from a record ("play from here"): the record's
	// start and its moves up to where the game began, so that the saved
	// record has the whole line.
	PriorStart string   `json:"prior_start,omitempty"`
	Prior      []string `json:"prior,omitempty"`
	Source     string   `json:"source,omitempty"` // the record's file
}

// keptNote is one move's time and the mover's last engine report, as
// an info line.
type keptNote struct {
	Spent time.Duration `json:"spent"`
	Info  string        `json:"info,omitempty"`
}

// keptEntry is a kept game as the Resume list shows it.
type keptEntry struct {
	path  string
	setup setup
	saved time.Time
	left  [2]time.Duration // main time left per side
	err   error            // the file cannot be read
}

// keptDir is where unfinished games are kept.
func keptDir(stateDir string) string { return filepath.Join(stateDir, "kept") }

// newKeptPath names a new kept file: the start time, and a random tag so
// that two games begun in the same second never share a file.
func newKeptPath(stateDir string, began time.Time) string {
	if stateDir == "" {
		return ""
	}
	return filepath.Join(keptDir(stateDir), fmt.Sprintf("%s-%04x.json", began.Format("20060102-150405"), rand.Uint32()&0xffff))
}

// keptOf builds the kept file's content from a match snapshot and the
// set-up the game began with.
func keptOf(s *setup, snap match.Snapshot, names [2]string, now time.Time) keptGame {
	k := keptGame{Version: keptVersion, Began: s.began, Saved: now, Names: names, Time: s.time, Start: snap.Start.SFEN()}
	for c, p := range s.players {
		k.Players[c] = p.String()
	}
	p := snap.Start
	for i, mv := range snap.Moves {
		k.Moves = append(k.Moves, mv.USI())
		var n keptNote
		if j := i - snap.Opening; j >= 0 && j < len(snap.Notes) {
			n.Spent = snap.Notes[j].Spent
			if in := snap.Notes[j].Info; in != nil {
				n.Info = usi.FormatInfo(*in)
			}
		}
		k.Notes = append(k.Notes, n)
		p = p.Play(mv)
	}
	if s.record != nil && s.from != nil {
		k.PriorStart = s.record.Start.SFEN()
		for _, mv := range s.from.Line() {
			k.Prior = append(k.Prior, mv.USI())
		}
		k.Source = s.source
	}
	return k
}

// readKept reads a kept file into a set-up that resumes the game.
func readKept(path string) (keptEntry, error) {
	e := keptEntry{path: path}
	data, err := os.ReadFile(path)
	if err != nil {
		return e, err
	}
	var k keptGame
	if err := json.Unmarshal(data, &k); err != nil {
		return e, fmt.Errorf("%s: %v", path, err)
	}
	if k.Version != keptVersion {
		return e, fmt.Errorf("%s: kept by another version of the app (format %d)", path, k.Version)
	}
	s := setup{names: k.Names, time: k.Time, began: k.Began, kept: path, source: k.Source}
	for c, p := range k.Players {
		sp, err := match.ParseSpec(p)
		if err != nil {
			return e, fmt.Errorf("%s: %v", path, err)
		}
		s.players[c] = sp
	}
	if s.start, err = game.ParseSFEN(k.Start); err != nil {
		return e, fmt.Errorf("%s: start: %v", path, err)
	}
	if len(k.Notes) != len(k.Moves) {
		return e, fmt.Errorf("%s: %d move times for %d moves", path, len(k.Notes), len(k.Moves))
	}
	pos := s.start
	for i, u := range k.Moves {
		mv, err := pos.ParseUSI(u)
		if err == nil {
			err = pos.CheckMove(mv)
		}
		if err != nil {
			return e, fmt.Errorf("%s: move %d %q: %v", path, i+1, u, err)
		}
		note := match.MoveNote{Spent: k.Notes[i].Spent}
		if k.Notes[i].Info != "" {
			if in, err := usi.ParseInfo(k.Notes[i].Info, pos); err == nil {
				note.Info = &in
			}
		}
		s.moves = append(s.moves, mv)
		s.notes = append(s.notes, note)
		pos = pos.Play(mv)
	}
	if k.PriorStart != "" {
		rs, err := game.ParseSFEN(k.PriorStart)
		if err != nil {
			return e, fmt.Errorf("%s: the record's start: %v", path, err)
		}
		rec := kifu.NewRecord(rs)
		n := rec.Root
		p := rs
		for i, u := range k.Prior {
			mv, err := p.ParseUSI(u)
			if err == nil {
				err = p.CheckMove(mv)
			}
			if err != nil {
				return e, fmt.Errorf("%s: record move %d %q: %v", path, i+1, u, err)
			}
			n = rec.AddMove(n, mv)
			p = p.Play(mv)
		}
		if p.SFEN() != s.start.SFEN() {
			return e, fmt.Errorf("%s: the record's line does not lead to the game's start", path)
		}
		s.record, s.from = rec, n
	}
	// The clocks as they stood: the match charges them from the notes.
	m, err := match.New(match.Config{Start: s.start, Moves: s.moves, Notes: s.notes, Time: s.time,
		Players: [2]match.Player{match.NewHuman(""), match.NewHuman("")}})
	if err != nil {
		return e, fmt.Errorf("%s: %v", path, err)
	}
	e.left = m.Snapshot().Clock.Main
	e.setup, e.saved = s, k.Saved
	return e, nil
}

// listKept reads every kept game, newest first. Files that cannot be
// read are listed with their error, never deleted. An autosave left by an
// older version of the app is first moved into a kept file of its own;
// if it cannot be, the games are listed and that error returned too.
func listKept(stateDir string) ([]keptEntry, error) {
	if stateDir == "" {
		return nil, nil
	}
	// An old autosave that will not move is reported, and left where it
	// is; the kept games are listed all the same.
	merr := migrateAutosave(stateDir)
	files, err := filepath.Glob(filepath.Join(keptDir(stateDir), "*.json"))
	if err != nil {
		return nil, err
	}
	var out []keptEntry
	for _, f := range files {
		e, err := readKept(f)
		if err != nil {
			e.err = err
			if fi, serr := os.Stat(f); serr == nil {
				e.saved = fi.ModTime()
			}
		}
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].saved.After(out[j].saved) })
	return out, merr
}

// keptListMsg reports the kept games for the Resume list.
type keptListMsg struct {
	games []keptEntry
	err   error
}

// loadKeptCmd lists the kept games off the UI loop.
func loadKeptCmd(stateDir string) func() tea.Msg {
	return func() tea.Msg {
		games, err := listKept(stateDir)
		return keptListMsg{games: games, err: err}
	}
}

// deleteKept removes a kept game the user chose to delete.
func deleteKept(path string) func() tea.Msg {
	return func() tea.Msg {
		err := os.Remove(path)
		if errors.Is(err, os.ErrNotExist) {
			err = nil
		}
		return keptDeletedMsg{path: path, err: err}
	}
}

// keptDeletedMsg reports a deletion.
type keptDeletedMsg struct {
	path string
	err  error
}

// migrateAutosave turns the single autosave of older versions into a
// kept game.
func migrateAutosave(stateDir string) error {
	old := filepath.Join(stateDir, "autosave.txt")
	s, err := loadAutosave(old)
	if s == nil && err == nil {
		return nil
	}
	if err != nil {
		return err
	}
	fi, _ := os.Stat(old)
	s.began = time.Now()
	if fi != nil {
		s.began = fi.ModTime()
	}
	s.time = [2]match.TimeControl{}
	for range s.moves {
		s.notes = append(s.notes, match.MoveNote{})
	}
	snap := match.Snapshot{Start: s.start, Moves: s.moves, Notes: s.notes}
	k := keptOf(s, snap, [2]string{}, s.began)
	path := newKeptPath(stateDir, s.began)
	if err := writeKeptFile(path, k); err != nil {
		return err
	}
	return os.Remove(old)
}

// writeKeptFile writes k atomically.
func writeKeptFile(path string, k keptGame) error {
	data, err := json.MarshalIndent(k, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return kifu.WriteFileAtomic(path, append(data, '\n'))
}

// keeper writes one game's kept file. It is called from the commands
// that carry the match's events to the screen, before the event is
// shown, so what the screen shows is on disk. Writes are serialised and
// never put an older state over a newer one.
type keeper struct {
	mu    sync.Mutex
	path  string // "" when keeping is off
	setup *setup
	names func() [2]string
	done  bool // the game finished: the file is gone
}

// save writes the game as snap has it.
func (k *keeper) save(snap match.Snapshot, now time.Time) error {
	if k == nil {
		return nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.path == "" || k.done || len(snap.Moves) == 0 {
		return nil
	}
	return writeKeptFile(k.path, keptOf(k.setup, snap, k.names(), now))
}

// close ends the keeper's writing: the game was left and its file holds
// it.
func (k *keeper) close() {
	if k == nil {
		return
	}
	k.mu.Lock()
	k.done = true
	k.mu.Unlock()
}

// finish ends the kept file of a finished game: the record goes to the
// games folder (when dir is set), then the kept file is removed. It
// returns where the record went.
func (k *keeper) finish(rec *kifu.Record, dir string, names [2]string, began time.Time) (string, error) {
	if k == nil {
		return "", nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.done {
		return "", nil
	}
	saved := ""
	if dir != "" && rec != nil {
		path, err := writeFinished(dir, rec, names, began)
		if err != nil {
			return "", err
		}
		saved = path
	}
	k.done = true
	if k.path != "" {
		if err := os.Remove(k.path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return saved, err
		}
	}
	return saved, nil
}

// writeFinished writes a finished game to dir as KIF, named by its date
// and players: 20260102-1504 山田 vs Fairy-Stockfish.kif. A name the
// KIF's Shift_JIS cannot spell makes it a UTF-8 .kifu instead.
func writeFinished(dir string, rec *kifu.Record, names [2]string, began time.Time) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	base := began.Format("20060102-1504") + " " + fileSafe(names[game.Black]) + " vs " + fileSafe(names[game.White])
	for _, ext := range []string{".kif", ".kifu"} {
		path := uniquePath(filepath.Join(dir, base+ext))
		err := kifu.WriteFile(path, rec)
		if err == nil {
			return path, nil
		}
		os.Remove(path)
		if ext == ".kifu" {
			return "", err
		}
	}
	return "", nil
}

// uniquePath adds (2), (3) … before the extension while path exists.
func uniquePath(path string) string {
	ext := filepath.Ext(path)
	stem := strings.TrimSuffix(path, ext)
	p := path
	for i := 2; ; i++ {
		if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
			return p
		}
		p = fmt.Sprintf("%s (%d)%s", stem, i, ext)
	}
}

// fileSafe makes a player's name usable in a file name.
func fileSafe(s string) string {
	s = strings.Map(func(r rune) rune {
		switch r {
		case '/', '\\', ':', '*', '?', '"', '<', '>', '|', 0:
			return '-'
		}
		if r < ' ' {
			return -1
		}
		return r
	}, strings.TrimSpace(s))
	if s == "" {
		s = "-"
	}
	if r := []rune(s); len(r) > 40 {
		s = string(r[:40])
	}
	return s
}
