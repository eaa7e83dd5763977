package book

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"shogi/game"
)

func mustSFEN(t testing.TB, s string) game.Position {
	t.Helper()
	p, err := game.ParseSFEN(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

const startSFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

// shogiHomeBooks are ShogiHome's test books (testdata/shogihome, from
// sunfish-shogi/shogihome's src/tests/testdata/book): the same book with
// LF and CR LF, with and without a BOM and the header line.
var shogiHomeBooks = []string{"yaneuraou.db", "yaneuraou-crlf.db", "yaneuraou-bom-crlf.db", "yaneuraou-no-header.db", "yaneuraou-bom-no-header.db"}

// checkShogiHomeBook checks a look-up function against what ShogiHome's
// own tests expect of these books.
func checkShogiHomeBook(t *testing.T, find func(p *game.Position) (Entry, bool, error)) {
	t.Helper()
	start := game.StartPosition()
	e, ok, err := find(&start)
	if err != nil || !ok {
		t.Fatalf("start position: %v %v", ok, err)
	}
	var usi []string
	for _, m := range e.Moves {
		usi = append(usi, m.Move.USI())
	}
	if got := strings.Join(usi, " "); got != "2g2f 7g7f 5g5f 2h7h 3g3f" {
		t.Errorf("moves %s", got)
	}
	m0, m1, m2 := e.Moves[0], e.Moves[1], e.Moves[2]
	if m0.Ponder.USI() != "3c3d" || m0.Score != 63 || !m0.HasScore || m0.Depth != 27 || m0.Count != 935 {
		t.Errorf("2g2f: %+v", m0)
	}
	if m1.Ponder != game.NoMove || m1.Score != 20 || m1.Depth != 25 || m1.Count != 6 {
		t.Errorf("7g7f: %+v", m1)
	}
	if m0.Comment != "multi line comment 1\nmulti line comment 2" || m1.Comment != "single line comment" || m2.Comment != "" {
		t.Errorf("comments %q %q %q", m0.Comment, m1.Comment, m2.Comment)
	}
	for sfen, n := range map[string]int{
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 1":         3,
		"r6nl/l3gbks1/2ns1g1p1/ppppppp1p/7P1/PSPPPPP1P/1P1G2N1L/1KGB1S2R/LN7 w - 1": 0,
		"lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 1":     3,
	} {
		p := mustSFEN(t, sfen)
		e, ok, err := find(&p)
		if err != nil || len(e.Moves) != n || ok != (n > 0) {
			t.Errorf("%s: %d moves (%v, %v), want %d", sfen, len(e.Moves), ok, err, n)
		}
	}
	// The entry after 7g7f 3c3d 2g2f: older ShogiHome left the score and
	// depth fields empty ("7i6h none   8").
	p := mustSFEN(t, "lnsgkgsnl/1r7/p1ppp1bpp/1p3pp2/7P1/2P6/PP1PPPP1P/1B3S1R1/LNSGKG1NL b - 1")
	e, _, _ = find(&p)
	if len(e.Moves) != 3 || e.Moves[0].HasScore || e.Moves[0].HasDepth || e.Moves[0].Count != 8 {
		t.Errorf("entry with empty fields: %+v", e.Moves)
	}
	p = mustSFEN(t, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/3P5/PPP1PPPPP/1BS4R1/LN1GKGSNL w - 1")
	if e, _, _ = find(&p); e.Comment != "position comment 1\nposition comment 2" {
		t.Errorf("position comment %q", e.Comment)
	}
}

func TestShogiHomeBooks(t *testing.T) {
	for _, name := range shogiHomeBooks {
		path := filepath.Join("testdata", "shogihome", name)
		t.Run(name+"/memory", func(t *testing.T) {
			b, err := ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if b.Len() != 5 {
				t.Errorf("%d positions, want 5", b.Len())
			}
			checkShogiHomeBook(t, func(p *game.Position) (Entry, bool, error) { return Find(b, p, false) })
		})
		t.Run(name+"/disk", func(t *testing.T) {
			f, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			checkShogiHomeBook(t, func(p *game.Position) (Entry, bool, error) { return Find(f, p, false) })
		})
	}
}

// TestWritesAsShogiHome: the book read and written again is byte for byte
// what ShogiHome writes for it (its yaneuraou-copy.db).
func TestWritesAsShogiHome(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("testdata", "shogihome", "yaneuraou-copy.db"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range shogiHomeBooks {
		b, err := ReadFile(filepath.Join("testdata", "shogihome", name))
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := Write(&out, b); err != nil {
			t.Fatal(err)
		}
		if out.String() != string(want) {
			t.Errorf("%s written:\n%s\nwant:\n%s", name, out.String(), want)
		}
	}
}

func TestVersionHeader(t *testing.T) {
	path := filepath.Join("testdata", "shogihome", "yaneuraou-invalid-header.db")
	_, err := ReadFile(path)
	var pe *ParseError
	var ve *VersionError
	if !errors.As(err, &pe) || pe.Line != 1 || !errors.As(err, &ve) || ve.Header != "#YANEURAOU-DB2016 2.00" {
		t.Errorf("got %v", err)
	}
	if _, err := Open(path); !errors.As(err, &ve) {
		t.Errorf("Open: got %v", err)
	}
}

// TestBadInput: each problem is a *ParseError on the right line, from the
// reader and from a look-up on disk alike.
func TestBadInput(t *testing.T) {
	const pos2 = "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n"
	// onDisk is false where neither opening the book (which reads its
	// last entry) nor a look-up of the start and of the position after
	// 7g7f reads the bad line (a search reads only the entry it finds).
	cases := []struct {
		name, text string
		line       int
		want       string
		onDisk     bool
	}{
		{"empty file", "", 1, "empty file", true},
		{"binary", "\x00\x01YBB", 1, "binary", true},
		{"truncated sfen", Header + "\nsfen lnsgkgsnl/1r5b1/ppp\n7g7f none 0 0 1\n", 2, "sfen line", true},
		{"truncated move", Header + "\nsfen " + startSFEN + "\n7g7\n", 3, "cannot read", true},
		{"illegal move", Header + "\nsfen " + startSFEN + "\n7g7f none 0 0 1\n7g7e none 0 0 1\n", 4, "move 7g7e", true},
		{"wrong side", Header + "\n" + pos2 + "7g7f none 0 0 1\n", 3, "move 7g7f", true},
		{"illegal reply", Header + "\nsfen " + startSFEN + "\n7g7f 3c3e 0 0 1\n", 3, "reply 3c3e", true},
		{"bad count", Header + "\nsfen " + startSFEN + "\n7g7f none 0 0 -4\n", 3, "bad count", true},
		{"bad score", Header + "\nsfen " + startSFEN + "\n7g7f none x1 0 4\n", 3, "bad score", true},
		{"move first", Header + "\n7g7f none 0 0 1\n", 2, "before any sfen", false},
		{"bad ply", Header + "\nsfen " + strings.TrimSuffix(startSFEN, " 1") + " x\n7g7f\n", 2, "move number", true},
		{"nifu", Header + "\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1\n7g7f\nP*7e\n", 4, "move P*7e", true},
		{"garbage", Header + "\nsfen " + startSFEN + "\nhello\n", 3, "cannot read", true},
		{"unsorted", Header + "\nsfen " + startSFEN + "\n7g7f\n" + pos2 + "3c3d\n", 4, "not sorted", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var pe *ParseError
			if c.name != "unsorted" { // Read takes any order
				_, err := Read(strings.NewReader(c.text), "b.db")
				if !errors.As(err, &pe) || pe.Line != c.line || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "b.db:") {
					t.Errorf("Read: %v, want line %d and %q", err, c.line, c.want)
				}
			}
			path := filepath.Join(t.TempDir(), "b.db")
			if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := Open(path)
			if err == nil {
				defer f.Close()
				start := game.StartPosition()
				_, _, err = f.Find(&start)
				if err == nil { // the problem is in another position: look that one up
					p2 := start.Play(mustMove(t, &start, "7g7f"))
					_, _, err = f.Find(&p2)
				}
			}
			if !c.onDisk {
				if err != nil {
					t.Errorf("on disk: %v, want no error", err)
				}
				return
			}
			if !errors.As(err, &pe) || pe.Line != c.line || !strings.Contains(err.Error(), c.want) {
				t.Errorf("on disk: %v, want line %d and %q", err, c.line, c.want)
			}
		})
	}
}

func mustMove(t testing.TB, p *game.Position, usi string) game.Move {
	t.Helper()
	m, err := p.ParseUSI(usi)
	if err != nil || !p.IsLegal(m) {
		t.Fatalf("%s in %s: %v", usi, p.SFEN(), err)
	}
	return m
}

// randomPositions plays random games and returns the positions met.
func randomPositions(seed uint64, games, plies int) []game.Position {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []game.Position
	var buf []game.Move
	for g := 0; g < games; g++ {
		p := game.StartPosition()
		for i := 0; i < plies; i++ {
			out = append(out, p)
			buf = p.LegalMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			p = p.Play(buf[rng.IntN(len(buf))])
		}
	}
	return out
}

// randomBook makes a book of random positions with up to three random
// legal moves each and every field filled at random.
func randomBook(seed uint64, games, plies int) *Book {
	rng := rand.New(rand.NewPCG(seed, 2))
	b := New()
	var buf []game.Move
	for _, p := range randomPositions(seed, games, plies) {
		buf = p.LegalMoves(buf[:0])
		if len(buf) == 0 {
			continue
		}
		e := &Entry{Key: Key(&p), Ply: p.MoveNumber()}
		if rng.IntN(5) == 0 {
			e.Comment = "position note\nsecond line"
		}
		for k := rng.IntN(3) + 1; k > 0; k-- {
			m := Move{Move: buf[rng.IntN(len(buf))]}
			if indexOf(e.Moves, m) >= 0 {
				continue
			}
			after := p.Play(m.Move)
			if replies := after.LegalMoves(nil); len(replies) > 0 && rng.IntN(2) == 0 {
				m.Ponder = replies[rng.IntN(len(replies))]
			}
			m.Score, m.HasScore = rng.IntN(2001)-1000, rng.IntN(3) > 0
			m.Depth, m.HasDepth = rng.IntN(40), rng.IntN(3) > 0
			m.Count, m.HasCount = rng.Int64N(1000), rng.IntN(4) > 0
			if !m.HasScore {
				m.Score = 0
			}
			if !m.HasDepth {
				m.Depth = 0
			}
			if !m.HasCount {
				m.Count = 0
			}
			if rng.IntN(3) == 0 && m.HasCount {
				w := rng.Int64N(m.Count + 1)
				d := rng.Int64N(m.Count - w + 1)
				m.Results = Results{w, d, m.Count - w - d}
			}
			if rng.IntN(6) == 0 {
				m.Comment = "a note"
			}
			e.Moves = append(e.Moves, m)
		}
		if old, _ := b.Lookup(e.Key); old == nil {
			b.Put(e)
		}
	}
	return b
}

func writeBook(t testing.TB, b *Book) []byte {
	t.Helper()
	var out bytes.Buffer
	if err := Write(&out, b); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestRoundTrip: a book written and read back is the same book, written
// the same bytes again.
func TestRoundTrip(t *testing.T) {
	b := randomBook(1, 60, 80)
	data := writeBook(t, b)
	back, err := Read(bytes.NewReader(data), "rt")
	if err != nil {
		t.Fatal(err)
	}
	if back.Len() != b.Len() {
		t.Fatalf("%d positions back, want %d", back.Len(), b.Len())
	}
	for _, k := range b.Keys() {
		want, _ := b.Lookup(k)
		got, _ := back.Lookup(k)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s:\n got %+v\nwant %+v", k, got, want)
		}
	}
	if again := writeBook(t, back); !bytes.Equal(again, data) {
		t.Error("written twice, the bytes differ")
	}
}

// TestSortedAsYaneuraOu: positions come in the order of their whole sfen
// lines' bytes, move number included, which is how YaneuraOu sorts a book
// it writes (std::sort of the sfen strings) and what its on-the-fly search
// assumes.
func TestSortedAsYaneuraOu(t *testing.T) {
	data := writeBook(t, randomBook(2, 80, 120))
	var prev string
	n := 0
	for line := range strings.SplitSeq(string(data), "\n") {
		if !strings.HasPrefix(line, "sfen ") {
			continue
		}
		if prev != "" && line <= prev {
			t.Fatalf("%q after %q", line, prev)
		}
		prev = line
		n++
	}
	if n < 1000 {
		t.Errorf("only %d positions", n)
	}
}
