package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"runtime"

	"shogi/app/gamedb"
	"shogi/game"
	"shogi/kifu"
)

// importShared imports the shared records into a new database.
func importShared(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat(sharedKifu); err != nil {
		t.Skip("no shared records at " + sharedKifu)
	}
	db := filepath.Join(t.TempDir(), "games.db")
	code, _, errOut := runCmd(t, "db", "import", "--db", db, sharedKifu)
	// One record has an unmarked 二歩: named, and the import says it
	// broke off.
	if code != 1 || !strings.Contains(errOut, "91 files, 91 games") || !strings.Contains(errOut, "nifu_unmarked") {
		t.Fatalf("import: %d %s", code, errOut)
	}
	return db
}

func TestDBExploreContract(t *testing.T) {
	db := importShared(t)
	code, out, errOut := runCmd(t, "db", "explore", "--db", db, "--moves", "7g7f")
	if code != 0 || errOut != "" {
		t.Fatalf("explore: %d %q", code, errOut)
	}
	line := regexp.MustCompile(`^([1-9][a-i][1-9][a-i]\+?|[RBGSNLP]\*[1-9][a-i]) (\d+) (\d+) (\d+) (\d+)$`)
	prev := 1 << 30
	total := 0
	after := game.StartPosition()
	m, _ := after.ParseUSI("7g7f")
	after = after.Play(m)
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		f := line.FindStringSubmatch(l)
		if f == nil {
			t.Fatalf("line %q is not MOVE GAMES WINS DRAWS LOSSES", l)
		}
		n, _ := strconv.Atoi(f[2])
		w, _ := strconv.Atoi(f[3])
		d, _ := strconv.Atoi(f[4])
		lo, _ := strconv.Atoi(f[5])
		if n > prev || w+d+lo > n {
			t.Errorf("%q: not most played first, or more results than games", l)
		}
		prev = n
		total += n
		if mv, err := after.ParseUSI(f[1]); err != nil || !after.IsLegal(mv) {
			t.Errorf("%q: not a legal move after 7g7f", l)
		}
	}
	// The games through 7g7f, each shown as KIF, all begin ７六歩, and
	// those that went on are as many as the moves' games.
	code, out, _ = runCmd(t, "db", "games", "--db", db, "--moves", "7g7f", "--limit", "0")
	if code != 0 {
		t.Fatal(code)
	}
	gameLine := regexp.MustCompile(`^(\d+)\t(\d{4}-\d\d-\d\d|-)\t([^\t]+)\t([^\t]+)\t(1-0|0-1|1/2|\*)\t(\d+)$`)
	went := 0
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		f := gameLine.FindStringSubmatch(l)
		if f == nil {
			t.Fatalf("games line %q is not ID DATE BLACK WHITE RESULT PLY", l)
		}
		if f[6] != "1" {
			t.Errorf("%q: reached after 7g7f at ply %s, want 1", l, f[6])
		}
		code, kif, errOut := runCmd(t, "db", "show", "--db", db, f[1])
		if code != 0 {
			t.Fatalf("show %s: %s", f[1], errOut)
		}
		r, err := kifu.Read([]byte(kif), "show.kif")
		if err != nil {
			t.Fatalf("show %s: its KIF does not read back: %v", f[1], err)
		}
		moves := r.MainMoves()
		if len(moves) == 0 || moves[0].USI() != "7g7f" {
			t.Errorf("game %s does not begin 7g7f", f[1])
		}
		if len(moves) > 1 {
			went++
		}
	}
	if went != total {
		t.Errorf("%d games went on after 7g7f, the moves count %d", went, total)
	}
}

func TestDBReimportAndFilters(t *testing.T) {
	db := importShared(t)
	_, before, _ := runCmd(t, "db", "stats", "--db", db)
	code, _, errOut := runCmd(t, "db", "import", "--db", db, sharedKifu)
	if code != 1 || !strings.Contains(errOut, " 0 stored") {
		t.Fatalf("re-import: %d %s", code, errOut)
	}
	if _, after, _ := runCmd(t, "db", "stats", "--db", db); after != before {
		t.Errorf("re-import changed the stats:\n%s\n%s", before, after)
	}
	_, all, _ := runCmd(t, "db", "games", "--db", db, "--limit", "0")
	_, hab, _ := runCmd(t, "db", "games", "--db", db, "--limit", "0", "--player", "羽生善治", "--as", "black")
	if hab == "" || len(hab) >= len(all) {
		t.Fatalf("--player 羽生善治 --as black: %q", hab)
	}
	for _, l := range strings.Split(strings.TrimSpace(hab), "\n") {
		if strings.Split(l, "\t")[2] != "羽生善治" {
			t.Errorf("%q: not 羽生善治 as black", l)
		}
	}
	_, since, _ := runCmd(t, "db", "games", "--db", db, "--limit", "0", "--since", "2020-01-01")
	for _, l := range strings.Split(strings.TrimSpace(since), "\n") {
		if d := strings.Split(l, "\t")[1]; d < "2020-01-01" {
			t.Errorf("%q: before --since", l)
		}
	}
	_, limited, _ := runCmd(t, "db", "games", "--db", db, "--limit", "2")
	if strings.Count(limited, "\n") != 2 {
		t.Errorf("--limit 2: %q", limited)
	}
}

func TestDBBadInput(t *testing.T) {
	dir := t.TempDir()
	notDB := filepath.Join(dir, "notes.txt")
	os.WriteFile(notDB, []byte("my notes, not a database\n"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"explore", "--db", notDB}, 1, "not a games database"},
		{[]string{"import", "--db", notDB, dir}, 1, "not a games database"},
		{[]string{"explore", "--db", filepath.Join(dir, "none.db")}, 1, "no database at"},
		{[]string{"explore", "--db", notDB, "--moves", "7g7f 7g7f"}, 2, "move 2"},
		{[]string{"games", "--db", notDB, "--since", "yesterday"}, 2, "YYYY-MM-DD"},
		{[]string{"show", "--db", notDB, "x"}, 2, "not a game ID"},
		{[]string{"frobnicate"}, 2, "unknown command"},
		{[]string{"import", "--db", filepath.Join(dir, "in.db"), "-"}, 2, "standard input) is not read"},
	} {
		code, out, errOut := runCmd(t, append([]string{"db"}, c.args...)...)
		if code != c.code || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: %d %q %q, want %d and %q", c.args, code, out, errOut, c.code, c.want)
		}
	}
	if b, _ := os.ReadFile(notDB); string(b) != "my notes, not a database\n" {
		t.Errorf("the file that is not a database was changed: %q", b)
	}
	// A database from a newer version is refused, and left as it was.
	// An import makes the database and the folders it is named in.
	empty := t.TempDir()
	db := filepath.Join(dir, "new", "folder", "games.db")
	if code, _, e := runCmd(t, "db", "import", "--db", db, empty); code != 0 {
		t.Fatalf("import into a new folder: %d %s", code, e)
	}
	b, err := bolt.Open(db, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	b.Update(func(tx *bolt.Tx) error { return tx.Bucket([]byte("meta")).Put([]byte("version"), []byte("99")) })
	b.Close()
	code, _, errOut := runCmd(t, "db", "stats", "--db", db)
	if code != 1 || !strings.Contains(errOut, "newer version") {
		t.Errorf("newer database: %d %q", code, errOut)
	}
	// A game that is not there.
	db2 := filepath.Join(dir, "empty.db")
	runCmd(t, "db", "import", "--db", db2, dir)
	if code, _, errOut := runCmd(t, "db", "show", "--db", db2, "7"); code != 1 || !strings.Contains(errOut, "no game 7") {
		t.Errorf("show 7 of an empty database: %d %q", code, errOut)
	}
}

// TestDBTagsShared lists what each shared record was tagged with, and
// compares the tags with a record's own 戦型 header where it has one.
// csaOpenings are the $OPENING values CSA records write (floodgate's
// words) in Japanese.
var csaOpenings = map[string]string{"YAGURA": "矢倉", "KAKUGAWARI": "角換わり", "AIGAKARI": "相掛かり",
	"YOKOFUDORI": "横歩取り", "SHIKENBISHA": "四間飛車", "SANGENBISHA": "三間飛車", "NAKABISHA": "中飛車", "MUKAIBISHA": "向かい飛車"}

func TestDBTagsShared(t *testing.T) {
	files := sharedRecordFiles(t)
	for _, f := range files {
		code, out, errOut := runCmd(t, "db", "tags", f)
		t.Logf("%s: %s%s", filepath.Base(f), strings.TrimSpace(out), strings.TrimSpace(errOut))
		r, _ := kifu.ReadFile(f)
		if r == nil {
			continue
		}
		if code != 0 && !strings.Contains(errOut, "illegal") {
			t.Errorf("%s: %d %s", f, code, errOut)
		}
		h, _ := r.Lookup(kifu.KeyOpening)
		if ja, ok := csaOpenings[h]; ok {
			h = ja
		}
		switch {
		case h == "":
		case len(r.MainMoves()) < 20:
			t.Logf("%s: 戦型 %s, but only %d moves: too few to tell", filepath.Base(f), h, len(r.MainMoves()))
		default:
			// The record's own 戦型 names what our tags name for a side,
			// or the family it belongs to (角換わりその他 is 角換わり).
			agree := false
			for _, w := range strings.Fields(strings.NewReplacer("▲", " ", "△", " ", "\t", " ").Replace(out)) {
				agree = agree || w != "-" && len([]rune(w)) > 1 && strings.Contains(h, w)
			}
			if !agree {
				t.Errorf("%s: 戦型 %s, tagged %s", f, h, out)
			}
		}
	}
}

// writeDBGames writes n random games of 20 to 59 plies (the first eight
// drawn from three moves a position, so that openings are shared) into
// files CSA files of about n/files games each, in dir, and returns their
// paths.
func writeDBGames(t *testing.T, dir string, n, files int, seed uint64) []string {
	return writeShortGames(t, dir, n, files, seed, 20, 40)
}

// writeShortGames is writeDBGames with games of least to least+spread-1
// plies.
func writeShortGames(t *testing.T, dir string, n, files int, seed uint64, least, spread int) []string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 5))
	var paths []string
	var buf []game.Move
	per := (n + files - 1) / files
	for f := 0; f*per < n; f++ {
		var sb strings.Builder
		for i := f * per; i < min(n, (f+1)*per); i++ {
			g := game.NewGame(game.StartPosition())
			for ply := least + rng.IntN(spread); g.Len() < ply && !g.Result().Over(); {
				p := g.Position()
				if buf = p.LegalMoves(buf[:0]); len(buf) == 0 {
					break
				}
				k := len(buf)
				if g.Len() < 8 {
					k = min(k, 3)
				}
				g.Play(buf[rng.IntN(k)])
			}
			if rng.IntN(4) > 0 && !g.Result().Over() {
				p := g.Position()
				g.Resign(p.SideToMove())
			}
			r := kifu.FromGame(g, []kifu.Header{{Key: "先手", Value: fmt.Sprintf("p%d", rng.IntN(50))}, {Key: "後手", Value: fmt.Sprintf("p%d", rng.IntN(50))},
				{Key: "開始日時", Value: fmt.Sprintf("2025/%02d/%02d 10:00:00", 1+i%12, 1+i%28)}}, nil)
			data, err := kifu.Marshal(r, kifu.CSA, kifu.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if sb.Len() > 0 {
				sb.WriteString("/\n")
			}
			sb.Write(data)
		}
		p := filepath.Join(dir, fmt.Sprintf("games%03d.csa", f))
		if err := os.WriteFile(p, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// dbCounts is a database's stats less its size in bytes (which depends
// on the history of its pages, not on what it holds).
func dbCounts(t *testing.T, db string) string {
	t.Helper()
	code, out, errOut := runCmd(t, "db", "stats", "--db", db)
	if code != 0 {
		t.Fatalf("stats: %d %s", code, errOut)
	}
	return regexp.MustCompile(`(?m)^bytes\t\d+\n`).ReplaceAllString(out, "")
}

// shogiProcess is the test binary run as the shogi command.
func shogiProcess(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), mainEnv+"=1")
	return cmd
}

// dbBatchEnv sets gamedb.BatchSize in the test binary run as the shogi
// command (see TestMain), so that a test of what a batch keeps need not
// write thousands of games to fill a few.
const dbBatchEnv = "SHOGI_TEST_DB_BATCH"

// TestDBFullDisk: an import that runs out of room (the file may grow no
// larger: RLIMIT_FSIZE, set by the shell of a child shogi) says so and
// exits 1; what was stored before is all there, and a second run with
// room finishes the job.
func TestDBFullDisk(t *testing.T) {
	// In parallel: it changes nothing global (its limit is a child's), and
	// runs after TestDBKilledImport and TestDBLocked, which do.
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("RLIMIT_FSIZE through sh's ulimit -f: Linux only here")
	}
	dir := t.TempDir()
	// A hundred games a file: the first fits, the five others do not.
	files := writeDBGames(t, dir, 600, 6, 1)
	db := filepath.Join(dir, "g.db")
	if code, _, errOut := runCmd(t, "db", "import", "--db", db, files[0]); code != 0 {
		t.Fatalf("first import: %d %s", code, errOut)
	}
	before := dbCounts(t, db)
	// The file is made larger than its pages in use (bbolt grows it ahead
	// by up to 16 MB): the limit is where the pages in use end, and writes
	// past it fail. ulimit -f counts blocks of 512 bytes.
	_, stats, _ := runCmd(t, "db", "stats", "--db", db)
	m := regexp.MustCompile(`(?m)^bytes\t(\d+)$`).FindStringSubmatch(stats)
	if m == nil {
		t.Fatalf("stats: %q", stats)
	}
	used, _ := strconv.Atoi(m[1])
	sh := exec.Command("/bin/sh", append([]string{"-c", fmt.Sprintf(`ulimit -f %d && exec "$0" "$@"`, used/512+64),
		os.Args[0], "db", "import", "--db", db}, files...)...)
	sh.Env = append(os.Environ(), mainEnv+"=1")
	out, _ := sh.CombinedOutput()
	if code := sh.ProcessState.ExitCode(); code != 1 || !strings.Contains(string(out), "no room to write") || !strings.Contains(string(out), db) {
		t.Fatalf("import with no room: status %d, %s", code, out)
	}
	t.Logf("%s", out)
	after := dbCounts(t, db)
	if gamesOf(t, after) < gamesOf(t, before) {
		t.Errorf("games lost: before\n%s\nafter\n%s", before, after)
	}
	if code, _, errOut := runCmd(t, "db", "import", "--db", db, dir); code != 0 {
		t.Fatalf("second import: %d %s", code, errOut)
	}
	whole := filepath.Join(dir, "whole.db")
	if code, _, errOut := runCmd(t, "db", "import", "--db", whole, dir); code != 0 {
		t.Fatalf("import in one go: %d %s", code, errOut)
	}
	if got, want := dbCounts(t, db), dbCounts(t, whole); got != want {
		t.Errorf("after running out of room and again:\n%s\nin one go:\n%s", got, want)
	}
}

func gamesOf(t *testing.T, stats string) int {
	m := regexp.MustCompile(`(?m)^games\t(\d+)$`).FindStringSubmatch(stats)
	if m == nil {
		t.Fatalf("no games in %q", stats)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// TestDBLocked: while another process holds the database's lock (flock,
// as a writer holds it), import and explore wait a little, then say
// which process holds it and exit 1; nothing stored changes, and once it
// lets go the import goes through.
func TestDBLocked(t *testing.T) {
	if _, err := exec.LookPath("flock"); err != nil || runtime.GOOS != "linux" {
		t.Skip("no flock(1)")
	}
	dir := t.TempDir()
	files := writeDBGames(t, dir, 400, 2, 2)
	db := filepath.Join(dir, "g.db")
	if code, _, errOut := runCmd(t, "db", "import", "--db", db, files[0]); code != 0 {
		t.Fatalf("import: %d %s", code, errOut)
	}
	before := dbCounts(t, db)
	holder := exec.Command("flock", "--exclusive", db, "cat")
	in, err := holder.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	ready, err := holder.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := holder.Start(); err != nil {
		t.Fatal(err)
	}
	defer holder.Wait()
	defer in.Close()
	// cat echoes a line once flock holds the lock and runs it.
	in.Write([]byte("held\n"))
	if _, err := bufio.NewReader(ready).ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	// flock holds the lock until the test lets go: any wait ends in
	// "locked", and each command waits it out, serially.
	old := gamedb.LockWait
	gamedb.LockWait = 50 * time.Millisecond
	defer func() { gamedb.LockWait = old }()
	pid := strconv.Itoa(holder.Process.Pid)
	for _, args := range [][]string{{"import", "--db", db, files[1]}, {"explore", "--db", db}} {
		code, out, errOut := runCmd(t, append([]string{"db"}, args...)...)
		if code != 1 || out != "" || !strings.Contains(errOut, "locked") || !strings.Contains(errOut, "flock") || !strings.Contains(errOut, pid) {
			t.Errorf("%v while locked by process %s: %d %q %q", args, pid, code, out, errOut)
		}
	}
	in.Close()
	holder.Wait()
	if got := dbCounts(t, db); got != before {
		t.Errorf("changed while locked:\n%s\nbefore:\n%s", got, before)
	}
	if code, _, errOut := runCmd(t, "db", "import", "--db", db, files[1]); code != 0 {
		t.Fatalf("import once let go: %d %s", code, errOut)
	}
}

// TestDBKilledImport: a shogi db import process killed (SIGKILL) in the
// middle of its work leaves a database that opens, holds whole batches,
// and a second run finishes the job: the counts equal those of one
// import.
func TestDBKilledImport(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	os.MkdirAll(src, 0o755)
	// Batches of 100 in the child (dbBatchEnv), a thousand short games in
	// eight files: it is killed as soon as the first batch shows (on an
	// idle machine it has by then stored the batches before the pipe
	// below and read the files after it). Between the fourth and the fifth file it
	// reads a named pipe no one writes to: the batches after it wait for
	// it, so the import cannot end before the kill however fast it runs
	// (its readers go on with the files after). The pipe's games are
	// written as a plain file afterwards for the runs that finish the job.
	const games, batch = 1000, 100
	writeShortGames(t, src, games, 8, 3, 10, 10)
	last := writeShortGames(t, t.TempDir(), 150, 1, 4, 10, 10)[0]
	pipe := filepath.Join(src, "games003x.csa") // after games003.csa
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("no named pipe: %v", err)
	}
	db := filepath.Join(dir, "g.db")
	child := shogiProcess("db", "import", "--db", db, src)
	child.Env = append(child.Env, dbBatchEnv+"="+strconv.Itoa(batch))
	var errOut strings.Builder
	child.Stderr = &errOut
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { child.Wait(); close(exited) }()
	t.Cleanup(func() { child.Process.Kill(); <-exited })
	old := gamedb.LockWait
	gamedb.LockWait = 20 * time.Millisecond
	// Wait for the first batch to be committed, then kill. The child
	// lets go of the file when asked, between batches and while it
	// waits for the pipe; a minute without getting in is a fault.
	killed := false
	for deadline := time.Now().Add(time.Minute); !killed; {
		select {
		case <-exited:
			t.Fatalf("the import finished before it could be killed: %s", errOut.String())
		case <-time.After(10 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("no first batch seen in a minute: %s", errOut.String())
		}
		if d, err := gamedb.OpenReadOnly(db); err == nil {
			s, err := d.Stats()
			d.Close()
			if err == nil && s.Games > 0 {
				child.Process.Kill()
				killed = true
			}
		}
	}
	<-exited
	gamedb.LockWait = old
	mid := dbCounts(t, db)
	if n := gamesOf(t, mid); n == 0 || n >= games {
		t.Fatalf("killed with %d games stored", n)
	} else {
		t.Logf("killed with %d games stored", n)
	}
	data, err := os.ReadFile(last)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(pipe); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pipe, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, e := runCmd(t, "db", "import", "--db", db, src); code != 0 {
		t.Fatalf("second run: %d %s", code, e)
	}
	whole := filepath.Join(dir, "whole.db")
	if code, _, e := runCmd(t, "db", "import", "--db", whole, src); code != 0 {
		t.Fatalf("one run: %d %s", code, e)
	}
	if got, want := dbCounts(t, db), dbCounts(t, whole); got != want {
		t.Errorf("killed at\n%s\nthen finished:\n%s\nin one run:\n%s", mid, got, want)
	}
	if n := gamesOf(t, dbCounts(t, whole)); n != games+150 {
		t.Errorf("%d games in one run, want %d", n, games+150)
	}
}

// TestDBIllegalMove: a record with an illegal move is named with its file
// and line, stored up to the move before, and the import exits 1; the
// games stored before and the file's other games are all there.
func TestDBIllegalMove(t *testing.T) {
	dir := t.TempDir()
	files := writeDBGames(t, dir, 50, 1, 4)
	db := filepath.Join(dir, "g.db")
	if code, _, errOut := runCmd(t, "db", "import", "--db", db, files[0]); code != 0 {
		t.Fatalf("import: %d %s", code, errOut)
	}
	bad := filepath.Join(dir, "bad.csa")
	// The second game's third move (+2625FU) is not legal: 2f is empty.
	text := "V2.2\nN+a\nN-b\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n/\nV2.2\nN+c\nN-d\nPI\n+\n+7776FU\n-3334FU\n+2625FU\n-8384FU\n%TORYO\n/\nV2.2\nN+e\nN-f\nPI\n+\n+2726FU\n%TORYO\n"
	if err := os.WriteFile(bad, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCmd(t, "db", "import", "--db", db, bad)
	if code != 1 || !strings.Contains(errOut, "bad.csa:17") || !strings.Contains(errOut, "1 broken off") {
		t.Errorf("import of a record with an illegal move: %d %q", code, errOut)
	}
	if n := gamesOf(t, dbCounts(t, db)); n != 53 {
		t.Errorf("%d games stored, want 50 + 3 (the broken one up to its last legal move)", n)
	}
	_, out, _ := runCmd(t, "db", "games", "--db", db, "--player", "c")
	if f := strings.Split(strings.TrimSpace(out), "\t"); len(f) != 6 || f[4] != "*" || f[5] != "0" {
		t.Errorf("the broken game: %q, want it unfinished", out)
	}
}

// TestDBSameFileAsApp: with the settings' games_dir moving the games out
// of the data folder, the game the app adds when it ends (AddFinished with
// the games folder the app uses) is in the database `shogi db` reads
// without --db; and with the default folder too.
func TestDBSameFileAsApp(t *testing.T) {
	root := t.TempDir()
	t.Setenv("HOME", filepath.Join(root, "home"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(root, "data"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(root, "config"))
	rec := kifu.NewRecord(game.StartPosition())
	n := rec.Root
	p := game.StartPosition()
	for _, w := range []string{"7g7f", "3c3d", "8h2b+"} {
		m, err := p.ParseUSI(w)
		if err != nil {
			t.Fatal(err)
		}
		n = rec.AddMove(n, m)
		p = p.Play(m)
	}
	rec.AddEnding(n, kifu.Resign, "")
	stats := func() string {
		t.Helper()
		code, out, errOut := runCmd(t, "db", "stats")
		if code != 0 {
			t.Fatalf("stats: %d %s", code, errOut)
		}
		return strings.Split(out, "\n")[0]
	}
	// The default games folder, data/shogi/games.
	games := dirsIn(os.Environ()).Games()
	if err := gamedb.AddFinished(games, rec, filepath.Join(games, "a.kif")); err != nil {
		t.Fatal(err)
	}
	if got := stats(); got != "games\t1" {
		t.Errorf("default games folder: stats says %q, want games\t1", got)
	}
	// games_dir = ~/kifu in the settings: the app adds to the database
	// beside ~/kifu, and shogi db reads that one.
	cfg := dirsIn(os.Environ()).SettingsFile()
	os.MkdirAll(filepath.Dir(cfg), 0o755)
	if err := os.WriteFile(cfg, []byte("keep_games = true\ngames_dir = \"~/kifu\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	kifuDir := filepath.Join(root, "home", "kifu")
	rec.Headers = []kifu.Header{{Key: kifu.KeyBlack, Value: "other"}}
	if err := gamedb.AddFinished(kifuDir, rec, filepath.Join(kifuDir, "b.kif")); err != nil {
		t.Fatal(err)
	}
	if got := stats(); got != "games\t1" {
		t.Errorf("games_dir ~/kifu: stats says %q, want games\t1 (the game the app added there)", got)
	}
	code, out, _ := runCmd(t, "db", "games")
	if code != 0 || !strings.Contains(out, "\tother\t") {
		t.Errorf("games: %d %q, want the game the app added beside ~/kifu", code, out)
	}
}

// TestImportLine: the import's progress line says what it does at each
// stage (files, the merge that ends it, the freeing after) within its
// width, so that each line covers the one before.
func TestImportLine(t *testing.T) {
	for _, c := range []struct {
		pr   gamedb.Progress
		want string
	}{
		{gamedb.Progress{Files: 3, TotalFiles: 12, Games: 3000}, "[#######.......................] 3/12 files, 3000 games"},
		{gamedb.Progress{Files: 12, TotalFiles: 12, Games: 1000000, Stage: gamedb.StageMerge, Done: 0.456}, "[#############.................] 1000000 games, merging the index 45%"},
		{gamedb.Progress{Files: 12, TotalFiles: 12, Games: 1000000, Stage: gamedb.StageMerge, Done: 1}, "[##############################] 1000000 games, merging the index 100%"},
		{gamedb.Progress{Files: 12, TotalFiles: 12, Games: 12, Stage: gamedb.StageFree}, "[##############################] freeing the space the merge replaced"},
	} {
		got := importLine(c.pr)
		if got != c.want {
			t.Errorf("%+v:\n got %q\nwant %q", c.pr, got, c.want)
		}
		if len(got) > importLineWidth {
			t.Errorf("%q is %d columns, wider than %d", got, len(got), importLineWidth)
		}
	}
}
