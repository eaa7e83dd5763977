package play

import (
	"errors"
	"fmt"
	"os"
	"time"

	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/match"
	"shogi/kifu"
	"shogi/kifu/matchrec"
)

// defaultSaveName proposes a KIF file name in the current directory.
func defaultSaveName() string {
	return time.Now().Format("shogi-20060102-150405") + ".kif"
}

// openSave opens the file name line with a name in the current folder.
func (m *Model) openSave() {
	m.clearPick()
	m.State = StateSave
	m.Save = components.NewInput(m.c.Words.SavePrompt, defaultSaveName(), 0)
}

// saveKey edits the file name line.
func (m Model) saveKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	w := m.c.Words
	switch {
	case common.KeyIs(msg, m.c.Keys.Cancel):
		m.State, m.overwrite = StateMove, ""
	case common.IsEnter(msg):
		path := m.Save.Trimmed()
		if path == "" {
			m.SetError(w.NeedName)
			return m, nil
		}
		if kifu.FormatOfPath(path) == kifu.Unknown {
			m.SetError(fmt.Sprintf(w.BadExt, path))
			return m, nil
		}
		// Enter again on a name the save found taken overwrites it.
		force := m.overwrite == path
		m.State, m.overwrite = StateMove, ""
		m.SetInfo(fmt.Sprintf(w.Saving, path))
		return m, saveRecord(path, m.Record(), m.Game.Len(), force, w)
	default:
		m.Save.Edit(msg)
	}
	return m, nil
}

// saved takes a save's report.
func (m Model) saved(msg savedMsg) Model {
	w := m.c.Words
	switch {
	case msg.exists:
		m.State, m.overwrite = StateSave, msg.path
		m.SetError(fmt.Sprintf(w.Overwrite, msg.path))
	case msg.err != nil:
		m.SetError(msg.err.Error())
	default:
		m.SetInfo(fmt.Sprintf(w.Saved, msg.path))
		m.savedPath, m.savedMoves = msg.path, msg.moves
	}
	return m
}

// Record is the game as a record: the players, the clock, every move's
// time and the programs' evaluations; for a game played on from a
// record, the record's line from its start through the game's moves,
// under the record's headers (the study's export writes the whole tree,
// this game as a branch, once the game is back in it). For a game the app
// runs it is the session's (app/session Record), as the finished game's
// record is written.
func (m *Model) Record() *kifu.Record {
	res := match.Result{Game: m.Game, Opening: m.Snap.Opening, Notes: m.Snap.Notes, Time: m.Setup.Time, Began: m.started, Ended: m.c.Now()}
	if r := m.Result(); r != nil {
		res = *r
		res.Began = m.started
	}
	if m.Sess != nil && m.Sess.local != nil {
		// A game the app runs: the session's record, the one it writes
		// when the game ends.
		return m.Sess.local.s.Record(res)
	}
	// A table's game, which the lobby keeps: its names as the screen has
	// them.
	for c := range res.Names {
		// A built-in level by its own name, as the finished games have it.
		res.Names[c] = m.names[c]
		if res.Names[c] == "" && m.Setup.Players[c].Kind == match.BuiltinKind {
			res.Names[c] = m.Setup.Players[c].Name
		}
		if res.Names[c] == "" {
			res.Names[c] = m.name(game.Color(c))
		}
	}
	return matchrec.WithPrior(matchrec.Record(res, ""), m.Setup.Record, m.Setup.From)
}

// saveRecord writes r to path off the UI loop; unless force, an existing
// file is left alone and the user asked.
func saveRecord(path string, r *kifu.Record, moves int, force bool, w *words.Words) tea.Cmd {
	return func() tea.Msg {
		if _, err := os.Stat(path); err == nil && !force {
			return savedMsg{path: path, exists: true}
		}
		err := kifu.WriteFile(path, r)
		if err != nil {
			err = errors.New(common.SaveFailure(w, path, err))
		}
		return savedMsg{path: path, moves: moves, err: err}
	}
}
