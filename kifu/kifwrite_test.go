package kifu

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/japanese"

	"shogi/game"
	"shogi/internal/testenv"
)

// Random records for the KIF writer's tests: every part a KIF file has
// (handicaps and custom starts, variations, endings of every kind, times
// past 100 hours, evaluations, bookmarks, headers, several games), with
// free text Shift_JIS cannot always hold.

// writeTexts are free texts Shift_JIS holds; writeBadTexts some it does
// not (or that are not UTF-8).
var (
	writeTexts = []string{"", "a", "良い手", "line1\nline2", "\n", "x\n\ny", "～－∥", "ｶﾀｶﾅ", `\ back`, "tab\there",
		"cr\r\nlf", "※注意：", "変化：3手", "*star", "&amp", "  lead space", "全角　空白", "①②", "ⅰⅱ", "髙﨑", "＼￥"}
	writeBadTexts = []string{"〜", "¬", "😀 emoji", "𠮷野家", "♔♚", "été", "\xff bad", "\xe6\x97"}
)

// recordGen makes a random record from a seed. Moves are picked from the
// legal moves in a fixed order, so the records stay the same when move
// generation changes its own.
type recordGen struct {
	rng     *rand.Rand
	badText bool   // some texts Shift_JIS cannot hold
	extra   string // a text to put in now and then (the fuzzer's)
}

func (g *recordGen) text() string {
	switch {
	case g.extra != "" && g.rng.Intn(4) == 0:
		return g.extra
	case g.badText && g.rng.Intn(150) == 0:
		return writeBadTexts[g.rng.Intn(len(writeBadTexts))]
	case g.rng.Intn(3) == 0:
		return writeTexts[g.rng.Intn(len(writeTexts))] + writeTexts[g.rng.Intn(len(writeTexts))]
	}
	return writeTexts[g.rng.Intn(len(writeTexts))]
}

func (g *recordGen) duration() time.Duration {
	switch g.rng.Intn(6) {
	case 0:
		return time.Duration(g.rng.Int63n(int64(400 * time.Hour)))
	case 1:
		return time.Duration(g.rng.Intn(20000)) * time.Second
	case 2:
		return -time.Duration(g.rng.Intn(100)) * time.Second
	case 3:
		return time.Duration(g.rng.Intn(3600000)) * time.Millisecond
	}
	return time.Duration(g.rng.Intn(600)) * time.Second
}

func (g *recordGen) legalMove(p *game.Position) (game.Move, bool) {
	moves := p.LegalMoves(nil)
	if len(moves) == 0 {
		return game.NoMove, false
	}
	slices.SortFunc(moves, func(a, b game.Move) int { return moveKey(a) - moveKey(b) })
	m := moves[g.rng.Intn(len(moves))]
	if c := moves[g.rng.Intn(len(moves))]; c.Captured() != game.NoPiece {
		m = c // captures often, for 同 moves
	}
	return m, true
}

// moveKey orders moves by destination, origin (drops first), piece and
// promotion: what a move is, not how game encodes it.
func moveKey(m game.Move) int {
	key := int(m.To())<<16 | int(m.From()+1)<<8 | int(m.Piece().Type())<<1
	if m.IsPromotion() {
		key |= 1
	}
	return key
}

func (g *recordGen) ending(r *Record, parent *Node) *Node {
	e := Ending(1 + g.rng.Intn(int(OtherEnding)))
	word := ""
	if e == OtherEnding {
		word = []string{"", "封じ手", "持将棋", "ｶﾀ", g.extra}[g.rng.Intn(5)]
	}
	n := r.AddEnding(parent, e, word)
	if g.rng.Intn(2) == 0 {
		n.Elapsed, n.Total, n.HasTime = g.duration(), g.duration(), true
	}
	if g.rng.Intn(3) == 0 {
		n.SetComment(g.text())
	}
	return n
}

// line adds up to plies moves after n (at p), with branches off it.
func (g *recordGen) line(r *Record, n *Node, p game.Position, plies, depth int) {
	for range plies {
		m, ok := g.legalMove(&p)
		if !ok {
			if g.rng.Intn(2) == 0 {
				r.AddEnding(n, Mate, "")
			}
			return
		}
		parent, before := n, p
		n = r.AddMove(n, m)
		if g.rng.Intn(4) != 0 {
			n.Elapsed, n.Total, n.HasTime = g.duration(), g.duration(), true
		}
		if g.rng.Intn(10) == 0 {
			n.SetComment(g.text())
		}
		if g.rng.Intn(30) == 0 {
			n.SetBookmark(g.text())
		}
		if g.rng.Intn(25) == 0 {
			n.SetEval(&Evaluation{Score: g.rng.Intn(4000) - 2000, HasScore: true, Mate: g.rng.Intn(20) - 10, Depth: g.rng.Intn(30), Engine: "engine"})
		}
		p = p.Play(m)
		if depth < 3 && g.rng.Intn(15) == 0 {
			g.line(r, parent, before, g.rng.Intn(8), depth+1)
		}
		if depth < 3 && g.rng.Intn(40) == 0 {
			g.ending(r, parent) // a branch that ends at once
		}
	}
	if g.rng.Intn(3) != 0 {
		g.ending(r, n)
	}
}

func randomRecord(seed int64, extra string) *Record {
	g := &recordGen{rng: rand.New(rand.NewSource(seed)), extra: extra}
	g.badText = g.rng.Intn(4) == 0
	start := game.StartPosition()
	if g.rng.Intn(3) == 0 {
		h, _ := game.FindHandicap([]string{"lance", "2p", "three-pawns", "tsume", "empty"}[g.rng.Intn(5)])
		start = h.Position()
	}
	if g.rng.Intn(6) == 0 { // a custom start
		for k := g.rng.Intn(40); k > 0; k-- {
			m, ok := g.legalMove(&start)
			if !ok {
				break
			}
			start = start.Play(m)
		}
	}
	r := NewRecord(start)
	if g.rng.Intn(4) == 0 {
		r.Handicap = []string{"平手", "香落ち", "謎落ち", "ｶｽﾀﾑ", "カスタム", extra}[g.rng.Intn(6)]
	} else {
		r.nameStart()
	}
	for i := g.rng.Intn(5); i > 0; i-- {
		k := []string{"先手", "後手", "開始日時", "棋戦", "Event", "手数", "9x", "場所", "*c", extra}[g.rng.Intn(10)]
		r.Headers = append(r.Headers, Header{Key: k, Value: g.text()})
	}
	if g.rng.Intn(8) == 0 {
		r.Root.SetComment(g.text())
	}
	if g.rng.Intn(15) == 0 {
		r.Root.SetBookmark(g.text())
	}
	g.line(r, r.Root, start, g.rng.Intn(200), 0)
	if g.rng.Intn(20) == 0 {
		more := NewRecord(game.StartPosition())
		g.line(more, more.Root, game.StartPosition(), g.rng.Intn(30), 0)
		r.Games = append(r.Games, more)
	}
	return r
}

const kifUTF8Line = "#KIF version=2.0 encoding=UTF-8\n"

// checkKIFEncodings: r written as Shift_JIS is its UTF-8 text (less the
// line naming the encoding) encoded by x/text, and refused where x/text
// cannot encode it, with the message of the whole-text path.
func checkKIFEncodings(t *testing.T, r *Record) {
	t.Helper()
	u, err := Marshal(r, KIF, WriteOptions{Encoding: UTF8})
	if err != nil {
		t.Fatalf("UTF-8: %v", err)
	}
	body, ok := bytes.CutPrefix(u, []byte(kifUTF8Line))
	if !ok {
		t.Fatalf("UTF-8 KIF without %q:\n%s", kifUTF8Line, u)
	}
	s, err := Marshal(r, KIF, WriteOptions{Encoding: ShiftJIS})
	want, werr := japanese.ShiftJIS.NewEncoder().Bytes(body)
	switch {
	case werr == nil && err != nil:
		t.Fatalf("Shift_JIS refused what x/text writes: %v\n%s", err, body)
	case werr == nil && !bytes.Equal(s, want):
		t.Fatalf("Shift_JIS differs from x/text's encoding of\n%s\ngot  % x\nwant % x", body, s, want)
	case werr != nil:
		_, eerr := encode(string(body), ShiftJIS)
		if err == nil || eerr == nil || err.Error() != eerr.Error() {
			t.Fatalf("Shift_JIS of text x/text cannot encode: %v, want %v\n%s", err, eerr, body)
		}
	}
}

// FuzzWriteKIF writes random records with the fuzzer's text in comments,
// bookmarks, headers and ending words, in both encodings.
func FuzzWriteKIF(f *testing.F) {
	for i, s := range append(slices.Clone(writeTexts), writeBadTexts...) {
		f.Add(int64(i), s)
	}
	f.Fuzz(func(t *testing.T, seed int64, text string) {
		checkKIFEncodings(t, randomRecord(seed, text))
	})
}

var updateKIFGolden = flag.Bool("update-kif-golden", false, "rewrite testdata/kif_write_golden.txt from the KIF writer")

const kifGoldenPath = "testdata/kif_write_golden.txt"

// TestKIFWriteGolden: random records write as they did (digests of both
// encodings, or of the refusal, stored when the writer was rewritten to
// write bytes directly; the old writer's output then and now agrees), and
// Shift_JIS agrees with x/text. The default run writes the first 200 of
// the 600 records the digests hold, the long tier (and -update-kif-golden)
// all of them.
func TestKIFWriteGolden(t *testing.T) {
	n := 200
	switch {
	case testenv.Long() || *updateKIFGolden:
		n = 600
	case testing.Short():
		n = 100
	}
	var got []string
	for seed := range int64(n) {
		r := randomRecord(seed, "")
		line := fmt.Sprint(seed)
		for _, enc := range []Encoding{ShiftJIS, UTF8} {
			data, err := Marshal(r, KIF, WriteOptions{Encoding: enc})
			if err != nil {
				data = []byte("error: " + err.Error())
			}
			sum := sha256.Sum256(data)
			line += " " + hex.EncodeToString(sum[:8])
		}
		got = append(got, line)
		checkKIFEncodings(t, r)
	}
	if *updateKIFGolden {
		if err := os.WriteFile(filepath.FromSlash(kifGoldenPath), []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(filepath.FromSlash(kifGoldenPath))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for i := 0; i < len(got) && sc.Scan(); i++ {
		if sc.Text() != got[i] {
			data, err := Marshal(randomRecord(int64(i), ""), KIF, WriteOptions{Encoding: UTF8})
			t.Fatalf("record %d writes otherwise (digests %s, want %s); if that is meant, run with -update-kif-golden\n%s%v", i, got[i], sc.Text(), data, err)
		}
	}
}
