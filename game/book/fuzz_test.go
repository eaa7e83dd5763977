package book

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"shogi/game"
)

func addBookSeeds(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "shogihome", "*.db"))
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	var small bytes.Buffer
	if err := Write(&small, randomBook(21, 3, 12)); err != nil {
		f.Fatal(err)
	}
	f.Add(small.Bytes())
	for _, s := range []string{"", Header, Header + "\nsfen " + startSFEN + "\n7g7f 3c3d 10 2 3 w1 d1 l1 note\n#x\n",
		"sfen " + startSFEN + "\n7g7f\t3c3d\n", "\ufeff//c\nsfen 9/9/9/9/9/9/9/9/9 b - 1\n"} {
		f.Add([]byte(s))
	}
}

// FuzzRead: any bytes read as a book give a book or a *ParseError, never a
// panic; a book read is written and read back the same, and written again
// the same bytes.
func FuzzRead(f *testing.F) {
	addBookSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Read(bytes.NewReader(data), "fuzz")
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || err.Error() == "" {
				t.Fatalf("%v (%T) is not a *ParseError", err, err)
			}
			return
		}
		var out bytes.Buffer
		if err := Write(&out, b); err != nil {
			t.Fatal(err)
		}
		back, err := Read(bytes.NewReader(out.Bytes()), "again")
		if err != nil {
			t.Fatalf("cannot read what was written: %v\n%s", err, out.Bytes())
		}
		for _, k := range b.Keys() {
			want, _ := b.Lookup(k)
			got, _ := back.Lookup(k)
			if len(want.Moves) == 0 {
				if got != nil {
					t.Fatalf("%s: an entry without moves came back", k)
				}
				continue
			}
			w := *want
			w.Comment = strings.ReplaceAll(w.Comment, "\r", "")
			w.Moves = append([]Move(nil), want.Moves...)
			for i := range w.Moves {
				w.Moves[i].Comment = strings.ReplaceAll(w.Moves[i].Comment, "\r", "")
			}
			if !reflect.DeepEqual(got, &w) {
				t.Fatalf("%s:\n got %+v\nwant %+v\nwritten:\n%s", k, got, &w, out.Bytes())
			}
		}
		var again bytes.Buffer
		if err := Write(&again, back); err != nil || !bytes.Equal(again.Bytes(), out.Bytes()) {
			t.Fatalf("written twice, the bytes differ (%v)", err)
		}
	})
}

// FuzzFile: any bytes opened as a book on disk and searched for each of
// their positions answer or give a *ParseError, never a panic; a sorted
// book that reads without error answers each look-up as it does in
// memory.
func FuzzFile(f *testing.F) {
	addBookSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(fuzzDir(t), "f.db")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		bf, err := Open(path)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Open: %v (%T) is not a *ParseError", err, err)
			}
			return
		}
		defer bf.Close()
		mem, memErr := Read(bytes.NewReader(data), "m")
		sorted := memErr == nil && isSorted(data)
		keys := []string{Key(ptr(game.StartPosition()))}
		for line := range strings.SplitSeq(string(data), "\n") {
			if k, ok := lineKey(strings.TrimRight(line, "\r")); ok {
				keys = append(keys, k)
			}
		}
		for _, k := range keys[:min(len(keys), 20)] {
			got, err := bf.Lookup(k)
			if err != nil {
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("Lookup %q: %v (%T) is not a *ParseError", k, err, err)
				}
				continue
			}
			if got != nil {
				for _, m := range got.Moves {
					p, perr := got.Position()
					if perr != nil || !p.IsLegal(m.Move) {
						t.Fatalf("%q: move %v not legal", k, m.Move)
					}
				}
			}
			if sorted {
				want, _ := mem.Lookup(k)
				if want != nil && len(want.Moves) == 0 {
					want = nil
				}
				if got != nil && len(got.Moves) == 0 {
					got = nil
				}
				if (got == nil) != (want == nil) || got != nil && !reflect.DeepEqual(got.Moves, want.Moves) {
					t.Fatalf("%q: on disk %+v, in memory %+v", k, got, want)
				}
			}
		}
	})
}

var fuzzTemp struct {
	once sync.Once
	dir  string
	err  error
}

// fuzzDir is one directory for a fuzz worker's files, removed when the
// worker ends (a directory per input slows fuzzing down tenfold).
func fuzzDir(t *testing.T) string {
	fuzzTemp.once.Do(func() { fuzzTemp.dir, fuzzTemp.err = os.MkdirTemp("", "bookfuzz") })
	if fuzzTemp.err != nil {
		t.Fatal(fuzzTemp.err)
	}
	return fuzzTemp.dir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if fuzzTemp.dir != "" {
		os.RemoveAll(fuzzTemp.dir)
	}
	os.Exit(code)
}

// isSorted reports whether a book's keys come in order, each once, as a
// search on disk needs.
func isSorted(data []byte) bool {
	rd := NewReader(bytes.NewReader(data), "s")
	prev := ""
	for {
		e, err := rd.Next()
		if err == io.EOF {
			return true
		}
		if err != nil || prev != "" && e.Key <= prev {
			return false
		}
		prev = e.Key
	}
}
