package tui

import (
	"time"

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
type keptEntry struct {
	path  string
	setup setup
	saved time.Time
	left  [2]time.Duration // main time left per side
	err   error            // the file cannot be read
}

// entryOf turns a kept game into a set-up that resumes it.
func entryOf(e kept.Entry) keptEntry {
	k := keptEntry{path: e.Path, saved: e.Saved, left: e.Left, err: e.Err}
	if e.Err != nil {
		return k
	}
	g := e.Game
	s := setup{players: g.Players, names: g.Names, time: g.Time, began: g.Began, kept: e.Path,
		start: g.Start, moves: g.Moves, notes: g.Notes}
	if pr := g.Prior; pr != nil {
		rec := kifu.NewRecord(pr.Start)
		n := rec.Root
		for _, mv := range pr.Moves {
			n = rec.AddMove(n, mv)
		}
		s.record, s.from, s.source = rec, n, pr.Source
	}
	k.setup = s
	return k
}

// readKept reads a kept file into a set-up that resumes the game.
func readKept(path string) (keptEntry, error) {
	e, err := kept.ReadEntry(path)
	if err != nil {
		return keptEntry{path: path, err: err}, err
	}
	return entryOf(e), nil
}

// keptOf is the kept form of a game begun with set-up s, as snap has it.
func keptOf(s *setup, snap match.Snapshot, names [2]string, now time.Time) kept.Game {
	var prior *kept.Prior
	if s.record != nil && s.from != nil {
		prior = &kept.Prior{Start: s.record.Start, Moves: s.from.Line(), Source: s.source}
	}
	return kept.Of(snap, s.players, names, s.time, s.began, now, prior)
}

// keptListMsg reports the kept games for the Resume list.
type keptListMsg struct {
	games []keptEntry
	err   error
}

// loadKeptCmd lists the kept games off the UI loop.
func loadKeptCmd(stateDir string) func() tea.Msg {
	return func() tea.Msg {
		es, err := kept.List(stateDir)
		games := make([]keptEntry, len(es))
		for i, e := range es {
			games[i] = entryOf(e)
		}
		return keptListMsg{games: games, err: err}
	}
}

// deleteKept removes a kept game the user chose to delete.
func deleteKept(path string) func() tea.Msg {
	return func() tea.Msg { return keptDeletedMsg{path: path, err: kept.Remove(path)} }
}

// keptDeletedMsg reports a deletion.
type keptDeletedMsg struct {
	path string
	err  error
}

// position is the kept game's position now.
func (e *keptEntry) position() game.Position {
	if e.err != nil {
		return game.StartPosition()
	}
	p := e.setup.start
	for _, mv := range e.setup.moves {
		p = p.Play(mv)
	}
	return p
}
