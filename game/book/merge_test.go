package book

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// TestMergeEntries: counts and results add up, the deeper score wins, a
// score made from results is made again from the sum, moves are sorted.
func TestMergeEntries(t *testing.T) {
	b, err := Read(strings.NewReader(Header+"\nsfen "+startSFEN+"\n"+
		"7g7f none 100 10 5\n2g2f none 30 0 3 w2 d0 l1\n"), "a")
	if err != nil {
		t.Fatal(err)
	}
	c, err := Read(strings.NewReader(Header+"\nsfen "+strings.TrimSuffix(startSFEN, " 1")+" 3\n"+
		"7g7f 3c3d 50 20 1\n2g2f none 0 0 4 w1 d1 l2\n5g5f none none none 9\n#new\n"), "b")
	if err != nil {
		t.Fatal(err)
	}
	k := strings.TrimSuffix(startSFEN, " 1")
	ea, _ := b.Lookup(k)
	eb, _ := c.Lookup(k)
	ea.Moves[1].Score = ResultScore(ea.Moves[1].Results) // scores made from results
	eb.Moves[1].Score = ResultScore(eb.Moves[1].Results)
	m := MergeEntries(ea, eb)
	if m.Ply != 1 {
		t.Errorf("ply %d, want the lower, 1", m.Ply)
	}
	var got []string
	for _, mv := range m.Moves {
		got = append(got, mv.Move.USI())
	}
	if strings.Join(got, " ") != "5g5f 2g2f 7g7f" {
		t.Errorf("order %v, want most played first", got)
	}
	seven, two, five := m.Moves[2], m.Moves[1], m.Moves[0]
	if seven.Count != 6 || seven.Score != 50 || seven.Depth != 20 || seven.Ponder.USI() != "3c3d" {
		t.Errorf("7g7f: %+v (want count 6, the deeper score 50)", seven)
	}
	if two.Count != 7 || two.Results != (Results{3, 1, 3}) || two.Score != ResultScore(Results{3, 1, 3}) {
		t.Errorf("2g2f: %+v", two)
	}
	if five.Count != 9 || five.HasScore || five.Comment != "new" {
		t.Errorf("5g5f: %+v", five)
	}
}

// TestMergeSortedAgreesWithMerge: two books merged a line at a time give
// the bytes of the two merged in memory, and merging a book with an empty
// one gives it back unchanged.
func TestMergeSortedAgreesWithMerge(t *testing.T) {
	a, b := randomBook(11, 40, 60), randomBook(12, 40, 60)
	da, db := writeBook(t, a), writeBook(t, b)
	want := writeBook(t, Merge(a, b))
	var got bytes.Buffer
	if err := MergeSorted(&got, Input{bytes.NewReader(da), "a"}, Input{bytes.NewReader(db), "b"}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Error("streamed merge differs from the merge in memory")
	}
	got.Reset()
	if err := MergeSorted(&got, Input{bytes.NewReader(da), "a"}, Input{strings.NewReader(Header + "\n"), "empty"}); err != nil {
		t.Fatal(err)
	}
	back, err := Read(&got, "merged")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range a.Keys() {
		x, _ := a.Lookup(k)
		y, _ := back.Lookup(k)
		if !reflect.DeepEqual(x, y) {
			t.Fatalf("%s: merged with nothing: %+v", k, y.Moves)
		}
	}
}

func TestMergeSortedRefusesUnsorted(t *testing.T) {
	unsorted := Header + "\nsfen " + startSFEN + "\n7g7f\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n3c3d\n"
	var out bytes.Buffer
	err := MergeSorted(&out, Input{strings.NewReader(unsorted), "u.db"}, Input{strings.NewReader(Header + "\n"), "e.db"})
	var pe *ParseError
	var ue *UnsortedError
	if !errors.As(err, &pe) || !errors.As(err, &ue) || pe.Line != 4 || pe.File != "u.db" {
		t.Errorf("got %v", err)
	}
}
