package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/term"

	"shogi/game"
	"shogi/game/book"
	"shogi/game/notation"
	"shogi/kifu"
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

// recordExts are the extensions build reads in a folder.
var recordExts = []string{".kif", ".kifu", ".ki2", ".ki2u", ".csa", ".jkf", ".usi", ".sfen"}

// recordFiles lists the files named and the record files under the
// folders named, in order.
func recordFiles(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, a)
			continue
		}
		err = filepath.WalkDir(a, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && slices.Contains(recordExts, strings.ToLower(filepath.Ext(path))) {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

// buildStats counts what a build read.
type buildStats struct {
	files, games, broken int64
	errs                 []string // the first problems, to print
	moreErrs             int
}

const maxShownErrors = 20

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
	files, err := recordFiles(rest)
	if err != nil {
		fmt.Fprintf(stderr, "shogi book build: %v\n", err)
		return 1
	}
	if len(files) == 0 {
		fmt.Fprintf(stderr, "shogi book build: no record files (%s) in %s\n", strings.Join(recordExts, " "), strings.Join(rest, ", "))
		return 1
	}
	began := time.Now()
	// The counts are most of the heap and live to the end: collecting
	// when the heap has grown by half, not doubled, keeps the peak near
	// them for a few percent more time.
	defer debug.SetGCPercent(debug.SetGCPercent(50))
	var prog *progress
	if !*quiet && isTerminal(stderr) && len(files) >= 100 {
		prog = &progress{w: stderr, total: len(files), began: began}
	}
	b, st := buildBook(files, *maxPly, *jobs, prog)
	for _, e := range st.errs {
		fmt.Fprintln(stderr, "shogi book build: "+e)
	}
	if st.moreErrs > 0 {
		fmt.Fprintf(stderr, "shogi book build: … and %d more records with problems\n", st.moreErrs)
	}
	if st.games == 0 {
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
		st.files, st.games, st.broken, b.Moves(), b.Positions(), written, el.Seconds(), float64(st.games)/max(el.Seconds(), 1e-9))
	return 0
}

// buildBook reads files with jobs goroutines and counts their games in
// one builder (counting is cheap beside reading, and one builder holds
// each position once).
func buildBook(files []string, maxPly, jobs int, prog *progress) (*book.Builder, buildStats) {
	paths := make(chan string)
	go func() {
		for _, f := range files {
			paths <- f
		}
		close(paths)
	}()
	type counted struct {
		start  game.Position
		moves  []game.Move
		result game.Result
	}
	games := make(chan counted, 256)
	b := book.NewBuilder(maxPly)
	countDone := make(chan struct{})
	go func() {
		for g := range games {
			b.Add(g.start, g.moves, g.result)
		}
		close(countDone)
	}()
	var mu sync.Mutex
	var st buildStats
	note := func(msg string) {
		mu.Lock()
		defer mu.Unlock()
		if len(st.errs) < maxShownErrors {
			st.errs = append(st.errs, msg)
		} else {
			st.moreErrs++
		}
	}
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for path := range paths {
				n, broken := readGames(path, maxPly, note, func(start game.Position, moves []game.Move, res game.Result) {
					games <- counted{start, moves, res}
				})
				mu.Lock()
				st.files++
				st.games += n
				st.broken += broken
				if prog != nil {
					prog.update(int(st.files), st.games)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	close(games)
	<-countDone
	if prog != nil {
		prog.clear()
	}
	return b, st
}

// readGames reads every game of a file and hands each to add: its start,
// its main line's first maxPly moves (all for 0) and its result. A game
// that breaks off is handed up to the move before the problem, without a
// result.
func readGames(path string, maxPly int, note func(string), add func(game.Position, []game.Move, game.Result)) (games, broken int64) {
	f, err := os.Open(path)
	if err != nil {
		note(err.Error())
		return 0, 0
	}
	defer f.Close()
	g := kifu.NewGameReader(f, path, kifu.Unknown)
	g.Reuse = true // each game is done with before the next is read
	for {
		r, err := g.Next()
		if err == io.EOF {
			return games, broken
		}
		if err != nil {
			var pe *kifu.ParseError
			if !errors.As(err, &pe) {
				note(fmt.Sprintf("%s: %v", path, err))
				return games, broken
			}
			note(err.Error())
			broken++
		}
		if r == nil {
			continue
		}
		games++
		var moves []game.Move
		for n := r.Root; n.FirstChild() != nil && n.FirstChild().IsMove() && (maxPly == 0 || len(moves) < maxPly); n = n.FirstChild() {
			moves = append(moves, n.FirstChild().Move)
		}
		res := r.Result()
		if err != nil {
			res = game.Result{}
		}
		add(r.Start, moves, res)
	}
}

// progress draws a bar on a terminal's line: files read, games, rate, time
// left.
type progress struct {
	w     io.Writer
	total int
	began time.Time
	last  time.Time
}

func (p *progress) update(done int, games int64) {
	now := time.Now()
	if now.Sub(p.last) < 200*time.Millisecond && done < p.total {
		return
	}
	p.last = now
	el := now.Sub(p.began).Seconds()
	const width = 30
	fill := width * done / p.total
	eta := "?"
	if done > 0 {
		eta = (time.Duration(el/float64(done)*float64(p.total-done)) * time.Second).Round(time.Second).String()
	}
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d files, %d games, %.0f games/s, %s left ",
		strings.Repeat("#", fill), strings.Repeat(".", width-fill), done, p.total, games, float64(games)/max(el, 1e-9), eta)
}

func (p *progress) clear() { fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", 100)) }

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}

// openBook opens a book for look-ups: on disk when it is sorted (what a
// search on disk needs), else read into memory.
func openBook(path string) (book.Source, func(), error) {
	f, err := book.Open(path)
	if err == nil {
		return f, func() { f.Close() }, nil
	}
	var ue *book.UnsortedError
	if !errors.As(err, &ue) {
		return nil, nil, err
	}
	b, err := book.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return b, func() {}, nil
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
	src, done, err := openBook(rest[0])
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
	fmt.Fprint(stdout, formatEntry(&p, &e, st))
	return 0
}

// formatEntry writes an entry as show prints it: the position, then a
// line of tab-separated fields per move.
func formatEntry(p *game.Position, e *book.Entry, st notation.Style) string {
	var b strings.Builder
	fmt.Fprintf(&b, "sfen %s", p.SFEN())
	if e.Flipped {
		b.WriteString(" (found turned round)")
	}
	b.WriteString("\n")
	if e.Comment != "" {
		for l := range strings.SplitSeq(e.Comment, "\n") {
			fmt.Fprintf(&b, "# %s\n", l)
		}
	}
	b.WriteString("move\tcount\tshare\twin\tscore\tdepth\tW-D-L\treply\tcomment\n")
	dash := func(ok bool, s string) string {
		if ok {
			return s
		}
		return "-"
	}
	for _, r := range e.Rows(p, st, game.NoMove) {
		comment, _, _ := strings.Cut(r.Comment, "\n")
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
			r.Text,
			dash(r.HasCount, fmt.Sprint(r.Count)),
			dash(r.HasShare, fmt.Sprintf("%.1f%%", 100*r.Share)),
			dash(r.HasWinRate, fmt.Sprintf("%.1f%%", 100*r.WinRate)),
			dash(r.HasScore, fmt.Sprint(r.Score)),
			dash(r.HasDepth, fmt.Sprint(r.Depth)),
			dash(r.Results.Known(), fmt.Sprintf("%d-%d-%d", r.Results.Wins, r.Results.Draws, r.Results.Losses)),
			dash(r.Reply != "", r.Reply), comment)
	}
	return b.String()
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
	// The merge goes to a temporary file (beside -o, so it can be renamed
	// over it, even over one of the books): a merge that has to start again
	// in memory starts the file again, and nothing partial is left behind.
	dir := os.TempDir()
	if *out != "-" {
		dir = filepath.Dir(*out)
	}
	tmp, err := os.CreateTemp(dir, ".shogi-book-*.db")
	if err != nil {
		fmt.Fprintf(stderr, "shogi book merge: %v\n", err)
		return 1
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	if err = mergeBooks(tmp, rest); err == nil {
		if *out == "-" {
			if _, err = tmp.Seek(0, io.SeekStart); err == nil {
				_, err = io.Copy(stdout, tmp)
			}
		} else if err = tmp.Chmod(0o644); err == nil {
			if err = tmp.Close(); err == nil {
				err = os.Rename(tmp.Name(), *out)
			}
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "shogi book merge: %v\n", err)
		return 1
	}
	return 0
}

// mergeBooks merges the books at paths into f: an entry at a time when
// they are sorted, else (when one turns out not to be) in memory, which
// sorts them.
func mergeBooks(f *os.File, paths []string) error {
	err := mergeStreamed(f, paths)
	var ue *book.UnsortedError
	if !errors.As(err, &ue) {
		return err
	}
	if err := f.Truncate(0); err != nil {
		return err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	m, err := book.ReadFile(paths[0])
	if err != nil {
		return err
	}
	for _, path := range paths[1:] {
		o, err := book.ReadFile(path)
		if err != nil {
			return err
		}
		m = book.Merge(m, o)
	}
	return book.Write(f, m)
}

// mergeStreamed merges the books at paths an entry at a time.
func mergeStreamed(w io.Writer, paths []string) error {
	ins := make([]book.Input, len(paths))
	for i, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		ins[i] = book.Input{R: bufio.NewReaderSize(f, 1<<16), Name: path}
	}
	return book.MergeSorted(w, ins...)
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
	src, done, err := openBook(*f.file)
	if err != nil {
		return nil, nil, err
	}
	return &book.Use{Source: src, Options: o}, done, nil
}
