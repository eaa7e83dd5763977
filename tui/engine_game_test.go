package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/app/settings"
	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/tui/play"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/match"
	"shogi/game/usi/usitest"
	"shogi/kifu"
	"shogi/kifu/kept"
)

// Games against the scripted engine (usitest): the test binary runs as a
// USI engine, told how to behave through its environment. It plays the
// first legal move after one info line.

// engineGame starts a game with the scripted engine as White, behaving
// as behaviour says.
func engineGame(t *testing.T, behaviour string, o Options) *harness {
	t.Helper()
	o.Play = true
	o.White = "usi:" + fakeEngine(t)
	o.engineEnv = []string{usitest.Env + "=" + behaviour}
	return newHarness(t, o)
}

// clockRuns waits for the match to start the first turn's clock: the
// screen is ready for a move before (the person may type ahead), and
// fake time moved on before the clock starts would not count.
func clockRuns(h *harness) {
	h.t.Helper()
	h.until("the first turn's clock", func() bool { return h.m.playShown().Snap.Clock.Running })
}

// mateFor plays the first move that mates, as the person would.
func mateFor(t *testing.T, h *harness) string {
	t.Helper()
	p := h.game().Position()
	for _, mv := range p.LegalMoves(nil) {
		q := p.Play(mv)
		if q.IsCheckmate() {
			return mv.USI()
		}
	}
	t.Fatalf("no mate in %s", p.SFEN())
	return ""
}

// A whole game against the engine, to mate: the engine's replies come as
// events, its thinking is on screen, and the finished game goes to the
// games folder with every move's time and the engine's evaluation.
func TestEngineGameToMate(t *testing.T) {
	// White's king on 9a has one move, 9a8a, after which G*8b mates.
	h := engineGame(t, "think=0", Options{SFEN: "k8/9/1G7/9/9/9/9/9/8K b G 1"})
	// Black moves first: a waiting move, and the engine's only reply.
	h.typeMove("1i2h")
	if got := h.moves(); got != "1i2h 9a8a" {
		t.Fatalf("moves %q, want the engine's reply 9a8a (status %q)", got, h.status())
	}
	if s := h.screen(); !strings.Contains(s, "fake") || !strings.Contains(s, "Score") {
		t.Errorf("the engine's report is not on screen:\n%s", s)
	}
	h.typeMove(mateFor(t, h))
	r := h.game().Result()
	if r.Ending != game.Checkmate || r.Outcome != game.BlackWins {
		t.Fatalf("result %v, want Black mates", r)
	}
	if s := h.screen(); !strings.Contains(s, "Black wins by checkmate after 3 moves") {
		t.Errorf("end screen:\n%s", s)
	}
	if k := keptFiles(t, h.m.c.StateDir); len(k) != 0 {
		t.Errorf("a finished game is still kept as unfinished: %q", k)
	}
	games, _ := filepath.Glob(filepath.Join(h.m.c.GamesDir(), "*.kif"))
	if len(games) != 1 || !strings.Contains(games[0], "human vs fake") {
		t.Fatalf("finished games: %q", games)
	}
	rec, err := kifu.ReadFile(games[0])
	if err != nil {
		t.Fatal(err)
	}
	line := rec.MainLine() // 1i2h, the engine's 9a8a, the mate, 詰み
	if len(line) != 4 || !line[1].HasTime || !strings.Contains(line[1].Comment(), "*評価値=") || line[3].Ending != kifu.Mate {
		t.Errorf("the record: %d nodes; the engine's move: time %v, comment %q", len(line), line[1].HasTime, line[1].Comment())
	}
	if rec.Header("後手") != "fake" || rec.Header("先手") != "human" {
		t.Errorf("players %q vs %q", rec.Header("先手"), rec.Header("後手"))
	}
}

// An engine that crashes in a person's game does not end it: the game
// pauses, the message names the engine and what it did, the game stays
// kept (no finished record is written), and the person goes on with the
// engine started afresh (this one crashes again at the same ply) or with
// another program, from the same position.
func TestEngineCrash(t *testing.T) {
	h := engineGame(t, "crash=2", Options{})
	h.typeMove("7g7f")
	if h.game().Len() != 2 {
		t.Fatalf("moves %q", h.moves())
	}
	h.typeMove("2g2f")
	// The snapshot can show the fault before its event reaches the screen:
	// wait for the event's message too.
	h.until("the crash to pause the game", func() bool {
		return h.m.playShown().Snap.Fault != nil && h.m.playShown().Quiet() && strings.Contains(h.status(), "crashed")
	})
	if h.m.playShown().Over() || !h.m.playShown().Paused() || h.game().Len() != 3 {
		t.Fatalf("after the crash: over %v, paused %v, moves %q", h.m.playShown().Over(), h.m.playShown().Paused(), h.moves())
	}
	if s := h.status(); !strings.Contains(s, "fake (White) crashed: the game is paused and kept") || !strings.Contains(s, "exit status 2") {
		t.Errorf("the message does not name the engine and what it did: %q", s)
	}
	if s := h.screen(); !strings.Contains(s, "fake crashed") || !strings.Contains(s, "Go on with: < fake, started afresh >") ||
		!strings.Contains(s, "enter go on") {
		t.Errorf("the screen does not offer to go on:\n%s", s)
	}
	if games, _ := filepath.Glob(filepath.Join(h.m.c.GamesDir(), "*")); len(games) != 0 {
		t.Fatalf("a record of a game that goes on was written: %q", games)
	}
	if k := keptFiles(t, h.m.c.StateDir); len(k) != 1 {
		t.Fatalf("the paused game is not kept: %q", k)
	}
	h.press("space") // resume: refused until the seat is filled
	if s := h.status(); !strings.Contains(s, "choose who plays on") {
		t.Errorf("space on a failed program's game: %q", s)
	}
	// Afresh: a new process takes the seat, and crashes again at ply 3.
	h.press("enter")
	h.until("the second crash", func() bool {
		return h.m.playShown().Snap.Fault != nil && !h.m.playShown().Replacing() && h.m.playShown().Quiet()
	})
	if h.game().Len() != 3 || h.m.playShown().Over() {
		t.Fatalf("after a restart: %q, over %v", h.moves(), h.m.playShown().Over())
	}
	// Another program: the first built-in level, which plays on.
	h.press("right")
	if s := h.screen(); !strings.Contains(s, "Go on with: < "+h.m.c.Words.BotName(bot.Names()[0])+" >") {
		t.Fatalf("right does not choose the next program:\n%s", s)
	}
	h.press("enter")
	h.until("the level's reply", func() bool { return h.game().Len() == 4 && h.m.playShown().Quiet() })
	if p := h.m.playShown(); p.Snap.Fault != nil || p.Paused() || p.Over() || p.Setup.Players[game.White].Name != bot.Names()[0] {
		t.Fatalf("after the replacement: fault %v, paused %v, over %v, White %v", p.Snap.Fault, p.Paused(), p.Over(), p.Setup.Players[game.White])
	}
	k := keptFiles(t, h.m.c.StateDir)
	kg, err := kept.Read(k[0])
	if err != nil || len(kg.Moves) != 4 || kg.Players[game.White].Name != bot.Names()[0] {
		t.Fatalf("the kept game after the replacement: %v, %d moves, White %v", err, len(kg.Moves), kg.Players[game.White])
	}
}

// An engine that hangs (never answers, ignores stop) in a person's game
// is killed when its flag falls, and the game pauses on it with the
// clocks as they stood when its turn began.
func TestEngineHang(t *testing.T) {
	t.Parallel()
	ft := match.NewFakeTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	tc := match.TimeControl{Main: 30 * time.Second, Byoyomi: 10 * time.Second}
	// The hang is found when the engine does not answer stop within its
	// grace: a short one here, the claim is the same at any length.
	h := engineGame(t, "hang", Options{Time: [2]match.TimeControl{tc, tc}, TimeSource: ft, engineStopGrace: 100 * time.Millisecond})
	h.pressNow("7g7f", "enter")
	h.until("the engine to think", h.m.playShown().Thinking)
	ft.Advance(41 * time.Second)
	h.until("the hang to pause the game", func() bool {
		return h.m.playShown().Snap.Fault != nil && strings.Contains(h.status(), "stopped answering")
	})
	if h.m.playShown().Over() || h.game().Len() != 1 {
		t.Fatalf("after the hang: over %v, moves %q", h.m.playShown().Over(), h.moves())
	}
	if got := h.m.playShown().Snap.Clock.Main[game.White]; got != 30*time.Second {
		t.Errorf("White's clock after the hang: %v, want 30s as its turn began", got)
	}
	if s := h.status(); !strings.Contains(s, "fake (White) stopped answering") {
		t.Errorf("the message does not name the engine: %q", s)
	}
	if games, _ := filepath.Glob(filepath.Join(h.m.c.GamesDir(), "*")); len(games) != 0 {
		t.Fatalf("a record of a game that goes on was written: %q", games)
	}
}

// Undo against an engine takes back its reply and the person's move, and
// puts both clocks back where they stood.
func TestUndoRestoresClocks(t *testing.T) {
	ft := match.NewFakeTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	tc := match.TimeControl{Main: time.Minute, Byoyomi: 10 * time.Second}
	h := engineGame(t, "think=0", Options{Time: [2]match.TimeControl{tc, tc}, TimeSource: ft})
	clockRuns(h)
	ft.Advance(20 * time.Second)
	h.typeMove("7g7f")
	if got := h.m.playShown().Snap.Clock.Main[game.Black]; got != 40*time.Second {
		t.Fatalf("Black's clock after 20 s: %v", got)
	}
	ft.Advance(5 * time.Second)
	h.typeMove("2g2f")
	if got := h.m.playShown().Snap.Clock.Main[game.Black]; got != 35*time.Second || h.game().Len() != 4 {
		t.Fatalf("Black's clock after 25 s: %v, %d moves", got, h.game().Len())
	}
	if !strings.Contains(h.screen(), "0:35") {
		t.Errorf("the clock is not on screen:\n%s", h.screen())
	}
	h.press("u")
	if got := h.m.playShown().Snap.Clock.Main[game.Black]; got != 40*time.Second || h.game().Len() != 2 {
		t.Fatalf("after undo: Black's clock %v, %d moves", got, h.game().Len())
	}
	if !strings.Contains(h.screen(), "0:40") {
		t.Errorf("the restored clock is not on screen:\n%s", h.screen())
	}
	// The kept file says the same.
	k := keptFiles(t, h.m.c.StateDir)
	if len(k) != 1 {
		t.Fatalf("kept files %q", k)
	}
	e, err := common.ReadKept(k[0])
	if err != nil || e.Left[game.Black] != 40*time.Second || len(e.Setup.Moves) != 2 {
		t.Errorf("kept game after undo: %v left, %d moves, %v", e.Left, len(e.Setup.Moves), err)
	}
}

// Byōyomi running out ends the game (切れ負け): the match decides, the
// screen says so, and the last ten seconds are counted on the way.
func TestByoyomiRunsOut(t *testing.T) {
	ft := match.NewFakeTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	tc := match.TimeControl{Byoyomi: 30 * time.Second}
	h := engineGame(t, "think=0", Options{Time: [2]match.TimeControl{tc, tc}, TimeSource: ft, Lang: words.Japanese})
	if !strings.Contains(h.screen(), "秒読み 30") {
		t.Fatalf("the byōyomi is not on screen:\n%s", h.screen())
	}
	clockRuns(h)
	ft.Advance(23 * time.Second)
	if s := h.screen(); !strings.Contains(s, "秒読み 7") {
		t.Errorf("the last seconds are not counted:\n%s", s)
	}
	face := components.FaceOf(h.m.playShown().Snap.Clock, game.Black, ft.Now())
	if !face.Urgent() {
		t.Errorf("seven seconds left is not urgent: %+v", face)
	}
	ft.Advance(8 * time.Second) // past 30 s and the margin
	h.until("the flag to fall", func() bool { return h.m.playShown().Over() })
	r := h.game().Result()
	if r.Ending != game.TimeLoss || r.Outcome != game.WhiteWins {
		t.Fatalf("result %v, want White wins on time", r)
	}
	if s := h.screen(); !strings.Contains(s, "切れ負け") || !strings.Contains(s, "後手の勝ち (時間切れ)") {
		t.Errorf("end screen:\n%s", s)
	}
}

// The hint key asks the chosen engine for its move and shows it (and
// marks it on the board) without playing it.
func TestHint(t *testing.T) {
	st := settings.Default()
	st.Engines = []settings.EngineEntry{{Name: "adviser", Path: fakeEngine(t)}}
	st.Hint = "adviser"
	h := newHarness(t, Options{Play: true, White: "greedy", Settings: st})
	h.press("H")
	if h.game().Len() != 0 {
		t.Fatalf("the hint played a move: %q", h.moves())
	}
	hint := h.m.playShown().Hint
	pos := h.game().Position()
	if hint.Move == game.NoMove || !pos.IsLegal(hint.Move) {
		t.Fatalf("hint %+v", hint)
	}
	// The scripted engine plays the first legal move.
	if first := pos.LegalMoves(nil)[0]; hint.Move != first {
		t.Errorf("hint %s, the engine's move is %s", hint.Move.USI(), first.USI())
	}
	if s := h.screen(); !strings.Contains(s, "Hint") || !strings.Contains(s, "adviser") {
		t.Errorf("the hint is not on screen:\n%s", s)
	}
	// Any move clears it.
	h.typeMove("7g7f")
	if h.m.playShown().Hint.Text != "" {
		t.Errorf("the hint outlived the move: %q", h.m.playShown().Hint.Text)
	}
}

// A game between two programs can be paused and stepped one move at a
// time from the keys. That a paused match plays nothing and charges no
// clock is game/match's TestPauseAndStep, on a fake clock and the match's
// events; here the keys reach the match and the screen follows it, read
// from the state it reports, with no sleep standing in for "nothing
// happened".
func TestPauseAndStep(t *testing.T) {
	t.Parallel()
	st := settings.Default()
	st.MoveDelay = settings.Duration(50 * time.Millisecond)
	h := newHarness(t, Options{Play: true, Black: "greedy", White: "random", Settings: st})
	h.press("space")
	h.until("the pause", func() bool { return h.m.playShown().Paused() })
	if !strings.Contains(h.screen(), "paused") {
		t.Errorf("the pause is not on screen:\n%s", h.screen())
	}
	n := h.game().Len()
	// A step shows one more move with the game paused again: a step that
	// did not pause would show n+1 unpaused and then n+2, never this.
	h.press(".")
	h.until("one move, paused again", func() bool { return h.game().Len() == n+1 && h.m.playShown().Paused() })
	h.press("space")
	h.until("the game to go on", func() bool { return h.game().Len() >= n+3 })
}

// Greedy declares an entering-king win it has rather than playing on.
func TestGreedyDeclares(t *testing.T) {
	h := newHarness(t, Options{Play: true, Black: "greedy", SFEN: "RRBBGGGGS/S3K4/9/9/9/9/9/9/4k4 b 2P 1"})
	h.until("the declaration", func() bool { return h.m.playShown().Over() })
	if r := h.game().Result(); r.Ending != game.Declaration || r.Outcome != game.BlackWins || h.game().Len() != 0 {
		t.Fatalf("result %v after %d moves, want greedy's declaration at once", r, h.game().Len())
	}
}

// Against a program, impasse is a claim the rule must allow: refused at
// the start, with the reason; with both kings entered, the points decide.
func TestImpasseAgainstABot(t *testing.T) {
	h := newHarness(t, Options{Play: true, White: "greedy"})
	h.press("i")
	if h.m.playShown().State == play.StateConfirm || !strings.Contains(h.status(), "cannot claim impasse") || !strings.Contains(h.status(), "promotion zone") {
		t.Fatalf("impasse at move 1 against a bot: state %v, status %q", h.m.playShown().State, h.status())
	}
	if h.game().Result().Over() {
		t.Fatal("the game ended")
	}
	// Both kings entered; White has 1 point: Black wins on points.
	h = newHarness(t, Options{Play: true, White: "greedy", SFEN: "4K4/9/9/9/9/9/9/9/4k4 b 2R2B4G4S4N4L17Pp 1"})
	h.press("i", "y", "enter")
	if r := h.game().Result(); r.Ending != game.Impasse || r.Outcome != game.BlackWins {
		t.Fatalf("result %v, want Black wins by the 24-point rule", r)
	}
}

// The engine's reply is in the kept file before the screen shows it.
func TestReplyKeptBeforeShown(t *testing.T) {
	h := newHarness(t, Options{Play: true, White: "greedy"})
	checked := false
	h.before(func(msg any) {
		ev, ok := msg.(play.EventMsg)
		if !ok {
			return
		}
		mv, ok := ev.Ev.(match.MoveEvent)
		if !ok || mv.Side != game.White {
			return
		}
		k := keptFiles(t, h.m.c.StateDir)
		if len(k) != 1 {
			t.Fatalf("kept files %q", k)
		}
		kg, err := kept.Read(k[0])
		if err != nil {
			t.Fatal(err)
		}
		if len(kg.Moves) != mv.Ply || kg.Moves[mv.Ply-1] != mv.Move {
			t.Errorf("the reply %s is not in the kept file before it is shown: %v", mv.Move.USI(), kg.Moves)
		}
		checked = true
	})
	h.typeMove("7g7f")
	h.typeMove("2g2f")
	if !checked || h.game().Len() != 4 {
		t.Fatalf("checked %v, %d moves", checked, h.game().Len())
	}
}

// Two unfinished games are kept side by side and both resume.
func TestTwoKeptGames(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ft := match.NewFakeTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	h := newHarness(t, Options{Play: true, White: "greedy", StateDir: dir, TimeSource: ft})
	h.typeMove("7g7f")
	first := h.moves()
	h.press("q", "y")
	ft.Advance(time.Minute) // the second game is kept later: the order is sure
	// A new game from the menu never replaces the kept one.
	h.press("down", "enter") // New game
	// Player 2: random (past the strongest level the list comes round to
	// a person, then random), which answers at once on a loaded machine.
	h.press("down", "right", "right")
	h.cursorTo("Start")
	h.press("enter")
	if h.m.mode() != modePlay {
		t.Fatalf("the form did not start a game:\n%s", h.screen())
	}
	h.typeMove("2g2f")
	h.typeMove("7g7f")
	second := h.moves()
	h.press("q", "y")
	if k := keptFiles(t, dir); len(k) != 2 {
		t.Fatalf("kept files %q, want two", k)
	}
	h.press("enter") // Resume a game
	s := h.screen()
	if !strings.Contains(s, "Resume a game") && !strings.Contains(s, "Kept games") {
		t.Fatalf("no Resume list:\n%s", s)
	}
	if a, b := strings.Index(s, "4 moves"), strings.Index(s, "2 moves"); a < 0 || b < 0 || a > b {
		t.Fatalf("the list is not newest first:\n%s", s)
	}
	h.press("down", "enter") // the older
	if h.moves() != first {
		t.Fatalf("the older game resumed with %q, want %q", h.moves(), first)
	}
	// Leaving it made it the one played last: the other is second now.
	h.press("q", "y", "enter", "down", "enter")
	if h.moves() != second {
		t.Fatalf("the newer game resumed with %q, want %q", h.moves(), second)
	}
	// Deleting asks first.
	h.press("q", "y", "enter", "d")
	if !strings.Contains(h.screen(), "Delete this game?") {
		t.Fatalf("delete did not ask:\n%s", h.screen())
	}
	h.press("n")
	if k := keptFiles(t, dir); len(k) != 2 {
		t.Fatalf("n deleted: %q", k)
	}
	h.press("d", "y")
	if k := keptFiles(t, dir); len(k) != 1 {
		t.Fatalf("after delete: %q", k)
	}
}

// A game played on from a study is kept like any other: ctrl+c keeps it,
// with the record's line, and it resumes from the menu.
func TestPlayFromStudyKept(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, Options{StateDir: dir})
	h.send(common.OpenMsg{Path: filepath.Join("..", "assets", "samples", "short.kif")})
	h.press("l", "l", "p", "2") // after move 2, against greedy
	if h.m.mode() != modePlay {
		t.Fatalf("no game from the study:\n%s", h.screen())
	}
	h.typeMove("2g2f")
	played := h.moves()
	h.press("ctrl+c")
	if !h.quit() {
		t.Fatal("ctrl+c did not quit")
	}
	k := keptFiles(t, dir)
	if len(k) != 1 {
		t.Fatalf("kept files %q", k)
	}
	e, err := common.ReadKept(k[0])
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, mv := range e.Setup.Moves {
		got = append(got, mv.USI())
	}
	if strings.Join(got, " ") != played || e.Setup.Record == nil || len(e.Setup.From.Line()) != 2 {
		t.Fatalf("kept %q after the record's %d moves, played %q", got, len(e.Setup.From.Line()), played)
	}
	// Resumed, it saves the record's line through the new moves.
	h2 := newHarness(t, Options{StateDir: dir})
	h2.press("enter", "enter")
	if h2.moves() != played {
		t.Fatalf("resumed with %q", h2.moves())
	}
	rec := h2.m.playShown().Record()
	if n := len(rec.MainMoves()); n != 2+len(got) {
		t.Errorf("the record has %d moves, want the record's 2 and the game's %d", n, len(got))
	}
}

// The engines page: a program added by its path is run for its name and
// options, its options are edited by their types, and the new-game form
// offers it.
func TestAddEngine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	h := newHarness(t, Options{SettingsPath: path})
	h.menuItem("Settings")
	h.cursorTo("Engines")
	h.press("enter") // Engines
	if !strings.Contains(h.screen(), "USI engines") {
		t.Fatalf("no engines page:\n%s", h.screen())
	}
	h.press("a", "ctrl+u", fakeEngine(t), "enter")
	s := h.screen()
	for _, want := range []string{"fake", "Skill Level", "spin -20…20", "Ponder", "Style", "EvalDir", "add to the list"} {
		if !strings.Contains(s, want) {
			t.Fatalf("the editor lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "Clear Hash") {
		t.Errorf("a button is offered as a setting:\n%s", s)
	}
	h.press("down", "left", "left")          // Skill Level 20 → 18
	h.press("down", "enter")                 // Ponder on
	h.press("down", "right")                 // Style normal → wild
	h.press("down", "down", "down", "enter") // past EvalDir and MultiPV: add
	back, err := settings.Load(path)
	if err != nil || len(back.Engines) != 1 {
		t.Fatalf("settings after adding: %+v, %v", back, err)
	}
	e := back.Engines[0]
	if e.Name != "fake" || e.Options["Skill Level"] != int64(18) || e.Options["Ponder"] != true || e.Options["Style"] != "wild" {
		t.Errorf("the entry: %+v", e)
	}
	// The new-game form offers it; the game runs it with the options.
	h.press("esc", "esc")
	h.press("enter")         // New game (no kept games: the first entry)
	h.press("down", "right") // player 2: from the strongest level to the next choice, the engine
	if !strings.Contains(h.screen(), "fake") {
		t.Fatalf("the form does not offer the engine (screen %v):\n%s", h.m.mode(), h.screen())
	}
	h.press("down", "down", "down", "down", "down", "enter") // Start
	if h.m.mode() != modePlay {
		t.Fatalf("no game:\n%s", h.screen())
	}
	if got, want := h.m.playShown().Setup.Players[1].String(), "usi:"+fakeEngine(t)+",Ponder=true,Skill Level=18,Style=wild"; got != want {
		t.Errorf("White is %q, want %q", got, want)
	}
	h.typeMove("7g7f")
	if h.game().Len() != 2 {
		t.Errorf("the engine did not reply: %q (status %q)", h.moves(), h.status())
	}
}

// An engine in the list is edited where it stands, each change kept at
// once: its name, a spin typed (out of range refused with the reason) or
// paged, an option put back to the engine's default (and so out of the
// file), a string typed; then it is removed from the list.
func TestEditEngine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	file := fmt.Sprintf("[[engine]]\nname = 'fake'\npath = %q\noptions = { \"Skill Level\" = 18 }\n", fakeEngine(t))
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := settings.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, Options{SettingsPath: path, Settings: st})
	h.menuItem("Settings")
	h.cursorTo("Engines")
	h.press("enter", "enter") // Engines, the first in the list
	entry := func() settings.EngineEntry {
		t.Helper()
		back, err := settings.Load(path)
		if err != nil || len(back.Engines) != 1 {
			t.Fatalf("settings: %+v, %v", back, err)
		}
		return back.Engines[0]
	}
	h.press("enter", "ctrl+u", "Faker", "enter") // the name
	if e := entry(); e.Name != "Faker" {
		t.Errorf("renamed: %+v", e)
	}
	h.press("down", "enter", "ctrl+u", "99", "enter") // Skill Level, past its maximum
	if !strings.Contains(h.screen(), "99") || entry().Options["Skill Level"] != int64(18) {
		t.Errorf("an out-of-range value: entry %+v, screen\n%s", entry(), h.screen())
	}
	h.press("pgup")
	if e := entry(); e.Options["Skill Level"] != int64(8) {
		t.Errorf("18 paged down by 10: %+v", e)
	}
	h.press("r")
	if _, ok := entry().Options["Skill Level"]; ok {
		t.Errorf("reset to the default, still in the file: %+v", entry())
	}
	h.press("down", "down", "down", "enter", "/tmp/eval", "enter") // EvalDir
	if e := entry(); e.Options["EvalDir"] != "/tmp/eval" {
		t.Errorf("a string typed: %+v", e)
	}
	h.press("esc", "d", "y")
	back, err := settings.Load(path)
	if err != nil || len(back.Engines) != 0 {
		t.Errorf("after removing: %+v, %v", back.Engines, err)
	}
	if !strings.Contains(h.screen(), fmt.Sprintf(words.EnglishWords.Removed, "Faker")) {
		t.Errorf("no word of the removal:\n%s", h.screen())
	}
}
