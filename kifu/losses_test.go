package kifu

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// Every variation counts, nested ones too: Kifu for Windows wrote this
// record (from json-kifu-format's test files) with one 変化 block per
// variation, two of them inside others, so CSA, USI and SFEN lose as
// many variations as the file has 変化 lines.
func TestLossesCountNestedVariations(t *testing.T) {
	path := filepath.Join("testdata", "kif_kifu_for_windows_nested_forks_sjis.kif")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := bytes.Count(data, []byte("\x95\xcf\x89\xbb\x81\x46")) // 変化： in Shift_JIS
	if want != 7 {
		t.Fatalf("%d 変化 lines in the file", want)
	}
	rec, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []Format{CSA, USI, SFEN} {
		got := 0
		for _, l := range Losses(rec, f) {
			if l.Kind == LostBranches {
				got = l.Count
			}
		}
		if got != want {
			t.Errorf("%v loses %d variations, the file has %d", f, got, want)
		}
	}
	for _, f := range []Format{KIF, KI2, JKF} {
		for _, l := range Losses(rec, f) {
			if l.Kind == LostBranches {
				t.Errorf("%v loses %d variations", f, l.Count)
			}
		}
	}
}
