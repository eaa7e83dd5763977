package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"shogi/game/bot"
	"shogi/game/match"
	"shogi/internal/appdirs"
	"shogi/tui"
)

// dirsIn are the app's folders (internal/appdirs): settings in config,
// kept games and edits in state, finished games in data, logs in cache,
// found from env, the command's environment (KEY=VALUE lines, the last
// of a key counting, as the process's environment would hold them).
func dirsIn(env []string) appdirs.Dirs { return appdirs.FromEnv(getenvIn(env)) }

// getenvIn reads a variable from env as os.Getenv reads the process's.
func getenvIn(env []string) func(string) string {
	return func(key string) string {
		v := ""
		for _, kv := range env {
			if k, val, ok := strings.Cut(kv, "="); ok && k == key {
				v = val
			}
		}
		return v
	}
}

// migrate moves what an older version kept in the config folder to where
// it lives now (once), and says what it moved, for the menu and stderr.
func migrate(d appdirs.Dirs) []string {
	moved, err := d.Migrate()
	var out []string
	for _, m := range moved {
		out = append(out, m.String())
	}
	if err != nil {
		out = append(out, "could not move everything from the old folders: "+err.Error())
	}
	return out
}

// startApp does what the app does once, as it starts and after its flags
// are read (reading flags moves no file): moves what an older version
// kept where it lives now, said on the menu, and opens the engines' log.
func startApp(o *tui.Options, env []string) {
	d := dirsIn(env)
	o.Notices = append(migrate(d), o.Notices...)
	o.EngineLog = engineLog(d)
}

// engineLog opens the log engines write to (their stderr and the
// protocol): engines.log in the cache folder, begun afresh once it passes
// a few megabytes. Nil when it cannot be opened.
func engineLog(d appdirs.Dirs) io.Writer {
	path := d.Log("engines.log")
	if path == "" {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil
	}
	if fi, err := os.Stat(path); err == nil && fi.Size() > 8<<20 {
		_ = os.Rename(path, path+".1")
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil
	}
	fmt.Fprintf(f, "---- shogi %s\n", time.Now().Format(time.RFC3339))
	return f
}

// appOptions are the options every screen starts from: the directories,
// the settings file (what it says goes over the environment's defaults;
// the flags go over both), the engines' log, and a clean end on SIGHUP.
func appOptions(env []string) tui.Options {
	d := dirsIn(env)
	o := tui.Options{StateDir: d.State, SettingsPath: d.SettingsFile(), GamesDir: d.Games(), Signals: true}
	o.Settings, o.SettingsErr = tui.LoadSettings(o.SettingsPath)
	display{}.defaults(&o, env)
	o.ApplySettings(o.Settings)
	return o
}

// localTerminal is the terminal the program was started in: the keys
// from in, the frames to stdout, the process's environment.
func localTerminal(in io.Reader, s stdio) tui.Terminal {
	return tui.Terminal{In: in, Out: s.out, Env: s.env, Profile: tui.DetectProfile(s.out, s.env)}
}

// runMenu opens the app on its menu; args are the display flags, which
// work on every screen ("shogi --lang en").
func runMenu(ctx context.Context, args []string, s stdio) int {
	o, err := menuOptions(args, s.env, s.err)
	if err != nil {
		return parseStatus(err)
	}
	o.Context = ctx
	startApp(&o, s.env)
	if err := tui.Run(o, localTerminal(s.in, s)); err != nil {
		fmt.Fprintln(s.err, "shogi:", err)
		return 1
	}
	return 0
}

// menuOptions reads the menu's flags: the display flags alone.
func menuOptions(args []string, env []string, stderr io.Writer) (tui.Options, error) {
	fs := flag.NewFlagSet("shogi", flag.ContinueOnError)
	fs.SetOutput(stderr)
	d := addDisplayFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi [--style kanji|western|ascii|kif] [--width narrow|wide] [--theme auto|light|dark] [--lang en|ja]\n"+
			"       shogi COMMAND [flags]   (shogi -h lists the commands)")
		fs.PrintDefaults()
	}
	o := appOptions(env)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return o, err
	}
	if len(rest) > 0 {
		return o, usageError(fs, "the menu takes no argument %q (a command comes first: shogi -h)", rest[0])
	}
	if err := d.apply(&o); err != nil {
		return o, usageError(fs, "%v", err)
	}
	return o, nil
}

// display holds the flags every screen shares: piece style, width of
// ambiguous characters, theme and language. Empty means the settings'
// or, failing them, the environment's.
type display struct {
	style, width, theme, lang *string
}

// addDisplayFlags declares the shared flags on fs.
func addDisplayFlags(fs *flag.FlagSet) display {
	return display{
		style: fs.String("style", "", "piece style: kanji, western, ascii or kif (default kanji; ascii where the locale is not UTF-8)"),
		width: fs.String("width", "", "width of ambiguous characters (▲△×): narrow or wide (default from RUNEWIDTH_EASTASIAN and the locale)"),
		theme: fs.String("theme", "", "the board's colours: auto (from the terminal's background), light or dark (default auto); the text always follows the terminal"),
		lang:  fs.String("lang", "", "language of the app's words: en or ja (default from the locale)"),
	}
}

// defaults fills o's display settings from the environment.
func (display) defaults(o *tui.Options, env []string) {
	o.Width = tui.WidthPolicyFromEnv(env)
	o.Lang = tui.LangFromEnv(env)
	o.ASCII = !tui.UTF8Locale(env)
}

// apply reads the flags that were given into o.
func (d display) apply(o *tui.Options) error {
	if *d.style != "" {
		ps, err := tui.ParsePieceStyle(*d.style)
		if err != nil {
			return err
		}
		o.Pieces = ps
	}
	if *d.width != "" {
		w, err := tui.ParseWidthPolicy(*d.width)
		if err != nil {
			return err
		}
		o.Width = w
	}
	if *d.theme != "" {
		t, err := tui.ParseTheme(*d.theme)
		if err != nil {
			return err
		}
		o.Theme = t
	}
	if *d.lang != "" {
		l, err := tui.ParseLang(*d.lang)
		if err != nil {
			return err
		}
		o.Lang = l
	}
	return nil
}

// playOptions reads the play command's flags. A usage problem is returned
// as errUsage-wrapped so the caller exits with status 2.
func playOptions(args []string, env []string, stderr io.Writer) (tui.Options, error) {
	fs := newFlagSet("play", stderr)
	human := match.Spec{Kind: match.HumanKind}.String()
	players := human + ", " + joinNames(bot.Names()) + ", usi:PATH[,NAME=VALUE...] or an engine's name in the settings"
	black := fs.String("black", human, "who plays Black (sente): "+players)
	white := fs.String("white", human, "who plays White (gote): "+players)
	mainTime := fs.Duration("time", 0, "main time per side (持ち時間), e.g. 10m (default: no clock)")
	byoyomi := fs.Duration("byoyomi", 0, "time per move once the main time is spent (秒読み), e.g. 30s")
	increment := fs.Duration("increment", 0, "Fischer increment added after each move, e.g. 5s")
	handicap := fs.String("handicap", "", "start from a handicap: lance, bishop, rook, 2p, 4p, 6p … (the giver plays White)")
	sfen := fs.String("sfen", "", "start from this position")
	furigoma := fs.Bool("furigoma", false, "toss five pawns to decide which of --black and --white takes Black")
	bf := addBookPlayFlags(fs)
	d := addDisplayFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi play [--black PLAYER] [--white PLAYER] [--time D] [--byoyomi D | --increment D]\n"+
			"                  [--handicap NAME] [--furigoma] [--sfen SFEN] [--book FILE [--book-moves N] [--book-pick weighted|best|off]]\n"+
			"                  [--style kanji|western|ascii|kif] [--width narrow|wide] [--theme auto|light|dark] [--lang en|ja]\n"+
			"PLAYER: "+players)
		fs.PrintDefaults()
	}
	o := appOptions(env)
	o.Play = true
	rest, err := parseFlags(fs, args)
	if err != nil {
		return o, err
	}
	if len(rest) > 0 {
		return o, usageError(fs, "unexpected argument %q", rest[0])
	}
	if err := d.apply(&o); err != nil {
		return o, usageError(fs, "%v", err)
	}
	tc := match.TimeControl{Main: *mainTime, Byoyomi: *byoyomi, Increment: *increment}
	if _, err := bf.options(); err != nil {
		return o, usageError(fs, "%v", err)
	}
	use, _, err := bf.use() // a book on disk is closed when the program ends
	if err != nil {
		return o, failed(fs, "%v", err)
	}
	o.Book = use
	o.Black, o.White, o.Handicap, o.SFEN, o.Furigoma = *black, *white, *handicap, *sfen, *furigoma
	o.Time = [2]match.TimeControl{tc, tc}
	if err := tui.CheckOptions(o); err != nil {
		var imp *tui.ImpossibleError
		if errors.As(err, &imp) {
			// Not a usage mistake: one line saying what is wrong with the position.
			return o, failed(fs, "--sfen: %v", err)
		}
		return o, usageError(fs, "%v", err)
	}
	return o, nil
}

func joinNames(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}

// errUsage marks a command-line mistake (exit status 2).
var errUsage = errors.New("usage")

// errFailed marks a command that cannot go on for a reason that is no
// mistake in how it was called (a file that does not read, a problem or
// a position not there): said in one line, exit status 1.
var errFailed = errors.New("failed")

// failed says what is wrong in one line, after the command's name as the
// flag set has it ("shogi play"), without the usage.
func failed(fs *flag.FlagSet, format string, a ...any) error {
	fmt.Fprintf(fs.Output(), "%s: %s\n", fs.Name(), fmt.Sprintf(format, a...))
	return errFailed
}

// usageError says what is wrong, after the command's name as the flag
// set has it ("shogi play"), then the usage.
func usageError(fs *flag.FlagSet, format string, a ...any) error {
	fmt.Fprintf(fs.Output(), "%s: %s\n", fs.Name(), fmt.Sprintf(format, a...))
	fs.Usage()
	return errUsage
}

// runPlay starts a game directly.
func runPlay(ctx context.Context, args []string, s stdio) int {
	stdin, stderr := s.in, s.err
	o, err := playOptions(args, s.env, stderr)
	if err != nil {
		return parseStatus(err)
	}
	o.Context = ctx
	startApp(&o, s.env)
	if err := tui.Run(o, localTerminal(stdin, s)); err != nil {
		fmt.Fprintln(stderr, "shogi:", err)
		return 1
	}
	return 0
}
