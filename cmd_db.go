package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"shogi/app/gamedb"
	"shogi/app/settings"
	"shogi/game"
	"shogi/game/opening"
	"shogi/internal/appdirs"
	"shogi/kifu"
)

func dbUsage(w io.Writer) {
	fmt.Fprint(w, `usage: shogi db import [--db FILE] [--quiet] PATH...
       shogi db explore [--db FILE] [--sfen SFEN | --moves "USI..."] [filters]
       shogi db games [--db FILE] [--sfen SFEN | --moves "USI..."] [filters] [--limit N]
       shogi db show [--db FILE] ID
       shogi db stats [--db FILE]
       shogi db compact [--db FILE]
       shogi db tags FILE

The games database (docs/database.md): import records of any format
(folders, multi-game files, .zip, .tar.gz), then ask which moves were
played from a position and how they scored (explore: MOVE GAMES WINS DRAWS
LOSSES, wins and losses for the side to move) and which games reached it
(games: ID DATE BLACK WHITE RESULT PLY, tab-separated). The default
database is games.db in the data folder, where the app adds every
finished game. compact rewrites the file without the free space merges
leave in it.

Filters: --player NAME [--as black|white] --since YYYY-MM-DD --until
YYYY-MM-DD --time-control TEXT --result 1-0|0-1|1/2|* --opening NAME
--min-rating N
`)
}

func runDB(ctx context.Context, args []string, s stdio) int {
	stdout, stderr := s.out, s.err
	d := dirsIn(s.env) // where the database is by default
	if len(args) == 0 {
		dbUsage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		dbUsage(stdout)
		return 0
	case "import":
		return runDBImport(ctx, args[1:], stdout, stderr, d)
	case "explore", "games":
		return runDBQuery(args[0], args[1:], stdout, stderr, d)
	case "show":
		return runDBShow(args[1:], stdout, stderr, d)
	case "stats":
		return runDBStats(args[1:], stdout, stderr, d)
	case "compact":
		return runDBCompact(ctx, args[1:], stderr, d)
	case "tags":
		return runDBTags(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "shogi db: unknown command %q (want import, explore, games, show, stats, compact or tags)\n", args[0])
	dbUsage(stderr)
	return 2
}

// dbFlags makes a flag set with --db.
func dbFlags(name string, stderr io.Writer) (*flag.FlagSet, *string) {
	fs := flag.NewFlagSet("shogi db "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("db", "", "the database file (default: games.db in the data folder)")
	return fs, path
}

// dbPath is the database a command uses: --db, else the one the app adds
// its finished games to — beside the games folder, which the settings'
// games_dir may move out of the data folder (the app and `shogi db` must
// name the same file).
func dbPath(p string, d appdirs.Dirs) (string, error) {
	if p != "" {
		return p, nil
	}
	if d.Data == "" {
		return "", errors.New("no data folder (set XDG_DATA_HOME or HOME, or give --db)")
	}
	games := d.Games()
	// The settings file's problems are the app's to report; a file that
	// cannot be read leaves the default folder.
	if s, _ := settings.Load(d.SettingsFile()); s != nil && s.GamesDir != "" {
		games = settings.ExpandHome(s.GamesDir)
	}
	path := gamedb.PathFor(games)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", err
	}
	return path, nil
}

func runDBImport(ctx context.Context, args []string, stdout, stderr io.Writer, d appdirs.Dirs) int {
	fs, path := dbFlags("import", stderr)
	quiet := fs.Bool("quiet", false, "no progress bar")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "shogi db import: no PATH")
		return 2
	}
	if slices.Contains(fs.Args(), "-") {
		// An import reads files and folders, a game's source by name.
		fmt.Fprintln(stderr, "shogi db import: - (standard input) is not read: name files, folders or archives")
		return 2
	}
	p, err := dbPath(*path, d)
	if err != nil {
		fmt.Fprintln(stderr, "shogi db import:", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The import's live memory is some 100 MB whatever the size; without
	// a limit the collector lets the heap grow to twice that before it
	// runs. The limit makes it run sooner, not fail.
	if debug.SetMemoryLimit(-1) == math.MaxInt64 {
		debug.SetMemoryLimit(256 << 20)
	}
	var prog func(gamedb.Progress)
	if !*quiet && isTerminal(stderr) {
		prog = func(pr gamedb.Progress) { fmt.Fprintf(stderr, "\r%-*s", importLineWidth, importLine(pr)) }
	}
	rep, err := gamedb.Import(ctx, p, fs.Args(), prog)
	if prog != nil {
		fmt.Fprintf(stderr, "\r%s\r", strings.Repeat(" ", importLineWidth))
	}
	for _, pr := range rep.Problems {
		fmt.Fprintln(stderr, pr)
	}
	fmt.Fprintf(stderr, "shogi db import: %d files, %d games: %d stored, %d already there, %d broken off\n",
		rep.Files, rep.Games, rep.Stored, rep.Duplicates, rep.Broken)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			fmt.Fprintln(stderr, "shogi db import: interrupted; the games stored so far are kept, and running it again finishes the job")
		} else {
			fmt.Fprintln(stderr, "shogi db import:", err)
		}
		return 1
	}
	if rep.Broken > 0 {
		// Named above; the rest is stored, and so is each broken game up
		// to the move before its problem.
		return 1
	}
	return 0
}

// importLineWidth is the width of the import's progress line, which each
// line is padded to so that it covers the one before.
const importLineWidth = 70

// importLine is the import's progress line: the files read; then, after
// the last, the merge of the index that ends the import (a minute at a
// million games, which a full bar left unexplained) and the deletion of
// the runs it replaced.
func importLine(pr gamedb.Progress) string {
	const width = 30
	bar := func(fill int) string {
		fill = min(max(fill, 0), width)
		return "[" + strings.Repeat("#", fill) + strings.Repeat(".", width-fill) + "]"
	}
	switch pr.Stage {
	case gamedb.StageMerge:
		return fmt.Sprintf("%s %d games, merging the index %d%%", bar(int(width*pr.Done)), pr.Games, int(100*pr.Done))
	case gamedb.StageFree:
		return fmt.Sprintf("%s freeing the space the merge replaced", bar(width))
	}
	return fmt.Sprintf("%s %d/%d files, %d games", bar(width*pr.Files/max(pr.TotalFiles, 1)), pr.Files, pr.TotalFiles, pr.Games)
}

// filterFlags adds the filters to fs.
func filterFlags(fs *flag.FlagSet) *gamedb.Filter {
	f := &gamedb.Filter{}
	fs.StringVar(&f.Player, "player", "", "only games of this player")
	fs.StringVar(&f.As, "as", "", "the player's side: black or white")
	fs.StringVar(&f.Since, "since", "", "games on or after YYYY-MM-DD")
	fs.StringVar(&f.Until, "until", "", "games on or before YYYY-MM-DD")
	fs.StringVar(&f.TimeControl, "time-control", "", "only this time control, as the records write it")
	fs.StringVar(&f.Result, "result", "", "1-0, 0-1, 1/2 or *")
	fs.StringVar(&f.Opening, "opening", "", "an opening or castle either side had (四間飛車, 美濃囲い …)")
	fs.IntVar(&f.MinRating, "min-rating", 0, "both players rated at least this")
	return f
}

// queryPosition reads --sfen or --moves.
func queryPosition(sfen, moves string) (game.Position, error) {
	p := game.StartPosition()
	if sfen != "" {
		var err error
		if p, err = game.ParseSFEN(sfen); err != nil {
			return p, fmt.Errorf("--sfen: %w", err)
		}
	}
	for i, w := range strings.Fields(moves) {
		m, err := p.ParseUSI(w)
		if err != nil || !p.IsLegal(m) {
			return p, fmt.Errorf("--moves: move %d %q is not legal in %s", i+1, w, p.SFEN())
		}
		p = p.Play(m)
	}
	return p, nil
}

func runDBQuery(cmd string, args []string, stdout, stderr io.Writer, d appdirs.Dirs) int {
	fs, path := dbFlags(cmd, stderr)
	sfen := fs.String("sfen", "", "the position (default: the start)")
	moves := fs.String("moves", "", "moves in USI played from the position")
	limit := 0
	if cmd == "games" {
		fs.IntVar(&limit, "limit", 50, "at most this many games (0: all)")
	}
	f := filterFlags(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "shogi db %s: unexpected %q\n", cmd, fs.Arg(0))
		return 2
	}
	if err := f.Check(); err != nil {
		fmt.Fprintf(stderr, "shogi db %s: %v\n", cmd, err)
		return 2
	}
	pos, err := queryPosition(*sfen, *moves)
	if err != nil {
		fmt.Fprintf(stderr, "shogi db %s: %v\n", cmd, err)
		return 2
	}
	db, ok := openDB(cmd, *path, d, stderr)
	if !ok {
		return 1
	}
	defer db.Close()
	if cmd == "explore" {
		ms, err := db.Explore(&pos, *f)
		if err != nil {
			fmt.Fprintf(stderr, "shogi db explore: %v\n", err)
			return 1
		}
		for _, m := range ms {
			fmt.Fprintf(stdout, "%s %d %d %d %d\n", m.Move.USI(), m.Games, m.Wins, m.Draws, m.Losses)
		}
		return 0
	}
	gs, err := db.GameList(&pos, *f, limit)
	if err != nil {
		fmt.Fprintf(stderr, "shogi db games: %v\n", err)
		return 1
	}
	for _, g := range gs {
		fmt.Fprintf(stdout, "%d\t%s\t%s\t%s\t%s\t%d\n", g.ID, dash(g.Date), dash(tabless(g.Players[game.Black].Name)),
			dash(tabless(g.Players[game.White].Name)), g.Result, g.Ply)
	}
	return 0
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// tabless keeps a name on its line and in its column.
func tabless(s string) string { return strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(s) }

// openDB opens an existing database for reading.
func openDB(cmd, path string, d appdirs.Dirs, stderr io.Writer) (*gamedb.DB, bool) {
	p, err := dbPath(path, d)
	if err == nil {
		if _, err = os.Stat(p); err != nil {
			err = fmt.Errorf("no database at %s (shogi db import makes one)", p)
		}
	}
	var db *gamedb.DB
	if err == nil {
		db, err = gamedb.OpenReadOnly(p)
	}
	if err != nil {
		fmt.Fprintf(stderr, "shogi db %s: %v\n", cmd, err)
		return nil, false
	}
	return db, true
}

func runDBShow(args []string, stdout, stderr io.Writer, d appdirs.Dirs) int {
	fs, path := dbFlags("show", stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "shogi db show: want one game ID")
		return 2
	}
	id, err := strconv.ParseUint(fs.Arg(0), 10, 32)
	if err != nil || id == 0 {
		fmt.Fprintf(stderr, "shogi db show: %q is not a game ID (a number from shogi db games)\n", fs.Arg(0))
		return 2
	}
	db, ok := openDB("show", *path, d, stderr)
	if !ok {
		return 1
	}
	defer db.Close()
	g, err := db.Game(uint32(id))
	var rec *kifu.Record
	if err == nil {
		rec, err = g.Record()
	}
	if err == nil {
		var data []byte
		data, err = kifu.Marshal(rec, kifu.KIF, kifu.WriteOptions{Encoding: kifu.UTF8})
		if err == nil {
			_, err = stdout.Write(data)
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "shogi db show:", err)
		return 1
	}
	return 0
}

func runDBStats(args []string, stdout, stderr io.Writer, d appdirs.Dirs) int {
	fs, path := dbFlags("stats", stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	db, ok := openDB("stats", *path, d, stderr)
	if !ok {
		return 1
	}
	defer db.Close()
	s, err := db.Stats()
	if err != nil {
		fmt.Fprintln(stderr, "shogi db stats:", err)
		return 1
	}
	fmt.Fprintf(stdout, "games\t%d\npositions\t%d\nmoves\t%d\ngame-positions\t%d\nbytes\t%d\nruns\t%d\n", s.Games, s.Positions, s.Moves, s.GamePositions, s.Bytes, s.Runs)
	return 0
}

// runDBCompact rewrites the database without its free pages; it says on
// standard error how large the file was and is.
func runDBCompact(ctx context.Context, args []string, stderr io.Writer, d appdirs.Dirs) int {
	fs, path := dbFlags("compact", stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "shogi db compact: no arguments but --db")
		return 2
	}
	p, err := dbPath(*path, d)
	if err != nil {
		fmt.Fprintln(stderr, "shogi db compact:", err)
		return 1
	}
	if _, err := os.Stat(p); err != nil {
		fmt.Fprintln(stderr, "shogi db compact:", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	// As for an import: the copy's live memory is a transaction's pages,
	// and the collector is asked to run before the heap doubles.
	if debug.SetMemoryLimit(-1) == math.MaxInt64 {
		debug.SetMemoryLimit(256 << 20)
	}
	res, err := gamedb.Compact(ctx, p)
	if err != nil {
		fmt.Fprintln(stderr, "shogi db compact:", err)
		return 1
	}
	fmt.Fprintf(stderr, "shogi db compact: %s: %d bytes, %d before\n", p, res.After, res.Before)
	return 0
}

func runDBTags(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("shogi db tags", flag.ContinueOnError)
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "shogi db tags: want one FILE")
		return 2
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "shogi db tags:", err)
		return 1
	}
	defer f.Close()
	gr := kifu.NewGameReader(f, fs.Arg(0), kifu.Unknown)
	status := 0
	for n := 1; ; n++ {
		r, err := gr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Fprintln(stderr, "shogi db tags:", err)
			status = 1
		}
		if r == nil {
			continue
		}
		t := opening.Tag(r.Start, r.MainMoves())
		fmt.Fprintf(stdout, "%d\t▲%s %s\t△%s %s\n", n, dash(t[game.Black].Opening), dash(t[game.Black].Castle), dash(t[game.White].Opening), dash(t[game.White].Castle))
	}
	return status
}
