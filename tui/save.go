package tui

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"example.com/shogi/game"
	"example.com/shogi/kifu"
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
		if _, err := os.Stat(path); err == nil && m.overwrite != path {
			// Enter again on the same name overwrites; anything else keeps the file.
			m.overwrite = path
			m.setError(fmt.Sprintf(w.overwrite, path))
			return m, nil
		}
		m.state, m.overwrite = stateMove, ""
		m.setInfo(fmt.Sprintf(w.saving, path))
		return m, saveRecord(path, m.saveable(), m.g.Len())
	default:
		m.save.edit(msg)
	}
	return m, nil
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

// saveable is the record w writes: the game; or, for a game played on
// from a record, the record's line from its start through the game's
// moves, under the record's headers (the study's export writes the whole
// tree, this game as a branch, once the game is back in it).
func (m *playModel) saveable() *kifu.Record {
	played := kifu.FromGame(m.g, m.headers(), nil)
	if m.record == nil || m.from == nil {
		return played
	}
	r := kifu.NewRecord(m.record.Start)
	r.Headers = append([]kifu.Header(nil), m.record.Headers...)
	n := r.Root
	for _, old := range m.from.Path() {
		n = r.AddMove(n, old.Move)
	}
	for _, p := range played.MainLine() {
		switch {
		case p.Parent == nil:
		case p.IsMove():
			n = r.AddMove(n, p.Move)
		default:
			n = r.AddEnding(n, p.Ending, p.Word)
		}
	}
	return r
}

// headers names the players in the record.
func (m *playModel) headers() []kifu.Header {
	return []kifu.Header{
		{Key: "開始日時", Value: m.started.Format("2006/01/02 15:04:05")},
		{Key: "先手", Value: m.players[game.Black]},
		{Key: "後手", Value: m.players[game.White]},
	}
}

// saveRecord writes r to path off the UI loop.
func saveRecord(path string, r *kifu.Record, moves int) tea.Cmd {
	return func() tea.Msg {
		return savedMsg{path: path, moves: moves, err: kifu.WriteFile(path, r)}
	}
}

// The autosave is a small text file, so a game left with q or ctrl+c can
// be resumed from the menu:
//
//	shogi autosave 1
//	black human
//	white greedy
//	sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
//	moves 7g7f 3c3d
const autosaveMagic = "shogi autosave 1"

func autosavePath(dir string) string { return filepath.Join(dir, "autosave.txt") }

// autosave writes the game for resuming; nil when autosave is off or the
// game is over.
func (m *playModel) autosave() tea.Cmd {
	dir := m.c.stateDir
	if dir == "" || m.fromStudy || m.over() || m.g.Len() == 0 {
		return nil
	}
	var b strings.Builder
	start := m.g.Start()
	fmt.Fprintf(&b, "%s\nblack %s\nwhite %s\nsfen %s\nmoves", autosaveMagic,
		m.players[game.Black], m.players[game.White], start.SFEN())
	for _, mv := range m.g.Moves() {
		b.WriteString(" " + mv.USI())
	}
	b.WriteByte('\n')
	data := []byte(b.String())
	return func() tea.Msg {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return autosavedMsg{err: err}
		}
		return autosavedMsg{err: kifu.WriteFileAtomic(autosavePath(dir), data)}
	}
}

// removeAutosave deletes the autosave of a finished game.
func removeAutosave(dir string) tea.Cmd {
	if dir == "" {
		return nil
	}
	return func() tea.Msg {
		err := os.Remove(autosavePath(dir))
		if errors.Is(err, os.ErrNotExist) {
			err = nil
		}
		return autosavedMsg{err: err}
	}
}

// loadAutosave reads the autosave in dir. It returns (nil, nil) when there
// is none.
func loadAutosave(dir string) (*setup, error) {
	if dir == "" {
		return nil, nil
	}
	path := autosavePath(dir)
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := &setup{}
	sc := bufio.NewScanner(f)
	line := 0
	var moves []string
	haveStart := false
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 {
			if text != autosaveMagic {
				return nil, fmt.Errorf("%s:1: not an autosave file", path)
			}
			continue
		}
		k, v, _ := strings.Cut(text, " ")
		switch k {
		case "black", "white":
			if !validPlayer(v) {
				return nil, fmt.Errorf("%s:%d: unknown player %q", path, line, v)
			}
			if k == "black" {
				s.players[game.Black] = v
			} else {
				s.players[game.White] = v
			}
		case "sfen":
			p, err := game.ParseSFEN(v)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, line, err)
			}
			s.start, haveStart = p, true
		case "moves":
			moves = strings.Fields(v)
		case "":
		default:
			return nil, fmt.Errorf("%s:%d: unknown line %q", path, line, k)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if !haveStart || s.players[0] == "" || s.players[1] == "" {
		return nil, fmt.Errorf("%s: incomplete autosave", path)
	}
	p := s.start
	for i, u := range moves {
		mv, err := p.ParseUSI(u)
		if err == nil {
			err = p.CheckMove(mv)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: move %d %q: %v", path, i+1, u, err)
		}
		s.moves = append(s.moves, mv)
		p = p.Play(mv)
	}
	return s, nil
}
