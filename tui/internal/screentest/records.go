package screentest

import (
	"os"
	"path/filepath"
	"testing"

	"shogi/kifu"
)

// PickerDir makes a folder for the file picker: two records (a.kif, a
// copy of the record at rec, and b.csa), a file that is not one, a
// hidden record and a sub-folder holding a third record.
func PickerDir(t testing.TB, rec string) string {
	t.Helper()
	dir := t.TempDir()
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"a.kif": data, "b.csa": []byte("PI\n+\n+7776FU\n"), "notes.md": []byte("# notes\n"),
		".hidden.kif": data, filepath.Join("sub", "c.kif"): data,
	} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// RecordText is a record as KIF writes it (which holds every part of
// it: branches, comments, bookmarks, times, headers, endings), to compare
// two records.
func RecordText(t testing.TB, r *kifu.Record) string {
	t.Helper()
	data, err := kifu.Marshal(r, kifu.KIF, kifu.WriteOptions{Encoding: kifu.UTF8})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
