package study

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shogi/app/words"
	"shogi/tui/common"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"shogi/game"
	"shogi/game/match"
	"shogi/game/notation"
	"shogi/kifu"
)

// studyCommon is the shared state a study test runs with: the given
// screen size, kanji pieces, KI2 notation, Japanese words, narrow
// ambiguous width, true colour.
func studyCommon(w, h int) *common.Common {
	c := newCommon(Options{Pieces: common.Kanji, Lang: words.Japanese})
	c.Width, c.Height = w, h
	return c
}

// loadStudy reads a record file into a study, as the app does.
func loadStudy(c *common.Common, path string) *studyModel {
	data, err := os.ReadFile(path)
	st, _ := fromRead(c, ReadMsg{path: path, data: data, err: err})
	return st.(*studyModel)
}

func openTestRecord(t *testing.T, name string, w, h int) *studyModel {
	t.Helper()
	s := loadStudy(studyCommon(w, h), filepath.Join("testdata", "study", name))
	if s.loadErr != nil {
		t.Fatalf("%s: %v", name, s.loadErr)
	}
	return s
}

// studyPress sends keys as the terminal would: a named key, or each
// character of a string as its own key press. It returns the last command.
func studyPress(t *testing.T, s *studyModel, keys ...string) tea.Cmd {
	t.Helper()
	var cmd tea.Cmd
	send := func(msg tea.Msg) {
		var m mode
		m, cmd = s.Update(msg)
		if m != mode(s) {
			t.Fatalf("key %v replaced the study", msg)
		}
		// An export runs as a command: run it, as Bubble Tea would, and
		// hand its report back.
		for cmd != nil {
			out := cmd()
			ex, ok := out.(exportedMsg)
			if !ok {
				cmd = func() tea.Msg { return out }
				return
			}
			_, cmd = s.Update(ex)
		}
	}
	for _, k := range keys {
		if isNamedKey(k) {
			send(keyMsg(k))
			continue
		}
		for _, r := range k {
			send(keyMsg(string(r)))
		}
	}
	return cmd
}

// screen is the view without escape sequences.
func screen(s *studyModel) string {
	v, _ := s.View()
	return ansi.Strip(v)
}

// mustShow fails unless the screen has every text.
func mustShow(t *testing.T, s *studyModel, texts ...string) {
	t.Helper()
	sc := screen(s)
	for _, x := range texts {
		if !strings.Contains(sc, x) {
			t.Fatalf("screen lacks %q:\n%s", x, sc)
		}
	}
}

func mustNotShow(t *testing.T, s *studyModel, texts ...string) {
	t.Helper()
	sc := screen(s)
	for _, x := range texts {
		if strings.Contains(sc, x) {
			t.Fatalf("screen has %q:\n%s", x, sc)
		}
	}
}

// mustSFEN checks the position shown against an SFEN worked out by hand.
func mustSFEN(t *testing.T, s *studyModel, want string) {
	t.Helper()
	if got := s.Position().SFEN(); got != want {
		t.Fatalf("position at ply %d:\n got %s\nwant %s", s.cur, got, want)
	}
}

// The two files are the same record, in UTF-8 and in Shift_JIS as Kifu
// for Windows writes it: 13 moves and 投了, with 変化 at plies 3 and 8.
func TestStudyWalkBranches(t *testing.T) {
	for _, name := range []string{"branches.kif", "branches_sjis.kif"} {
		t.Run(name, func(t *testing.T) {
			s := openTestRecord(t, name, 100, 30)
			mustShow(t, s, "手数 0/13", "開始局面", "テスト用の棋譜", "▲先手 山田太郎", "△後手 佐藤花子",
				"棋戦: 研究会 @ 東京", "手合: 平手, 各10分", "結果: 先手の勝ち (投了)")

			studyPress(t, s, "ll") // one burst, two steps
			mustShow(t, s, "手数 2/13", "2 △３四歩  (0:02 / 00:00:02)")
			studyPress(t, s, "left")
			mustShow(t, s, "手数 1/13", "1 ▲７六歩", "角道を開ける")
			studyPress(t, s, "right")
			mustShow(t, s, "次の手 (3手目) の変化: [▲２六歩] / ▲６六歩 (変化)")

			// The branch at ply 3.
			studyPress(t, s, "l")
			mustShow(t, s, "手数 3/13", "3 ▲２六歩", "3手目の変化: [▲２六歩] / ▲６六歩 (変化)", "指し手  ki2  本譜")
			studyPress(t, s, "v")
			mustShow(t, s, "手数 3/5", "3 ▲６六歩", "[変化]", "振り飛車含み", "3手目の変化: ▲２六歩 / [▲６六歩] (変化)",
				"指し手  ki2  変化 3手目から")
			studyPress(t, s, "G")
			mustShow(t, s, "手数 5/5", "5 ▲７八銀", "変化はここまで (5手)")
			studyPress(t, s, "m")
			mustShow(t, s, "手数 3/13", "3 ▲２六歩", "指し手  ki2  本譜")
			mustNotShow(t, s, "[変化]")

			// The branch at ply 8, reached by typing the move number.
			studyPress(t, s, "8", "enter")
			mustShow(t, s, "手数 8/13", "8 △３二金", "8手目の変化: [△３二金] / △３三角 (変化)")
			studyPress(t, s, "V") // two alternatives: back is the same as forward
			mustShow(t, s, "手数 8/10", "8 △３三角", "角交換を挑む", "指し手  ki2  変化 8手目から")
			studyPress(t, s, "l", "l")
			mustShow(t, s, "手数 10/10", "10 △同　桂", "変化はここまで (10手)")
			mustSFEN(t, s, "lnsgkgs1l/1r7/p1ppppnpp/6p2/1p5P1/2P6/PP1PPPP1P/2G4R1/LNS1KGSNL b Bb 11")

			// Back to the main line and on to its end.
			studyPress(t, s, "m")
			mustShow(t, s, "手数 8/13", "8 △３二金")
			studyPress(t, s, "end")
			mustShow(t, s, "手数 13/13", "13 ▲２八飛", "まで13手で先手の勝ち (後手投了)", "後手の投了")
			studyPress(t, s, "right") // the ending is no ply to step to
			mustShow(t, s, "手数 13/13", "13 ▲２八飛")
			mustSFEN(t, s, "lnsgk1snl/1r4gb1/p1pppp1pp/6p2/1p7/2P6/PP1PPPP1P/1BG4R1/LNS1KGSNL w P 14")
			mustShow(t, s, "▲先手 持駒 歩")
		})
	}
}

func TestStudyNavigationKeys(t *testing.T) {
	s := openTestRecord(t, "branches.kif", 100, 30)
	for _, step := range []struct {
		keys []string
		want int
	}{
		{[]string{"pgdown"}, 10},
		{[]string{"pgdown"}, 13}, // clamped at the last move
		{[]string{"pgup"}, 3},
		{[]string{"pgup"}, 0},
		{[]string{"end"}, 13}, // the last move: the ending is no ply
		{[]string{"home"}, 0},
		{[]string{"G"}, 13},
		{[]string{"g"}, 0},
		{[]string{"h"}, 0},
		{[]string{"12", "enter"}, 12}, // digits in one burst
		{[]string{"1", "3", "backspace", "enter"}, 1},
		{[]string{"99", "enter"}, 13},
		{[]string{"5", "esc"}, 13}, // esc drops the number
		{[]string{"0", "enter"}, 0},
		{[]string{"lllll"}, 5},
		{[]string{"7", "l", "esc", "l"}, 6}, // a letter goes into the line (a move may follow a digit)
	} {
		studyPress(t, s, step.keys...)
		if s.cur != step.want {
			t.Fatalf("after %q: ply %d, want %d", step.keys, s.cur, step.want)
		}
	}
	studyPress(t, s, "3")
	mustShow(t, s, "> 3", "enter で3手目へ")
}

// clickText clicks the first place the screen shows text.
func clickText(t *testing.T, s *studyModel, text string) {
	t.Helper()
	for y, line := range strings.Split(screen(s), "\n") {
		if i := strings.Index(line, text); i >= 0 {
			x := s.c.Measure.Width(line[:i])
			s.Update(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
			return
		}
	}
	t.Fatalf("screen lacks %q", text)
}

func TestStudyMouse(t *testing.T) {
	s := openTestRecord(t, "branches.kif", 100, 30)
	clickText(t, s, "9 ▲２四歩")
	if s.cur != 9 {
		t.Fatalf("click on move 9: ply %d", s.cur)
	}
	clickText(t, s, "開始局面")
	if s.cur != 0 {
		t.Fatalf("click on the start: ply %d", s.cur)
	}
	for i := 0; i < 3; i++ {
		s.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	}
	s.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if s.cur != 2 {
		t.Fatalf("three wheel steps down and one up: ply %d", s.cur)
	}
	clickText(t, s, "|四") // on the board, not the list: nothing happens
	if s.cur != 2 {
		t.Fatalf("click on the board moved to ply %d", s.cur)
	}
}

// A list longer than the panel scrolls so the shown move stays visible,
// and a click still lands on the move drawn under the pointer.
func TestStudyLongListScrollsAndClicks(t *testing.T) {
	rec, _ := randomRecord(t, 300, 7)
	s := newStudy(studyCommon(80, 24), rec, "random.kif", nil)
	s.c.Notation = 0 // USI: short, fixed-width texts
	s.retext()
	for _, ply := range []int{0, 57, 123, 299, 300, 1} {
		s.goTo(ply)
		want := ">" + itoaPad(ply, 3)
		mustShow(t, s, want)
		target := ply - 1
		if target < 0 {
			target = 1
		}
		// The move before (or after) is on screen too; click it.
		if !strings.Contains(screen(s), " "+itoaPad(target, 3)+" ") {
			continue // at a column edge: the neighbour is scrolled off
		}
		clickText(t, s, " "+itoaPad(target, 3)+" "+s.line.text[target])
		if s.cur != target {
			t.Fatalf("click on move %d from ply %d: ply %d", target, ply, s.cur)
		}
	}
}

func itoaPad(n, w int) string { return fmt.Sprintf("%*d", w, n) }

func TestStudyNotationCycle(t *testing.T) {
	s := openTestRecord(t, "branches.kif", 100, 30)
	studyPress(t, s, "lll")
	mustShow(t, s, "▲２六歩")
	studyPress(t, s, "c") // KI2 → Western (Hodges)
	mustShow(t, s, "手数 3/13", "3 P-2f", "棋譜の表記: western")
	studyPress(t, s, "lllllllll") // ply 12: the pawn drop
	mustShow(t, s, "手数 12/13", "12 P*2c")
	studyPress(t, s, "c", "c", "c", "c", "c") // Hosking, romaji, new method, KIF, CSA
	mustShow(t, s, "-0023FU")
	studyPress(t, s, "c") // USI
	mustShow(t, s, "P*2c")
}

func TestStudyPieceStyles(t *testing.T) {
	s := openTestRecord(t, "branches.kif", 100, 30)
	s.c.SetPieces(common.Western)
	s.c.SetLang(words.English)
	studyPress(t, s, "end")
	mustShow(t, s, "Ply 13/13", "▲Black in hand: P", "Result: Black wins by resignation",
		"White resigns, Black wins")
}

func TestStudyExport(t *testing.T) {
	dir := t.TempDir()
	s := openTestRecord(t, "branches.kif", 100, 30)
	s.c.SetLang(words.English)
	studyPress(t, s, "e")
	mustShow(t, s, "Export to (.kif .ki2 .csa .jkf .usi .sfen .psn): branches.kif")
	// The current directory, not the source's folder.
	if f := footerText(s); f != words.StudyEnglish.ExportPrompt+"branches.kif" {
		t.Errorf("export prompt %q, want the name alone", f)
	}
	studyPress(t, s, "esc")
	mustShow(t, s, "export cancelled")
	studyPress(t, s, "e", "ctrl+u", "enter")
	mustShow(t, s, "no file name: nothing saved")

	out := filepath.Join(dir, "copy.csa")
	studyPress(t, s, "e", "ctrl+u", out, "enter")
	// CSA has no variations: said before writing.
	mustShow(t, s, "csa cannot hold 2 variations: save anyway? (y/n)")
	studyPress(t, s, "y")
	mustShow(t, s, "saved "+out+" (csa)")
	back, err := kifu.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(back.MainMoves()); got != 13 {
		t.Fatalf("exported main line has %d moves, want 13", got)
	}
	if e, _ := back.Ending(); e != kifu.Resign {
		t.Fatalf("exported ending %v, want resign", e)
	}

	// Same name again: asked first; n keeps the file, y writes it.
	kif := filepath.Join(dir, "copy.kif")
	studyPress(t, s, "e", "ctrl+u", kif, "enter")
	studyPress(t, s, "e", "ctrl+u", kif, "enter")
	mustShow(t, s, kif+" exists: overwrite? (y/n)")
	studyPress(t, s, "n")
	mustShow(t, s, "not saved")
	studyPress(t, s, "e", "ctrl+u", kif, "enter", "y")
	mustShow(t, s, "saved "+kif+" (kif)")
	// KIF keeps the branches: the export reads back with both.
	back, err = kifu.ReadFile(kif)
	if err != nil {
		t.Fatal(err)
	}
	b := newStudy(studyCommon(100, 30), back, kif, nil)
	b.c.SetLang(words.Japanese)
	studyPress(t, b, "8", "enter", "v")
	mustShow(t, b, "手数 8/10", "8 △３三角", "角交換を挑む")

	studyPress(t, s, "e", "ctrl+u", filepath.Join(dir, "x.doc"), "enter")
	mustShow(t, s, "unknown extension")
	studyPress(t, s, "e") // the prompt comes back with the name to fix
	if f := footerText(s); !strings.HasPrefix(f, words.StudyEnglish.ExportPrompt) || !strings.HasSuffix(f, string(filepath.Separator)+"x.doc") {
		t.Fatalf("e after a refused name shows %q, want the prompt with the name to fix", f)
	}
	studyPress(t, s, "backspace", "backspace", "backspace", "kif", "enter")
	mustShow(t, s, "saved "+filepath.Join(dir, "x.kif"))
	missing := filepath.Join(dir, "no", "such")
	studyPress(t, s, "e", "ctrl+u", filepath.Join(missing, "dir.kif"), "enter")
	if want := "cannot save " + filepath.Join(missing, "dir.kif") + ": the folder " + missing + " does not exist"; s.message != want {
		t.Errorf("message %q, want %q", s.message, want)
	}
	// Longer than the screen is wide: wrapped, not cut.
	for _, word := range strings.Fields(s.message) {
		mustShow(t, s, word)
	}
}

func TestStudyBrokenRecord(t *testing.T) {
	s := loadStudy(studyCommon(100, 30), filepath.Join("testdata", "study", "broken.kif"))
	s.c.SetLang(words.English)
	if s.rec != nil {
		t.Fatal("a record whose start cannot be read opened")
	}
	mustShow(t, s, "Cannot open testdata/study/broken.kif", "testdata/study/broken.kif:10: board diagram row 3")
	if cmd := studyPress(t, s, "l", "v", "e"); cmd != nil {
		t.Fatal("keys on the error screen did something")
	}
	cmd := studyPress(t, s, "q")
	if _, ok := cmd().(common.ToMenuMsg); !ok {
		t.Fatal("q on the error screen does not return to the menu")
	}

	s = loadStudy(studyCommon(100, 30), filepath.Join("testdata", "study", "missing.kif"))
	s.c.SetLang(words.English)
	mustShow(t, s, "Cannot open", "missing.kif", "no such file")
}

// partial.kif plays 1.▲７六歩 2.△３四歩 3.▲２二角成 4.△同銀, then asks for
// 5.５五角(88), and 88 is empty by then.
func TestStudyPartRecord(t *testing.T) {
	s := loadStudy(studyCommon(100, 30), filepath.Join("testdata", "study", "partial.kif"))
	if s.rec == nil {
		t.Fatalf("the readable part did not open: %v", s.loadErr)
	}
	if s.last() != 4 {
		t.Fatalf("%d plies read, want 4", s.last())
	}
	note := "4手目まで読みました。5手目が読めません: testdata/study/partial.kif:10: move 5:"
	mustShow(t, s, note)
	studyPress(t, s, "G")
	mustShow(t, s, "手数 4/4", "4 △同　銀", note, "棋譜はここまで (4手、終局の記録なし)")
	mustSFEN(t, s, "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5")
}

func TestStudyPlayFromHere(t *testing.T) {
	s := openTestRecord(t, "branches.kif", 100, 30)
	studyPress(t, s, "5", "enter", "p")
	mustShow(t, s, "ここから△後手を持って指す相手: 0 対人, 1 ランダム, 2 駒得")
	cmd := studyPress(t, s, "2")
	msg, ok := cmd().(common.PlayFromMsg)
	if !ok {
		t.Fatalf("p 2 sent %T, want playFromMsg", cmd())
	}
	if msg.Players[0].String() != "greedy" || msg.Players[1].Kind != match.HumanKind || msg.Node != s.node() || msg.Pos.SFEN() != s.Position().SFEN() {
		t.Fatalf("play from ply 5: %+v", msg)
	}

	// The game comes back: △３三角 ▲２四歩 △同歩 ▲同飛 and Black resigns.
	pos := msg.Pos
	var moves []game.Move
	for _, u := range []string{"2b3c", "2e2d", "2c2d", "2h2d"} {
		m, err := pos.ParseUSI(u)
		if err != nil || !pos.IsLegal(m) {
			t.Fatalf("%s: %v", u, err)
		}
		moves = append(moves, m)
		pos = pos.Play(m)
	}
	s.addLine(msg.Node, moves, game.Result{Outcome: game.BlackWins, Ending: game.Resignation})
	mustShow(t, s, "手数 9/9", "9 ▲同　飛", "指し手  ki2  変化 6手目から", "(未保存の変更あり)")
	studyPress(t, s, "G")
	mustShow(t, s, "まで9手で先手の勝ち (後手投了)")
	studyPress(t, s, "6", "enter")
	mustShow(t, s, "6手目の変化: △８五歩 / [△３三角] (変化)")

	out := filepath.Join(t.TempDir(), "with-branch.kif")
	studyPress(t, s, "e", "ctrl+u", out, "enter")
	back, err := kifu.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if n := back.Root.FirstChild().FirstChild().FirstChild().FirstChild().FirstChild().NumChildren(); n != 2 {
		t.Fatalf("after ply 5 the saved record has %d moves, want 2", n)
	}

	// At the end of a finished line there is nothing to play.
	studyPress(t, s, "home", "p", "x")
	mustShow(t, s, "ここから指すのをやめました")
}

func TestStudyResizeAndMinimum(t *testing.T) {
	s := openTestRecord(t, "branches.kif", 100, 30)
	studyPress(t, s, "8", "enter")
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 60}, {81, 25}} {
		s.c.Width, s.c.Height = size[0], size[1]
		lines := strings.Split(screen(s), "\n")
		if len(lines) != size[1] {
			t.Fatalf("%dx%d: %d lines", size[0], size[1], len(lines))
		}
		for i, l := range lines {
			if w := s.c.Measure.Width(l); w > size[0] {
				t.Fatalf("%dx%d: line %d is %d wide: %q", size[0], size[1], i, w, l)
			}
		}
		mustShow(t, s, "手数 8/13", "8手目の変化")
	}
}

// Every line of every ply fits the screen in both width policies: the
// ambiguous ▲△× count one or two columns.
func TestStudyFitsBothWidthPolicies(t *testing.T) {
	for _, p := range []common.WidthPolicy{common.Narrow, common.Wide} {
		s := openTestRecord(t, "branches.kif", 80, 24)
		s.c.SetPolicy(p)
		s.retext()
		for ply := 0; ply <= s.last(); ply++ {
			s.goTo(ply)
			for i, l := range strings.Split(screen(s), "\n") {
				if w := s.c.Measure.Width(l); w > 80 {
					t.Fatalf("%v, ply %d: line %d is %d wide: %q", p, ply, i, w, l)
				}
			}
		}
	}
}

// studyGolden compares a screen with testdata/study/NAME.golden (go test
// -update rewrites it).
func studyGolden(t *testing.T, name, got string) {
	t.Helper()
	golden(t, filepath.Join("study", name+".golden"), got)
}

func TestStudyGoldenViews(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		w, h       int
		setup      func(s *studyModel)
		keys       []string
	}{
		{"start", "branches.kif", 80, 24, nil, nil},
		{"variation", "branches.kif", 80, 24, nil, []string{"lll", "v"}},
		{"end", "branches.kif", 80, 24, nil, []string{"end"}},
		{"western", "branches.kif", 100, 30, func(s *studyModel) {
			s.c.SetPieces(common.Western)
			s.c.SetLang(words.English)
		}, []string{"12", "enter", "f"}},
		{"large", "branches.kif", 120, 40, nil, []string{"8", "enter"}},
		{"partial", "partial.kif", 80, 24, nil, []string{"G"}},
		{"broken", "broken.kif", 80, 24, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := loadStudy(studyCommon(tc.w, tc.h), filepath.Join("testdata", "study", tc.file))
			if tc.setup != nil {
				tc.setup(s)
				s.retext()
			}
			studyPress(t, s, tc.keys...)
			studyGolden(t, tc.name, screen(s))
		})
	}
}

// A comment longer than the space below the board is cut with a note
// saying how much is left.
func TestStudyLongComment(t *testing.T) {
	s := openTestRecord(t, "branches.kif", 80, 24)
	var lines []string
	for i := 1; i <= 9; i++ {
		lines = append(lines, fmt.Sprintf("解説の%d行目", i))
	}
	s.rec.Root.SetComment(strings.Join(lines, "\n"))
	mustShow(t, s, "解説の1行目", "解説の3行目", "... あと6行 (j で下へ)")
	mustNotShow(t, s, "解説の4行目")
	// j scrolls down to the end of the comment, and no further; k back up.
	studyPress(t, s, "j", "j", "j", "j", "j", "j", "j", "j")
	mustShow(t, s, "解説の9行目", "解説の7行目", "上にあと")
	mustNotShow(t, s, "解説の6行目", "(j で下へ)")
	studyPress(t, s, "k", "k", "k", "k", "k", "k", "k", "k")
	mustShow(t, s, "解説の1行目")
	mustNotShow(t, s, "上にあと")
	studyPress(t, s, "j", "l", "h") // another ply starts at the top again
	mustShow(t, s, "解説の1行目")
	s.c.Width, s.c.Height = 80, 40
	mustNotShow(t, s, "(j で下へ)")
	if n := strings.Count(screen(s), "行目"); n != 9 {
		t.Fatalf("%d comment lines on a 40-line screen, want 9", n)
	}
	// With room for all of it, j says there is nothing more to see.
	studyPress(t, s, "j")
	mustShow(t, s, "解説の1行目", words.StudyJapanese.WholeComment)
}

func TestStudyClickVariation(t *testing.T) {
	s := openTestRecord(t, "branches.kif", 100, 30)
	studyPress(t, s, "ll") // ply 2: the next move has alternatives
	clickText(t, s, "▲６六歩 (変化)")
	mustShow(t, s, "手数 2/5", "2 △３四歩", "次の手 (3手目) の変化: ▲２六歩 / [▲６六歩] (変化)")
	studyPress(t, s, "l")
	mustShow(t, s, "手数 3/5", "3 ▲６六歩", "振り飛車含み")
	clickText(t, s, "▲２六歩 /")
	mustShow(t, s, "手数 3/13", "3 ▲２六歩")
}

// Moves the record already has are followed, not added again.
func TestStudyAddLineFollowsKnownMoves(t *testing.T) {
	s := openTestRecord(t, "branches.kif", 100, 30)
	start := s.rec.Start
	var moves []game.Move
	pos := start
	for _, u := range []string{"7g7f", "3c3d", "6g6f"} { // the main line, then the ply-3 variation
		m, err := pos.ParseUSI(u)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		pos = pos.Play(m)
	}
	s.addLine(s.rec.Root, moves, game.Result{})
	mustShow(t, s, "手数 3/5", "3 ▲６六歩", "指した手はもう棋譜にあります")
	mustNotShow(t, s, "(未保存の変更あり)")
	if n := s.rec.Root.FirstChild().FirstChild().NumChildren(); n != 2 {
		t.Fatalf("ply 3 has %d alternatives, want the same 2", n)
	}
	m, _ := pos.ParseUSI("4a3b") // the variation has △８四歩 here
	s.addLine(s.rec.Root, append(moves, m), game.Result{})
	mustShow(t, s, "手数 4/4", "4 △３二金", "4手目に新しい手を1手加えました", "(未保存の変更あり)", "4手目の変化: △８四歩 / [△３二金] (変化)")
}

// Leaving a record with played moves nobody saved asks first.
func TestStudyLeaveAsksWhenModified(t *testing.T) {
	s := openTestRecord(t, "branches.kif", 100, 30)
	if cmd := studyPress(t, s, "q"); cmd == nil {
		t.Fatal("q on an unchanged record did not leave")
	}
	pos := s.rec.Start
	m, _ := pos.ParseUSI("1g1f")
	s.addLine(s.rec.Root, []game.Move{m}, game.Result{})
	if cmd := studyPress(t, s, "q"); cmd != nil {
		t.Fatal("q left a modified record without asking")
	}
	mustShow(t, s, "保存していない編集があります: w 保存  y 破棄して閉じる")
	if cmd := studyPress(t, s, "n"); cmd != nil {
		t.Fatal("n left anyway")
	}
	mustShow(t, s, "閉じません")
	studyPress(t, s, "esc")
	cmd := studyPress(t, s, "y")
	if _, ok := cmd().(common.ToMenuMsg); !ok {
		t.Fatal("y did not leave")
	}
	// After an export there is nothing to lose.
	s = openTestRecord(t, "branches.kif", 100, 30)
	s.addLine(s.rec.Root, []game.Move{m}, game.Result{})
	studyPress(t, s, "e", "ctrl+u", filepath.Join(t.TempDir(), "saved.kif"), "enter")
	if cmd := studyPress(t, s, "q"); cmd == nil {
		t.Fatal("q after exporting did not leave")
	}
}

// footerText is the footer's first line as text.
func footerText(s *studyModel) string {
	lines, _ := s.footer(s.c.Width)
	return strings.TrimRight(ansi.Strip(lines[0]), " ")
}

// An interrupted record's result and its ending row are words of the
// screen's language, not the record's ending names.
func TestStudyResultWords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "chudan.kifu")
	kif := "手合割：平手\n先手：A\n後手：B\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 中断\n"
	if err := os.WriteFile(path, []byte(kif), 0o644); err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[words.Lang][]string{
		words.English:  {"Result: the game was interrupted", "interrupted"},
		words.Japanese: {"結果: 中断", "中断"},
	} {
		c := newCommon(Options{Pieces: common.Kanji, Lang: lang})
		c.Width, c.Height = 120, 40
		s := loadStudy(c, path)
		mustShow(t, s, want...)
		mustNotShow(t, s, "interrupt ", "Result: interrupt\n")
	}
}

// The line of alternatives (six, then fourteen at ply 41) keeps every
// alternative whole at every size: the keys' hint, the long heading and
// the branches' suffix give way first, then the alternatives wrap; none
// is cut in the middle, and a click on one walks it.
func TestStudyAlternativesFit(t *testing.T) {
	for _, count := range []int{6, 14} {
		t.Run(fmt.Sprint(count), func(t *testing.T) { alternativesFit(t, count) })
	}
}

func alternativesFit(t *testing.T, count int) {
	rec := kifu.NewRecord(game.StartPosition())
	n, p := rec.Root, game.StartPosition()
	for i := 0; i < 40; i++ {
		moves := p.LegalMoves(nil)
		m := moves[(i*7)%len(moves)]
		n = rec.AddMove(n, m)
		p = p.Play(m)
	}
	moves := p.LegalMoves(nil)
	var alts []game.Move
	for i := 0; i < count; i++ {
		m := moves[len(moves)-1-i] // different moves
		rec.AddMove(n, m)
		alts = append(alts, m)
	}
	data, err := kifu.Marshal(rec, kifu.KIF, kifu.WriteOptions{Encoding: kifu.UTF8})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "late.kifu")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []words.Lang{words.English, words.Japanese} {
		for _, size := range goldenSizes {
			c := newCommon(Options{Pieces: common.Kanji, Lang: lang})
			c.Width, c.Height = size[0], size[1]
			s := loadStudy(c, path)
			studyPress(t, s, "40", "enter")
			sc := screen(s)
			for _, m := range alts {
				text := notation.Format(&p, m, c.Notation, n.Move)
				if !strings.Contains(sc, text) {
					t.Errorf("%v %v: the alternative %s is cut:\n%s", lang, size, text, sc)
				}
			}
			if keys := s.words().AltKeys; strings.Contains(sc, "v/V") && !strings.Contains(sc, strings.TrimSpace(keys)) {
				t.Errorf("%v %v: the keys' hint is cut:\n%s", lang, size, sc)
			}
			// A click on the last alternative, wherever it wrapped to, walks it.
			l := s.Layout()
			_, spans := s.variations(l.Panel.W)
			sp := spans[len(spans)-1]
			s.click(tea.Mouse{X: l.Panel.X + sp.start, Y: l.Panel.Y + 1 + sp.row, Button: tea.MouseLeft})
			if got := s.line.nodes[41].Move; got != alts[len(alts)-1] {
				t.Errorf("%v %v: a click on the last alternative walks %v", lang, size, got)
			}
		}
	}
}
