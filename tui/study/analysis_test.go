package study

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/app/settings"
	"shogi/app/words"
	"shogi/game"
	"shogi/tui/common"
	"shogi/tui/components"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"shogi/game/notation"
	"shogi/game/usi/usitest"
	"shogi/kifu"
	"shogi/kifu/annotate"
)

// engineStudy opens a record for study with this binary as its engine,
// behaving as fake says.
func engineStudy(t *testing.T, name, fake string, w, h int) *studyModel {
	t.Helper()
	t.Setenv(usitest.Env, fake)
	c := newCommon(Options{Pieces: common.Kanji, Lang: words.Japanese, Engine: "usi:" + os.Args[0], AnalysisTime: 20 * time.Millisecond})
	c.Width, c.Height = w, h
	s := loadStudy(c, filepath.Join("testdata", "study", name))
	if s.loadErr != nil {
		t.Fatal(s.loadErr)
	}
	t.Cleanup(func() { s.closeEngines(true) })
	return s
}

// pump runs cmd and what follows from it, as the program would, until
// the screen shows every text or 5 s pass. The study's engine messages
// go to its async handler, as the root model sends them.
func pump(t *testing.T, s *studyModel, cmd tea.Cmd, texts ...string) {
	t.Helper()
	missing := ""
	pumpUntil(t, s, cmd, func() bool {
		sc := screen(s)
		for _, x := range texts {
			if !strings.Contains(sc, x) {
				missing = x
				return false
			}
		}
		return true
	}, func() string { return fmt.Sprintf("%q", missing) })
}

// pumpUntil is pump with a condition of any kind.
func pumpUntil(t *testing.T, s *studyModel, cmd tea.Cmd, ok func() bool, what func() string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !ok() {
		if cmd == nil || time.Now().After(deadline) {
			t.Fatalf("the screen never showed %s:\n%s", what(), screen(s))
		}
		msgs := make(chan tea.Msg, 1)
		go func() { msgs <- cmd() }()
		select {
		case msg := <-msgs:
			cmd = nil
			if a, ok := msg.(studyAsync); ok {
				cmd = a.study().async(msg)
			}
		case <-time.After(time.Until(deadline)):
			t.Fatalf("the screen never showed %s:\n%s", what(), screen(s))
		}
	}
}

// firstLegal is the first legal move of the position after the record's
// first n main-line moves, in KI2 as the study writes it: the move the
// fake engine's PV starts with.
func firstLegal(t *testing.T, s *studyModel, n int) string {
	t.Helper()
	p := s.line.pos[n]
	m := p.LegalMoves(nil)[0]
	return notation.Format(&p, m, notation.KI2, s.line.nodes[n].Move)
}

// The live analysis: a key starts the engine on the position shown, a
// step moves it to the next position at once, the same key stops it.
func TestStudyAnalysisFollowsSteps(t *testing.T) {
	// No deepening (a round of info lines at go, the next in 10 s), so
	// the scores stay those of depth 1.
	s := engineStudy(t, "branches.kif", "name=fake,tick=10s", 120, 40)
	s.goTo(2)
	cmd := studyPress(t, s, "a")
	// The fake scores 10 + plies + depth − 1 for the side to move: +12
	// from Black's side at depth 1 after two moves.
	pump(t, s, cmd, "検討 fake", "思考中", firstLegal(t, s, 2), "+12 互角")
	feed := s.feed(s.an.sess)
	studyPress(t, s, "right")
	// Three moves: White to move, so Black's view is negative.
	pump(t, s, feed, firstLegal(t, s, 3), "-13 互角")
	if sn, _ := s.snapshot(); len(sn.Target.Moves) != 3 {
		t.Errorf("the engine looks at %d moves", len(sn.Target.Moves))
	}
	// Three lines.
	studyPress(t, s, "+", "+")
	pumpUntil(t, s, s.feed(s.an.sess), func() bool {
		sn, ok := s.snapshot()
		return ok && len(sn.Lines) == 3
	}, func() string { return "three lines" })
	// Line k scores 13 − 5(k−1) for White, to move.
	mustShow(t, s, "候補 3", "-13 互角 "+firstLegal(t, s, 3), "     -8 ", "     -3 ")
	studyPress(t, s, "a")
	mustShow(t, s, "停止中")
	if s.an.on {
		t.Error("still on")
	}
	// The help lists the keys.
	if !strings.Contains(screen(s), "a 検討") || !strings.Contains(screen(s), "A 棋譜解析") {
		t.Errorf("help bar:\n%s", screen(s))
	}
}

// The engine's line on the board, then into the record as a branch with
// a comment naming the engine.
func TestStudyEngineLine(t *testing.T) {
	s := engineStudy(t, "branches.kif", "name=fake,tick=5ms", 120, 40)
	s.goTo(4)
	pump(t, s, studyPress(t, s, "a"), "検討 fake", firstLegal(t, s, 4))
	sn, _ := s.snapshot()
	pv := sn.Lines[0].PV
	studyPress(t, s, "b")
	mustShow(t, s, "読み筋 1/2")
	if p := s.an.preview; p == nil || p.pos[p.at] != s.line.pos[4].Play(pv[0]) {
		t.Fatalf("preview %+v", s.an.preview)
	}
	v, _ := s.View()
	if !strings.Contains(ansi.Strip(v), "手数 4/13") {
		t.Errorf("the ply changed under the preview")
	}
	studyPress(t, s, "right")
	mustShow(t, s, "読み筋 2/2")
	studyPress(t, s, "B")
	if s.an.preview != nil || !s.dirty || s.cur != 5 {
		t.Fatalf("after B: preview %v dirty %v cur %d", s.an.preview, s.dirty, s.cur)
	}
	n := s.node()
	if n.Move != pv[0] || !strings.Contains(n.Comment(), "fake の読み筋") || n.Index() == 0 {
		t.Errorf("branch node %+v", n)
	}
	if n.NumChildren() != 1 || n.FirstChild().Move != pv[1] {
		t.Errorf("the branch's second move: %+v", n.FirstChild())
	}
	// esc leaves a preview without touching the record.
	studyPress(t, s, "b", "esc")
	if s.an.preview != nil {
		t.Error("esc kept the preview")
	}
}

// A mate search from a tsume position: the fake answers a mate in one.
func TestStudyMateSearch(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tsume.sfen")
	if err := os.WriteFile(path, []byte("4k4/9/4P4/9/9/9/9/9/4K4 b G 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(usitest.Env, "name=fake")
	c := newCommon(Options{Pieces: common.Kanji, Lang: words.Japanese, Engine: "usi:" + os.Args[0]})
	c.Width, c.Height = 120, 40
	s := loadStudy(c, path)
	t.Cleanup(func() { s.closeEngines(true) })
	pump(t, s, studyPress(t, s, "M"), "1手詰", "▲５二金")
	// Its line can be played out like the engine's.
	studyPress(t, s, "b")
	mustShow(t, s, "読み筋 1/1: ▲５二金")
}

// A dead engine is named and said, and analysis stops.
func TestStudyEngineFaults(t *testing.T) {
	s := engineStudy(t, "branches.kif", "name=crasher,crash=1,tick=10s", 120, 40)
	s.goTo(0)
	pump(t, s, studyPress(t, s, "a"), "検討 crasher")
	feed := s.feed(s.an.sess)
	studyPress(t, s, "right")
	pump(t, s, feed, "エンジンが止まりました", "crasher")
	if s.an.on {
		t.Error("analysis still on after the engine died")
	}
	// a starts a fresh engine, which does well at the start.
	dead := s.an.sess
	studyPress(t, s, "left")
	pump(t, s, studyPress(t, s, "a"), "+10 互角")
	if s.an.sess == dead {
		t.Error("the dead engine was asked again")
	}

	c := newCommon(Options{Pieces: common.Kanji, Lang: words.Japanese, Engine: "usi:/nonexistent/engine-x"})
	c.Width, c.Height = 120, 40
	s2 := loadStudy(c, filepath.Join("testdata", "study", "branches.kif"))
	pump(t, s2, studyPress(t, s2, "a"), "engine-x cannot be run")
}

// The whole-record analysis writes every main-line move's comment in
// ShogiHome's form while the study stays usable, keeping the comments.
func TestStudyWholeRecord(t *testing.T) {
	s := engineStudy(t, "branches.kif", "name=fake", 120, 40)
	cmd := studyPress(t, s, "A")
	if s.an.pass == nil {
		t.Fatal("no pass")
	}
	// The study answers keys meanwhile.
	studyPress(t, s, "right")
	if s.cur != 1 {
		t.Error("a step was lost during the pass")
	}
	pump(t, s, cmd, "棋譜解析が終わりました")
	line := annotate.MainLine(s.rec)
	for i, n := range line.Nodes {
		e, ok := n.Analysis(line.After[i])
		if !ok || e.Engine != "fake" || !e.HasScore {
			t.Errorf("move %d: %+v %v", i+1, e, ok)
		}
	}
	if c := line.Nodes[0].Comment(); !strings.HasSuffix(c, "\n角道を開ける") {
		t.Errorf("move 1's comment: %q", c)
	}
	if !s.an.unsaved {
		t.Error("the record's new comments are not marked unsaved")
	}
	mustShow(t, s, "(未保存の変更あり)")
	studyPress(t, s, "q")
	mustShow(t, s, "解析結果をまだ書き出していません")
	studyPress(t, s, "n")
	// The graph and the analysis of the move shown.
	sc := screen(s)
	if !strings.Contains(sc, "+2000") || !strings.Contains(sc, "解析") || !strings.ContainsFunc(sc, isBraille) {
		t.Errorf("no graph:\n%s", sc)
	}
	// Cancelled part-way, a pass keeps what it did.
	s2 := engineStudy(t, "branches.kif", "name=slow,think=100ms", 120, 40)
	cmd = studyPress(t, s2, "A")
	pump(t, s2, cmd, "棋譜解析 [####................] 3/14")
	studyPress(t, s2, "A")
	pump(t, s2, s2.passFeed(s2.an.pass), "棋譜解析を中止しました")
	done := 0
	l2 := annotate.MainLine(s2.rec)
	for i, n := range l2.Nodes {
		if _, ok := n.Analysis(l2.After[i]); ok {
			done++
		}
	}
	if done < 2 || done > 5 {
		t.Errorf("%d moves kept after cancelling", done)
	}
}

// analysedRecord is branches.kif with an analysis in its comments, as
// ShogiHome (or shogi analyse) writes it: Black blunders at move 5,
// White's move 10 is dubious, and the values swing across the graph.
func analysedRecord(t *testing.T) (string, *kifu.Record) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "study", "branches.kif"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := kifu.Read(data, "branches.kif")
	if err != nil {
		t.Fatal(err)
	}
	line := annotate.MainLine(rec)
	vals := []int{40, 30, 80, 50, -700, -650, -600, -900, -850, 200, 150, 400, 1200}
	verdict := map[int]string{5: "大悪手", 10: "疑問手"}
	for i, n := range line.Nodes {
		after := line.After[i]
		pv := after.LegalMoves(nil)[:1]
		n.SetAnalysis(&kifu.Evaluation{Score: vals[i], HasScore: true, PV: pv, Depth: 10, Engine: "Stored 1.0", Verdict: verdict[i+1]}, after)
	}
	out, err := kifu.Marshal(rec, kifu.KIF, kifu.WriteOptions{Encoding: kifu.UTF8})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "analysed.kifu")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, rec
}

// A record with analysis comments opens with its marks, its graph and its
// summary, and shows each move's analysis apart from its comment.
func TestStudyReadsAnalysisBack(t *testing.T) {
	path, _ := analysedRecord(t)
	s := loadStudy(studyCommon(120, 40), path)
	mustShow(t, s, "5 ▲２五歩??", "10 △同　歩?!", "集計", "▲先手: 6手", "+2000")
	studyPress(t, s, "5", "enter")
	mustShow(t, s, "解析 大悪手 ??  -700 後手優勢  深さ 10  Stored 1.0")
	mustNotShow(t, s, "#評価値", "【大悪手】")
	// A click on the graph goes to the ply under it.
	l := s.Layout()
	gr := s.graphRect(l)
	if gr.H == 0 {
		t.Fatal("no graph")
	}
	s.click(tea.Mouse{X: gr.X + gr.W - 1, Y: gr.Y, Button: tea.MouseLeft})
	if s.cur != 13 {
		t.Errorf("a click at the graph's right end went to ply %d", s.cur)
	}
	gr = s.graphRect(s.Layout()) // the end's summary takes rows from the graph
	s.click(tea.Mouse{X: gr.X + components.GraphLabelW, Y: gr.Y, Button: tea.MouseLeft})
	if s.cur != 0 {
		t.Errorf("a click at the graph's left end went to ply %d", s.cur)
	}
}

// The study with its graph at the usual sizes, with and without colour,
// as goldens (the analysis read back from the record; no engine runs).
func TestStudyAnalysisGoldens(t *testing.T) {
	path, _ := analysedRecord(t)
	for _, size := range goldenSizes {
		for _, mono := range []bool{false, true} {
			c := studyCommon(size[0], size[1])
			name := "analysis"
			if mono {
				c.Level = common.LevelMono
				c.Restyle()
				name += "-nocolor"
			}
			s := loadStudy(c, path)
			s.name = "analysed.kifu"
			s.goTo(5)
			v, _ := s.View()
			golden(t, filepath.Join("study", name+"-"+itoaSize(size)+".ansi"), v)
			if !mono {
				golden(t, filepath.Join("study", name+"-"+itoaSize(size)+".txt"), ansi.Strip(v))
			}
		}
	}
}

func isBraille(r rune) bool { return r > 0x2800 && r <= 0x28ff }

func itoaSize(s [2]int) string { return fmt.Sprintf("%dx%d", s[0], s[1]) }

// Leaving the study or ending the program ends its engines.
func TestStudyClosesEngines(t *testing.T) {
	s := engineStudy(t, "branches.kif", "name=fake,tick=5ms", 120, 40)
	pump(t, s, studyPress(t, s, "a"), "検討 fake")
	sess := s.an.sess
	screenOf(s.c, s).Close(true) // as the app does when it ends
	select {
	case <-sess.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the engine outlived the program")
	}
	if s.an.sess != nil || s.an.on {
		t.Error("the study still holds its engine")
	}
}

// A game played from the study pauses the engine; back in the study it
// takes the game's moves as a branch and analyses its last position at
// once.
func TestStudyAnalysisAcrossPlayFromHere(t *testing.T) {
	s := engineStudy(t, "branches.kif", "name=fake,tick=10s", 120, 40)
	s.goTo(2)
	pump(t, s, studyPress(t, s, "a"), "検討 fake", "+12 互角")
	sc := screenOf(s.c, s)
	sc.Cover() // a game goes over the study
	if s.an.on || !s.an.paused {
		t.Fatalf("covered: on %v, paused %v", s.an.on, s.an.paused)
	}
	if sn := s.an.sess.Snapshot(); sn.Running {
		t.Error("the engine thinks during the game")
	}
	// The game, as it ends after 2g2f.
	p := *s.Position()
	mv, err := p.ParseUSI("2g2f")
	if err != nil {
		t.Fatal(err)
	}
	sc.Uncover(played{rec: s.rec, from: s.node(), moves: []game.Move{mv}})
	if !s.an.on || s.cur != 3 {
		t.Fatalf("back: on %v, ply %d", s.an.on, s.cur)
	}
	// The fake's move 3 score, from Black's side with White to move.
	pump(t, s, s.feed(s.an.sess), "-13 互角", firstLegal(t, s, 3))
}

// played is a game's screen as the study sees it when it leaves.
type played struct {
	common.Screen
	rec   *kifu.Record
	from  *kifu.Node
	moves []game.Move
}

func (p played) Played() (*kifu.Record, *kifu.Node, []game.Move, game.Result) {
	return p.rec, p.from, p.moves, game.Result{}
}

// The study offers the engine named on the command line, then the
// settings' engines as they are when the study opens, then the strongest
// built-in level, each once.
func TestStudyEngineChoices(t *testing.T) {
	st := settings.Default()
	st.Engines = []settings.EngineEntry{{Name: "Fairy", Path: "/usr/games/fairy-stockfish", Options: map[string]any{"Threads": int64(1)}}}
	c := newCommon(Options{Settings: st, Engine: "usi:/usr/games/gpsusi"})
	a := newStudyAnalysis(c.StudyEngines())
	var got []string
	for _, ch := range a.choices {
		got = append(got, ch.Name+"="+ch.Spec)
	}
	want := []string{"usi:/usr/games/gpsusi=usi:/usr/games/gpsusi", "strong=strong", "Fairy=usi:/usr/games/fairy-stockfish,Threads=1"}
	if strings.Join(got, " | ") != strings.Join(want, " | ") {
		t.Errorf("choices %q, want %q", got, want)
	}
	// An engine added in the settings afterwards is offered by the next
	// study; the same program with the same options is offered once.
	st.Engines = append(st.Engines, settings.EngineEntry{Name: "GPS", Path: "/usr/games/gpsusi"},
		settings.EngineEntry{Name: "GPS no book", Path: "/usr/games/gpsusi", Options: map[string]any{"BookDepth": int64(0)}})
	if n := len(newStudyAnalysis(c.StudyEngines()).choices); n != 4 {
		t.Errorf("%d choices after adding two engines, one the command line's, want 4", n)
	}
}

// A game the app played (each engine's evaluation written as ShogiHome
// writes a player's, *評価値=) and a record with other programs' forms
// (ShogiGUI's *解析 and *対局, 棋神アナリティクス's, K-Shogi's #形勢[…])
// open with their graph, each move's evaluation in the panel and the
// people's words apart.
func TestStudyReadsEveryEvaluationForm(t *testing.T) {
	for _, c := range []struct {
		file  string
		ply   string
		show  []string
		words string
	}{
		{"played.kifu", "4", []string{"対局時  +1731 先手勝勢", "Engine B", "▲２五歩"}, ""},
		{"played.csa", "5", []string{"対局時  +9手詰"}, ""},
		{"other_programs.kifu", "2", []string{"解析  +52 互角", "深さ 18"}, "a person's note"},
		{"other_programs.kifu", "1", []string{"対局時  -45 互角", "深さ 9"}, ""},
	} {
		t.Run(c.file+"@"+c.ply, func(t *testing.T) {
			s := loadStudy(studyCommon(120, 40), filepath.Join("..", "..", "kifu", "testdata", "readings", c.file))
			if _, ok := s.graph(); !ok {
				t.Fatal("no graph")
			}
			studyPress(t, s, c.ply, "enter")
			mustShow(t, s, c.show...)
			if c.words != "" {
				mustShow(t, s, c.words)
			}
			mustNotShow(t, s, "評価値=", "*解析", "**", "#形勢")
		})
	}
}

// a starts what the README says: the engine the command line names, else
// the settings' study engine, else the strongest built-in level — not the
// first engine listed in the settings.
func TestStudyEngineDefault(t *testing.T) {
	st := settings.Default()
	st.Engines = []settings.EngineEntry{{Name: "Fairy", Path: "/usr/games/fairy-stockfish"}}
	first := func(o Options) string {
		c := newCommon(o)
		a := newStudyAnalysis(c.StudyEngines())
		return a.choices[a.choice].Spec
	}
	if got := first(Options{Settings: st}); got != "strong" {
		t.Errorf("an engine in the settings: a starts %q, want the strongest level", got)
	}
	st.Study = "Fairy"
	if got := first(Options{Settings: st}); got != "usi:/usr/games/fairy-stockfish" {
		t.Errorf("study_engine = Fairy: a starts %q", got)
	}
	if got := first(Options{Settings: st, Engine: "club"}); got != "club" {
		t.Errorf("--engine club: a starts %q", got)
	}
}
