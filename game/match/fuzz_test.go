package match

import (
	"reflect"
	"testing"
)

// A player spec that reads must read the same after being written back.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"random", "greedy", "human", "usi:/usr/games/fairy-stockfish,Skill Level=-20,Threads=1",
		`usi:/opt/my\,engine,EvalDir=a\,b,Clear Hash`, "usi:x,=", `usi:a\`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := ParseSpec(s)
		if err != nil {
			return
		}
		back, err := ParseSpec(sp.String())
		if err != nil || !reflect.DeepEqual(back, sp) {
			t.Fatalf("%q: read %+v, wrote %q, read %+v %v", s, sp, sp.String(), back, err)
		}
	})
}

// ParseSPRT takes any text without panicking, and what it accepts is a
// test that can decide.
func FuzzParseSPRT(f *testing.F) {
	for _, s := range []string{"0,10", "-5,5", "1e3,2e3", "nan,1", "0,inf"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseSPRT(s)
		if err != nil {
			return
		}
		if !(p.Elo1 > p.Elo0) {
			t.Fatalf("%q: accepted %+v", s, p)
		}
		lo, hi := p.Bounds()
		if !(lo < 0 && hi > 0) {
			t.Fatalf("%q: bounds %v %v", s, lo, hi)
		}
	})
}
