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

// runMenu opens the app on its menu.
func runMenu(stdout, stderr io.Writer) int {
	o := tui.Options{Width: tui.DefaultWidthPolicy(), StateDir: stateDir()}
	if err := tui.Run(o); err != nil {
		fmt.Fprintln(stderr, "shogi:", err)
		return 1
	}
	return 0
}

// playOptions reads the play command's flags. A usage problem is returned
// as errUsage-wrapped so the caller exits with status 2.
func playOptions(args []string, stderr io.Writer) (tui.Options, error) {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	black := fs.String("black", "human", "who plays Black (sente): human, random or greedy")
	white := fs.String("white", "human", "who plays White (gote): human, random or greedy")
	handicap := fs.String("handicap", "", "start from a handicap: lance, bishop, rook, 2p, 4p, 6p … (the giver plays White)")
	sfen := fs.String("sfen", "", "start from this position")
	furigoma := fs.Bool("furigoma", false, "toss five pawns to decide which of --black and --white takes Black")
	style := fs.String("style", "kanji", "piece style: kanji, western or ascii")
	width := fs.String("width", "", "width of ambiguous characters (▲△×): narrow or wide (default from RUNEWIDTH_EASTASIAN and the locale)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi play [--black human|random|greedy] [--white …] [--handicap NAME] [--furigoma] [--sfen SFEN] [--style kanji|western|ascii] [--width narrow|wide]")
		fs.PrintDefaults()
	}
	o := tui.Options{Play: true, StateDir: stateDir(), Width: tui.DefaultWidthPolicy()}
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
	ps, err := tui.ParsePieceStyle(*style)
	if err != nil {
		return o, usageError(fs, "%v", err)
	}
	switch *width {
	case "":
	case "narrow":
		o.Width = tui.Narrow
	case "wide":
		o.Width = tui.Wide
	default:
		return o, usageError(fs, "unknown width %q (want narrow or wide)", *width)
	}
	o.Black, o.White, o.Handicap, o.SFEN, o.Furigoma, o.Pieces = *black, *white, *handicap, *sfen, *furigoma, ps
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
	fmt.Fprintf(fs.Output(), "shogi play: "+format+"\n", a...)
	fs.Usage()
	return errUsage
}

// runPlay starts a game directly.
func runPlay(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	o, err := playOptions(args, stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case err != nil:
		return 2
	}
	if err := tui.Run(o); err != nil {
		fmt.Fprintln(stderr, "shogi:", err)
		return 1
	}
	return 0
}

// runOpen studies a record (tui.Open has the flags).
func runOpen(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return tui.Open(args, stdin, stdout, stderr)
}
