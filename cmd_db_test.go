package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

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
	if code != 0 || !strings.Contains(errOut, "91 files, 91 games") {
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
	if code != 0 || !strings.Contains(errOut, " 0 stored") {
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
	db := filepath.Join(dir, "games.db")
	if code, _, e := runCmd(t, "db", "import", "--db", db, filepath.Join(sharedKifu, "csa")); code != 0 && !strings.Contains(e, "no such file") {
		t.Fatal(e)
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
