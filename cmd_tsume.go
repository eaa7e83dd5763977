package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"shogi/app/problems"
	"shogi/assets"
	"shogi/game/tsume"
	"shogi/kifu"
	"shogi/tui"
)

func runTsume(ctx context.Context, args []string, s stdio) int {
	stdin, stdout, stderr := s.in, s.out, s.err
	fs := newFlagSet("tsume", stderr)
	check := fs.Bool("check", false, "check the problems of each FILE (- for standard input)")
	nodes := fs.Int("nodes", tsume.DefaultBudget, "positions the solver may search per question")
	limit := fs.Duration("time", time.Minute, "give up on a problem after this long")
	a := tsumeAppFlags{
		sfen:    fs.String("sfen", "", "solve this position: the side to move mates"),
		length:  fs.Int("length", 0, "the collection's problems of this many plies (1, 3, 5 …)"),
		problem: fs.String("problem", "", "the collection's problem with this id (001 … 315)"),
		display: addDisplayFlags(fs),
	}
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi tsume [--sfen SFEN | FILE | --length N | --problem ID] [display flags]\n"+
			"       shogi tsume --check [--nodes N] [--time D] FILE|- ...")
		fs.PrintDefaults()
	}
	files, err := parseFlags(fs, args)
	if err != nil {
		return parseStatus(err)
	}
	if !*check {
		return runTsumeApp(ctx, fs, a, files, s)
	}
	if len(files) == 0 || *nodes <= 0 || *limit <= 0 {
		fs.Usage()
		return 2
	}
	var nps []problems.Named
	for _, f := range files {
		data, name, err := kifu.ReadArg(f, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "shogi tsume: %v\n", err)
			return 1 // not a usage mistake: no usage after it
		}
		nps = append(nps, problems.Read(data, name)...)
	}
	start := time.Now()
	classic, standard, fails := problems.Check(ctx, nps, *nodes, *limit, stdout)
	fmt.Fprintf(stderr, "%d problems: %d classic, %d standard, %d failed (%v)\n",
		len(nps), classic, standard, fails, time.Since(start).Round(time.Millisecond))
	if fails > 0 || len(nps) == 0 {
		return 1
	}
	return 0
}

// tsumeAppFlags are the flags of the tsume screen.
type tsumeAppFlags struct {
	sfen, problem *string
	length        *int
	display       display
}

// runTsumeApp opens the app on the tsume screen: an SFEN's position, a
// file's problems, or the collection (its chooser of lengths, the
// problems of one length, or one problem). Leaving the screen ends the
// app.
func runTsumeApp(ctx context.Context, fs *flag.FlagSet, a tsumeAppFlags, files []string, s stdio) int {
	o, in, closeIn, err := tsumeOptions(fs, a, files, s.env, s.in, s.err)
	if err != nil {
		return parseStatus(err)
	}
	defer closeIn()
	o.Context = ctx
	startApp(&o, s.env)
	if err := tui.Run(o, localTerminal(in, s)); err != nil {
		fmt.Fprintln(s.err, "shogi:", err)
		return 1
	}
	return 0
}

// tsumeOptions reads the tsume screen's flags and problems; a usage
// mistake is errUsage (status 2); problems that are all unreadable, or
// one the collection has not, errFailed (status 1), said on stderr in one
// line. in is where keys come from: the terminal when the
// problems came on standard input.
func tsumeOptions(fs *flag.FlagSet, a tsumeAppFlags, files []string, env []string, stdin io.Reader, stderr io.Writer) (o tui.Options, in io.Reader, closeIn func(), err error) {
	in, closeIn = stdin, func() {}
	o = appOptions(env)
	if err := a.display.apply(&o); err != nil {
		return o, in, closeIn, usageError(fs, "%v", err)
	}
	given := 0
	for _, b := range []bool{*a.sfen != "", len(files) > 0, *a.length != 0 || *a.problem != ""} {
		if b {
			given++
		}
	}
	switch {
	case given > 1:
		return o, in, closeIn, usageError(fs, "give an SFEN, a FILE, or a problem of the collection (--length, --problem), not several")
	case len(files) > 1:
		return o, in, closeIn, usageError(fs, "one FILE at a time")
	case *a.length != 0 && *a.problem != "":
		return o, in, closeIn, usageError(fs, "give --length or --problem, not both")
	}
	start := &tui.TsumeStart{}
	switch {
	case *a.sfen != "":
		p, err := tsume.ParseSFEN(*a.sfen)
		if err != nil {
			return o, in, closeIn, failed(fs, "--sfen: %v", err)
		}
		start.Problems = []tui.TsumeItem{{Problem: tsume.Problem{Start: p}}}
	case len(files) == 1:
		data, name, err := kifu.ReadArg(files[0], stdin)
		if err != nil {
			return o, in, closeIn, failed(fs, "%v", err)
		}
		nps := problems.Read(data, name)
		good := 0
		for _, np := range nps {
			start.Problems = append(start.Problems, tui.TsumeItem{Problem: np.Problem, Err: np.Err})
			if np.Err == nil {
				good++
			}
		}
		if good == 0 {
			for _, np := range nps {
				fmt.Fprintf(stderr, "shogi tsume: %s: %v\n", np.Name, np.Err)
			}
			if len(nps) == 0 {
				fmt.Fprintf(stderr, "shogi tsume: %s: no problems\n", name)
			}
			return o, in, closeIn, errFailed
		}
		start.Name = filepath.Base(name)
		if files[0] == "-" {
			start.Name = "stdin"
			tty, err := os.Open("/dev/tty")
			if err != nil {
				return o, in, closeIn, failed(fs, "the problems are on stdin and there is no terminal to read keys from: %v", err)
			}
			in, closeIn = tty, func() { tty.Close() }
		}
	default:
		ps, err := tsume.ParseCollection(strings.NewReader(assets.Tsume))
		if err != nil {
			return o, in, closeIn, failed(fs, "the collection: %v", err)
		}
		id := *a.problem
		if id != "" {
			i := slices.IndexFunc(ps, func(p tsume.Problem) bool { return sameID(p.ID, id) })
			if i < 0 {
				return o, in, closeIn, failed(fs, "--problem %s: no such problem in the collection (%s … %s)", id, ps[0].ID, ps[len(ps)-1].ID)
			}
			id = ps[i].ID
		}
		if n := *a.length; n != 0 && !slices.ContainsFunc(ps, func(p tsume.Problem) bool { return p.Length == n }) {
			return o, in, closeIn, failed(fs, "--length %d: no problem of %d plies in the collection (%s)", n, n, collectionLengths(ps))
		}
		start.ID, start.Length = id, *a.length
	}
	o.Tsume = start
	return o, in, closeIn, nil
}

// sameID reports whether a problem's id is the one asked for: ids are
// numbers, so 7 is 007.
func sameID(id, asked string) bool {
	if id == asked {
		return true
	}
	a, err1 := strconv.Atoi(id)
	b, err2 := strconv.Atoi(asked)
	return err1 == nil && err2 == nil && a == b
}

// collectionLengths lists the lengths the collection has: 1, 3, 5 ….
func collectionLengths(ps []tsume.Problem) string {
	var ns []int
	for _, p := range ps {
		if !slices.Contains(ns, p.Length) {
			ns = append(ns, p.Length)
		}
	}
	slices.Sort(ns)
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprint(n)
	}
	return strings.Join(s, ", ")
}
