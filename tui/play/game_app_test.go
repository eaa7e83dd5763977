package play

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shogi/app/settings"
	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"

	"shogi/game"
	"shogi/game/match"
	"shogi/game/notation"
	"shogi/game/usi/usitest"
	"shogi/kifu"
)

// nearMate is a hand-made position three plies from mate: Black pushes the
// pawn to 5c (declining promotion), White moves the pawn on 1c, and the gold
// dropped on 5b is mate (the pawn on 5c guards it; 4a, 6a, 4b and 6b are all
// covered by the gold).
const nearMate = "4k4/9/8p/4P4/9/9/9/9/4K4 b G 1"

func checkMated(t *testing.T, h *harness, want string) {
	t.Helper()
	if got := h.moves(); got != want {
		t.Fatalf("moves = %q, want %q (status %q)", got, want, h.status())
	}
	r := h.game().Result()
	if r.Ending != game.Checkmate || r.Outcome != game.BlackWins {
		t.Fatalf("result = %v, want Black wins by checkmate", r)
	}
	if s := h.screen(); !strings.Contains(s, "wins by checkmate") {
		t.Errorf("end screen does not say who won and why:\n%s", s)
	}
}

func TestCursorGame(t *testing.T) {
	h := newHarness(t, Options{SFEN: nearMate})
	// The cursor starts on 5g. Up three to 5d, pick, up to 5c, move.
	h.press("k", "k", "k", "enter", "up", "enter")
	if h.p().State != StatePromote {
		t.Fatalf("no promotion question after 5d-5c (status %q)", h.status())
	}
	if !strings.Contains(h.screen(), "Promote?") {
		t.Errorf("promotion question not shown:\n%s", h.screen())
	}
	h.press("n")
	// White: cursor 5c → 1c, pick, down to 1d.
	h.press("l", "l", "l", "l", "enter", "j", "enter")
	// Black: gold from the hand with tab, then to 5b (1d → 5d → 5b).
	h.press("tab", "enter", "h", "h", "h", "h", "k", "k", "enter")
	checkMated(t, h, "5d5c 1c1d G*5b")
}

func TestMouseGame(t *testing.T) {
	h := newHarness(t, Options{SFEN: nearMate})
	h.clickSquare(sq(t, "5d"))
	h.clickSquare(sq(t, "5c"))
	h.press("n")
	h.clickSquare(sq(t, "1c"))
	h.clickSquare(sq(t, "1d"))
	// The gold in Black's hand, on the hand line under the board.
	l := h.p().Layout()
	y := l.Hands[1].Y
	line := strings.Split(h.screen(), "\n")[y]
	x := strings.Index(line, "金")
	if x < 0 {
		t.Fatalf("no gold on Black's hand line %q", line)
	}
	h.click(h.c.Measure.Width(line[:x]), y)
	if h.p().Drop != game.Gold {
		t.Fatalf("click on the hand did not pick the gold (status %q)", h.status())
	}
	h.clickSquare(sq(t, "5b"))
	checkMated(t, h, "5d5c 1c1d G*5b")
}

func TestTypedGame(t *testing.T) {
	h := newHarness(t, Options{SFEN: nearMate})
	h.typeMove("P-5c=")
	h.typeMove("-1314FU")
	h.typeMove("５二金打")
	checkMated(t, h, "5d5c 1c1d G*5b")
}

// The notations the issue names, typed key by key from the start.
func TestTypedNotations(t *testing.T) {
	h := newHarness(t, Options{})
	for _, text := range []string{"7g7f", "P-3d", "２六歩", "-8384FU", "25 Fu"} {
		n := h.game().Len()
		h.typeMove(text)
		if h.game().Len() != n+1 {
			t.Fatalf("typing %q did not play (status %q)", text, h.status())
		}
	}
	if got, want := h.moves(), "7g7f 3c3d 2g2f 8c8d 2f2e"; got != want {
		t.Errorf("moves = %q, want %q", got, want)
	}
}

// A pasted move goes into the move line, to be played with enter; a pasted
// position offers a new game from it.
func TestPaste(t *testing.T) {
	h := newHarness(t, Options{})
	h.paste("7g7f")
	if !h.p().Typing || h.p().Input.Value() != "7g7f" {
		t.Fatalf("paste 7g7f: typing %v, line %q", h.p().Typing, h.p().Input.Value())
	}
	h.press("enter")
	if got := h.moves(); got != "7g7f" {
		t.Fatalf("paste 7g7f then enter: moves %q, status %q", got, h.status())
	}
	h.paste("position sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b")
	if h.p().State != StateConfirm || !strings.Contains(h.screen(), "pasted position") {
		t.Fatalf("a pasted position did not ask:\n%s", h.screen())
	}
	h.press("y")
	st, ok := asked[common.StartMsg](h)
	if got, want := st.Setup.Start.SFEN(), "4k4/4G4/9/9/9/9/9/9/4K4 w - 2"; !ok || got != want || len(st.Setup.Moves) != 0 {
		t.Fatalf("new game from the paste starts at %s with %d moves (asked %v), want %s", got, len(st.Setup.Moves), ok, want)
	}
	h.paste("nonsense that is no move")
	h.press("enter")
	if h.game().Len() != 1 || h.status() == "" {
		t.Errorf("a pasted nonsense played or said nothing: %q, status %q", h.moves(), h.status())
	}
}

func TestIllegalMoves(t *testing.T) {
	h := newHarness(t, Options{})
	before := h.game().Position()
	// Cursor: the pawn on 5g picked, then 5e chosen (two squares).
	h.press("enter", "k", "k", "enter")
	if !strings.Contains(h.status(), "illegal") {
		t.Errorf("status after 5g-5e = %q, want an explanation", h.status())
	}
	// Typed: the rook cannot jump its own pawn.
	h.press("esc")
	h.typeMove("2h2d")
	if !strings.Contains(h.status(), "illegal") || !strings.Contains(h.status(), "2h2d") {
		t.Errorf("status after typing 2h2d = %q, want it to say the move is illegal", h.status())
	}
	h.press("esc")
	h.typeMove("xyz")
	if h.status() == "" {
		t.Error("no explanation for unreadable text")
	}
	after := h.game().Position()
	if h.game().Len() != 0 || !after.Equal(&before) {
		t.Fatalf("an illegal attempt changed the game: %d moves", h.game().Len())
	}
}

func TestAmbiguousTypedMove(t *testing.T) {
	h := newHarness(t, Options{})
	h.typeMove("G-5h")
	s := h.status()
	if h.game().Len() != 0 || !strings.Contains(s, "ambiguous") || !strings.Contains(s, "G6i-5h") || !strings.Contains(s, "G4i-5h") {
		t.Fatalf("G-5h: moves %d, status %q; want ambiguous with both golds", h.game().Len(), s)
	}
	h.press("esc")
	h.typeMove("G6i-5h")
	if h.moves() != "6i5h" {
		t.Fatalf("G6i-5h played %q (status %q)", h.moves(), h.status())
	}
}

func TestPromotion(t *testing.T) {
	// Optional: the bishop exchange Bx2b (promotion left open) asks; y promotes.
	h := newHarness(t, Options{})
	h.typeMove("7g7f")
	h.typeMove("3c3d")
	h.typeMove("Bx2b")
	if h.p().State != StatePromote {
		t.Fatalf("Bx2b: no promotion question (status %q)", h.status())
	}
	h.press("y")
	if got := h.moves(); got != "7g7f 3c3d 8h2b+" {
		t.Fatalf("moves = %q", got)
	}
	// A typed move that leaves promotion open asks too; n declines.
	h.typeMove("S-2b")
	h.typeMove("７七角打")
	h.typeMove("3d3e")
	h.press("B-2b")
	if strings.Contains(h.status(), "ambiguous") || h.p().StatusErr {
		t.Errorf("B-2b while typing: status %q, want no error (the question comes on enter)", h.status())
	}
	h.press("enter")
	if h.p().State != StatePromote {
		t.Fatalf("B-2b: no promotion question (status %q)", h.status())
	}
	if h.status() != "" {
		t.Errorf("status %q under the promotion question", h.status())
	}
	h.press("esc", "B-2b", "enter")
	if h.status() != "" || h.p().State != StatePromote {
		t.Errorf("after esc and again: status %q state %v", h.status(), h.p().State)
	}
	h.press("n")
	if got := h.moves(); !strings.HasSuffix(got, "7g2b") {
		t.Fatalf("moves = %q, want the bishop unpromoted on 2b", got)
	}
	// Forced: a pawn reaching the last rank promotes without asking.
	h = newHarness(t, Options{SFEN: "4k4/7P1/9/9/9/9/9/9/4K4 b - 1"})
	h.press("l", "l", "l", "k", "k", "k", "k", "k", "enter", "k", "enter")
	if got := h.moves(); got != "2b2a+" {
		t.Fatalf("forced promotion: moves %q (state %v, status %q)", got, h.p().State, h.status())
	}
}

func TestUndo(t *testing.T) {
	h := newHarness(t, Options{})
	h.typeMove("7g7f")
	h.typeMove("3c3d")
	h.press("u")
	if got := h.moves(); got != "7g7f" {
		t.Fatalf("hot-seat undo: moves %q", got)
	}
	// Against a bot, undo takes back the bot's reply and the human's move.
	h = newHarness(t, Options{White: "greedy"})
	h.typeMove("7g7f")
	if h.game().Len() != 2 {
		t.Fatalf("greedy did not reply: moves %q, status %q", h.moves(), h.status())
	}
	h.press("u")
	if h.game().Len() != 0 {
		t.Fatalf("undo against a bot left %q", h.moves())
	}
	h.press("u")
	if !strings.Contains(h.status(), "no move") {
		t.Errorf("undo at the start: status %q", h.status())
	}
}

func TestResign(t *testing.T) {
	h := newHarness(t, Options{Black: "random"})
	if h.game().Len() != 1 {
		t.Fatalf("random (Black) did not open: %q", h.moves())
	}
	h.press("x")
	if !strings.Contains(h.screen(), "Resign") {
		t.Fatalf("no confirmation shown:\n%s", h.screen())
	}
	h.press("n")
	if h.game().Result().Over() {
		t.Fatal("n did not cancel the resignation")
	}
	h.press("x", "y", "esc") // a stray word does not resign
	h.press("x", "y")
	if h.game().Result().Over() {
		t.Fatal("x y resigned without enter")
	}
	if !strings.Contains(h.screen(), "press enter to confirm") {
		t.Fatalf("no confirmation after y:\n%s", h.screen())
	}
	h.press("enter")
	r := h.game().Result()
	if r.Ending != game.Resignation || r.Outcome != game.BlackWins {
		t.Fatalf("result = %v, want White (the human) resigned", r)
	}
	if !strings.Contains(h.screen(), "wins by resignation") {
		t.Errorf("end screen:\n%s", h.screen())
	}
}

func TestBotsPlayEachOther(t *testing.T) {
	st := settings.Default()
	st.MoveDelay = 0
	h := newHarness(t, Options{Black: "greedy", White: "random", Settings: st})
	h.until("the end of the game", func() bool { return h.p().Over() })
	if !h.game().Result().Over() {
		t.Fatalf("bot game not over after %d moves", h.game().Len())
	}
	for i, mv := range h.game().Moves() {
		p := h.game().PositionAt(i)
		if err := p.CheckMove(mv); err != nil {
			t.Fatalf("move %d %s: %v", i+1, mv.USI(), err)
		}
	}
}

func TestTooSmall(t *testing.T) {
	h := newHarness(t, Options{})
	h.send(windowSize(50, 15))
	if got := h.screen(); !strings.Contains(got, "terminal too small (need 64x20, have 50x15)") {
		t.Fatalf("View at 50×15 = %q", got)
	}
}

func TestSave(t *testing.T) {
	h := newHarness(t, Options{})
	for _, mv := range []string{"7g7f", "3c3d", "2g2f"} {
		h.typeMove(mv)
	}
	h.press("w")
	if h.p().State != StateSave {
		t.Fatalf("w did not ask for a file name:\n%s", h.screen())
	}
	for range h.p().Save.Value() {
		h.press("backspace")
	}
	path := filepath.Join(t.TempDir(), "game.kif")
	h.press(path, "enter")
	if !strings.Contains(h.status(), "saved "+path) {
		t.Fatalf("status after saving: %q", h.status())
	}
	rec, err := kifu.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range rec.MainLine() {
		if n.Move != game.NoMove {
			got = append(got, n.Move.USI())
		}
	}
	if strings.Join(got, " ") != "7g7f 3c3d 2g2f" {
		t.Errorf("saved record reads back as %v", got)
	}
	// An extension no format has is refused before anything is written.
	h.press("w")
	for range h.p().Save.Value() {
		h.press("backspace")
	}
	h.press("game.doc", "enter")
	if !strings.Contains(h.status(), "unknown extension") {
		t.Errorf("status for game.doc: %q", h.status())
	}
	// A folder that does not exist is named; the temporary file is not.
	h.press("w")
	for range h.p().Save.Value() {
		h.press("backspace")
	}
	h.press("sub/dir/m.jkf", "enter")
	if want := "cannot save sub/dir/m.jkf: the folder sub/dir does not exist"; h.status() != want {
		t.Errorf("status = %q, want %q", h.status(), want)
	}
}

func TestDeclaration(t *testing.T) {
	// Black's king on 5b with ten pieces in the camp (2 rooks, 2 bishops, 4
	// golds, 2 silvers: 26 points) and two pawns in hand: 28 points, the
	// most Black needs. White has its king alone, far away.
	h := newHarness(t, Options{SFEN: "RRBBGGGGS/S3K4/9/9/9/9/9/9/4k4 b 2P 1"})
	if !strings.Contains(h.screen(), "d declares") {
		t.Errorf("declaration not offered:\n%s", h.screen())
	}
	h.press("d", "y")
	if r := h.game().Result(); r.Ending != game.Declaration || r.Outcome != game.BlackWins {
		t.Fatalf("result %v, want Black wins by declaration", r)
	}
	// One pawn fewer: 27 points, not enough for Black; nothing happens.
	h = newHarness(t, Options{SFEN: "RRBBGGGGS/S3K4/9/9/9/9/9/9/4k4 b P 1"})
	h.press("d")
	if h.game().Result().Over() || !strings.Contains(h.status(), "cannot declare") {
		t.Fatalf("27 points: result %v, status %q", h.game().Result(), h.status())
	}
}

func TestImpasse(t *testing.T) {
	h := newHarness(t, Options{})
	h.press("i")
	if !strings.Contains(h.screen(), "Black 27, White 27") {
		t.Errorf("impasse question does not give the points:\n%s", h.screen())
	}
	h.press("y", "enter")
	if r := h.game().Result(); r.Ending != game.Impasse || r.Outcome != game.Draw {
		t.Fatalf("result %v, want a draw by impasse", r)
	}
}

// While an engine thinks, keys are still handled: its reply arrives later
// as an event, and undo while it thinks takes back the person's move and
// stops the engine, whose reply never comes.
func TestBotDoesNotBlockKeys(t *testing.T) {
	t.Parallel()
	h := newHarness(t, Options{White: "usi:" + fakeEngine(t), EngineEnv: []string{usitest.Env + "=think=1500ms"}})
	h.pressNow("7g7f", "enter")
	h.until("the engine to think", h.p().Thinking)
	if h.game().Len() != 1 {
		t.Fatalf("after the human's move: %d moves", h.game().Len())
	}
	h.pressNow("f")
	if !h.p().Flip {
		t.Fatal("f was not handled while the engine was thinking")
	}
	if s := h.screen(); !strings.Contains(s, "White thinking") || !strings.Contains(s, "fake  thinking") {
		t.Errorf("no thinking indicator:\n%s", s)
	}
	h.pressNow("u")
	h.until("the undo", func() bool { return h.game().Len() == 0 && h.p().Quiet() })
	if h.p().Thinking() {
		t.Fatalf("undo while thinking: %d moves, thinking %v", h.game().Len(), h.p().Thinking())
	}
	// The match takes a move back only once the engine it stopped has
	// let go of its turn (its reply, read and dropped): nothing of it
	// can come after the undo.
	h.settle()
	if h.game().Len() != 0 {
		t.Fatalf("a stopped engine's reply was played: %q", h.moves())
	}
	// The same again without undo: the reply is played.
	h.typeMove("7g7f")
	h.until("the engine's reply", func() bool { return h.game().Len() == 2 })
}

func TestReviewAndNotation(t *testing.T) {
	h := newHarness(t, Options{})
	for _, mv := range []string{"7g7f", "3c3d", "2g2f"} {
		h.typeMove(mv)
	}
	if !strings.Contains(h.screen(), "▲２六歩") {
		t.Fatalf("KI2 move list:\n%s", h.screen())
	}
	h.press("c") // KI2 → Western
	if s := h.screen(); !strings.Contains(s, "Moves  western") || !strings.Contains(s, "P-2f") {
		t.Fatalf("after c the move list is not Western:\n%s", s)
	}
	h.press("[", "[")
	if h.p().Review != 1 {
		t.Fatalf("review at %d after [ [, want 1", h.p().Review)
	}
	// The board shows the position after move 1: 3c is still a pawn.
	if !strings.Contains(h.screen(), "|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三") {
		t.Errorf("reviewing move 1:\n%s", h.screen())
	}
	// Typing a move ends the review: it is read, and played, in the live
	// position, never previewed in one enter cannot play in.
	h.press("8")
	if h.p().Review != -1 || !h.p().Typing {
		t.Fatalf("typing while reviewing: review %d, typing %v", h.p().Review, h.p().Typing)
	}
	h.press("esc", "[")
	h.press("esc", "esc") // the first closes the move line, the second the review
	if h.p().Review != -1 {
		t.Fatalf("esc did not end the review: %d", h.p().Review)
	}
}

func TestFlippedBoard(t *testing.T) {
	h := newHarness(t, Options{})
	h.press("f")
	lines := strings.Split(h.screen(), "\n")
	top := h.p().Layout().Board.Y
	if !strings.Contains(lines[top], "１ ２ ３") || !strings.Contains(lines[top+2], "九") {
		t.Fatalf("flipped board:\n%s", h.screen())
	}
	// Mouse and cursor keys follow the flipped drawing: up on the screen
	// is toward rank 9.
	h.clickSquare(sq(t, "7g"))
	h.clickSquare(sq(t, "7f"))
	if h.moves() != "7g7f" {
		t.Fatalf("clicks on the flipped board played %q (status %q)", h.moves(), h.status())
	}
	h.p().Cursor = sq(t, "3c")
	h.press("enter", "k", "enter") // k on a flipped board moves toward rank 9: 3c → 3d
	if h.moves() != "7g7f 3c3d" {
		t.Fatalf("cursor on the flipped board: moves %q (status %q)", h.moves(), h.status())
	}
}

func TestRepetition(t *testing.T) {
	h := newHarness(t, Options{})
	for i := 0; i < 3; i++ {
		for _, mv := range []string{"5i4h", "5a4b", "4h5i", "4b5a"} {
			h.typeMove(mv)
		}
	}
	r := h.game().Result()
	if r.Ending != game.Repetition || r.Outcome != game.Draw {
		t.Fatalf("after three round trips: %v", r)
	}
	if !strings.Contains(h.screen(), "Draw by fourfold repetition") {
		t.Errorf("end screen:\n%s", h.screen())
	}
}

// A stray word typed into the board never ends the game: x or i, then y,
// then any key but enter keeps playing.
func TestStrayConfirmation(t *testing.T) {
	for _, keys := range [][]string{{"x", "y", "7"}, {"i", "y", "g"}, {"x", "yes"}, {"i", "z"}, {"x", "enter"}} {
		h := newHarness(t, Options{})
		h.press(keys...)
		if r := h.game().Result(); r.Over() {
			t.Errorf("keys %q ended the game: %v", keys, r)
		}
		if h.p().State != StateMove {
			t.Errorf("keys %q left a question open", keys)
		}
	}
}

// A furigoma that gives the bot Black stays on screen after the bot's
// first move, and the human (White) sees the board from their side.
func TestFurigomaBotBlack(t *testing.T) {
	for seed := uint64(1); seed < 50; seed++ {
		h := newHarness(t, Options{White: "greedy", Furigoma: true, Rand: rand.New(rand.NewPCG(seed, 7))})
		if h.p().Setup.Players[game.Black].Kind == match.HumanKind {
			continue
		}
		if h.game().Len() != 1 {
			t.Fatalf("the bot (Black) did not open: %q", h.moves())
		}
		if s := h.screen(); !strings.Contains(s, "Toss") || !strings.Contains(s, "player 2 (greedy) plays Black") {
			t.Fatalf("the toss is gone after the bot's move:\n%s", s)
		}
		if !h.p().Flip || h.p().Cursor.Rank() > 3 {
			t.Errorf("White's human: flip %v, cursor %v", h.p().Flip, h.p().Cursor)
		}
		h.typeMove("3c3d")
		h.typeMove("8c8d")
		if s := h.screen(); strings.Contains(s, "Toss") {
			t.Errorf("the toss is still shown after %d moves:\n%s", h.game().Len(), s)
		}
		return
	}
	t.Fatal("no seed gave the bot Black")
}

// A long status line (six candidates of an ambiguous move) wraps onto the
// spare rows below the board instead of being cut, within the screen.
func TestLongStatusWraps(t *testing.T) {
	for _, size := range [][2]int{{100, 30}, {80, 24}, {64, 20}} {
		h := newHarness(t, Options{SFEN: "8k/9/1S1S5/9/1SS6/9/9/9/4K4 b - 1"})
		h.send(windowSize(size[0], size[1]))
		h.typeMove("７四銀")
		lines := strings.Split(h.screen(), "\n")
		if len(lines) > size[1] {
			t.Errorf("%v: %d lines", size, len(lines))
		}
		for _, l := range lines {
			if w := h.c.Measure.Width(l); w > size[0] {
				t.Errorf("%v: line %q is %d wide", size, l, w)
			}
		}
		if size[1] < 24 {
			continue // no spare row: the status is cut, and says so with ...
		}
		for _, want := range []string{"▲７四銀左引成", "▲７四銀左引不成", "▲７四銀右成", "▲７四銀右不成", "▲７四銀左上", "▲７四銀直"} {
			if !strings.Contains(h.screen(), want) {
				t.Errorf("%v: screen lacks %q:\n%s", size, want, h.screen())
			}
		}
	}
}

// Saving over an existing file asks first: enter again overwrites.
func TestSaveOverwrite(t *testing.T) {
	h := newHarness(t, Options{})
	h.typeMove("7g7f")
	path := filepath.Join(t.TempDir(), "precious.kif")
	if err := os.WriteFile(path, []byte("precious"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.press("w")
	for range h.p().Save.Value() {
		h.press("backspace")
	}
	h.press(path, "enter")
	if data, _ := os.ReadFile(path); string(data) != "precious" || !strings.Contains(h.status(), "exists") {
		t.Fatalf("first enter on an existing file: status %q, file %q", h.status(), data)
	}
	h.press("enter")
	if !strings.Contains(h.status(), "saved "+path) {
		t.Fatalf("second enter: status %q", h.status())
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("saved file mode %v, %v; want 0644 kept", fi.Mode(), err)
	}
	if rec, err := kifu.ReadFile(path); err != nil || len(rec.MainMoves()) != 1 {
		t.Errorf("overwritten file reads back %v, %v", rec, err)
	}
}

// A return typed while the program starts comes as ctrl+j (the terminal
// is not in raw mode yet) and still plays the typed move.
func TestLineFeedIsEnter(t *testing.T) {
	h := newHarness(t, Options{})
	h.press("7g7f")
	h.send(keyMsg("ctrl+j"))
	if got := h.moves(); got != "7g7f" {
		t.Errorf("moves after 7g7f and a line feed: %q", got)
	}
}

// While stepping back through the game, the header names the position shown.
func TestReviewHeader(t *testing.T) {
	h := newHarness(t, Options{Lang: words.Japanese})
	h.typeMove("7g7f")
	h.typeMove("3c3d")
	h.press("[")
	if s := h.screen(); !strings.Contains(s, "1手目の局面") || strings.Contains(s, "3手目") {
		t.Errorf("header while reviewing move 1:\n%s", s)
	}
}

// In the large layout the hands are 駒台 beside the board: a click on a
// piece in the mover's tray picks it, and a click on a square drops it.
func TestMouseTray(t *testing.T) {
	h := newHarness(t, Options{SFEN: nearMate})
	h.send(windowSize(120, 40))
	if h.p().Layout().Kind != components.LayoutLarge {
		t.Fatal("120x40 is not the large layout")
	}
	h.clickSquare(sq(t, "5d"))
	h.clickSquare(sq(t, "5c"))
	h.press("n")
	h.clickSquare(sq(t, "1c"))
	h.clickSquare(sq(t, "1d"))
	l := h.p().Layout()
	r := l.Hands[1] // Black's, at the bottom right
	lines := strings.Split(h.screen(), "\n")
	y := -1
	for i := r.Y; i < r.Y+r.H; i++ {
		if strings.Contains(lines[i], "金") {
			y = i
		}
	}
	if y < 0 {
		t.Fatalf("no gold in Black's tray:\n%s", h.screen())
	}
	line := lines[y]
	h.click(h.c.Measure.Width(line[:strings.Index(line, "金")]), y)
	if h.p().Drop != game.Gold {
		t.Fatalf("a click on the tray's gold picked %v (status %q)", h.p().Drop, h.status())
	}
	h.clickSquare(sq(t, "5b"))
	checkMated(t, h, "5d5c 1c1d G*5b")
}

// The Japanese screen says in Japanese why a declaration or an impasse
// claim is refused: game gives the reasons in English words, which the
// screen reads back, so a change of wording there fails here rather than
// showing English on a Japanese screen.
func TestRefusalReasonsInJapanese(t *testing.T) {
	for _, c := range []struct {
		sfen, declare, impasse string
	}{
		{"9/9/9/9/9/9/9/9/4k4 b - 1", "玉がありません", "先手玉がありません"},
		{game.StartSFEN, "玉が敵陣にいません", "先手玉が入玉していません"},
		{"4r4/4K4/9/9/9/9/9/9/4k4 b - 1", "王手されています", "王手されています"},
		{"9/4K4/9/9/4k4/9/9/9/9 b - 1", "敵陣の駒が玉のほかに0枚です (10枚必要)", "後手玉が入玉していません"},
		{"9/+P+P+P+P+P+P+P+P+P/4K+P3/9/4k4/9/9/9/9 b - 1", "10点です (28点必要)", "後手玉が入玉していません"},
	} {
		p, err := game.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		if got := DeclareReason(&words.JapaneseWords, p.CanDeclare()); got != c.declare {
			t.Errorf("%s: declaring: %q (game says %v), want %q", c.sfen, got, p.CanDeclare(), c.declare)
		}
		want := fmt.Sprintf(words.JapaneseWords.CannotImpasse, c.impasse)
		if got := ImpasseReason(&words.JapaneseWords, p.CanClaimImpasse()); got != want {
			t.Errorf("%s: claiming impasse: %q (game says %v), want %q", c.sfen, got, p.CanClaimImpasse(), want)
		}
	}
	// Anything else is passed on as it is.
	if got := DeclareReason(&words.JapaneseWords, errors.New("odd")); got != "odd" {
		t.Errorf("another error: %q", got)
	}
}

// On a 7-bit terminal the notation key cycles through exactly the styles
// that write a move in ASCII, and a style asked for that does not is not
// taken; elsewhere it cycles through them all.
func TestNotationCycleOnASCII(t *testing.T) {
	ki2 := notation.KI2
	for _, ascii := range []bool{false, true} {
		h := newHarness(t, Options{ASCII: ascii, Notation: &ki2})
		if ascii && h.c.Notation == notation.KI2 {
			t.Errorf("KI2 taken on an ASCII terminal")
		}
		h.typeMove("7g7f")
		seen := map[notation.Style]bool{}
		for range notation.Styles() {
			h.press("c")
			seen[h.c.Notation] = true
		}
		for _, s := range notation.Styles() {
			text := formatLine(t, s, "7g7f 3c3d 8h2b+ 3a2b B*4e") // a promotion, a capture on the same square, a drop
			isASCII := strings.IndexFunc(text, func(r rune) bool { return r >= 0x80 }) < 0
			if want := !ascii || isASCII; seen[s] != want {
				t.Errorf("ascii=%v: %v (%q) cycled to: %v, want %v", ascii, s, text, seen[s], want)
			}
		}
	}
}

// formatLine writes moves (USI) from the start in style s.
func formatLine(t *testing.T, s notation.Style, moves string) string {
	t.Helper()
	p := game.StartPosition()
	prev := game.NoMove
	var out []string
	for _, u := range strings.Fields(moves) {
		mv, err := p.ParseUSI(u)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, notation.Format(&p, mv, s, prev))
		p, prev = p.Play(mv), mv
	}
	return strings.Join(out, " ")
}

// The panel's rows say each thing once, in the screen's language, with
// their nouns: the toss's row is labelled once and counts "1 pawn"; a
// piece in hand with more targets than fit says how many squares.
func TestPanelWordsOneLanguage(t *testing.T) {
	toss := game.Furigoma{Tosses: [][5]game.PawnFace{{game.FaceTo, game.FaceTo, game.FaceFu, game.FaceTo, game.FaceTo}}}
	for _, c := range []struct {
		lang words.Lang
		want string
	}{
		{words.English, "とと歩とと (1 pawn, 4 tokin): player 2 (greedy) plays Black"},
		{words.Japanese, "とと歩とと (歩1 と4): 対局者2 (駒得)が先手"},
	} {
		cm := newCommon(t, Options{Lang: c.lang})
		players := [2]string{common.PlayerLabel(cm, match.Spec{Kind: match.HumanKind}, ""), cm.Words.BotName("greedy")}
		if got := common.FurigomaText(cm.Words, toss, players, false); got != c.want {
			t.Errorf("%v: %q, want %q", c.lang, got, c.want)
		}
	}
	for _, lang := range []words.Lang{words.English, words.Japanese} {
		h := newHarness(t, Options{White: "greedy", Furigoma: true, Lang: lang, Rand: rand.New(rand.NewPCG(3, 7))})
		label := words.WordsFor(lang).Toss
		if s := h.screen(); strings.Count(s, label) != 1 {
			t.Errorf("%v: the toss's word %q is not shown once:\n%s", lang, label, s)
		}
	}
	h := newHarness(t, Options{SFEN: "4k4/9/9/9/9/9/9/9/4K4 b P 1"})
	h.press("tab", "enter")
	if s := h.screen(); !strings.Contains(s, "Drops on  71 squares") {
		t.Errorf("a pawn in hand on an empty board:\n%s", s)
	}
}

// The engine's move arriving while the person answers "Resign?" leaves
// the question open: y and enter still resign, instead of falling on the
// board (CI: the reply came between x and y and the game went on).
func TestResignQuestionOutlivesTheReply(t *testing.T) {
	t.Parallel()
	h := engineGame(t, "think=2s", Options{})
	h.pressNow("7g7f", "enter", "x")
	h.until("the question, asked before the engine's reply", func() bool {
		return strings.Contains(h.screen(), "Resign")
	})
	if h.game().Len() != 1 {
		t.Fatalf("the engine replied within its 2 s: %d moves", h.game().Len())
	}
	h.until("the engine's reply", func() bool { return h.game().Len() == 2 })
	if !strings.Contains(h.screen(), "Resign") {
		t.Fatalf("the question went with the engine's move:\n%s", h.screen())
	}
	h.press("y", "enter")
	if r := h.game().Result(); r.Ending != game.Resignation || r.Outcome != game.WhiteWins {
		t.Fatalf("result = %v, want Black (the person) resigned", r)
	}
}
