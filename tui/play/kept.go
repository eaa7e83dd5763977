package play

import (
	"time"

	"shogi/tui/common"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/match"
	"shogi/kifu"
	"shogi/kifu/kept"
)

// Unfinished games are kept by package kept, after every move and
// whenever the game is left; a finished game leaves its kept file for a
// record in the games folder (matchrec.Save). This file turns kept games
// into the play screen's set-ups and back.

// keptEntry is a kept game as the Resume list shows it.
type KeptEntry struct {
	Path  string
	Setup common.Setup
	Saved time.Time
	Left  [2]time.Duration // main time left per side
	Err   error            // the file cannot be read
}

// entryOf turns a kept game into a set-up that resumes it.
func entryOf(e kept.Entry) KeptEntry {
	k := KeptEntry{Path: e.Path, Saved: e.Saved, Left: e.Left, Err: e.Err}
	if e.Err != nil {
		return k
	}
	g := e.Game
	s := common.Setup{Players: g.Players, Names: g.Names, Time: g.Time, Began: g.Began, Kept: e.Path,
		Start: g.Start, Moves: g.Moves, Notes: g.Notes}
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

// readKept reads a kept file into a set-up that resumes the game.
func ReadKept(path string) (KeptEntry, error) {
	e, err := kept.ReadEntry(path)
	if err != nil {
		return KeptEntry{Path: path, Err: err}, err
	}
	return entryOf(e), nil
}

// keptOf is the kept form of a game begun with set-up s, as snap has it.
func keptOf(s *common.Setup, snap match.Snapshot, names [2]string, now time.Time) kept.Game {
	var prior *kept.Prior
	if s.Record != nil && s.From != nil {
		prior = &kept.Prior{Start: s.Record.Start, Moves: s.From.Line(), Source: s.Source}
	}
	return kept.Of(snap, s.Players, names, s.Time, s.Began, now, prior)
}

// keptListMsg reports the kept games for the Resume list.
type KeptListMsg struct {
	Games []KeptEntry
	Err   error
}

// loadKeptCmd lists the kept games off the UI loop.
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

// deleteKept removes a kept game the user chose to delete.
func DeleteKept(path string) func() tea.Msg {
	return func() tea.Msg { return KeptDeletedMsg{path: path, Err: kept.Remove(path)} }
}

// keptDeletedMsg reports a deletion.
type KeptDeletedMsg struct {
	path string
	Err  error
}

// position is the kept game's position now.
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
