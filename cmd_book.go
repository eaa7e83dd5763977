package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"

	"shogi/app/books"
	"shogi/game/book"
	"shogi/game/notation"
)

func bookUsage(w io.Writer) {
	fmt.Fprint(w, `usage: shogi book build [--max-ply N] [--min-count N] [-j N] [--quiet] [-o BOOK] FILE|DIR...
       shogi book show [--sfen SFEN] [--notation STYLE] [--no-flip] BOOK
       shogi book merge BOOK... [-o BOOK]

Opening books in YaneuraOu's text format (#YANEURAOU-DB2016 1.00), which
ShogiHome and YaneuraOu engines read. build counts the moves of records of
any format (folders are searched for .kif .kifu .ki2 .ki2u .csa .jkf .usi
.sfen files); show prints a position's book moves; merge adds books
together (a single book comes out sorted).
`)
}

func runBook(_ context.Context, args []string, s stdio) int {
	stdout, stderr := s.out, s.err
	if len(args) == 0 {
		bookUsage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		bookUsage(stdout)
		return 0
	case "build":
		return runBookBuild(args[1:], stdout, stderr)
	case "show":
		return runBookShow(args[1:], stdout, stderr)
	case "merge":
		return runBookMerge(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "shogi book: unknown command %q (want build, show or merge)\n", args[0])
	bookUsage(stderr)
	return 2
}

// bookFlags parses a book subcommand's flags; usage is its first line.
func bookFlags(fs *flag.FlagSet, args []string, usage string, stderr io.Writer) ([]string, int, bool) {
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi book "+usage)
		fs.PrintDefaults()
	}
	rest, err := parseFlags(fs, args)
	if err != nil {
		return nil, parseStatus(err), false
	}
	return rest, 0, true
}

func runBookBuild(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("book build", stderr)
	maxPly := fs.Int("max-ply", 40, "count each game's first `N` moves (0: all)")
	minCount := fs.Int("min-count", 1, "leave out moves played fewer than `N` times")
	jobs := fs.Int("j", runtime.NumCPU(), "read `N` files at once")
	out := fs.String("o", "-", "write the book to `FILE` (- for standard output)")
	quiet := fs.Bool("quiet", false, "no progress bar on standard error")
	rest, status, ok := bookFlags(fs, args, "build [--max-ply N] [--min-count N] [-j N] [--quiet] [-o BOOK] FILE|DIR...", stderr)
	if !ok {
		return status
	}
	switch {
	case len(rest) == 0:
		return badUsage(fs, "want record files or folders")
	case *maxPly < 0:
		return badUsage(fs, "--max-ply %d: want 0 (all) or more", *maxPly)
	case *minCount < 1:
		return badUsage(fs, "--min-count %d: want 1 or more", *minCount)
	case *jobs < 1:
		return badUsage(fs, "-j %d: want 1 or more", *jobs)
	}
	files, err := books.RecordFiles(rest)
	if err != nil {
		fmt.Fprintf(stderr, "shogi book build: %v\n", err)
		return 1
	}
	if len(files) == 0 {
		fmt.Fprintf(stderr, "shogi book build: no record files (%s) in %s\n", strings.Join(books.RecordExts, " "), strings.Join(rest, ", "))
		return 1
	}
	began := time.Now()
	// The counts are most of the heap and live to the end: collecting
	// when the heap has grown by half, not doubled, keeps the peak near
	// them for a few percent more time.
	defer debug.SetGCPercent(debug.SetGCPercent(50))
	var prog *books.Progress
	if !*quiet && isTerminal(stderr) && len(files) >= 100 {
		prog = &books.Progress{W: stderr, Total: len(files), Began: began}
	}
	b, st := books.Build(files, *maxPly, *jobs, prog)
	for _, e := range st.Errs {
		fmt.Fprintln(stderr, "shogi book build: "+e)
	}
	if st.MoreErrs > 0 {
		fmt.Fprintf(stderr, "shogi book build: … and %d more records with problems\n", st.MoreErrs)
	}
	if st.Games == 0 {
		fmt.Fprintln(stderr, "shogi book build: no game could be read")
		return 1
	}
	written := 0
	write := func(w io.Writer) (err error) {
		written, err = b.Write(w, *minCount)
		return err
	}
	if *out == "-" {
		err = write(stdout)
	} else {
		err = book.WriteFileWith(*out, write)
	}
	if err != nil {
		fmt.Fprintf(stderr, "shogi book build: %v\n", err)
		return 1
	}
	el := time.Since(began)
	fmt.Fprintf(stderr, "shogi book build: %d files, %d games (%d broken off), %d moves counted in %d positions, %d written, %.1fs (%.0f games/s)\n",
		st.Files, st.Games, st.Broken, b.Moves(), b.Positions(), written, el.Seconds(), float64(st.Games)/max(el.Seconds(), 1e-9))
	return 0
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}

func runBookShow(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("book show", stderr)
	sfen := fs.String("sfen", "", "the position (default: the even start)")
	style := fs.String("notation", "usi", "write moves in `STYLE`: usi, csa, ki2, kif, western, hosking, romaji, sassersson")
	noFlip := fs.Bool("no-flip", false, "do not look the position up turned round")
	rest, status, ok := bookFlags(fs, args, "show [--sfen SFEN] [--notation STYLE] [--no-flip] BOOK", stderr)
	if !ok {
		return status
	}
	if len(rest) != 1 {
		return badUsage(fs, "want one book")
	}
	st, err := notation.ParseStyle(*style)
	if err != nil {
		return badUsage(fs, "%v", err)
	}
	p, ok := parsePosition("book show", *sfen, stderr)
	if !ok {
		return 2
	}
	src, done, err := book.OpenAny(rest[0])
	if err != nil {
		fmt.Fprintf(stderr, "shogi book show: %v\n", err)
		return 1
	}
	defer done()
	e, found, err := book.Find(src, &p, !*noFlip)
	if err != nil {
		fmt.Fprintf(stderr, "shogi book show: %v\n", err)
		return 1
	}
	if !found {
		fmt.Fprintf(stderr, "shogi book show: %s is not in %s\n", p.SFEN(), rest[0])
		return 1
	}
	fmt.Fprint(stdout, books.FormatEntry(&p, &e, st))
	return 0
}

func runBookMerge(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("book merge", stderr)
	out := fs.String("o", "-", "write the merged book to `FILE` (- for standard output)")
	rest, status, ok := bookFlags(fs, args, "merge BOOK... [-o BOOK]", stderr)
	if !ok {
		return status
	}
	if len(rest) == 0 {
		return badUsage(fs, "want one book or more")
	}
	if err := book.MergeFiles(rest, *out, stdout); err != nil {
		fmt.Fprintf(stderr, "shogi book merge: %v\n", err)
		return 1
	}
	return 0
}

// badUsage says what is wrong with the arguments, shows the usage, and
// returns the status for a usage mistake.
func badUsage(fs *flag.FlagSet, format string, a ...any) int {
	usageError(fs, format, a...)
	return 2
}

// bookPlayFlags give the built-in players of play, match, bot and usi a
// book to play from.
type bookPlayFlags struct {
	file  *string
	moves *int
	pick  *string
}

func addBookPlayFlags(fs *flag.FlagSet) bookPlayFlags {
	return bookPlayFlags{
		file:  fs.String("book", "", "built-in levels play their first moves from the opening book `FILE` (YaneuraOu's format)"),
		moves: fs.Int("book-moves", book.DefaultMoves, "play from the book while the position's move number is at most `N`"),
		pick:  fs.String("book-pick", "weighted", "how a book move is chosen: weighted (by how often it was played), best (by score) or off"),
	}
}

// options reads the choice flags.
func (f bookPlayFlags) options() (book.Options, error) {
	pick, err := book.ParsePick(*f.pick)
	if err != nil {
		return book.Options{}, err
	}
	if *f.moves < 0 {
		return book.Options{}, fmt.Errorf("--book-moves %d: want 0 or more", *f.moves)
	}
	o := book.Options{Pick: pick, Moves: *f.moves, EvalDiff: -1}
	if pick == book.Best {
		o.EvalDiff = 0
	}
	return o, nil
}

// use opens the book the flags name: nil when none; done closes it.
func (f bookPlayFlags) use() (u *book.Use, done func(), err error) {
	o, err := f.options()
	if err != nil || *f.file == "" {
		return nil, func() {}, err
	}
	src, done, err := book.OpenAny(*f.file)
	if err != nil {
		return nil, nil, err
	}
	return &book.Use{Source: src, Options: o}, done, nil
}
