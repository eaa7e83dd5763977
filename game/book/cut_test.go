package book

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A book cut short (its last line broken off, as head -c leaves it) is
// refused by Open with the file and the line, as ReadFile (and merge)
// refuse it; a whole book opens.
func TestOpenCutShort(t *testing.T) {
	whole, err := os.ReadFile(filepath.Join("testdata", "shogihome", "yaneuraou.db"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cuts := 0
	for n := len(whole) - 1; n > len(whole)/2; n-- {
		cut := whole[:n]
		last := cut[bytes.LastIndexByte(cut, '\n')+1:]
		if !bytes.HasPrefix(last, []byte("sfen ")) || len(last) < 8 {
			continue // cut in a move line: its rest may still read as a move
		}
		path := filepath.Join(dir, "cut.db")
		if err := os.WriteFile(path, cut, 0o644); err != nil {
			t.Fatal(err)
		}
		_, rerr := ReadFile(path)
		f, oerr := Open(path)
		if oerr == nil {
			f.Close()
		}
		var want, got *ParseError
		if !errors.As(rerr, &want) {
			continue // the cut left a whole position line
		}
		cuts++
		if !errors.As(oerr, &got) || got.Line != want.Line || got.File != path || !strings.Contains(oerr.Error(), path) {
			t.Fatalf("cut at %d bytes: Open says %v, ReadFile %v", n, oerr, rerr)
		}
	}
	if cuts == 0 {
		t.Fatal("no cut tried")
	}
	path := filepath.Join(dir, "whole.db")
	if err := os.WriteFile(path, whole, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Open(path)
	if err != nil {
		t.Fatalf("the whole book: %v", err)
	}
	f.Close()
}
