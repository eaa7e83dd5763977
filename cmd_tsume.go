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

	"shogi/assets"
	"shogi/game"
	"shogi/game/bot"
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
		return runTsumeApp(fs, a, files, s)
	}
	if len(files) == 0 || *nodes <= 0 || *limit <= 0 {
		fs.Usage()
		return 2
	}
	var problems []namedProblem
	for _, f := range files {
		data, name, err := kifu.ReadArg(f, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "shogi tsume: %v\n", err)
			return 1 // not a usage mistake: no usage after it
		}
		problems = append(problems, readProblems(data, name)...)
	}
	var count [3]int // classic, standard, failed
	start := time.Now()
	for _, np := range problems {
		verdict, facts := "FAIL", []string{fmt.Sprint(np.err)}
		if np.err == nil {
			ctx, cancel := context.WithTimeout(ctx, *limit)
			r := tsume.Check(ctx, np.pr, tsume.Options{Budget: *nodes})
			cancel()
			verdict, facts = describe(&r, np.pr)
		}
		switch verdict {
		case "classic":
			count[0]++
		case "standard":
			count[1]++
		default:
			count[2]++
		}
		fmt.Fprintf(stdout, "%s: %s: %s\n", np.name, verdict, strings.Join(facts, "; "))
	}
	fmt.Fprintf(stderr, "%d problems: %d classic, %d standard, %d failed (%v)\n",
		len(problems), count[0], count[1], count[2], time.Since(start).Round(time.Millisecond))
	if count[2] > 0 || len(problems) == 0 {
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
func runTsumeApp(fs *flag.FlagSet, a tsumeAppFlags, files []string, s stdio) int {
	o, in, closeIn, err := tsumeOptions(fs, a, files, s.env, s.in, s.err)
	if err != nil {
		return parseStatus(err)
	}
	defer closeIn()
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
		nps := readProblems(data, name)
		good := 0
		for _, np := range nps {
			start.Problems = append(start.Problems, tui.TsumeItem{Problem: np.pr, Err: np.err})
			if np.err == nil {
				good++
			}
		}
		if good == 0 {
			for _, np := range nps {
				fmt.Fprintf(stderr, "shogi tsume: %s: %v\n", np.name, np.err)
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

// namedProblem is a problem read from a file, or why it did not read.
type namedProblem struct {
	name string
	pr   tsume.Problem
	err  error // a *tsume.PositionError, or why the problem does not read
}

// readProblems reads the problems of one file: a collection or SFEN
// lines (one problem a line, "SFEN [moves M...]" with an optional
// solution, as USI's position command writes it), or a record (KIF, KI2,
// CSA, JKF…: its start, with its main line as the solution; each game of
// a CSA file with several).
func readProblems(data []byte, name string) []namedProblem {
	text, _, _, err := kifu.Decode(data)
	if err == nil && problemLines(text) {
		return readProblemLines(text, name)
	}
	rec, err := kifu.Read(data, name)
	if rec == nil {
		return []namedProblem{{name: name, err: err}}
	}
	recs := append([]*kifu.Record{rec}, rec.Games...)
	var out []namedProblem
	for i, r := range recs {
		n := name
		if len(recs) > 1 {
			n = fmt.Sprintf("%s#%d", name, i+1)
		}
		np := namedProblem{name: n}
		p, perr := tsume.Prepare(r.Start)
		if perr != nil {
			np.err, np.pr = perr, tsume.Problem{ID: n, Start: r.Start} // the screen shows what is wrong with it
		} else if i == 0 && err != nil {
			np.err = err // the record breaks off: its solution would too
		} else {
			np.pr = tsume.Problem{ID: n, Start: p}
			for _, nd := range r.MainLine() {
				if nd.IsMove() {
					np.pr.Solution = append(np.pr.Solution, nd.Move)
				}
			}
		}
		out = append(out, np)
	}
	return out
}

// problemLines reports whether text is one problem a line: its first
// line that is not blank or a # comment is a collection's (five fields
// separated by tabs) or a position in SFEN.
func problemLines(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(strings.TrimPrefix(line, "\ufeff"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		return strings.Count(line, "\t") == 4 || kifu.Detect(line) == kifu.USI
	}
	return false
}

func readProblemLines(text, name string) []namedProblem {
	var out []namedProblem
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(strings.TrimPrefix(line, "\ufeff"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		np := namedProblem{name: fmt.Sprintf("%s:%d", name, i+1)}
		if strings.Count(line, "\t") == 4 {
			pr, err := tsume.ParseLine(line)
			if err != nil {
				np.err = err
			} else {
				np.name, np.pr = pr.ID, pr
			}
			out = append(out, np)
			continue
		}
		line = strings.TrimPrefix(line, "position ")
		pos, moves, _ := strings.Cut(line, " moves ")
		p, err := tsume.ParseSFEN(pos)
		if err != nil {
			np.err = err
			// A position that reads but is no problem is shown with why.
			if q, qerr := game.ParseSFEN(strings.TrimPrefix(pos, "sfen ")); qerr == nil {
				np.pr = tsume.Problem{ID: np.name, Start: q}
			}
			out = append(out, np)
			continue
		}
		np.pr = tsume.Problem{ID: np.name, Start: p}
		q := p
		for j, s := range strings.Fields(moves) {
			m, err := q.ParseUSI(s)
			if err != nil {
				np.err = fmt.Errorf("solution move %d, %s: %w", j+1, s, err)
				break
			}
			np.pr.Solution = append(np.pr.Solution, m)
			if q.IsLegal(m) {
				q = q.Play(m)
			}
		}
		out = append(out, np)
	}
	return out
}

// describe turns a report into the verdict and the facts of its line.
func describe(r *tsume.Report, pr tsume.Problem) (string, []string) {
	var facts []string
	switch {
	case r.Has(tsume.Undecided):
		facts = append(facts, "undecided within the budget")
	case r.Status == bot.NoMate:
		facts = append(facts, "no mate")
	default:
		facts = append(facts, fmt.Sprintf("mate in %d", r.Length))
		if len(r.FirstMoves) == 1 {
			facts = append(facts, "first move "+r.FirstMoves[0].USI())
		} else {
			facts = append(facts, "first move not unique: "+moveList(r.FirstMoves))
		}
		alternatives := false
		for _, f := range r.Flaws {
			if f.Kind == tsume.Alternative {
				alternatives = true
				facts = append(facts, fmt.Sprintf("another mate at ply %d: %s", f.Ply, moveList(f.Moves)))
			}
		}
		if !alternatives && len(r.FirstMoves) == 1 {
			facts = append(facts, "solution unique")
		}
		if len(r.Left) == 0 {
			facts = append(facts, "no pieces left")
		} else {
			var s []string
			for _, t := range r.Left {
				s = append(s, game.NewPiece(pr.Attacker(), t).SFEN())
			}
			facts = append(facts, "pieces left: "+strings.Join(s, " "))
		}
	}
	for _, f := range r.Flaws {
		if s := claimFact(f); s != "" {
			facts = append(facts, s)
		}
	}
	verdict := "FAIL"
	switch r.Grade {
	case tsume.Classic:
		verdict = "classic"
	case tsume.Standard:
		verdict = "standard"
	}
	return verdict, facts
}

func moveList(ms []game.Move) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.USI()
	}
	return strings.Join(s, " ")
}

// claimFact says what is wrong with the problem's own solution, or with
// its stated length.
func claimFact(f tsume.Flaw) string {
	at := fmt.Sprintf("the solution's move %d (%s)", f.Ply, f.Move.USI())
	switch f.Kind {
	case tsume.WrongLength:
		return fmt.Sprintf("said to be a mate in %d", f.Want)
	case tsume.ClaimIllegal:
		return fmt.Sprintf("%s is illegal: %s", at, f.Rule)
	case tsume.ClaimNotCheck:
		return at + " is not a check"
	case tsume.ClaimEscape:
		return at + " lets the king escape: no mate after it"
	case tsume.ClaimSlow:
		return fmt.Sprintf("%s mates in %d plies where %d would do", at, f.Got, f.Want)
	case tsume.ClaimWeakDefence:
		return fmt.Sprintf("%s gives in after %d plies; the longest defence holds %d", at, f.Got, f.Want)
	case tsume.ClaimFutile:
		return at + " is a futile interposition (無駄合), which does not count"
	case tsume.ClaimNoMate:
		return fmt.Sprintf("the solution stops after move %d without mate", f.Ply)
	}
	return ""
}
