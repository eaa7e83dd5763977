package kifu

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// allGames reads data with a GameReader.
func allGames(t testing.TB, data []byte, name string) ([]*Record, []error) {
	t.Helper()
	g := NewGameReader(bytes.NewReader(data), name, Unknown)
	var recs []*Record
	var errs []error
	for {
		r, err := g.Next()
		if err == io.EOF {
			return recs, errs
		}
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%v (%T) is not a *ParseError", err, err)
			}
			errs = append(errs, err)
		}
		if r != nil {
			recs = append(recs, r)
		}
	}
}

// sameGames fails unless the streamed games are ReadFormat's record and
// its further Games, alike in every way the format carries.
func sameGames(t *testing.T, data []byte, name string) int {
	t.Helper()
	whole, err := Read(data, name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	f := Detect(string(data))
	if f == Unknown {
		f = FormatOfPath(name)
	}
	want := append([]*Record{whole}, whole.Games...)
	got, errs := allGames(t, data, name)
	if len(errs) > 0 {
		t.Fatalf("%s: %v", name, errs)
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d games streamed, %d read whole", name, len(got), len(want))
	}
	for i := range want {
		w := *want[i]
		w.Games = nil
		for _, d := range compareRecords(&w, got[i], formatCaps[f], headerStyleOf(f)) {
			t.Errorf("%s game %d: %s", name, i+1, d)
		}
	}
	return len(got)
}

// TestGameReaderAgrees: every testdata file and every shared record
// streams as the games ReadFormat reads.
func TestGameReaderAgrees(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.*"))
	for _, f := range sharedFilesOrNone() {
		if !flagged[filepath.Base(f)] {
			files = append(files, f)
		}
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Read(data, f); err != nil {
			continue // a file kept for its error
		}
		sameGames(t, data, f)
	}
}

func sharedFilesOrNone() []string {
	var files []string
	for _, dir := range []string{"kif", "ki2", "csa", "jkf"} {
		m, _ := filepath.Glob(filepath.Join(sharedDir, dir, "*"))
		for _, f := range m {
			if !strings.HasSuffix(f, ".expected") {
				files = append(files, f)
			}
		}
	}
	return files
}

// TestGameReaderMany: a CSA file of 1,000 games, and KIF records written
// one after another in both encodings, stream game by game.
func TestGameReaderMany(t *testing.T) {
	if n := sameGames(t, csa1000(t), "many.csa"); n != 1000 {
		t.Errorf("%d games", n)
	}
	var kif []byte
	for i := 0; i < 30; i++ {
		r := randomGame(40+i, int64(i))
		r.Headers = append(r.Headers, Header{"開始日時", "2026/11/25"}, Header{"先手", "甲"})
		data, err := Marshal(r, KIF, WriteOptions{Encoding: ShiftJIS})
		if err != nil {
			t.Fatal(err)
		}
		kif = append(kif, data...)
	}
	if n := sameGames(t, kif, "many.kif"); n != 30 {
		t.Errorf("%d KIF games", n)
	}
}

// TestGameReaderReuse: games read with Reuse, each looked at before the
// next is read, are the games read without it.
func TestGameReaderReuse(t *testing.T) {
	var kif []byte
	for i := 0; i < 20; i++ {
		data, err := Marshal(randomGame(30+7*i, int64(i)), KIF, WriteOptions{Encoding: ShiftJIS})
		if err != nil {
			t.Fatal(err)
		}
		kif = append(kif, data...)
	}
	usi := "startpos moves 7g7f 3c3d\nstartpos moves 2g2f 8c8d 2f2e\n"
	for name, data := range map[string][]byte{"many.csa": csa1000(t), "many.kif": kif, "open.usi": []byte(usi)} {
		want, _ := allGames(t, data, name)
		g := NewGameReader(bytes.NewReader(data), name, Unknown)
		g.Reuse = true
		f := Detect(string(data))
		for i := 0; ; i++ {
			r, err := g.Next()
			if err == io.EOF {
				if i != len(want) {
					t.Errorf("%s: %d games with Reuse, %d without", name, i, len(want))
				}
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range compareRecords(want[i], r, formatCaps[f], headerStyleOf(f)) {
				t.Fatalf("%s game %d: %s", name, i+1, d)
			}
		}
	}
}

// TestGameReaderUSILines: a USI file gives a game a line.
func TestGameReaderUSILines(t *testing.T) {
	data := "startpos moves 7g7f 3c3d\n# a comment\n\nposition startpos moves 2g2f\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 5g5f 5c5d 5f5e\n"
	got, errs := allGames(t, []byte(data), "open.sfen")
	if len(errs) > 0 || len(got) != 3 {
		t.Fatalf("%d games, %v", len(got), errs)
	}
	for i, n := range []int{2, 1, 3} {
		if len(got[i].MainMoves()) != n {
			t.Errorf("game %d: %d moves, want %d", i+1, len(got[i].MainMoves()), n)
		}
	}
}

// TestGameReaderBadGame: a game that cannot be read is an error on the
// file's line, the game up to it, and the games after it still come.
func TestGameReaderBadGame(t *testing.T) {
	good := "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n"
	bad := "V2.2\nPI\n+\n+7776FU\n-3335FU\n%TORYO\n"
	data := good + "/\n" + bad + "/\n" + good
	g := NewGameReader(strings.NewReader(data), "x.csa", Unknown)
	var moves []int
	var errLines []int
	for {
		r, err := g.Next()
		if err == io.EOF {
			break
		}
		var pe *ParseError
		if errors.As(err, &pe) {
			errLines = append(errLines, pe.Line)
			if pe.File != "x.csa" {
				t.Errorf("error names %q", pe.File)
			}
		} else if err != nil {
			t.Fatal(err)
		}
		if r != nil {
			moves = append(moves, len(r.MainMoves()))
		}
	}
	if len(errLines) != 1 || errLines[0] != 12 {
		t.Errorf("errors on lines %v, want 12", errLines)
	}
	if len(moves) != 3 || moves[0] != 2 || moves[1] != 1 || moves[2] != 2 {
		t.Errorf("games' moves %v, want 2 1 2", moves)
	}
}

// FuzzGameReader: any bytes stream without a panic, errors are
// *ParseError, and a file ReadFormat reads without error streams as the
// same games.
func FuzzGameReader(f *testing.F) {
	addSeeds(f)
	f.Add([]byte("V2.2\nPI\n+\n+7776FU\n/\n/\n-\n-3334FU\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, _ := allGames(t, data, "fuzz")
		whole, err := Read(data, "fuzz")
		if err != nil || len(whole.Warnings) > 0 {
			return
		}
		if n := 1 + len(whole.Games); len(got) != n {
			t.Fatalf("%d games streamed, %d read whole", len(got), n)
		}
	})
}

// BenchmarkStreamCSA1000Games streams the 1,000-game CSA file, each game
// taking the memory of the one before (Reuse), as a book build reads.
func BenchmarkStreamCSA1000Games(b *testing.B) {
	data := csa1000(b)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := NewGameReader(bytes.NewReader(data), "many.csa", Unknown)
		g.Reuse = true
		n := 0
		for {
			_, err := g.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != 1000 {
			b.Fatal(n)
		}
	}
}

// Where one KIF game ends and the next begins, read whole and streamed: a
// diagram's 手数：N header is no move list, so the players' headers after
// it stay with the diagram's game; the heading over the moves is one, so a
// game of no moves ends there and a #KIF line after it begins the next.
func TestKIFGameBoundaries(t *testing.T) {
	diagram := "後手の持駒：なし\n" +
		"  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n" +
		"|v香v桂v銀v金v玉v金v銀v桂v香|一\n| ・v飛 ・ ・ ・ ・ ・v角 ・|二\n|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三\n" +
		"| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ 歩 ・ ・ ・ ・ ・ ・|六\n" +
		"| 歩 歩 ・ 歩 歩 歩 歩 歩 歩|七\n| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八\n| 香 桂 銀 金 玉 金 銀 桂 香|九\n" +
		"+---------------------------+\n先手の持駒：なし\n手数：1\n後手番\n先手：A\n後手：B\n" +
		"手数----指手---------消費時間--\n   2 ３四歩(33)\n"
	empty := "手合割：平手\n手数----指手---------消費時間--\n\n#KIF version=2.0\n表題：x\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n"
	for _, c := range []struct {
		name, text string
		games      int
	}{{"diagram.kifu", diagram, 1}, {"empty.kifu", empty, 2}} {
		if n := sameGames(t, []byte(c.text), c.name); n != c.games {
			t.Errorf("%s: %d games, want %d", c.name, n, c.games)
		}
	}
}
