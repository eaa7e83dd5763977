package kifu

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestFiles(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"d/b.kif", "d/a.txt", "d/sub/c.csa", "named.dat"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	noTxt := func(p string) bool { return !strings.HasSuffix(p, ".txt") }
	got, err := Files([]string{filepath.Join(dir, "named.dat"), filepath.Join(dir, "d")}, noTxt)
	if err != nil {
		t.Fatal(err)
	}
	// The file named comes first; then the folder's files in walk order,
	// the .txt that want refuses left out.
	want := []string{"named.dat", "d/b.kif", "d/sub/c.csa"}
	for i := range want {
		want[i] = filepath.Join(dir, want[i])
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Files = %q, want %q", got, want)
	}
	if _, err := Files([]string{filepath.Join(dir, "missing")}, noTxt); !os.IsNotExist(err) {
		t.Fatalf("a missing path: %v", err)
	}
}
