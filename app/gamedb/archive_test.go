package gamedb

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
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
