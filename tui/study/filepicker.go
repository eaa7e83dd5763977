package study

import (
	"os"
	"path/filepath"
	"strings"

	"shogi/app/words"
	"shogi/assets"
	"shogi/tui/common"

	tea "charm.land/bubbletea/v2"
)

// recordExtensions are the files the picker offers.
var recordExtensions = []string{".kif", ".kifu", ".ki2", ".ki2u", ".csa", ".jkf", ".json", ".usi", ".sfen", ".psn", ".txt"}

// lastDirFile is where the picker remembers the folder a record was last
// opened from, under the app's state directory.
const lastDirFile = "study-lastdir"

// pickerModel chooses a record file to study: folders first, then the
// record files of the current folder. (A list of its own rather than
// bubbles' filepicker, which needs a module the project does not carry.)
// It is a mode: once a file is chosen, update returns the study of
// that file in its place.
type pickerModel struct {
	c       *common.Common
	dir     string
	entries []pickerEntry
	cursor  int
	err     string
}

type pickerEntry struct {
	name string
	dir  bool
}

// newPicker returns a picker; its init lists the folder it opens in.
func newPicker(c *common.Common) *pickerModel { return &pickerModel{c: c} }

// dirListedMsg is a folder's entries, read off the UI loop.
type dirListedMsg struct {
	dir     string
	entries []pickerEntry
	err     error
}

// list reads dir (made absolute) off the UI loop. "" is the folder the
// picker opens in: the games folder, where finished games are kept; else
// the folder a record was last opened from; else the current one.
func (p *pickerModel) list(dir string) tea.Cmd {
	stateDir, games := p.c.StateDir, p.c.GamesDir()
	return func() tea.Msg {
		if dir == "" {
			dir = startDir(stateDir, games)
		}
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
		entries, err := readPickerDir(dir)
		return dirListedMsg{dir: dir, entries: entries, err: err}
	}
}

// startDir is the folder the picker opens in.
func startDir(stateDir, games string) string {
	if games != "" {
		if fi, err := os.Stat(games); err == nil && fi.IsDir() {
			return games
		}
	}
	if d := lastDir(stateDir); d != "" {
		return d
	}
	d, _ := os.Getwd()
	return d
}

// readPickerDir lists dir: "..", the folders, then the record files.
func readPickerDir(dir string) ([]pickerEntry, error) {
	list, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var entries []pickerEntry
	if parent := filepath.Dir(dir); parent != dir {
		entries = append(entries, pickerEntry{name: "..", dir: true})
	}
	var files []pickerEntry
	for _, e := range list {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		isDir := e.IsDir()
		if e.Type()&os.ModeSymlink != 0 {
			if fi, err := os.Stat(filepath.Join(dir, name)); err == nil {
				isDir = fi.IsDir()
			}
		}
		switch {
		case isDir:
			entries = append(entries, pickerEntry{name: name, dir: true})
		case isRecordName(name):
			files = append(files, pickerEntry{name: name})
		}
	}
	return append(entries, files...), nil
}

func isRecordName(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	for _, x := range recordExtensions {
		if ext == x {
			return true
		}
	}
	return false
}

func (p *pickerModel) Init() tea.Cmd { return p.list(p.dir) }

// Rows is how many entries fit on the screen.
func (p *pickerModel) Rows() int { return max(p.c.Height-4, 1) }

// top is the first entry shown, so that the cursor is visible.
func (p *pickerModel) top() int { return max(0, p.cursor-p.Rows()+1) }

func (p *pickerModel) Update(msg tea.Msg) (mode, tea.Cmd) {
	switch msg := msg.(type) {
	case dirListedMsg:
		if msg.err != nil {
			p.err = msg.err.Error()
			return p, nil
		}
		p.dir, p.entries, p.cursor, p.err = msg.dir, msg.entries, 0, ""
	case tea.MouseWheelMsg:
		switch msg.Mouse().Button {
		case tea.MouseWheelUp:
			p.move(-1)
		case tea.MouseWheelDown:
			p.move(1)
		}
	case tea.MouseClickMsg:
		mo := msg.Mouse()
		if i := p.top() + mo.Y - 2; mo.Button == tea.MouseLeft && mo.Y >= 2 && i < len(p.entries) {
			p.cursor = i
			return p.choose()
		}
	case tea.KeyPressMsg:
		if common.KeyIs(msg, p.c.Keys.Quit) {
			return p, tea.Quit
		}
		return p.key(msg.String())
	}
	return p, nil
}

// key handles one key by name.
func (p *pickerModel) key(k string) (mode, tea.Cmd) {
	switch k {
	case "up", "k":
		p.move(-1)
	case "down", "j":
		p.move(1)
	case "pgup":
		p.move(-p.Rows())
	case "pgdown":
		p.move(p.Rows())
	case "home", "g":
		p.cursor = 0
	case "end", "G":
		p.cursor = max(len(p.entries)-1, 0)
	case "enter", "right", "l":
		return p.choose()
	case "left", "h", "backspace":
		return p, p.list(filepath.Dir(p.dir))
	case "q", "esc":
		return p, func() tea.Msg { return common.ToMenuMsg{} }
	case "?":
		help := p.Help()
		return p, func() tea.Msg { return help }
	}
	return p, nil
}

func (p *pickerModel) move(d int) {
	p.cursor = max(0, min(p.cursor+d, len(p.entries)-1))
}

// choose opens the folder or the record under the cursor.
func (p *pickerModel) choose() (mode, tea.Cmd) {
	if len(p.entries) == 0 {
		return p, nil
	}
	e := p.entries[p.cursor]
	path := filepath.Join(p.dir, e.name)
	if e.dir {
		return p, p.list(path)
	}
	stateDir, dir := p.c.StateDir, p.dir
	remember := func() tea.Msg {
		rememberDir(stateDir, dir)
		return nil
	}
	return p, tea.Batch(remember, readRecord(path))
}

func (p *pickerModel) View() (string, *tea.Cursor) {
	m := p.c.Measure
	st := p.c.Styles
	ja := p.c.Lang == words.Japanese
	head, none, hint := "Open record: ", "(no records here)", "up/down choose  enter open  left/backspace up a folder  q back  ? help"
	if ja {
		head, none, hint = "棋譜を開く: ", "(棋譜がありません)", "↑↓ 選ぶ  enter 開く  ← 上のフォルダ  q 戻る  ? ヘルプ"
	}
	lines := []string{st.Title.Render(m.Truncate(head+p.dir, p.c.Width)), ""}
	if len(p.entries) == 0 {
		lines = append(lines, none)
	}
	for i := p.top(); i < len(p.entries) && len(lines) < p.c.Height-2; i++ {
		e := p.entries[i]
		text := "  " + e.name
		if e.dir {
			text += "/"
		}
		text = m.Truncate(text, p.c.Width)
		if i == p.cursor {
			text = st.ListCur.Render(">" + text[1:])
		}
		lines = append(lines, text)
	}
	for len(lines) < p.c.Height-1 {
		lines = append(lines, "")
	}
	status := st.Dim.Render(m.Truncate(hint, p.c.Width))
	if p.err != "" {
		status = st.Err.Render(m.Truncate(p.err, p.c.Width))
	}
	lines = append(lines, status)
	return strings.Join(lines[:min(len(lines), max(p.c.Height, 1))], "\n"), nil
}

// lastDir reads the remembered folder; "" if none or it is gone.
func lastDir(stateDir string) string {
	if stateDir == "" {
		return ""
	}
	data, err := os.ReadFile(filepath.Join(stateDir, lastDirFile))
	if err != nil {
		return ""
	}
	dir := strings.TrimSpace(string(data))
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return ""
	}
	return dir
}

// rememberDir stores the folder a record was opened from. Failing to is
// not worth an error on screen: the picker just starts elsewhere next time.
func rememberDir(stateDir, dir string) {
	if stateDir == "" {
		return
	}
	if err := os.MkdirAll(stateDir, 0o755); err != nil {
		return
	}
	_ = os.WriteFile(filepath.Join(stateDir, lastDirFile), []byte(dir+"\n"), 0o644)
}

// Help is the picker's ? screen: its notes say its keys.
func (p *pickerModel) Help() common.OpenHelpMsg {
	return common.OpenHelpMsg{Notes: assets.HelpPicker(p.c.Lang == words.Japanese)}
}

// Title is the picker's window title: the app's alone.
func (p *pickerModel) Title() string { return "" }
