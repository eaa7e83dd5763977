// Package problems reads mate problems from files and checks them, as
// shogi tsume does: SFEN lines (with a solution after "moves"), the
// collection's tab-separated lines, or records (their start, their main
// line the solution); each checked by game/tsume and told in one line.
package problems

import (
	"context"
	"fmt"
	"io"
	"shogi/game"
	"shogi/game/bot"
	"shogi/game/tsume"
	"shogi/kifu"
	"strings"
	"time"
)

// Named is a problem read from a file, or why it did not read.
type Named struct {
	Name    string
	Problem tsume.Problem
	Err     error // a *tsume.PositionError, or why the problem does not read
}

// Read reads the problems of one file: a collection or SFEN
// lines (one problem a line, "SFEN [moves M...]" with an optional
// solution, as USI's position command writes it), or a record (KIF, KI2,
// CSA, JKF…: its start, with its main line as the solution; each game of
// a CSA file with several).
func Read(data []byte, name string) []Named {
	text, _, _, err := kifu.Decode(data)
	if err == nil && problemLines(text) {
		return readProblemLines(text, name)
	}
	rec, err := kifu.Read(data, name)
	if rec == nil {
		return []Named{{Name: name, Err: err}}
	}
	recs := append([]*kifu.Record{rec}, rec.Games...)
	var out []Named
	for i, r := range recs {
		n := name
		if len(recs) > 1 {
			n = fmt.Sprintf("%s#%d", name, i+1)
		}
		np := Named{Name: n}
		p, perr := tsume.Prepare(r.Start)
		if perr != nil {
			np.Err, np.Problem = perr, tsume.Problem{ID: n, Start: r.Start} // the screen shows what is wrong with it
		} else if i == 0 && err != nil {
			np.Err = err // the record breaks off: its solution would too
		} else {
			np.Problem = tsume.Problem{ID: n, Start: p}
			for _, nd := range r.MainLine() {
				if nd.IsMove() {
					np.Problem.Solution = append(np.Problem.Solution, nd.Move)
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

func readProblemLines(text, name string) []Named {
	var out []Named
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(strings.TrimPrefix(line, "\ufeff"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		np := Named{Name: fmt.Sprintf("%s:%d", name, i+1)}
		if strings.Count(line, "\t") == 4 {
			pr, err := tsume.ParseLine(line)
			if err != nil {
				np.Err = err
			} else {
				np.Name, np.Problem = pr.ID, pr
			}
			out = append(out, np)
			continue
		}
		line = strings.TrimPrefix(line, "position ")
		pos, moves, _ := strings.Cut(line, " moves ")
		p, err := tsume.ParseSFEN(pos)
		if err != nil {
			np.Err = err
			// A position that reads but is no problem is shown with why.
			if q, qerr := game.ParseSFEN(strings.TrimPrefix(pos, "sfen ")); qerr == nil {
				np.Problem = tsume.Problem{ID: np.Name, Start: q}
			}
			out = append(out, np)
			continue
		}
		np.Problem = tsume.Problem{ID: np.Name, Start: p}
		q := p
		for j, s := range strings.Fields(moves) {
			m, err := q.ParseUSI(s)
			if err != nil {
				np.Err = fmt.Errorf("solution move %d, %s: %w", j+1, s, err)
				break
			}
			np.Problem.Solution = append(np.Problem.Solution, m)
			if q.IsLegal(m) {
				q = q.Play(m)
			}
		}
		out = append(out, np)
	}
	return out
}

// Describe turns a report into the verdict and the facts of its line.
func Describe(r *tsume.Report, pr tsume.Problem) (string, []string) {
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

// Check checks each problem with the solver (nodes positions per
// question, limit per problem) and prints a line for each on w:
// "NAME: VERDICT: facts; …". It returns how many were classic, standard
// and failed.
func Check(ctx context.Context, problems []Named, nodes int, limit time.Duration, w io.Writer) (classic, standard, failed int) {
	for _, np := range problems {
		verdict, facts := "FAIL", []string{fmt.Sprint(np.Err)}
		if np.Err == nil {
			ctx, cancel := context.WithTimeout(ctx, limit)
			r := tsume.Check(ctx, np.Problem, tsume.Options{Budget: nodes})
			cancel()
			verdict, facts = Describe(&r, np.Problem)
		}
		switch verdict {
		case "classic":
			classic++
		case "standard":
			standard++
		default:
			failed++
		}
		fmt.Fprintf(w, "%s: %s: %s\n", np.Name, verdict, strings.Join(facts, "; "))
	}
	return classic, standard, failed
}
