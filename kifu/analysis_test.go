package kifu

import (
	"reflect"
	"strings"
	"testing"

	"shogi/game"
)

// An analysis goes before a person's note, reads back whole, and a second
// analysis replaces only its own lines.
func TestSetAnalysisKeepsTheComment(t *testing.T) {
	g, moves := playUSI(t, "7g7f", "3c3d", "2g2f")
	r := FromGame(g, nil, nil)
	n := r.MainLine()[1]
	n.SetComment("a person's note\n二行目")
	after := game.StartPosition().Play(moves[0]).Play(moves[1])
	e := Evaluation{Score: -250, HasScore: true, PV: usiMoves(t, after, "2g2f", "8c8d", "2f2e"),
		MorePVs: [][]game.Move{usiMoves(t, after, "6i7h", "8c8d")}, Depth: 12, Nodes: 1234567,
		Engine: "Fairy-Stockfish 11.1", Verdict: "悪手"}
	n.SetAnalysis(&e, after)
	want := "【悪手】\n後手有望\n#評価値=-250\n#読み筋=▲２六歩△８四歩▲２五歩\n#読み筋=▲７八金△８四歩\n#深さ=12\n#ノード数=1234567\n" +
		"#エンジン=Fairy-Stockfish 11.1\na person's note\n二行目"
	if n.Comment() != want {
		t.Fatalf("comment\n%s\nwant\n%s", n.Comment(), want)
	}
	// Through a KIF file and back.
	data, err := Marshal(r, KIF, WriteOptions{Encoding: ShiftJIS})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(mustDecode(t, data)), "*【悪手】\n*後手有望\n*#評価値=-250\n*#読み筋=▲２六歩△８四歩▲２五歩\n") {
		t.Errorf("KIF:\n%s", mustDecode(t, data))
	}
	back, err := Read(data, "x.kif")
	if err != nil {
		t.Fatal(err)
	}
	bn := back.MainLine()[1]
	got, ok := bn.Analysis(after)
	if !ok || !reflect.DeepEqual(got, e) {
		t.Errorf("read back %+v, %v\nwant %+v", got, ok, e)
	}
	if StripAnalysis(bn.Comment()) != "a person's note\n二行目" {
		t.Errorf("stripped %q", StripAnalysis(bn.Comment()))
	}
	// Again, with a mate and no verdict: one block, the note kept.
	e2 := Evaluation{Mate: 7, PV: usiMoves(t, after, "2g2f"), Engine: "E"}
	bn.SetAnalysis(&e2, after)
	if bn.Comment() != "#詰み=先手勝ち:7手\n#読み筋=▲２六歩\n#エンジン=E\na person's note\n二行目" {
		t.Errorf("second run: %q", bn.Comment())
	}
	if got, _ := bn.Analysis(after); got.Mate != 7 || got.HasScore || got.Verdict != "" {
		t.Errorf("second run read back %+v", got)
	}
	bn.SetAnalysis(nil, after)
	if bn.Comment() != "a person's note\n二行目" {
		t.Errorf("cleared: %q", bn.Comment())
	}
}

// ShogiHome inserts its block with a blank line before the comment that
// was there; its player lines (*評価値) and a person's words that only
// look like ours are not analysis.
func TestStripAnalysis(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"【疑問手】\n互角\n#評価値=12\n#読み筋=▲７六歩\n#深さ=20\n#ノード数=5\n#エンジン=YaneuraOu\n\nnote", "note"},
		{"#詰み=後手勝ち\n#エンジン=X\n", ""},
		{"互角\n*評価値=82\n*読み筋=△３四歩\n*エンジン=USI Engine 01", "互角\n*評価値=82\n*読み筋=△３四歩\n*エンジン=USI Engine 01"},
		{"【悪手】\nthat was bad\n互角\nwe agreed", "【悪手】\nthat was bad\n互角\nwe agreed"},
		{"#hashtag\n# 評価値=3", "#hashtag\n# 評価値=3"},
		{"before\n先手有利\n#評価値=450\nafter", "before\nafter"},
	} {
		if got := StripAnalysis(c.in); got != c.want {
			t.Errorf("StripAnalysis(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestAnalysisReadsShogiHomeForms(t *testing.T) {
	p := game.StartPosition()
	n := commented("#評価値=-31.5\n#詰み=後手勝ち:3手\n#読み筋=▲７六歩 △３四歩▲２二角成△同　銀▲xx\n#深さ=x\n#ノード数=99")
	e, ok := n.Analysis(p)
	if !ok || e.Score != -31 || e.Mate != -3 || len(e.PV) != 4 || e.PV[3].USI() != "3a2b" || e.Depth != 0 || e.Nodes != 99 {
		t.Errorf("%+v %v", e, ok)
	}
	if _, ok := commented("just words\n*評価値=5").Analysis(p); ok {
		t.Error("a player's line read as analysis")
	}
	if m, ok := parseMate("先手勝ち"); !ok || m != MateUnknown {
		t.Errorf("unknown length: %d %v", m, ok)
	}
}

func TestParsePV(t *testing.T) {
	p := game.StartPosition()
	pv := ParsePV(p, "▲７六歩△３四歩▲２二角成△同銀▲４五角打")
	var got []string
	for _, m := range pv {
		got = append(got, m.USI())
	}
	if strings.Join(got, " ") != "7g7f 3c3d 8h2b+ 3a2b B*4e" {
		t.Errorf("PV %v", got)
	}
	// An illegal move ends the line.
	if pv := ParsePV(p, "▲７六歩▲２六歩"); len(pv) != 1 {
		t.Errorf("cut PV %v", pv)
	}
}

func mustDecode(t *testing.T, data []byte) []byte {
	t.Helper()
	s, _, _, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return []byte(s)
}

// Any comment: stripping is stable, reading never fails hard, and an
// analysis set into it reads back while the rest stays as it was.
func FuzzAnalysisComment(f *testing.F) {
	for _, s := range []string{"", "note", "【悪手】\n互角\n#評価値=12\n#読み筋=▲７六歩\n\nnote", "#詰み=後手勝ち:3手\n#エンジン=X",
		"互角\n*評価値=82", "\nnote", "  \n#評価値=3", "#読み筋=▲７六歩△３四歩▲２二角成△同　銀", "【疑問手】\n【悪手】\n#深さ=1"} {
		f.Add(s)
	}
	start := game.StartPosition()
	m, _ := start.ParseUSI("7g7f")
	after := start.Play(m)
	reply, _ := after.ParseUSI("3c3d")
	f.Fuzz(func(t *testing.T, c string) {
		once := StripAnalysis(c)
		if twice := StripAnalysis(once); twice != once {
			t.Fatalf("strip is not stable: %q → %q → %q", c, once, twice)
		}
		n := commented(c)
		n.Analysis(after)
		ParsePV(after, c)
		e := Evaluation{Score: -42, HasScore: true, PV: []game.Move{reply}, Depth: 3, Engine: "E", Verdict: "悪手"}
		n.SetAnalysis(&e, after)
		got, ok := n.Analysis(after)
		if !ok || got.Score != -42 || got.Verdict != "悪手" || len(got.PV) == 0 || got.PV[0] != reply {
			t.Fatalf("%q: read back %+v %v from %q", c, got, ok, n.Comment())
		}
		if rest := StripAnalysis(n.Comment()); rest != once {
			t.Fatalf("%q: the rest became %q, want %q", c, rest, once)
		}
	})
}

// The edges of the analysis comment: a verdict with nothing to back it is
// not written alone; a person's one-line comment that happens to be a
// situation word is not taken for analysis (nor does it trip the reader);
// a line of moves read back ignores ASCII spaces as ShogiHome's
// full-width ones.
func TestAnalysisCommentEdges(t *testing.T) {
	p := game.StartPosition()
	n := commented("note")
	n.SetAnalysis(&Evaluation{Verdict: "悪手"}, p)
	if n.Comment() != "note" {
		t.Errorf("a bare verdict wrote %q", n.Comment())
	}
	for _, c := range []string{"互角", "先手有利", "互角\r", "互角\n", "#memo\n互角", "#memo\n【悪手】\n互角"} {
		n := commented(c)
		if _, ok := n.Analysis(p); ok || StripAnalysis(c) != c {
			t.Errorf("%q: read as analysis %v, stripped to %q", c, ok, StripAnalysis(c))
		}
	}
	pv := ParsePV(p, "▲７六歩 △３四歩 ▲２二角成 △同 銀")
	if len(pv) != 4 || pv[3].USI() != "3a2b" {
		t.Errorf("PV with ASCII spaces: %v", pv)
	}
}

// commented returns a lone node with comment c.
func commented(c string) *Node {
	n := &Node{}
	n.SetComment(c)
	return n
}
