package book

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"shogi/game"
)

func writeTemp(t testing.TB, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "book.db")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestFileAgreesWithMemory: every position of a book of some thousand
// positions (much more than Open reads) is found on disk as in memory,
// turned round too, and positions not in it are not found.
func TestFileAgreesWithMemory(t *testing.T) {
	b := randomBook(3, 40, 100) // 4,000 positions, 540 kB: eight times the span Open reads
	data := writeBook(t, b)
	if len(data) < 4*checkSpan {
		t.Fatalf("book of %d bytes: too small to test the search", len(data))
	}
	f, err := Open(writeTemp(t, data))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, k := range b.Keys() {
		want, _ := b.Lookup(k)
		got, err := f.Lookup(k)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: %v\n got %+v\nwant %+v", k, err, got, want)
		}
	}
	for _, p := range randomPositions(99, 40, 60) {
		wantE, wantOK, _ := b.Find(&p)
		gotE, gotOK, err := f.Find(&p)
		if err != nil || gotOK != wantOK || !reflect.DeepEqual(gotE, wantE) {
			t.Fatalf("%s: %v %v %v, want %v", p.SFEN(), gotOK, err, gotE, wantE)
		}
	}
}

// TestFileUnsortedMiddle: two positions swapped deep inside a big book,
// where Open does not look: a look-up either finds its entry or reports
// the disorder with a line that holds one of the two, never a wrong entry.
func TestFileUnsortedMiddle(t *testing.T) {
	b := randomBook(4, 40, 100) // 540 kB: the middle is far from both ends Open reads
	data := string(writeBook(t, b))
	blocks := strings.SplitAfter(data, "\nsfen ")
	mid := len(blocks) / 2
	blocks[mid], blocks[mid+1] = blocks[mid+1], blocks[mid]
	swapped := strings.Join(blocks, "")
	f, err := Open(writeTemp(t, []byte(swapped)))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lines := strings.Split(swapped, "\n")
	caught := 0
	for _, k := range b.Keys() {
		got, err := f.Lookup(k)
		var pe *ParseError
		var ue *UnsortedError
		switch {
		case err == nil:
			if want, _ := b.Lookup(k); got != nil && !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: wrong entry %+v", k, got)
			}
		case errors.As(err, &pe) && errors.As(err, &ue):
			caught++
			at := lines[pe.Line-1]
			if !strings.HasPrefix(at, "sfen "+ue.Key) {
				t.Fatalf("%v: line %d is %q", err, pe.Line, at)
			}
		default:
			t.Fatalf("%s: %v", k, err)
		}
	}
	if caught == 0 {
		t.Error("no look-up noticed the disorder")
	}
}

func TestFileHeaderOnly(t *testing.T) {
	f, err := Open(writeTemp(t, []byte(Header+"\n")))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p := game.StartPosition()
	if _, ok, err := f.Find(&p); ok || err != nil {
		t.Errorf("empty book: %v %v", ok, err)
	}
	var out bytes.Buffer
	if err := Write(&out, New()); err != nil || out.String() != Header+"\n" {
		t.Errorf("empty book written %q %v", out.String(), err)
	}
}
