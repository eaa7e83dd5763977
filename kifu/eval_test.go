package kifu

import (
	"errors"
	"strings"
	"testing"
	"time"

	"shogi/game"
)

// playUSI builds a game from USI moves.
func playUSI(t *testing.T, moves ...string) (*game.Game, []game.Move) {
	t.Helper()
	g := game.NewGame(game.StartPosition())
	var out []game.Move
	for _, s := range moves {
		p := g.Position()
		m, err := p.ParseUSI(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		out = append(out, g.LastMove())
	}
	return g, out
}

// usiMoves reads moves from position p on.
func usiMoves(t *testing.T, p game.Position, moves ...string) []game.Move {
	t.Helper()
	var out []game.Move
	for _, s := range moves {
		m, err := p.ParseUSI(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
		p = p.Play(m)
	}
	return out
}

// ShogiHome's own test of a game between engines (GameManager, record
// comments) expects, after ▲７六歩 chosen with score 82 and the PV 3c3d
// 2g2f 8c8d, the comment "互角 / *評価値=82 / *読み筋=△３四歩▲２六歩△８四歩 /
// *エンジン=USI Engine 01"; the KIF file holds each line after a "*". Its
// record test writes a mate for Black in 15 as "*詰み=先手勝ち:15手" and one
// of unknown length for White as "*詰み=後手勝ち".
func TestShogiHomeEvaluationComments(t *testing.T) {
	g, moves := playUSI(t, "7g7f", "3c3d", "2g2f")
	r := FromGame(g, []Header{{"先手", "USI Engine 01"}}, nil)
	line := r.MainLine()
	after1 := game.StartPosition().Play(moves[0])
	line[0].SetEval(&Evaluation{Score: 82, HasScore: true, PV: usiMoves(t, after1, "3c3d", "2g2f", "8c8d"), Engine: "USI Engine 01"})
	line[1].SetComment("a person's note")
	line[1].SetEval(&Evaluation{Mate: 15, PV: nil, Depth: 7, Nodes: 1234, Engine: "E"})
	line[2].SetEval(&Evaluation{Mate: -MateUnknown})
	data, err := Marshal(r, KIF, WriteOptions{Encoding: UTF8})
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, want := range []string{
		"   1 ７六歩(77)\n*互角\n**評価値=82\n**読み筋=△３四歩▲２六歩△８四歩\n**エンジン=USI Engine 01\n",
		"   2 ３四歩(33)\n*a person's note\n**詰み=先手勝ち:15手\n**深さ=7\n**ノード数=1234\n**エンジン=E\n",
		"   3 ２六歩(27)\n**詰み=後手勝ち\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("KIF lacks\n%s\nin\n%s", want, text)
		}
	}
	// Read back, the lines are the comment, as ShogiHome keeps them.
	back, err := Read(data, "x.kifu")
	if err != nil {
		t.Fatal(err)
	}
	if c := back.MainLine()[0].Comment(); c != "互角\n*評価値=82\n*読み筋=△３四歩▲２六歩△８四歩\n*エンジン=USI Engine 01" {
		t.Errorf("read back: %q", c)
	}
	// KI2 and JKF carry the same lines.
	for _, f := range []Format{KI2, JKF} {
		data, err := Marshal(r, f, WriteOptions{Encoding: UTF8})
		if err != nil || !strings.Contains(string(data), "*読み筋=△３四歩▲２六歩△８四歩") {
			t.Errorf("%v: %v\n%s", f, err, data)
		}
	}
}

// ShogiHome's words for a score, at its thresholds (getSituationText in
// its src/common/record/score.ts: >= 1500 先手勝勢 … > −200 互角 … > −1500
// 後手優勢, else 後手勝勢).
func TestSituation(t *testing.T) {
	for score, want := range map[int]string{1500: "先手勝勢", 1499: "先手優勢", 600: "先手優勢", 400: "先手有利", 200: "先手有望",
		199: "互角", 0: "互角", -199: "互角", -200: "後手有望", -399: "後手有望", -400: "後手有利", -599: "後手有利", -600: "後手優勢",
		-1499: "後手優勢", -1500: "後手勝勢"} {
		if got := situation(score); got != want {
			t.Errorf("situation(%d) = %s, want %s", score, got, want)
		}
	}
}

// A floodgate record (kifu/csa/sugyan__floodgate.csa in the shared
// records) keeps an engine's comment after the move's time as
// "'** 113 -3334FU +2625FU …": the score from Black's side, then the PV
// in CSA.
func TestFloodgateEvaluationComments(t *testing.T) {
	g := game.NewGame(game.StartPosition())
	p := g.Position()
	m, _ := p.ParseUSI("2g2f")
	if err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	r := FromGame(g, nil, []time.Duration{14 * time.Second})
	after := g.Position()
	n := r.MainLine()[0]
	n.SetEval(&Evaluation{Score: 113, HasScore: true, PV: usiMoves(t, after, "3c3d", "2f2e", "2b3c"), Depth: 20})
	data, err := Marshal(r, CSA, WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "+2726FU\nT14\n'** 113 -3334FU +2625FU -2233KA\n") {
		t.Errorf("CSA:\n%s", data)
	}
	back, err := Read(data, "x.csa")
	if err != nil || back.MainLine()[0].Comment() != "* 113 -3334FU +2625FU -2233KA" {
		t.Errorf("read back: %v %q", err, back.MainLine()[0].Comment())
	}
	// Mates as YaneuraOu scores them; no score, no floodgate line.
	for _, tc := range []struct {
		e    Evaluation
		want string
	}{
		{Evaluation{Mate: 5}, "* 31995"},
		{Evaluation{Mate: -2}, "* -31998"},
		{Evaluation{Mate: MateUnknown}, "* 30000"},
		{Evaluation{PV: n.Eval().PV}, ""},
	} {
		if got := tc.e.floodgate(after); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.e, got, tc.want)
		}
	}
	// A PV that turns illegal is written only as far as it holds.
	bad := &Evaluation{Score: -5, HasScore: true, PV: append(usiMoves(t, after, "3c3d"), n.Eval().PV[0])}
	if got := bad.floodgate(after); got != "* -5 -3334FU" {
		t.Errorf("cut PV: %q", got)
	}
}

// Several games in one KIF file, as shogi match writes them, read back
// as the record and its Games, with their times.
func TestKIFMultiGame(t *testing.T) {
	g1, _ := playUSI(t, "7g7f", "3c3d")
	g1.Resign(game.Black)
	g2, _ := playUSI(t, "2g2f")
	r1 := FromGame(g1, []Header{{"開始日時", "2026/01/02 03:04:05"}, {"先手", "a"}, {"後手", "b"}}, []time.Duration{time.Second, 2 * time.Second})
	r2 := FromGame(g2, []Header{{"開始日時", "2026/01/02 04:00:00"}, {"先手", "b"}, {"後手", "a"}}, []time.Duration{3 * time.Second})
	r1.Games = []*Record{r2}
	for _, enc := range []Encoding{UTF8, ShiftJIS} {
		data, err := Marshal(r1, KIF, WriteOptions{Encoding: enc})
		if err != nil {
			t.Fatal(err)
		}
		back, err := Read(data, "games.kif")
		if err != nil {
			t.Fatalf("%v\n%s", err, data)
		}
		if len(back.Games) != 1 || back.Header("先手") != "a" || back.Games[0].Header("先手") != "b" {
			t.Fatalf("%d more games, players %q %q", len(back.Games), back.Header("先手"), back.Games[0].Header("先手"))
		}
		if e, _ := back.Ending(); e != Resign || len(back.MainMoves()) != 2 || len(back.Games[0].MainMoves()) != 1 {
			t.Errorf("games read back: %v %d, %d", e, len(back.MainMoves()), len(back.Games[0].MainMoves()))
		}
		if n := back.Games[0].MainLine()[0]; !n.HasTime || n.Elapsed != 3*time.Second {
			t.Errorf("second game's time: %+v", n)
		}
	}
	// An error in a later game names its line in the whole file.
	data, _ := Marshal(r1, KIF, WriteOptions{Encoding: UTF8})
	bad := strings.Replace(string(data), "   1 ２六歩(27)", "   1 ２五歩(27)", 1)
	_, err := Read([]byte(bad), "games.kifu")
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != strings.Count(bad[:strings.Index(bad, "２五歩")], "\n")+1 {
		t.Errorf("error %v, want one on the line of the bad move", err)
	}
}

// A move's time is in whole seconds cut down everywhere (as ShogiHome and
// the CSA protocol count it): 7.9 seconds is 0:07 in KIF, T7 in CSA, 7 in
// JKF, never 0:08 in one and 0:07 in another.
func TestMoveTimesOneRounding(t *testing.T) {
	g, _ := playUSI(t, "7g7f", "3c3d")
	r := FromGame(g, nil, []time.Duration{7900 * time.Millisecond, 59999 * time.Millisecond})
	want := map[Format]string{
		KIF: "   1 ７六歩(77)   ( 0:07/00:00:07)\n   2 ３四歩(33)   ( 0:59/00:00:59)\n",
		CSA: "+7776FU\nT7\n-3334FU\nT59\n",
		JKF: `"time":{"now":{"m":0,"s":7},"total":{"h":0,"m":0,"s":7}}`,
	}
	for f, w := range want {
		data, err := Marshal(r, f, WriteOptions{Encoding: UTF8})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), w) {
			t.Errorf("%v lacks %q:\n%s", f, w, data)
		}
	}
	if m, s := MoveTimes(7900*time.Millisecond, 3*time.Hour+61*time.Second+999*time.Millisecond); m != " 0:07" || s != "03:01:01" {
		t.Errorf("MoveTimes: %q %q", m, s)
	}
}
