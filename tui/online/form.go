package online

import (
	"errors"
	"fmt"
	"net"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"shogi/app/players"
	"shogi/app/settings"
	"shogi/game/csa"
	"shogi/game/match"
	"shogi/tui/common"
	"shogi/tui/components"
)

// row is a row of the form.
type row int

const (
	rowList      row = iota // the remembered servers
	rowServer               // host:port
	rowID                   // the login name
	rowPassword             // masked
	rowRemember             // whether the password is kept
	rowGame                 // the x1 game; empty: the standard mode
	rowPlayer               // who plays
	rowKeepAlive            // the keep-alive interval
	rowMargin               // kept back from the engine's time
	rowConnect
	rows
)

// keepAlives are the keep-alive intervals offered (floodgate asks for
// no fewer than 30 s between blank lines).
var keepAlives = []time.Duration{0, 30 * time.Second, 60 * time.Second, 120 * time.Second}

// margins are the time margins offered (csa.Config.Margin), the default
// (csa.DefaultMargin) among them.
var margins = []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, csa.DefaultMargin, time.Second, 2 * time.Second}

// form is the online form: each text row is a field typed into directly
// (the cursor on it), each choice row changes with left/right.
type form struct {
	c        *common.Common
	cursor   row
	list     int // 0: a new server; i: the settings' server i-1
	text     [rows]*components.LineInput
	remember bool
	player   int // index into c.PlayerChoices()
	alive    int // index into keepAlives
	margin   int // index into margins
	// passwords are the remembered ones; passErr says why the file is not
	// used (others may read it, or it does not read): nothing is written
	// to it then.
	passwords settings.Passwords
	passErr   error
}

func newForm(c *common.Common) form {
	f := form{c: c, alive: 1, margin: slices.Index(margins, csa.DefaultMargin)}
	for _, r := range []row{rowServer, rowID, rowPassword, rowGame} {
		in := components.NewInput("", "", 200)
		f.text[r] = &in
	}
	f.passwords, f.passErr = settings.LoadPasswords(settings.PasswordsPath(c.SettingsPath))
	if len(c.Settings.Servers) > 0 {
		f.choose(1)
	}
	return f
}

// choose fills the form from remembered server i (0: a new one).
func (f *form) choose(i int) {
	f.list = i
	e := settings.ServerEntry{KeepAlive: settings.Duration(30 * time.Second)}
	if i > 0 {
		e = f.c.Settings.Servers[i-1]
	}
	f.set(rowServer, e.Addr)
	f.set(rowID, e.ID)
	f.set(rowGame, e.Game)
	pw, ok := f.passwords[e.Key()]
	f.set(rowPassword, pw)
	f.remember = ok && i > 0
	f.player = 0
	if e.Player != "" {
		if sp, name, err := players.Resolve(f.c.Settings, e.Player); err == nil {
			for j, p := range f.c.PlayerChoices() {
				if p.Spec.String() == sp.String() && p.Name == name {
					f.player = j
				}
			}
		}
	}
	f.alive = 0
	for j, d := range keepAlives {
		if d == time.Duration(e.KeepAlive) {
			f.alive = j
		}
	}
	want := time.Duration(e.Margin)
	if want == 0 {
		want = csa.DefaultMargin
	}
	f.margin = slices.Index(margins, csa.DefaultMargin)
	if j := slices.Index(margins, want); j >= 0 {
		f.margin = j
	}
}

func (f *form) set(r row, v string) {
	in := components.NewInput("", v, 200)
	f.text[r] = &in
}

func (f *form) value(r row) string { return f.text[r].Trimmed() }

// key handles a key on the form; submit reports enter.
func (f *form) key(k tea.KeyPressMsg) (submit bool) {
	keys := f.c.Keys
	switch {
	case k.String() == "up" || k.String() == "shift+tab":
		f.cursor = row(common.WrapAdd(int(f.cursor), -1, int(rows)))
	case k.String() == "down" || k.String() == "tab":
		f.cursor = row(common.WrapAdd(int(f.cursor), 1, int(rows)))
	case common.IsEnter(k):
		return true
	case f.text[f.cursor] != nil:
		f.text[f.cursor].Edit(k)
	case common.KeyIs(k, keys.Left):
		f.change(-1)
	case common.KeyIs(k, keys.Right):
		f.change(1)
	}
	return false
}

// change cycles the choice under the cursor.
func (f *form) change(d int) {
	switch f.cursor {
	case rowList:
		f.choose(common.WrapAdd(f.list, d, len(f.c.Settings.Servers)+1))
	case rowRemember:
		f.remember = !f.remember
	case rowPlayer:
		f.player = common.WrapAdd(f.player, d, len(f.c.PlayerChoices()))
	case rowKeepAlive:
		f.alive = common.WrapAdd(f.alive, d, len(keepAlives))
	case rowMargin:
		f.margin = common.WrapAdd(f.margin, d, len(margins))
	}
}

// paste puts pasted text into the field under the cursor.
func (f *form) paste(p tea.PasteMsg) {
	if in := f.text[f.cursor]; in != nil {
		in.Edit(p)
	}
}

// FormError is a field the form cannot connect with: which, and the
// words saying why.
type FormError struct {
	Row row
	Msg string
}

func (e *FormError) Error() string { return e.Msg }

// request reads the form into a request, or says which field is wrong.
func (f *form) request(w *wordsT) (request, error) {
	addr := f.value(rowServer)
	host, port, err := net.SplitHostPort(addr)
	if n, perr := strconv.Atoi(port); err != nil || host == "" || perr != nil || n <= 0 || n > 65535 {
		return request{}, &FormError{rowServer, w.NeedServer}
	}
	id := f.value(rowID)
	if id == "" || strings.ContainsAny(id, " \t") {
		return request{}, &FormError{rowID, w.NeedID}
	}
	pw := f.text[rowPassword].Value()
	if pw == "" || strings.ContainsAny(pw, " \t") {
		return request{}, &FormError{rowPassword, w.NeedPassword}
	}
	game := f.value(rowGame)
	if strings.ContainsAny(game, " \t") {
		return request{}, &FormError{rowGame, w.BadGame}
	}
	choice := f.c.PlayerChoices()[f.player]
	cfg := csa.Config{Addr: addr, ID: id, Password: pw, X1: game != "", KeepAlive: keepAlives[f.alive],
		Margin: margins[f.margin], Log: f.c.EngineLog}
	return request{cfg: cfg, game: game, spec: choice.Spec, label: f.playerLabel()}, nil
}

// playerLabel names the player chosen.
func (f *form) playerLabel() string {
	p := f.c.PlayerChoices()[f.player]
	if p.Spec.Kind == match.HumanKind {
		return wordsFor(f.c).Me
	}
	return f.c.ChoiceLabel(p)
}

// entry is the form as the settings remember it.
func (f *form) entry(r request) settings.ServerEntry {
	p := f.c.PlayerChoices()[f.player]
	player := p.Spec.String()
	if p.Spec.Kind == match.USIKind {
		player = p.Name
	}
	return settings.ServerEntry{Addr: r.cfg.Addr, ID: r.cfg.ID, Game: r.game, Player: player, KeepAlive: settings.Duration(r.cfg.KeepAlive),
		Margin: settings.Duration(r.cfg.Margin)}
}

// remembered saves the form's server in the settings (first of the
// list) and the password in the passwords file when asked, or forgets a
// password kept before; it returns the commands that write them.
func (f *form) remembered(r request) tea.Cmd {
	e := f.entry(r)
	save := f.c.SaveSettings(func(s *settings.Settings) { s.RememberServer(e) })
	f.list = 1
	path := settings.PasswordsPath(f.c.SettingsPath)
	_, had := f.passwords[e.Key()]
	if path == "" || f.passErr != nil || (!f.remember && !had) {
		return save
	}
	if f.remember {
		f.passwords[e.Key()] = r.cfg.Password
	} else {
		delete(f.passwords, e.Key())
	}
	pw := settings.Passwords{}
	for k, v := range f.passwords {
		pw[k] = v
	}
	return tea.Batch(save, func() tea.Msg { return passwordsSavedMsg{path: path, err: pw.Save(path)} })
}

// passwordsSavedMsg reports a write of the passwords file.
type passwordsSavedMsg struct {
	path string
	err  error
}

// passwordsNote says why the passwords file is not used, when it is not.
func (f *form) passwordsNote(w *wordsT) string {
	var oe *settings.OpenPasswordsError
	switch {
	case f.passErr == nil:
		return ""
	case errors.As(f.passErr, &oe):
		return fmt.Sprintf(w.PasswordsOpen, oe.Path, oe.Path)
	}
	return fmt.Sprintf(w.PasswordsBad, settings.PasswordsPath(f.c.SettingsPath), f.passErr)
}

// lines draws the form and says where the typing cursor stands (line
// -1: none).
func (f *form) lines(w *wordsT) (out []string, cursorLine, cursorCol int) {
	c := f.c
	st := c.Styles
	m := c.Measure
	labels := [rows]string{w.Remembered, w.Server, w.ID, w.Password, w.Remember, w.Game, w.Player, w.KeepAlive, w.Margin, ""}
	lw := common.MaxWidth(m, labels[:]...)
	cursorLine = -1
	for r := range rows {
		var text string
		switch r {
		case rowConnect:
			text = "[ " + w.Connect + " ]"
		case rowServer, rowID, rowPassword, rowGame:
			v, _, col := f.field(r)
			text = m.Pad(labels[r], lw) + "  " + v
			if r == f.cursor {
				cursorLine, cursorCol = len(out), 3+lw+2+col
			}
		default:
			text = m.Pad(labels[r], lw) + "  < " + f.choice(r, w) + " >"
		}
		if r == f.cursor {
			out = append(out, st.Accent.Render("> ")+st.ListCur.Render(" "+text+" "))
		} else {
			out = append(out, "   "+text)
		}
	}
	return out, cursorLine, cursorCol
}

// field is a text row's value as shown (the password masked), its
// width, and the typing cursor's column in it.
func (f *form) field(r row) (string, int, int) {
	in := f.text[r]
	if r != rowPassword {
		return in.Render(40, f.c.Measure)
	}
	// One column in every terminal: • is ambiguous, two in CJK ones.
	n := len([]rune(in.Value()))
	return strings.Repeat("*", n), n, min(in.In.Position(), n)
}

// choice is a choice row's value.
func (f *form) choice(r row, w *wordsT) string {
	c := f.c
	switch r {
	case rowList:
		if f.list == 0 {
			return w.NewServer
		}
		return c.Settings.Servers[f.list-1].Key()
	case rowRemember:
		if f.remember {
			return c.Words.On
		}
		return c.Words.Off
	case rowPlayer:
		return f.playerLabel()
	case rowKeepAlive:
		if d := keepAlives[f.alive]; d > 0 {
			return match.ShortDuration(d)
		}
		return w.Off
	case rowMargin:
		return match.ShortDuration(margins[f.margin])
	}
	return ""
}

// note is the line under the form for the row under the cursor.
func (f *form) note(w *wordsT) string {
	switch f.cursor {
	case rowGame, rowPassword:
		return w.GameNote
	case rowMargin:
		return w.MarginNote
	case rowRemember:
		if !f.remember {
			return w.PasswordNote
		}
		return fmt.Sprintf(w.RememberNote, settings.PasswordsPath(f.c.SettingsPath))
	}
	return ""
}
