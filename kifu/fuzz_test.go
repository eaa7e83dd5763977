package kifu

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding/japanese"
)

// addSeeds seeds a fuzz target with every testdata file (any reader must
// survive any of them) and a few fragments.
func addSeeds(f *testing.F, extra ...string) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*"))
	for _, p := range files {
		if st, err := os.Stat(p); err != nil || st.IsDir() {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		if len(data) > 40 {
			f.Add(data[:len(data)/2]) // truncated
		}
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
}

// fuzzRead reads data as format ft: it must not panic, errors must be
// *ParseError, and a record read without error must have a sound tree and
// come back the same after writing it in the same format.
func fuzzRead(t *testing.T, data []byte, ft Format) {
	r, err := ReadFormat(data, "fuzz", ft)
	if err != nil {
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Err == nil || err.Error() == "" {
			t.Fatalf("error %v (%T) is not a *ParseError", err, err)
		}
		return
	}
	if r == nil {
		t.Fatal("nil record without an error")
	}
	for _, g := range append([]*Record{r}, r.Games...) {
		if err := g.Verify(); err != nil {
			t.Fatalf("read a broken tree: %v", err)
		}
	}
	out, err := Marshal(r, ft, WriteOptions{})
	if err != nil {
		t.Fatalf("cannot write what was read: %v", err)
	}
	back, err := ReadFormat(out, "again", ft)
	if err != nil {
		t.Fatalf("cannot read what was written: %v\n%s", err, out)
	}
	for _, d := range compareRecords(r, back, formatCaps[ft], headerStyleOf(ft)) {
		t.Errorf("round trip: %s\nwritten:\n%s", d, out)
	}
}

func FuzzKIF(f *testing.F) {
	addSeeds(f, "手合割：平手\n   1 ７六歩(77)\n   2 同　歩(33)\n", "変化：0手\n", "|v玉|一\n", "   1 ５五角打(00) ( 0:1/)\n")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, data, KIF) })
}

func FuzzKI2(f *testing.F) {
	addSeeds(f, "▲７六歩△３四歩▲２二角成\nまで3手で中断\n", "▲同　歩\n", "△５五角打\n")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, data, KI2) })
}

func FuzzCSA(f *testing.F) {
	addSeeds(f, "PI82HI\n-\n-3334FU,T1,+7776FU\n%TORYO\n/\nP+00AL\n+\n", "P1 * \n+\n", "+0055KA\n")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, data, CSA) })
}

func FuzzJKF(f *testing.F) {
	addSeeds(f, `{"header":{},"moves":[{},{"move":{"to":{"x":7,"y":6},"from":{"x":7,"y":7},"piece":"FU","color":0}}]}`, `{"moves":[{"special":"TORYO"}]}`)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, data, JKF) })
}

func FuzzUSI(f *testing.F) {
	addSeeds(f, "position startpos moves 7g7f 3c3d 8h2b+\n", "sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1 moves P*5b\n", "startpos\n")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, data, USI) })
}

func FuzzWestern(f *testing.F) {
	addSeeds(f, "[Black \"a\"]\n\n1. P-7f P-3d (1. ... P-8d) 2. Bx2b+ {c} Resign\n", "1. ... G-3b\n", "(())\n")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, data, Western) })
}

// TestSeedsRoundTrip runs the fuzz property on the seeds alone, so plain
// `go test` checks it.
func TestSeedsRoundTrip(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*"))
	for _, p := range files {
		if st, err := os.Stat(p); err != nil || st.IsDir() {
			continue
		}
		data, _ := os.ReadFile(p)
		f := FormatOfPath(strings.TrimSuffix(p, ".txt"))
		if f == SFEN {
			f = USI // SFEN output is the final position: not a round trip
		}
		for _, ft := range []Format{KIF, KI2, CSA, JKF, USI, Western, f} {
			if ft != Unknown {
				fuzzRead(t, data, ft)
			}
		}
	}
}

// FuzzSJIS checks the table-driven Shift_JIS decoder against x/text's on
// any bytes: the same text when both read them, and never a success where
// x/text finds an error.
func FuzzSJIS(f *testing.F) {
	addSeeds(f, "\x82\xa0\x81\x40\xb1\xdf", "\x81", "\xfc\xfc", "\x87\x40\xed\x40\xfa\x40")
	f.Fuzz(func(t *testing.T, data []byte) {
		got, ok := decodeSJIS(data)
		want, wok := decodeStrict(japanese.ShiftJIS, data)
		if ok != wok || ok && got != want {
			t.Fatalf("%q: table %v %q, x/text %v %q", data, ok, got, wok, want)
		}
	})
}

// TestSJISTable compares the decoders on every two-byte sequence.
func TestSJISTable(t *testing.T) {
	for lead := 0x80; lead <= 0xFF; lead++ {
		for trail := 0x00; trail <= 0xFF; trail++ {
			data := []byte{byte(lead), byte(trail), 'a'}
			got, ok := decodeSJIS(data)
			want, wok := decodeStrict(japanese.ShiftJIS, data)
			if ok != wok || ok && got != want {
				t.Fatalf("%x %x: table %v %q, x/text %v %q", lead, trail, ok, got, wok, want)
			}
		}
	}
}
