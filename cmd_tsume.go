package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/tsume"
	"shogi/kifu"
)

func runTsume(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("tsume", stderr)
	check := fs.Bool("check", false, "check the problems of each FILE (- for standard input)")
	nodes := fs.Int("nodes", tsume.DefaultBudget, "positions the solver may search per question")
	limit := fs.Duration("time", time.Minute, "give up on a problem after this long")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi tsume --check [--nodes N] [--time D] FILE|- ...")
		fs.PrintDefaults()
	}
	files, err := parseFlags(fs, args)
	if err != nil {
		return parseStatus(err)
	}
	if !*check {
		fmt.Fprintln(stderr, "shogi tsume: the app's tsume mode is not here yet; shogi tsume --check FILE checks problems")
		return 2
	}
	if len(files) == 0 || *nodes <= 0 || *limit <= 0 {
		fs.Usage()
		return 2
	}
	var problems []namedProblem
	for _, f := range files {
		data, name, err := readRecordArg(f, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "shogi tsume: %v\n", err)
			return 2
		}
		problems = append(problems, readProblems(data, name)...)
	}
	var count [3]int // classic, standard, failed
	start := time.Now()
	for _, np := range problems {
		verdict, facts := "FAIL", []string{np.err}
		if np.err == "" {
			ctx, cancel := context.WithTimeout(context.Background(), *limit)
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

// namedProblem is a problem read from a file, or why it did not read.
type namedProblem struct {
	name string
	pr   tsume.Problem
	err  string
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
		return []namedProblem{{name: name, err: err.Error()}}
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
			np.err = perr.Error()
		} else if i == 0 && err != nil {
			np.err = err.Error() // the record breaks off: its solution would too
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
				np.err = err.Error()
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
			np.err = err.Error()
			out = append(out, np)
			continue
		}
		np.pr = tsume.Problem{ID: np.name, Start: p}
		q := p
		for j, s := range strings.Fields(moves) {
			m, err := q.ParseUSI(s)
			if err != nil {
				np.err = fmt.Sprintf("solution move %d, %s: %v", j+1, s, err)
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
