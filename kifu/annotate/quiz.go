package annotate

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"shogi/game/analysis"
	"shogi/kifu"
)

// Quizzes are the next-move quizzes of a record analysed as a whole: its
// analysis comments (as shogi analyse, the study's whole-record analysis
// or ShogiHome write them) read back and judged by o. Each quiz's ID is
// name and the move's number, "name#37".
func Quizzes(rec *kifu.Record, name string, o analysis.QuizOptions) []analysis.Quiz {
	line := MainLine(rec)
	rep, _ := line.Read()
	qs := analysis.Quizzes(rep, o)
	for i := range qs {
		qs[i].ID = fmt.Sprintf("%s#%d", name, qs[i].Ply)
	}
	return qs
}

// DirQuizzes are the quizzes of every record in dir (its files in a
// record format, not its subfolders), in the order of their names; each
// quiz's ID starts with the file's name. A file that does not read is
// skipped and its error returned with the others. A folder that is not
// there yet (no game finished) holds none.
func DirQuizzes(dir string, o analysis.QuizOptions) ([]analysis.Quiz, []error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, []error{err}
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if !e.IsDir() && kifu.FormatOfPath(e.Name()) != kifu.Unknown {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	var out []analysis.Quiz
	var errs []error
	for _, n := range names {
		rec, err := kifu.ReadFile(filepath.Join(dir, n))
		if rec == nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, Quizzes(rec, n, o)...)
	}
	return out, errs
}
