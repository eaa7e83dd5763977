package tui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"

	"shogi/game"
	"shogi/game/match"
	"shogi/kifu"
	"shogi/kifu/kept"
)

// keptFiles lists the kept games in a state directory.
func keptFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(kept.Dir(dir), "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestKeepAndResume(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, Options{Play: true, White: "greedy", StateDir: dir})
	h.typeMove("7g7f")
	want := h.moves()
	h.press("q")
	if !strings.Contains(h.screen(), "Leave the game?") {
		t.Fatalf("q did not ask:\n%s", h.screen())
	}
	h.press("y")
	if h.m.mode() != modeMenu {
		t.Fatalf("after leaving: mode %v", h.m.mode())
	}
	if k := keptFiles(t, dir); len(k) != 1 {
		t.Fatalf("kept files %q, want one", k)
	}
	// A fresh start of the app offers to resume.
	h2 := newHarness(t, Options{StateDir: dir, GamesDir: filepath.Join(dir, "games")})
	if s := h2.screen(); !strings.Contains(s, "Resume a game (1 kept)") {
		t.Fatalf("menu does not offer to resume:\n%s", s)
	}
	h2.press("enter")
	if s := h2.screen(); !strings.Contains(s, "human  vs  △White greedy") || !strings.Contains(s, "2 moves") {
		t.Fatalf("the Resume list:\n%s", s)
	}
	h2.press("enter")
	if h2.m.mode() != modePlay || h2.moves() != want {
		t.Fatalf("resumed: mode %v moves %q, want %q", h2.m.mode(), h2.moves(), want)
	}
	// Finishing the game moves it to the games folder as KIF.
	h2.press("x", "y", "enter")
	if k := keptFiles(t, dir); len(k) != 0 {
		t.Errorf("kept files %q after the game ended", k)
	}
	games, _ := filepath.Glob(filepath.Join(dir, "games", "*.kif"))
	if len(games) != 1 || !strings.Contains(filepath.Base(games[0]), "human vs greedy") {
		t.Fatalf("finished games %q", games)
	}
	rec, err := kifu.ReadFile(games[0])
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.MainMoves(); len(got) != 2 || rec.Header("後手") != "greedy" {
		t.Errorf("the finished record: %d moves, 後手 %q", len(got), rec.Header("後手"))
	}
	if e, _ := rec.Ending(); e != kifu.Resign {
		t.Errorf("the finished record ends with %v", e)
	}
}

func TestMenuNewGame(t *testing.T) {
	h := newHarness(t, Options{})
	if !strings.Contains(h.screen(), "New game") {
		t.Fatalf("menu:\n%s", h.screen())
	}
	// New game; player 2 is the strongest built-in level by default; choose furigoma.
	h.press("enter", "j", "j", "j", "l", "l", "enter")
	s := h.screen()
	if !strings.Contains(s, "Toss") || !strings.Contains(s, "plays Black") {
		t.Fatalf("no furigoma result:\n%s", s)
	}
	h.press("enter")
	if h.m.mode() != modePlay {
		t.Fatalf("mode %v after starting", h.m.mode())
	}
	p := h.m.playShown().Setup.Players
	if p[0].Kind+p[1].Kind != match.HumanKind+match.BuiltinKind {
		t.Fatalf("players %v", p)
	}
}

func TestOptionErrors(t *testing.T) {
	for _, o := range []Options{
		{Black: "deep"},
		{Handicap: "queen"},
		{SFEN: "not a position"},
		{SFEN: "9/9/9/9/9/9/9/9/9 b - 1"},
		{Handicap: "rook", SFEN: game.StartSFEN},
	} {
		if err := CheckOptions(o); err == nil {
			t.Errorf("CheckOptions(%+v) = nil, want an error", o)
		}
	}
	if err := CheckOptions(Options{Black: "greedy", Handicap: "二枚落ち"}); err != nil {
		t.Errorf("valid options refused: %v", err)
	}
}

// "Play from here" in a study starts a game in play mode; leaving it puts
// the moves back into the record as a branch and returns to the study.
func TestPlayFromStudy(t *testing.T) {
	h := newHarness(t, Options{})
	h.send(common.OpenMsg{Path: filepath.Join("..", "assets", "samples", "short.kif")})
	if h.m.mode() != modeStudy {
		t.Fatalf("opening the sample record: mode %v\n%s", h.m.mode(), h.screen())
	}
	h.press("p", "0")
	if h.m.mode() != modePlay || !h.m.playShown().FromStudy {
		t.Fatalf("p 0 did not start a game from the study:\n%s", h.screen())
	}
	start := h.game().Start()
	h.typeMove("7g7f")
	played := h.game()
	h.press("q")
	if !strings.Contains(h.screen(), "Back to the study?") {
		t.Fatalf("q did not ask:\n%s", h.screen())
	}
	h.press("y")
	if h.m.mode() != modeStudy {
		t.Fatalf("mode %v after leaving, want the study", h.m.mode())
	}
	st := h.m.studyTop()
	want := start.Play(played.Moves()[0])
	if got := st.Position(); !got.Equal(&want) {
		t.Errorf("study shows %s, want the position after the played move %s", got.SFEN(), want.SFEN())
	}
}

func TestNewGameAfterEnd(t *testing.T) {
	h := newHarness(t, Options{Play: true})
	h.press("x", "y", "enter", "n")
	if h.m.mode() != modeNewGame {
		t.Fatalf("n after the game: mode %v", h.m.mode())
	}
}

func TestStudyAfterEnd(t *testing.T) {
	h := newHarness(t, Options{Play: true})
	h.press("7g7f", "enter", "x", "y", "enter", "o")
	if h.m.mode() != modeStudy {
		t.Fatalf("o after the game: mode %v, want the study", h.m.mode())
	}
	if s := h.screen(); !strings.Contains(s, "７六歩") {
		t.Errorf("the study does not show the game's move:\n%s", s)
	}
}

// A game played on from a study numbers its moves from the record's ply,
// writes 同 after the record's last move, and w saves the record's line
// through the new moves under the record's headers.
func TestPlayFromStudyNumbering(t *testing.T) {
	h := newHarness(t, Options{Lang: words.Japanese})
	h.send(common.OpenMsg{Path: filepath.Join("..", "assets", "samples", "short.kif")})
	h.press("l", "l", "l", "p", "0") // after ▲２二角成; 0 is hot-seat
	if h.m.mode() != modePlay {
		t.Fatalf("p h did not start a game:\n%s", h.screen())
	}
	if s := h.screen(); !strings.Contains(s, "4手目") || !strings.Contains(s, "△後手の番") {
		t.Fatalf("title does not count from the record's ply 3:\n%s", s)
	}
	h.typeMove("同銀")
	h.typeMove("2g2f")
	s := h.screen()
	for _, want := range []string{"6手目", "4 △同　銀", "5 ▲２六歩"} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, s)
		}
	}
	h.press("w")
	for range h.m.playShown().Save.Value() {
		h.press("backspace")
	}
	path := filepath.Join(t.TempDir(), "line.kif")
	h.press(path, "enter")
	rec, err := kifu.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (status %q)", err, h.status())
	}
	var got []string
	for _, mv := range rec.MainMoves() {
		got = append(got, mv.USI())
	}
	if g := strings.Join(got, " "); g != "7g7f 3c3d 8h2b+ 3a2b 2g2f" {
		t.Errorf("saved line %q", g)
	}
	if rec.Header("先手") != "Sente" || rec.Header("後手") != "Gote" {
		t.Errorf("saved headers %v, want the record's", rec.Headers)
	}
}

// A position without a king (a tsume problem) starts, and says so; one
// that cannot arise in play is refused with the reason.
func TestSFENWarnings(t *testing.T) {
	h := newHarness(t, Options{Play: true, SFEN: "4k4/9/9/9/9/9/9/9/9 b G 1"})
	if s := h.screen(); !strings.Contains(s, "has no king") {
		t.Errorf("no warning for the missing king:\n%s", s)
	}
	err := CheckOptions(Options{SFEN: "PPPPk4/9/9/9/9/9/9/9/4K4 b - 1"})
	var imp *ImpossibleError
	if !errors.As(err, &imp) || len(imp.Reasons) != 4 {
		t.Errorf("dead pawns: %v, want four reasons", err)
	}
}

// The study fits the same smallest terminal as a game; below it the root
// says how much room it needs.
func TestTooSmallStudy(t *testing.T) {
	h := newHarness(t, Options{Play: true})
	h.press("x", "y", "enter", "o")
	if h.m.mode() != modeStudy {
		t.Fatalf("mode %v, want the study", h.m.mode())
	}
	h.send(windowSize(components.MinWidth, components.MinHeight))
	if got := h.screen(); !strings.Contains(got, "Ply 0/0") {
		t.Fatalf("study at %dx%d:\n%s", components.MinWidth, components.MinHeight, got)
	}
	h.send(windowSize(63, 20))
	if got := h.screen(); !strings.Contains(got, "terminal too small (need 64x20, have 63x20)") {
		t.Fatalf("study View at 63x20 = %q", got)
	}
}

// A game saved with w opens in the study as that file, not as unsaved.
func TestStudyAfterSave(t *testing.T) {
	h := newHarness(t, Options{Play: true})
	h.typeMove("7g7f")
	h.press("x", "y", "enter", "w")
	for range h.m.playShown().Save.Value() {
		h.press("backspace")
	}
	path := filepath.Join(t.TempDir(), "done.kif")
	h.press(path, "enter", "o")
	st := h.m.studyTop()
	if h.m.mode() != modeStudy || st.Picking() {
		t.Fatalf("o after saving: mode %v", h.m.mode())
	}
	if st.Unsaved() || !strings.Contains(h.screen(), "done.kif") {
		t.Errorf("the study calls a saved game unsaved (dirty %v):\n%s", st.Unsaved(), h.screen())
	}
}

// A kept game that does not read is listed under Resume with its name and
// the reason, and opening it says so instead of starting anything. An
// autosave of an older version that does not read is reported and left
// where it is, and the kept games are listed all the same.
func TestResumeListsBrokenGames(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, Options{Play: true, StateDir: dir})
	h.typeMove("7g7f")
	h.press("q", "y")
	if err := os.WriteFile(filepath.Join(kept.Dir(dir), "broken.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	autosave := filepath.Join(dir, "autosave.txt")
	if err := os.WriteFile(autosave, []byte("shogi autosave 1\nblack human\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h = newHarness(t, Options{StateDir: dir})
	if s := h.screen(); !strings.Contains(s, "Resume a game (2 kept)") || !strings.Contains(s, "the autosave of an older version cannot be read") || !strings.Contains(s, "autosave.txt: incomplete") {
		t.Fatalf("the menu with a broken autosave:\n%s", s)
	}
	if _, err := os.Stat(autosave); err != nil {
		t.Errorf("the autosave that does not read is gone: %v", err)
	}
	h.press("enter")
	s := h.screen()
	if !strings.Contains(s, "broken.json cannot be read") || !strings.Contains(s, "1 move") {
		t.Fatalf("the Resume list:\n%s", s)
	}
	for h.m.menuShown().kept[h.m.menuShown().cursor].Err == nil {
		h.press("down")
	}
	h.press("enter")
	if h.m.mode() != modeMenu || !strings.Contains(h.screen(), "broken.json cannot be read: ") {
		t.Fatalf("opening a broken game: mode %v\n%s", h.m.mode(), h.screen())
	}
}

// A position pasted on the menu opens in the study, as any record does;
// from there p plays on from it.
func TestPasteOnMenu(t *testing.T) {
	h := newHarness(t, Options{})
	const sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"
	h.paste("sfen " + sfen)
	st := h.m.studyTop()
	if h.m.mode() != modeStudy || st.Picking() {
		t.Fatalf("the pasted position is not studied:\n%s", h.screen())
	}
	if got := st.Position().SFEN(); got != sfen {
		t.Errorf("the study starts at %s, want %s", got, sfen)
	}
	h.typeMove(":G*5b") // G alone is the study's "last move": ":" opens the line first
	if n := st.Node(); n.Ply != 1 || n.Move.USI() != "G*5b" || !st.Position().IsCheckmate() {
		t.Errorf("G*5b typed in the study: ply %d %v, mate %v\n%s", n.Ply, n.Move, st.Position().IsCheckmate(), h.screen())
	}
}

// The new-game form's clock, in Japanese: the values in 分 and 秒, White's
// own time when the sides differ, and the game started with that clock.
func TestNewGameClockJapanese(t *testing.T) {
	h := newHarness(t, Options{Lang: words.Japanese})
	h.press("enter")            // 新しい対局 (no kept games: the first entry)
	h.press("j", "j", "j", "j") // 時計
	h.press("l", "l")           // なし → 切れ負け → 秒読み
	s := h.screen()
	for _, want := range []string{"時計", "< 秒読み >", "持ち時間", "< 10分 >", "< 30秒 >"} {
		if !strings.Contains(s, want) {
			t.Fatalf("the form lacks %q:\n%s", want, s)
		}
	}
	h.press("j", "j", "j", "l") // 後手の時間: 別に決める
	h.press("j", "l", "j", "h") // 後手の持ち時間 10分 → 15分, 後手の秒読み 30秒 → 20秒
	s = h.screen()
	for _, want := range []string{"後手の持ち時間", "< 15分 >", "後手の秒読み", "< 20秒 >"} {
		if !strings.Contains(s, want) {
			t.Fatalf("the form lacks %q:\n%s", want, s)
		}
	}
	h.press("enter") // enter starts from any row
	if h.m.mode() != modePlay {
		t.Fatalf("no game:\n%s", h.screen())
	}
	tc := h.m.playShown().Setup.Time
	if tc[0].Main != 10*time.Minute || tc[0].Byoyomi != 30*time.Second || tc[1].Main != 15*time.Minute || tc[1].Byoyomi != 20*time.Second {
		t.Errorf("the game's clock: %+v", tc)
	}
}

// A game kept from a Japanese screen is listed on an English one in
// English alone: the person is "human" (the kept file holds no word of
// the screen that started it; older files' 人間 is read as a person
// too), the count and the handicap are English, the clocks are spaced.
func TestKeptListOneLanguage(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, Options{Play: true, White: "greedy", StateDir: dir, Lang: words.Japanese,
		Time: [2]match.TimeControl{{Main: time.Minute}, {Main: time.Minute}}})
	h.typeMove("7g7f")
	h.press("q", "y")
	if k := keptFiles(t, dir); len(k) != 1 {
		t.Fatalf("kept files %q, want one", k)
	}
	h2 := newHarness(t, Options{StateDir: dir, Lang: words.English})
	h2.send(windowSize(120, 40))
	h2.press("enter")
	s := h2.screen()
	for _, want := range []string{"▲Black human  vs  △White greedy", "even game", "2 moves", "time left ▲Black 1:00  △White 1:00"} {
		if !strings.Contains(s, want) {
			t.Errorf("the Resume list lacks %q:\n%s", want, s)
		}
	}
	for _, bad := range []string{"人間", "駒得", "平手"} {
		if strings.Contains(s, bad) {
			t.Errorf("the English Resume list shows %q:\n%s", bad, s)
		}
	}
}

// The menu's board of a kept game shows both hands: what was taken is
// part of the position.
func TestMenuPreviewHands(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, Options{Play: true, StateDir: dir})
	for _, mv := range []string{"7g7f", "3c3d", "8h2b+", "3a2b"} {
		h.typeMove(mv)
	}
	h.press("q", "y")
	h2 := newHarness(t, Options{StateDir: dir})
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		h2.send(windowSize(size[0], size[1]))
		for _, screen := range []string{"main", "resume"} {
			if screen == "resume" && size[0] < 100 {
				continue // the list is too wide for a board beside it
			}
			if screen == "resume" {
				h2.press("enter")
			}
			s := h2.screen()
			if !strings.Contains(s, "▲Black in hand: 角") || !strings.Contains(s, "△White in hand: 角") {
				t.Errorf("%v %s: the preview lacks the hands:\n%s", size, screen, s)
			}
			if screen == "resume" {
				h2.press("esc")
			}
		}
	}
}

// What the start moved from an older version's folders is said on the
// menu, once.
func TestMenuSaysWhatWasMoved(t *testing.T) {
	h := newHarness(t, Options{Notices: []string{"moved /home/u/.config/shogi/kept to /home/u/.local/state/shogi/kept"}})
	h.send(windowSize(120, 40))
	if s := h.screen(); !strings.Contains(s, "moved /home/u/.config/shogi/kept to /home/u/.local/state/shogi/kept") {
		t.Errorf("the menu does not say what was moved:\n%s", s)
	}
	h.press("down")
	if s := h.screen(); strings.Contains(s, "moved /home") {
		t.Errorf("the notice stays after a key:\n%s", s)
	}
}
