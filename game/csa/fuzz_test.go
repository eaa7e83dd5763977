package csa

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// Each reader gets a fuzz target: no input may panic, and whatever reads
// must read the same after being written back.

func FuzzParseLine(f *testing.F) {
	for _, s := range []string{
		"", "LOGIN:alice OK", "LOGIN:incorrect", "LOGOUT:completed", "BEGIN Game_Summary", "START:g+1", "REJECT:g by x",
		"+7776FU,T0", "-3334FU,T12\r", "+2726FU,T3,'* 30 -8384FU", "%TORYO", "%KACHI,T2", "#RESIGN", "#WIN",
		"##[LIST] +OK", "##[MONITOR2][g1] +7776FU", "+0055KA", "-1112OU,T999999999",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		m, err := ParseLine(line)
		if err != nil {
			if _, ok := err.(*SyntaxError); !ok {
				t.Fatalf("%q: %T %v", line, err, err)
			}
			return
		}
		switch m := m.(type) {
		case Move:
			if !moveShape(m.Text) || m.Time < 0 || (!m.HasTime && m.Time != 0) {
				t.Fatalf("%q: %+v", line, m)
			}
			// Written back as a server writes it, it reads the same.
			back := m.Text
			if m.HasTime {
				back += ",T" + itoa(m.Time)
			}
			if m.Comment != "" || strings.Contains(line, ",'") {
				back += ",'" + m.Comment
			}
			again, err := ParseLine(back)
			if err != nil || !reflect.DeepEqual(again, m) {
				t.Fatalf("%q: read %+v, wrote %q, read %+v (%v)", line, m, back, again, err)
			}
		case ResultLine:
			if (m.Reason == NoReason) == (m.Outcome == NoOutcome) {
				t.Fatalf("%q: %+v", line, m)
			}
		case Special:
			if m.Word == "" || m.Time < 0 {
				t.Fatalf("%q: %+v", line, m)
			}
		case Start:
			if !goodToken(m.GameID) {
				t.Fatalf("%q: %+v", line, m)
			}
		}
	})
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

func FuzzParseSummary(f *testing.F) {
	f.Add(fullSummary)
	files, _ := filepath.Glob("testdata/shogi-server/*.txt")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseSummary(text)
		if err != nil {
			if _, ok := err.(*SummaryError); !ok {
				t.Fatalf("%T %v", err, err)
			}
			return
		}
		if len(s.Start.Warnings()) > 0 || len(s.Moves) != len(s.MoveTimes) {
			t.Fatalf("read a summary with warnings %v or %d moves for %d times", s.Start.Warnings(), len(s.Moves), len(s.MoveTimes))
		}
		back := s.String()
		again, err := ParseSummary(back)
		if err != nil {
			t.Fatalf("wrote a summary that does not read: %v\n%s", err, back)
		}
		// The fields no one knows come back, if not on the same lines.
		if !sameFields(s.Unknown, again.Unknown) {
			t.Fatalf("unknown fields:\n%+v\n%+v\n%s", s.Unknown, again.Unknown, back)
		}
		s.Unknown, again.Unknown = nil, nil
		if !reflect.DeepEqual(s, again) {
			t.Fatalf("read  %+v\nwrote %s\nread  %+v", s, back, again)
		}
	})
}

func sameFields(a, b []Field) bool {
	key := func(fs []Field) []string {
		var out []string
		for _, f := range fs {
			out = append(out, f.Key+":"+f.Value)
		}
		sort.Strings(out)
		return out
	}
	return reflect.DeepEqual(key(a), key(b))
}
