package lines

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func readAll(t *testing.T, r io.Reader, max int) []string {
	t.Helper()
	l := NewReader(r, max)
	var out []string
	for {
		line, err := l.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, line)
	}
}

func TestLines(t *testing.T) {
	long := strings.Repeat("x", 10000)
	for _, tc := range []struct {
		name, in string
		max      int
		want     []string
	}{
		{"plain", "a\nbb\n\nccc", 100, []string{"a", "bb", "", "ccc"}},
		{"one carriage return dropped", "a\r\nb\r\r\nc\rd\n", 100, []string{"a", "b\r", "c\rd"}},
		{"long line cut at the cap", long + "\nafter\n", 5000, []string{long[:5000], "after"}},
		{"long line under the cap", long + "\n", 20000, []string{long}},
		{"cut past the buffer", long + long + "\nz", 4097, []string{long[:4097], "z"}},
		{"empty", "", 10, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// One byte at a time, too: where reads end must not matter.
			for _, r := range []io.Reader{strings.NewReader(tc.in), iotest.OneByteReader(strings.NewReader(tc.in))} {
				got := readAll(t, r, tc.max)
				if len(got) != len(tc.want) {
					t.Fatalf("got %d lines, want %d", len(got), len(tc.want))
				}
				for i := range got {
					if got[i] != tc.want[i] {
						t.Errorf("line %d: got %q…, want %q…", i, clip(got[i]), clip(tc.want[i]))
					}
				}
			}
		})
	}
}

func clip(s string) string { return s[:min(len(s), 20)] }

func TestReadError(t *testing.T) {
	boom := errors.New("boom")
	l := NewReader(io.MultiReader(strings.NewReader("a\n"), iotest.ErrReader(boom)), 10)
	if line, err := l.Next(); line != "a" || err != nil {
		t.Fatalf("got %q, %v", line, err)
	}
	if _, err := l.Next(); !errors.Is(err, boom) {
		t.Fatalf("got %v, want the reader's error", err)
	}
}

// FuzzLines checks the reader against lines split by bufio.Scanner, one
// carriage return before a line feed dropped, cut at the cap.
func FuzzLines(f *testing.F) {
	f.Add([]byte("a\nb\r\n\n"), 3)
	f.Add(bytes.Repeat([]byte("y"), 9000), 4100)
	f.Fuzz(func(t *testing.T, data []byte, max int) {
		if max < 1 || max > 1<<16 {
			return
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, len(data)+1)
		sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
			if i := bytes.IndexByte(data, '\n'); i >= 0 {
				return i + 1, data[:i+1], nil
			}
			if atEOF && len(data) > 0 {
				return len(data), data, nil
			}
			return 0, nil, nil
		})
		var want []string
		for sc.Scan() {
			line := sc.Text()
			if l, ok := strings.CutSuffix(line, "\n"); ok {
				line = strings.TrimSuffix(l, "\r")
			}
			want = append(want, line[:min(len(line), max)])
		}
		got := readAll(t, bytes.NewReader(data), max)
		if len(got) != len(want) {
			t.Fatalf("got %d lines, want %d", len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("line %d: got %q, want %q", i, clip(got[i]), clip(want[i]))
			}
		}
	})
}
