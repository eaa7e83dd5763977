// Package books is shogi book's work on record files: the record files
// under folders, a book counted from them with a reader per core (one
// builder holding each position once), the progress bar of a long build,
// and a book entry as show prints it.
package books

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"shogi/game"
	"shogi/game/book"
	"shogi/game/notation"
	"shogi/kifu"
	"slices"
	"strings"
	"sync"
	"time"
)

// RecordExts are the extensions build reads in a folder.
var RecordExts = []string{".kif", ".kifu", ".ki2", ".ki2u", ".csa", ".jkf", ".usi", ".sfen"}

// RecordFiles lists the files named and the record files under the
// folders named, in order.
func RecordFiles(args []string) ([]string, error) {
	return kifu.Files(args, func(path string) bool {
		return slices.Contains(RecordExts, strings.ToLower(filepath.Ext(path)))
	})
}

// Stats counts what a build read.
type Stats struct {
	Files, Games, Broken int64
	Errs                 []string // the first problems (MaxShownErrors), to print
	MoreErrs             int      // and how many more there were
}

// MaxShownErrors is how many problems Stats keeps.
const MaxShownErrors = 20

// Build reads files with jobs goroutines and counts their games in
// one builder (counting is cheap beside reading, and one builder holds
// each position once).
func Build(files []string, maxPly, jobs int, prog *Progress) (*book.Builder, Stats) {
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
	var st Stats
	note := func(msg string) {
		mu.Lock()
		defer mu.Unlock()
		if len(st.Errs) < MaxShownErrors {
			st.Errs = append(st.Errs, msg)
		} else {
			st.MoreErrs++
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
				st.Files++
				st.Games += n
				st.Broken += broken
				if prog != nil {
					prog.update(int(st.Files), st.Games)
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

// Progress draws a bar on a terminal's line: files read, games, rate, time
// left.
type Progress struct {
	W     io.Writer
	Total int       // files to read
	Began time.Time // when the build began
	last  time.Time
}

func (p *Progress) update(done int, games int64) {
	now := time.Now()
	if now.Sub(p.last) < 200*time.Millisecond && done < p.Total {
		return
	}
	p.last = now
	el := now.Sub(p.Began).Seconds()
	const width = 30
	fill := width * done / p.Total
	eta := "?"
	if done > 0 {
		eta = (time.Duration(el/float64(done)*float64(p.Total-done)) * time.Second).Round(time.Second).String()
	}
	fmt.Fprintf(p.W, "\r[%s%s] %d/%d files, %d games, %.0f games/s, %s left ",
		strings.Repeat("#", fill), strings.Repeat(".", width-fill), done, p.Total, games, float64(games)/max(el, 1e-9), eta)
}

func (p *Progress) clear() { fmt.Fprintf(p.W, "\r%s\r", strings.Repeat(" ", 100)) }

// FormatEntry writes an entry as show prints it: the position, then a
// line of tab-separated fields per move.
func FormatEntry(p *game.Position, e *book.Entry, st notation.Style) string {
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
