package common

import (
	"time"

	"shogi/app/words"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/match"
	"shogi/kifu"
	"shogi/kifu/kept"
	"shogi/kifu/matchrec"
)

// Unfinished games are kept by package kept, after every move and
// whenever the game is left; a finished game leaves its kept file for a
// record in the games folder (matchrec.Save). This file turns kept games
// into set-ups that resume them, for the menu's Resume list and the
// screens that relist it (tui/play turns a game into its kept form).

// KeptEntry is a kept game as the Resume list shows it.
type KeptEntry struct {
	Path  string
	Setup Setup
	Saved time.Time
	Left  [2]time.Duration // main time left per side
	Err   error            // the file cannot be read
	// Server is where a game played on a server was played (GameID its
	// name there): it cannot be resumed, only studied (Record).
	Server, GameID string
	// Unconfirmed is the move the server never confirmed (kept.Game).
	Unconfirmed string
}

// entryOf turns a kept game into a set-up that resumes it.
func entryOf(e kept.Entry) KeptEntry {
	k := KeptEntry{Path: e.Path, Saved: e.Saved, Left: e.Left, Err: e.Err}
	if e.Err != nil {
		return k
	}
	g := e.Game
	k.Server, k.GameID, k.Unconfirmed = g.Server, g.GameID, g.Unconfirmed
	s := Setup{Players: g.Players, Names: g.Names, Time: g.Time, Began: g.Began, Kept: e.Path,
		Start: g.Start, Moves: g.Moves, Notes: g.Notes}
	for c, sp := range g.Players {
		// A person with no name of their own is "a person" in the words of
		// whatever screen shows the game; older versions kept the word of
		// the screen that started it.
		if sp.Kind == match.HumanKind && isHumanWord(s.Names[c]) {
			s.Names[c] = ""
		}
	}
	if pr := g.Prior; pr != nil {
		rec := kifu.NewRecord(pr.Start)
		n := rec.Root
		for _, mv := range pr.Moves {
			n = rec.AddMove(n, mv)
		}
		s.Record, s.From, s.Source = rec, n, pr.Source
	}
	k.Setup = s
	return k
}

// isHumanWord reports whether a name is the word for a person in one of
// the app's languages.
func isHumanWord(name string) bool {
	return name == words.EnglishWords.Human || name == words.JapaneseWords.Human
}

// ReadKept reads a kept file into a set-up that resumes the game.
func ReadKept(path string) (KeptEntry, error) {
	e, err := kept.ReadEntry(path)
	if err != nil {
		return KeptEntry{Path: path, Err: err}, err
	}
	return entryOf(e), nil
}

// KeptListMsg reports the kept games for the Resume list.
type KeptListMsg struct {
	Games []KeptEntry
	Err   error
}

// LoadKeptCmd lists the kept games off the UI loop.
func LoadKeptCmd(stateDir string) func() tea.Msg {
	return func() tea.Msg {
		es, err := kept.List(stateDir)
		games := make([]KeptEntry, len(es))
		for i, e := range es {
			games[i] = entryOf(e)
		}
		return KeptListMsg{Games: games, Err: err}
	}
}

// DeleteKept removes a kept game the user chose to delete.
func DeleteKept(path string) func() tea.Msg {
	return func() tea.Msg { return KeptDeletedMsg{path: path, Err: kept.Remove(path)} }
}

// KeptDeletedMsg reports a deletion.
type KeptDeletedMsg struct {
	path string
	Err  error
}

// Position is the kept game's position now.
func (e *KeptEntry) Position() game.Position {
	if e.Err != nil {
		return game.StartPosition()
	}
	p := e.Setup.Start
	for _, mv := range e.Setup.Moves {
		p = p.Play(mv)
	}
	return p
}

// Record is the kept game as an interrupted record, with every move's
// time and the programs' evaluations: how a game that cannot be resumed
// (one played on a server) is studied.
func (e *KeptEntry) Record() *kifu.Record {
	s := &e.Setup
	g := game.NewGame(s.Start)
	for _, mv := range s.Moves {
		if g.Play(mv) != nil {
			break
		}
	}
	res := match.Result{Game: g, Notes: s.Notes, Names: s.Names, Time: s.Time, Began: s.Began, Ended: e.Saved,
		Aborted: true, Why: match.Interrupted}
	rec := matchrec.Record(res, e.GameID)
	if e.Server != "" {
		rec.Headers = append(rec.Headers, kifu.Header{Key: "場所", Value: e.Server})
	}
	if e.Unconfirmed != "" {
		// The move went to the server and was never confirmed: not part of
		// the game, said where the game stops.
		at := rec.Root
		if line := rec.MainLine(); len(line) > 0 {
			at = line[len(line)-1]
		}
		note := "unconfirmed: " + e.Unconfirmed + " was sent, and the server never confirmed it"
		if c := at.Comment(); c != "" {
			note = c + "\n" + note
		}
		at.SetComment(note)
	}
	return rec
}
