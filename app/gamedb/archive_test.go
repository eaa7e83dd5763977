package gamedb

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestArchives: the games of a .zip and of a .tar.gz are the games of the
// files in them, and an archive holding files already imported adds none.
func TestArchives(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	os.MkdirAll(src, 0o755)
	genGames(t, src, 150, 21)
	files, _ := filepath.Glob(filepath.Join(src, "*.csa"))
	zf, _ := os.Create(filepath.Join(dir, "games.zip"))
	zw := zip.NewWriter(zf)
	tf, _ := os.Create(filepath.Join(dir, "games.tar.gz"))
	gz := gzip.NewWriter(tf)
	tw := tar.NewWriter(gz)
	for _, f := range files {
		data, _ := os.ReadFile(f)
		w, _ := zw.Create("in/" + filepath.Base(f))
		w.Write(data)
		tw.WriteHeader(&tar.Header{Name: "in/" + filepath.Base(f), Mode: 0o644, Size: int64(len(data)), Typeflag: tar.TypeReg})
		tw.Write(data)
	}
	zw.Close()
	zf.Close()
	tw.Close()
	gz.Close()
	tf.Close()
	want, err := Import(context.Background(), filepath.Join(dir, "plain.db"), []string{src}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{"games.zip", "games.tar.gz"} {
		db := filepath.Join(dir, a+".db")
		got, err := Import(context.Background(), db, []string{filepath.Join(dir, a)}, nil)
		if err != nil || got.Games != want.Games || got.Stored != want.Stored {
			t.Errorf("%s: %+v %v, want %+v", a, got, err, want)
		}
		again, err := Import(context.Background(), db, []string{src}, nil)
		if err != nil || again.Stored != 0 {
			t.Errorf("%s then the files: %+v %v, want nothing new", a, again, err)
		}
	}
}

// An archive that is not one (or is cut short) is named with what it is
// not; the import goes on with the rest. It said only "unexpected EOF".
func TestBrokenArchives(t *testing.T) {
	dir := t.TempDir()
	var gzipped bytes.Buffer
	gw := gzip.NewWriter(&gzipped)
	gw.Write([]byte("hi\n"))
	gw.Close()
	for name, data := range map[string][]byte{
		"notar.tar.gz": gzipped.Bytes(),
		"plain.tgz":    []byte("not gzip\n"),
		"notzip.zip":   []byte("not a zip\n"),
	} {
		os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
	rep, err := Import(context.Background(), filepath.Join(t.TempDir(), "g.db"), []string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(rep.Problems, "\n")
	for _, want := range []string{"notar.tar.gz: not a tar archive, or one cut short", "plain.tgz: not gzip-compressed", "notzip.zip: not a zip archive, or a damaged one"} {
		if !strings.Contains(all, want) {
			t.Errorf("no %q among the problems:\n%s", want, all)
		}
	}
}
