package tsume

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"shogi/game"
)

// A collection is plain text, one problem a line, five fields separated
// by tabs:
//
//	ID  LENGTH  GRADE  SFEN  SOLUTION
//
// ID is the problem's name (unique in the file); LENGTH the mate's
// length in plies under tsume rules; GRADE "classic" or "standard" (see
// Grade); SFEN the start, the attacker to move, with the defender's hand
// written out in full (every piece not on the board or in the attacker's
// hand); SOLUTION the main line in USI moves separated by spaces. Blank
// lines and lines starting with # are comments.

// CollectionError is a line of a collection that does not read.
type CollectionError struct {
	Line int
	Err  error
}

func (e *CollectionError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

func (e *CollectionError) Unwrap() error { return e.Err }

// ParseCollection reads a collection. Every problem must read whole: its
// position a problem (Prepare), its solution legal moves of its length.
// It does not solve them: Check does.
func ParseCollection(r io.Reader) ([]Problem, error) {
	var out []Problem
	seen := map[string]int{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pr, err := ParseLine(line)
		if err != nil {
			return nil, &CollectionError{Line: n, Err: err}
		}
		if first, dup := seen[pr.ID]; dup {
			return nil, &CollectionError{Line: n, Err: fmt.Errorf("id %q is taken by line %d", pr.ID, first)}
		}
		seen[pr.ID] = n
		out = append(out, pr)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// ParseLine reads one problem line of a collection.
func ParseLine(line string) (Problem, error) {
	f := strings.Split(line, "\t")
	if len(f) != 5 {
		return Problem{}, fmt.Errorf("want 5 fields separated by tabs (id, length, grade, sfen, solution), got %d", len(f))
	}
	pr := Problem{ID: f[0]}
	if pr.ID == "" || strings.ContainsAny(pr.ID, " ") {
		return pr, fmt.Errorf("id %q: want a name without spaces", pr.ID)
	}
	n, err := strconv.Atoi(f[1])
	if err != nil || n < 1 || n%2 == 0 {
		return pr, fmt.Errorf("length %q: want an odd number of plies", f[1])
	}
	pr.Length = n
	g, ok := ParseGrade(f[2])
	if !ok {
		return pr, fmt.Errorf("grade %q: want classic or standard", f[2])
	}
	pr.Grade = g
	if pr.Start, err = ParseSFEN(f[3]); err != nil {
		return pr, err
	}
	p := pr.Start
	for i, s := range strings.Fields(f[4]) {
		m, err := p.ParseUSI(s)
		if err == nil {
			err = p.CheckMove(m)
		}
		if err != nil {
			return pr, fmt.Errorf("solution move %d, %s: %v", i+1, s, err)
		}
		pr.Solution = append(pr.Solution, m)
		p = p.Play(m)
	}
	if len(pr.Solution) != n {
		return pr, fmt.Errorf("the solution has %d moves, the length says %d", len(pr.Solution), n)
	}
	return pr, nil
}

// FormatCollection writes problems in the collection's format, after the
// comment lines of header (each written with "# " before it).
func FormatCollection(w io.Writer, header string, problems []Problem) error {
	bw := bufio.NewWriter(w)
	if header != "" {
		for _, l := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
			fmt.Fprintln(bw, strings.TrimRight("# "+l, " "))
		}
	}
	for _, pr := range problems {
		moves := make([]string, len(pr.Solution))
		for i, m := range pr.Solution {
			moves[i] = m.USI()
		}
		fmt.Fprintf(bw, "%s\t%d\t%s\t%s\t%s\n", pr.ID, pr.Length, pr.Grade, sfenOf(pr.Start), strings.Join(moves, " "))
	}
	return bw.Flush()
}

// sfenOf writes a problem's start with move number 1.
func sfenOf(p game.Position) string {
	p.SetMoveNumber(1)
	return p.SFEN()
}
