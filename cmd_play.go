package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"example.com/shogi/tui"
)

// stateDir is where the app keeps its autosave: $SHOGI_STATE_DIR, else
// shogi/ under the user's config directory; "" (autosave off) if neither
// can be found.
func stateDir() string {
	if d := os.Getenv("SHOGI_STATE_DIR"); d != "" {
		return d
	}
	d, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "shogi")
}

// localTerminal is the terminal the program was started in: the keys
// from in, the frames to stdout, the process's environment.
func localTerminal(in io.Reader) tui.Terminal {
	env := os.Environ()
	return tui.Terminal{In: in, Out: os.Stdout, Env: env, Profile: tui.DetectProfile(os.Stdout, env)}
}

// runMenu opens the app on its menu.
func runMenu(stdout, stderr io.Writer) int {
	o := tui.Options{StateDir: stateDir()}
	display{}.defaults(&o, os.Environ())
	if err := tui.Run(o, localTerminal(os.Stdin)); err != nil {
		fmt.Fprintln(stderr, "shogi:", err)
		return 1
	}
	return 0
}

// display holds the flags every screen shares: piece style, width of
// ambiguous characters, theme and language. Empty means the default,
// which comes from the environment.
type display struct {
	style, width, theme, lang *string
}

// addDisplayFlags declares the shared flags on fs.
func addDisplayFlags(fs *flag.FlagSet) display {
	return display{
		style: fs.String("style", "", "piece style: kanji, western, ascii or kif (default kanji; ascii where the locale is not UTF-8)"),
		width: fs.String("width", "", "width of ambiguous characters (▲△×): narrow or wide (default from RUNEWIDTH_EASTASIAN and the locale)"),
		theme: fs.String("theme", "auto", "colours: auto (from the terminal's background), light or dark"),
		lang:  fs.String("lang", "", "language of the app's words: en or ja (default from the locale)"),
	}
}

// defaults fills o's display settings from the environment.
func (display) defaults(o *tui.Options, env []string) {
	o.Width = tui.WidthPolicyFromEnv(env)
	o.Lang = tui.LangFromEnv(env)
	o.ASCII = !tui.UTF8Locale(env)
}

// apply reads the flags into o over the environment's defaults.
func (d display) apply(o *tui.Options, env []string) error {
	d.defaults(o, env)
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
	t, err := tui.ParseTheme(*d.theme)
	if err != nil {
		return err
	}
	o.Theme = t
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
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	black := fs.String("black", "human", "who plays Black (sente): human, random or greedy")
	white := fs.String("white", "human", "who plays White (gote): human, random or greedy")
	handicap := fs.String("handicap", "", "start from a handicap: lance, bishop, rook, 2p, 4p, 6p … (the giver plays White)")
	sfen := fs.String("sfen", "", "start from this position")
	furigoma := fs.Bool("furigoma", false, "toss five pawns to decide which of --black and --white takes Black")
	d := addDisplayFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi play [--black human|random|greedy] [--white …] [--handicap NAME] [--furigoma] [--sfen SFEN]\n"+
			"                  [--style kanji|western|ascii|kif] [--width narrow|wide] [--theme auto|light|dark] [--lang en|ja]")
		fs.PrintDefaults()
	}
	o := tui.Options{Play: true, StateDir: stateDir()}
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, usageError(fs, "unexpected argument %q", fs.Arg(0))
	}
	for _, p := range []string{*black, *white} {
		if p != "human" && p != "random" && p != "greedy" {
			return o, usageError(fs, "unknown player %q (want human, random or greedy)", p)
		}
	}
	if err := d.apply(&o, env); err != nil {
		return o, usageError(fs, "%v", err)
	}
	o.Black, o.White, o.Handicap, o.SFEN, o.Furigoma = *black, *white, *handicap, *sfen, *furigoma
	if err := tui.CheckOptions(o); err != nil {
		var imp *tui.ImpossibleError
		if errors.As(err, &imp) {
			// Not a usage mistake: one line saying what is wrong with the position.
			fmt.Fprintf(stderr, "shogi play: --sfen: %v\n", err)
			return o, errUsage
		}
		return o, usageError(fs, "%v", err)
	}
	return o, nil
}

// errUsage marks a command-line mistake (exit status 2).
var errUsage = errors.New("usage")

func usageError(fs *flag.FlagSet, format string, a ...any) error {
	fmt.Fprintf(fs.Output(), "shogi "+fs.Name()+": "+format+"\n", a...)
	fs.Usage()
	return errUsage
}

// runPlay starts a game directly.
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := playOptions(args, os.Environ(), stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case err != nil:
		return 2
	}
	if err := tui.Run(o, localTerminal(stdin)); err != nil {
		fmt.Fprintln(stderr, "shogi:", err)
		return 1
	}
	return 0
}
