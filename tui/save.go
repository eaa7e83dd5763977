package tui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

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
func (m *playModel) openSave() {
	m.clearPick()
	m.state = stateSave
	m.save = newInput(m.c.w.savePrompt, defaultSaveName(), 0)
}

// saveKey edits the file name line.
func (m playModel) saveKey(msg tea.KeyPressMsg) (playModel, tea.Cmd) {
	w := m.c.w
	switch {
	case keyIs(msg, m.c.keys.Cancel):
		m.state, m.overwrite = stateMove, ""
	case isEnter(msg):
		path := m.save.trimmed()
		if path == "" {
			m.setError(w.needName)
			return m, nil
		}
		if kifu.FormatOfPath(path) == kifu.Unknown {
			m.setError(fmt.Sprintf(w.badExt, path))
			return m, nil
		}
		// Enter again on a name the save found taken overwrites it.
		force := m.overwrite == path
		m.state, m.overwrite = stateMove, ""
		m.setInfo(fmt.Sprintf(w.saving, path))
		return m, saveRecord(path, m.record(), m.g.Len(), force, w)
	default:
		m.save.edit(msg)
	}
	return m, nil
}

// saved takes a save's report.
func (m playModel) saved(msg savedMsg) playModel {
	w := m.c.w
	switch {
	case msg.exists:
		m.state, m.overwrite = stateSave, msg.path
		m.setError(fmt.Sprintf(w.overwrite, msg.path))
	case msg.err != nil:
		m.setError(msg.err.Error())
	default:
		m.setInfo(fmt.Sprintf(w.saved, msg.path))
		m.savedPath, m.savedMoves = msg.path, msg.moves
	}
	return m
}

// saveFailure says why path could not be written, naming the user's path
// and never the temporary file the atomic write went through.
func saveFailure(w *words, path string, err error) string {
	dir := filepath.Dir(path)
	if fi, serr := os.Stat(dir); errors.Is(serr, os.ErrNotExist) {
		return fmt.Sprintf(w.saveNoFolder, path, dir)
	} else if serr == nil && !fi.IsDir() {
		return fmt.Sprintf(w.saveNotFolder, path, dir)
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Sprintf(w.saveFailed, path, err)
}

// record is the game as a record: the players, the clock, every move's
// time and the programs' evaluations; for a game played on from a
// record, the record's line from its start through the game's moves,
// under the record's headers (the study's export writes the whole tree,
// this game as a branch, once the game is back in it).
func (m *playModel) record() *kifu.Record {
	res := match.Result{Game: m.g, Opening: m.snap.Opening, Notes: m.snap.Notes, Time: m.setup.time, Began: m.started, Ended: m.c.now()}
	if r := m.result(); r != nil {
		res = *r
		res.Began = m.started
	}
	for c := range res.Names {
		// A built-in level by its own name, as the finished games have it.
		res.Names[c] = m.names[c]
		if res.Names[c] == "" && m.setup.players[c].Kind == match.BuiltinKind {
			res.Names[c] = m.setup.players[c].Name
		}
		if res.Names[c] == "" {
			res.Names[c] = m.name(game.Color(c))
		}
	}
	return matchrec.WithPrior(matchrec.Record(res, ""), m.setup.record, m.setup.from)
}

// saveRecord writes r to path off the UI loop; unless force, an existing
// file is left alone and the user asked.
func saveRecord(path string, r *kifu.Record, moves int, force bool, w *words) tea.Cmd {
	return func() tea.Msg {
		if _, err := os.Stat(path); err == nil && !force {
			return savedMsg{path: path, exists: true}
		}
		err := kifu.WriteFile(path, r)
		if err != nil {
			err = errors.New(saveFailure(w, path, err))
		}
		return savedMsg{path: path, moves: moves, err: err}
	}
}
