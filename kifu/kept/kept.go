// Package kept stores the app's unfinished games: one file each under
// the state directory (kept/), written atomically after every move and
// whenever the game is left, so that nothing played is lost. A file holds
// what resuming needs exactly: the players as specs, their names, each
// side's time control, the start, every move with the time it took (to
// the nanosecond, so the clocks resume where they stood) and the mover's
// last engine report, and for a game played on from a record the
// record's line up to the game's start.
package kept

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"shogi/game"
	"shogi/game/match"
	"shogi/game/usi"
	"shogi/kifu"
)

// version is the file format.
const version = 1

// Game is an unfinished game as kept.
type Game struct {
	Players [2]match.Spec // by colour
	Names   [2]string
	Time    [2]match.TimeControl
	Start   game.Position
	Moves   []game.Move
	Notes   []match.MoveNote // one per move
	Began   time.Time
	Saved   time.Time
	// A game played on from a record ("play from here"): the record's
	// start and its moves up to the game's start, and the record's file.
	Prior *Prior
	// Server is where a game the app did not judge was played (a CSA
	// server's host:port), GameID the server's name for it. Such a game
	// cannot be resumed here, only studied: the server has ended it or
	// goes on without the app.
	Server, GameID string
	// Unconfirmed is the move (CSA text) sent to a server that never
	// confirmed it before the game was interrupted: not played, marked.
	Unconfirmed string
}

// Prior is the record line a game was played on from.
type Prior struct {
	Start  game.Position
	Moves  []game.Move
	Source string
}

// file is a kept file's content.
type file struct {
	Version int                  `json:"version"`
	Began   time.Time            `json:"began"`
	Saved   time.Time            `json:"saved"`
	Players [2]string            `json:"players"` // match.Spec strings, by colour
	Names   [2]string            `json:"names"`
	Time    [2]match.TimeControl `json:"time"`
	Start   string               `json:"start"` // SFEN
	Moves   []string             `json:"moves"` // USI
	Notes   []note               `json:"notes"` // one per move
	// PriorStart and Prior are the record's start and line for a game
	// played on from a record; Source its file.
	PriorStart string   `json:"prior_start,omitempty"`
	Prior      []string `json:"prior,omitempty"`
	Source     string   `json:"source,omitempty"`
	// Server and GameID name a game played on a server.
	Server      string `json:"server,omitempty"`
	GameID      string `json:"game_id,omitempty"`
	Unconfirmed string `json:"unconfirmed,omitempty"`
}

// note is one move's time and the mover's last engine report, as an
// info line.
type note struct {
	Spent time.Duration `json:"spent"`
	Info  string        `json:"info,omitempty"`
}

// Dir is where unfinished games are kept.
func Dir(stateDir string) string { return filepath.Join(stateDir, "kept") }

// NewPath names a new kept file: the start time, and a random tag so that
// two games begun in the same second never share a file. It is "" when
// stateDir is (keeping is off).
func NewPath(stateDir string, began time.Time) string {
	if stateDir == "" {
		return ""
	}
	return filepath.Join(Dir(stateDir), fmt.Sprintf("%s-%04x.json", began.Format("20060102-150405"), rand.Uint32()&0xffff))
}

// encode turns g into a file's content.
func encode(g Game) file {
	f := file{Version: version, Began: g.Began, Saved: g.Saved, Names: g.Names, Time: g.Time, Start: g.Start.SFEN(),
		Server: g.Server, GameID: g.GameID, Unconfirmed: g.Unconfirmed}
	for c, p := range g.Players {
		f.Players[c] = p.String()
	}
	for i, mv := range g.Moves {
		f.Moves = append(f.Moves, mv.USI())
		var n note
		if i < len(g.Notes) {
			n.Spent = g.Notes[i].Spent
			if in := g.Notes[i].Info; in != nil {
				n.Info = usi.FormatInfo(*in)
			}
		}
		f.Notes = append(f.Notes, n)
	}
	if g.Prior != nil {
		f.PriorStart = g.Prior.Start.SFEN()
		for _, mv := range g.Prior.Moves {
			f.Prior = append(f.Prior, mv.USI())
		}
		f.Source = g.Prior.Source
	}
	return f
}

// Of is the game a match's snapshot holds, with what the match does not
// know: the players' specs and names, the clocks' controls, when it began
// and the record it was played on from (prior may be nil).
func Of(snap match.Snapshot, players [2]match.Spec, names [2]string, tc [2]match.TimeControl, began, now time.Time, prior *Prior) Game {
	g := Game{Players: players, Names: names, Time: tc, Start: snap.Start, Moves: snap.Moves, Began: began, Saved: now, Prior: prior}
	for i := range snap.Moves {
		var n match.MoveNote
		if j := i - snap.Opening; j >= 0 && j < len(snap.Notes) {
			n = snap.Notes[j]
		}
		g.Notes = append(g.Notes, n)
	}
	return g
}

// Write writes g to path atomically.
func Write(path string, g Game) error {
	data, err := json.MarshalIndent(encode(g), "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return kifu.WriteFileAtomic(path, append(data, '\n'))
}

// Read reads a kept file, checking every move against the rules.
func Read(path string) (Game, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Game{}, err
	}
	g, err := decode(data)
	if err != nil {
		return g, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

func decode(data []byte) (Game, error) {
	var g Game
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		return g, err
	}
	if f.Version != version {
		return g, fmt.Errorf("kept by another version of the app (format %d)", f.Version)
	}
	g.Names, g.Time, g.Began, g.Saved = f.Names, f.Time, f.Began, f.Saved
	g.Server, g.GameID, g.Unconfirmed = f.Server, f.GameID, f.Unconfirmed
	for c, p := range f.Players {
		sp, err := match.ParseSpec(p)
		if err != nil {
			return g, err
		}
		g.Players[c] = sp
	}
	var err error
	if g.Start, err = game.ParseSFEN(f.Start); err != nil {
		return g, fmt.Errorf("start: %v", err)
	}
	if len(f.Notes) != len(f.Moves) {
		return g, fmt.Errorf("%d move times for %d moves", len(f.Notes), len(f.Moves))
	}
	pos := g.Start
	for i, u := range f.Moves {
		mv, err := pos.ParseUSI(u)
		if err == nil {
			err = pos.CheckMove(mv)
		}
		if err != nil {
			return g, fmt.Errorf("move %d %q: %v", i+1, u, err)
		}
		n := match.MoveNote{Spent: f.Notes[i].Spent}
		if n.Spent < 0 {
			return g, fmt.Errorf("move %d took a negative time", i+1)
		}
		if f.Notes[i].Info != "" {
			if in, err := usi.ParseInfo(f.Notes[i].Info, pos); err == nil {
				n.Info = &in
			}
		}
		g.Moves = append(g.Moves, mv)
		g.Notes = append(g.Notes, n)
		pos = pos.Play(mv)
	}
	if f.PriorStart != "" {
		p, err := game.ParseSFEN(f.PriorStart)
		if err != nil {
			return g, fmt.Errorf("the record's start: %v", err)
		}
		pr := &Prior{Start: p, Source: f.Source}
		for i, u := range f.Prior {
			mv, err := p.ParseUSI(u)
			if err == nil {
				err = p.CheckMove(mv)
			}
			if err != nil {
				return g, fmt.Errorf("record move %d %q: %v", i+1, u, err)
			}
			pr.Moves = append(pr.Moves, mv)
			p = p.Play(mv)
		}
		if p.SFEN() != g.Start.SFEN() {
			return g, errors.New("the record's line does not lead to the game's start")
		}
		g.Prior = pr
	}
	return g, nil
}

// Entry is a kept game as a list of them shows it.
type Entry struct {
	Path  string
	Game  Game
	Saved time.Time
	Left  [2]time.Duration // main time left per side
	Err   error            // the file cannot be read
}

// List reads every kept game, newest first. Files that cannot be read are
// listed with their error, never deleted. An autosave left by an older
// version of the app is first moved into a kept file of its own; if it
// cannot be, the games are listed and that error returned too.
func List(stateDir string) ([]Entry, error) {
	if stateDir == "" {
		return nil, nil
	}
	merr := migrateAutosave(stateDir)
	files, err := filepath.Glob(filepath.Join(Dir(stateDir), "*.json"))
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, f := range files {
		e, err := ReadEntry(f)
		if err != nil {
			e.Err = err
			if fi, serr := os.Stat(f); serr == nil {
				e.Saved = fi.ModTime()
			}
		}
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Saved.After(out[j].Saved) })
	return out, merr
}

// ReadEntry reads a kept file as a list shows it: the game, and each
// side's main time left as the game stood (the match charges the clocks
// from the notes).
func ReadEntry(path string) (Entry, error) {
	e := Entry{Path: path}
	g, err := Read(path)
	if err != nil {
		return e, err
	}
	m, err := match.New(match.Config{Start: g.Start, Moves: g.Moves, Notes: g.Notes, Time: g.Time,
		Players: [2]match.Player{match.NewHuman(""), match.NewHuman("")}})
	if err != nil {
		return e, fmt.Errorf("%s: %w", path, err)
	}
	e.Game, e.Saved, e.Left = g, g.Saved, m.Snapshot().Clock.Main
	return e, nil
}

// Remove deletes a kept game the user chose to delete; one already gone
// is no error.
func Remove(path string) error {
	err := os.Remove(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

// Keeper writes one game's kept file: after each move (before the screen
// shows it, so what the screen shows is on disk) and when the game is
// left. Writes are serialised and never put an older state over a newer
// one; once the game is finished or closed, nothing more is written.
type Keeper struct {
	mu   sync.Mutex
	path string // "" when keeping is off
	of   func(snap match.Snapshot, now time.Time) Game
	done bool
}

// NewKeeper returns a keeper of the file at path (none when path is ""),
// making each file's content from a snapshot with of.
func NewKeeper(path string, of func(snap match.Snapshot, now time.Time) Game) *Keeper {
	return &Keeper{path: path, of: of}
}

// Path is the kept file, or "".
func (k *Keeper) Path() string { return k.path }

// Save writes the game as snap has it. A game with no move is not kept.
func (k *Keeper) Save(snap match.Snapshot, now time.Time) error {
	if k == nil {
		return nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.path == "" || k.done || len(snap.Moves) == 0 {
		return nil
	}
	return Write(k.path, k.of(snap, now))
}

// Close ends the keeper's writing: the game was left and its file holds
// it.
func (k *Keeper) Close() {
	if k == nil {
		return
	}
	k.mu.Lock()
	k.done = true
	k.mu.Unlock()
}

// Finish ends a finished game's kept file: write (when not nil) puts the
// record where finished games go, then the file is removed. It returns
// what write returned.
func (k *Keeper) Finish(write func() (string, error)) (string, error) {
	if k == nil {
		return "", nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.done {
		return "", nil
	}
	saved := ""
	if write != nil {
		path, err := write()
		if err != nil {
			return "", err
		}
		saved = path
	}
	k.done = true
	if k.path != "" {
		if err := Remove(k.path); err != nil {
			return saved, err
		}
	}
	return saved, nil
}
