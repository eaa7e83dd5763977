package edit

import (
	"strconv"
	"strings"
	"testing"

	"shogi/internal/testenv"
	"shogi/kifu"
)

// diffLines returns the first lines where a and b differ, for messages.
func diffLines(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < max(len(al), len(bl)); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return "line " + strconv.Itoa(i+1) + ":\n  want " + x + "\n  got  " + y
		}
	}
	return ""
}

// TestEditedRoundTrip writes hundreds of generated edited records in every
// format and reads them back: what comes back is the record less exactly
// what kifu.Losses said the format would lose, no more, no less: 100
// records in the default run, 400 in the long tier.
func TestEditedRoundTrip(t *testing.T) {
	count := 100
	if testenv.Long() {
		count = 400
	}
	type target struct {
		f   kifu.Format
		enc kifu.Encoding
	}
	targets := []target{{kifu.KIF, kifu.UTF8}, {kifu.KIF, kifu.ShiftJIS}, {kifu.KI2, kifu.UTF8}, {kifu.KI2, kifu.ShiftJIS},
		{kifu.CSA, kifu.UTF8}, {kifu.JKF, kifu.UTF8}, {kifu.USI, kifu.UTF8}, {kifu.SFEN, kifu.UTF8}, {kifu.Western, kifu.UTF8}}
	for seed := range count {
		e, log := generate(uint64(seed), "")
		r := e.Record()
		if err := r.Verify(); err != nil {
			t.Fatalf("seed %d: %v\nedits:\n%s", seed, err, strings.Join(log, "\n"))
		}
		for _, tg := range targets {
			data, err := kifu.Marshal(r, tg.f, kifu.WriteOptions{Encoding: tg.enc})
			if err != nil {
				t.Fatalf("seed %d %v: %v", seed, tg.f, err)
			}
			back, err := kifu.ReadFormat(data, "back", tg.f)
			if err != nil {
				t.Fatalf("seed %d %v %v: %v\n%s\nedits:\n%s", seed, tg.f, tg.enc, err, data, strings.Join(log, "\n"))
			}
			if want, got := view(r, tg.f), view(back, tg.f); want != got {
				t.Fatalf("seed %d %v %v: read back differs at %s\nwritten:\n%s\nedits:\n%s", seed, tg.f, tg.enc, diffLines(want, got), data, strings.Join(log, "\n"))
			}
		}
	}
}
