package tui

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"example.com/shogi/game"
	"example.com/shogi/game/notation"
	"example.com/shogi/kifu"
)

func init() { openStudy = openStudyFile }

// openStudyFile is how the menu opens a record: a file goes straight to
// the study; "" or a folder opens the file picker there. A record that
// cannot be read opens the study on its error screen, so the reason is
// shown in full.
func openStudyFile(c *common, path string) (studyMode, tea.Cmd, error) {
	if path == "" {
		p := newPicker(c, "")
		return p, p.init(), nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		p := newPicker(c, path)
		return p, p.init(), nil
	}
	return loadStudy(c, path), nil, nil
}

// loadStudy reads a record file into a study; failures are kept for the
// study to show.
func loadStudy(c *common, path string) *studyModel {
	data, err := os.ReadFile(path)
	if err != nil {
		return newStudy(c, nil, path, err)
	}
	rec, err := kifu.Read(data, path)
	return newStudy(c, rec, path, err)
}

// Open runs `shogi open [flags] FILE|-`: the app in study mode on one
// record, read from FILE or, for -, from stdin (keys then come from the
// terminal). It returns the exit status.
func Open(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("open", flag.ContinueOnError)
	fs.SetOutput(stderr)
	style := fs.String("style", "kanji", "piece style: kanji, western or ascii")
	width := fs.String("width", "", "width of ambiguous characters (▲△×): narrow or wide (default from RUNEWIDTH_EASTASIAN and the locale)")
	nota := fs.String("notation", "", "move notation: ki2, kif, western, hosking, romaji, sassersson, csa or usi (default goes with --style)")
	ply := fs.Int("ply", 0, "show this ply of the main line first")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi open [--style kanji|western|ascii] [--notation STYLE] [--width narrow|wide] [--ply N] FILE|-")
		fs.PrintDefaults()
	}
	// Flags may follow the file, as in the other commands.
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "shogi open: "+format+"\n", a...)
		fs.Usage()
		return 2
	}
	if len(files) != 1 {
		return usage("want one record file, or - for stdin")
	}
	o := Options{Width: DefaultWidthPolicy()}
	ps, err := ParsePieceStyle(*style)
	if err != nil {
		return usage("%v", err)
	}
	o.Pieces = ps
	switch *width {
	case "":
	case "narrow":
		o.Width = Narrow
	case "wide":
		o.Width = Wide
	default:
		return usage("unknown width %q (want narrow or wide)", *width)
	}
	var ns notation.Style
	if *nota != "" {
		if ns, err = notation.ParseStyle(*nota); err != nil {
			return usage("%v", err)
		}
	}

	path := files[0]
	opts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithMouseCellMotion()}
	var data []byte
	name := path
	if path == "-" {
		name = "stdin"
		if data, err = io.ReadAll(stdin); err != nil {
			fmt.Fprintln(stderr, "shogi open: reading stdin:", err)
			return 1
		}
		// The record came on stdin, so keys must come from the terminal.
		tty, err := os.Open("/dev/tty")
		if err != nil {
			fmt.Fprintln(stderr, "shogi open: the record is on stdin and there is no terminal to read keys from:", err)
			return 1
		}
		defer tty.Close()
		opts = append(opts, tea.WithInput(tty))
	} else if data, err = os.ReadFile(path); err != nil {
		fmt.Fprintln(stderr, "shogi open:", err)
		return 1
	}

	ConfigureColors()
	m, err := New(o)
	if err != nil {
		fmt.Fprintln(stderr, "shogi open:", err)
		return 1
	}
	if *nota != "" {
		m.c.notation = ns
	}
	rec, rerr := kifu.Read(data, name)
	st := newStudy(m.c, rec, filepath.Clean(name), rerr)
	st.quitOnLeave = true
	if rec != nil {
		st.goTo(*ply)
	}
	m.study, m.mode = st, modeStudy
	if _, err := tea.NewProgram(m, opts...).Run(); err != nil {
		fmt.Fprintln(stderr, "shogi open:", err)
		return 1
	}
	if rerr != nil {
		// The app showed why; scripts learn it from the status and stderr.
		fmt.Fprintln(stderr, "shogi open:", rerr)
		return 1
	}
	return 0
}

// reviewGameMsg asks the app to study a game just played (the game-end
// screen's "study" choice).
type reviewGameMsg struct {
	g       *game.Game
	players [2]string     // by colour, as play mode names them
	headers []kifu.Header // the record's headers as play mode writes them; nil: built here
	saved   string        // the file the whole game was saved to, if it was
}

// reviewGame opens a finished (or abandoned) game in the study, at its
// last ply: as the file it was saved to, or as a record not saved yet.
func reviewGame(c *common, msg reviewGameMsg) *studyModel {
	headers := msg.headers
	if headers == nil {
		headers = []kifu.Header{
			{Key: "開始日時", Value: time.Now().Format("2006/01/02 15:04:05")},
			{Key: "先手", Value: msg.players[game.Black]},
			{Key: "後手", Value: msg.players[game.White]},
		}
	}
	name := "this game"
	if msg.saved != "" {
		name = msg.saved
	}
	s := newStudy(c, kifu.FromGame(msg.g, headers, nil), name, nil)
	s.goTo(s.last())
	s.dirty = msg.saved == ""
	return s
}
