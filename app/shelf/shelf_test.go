package shelf

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"shogi/game"
)

// readFixture is a book ShogiHome wrote (game/book's test data).
func readFixture(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "game", "book", "testdata", "shogihome", "yaneuraou.db"))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func position(t *testing.T, sfen string) *game.Position {
	t.Helper()
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	return &p
}

// The books are consulted in order; one that cannot be read is passed
// over and said, with why; the book that answers is named.
func TestFindInOrder(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "shogihome.db")
	if err := os.WriteFile(good, readFixture(t), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "none.db")
	s := New()
	defer s.Close()
	b := s.Books([]string{missing, dir, good})
	// After 2g2f 3c3d 7g7f (ShogiHome's first position): 2b8h+ was
	// played 103 times.
	p := position(t, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 1")
	f := b.Find(p)
	if !f.Found || f.From != good || f.Books != 3 {
		t.Fatalf("found %v from %q of %d books", f.Found, f.From, f.Books)
	}
	if len(f.Entry.Moves) != 3 || f.Entry.Moves[0].Count != 103 || f.Entry.Moves[0].Move.USI() != "2b8h+" {
		t.Errorf("entry %+v", f.Entry)
	}
	if len(f.Problems) != 2 || f.Problems[0].Path != missing || !errors.Is(f.Problems[0].Err, fs.ErrNotExist) {
		t.Fatalf("problems %+v", f.Problems)
	}
	var fe *FolderError
	if f.Problems[1].Path != dir || !errors.As(f.Problems[1].Err, &fe) {
		t.Errorf("the folder's problem: %+v", f.Problems[1])
	}
	// Lookup answers the same, for the levels' play.
	if e, err := b.Lookup(f.Entry.Key); err != nil || e == nil || len(e.Moves) != 3 {
		t.Errorf("lookup: %+v, %v", e, err)
	}
	// A position no book has (after 1g1f): not found, and the problems still said.
	if f := b.Find(position(t, "lnsgkgsnl/1r5b1/ppppppppp/9/9/8P/PPPPPPPP1/1B5R1/LNSGKGSNL w - 2")); f.Found || len(f.Problems) != 2 {
		t.Errorf("after 1g1f: %+v", f)
	}
}

// A book whose file changes while the app runs is read afresh.
func TestBookReopened(t *testing.T) {
	path := filepath.Join(t.TempDir(), "b.db")
	if err := os.WriteFile(path, readFixture(t), 0o644); err != nil {
		t.Fatal(err)
	}
	s := New()
	defer s.Close()
	in := s.Info(path)
	if in.Err != nil || in.Size == 0 {
		t.Fatalf("info %+v", in)
	}
	p := position(t, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 1")
	if f := s.Books([]string{path}).Find(p); !f.Found {
		t.Fatal("the fixture's first position is not found")
	}
	rebuilt := "#YANEURAOU-DB2016 1.00\nsfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 1\n4c4d none none none 7\n"
	if err := os.WriteFile(path, []byte(rebuilt), 0o644); err != nil {
		t.Fatal(err)
	}
	f := s.Books([]string{path}).Find(p)
	if !f.Found || len(f.Entry.Moves) != 1 || f.Entry.Moves[0].Count != 7 {
		t.Fatalf("after the rebuild: %+v", f.Entry)
	}
	if in := s.Info(path); in.Size != int64(len(rebuilt)) {
		t.Errorf("info after the rebuild: %+v", in)
	}
}
