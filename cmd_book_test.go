package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shogi/app/books"
	"shogi/game"
	"shogi/game/book"
	"shogi/kifu"
)

// sharedKifu holds the 91 records other programs wrote (outside the
// repository: the test skips without them).
var sharedKifu = filepath.Join("..", "shared", "kifu")

// naiveMove is a move counted the plain way.
type naiveMove struct{ n, w, d, l int64 }

// naiveBook counts the first maxPly moves of every game of the files
// another way than shogi book build: each file read whole (kifu.ReadFile
// and its Games), positions by their SFEN text, moves by their USI, the
// result from the mover's side worked out here. A game that breaks off
// counts up to its problem, without a result, as build does.
func naiveBook(t *testing.T, files []string, maxPly int) (map[string]map[string]*naiveMove, map[string]int) {
	t.Helper()
	count := map[string]map[string]*naiveMove{}
	ply := map[string]int{}
	for _, f := range files {
		r, err := kifu.ReadFile(f)
		if r == nil {
			continue
		}
		games := append([]*kifu.Record{r}, r.Games...)
		for gi, g := range games {
			res := g.Result()
			if err != nil && gi == len(games)-1 {
				res = game.Result{} // the game the problem broke off
			}
			p := g.Start
			once := map[string]bool{} // a game counts once for a move in a position
			for i, m := range g.MainMoves() {
				if i >= maxPly || !p.IsLegal(m) {
					break
				}
				s := p.SFEN()
				key := s[:strings.LastIndex(s, " ")]
				if once[key+" "+m.USI()] {
					p = p.Play(m)
					continue
				}
				once[key+" "+m.USI()] = true
				if count[key] == nil {
					count[key] = map[string]*naiveMove{}
					ply[key] = p.MoveNumber()
				}
				ply[key] = min(ply[key], p.MoveNumber())
				nm := count[key][m.USI()]
				if nm == nil {
					nm = &naiveMove{}
					count[key][m.USI()] = nm
				}
				nm.n++
				if w, ok := res.Winner(); ok {
					if w == p.SideToMove() {
						nm.w++
					} else {
						nm.l++
					}
				} else if res.Over() {
					nm.d++
				}
				p = p.Play(m)
			}
		}
	}
	return count, ply
}

// checkBuilt compares a built book with the naive count, and checks it
// reads back and writes the same bytes, sorted as YaneuraOu sorts.
func checkBuilt(t *testing.T, path string, count map[string]map[string]*naiveMove, ply map[string]int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := book.Read(bytes.NewReader(data), path)
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() != len(count) {
		t.Errorf("%d positions, counted %d", b.Len(), len(count))
	}
	moves := 0
	for key, want := range count {
		e, _ := b.Lookup(key)
		if e == nil {
			t.Fatalf("%s: not in the book", key)
		}
		if e.Ply != ply[key] {
			t.Errorf("%s: ply %d, counted %d", key, e.Ply, ply[key])
		}
		if len(e.Moves) != len(want) {
			t.Fatalf("%s: %d moves, counted %d", key, len(e.Moves), len(want))
		}
		for _, m := range e.Moves {
			nm := want[m.Move.USI()]
			if nm == nil || m.Count != nm.n || m.Results != (book.Results{Wins: nm.w, Draws: nm.d, Losses: nm.l}) {
				t.Fatalf("%s %s: %+v, counted %+v", key, m.Move.USI(), m, nm)
			}
			moves++
		}
	}
	var again bytes.Buffer
	if err := book.Write(&again, b); err != nil || !bytes.Equal(again.Bytes(), data) {
		t.Errorf("read back and written again, the book differs (%v)", err)
	}
	var prev string
	for line := range strings.SplitSeq(string(data), "\n") {
		if strings.HasPrefix(line, "sfen ") {
			if prev != "" && line <= prev {
				t.Fatalf("not sorted: %q after %q", line, prev)
			}
			prev = line
		}
	}
	// Every position is found on disk as in memory.
	f, err := book.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for key := range count {
		e, err := f.Lookup(key)
		if err != nil || e == nil {
			t.Fatalf("%s on disk: %v", key, err)
		}
	}
	t.Logf("%d positions, %d moves, %d bytes", b.Len(), moves, len(data))
}

func sharedRecordFiles(t *testing.T) []string {
	var files []string
	for _, dir := range []string{"kif", "ki2", "csa", "jkf"} {
		m, _ := filepath.Glob(filepath.Join(sharedKifu, dir, "*"))
		for _, f := range m {
			if !strings.HasSuffix(f, ".expected") {
				files = append(files, f)
			}
		}
	}
	if len(files) == 0 {
		t.Skipf("no shared records in %s: skipping", sharedKifu)
	}
	return files
}

// TestBookBuildShared builds a book from the 91 shared records and checks
// every position and count against the naive count.
func TestBookBuildShared(t *testing.T) {
	files := sharedRecordFiles(t)
	out := filepath.Join(t.TempDir(), "shared.db")
	code, stdout, stderr := runCmd(t, "book", "build", "--max-ply", "30", "-o", out, sharedKifu)
	if code != 0 || stdout != "" {
		t.Fatalf("build: %d %q %s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "91 files, 91 games (1 broken off)") || !strings.Contains(stderr, "bioshogi__nifu_unmarked.kif:19: move 3:") {
		t.Errorf("summary and problems: %s", stderr)
	}
	count, ply := naiveBook(t, files, 30)
	checkBuilt(t, out, count, ply)
}

// TestBookBuildGames builds a book from the games in $SHOGI_BOOK_GAMES
// (files or folders of records, such as shogi match --out wrote for the
// levels playing each other), or else from a few dozen generated here,
// and checks it against the naive count.
func TestBookBuildGames(t *testing.T) {
	var inputs []string
	if env := os.Getenv("SHOGI_BOOK_GAMES"); env != "" {
		inputs = strings.Split(env, string(os.PathListSeparator))
	} else {
		inputs = []string{filepath.Join(t.TempDir(), "games.csa")}
		var buf bytes.Buffer
		for i := 0; i < 40; i++ {
			r := playedGame(t, uint64(i))
			if i > 0 {
				buf.WriteString("/\n")
			}
			if err := kifu.Write(&buf, r, kifu.CSA, kifu.WriteOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(inputs[0], buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, err := books.RecordFiles(inputs)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "games.db")
	code, _, stderr := runCmd(t, append([]string{"book", "build", "--max-ply", "40", "-o", out}, inputs...)...)
	if code != 0 {
		t.Fatalf("build: %d %s", code, stderr)
	}
	t.Log(strings.TrimSpace(stderr))
	count, ply := naiveBook(t, files, 40)
	checkBuilt(t, out, count, ply)
}

// playedGame is a game of random legal moves ending in a resignation or a
// draw, so results come out both ways.
func playedGame(t *testing.T, seed uint64) *kifu.Record {
	g := game.NewGame(game.StartPosition())
	x := seed*2654435761 + 1
	for i := 0; i < 60 && !g.Result().Over(); i++ {
		p := g.Position()
		legal := p.LegalMoves(nil)
		x = x*6364136223846793005 + 1442695040888963407
		k := len(legal)
		if i < 10 {
			k = min(k, 2) // shared openings
		}
		g.Play(legal[(x>>33)%uint64(k)])
	}
	switch seed % 3 {
	case 0:
		g.Resign(game.Black)
	case 1:
		g.Resign(game.White)
	}
	return kifu.FromGame(g, nil, nil)
}

// TestBookShow prints a position's moves in a notation, finds a position
// turned round, and says when a position is not in the book.
func TestBookShow(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "b.db")
	text := book.Header + "\n" +
		"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n" +
		"3c3d 2g2f 41 12 30 w16 d2 l12\n#the usual reply\n8c8d none none none 10\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	after76 := "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
	code, out, stderr := runCmd(t, "book", "show", "--sfen", after76, "--notation", "ki2", path)
	want := "sfen " + after76 + "\n" +
		"move\tcount\tshare\twin\tscore\tdepth\tW-D-L\treply\tcomment\n" +
		"△３四歩\t30\t75.0%\t56.7%\t41\t12\t16-2-12\t▲２六歩\tthe usual reply\n" +
		"△８四歩\t10\t25.0%\t-\t-\t-\t-\t-\t\n"
	if code != 0 || out != want {
		t.Errorf("show: %d %s\n%q\nwant\n%q", code, stderr, out, want)
	}
	// The mirror image: Black to move after White's 3c3d (as from a game
	// where White moved first).
	mirror := "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 2"
	code, out, _ = runCmd(t, "book", "show", "--sfen", mirror, path)
	if code != 0 || !strings.Contains(out, "(found turned round)") || !strings.Contains(out, "\n7g7f\t30\t") {
		t.Errorf("turned round: %d %q", code, out)
	}
	if code, _, _ = runCmd(t, "book", "show", "--no-flip", "--sfen", mirror, path); code != 1 {
		t.Errorf("--no-flip: status %d, want 1", code)
	}
	code, out, stderr = runCmd(t, "book", "show", path)
	if code != 1 || out != "" || !strings.Contains(stderr, "is not in") {
		t.Errorf("start not in book: %d %q %q", code, out, stderr)
	}
	if code, _, stderr = runCmd(t, "book", "show", "--notation", "klingon", path); code != 2 {
		t.Errorf("bad notation: %d %s", code, stderr)
	}
}

// TestBookMerge merges books by the command as book.Merge does, sorts a
// book out of order, and refuses what is not a book.
func TestBookMerge(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
	start := "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n"
	after76 := "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n"
	write := func(path, text string) {
		if err := os.WriteFile(path, []byte(book.Header+"\n"+text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(a, after76+"3c3d none 0 0 5\n"+start+"7g7f none 0 0 3\n")
	write(b, start+"7g7f none 0 0 2\n2g2f none 0 0 9\n")
	out := filepath.Join(dir, "c.db")
	if code, _, stderr := runCmd(t, "book", "merge", a, b, "-o", out); code != 0 {
		t.Fatalf("merge: %s", stderr)
	}
	got, _ := os.ReadFile(out)
	want := book.Header + "\n" + after76 + "3c3d none 0 0 5\n" + start + "2g2f none 0 0 9\n7g7f none 0 0 5\n"
	if string(got) != want {
		t.Errorf("merged:\n%s\nwant:\n%s", got, want)
	}
	// a.db was out of order (after 7g7f before the start is right: it
	// sorts first); put it out of order and merge it alone: it comes out
	// sorted, written over itself.
	write(a, start+"7g7f none 0 0 3\n"+after76+"3c3d none 0 0 5\n")
	if code, _, stderr := runCmd(t, "book", "merge", a, "-o", a); code != 0 {
		t.Fatalf("sort: %s", stderr)
	}
	got, _ = os.ReadFile(a)
	if string(got) != book.Header+"\n"+after76+"3c3d none 0 0 5\n"+start+"7g7f none 0 0 3\n" {
		t.Errorf("sorted:\n%s", got)
	}
	code, stdout, _ := runCmd(t, "book", "merge", a, b)
	if code != 0 || !strings.HasPrefix(stdout, book.Header) {
		t.Errorf("merge to stdout: %d %q", code, stdout)
	}
	write(b, start+"7g7f none 0 0 2\n9a9b none 0 0 1\n")
	code, _, stderr := runCmd(t, "book", "merge", a, b, "-o", out)
	if code != 1 || !strings.Contains(stderr, "b.db:4: move 9a9b") {
		t.Errorf("bad book: %d %s", code, stderr)
	}
	if got2, _ := os.ReadFile(out); string(got2) != want {
		t.Error("a failed merge changed the output file")
	}
}

// TestBookBuildProblems: a record that cannot be read is named with its
// line and skipped; nothing readable at all is an error.
func TestBookBuildProblems(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.csa")
	if err := os.WriteFile(bad, []byte("V2.2\nPI\n+\n+7776FU\n-3335FU\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCmd(t, "book", "build", bad)
	if code != 0 || !strings.Contains(stderr, "bad.csa:5: move 2:") || !strings.HasPrefix(out, book.Header+"\nsfen ") {
		t.Errorf("broken record: %d %q %s", code, out, stderr)
	}
	empty := filepath.Join(dir, "empty.kif")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runCmd(t, "book", "build", empty)
	if code != 1 || !strings.Contains(stderr, "no game could be read") {
		t.Errorf("nothing to read: %d %s", code, stderr)
	}
	if code, _, _ = runCmd(t, "book", "build", "--max-ply", "-1", bad); code != 2 {
		t.Errorf("bad --max-ply: status %d", code)
	}
	if code, _, _ = runCmd(t, "book", "build", filepath.Join(dir, "missing")); code != 1 {
		t.Errorf("missing input: status %d", code)
	}
}

// oddBook writes a book that answers the start with 1g1f, a move no level
// plays on its own, then 9c9d, then 9g9f.
func oddBook(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "odd.db")
	text := book.Header + "\n" +
		"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n1g1f none 0 0 5\n" +
		"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/8P/PPPPPPPP1/1B5R1/LNSGKGSNL w - 2\n9c9d none 0 0 3\n" +
		"sfen lnsgkgsnl/1r5b1/1pppppppp/p8/9/8P/PPPPPPPP1/1B5R1/LNSGKGSNL b - 3\n9g9f none 0 0 2\n"
	b, err := book.Read(strings.NewReader(text), "odd")
	if err != nil {
		t.Fatal(err)
	}
	if err := book.WriteFile(path, b); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestBookFlags: shogi bot, match and usi play the book's moves when
// given --book, and their own with --book-pick off.
func TestBookFlags(t *testing.T) {
	t.Parallel()
	odd := oddBook(t)
	code, out, stderr := runCmd(t, "bot", "--level", "novice", "--seed", "3", "--book", odd)
	if code != 0 || out != "1g1f\n" {
		t.Errorf("bot --book: %d %q %s", code, out, stderr)
	}
	code, out, _ = runCmd(t, "bot", "--level", "novice", "--seed", "3", "--book", odd, "--book-pick", "off")
	if code != 0 || out == "1g1f\n" {
		t.Errorf("bot --book-pick off: %d %q", code, out)
	}
	if code, _, _ = runCmd(t, "bot", "--book", filepath.Join(t.TempDir(), "none.db")); code != 2 {
		t.Errorf("bot with a missing book: status %d", code)
	}

	dir := t.TempDir()
	for _, pick := range []string{"weighted", "off"} {
		out := filepath.Join(dir, pick+".csa")
		// 30 s a move: the node-budget levels never meet the clock, so a
		// loaded machine cannot end a game on time before its book moves.
		// Four moves: the book's three and one past it, all that is read.
		code, _, stderr := runCmd(t, "match", "--games", "2", "--seed", "1", "--log", filepath.Join(dir, "m.log"),
			"--byoyomi", "30s", "--max-moves", "4", "--book", odd, "--book-pick", pick, "--out", out, "novice", "beginner")
		if code != 0 {
			t.Fatalf("match: %s", stderr)
		}
		r, err := kifu.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		for gi, g := range append([]*kifu.Record{r}, r.Games...) {
			if len(g.MainMoves()) < 3 {
				t.Fatalf("--book-pick %s game %d: %d moves", pick, gi+1, len(g.MainMoves()))
			}
			var first []string
			for _, m := range g.MainMoves()[:3] {
				first = append(first, m.USI())
			}
			followed := strings.Join(first, " ") == "1g1f 9c9d 9g9f"
			if followed != (pick == "weighted") {
				t.Errorf("--book-pick %s game %d began %v", pick, gi+1, first)
			}
		}
	}

	var usiOut bytes.Buffer
	in := "usi\nisready\nposition startpos\ngo btime 1000 wtime 1000 byoyomi 100\nquit\n"
	if code := run([]string{"usi", "--level", "novice", "--seed", "1", "--book", odd}, strings.NewReader(in), &usiOut, io.Discard); code != 0 {
		t.Fatal(code)
	}
	s := usiOut.String()
	if !strings.Contains(s, "option name BookFile type filename default "+odd) || !strings.Contains(s, "bestmove 1g1f") {
		t.Errorf("usi --book:\n%s", s)
	}
}

// TestPlayBookFlags: shogi play opens the book and passes it on.
func TestPlayBookFlags(t *testing.T) {
	var stderr bytes.Buffer
	o, err := playOptions([]string{"--black", "novice", "--book", oddBook(t), "--book-moves", "8", "--book-pick", "best"}, nil, &stderr)
	if err != nil || o.Book == nil || o.Book.Options.Pick != book.Best || o.Book.Options.Moves != 8 {
		t.Fatalf("%v %+v %s", err, o.Book, stderr.String())
	}
	if _, err := playOptions([]string{"--book", "/nonexistent.db"}, nil, &stderr); err == nil {
		t.Error("a missing book was taken")
	}
}
