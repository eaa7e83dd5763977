package main

import (
	"os"
	"strings"
	"testing"
)

// TestDBCompact: `shogi db compact` rewrites the shared records' database
// no larger, says so on standard error alone, and every count stays; a
// file that is not a database is refused with status 1.
func TestDBCompact(t *testing.T) {
	db := importShared(t)
	before := dbCounts(t, db)
	fi, _ := os.Stat(db)
	code, out, errOut := runCmd(t, "db", "compact", "--db", db)
	if code != 0 || out != "" || !strings.Contains(errOut, "bytes") {
		t.Fatalf("compact: %d %q %q", code, out, errOut)
	}
	if after, _ := os.Stat(db); after.Size() > fi.Size() {
		t.Errorf("%d bytes after, %d before", after.Size(), fi.Size())
	}
	if after := dbCounts(t, db); after != before {
		t.Errorf("counts changed:\n%s\n→\n%s", before, after)
	}
	bad := t.TempDir() + "/not.db"
	os.WriteFile(bad, []byte(strings.Repeat("not a database\n", 100)), 0o644)
	if code, _, errOut := runCmd(t, "db", "compact", "--db", bad); code != 1 || !strings.Contains(errOut, "not a games database") {
		t.Errorf("compact of a text file: %d %q", code, errOut)
	}
}
