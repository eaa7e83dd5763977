package kifu

import (
	"errors"
	"strings"
	"testing"

	"shogi/game"
)

// sameRecord is a custom position where Black's pawn goes to 5d and White
// can take it with the gold (main line) or the silver (a variation): both
// replies are 同 moves, the second on the first move of a variation.
func sameRecord(t *testing.T) *Record {
	t.Helper()
	start, err := game.ParseSFEN("4k4/9/3s1g3/9/4P4/9/9/9/4K4 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	r := NewRecord(start)
	first := r.AddMove(r.Root, mustUSI(t, &start, "5e5d"))
	after := start.Play(first.Move)
	r.AddMove(first, mustUSI(t, &after, "4c5d"))
	r.AddMove(first, mustUSI(t, &after, "6c5d"))
	return r
}

// TestWriteSameOnBranchStart compares the written moves with what
// ShogiHome writes for the same record (tsshogi 2.2.0's exportKIF and
// exportKI2): 同 whenever a move goes where its parent move went, the
// first move of a variation included.
func TestWriteSameOnBranchStart(t *testing.T) {
	r := sameRecord(t)
	tests := []struct {
		format     Format
		main, vari string // the reply in the main line and in the variation
	}{
		{KIF, "   2 同　金(43)", "   2 同　銀(63)"},
		{KI2, "△同　金", "△同　銀"},
	}
	for _, tt := range tests {
		out, err := Marshal(r, tt.format, WriteOptions{Encoding: UTF8})
		if err != nil {
			t.Fatal(err)
		}
		text := string(out)
		mainPart, variPart, ok := strings.Cut(text, "変化：2手")
		if !ok {
			t.Fatalf("%v: no 変化：2手 line in\n%s", tt.format, text)
		}
		if !strings.Contains(mainPart, tt.main) {
			t.Errorf("%v main line: want %q in\n%s", tt.format, tt.main, mainPart)
		}
		if !strings.Contains(variPart, tt.vari) {
			t.Errorf("%v variation: want %q in\n%s", tt.format, tt.vari, variPart)
		}
	}
}

// Some writers repeat the square after 同 (同５四金); it must name the
// previous move's square.
func TestReadSameWithSquare(t *testing.T) {
	head := "後手の持駒：なし\n" + diagram + "先手の持駒：なし\n手数----指手---------消費時間--\n"
	for _, tt := range []struct {
		format Format
		text   string
	}{
		{KIF, head + "   1 ５四歩(55)\n   2 同５四金(43)\n"},
		{KIF, head + "   1 ５四歩(55)\n   2 同　５四金(43)\n"},
		{KI2, head + "▲５四歩△同５四金\n"},
	} {
		r, err := ReadFormat([]byte(tt.text), "same", tt.format)
		if err != nil {
			t.Fatalf("%v %q: %v", tt.format, tt.text, err)
		}
		if got := usiLine(r.MainMoves()); got != "5e5d 4c5d" {
			t.Errorf("%v: read %q, want 5e5d 4c5d", tt.format, got)
		}
	}
	bad := head + "   1 ５四歩(55)\n   2 同５五金(43)\n"
	if _, err := ReadFormat([]byte(bad), "same", KIF); err == nil {
		t.Errorf("同５五 after a move to ５四 was accepted")
	}
}

func TestSameOnFirstMove(t *testing.T) {
	for _, tt := range []struct {
		format Format
		text   string
		line   int
	}{
		{KIF, "手合割：平手\n手数----指手---------消費時間--\n   1 同　歩(77)\n", 3},
		{KI2, "手合割：平手\n\n▲同　歩\n", 3},
	} {
		_, err := ReadFormat([]byte(tt.text), "first", tt.format)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("%v: error %v, want a *ParseError", tt.format, err)
		}
		if pe.Line != tt.line || pe.Ply != 1 || !strings.Contains(err.Error(), "同") {
			t.Errorf("%v: %q at line %d ply %d, want line %d ply 1 naming 同", tt.format, err, pe.Line, pe.Ply, tt.line)
		}
	}
}

const diagram = `  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・v玉 ・ ・ ・ ・|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・v銀 ・v金 ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ 歩 ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九
+---------------------------+
`

func usiLine(ms []game.Move) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.USI()
	}
	return strings.Join(s, " ")
}
