package kifu

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"shogi/game"
)

// The .readings files in testdata/readings say how ShogiHome reads the
// engine comments of a record's main line: one line per position with
// any, "PLY<TAB>PLAYER<TAB>ANALYSIS<TAB>PV", the player's and the
// analysis's score ("-" none, "mateN" a mate, + for Black, "x" for a
// length not known) as ShogiHome's comment readers (its
// src/common/record/comment.ts: parseComment, getPVsFromSearchComment)
// find them in the comments tsshogi 2.2.0 reads, and the first line of
// moves the comment holds in USI. They were made with the oracle (a script
// of those rules over ../shared/oracle's tsshogi), never by this code.
// ShogiHome's newest readers skip a score of exactly 0 (they test it with
// ||); the readings keep it, as its 2024 readers did.

// readingsDir holds the readings.
var readingsDir = filepath.Join("testdata", "readings")

// reading is one line of a .readings file.
type reading struct {
	ply              int
	player, analysis string
	pv               string
}

func readReadings(t *testing.T, path string) map[int]reading {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]reading{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if l == "" {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != 4 {
			t.Fatalf("%s: bad line %q", path, l)
		}
		ply, err := strconv.Atoi(f[0])
		if err != nil {
			t.Fatalf("%s: bad ply in %q", path, l)
		}
		out[ply] = reading{ply, ourScore(f[1]), ourScore(f[2]), f[3]}
	}
	return out
}

// ourScore is a reading as this package reads the same line: ShogiHome
// keeps floodgate's mate scores as numbers (±30000, YaneuraOu's
// ±(32000 − plies), some engines' ±100000); here they are mates.
func ourScore(s string) string {
	n, err := strconv.Atoi(s)
	if err != nil {
		return s
	}
	switch a := abs(n); {
	case a > 30000 && a <= 32000:
		return fmt.Sprintf("mate%+d", sign(n)*max(32000-a, 1))
	case a >= 30000:
		return map[bool]string{true: "mate+x", false: "mate-x"}[n > 0]
	}
	return s
}

// scoreText writes an evaluation's score as the readings do.
func scoreText(e Evaluation, ok bool) string {
	switch {
	case !ok:
		return "-"
	case e.Mate != 0:
		s := "+"
		if e.Mate < 0 {
			s = "-"
		}
		if abs(e.Mate) >= MateUnknown {
			return "mate" + s + "x"
		}
		return "mate" + s + strconv.Itoa(abs(e.Mate))
	case e.HasScore:
		return strconv.Itoa(e.Score)
	}
	return "-"
}

// ourReadings reads r's main line the way the readings do.
func ourReadings(r *Record) map[int]reading {
	out := map[int]reading{}
	p := r.Start
	nodes := append([]*Node{r.Root}, r.MainLine()...)
	for _, n := range nodes {
		if n != r.Root {
			if !n.IsMove() {
				break
			}
			p = p.Play(n.Move)
		}
		pe, pok := n.ReadEvaluation(p, Played)
		ae, aok := n.ReadEvaluation(p, Analysed)
		pl, an := scoreText(pe, pok), scoreText(ae, aok)
		if pl == "-" && an == "-" {
			continue
		}
		pv := "-"
		if e, _, ok := n.Stored(p); ok && len(e.PV) > 0 {
			var u []string
			for _, m := range e.PV {
				u = append(u, m.USI())
			}
			pv = strings.Join(u, " ")
		}
		out[n.Ply] = reading{n.Ply, pl, an, pv}
	}
	return out
}

// compareReadings reports where got and want differ.
func compareReadings(t *testing.T, got, want map[int]reading) {
	t.Helper()
	for ply, w := range want {
		g, ok := got[ply]
		if !ok {
			t.Errorf("ply %d: read nothing, ShogiHome reads %+v", ply, w)
			continue
		}
		if g != w {
			t.Errorf("ply %d: read %+v, ShogiHome reads %+v", ply, g, w)
		}
	}
	for ply, g := range got {
		if _, ok := want[ply]; !ok {
			t.Errorf("ply %d: read %+v where ShogiHome reads nothing", ply, g)
		}
	}
}

// Real records by other programs (the shared set): floodgate's and
// shogi-server's "'** SCORE PV" in CSA, ShogiHome's player and analysis
// forms in KIF, KI2 and JKF, read as ShogiHome reads them.
func TestReadEvaluationsOfSharedRecords(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(readingsDir, "*.readings"))
	own := map[string]bool{}
	for _, f := range ownReadings {
		own[f] = true
	}
	n := 0
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".readings")
		if own[name] {
			continue
		}
		var src string
		for _, dir := range []string{"kif", "ki2", "csa", "jkf"} {
			if p := filepath.Join(sharedDir, dir, name); fileExists(p) {
				src = p
			}
		}
		if src == "" {
			continue
		}
		n++
		t.Run(name, func(t *testing.T) {
			r, err := ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			compareReadings(t, ourReadings(r), readReadings(t, f))
		})
	}
	if n == 0 {
		t.Skipf("no shared records in %s (they live outside the repository): skipping", sharedDir)
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// ownReadings are the records in testdata/readings: the other programs'
// forms with no real file at hand (ShogiGUI's, 棋神アナリティクス's,
// K-Shogi's), written by hand after what ShogiHome's readers and those
// programs' users document, and this package's own writing of a game
// with each engine's evaluation in every format.
var ownReadings = []string{"other_programs.kifu", "played.kifu", "played.ki2", "played.csa", "played.jkf"}

var updateReadings = flag.Bool("update-readings", false, "rewrite testdata/readings/played.* from the writer (then make their .readings with the oracle)")

// The other programs' forms, read as ShogiHome reads them.
func TestReadEvaluationsOfOtherPrograms(t *testing.T) {
	r, err := ReadFile(filepath.Join(readingsDir, "other_programs.kifu"))
	if err != nil {
		t.Fatal(err)
	}
	compareReadings(t, ourReadings(r), readReadings(t, filepath.Join(readingsDir, "other_programs.kifu.readings")))
}

// A game written with each engine's evaluation (as the app writes its
// games) reads in ShogiHome as a player's scores on every move, in every
// format, and reads back here the same.
func TestPlayedEvaluationsReadAsShogiHomeReadsThem(t *testing.T) {
	r := playedRecord(t)
	for _, f := range []Format{KIF, KI2, CSA, JKF} {
		ext := map[Format]string{KIF: "kifu", KI2: "ki2", CSA: "csa", JKF: "jkf"}[f]
		path := filepath.Join(readingsDir, "played."+ext)
		data, err := Marshal(r, f, WriteOptions{Encoding: UTF8})
		if err != nil {
			t.Fatal(err)
		}
		if *updateReadings {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, want) {
			t.Errorf("%s: the writer's output changed; if that is meant, run with -update-readings and remake %s.readings with the oracle\n%s", path, path, data)
			continue
		}
		back, err := Read(data, path)
		if err != nil {
			t.Fatal(err)
		}
		compareReadings(t, ourReadings(back), readReadings(t, path+".readings"))
	}
}

// playedRecord is a short game between two engines as matchrec writes
// one: each move with the mover's score from Black's side and its line
// after the move; a mate found, and one of unknown length.
func playedRecord(t *testing.T) *Record {
	t.Helper()
	g, moves := playUSI(t, "7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "2b8h+")
	r := FromGame(g, []Header{{"先手", "Engine A"}, {"後手", "Engine B"}}, nil)
	line := r.MainLine()
	p := game.StartPosition()
	after := make([]game.Position, len(moves))
	for i, m := range moves {
		p = p.Play(m)
		after[i] = p
	}
	line[0].SetEval(&Evaluation{Score: 45, HasScore: true, PV: usiMoves(t, after[0], "3c3d", "2g2f"), Depth: 12, Nodes: 34567, Engine: "Engine A"})
	line[1].SetEval(&Evaluation{Score: -30, HasScore: true, PV: usiMoves(t, after[1], "2g2f", "8c8d"), Depth: 11, Engine: "Engine B"})
	line[2].SetEval(&Evaluation{Score: 0, HasScore: true, Engine: "Engine A"})
	line[3].SetEval(&Evaluation{Score: 1731, HasScore: true, PV: usiMoves(t, after[3], "2f2e"), Engine: "Engine B"})
	line[4].SetEval(&Evaluation{Mate: 9, PV: usiMoves(t, after[4], "2b8h+", "7i8h"), Engine: "Engine A"})
	line[5].SetEval(&Evaluation{Mate: -MateUnknown, Engine: "Engine B"})
	return r
}

// ShogiGUI writes a MultiPV analysis as one line per candidate (候補2 …
// after the best): the best's score is the position's, the others' lines
// are further lines. (ShogiHome takes the last line's score.) A person's
// words that start like a form are not an engine's.
func TestReadEvaluationEdges(t *testing.T) {
	p := game.StartPosition()
	n := commented("*解析 0  時間 00:00.3 深さ 11/15 ノード数 131458 評価値 30 読み筋 ▲７六歩(77) △３四歩(33)\n" +
		"*解析 0  候補2 深さ 11 評価値 23 読み筋 ▲２六歩(27) △８四歩(83)\nnote")
	e, ok := n.Analysis(p)
	if !ok || e.Score != 30 || e.Depth != 11 || e.Nodes != 131458 || len(e.PV) != 2 || len(e.MorePVs) != 1 || e.MorePVs[0][0].USI() != "2g2f" {
		t.Errorf("candidates: %+v %v", e, ok)
	}
	if got := StripEvaluations(n.Comment()); got != "note" {
		t.Errorf("StripEvaluations = %q", got)
	}
	for _, c := range []string{"*対局者の感想", "*3手詰の筋", "*詰み筋", "#形勢[よし]", "*解析してみた"} {
		n := commented(c)
		if e, src, ok := n.Stored(p); ok {
			t.Errorf("%q read as %v's %+v", c, src, e)
		}
		if StripEvaluations(c) != c {
			t.Errorf("%q stripped to %q", c, StripEvaluations(c))
		}
	}
	// What the match knew wins over the comment for the player's.
	n = commented("*評価値=5")
	n.SetEval(&Evaluation{Score: 7, HasScore: true})
	if e, src, _ := n.Stored(p); e.Score != 7 || src != Played {
		t.Errorf("Eval: %+v %v", e, src)
	}
	// Floodgate's mate scores: YaneuraOu's 32000 − plies, 30000 unknown.
	for line, want := range map[string]int{"* 31991": 9, "* -30000": -MateUnknown, "* 100000 +7776FU": MateUnknown, "*-31999": -1} {
		e, ok := commented(line).ReadEvaluation(p, Played)
		if !ok || e.Mate != want || e.HasScore {
			t.Errorf("%q: %+v %v, want mate %d", line, e, ok, want)
		}
	}
}

// Any comment reads without a panic, and a line of moves read from it is
// legal from the position it starts at.
func FuzzReadEvaluation(f *testing.F) {
	for _, s := range []string{"*評価値=5\n*読み筋=△３四歩", "* 31991 -3334FU +2726FU #123", "*解析 0  候補2 深さ 11/2 評価値 -詰3 読み筋 ▲７六歩(77)",
		"*#形勢[12] ▲７六歩", "【悪手】\n先手有利\n#評価値=450\n\nnote", "* x 評価値 5 読み筋 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, comment string) {
		p := game.StartPosition()
		m, _ := p.ParseUSI("7g7f")
		p = p.Play(m)
		n := commented(comment)
		for _, src := range []Source{Played, Analysed} {
			e, _ := n.ReadEvaluation(p, src)
			for _, pv := range append([][]game.Move{e.PV}, e.MorePVs...) {
				q := p
				for _, m := range pv {
					if !q.IsLegal(m) {
						t.Fatalf("%q: illegal %v in %v", comment, m, pv)
					}
					q = q.Play(m)
				}
			}
		}
		_ = StripEvaluations(comment)
	})
}
