package tui

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/app/gamedb"
	"shogi/app/words"
	"shogi/game"
	"shogi/game/csa/csatest"
	"shogi/kifu"
	"shogi/tui/common"
	"shogi/tui/components"
)

// The online screens against csatest's scripted server: the form, the
// waiting screen, a game, what the server refuses, a lost connection.

// openOnline opens the online form from the menu.
func openOnline(t *testing.T, h *harness) {
	t.Helper()
	h.menuItem("Play online")
	if !strings.Contains(h.screen(), "Play online on a CSA server") {
		t.Fatalf("no online form:\n%s", h.screen())
	}
}

// fillForm types a login into the form: the server, the name, the
// password and the x1 game (rows 2-4 and 6), from the form's first row.
func fillForm(h *harness, addr, id, password, x1game string) {
	h.press("down", addr, "down", id, "down", password, "down", "down", x1game)
}

// loginOnline logs alice in through the form and waits for the play
// screen on the server's game.
func loginOnline(t *testing.T, h *harness, addr string) {
	t.Helper()
	openOnline(t, h)
	fillForm(h, addr, "alice", "pw", "")
	h.press("enter")
	h.until("the server's game", func() bool {
		return h.m.mode() == modePlay && h.m.onlineShown() != nil && h.m.playShown().Sess != nil && strings.Contains(h.screen(), "game fake-game-")
	})
}

// A person's game on a server: logged in through the form, the game
// found, a move typed, the server's reply on screen and kept, then a
// resignation that the server rules on, the record in the games folder.
func TestOnlineGame(t *testing.T) {
	t.Parallel()
	srv := csatest.NewServer(t, csatest.Script{Client: game.Black, Moves: []string{"-3334FU"}})
	games := filepath.Join(t.TempDir(), "games")
	h := newHarness(t, Options{Lang: words.English, GamesDir: games})
	loginOnline(t, h, srv.Addr)
	s := h.screen()
	for _, want := range []string{"alice", "fakeopp", "1:00 +1s", srv.Addr, "fake-game-1"} {
		if !strings.Contains(s, want) {
			t.Errorf("the game's screen lacks %q:\n%s", want, s)
		}
	}
	h.typeMove("7g7f")
	// The screen shows the server's move as it comes; the session keeps
	// it and then says so.
	h.until("the server's reply, kept", func() bool {
		k := keptGames(t, h)
		return h.m.playReady() && h.m.playShown().Game.Len() == 2 && len(k) == 1 && len(k[0].Setup.Moves) == 2
	})
	if got := onlineMoves(h.m.playShown().Game); got != "7g7f 3c3d" {
		t.Fatalf("moves %q", got)
	}
	// A new size: the play screen takes all but the server's two lines.
	h.send(windowSize(120, 40))
	lines := strings.Split(h.screen(), "\n")
	if len(lines) != 40 || h.m.playShown().Layout() != components.NewLayout(120, 38, h.m.c.Pieces, 3) || !strings.Contains(lines[39], "game fake-game-1") {
		t.Errorf("at 120×40: %d lines, the play screen's layout %+v, the last %q", len(lines), h.m.playShown().Layout(), lines[len(lines)-1])
	}
	kept := keptGames(t, h)
	if len(kept) != 1 || len(kept[0].Setup.Moves) != 2 || kept[0].Server != srv.Addr || kept[0].GameID != "fake-game-1" {
		t.Fatalf("kept after the reply: %+v", kept)
	}
	// What the server does not allow, in the screen's words.
	for _, tc := range []struct{ key, want string }{
		{"u", "moves cannot be taken back"},
		{"space", "it cannot be paused"},
		{"i", "no draw offers"},
		{"H", "no hints in a game on a server"},
	} {
		h.press(tc.key)
		if st := h.m.playShown().Status; !strings.Contains(st, tc.want) {
			t.Errorf("%s: status %q, want %q", tc.key, st, tc.want)
		}
	}
	if got := onlineMoves(h.m.playShown().Game); got != "7g7f 3c3d" {
		t.Fatalf("after the refusals the moves are %q", got)
	}
	// q asks first: leaving resigns on the server, and such a game is
	// not resumed from the menu (the question's keys must not say so).
	h.press("q")
	if s := h.screen(); !strings.Contains(s, "You resign it on "+srv.Addr) || strings.Contains(s, "menu resumes it") || !strings.Contains(s, "y yes") {
		t.Errorf("q asks:\n%s", s)
	}
	h.press("n")
	// Resigning: the server rules, the record goes to the games folder
	// and the kept file goes.
	h.press("x", "y", "enter")
	h.until("the game kept", func() bool { return h.m.Quiet() && h.m.playReady() && h.m.playShown().Over() })
	s = h.screen()
	if !strings.Contains(s, "%TORYO #RESIGN #LOSE") || !strings.Contains(s, "saved as") {
		t.Errorf("after the resignation:\n%s", s)
	}
	files, _ := filepath.Glob(filepath.Join(games, "*.kif"))
	if len(files) != 1 {
		t.Fatalf("games folder: %v", files)
	}
	rec := readRecordFile(t, files[0])
	if got := recordMoves(rec); got != "7g7f 3c3d" {
		t.Errorf("record moves %q", got)
	}
	// The record names the players as the server does, its game id as
	// the event and the server as the place; the games database has it.
	for key, want := range map[string]string{"先手": "alice", "後手": "fakeopp", "棋戦": "fake-game-1", "場所": srv.Addr} {
		if got := rec.Header(key); got != want {
			t.Errorf("record %s %q, want %q", key, got, want)
		}
	}
	db, err := gamedb.OpenReadOnly(gamedb.DefaultPath(filepath.Dir(games)))
	if err != nil {
		t.Fatal(err)
	}
	st, err := db.Stats()
	db.Close()
	if err != nil || st.Games != 1 {
		t.Errorf("games database after the game: %d games, %v; want 1", st.Games, err)
	}
	if len(keptGames(t, h)) != 0 {
		t.Errorf("the kept file stays after the game ended")
	}
	got := strings.Join(srv.Received(), "\n")
	if !strings.Contains(got, "1< +7776FU") || !strings.Contains(got, "1< %TORYO") {
		t.Errorf("the server received:\n%s", got)
	}
	// n, another game: the game screen leaves for the online form
	// beneath it, and esc there for the menu.
	h.press("n")
	if _, ok := h.m.top().(*onlineScreen); !ok || !strings.Contains(h.screen(), "Play online on a CSA server") {
		t.Fatalf("n after the game: %T on top:\n%s", h.m.top(), h.screen())
	}
	h.press("esc")
	if h.m.mode() != modeMenu || len(h.m.stack) != 1 {
		t.Errorf("esc on the form: %v on top of %d screens", h.m.mode(), len(h.m.stack))
	}
}

// onlineMoves are a game's moves in USI.
func onlineMoves(g *game.Game) string {
	var s []string
	for _, mv := range g.Moves() {
		s = append(s, mv.USI())
	}
	return strings.Join(s, " ")
}

// keptGames are the kept games of the harness's state directory.
func keptGames(t *testing.T, h *harness) []common.KeptEntry {
	t.Helper()
	msg := common.LoadKeptCmd(h.m.c.StateDir)().(common.KeptListMsg)
	if msg.Err != nil {
		t.Fatal(msg.Err)
	}
	return msg.Games
}

func readRecordFile(t *testing.T, path string) *kifu.Record {
	t.Helper()
	rec, err := kifu.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func recordMoves(rec *kifu.Record) string {
	var s []string
	for _, mv := range rec.MainMoves() {
		s = append(s, mv.USI())
	}
	return strings.Join(s, " ")
}

// A connection lost in the middle of a game: the screen says so, the
// game stays kept (the Resume list offers to study it, not to resume
// it), and r logs in again for a new game.
func TestOnlineDropped(t *testing.T) {
	t.Parallel()
	srv := csatest.NewServer(t, csatest.Script{Client: game.Black, Drop: 3}, csatest.Script{Client: game.White})
	h := newHarness(t, Options{Lang: words.English})
	loginOnline(t, h, srv.Addr)
	h.typeMove("7g7f")
	// The screen shows the server's move as it comes; the session keeps
	// it and then says so.
	h.until("the server's reply, kept", func() bool {
		k := keptGames(t, h)
		return h.m.playReady() && h.m.playShown().Game.Len() == 2 && len(k) == 1 && len(k[0].Setup.Moves) == 2
	})
	h.typeMove("2g2f")
	h.until("the lost connection", func() bool { return h.m.Quiet() && h.m.playReady() && h.m.playShown().Over() })
	s := h.screen()
	for _, want := range []string{"interrupted after 3 moves", "The connection to the server was lost.", "The game is kept (Resume studies it).  r reconnects"} {
		if !strings.Contains(s, want) {
			t.Errorf("after the drop the screen lacks %q:\n%s", want, s)
		}
	}
	kept := keptGames(t, h)
	if len(kept) != 1 || len(kept[0].Setup.Moves) != 3 || kept[0].Server != srv.Addr {
		t.Fatalf("kept after the drop: %+v", kept)
	}
	// r: a new login, a new game (the server's second script: White).
	h.press("r")
	h.until("the new game", func() bool {
		p := h.m.playShown()
		return strings.Contains(h.screen(), "game fake-game-2") && p != nil && p.Game.Len() == 1
	})
	if srv.Connections() != 2 {
		t.Errorf("%d connections, want 2", srv.Connections())
	}
	// Leaving (y resigns it there) and studying the dropped game from
	// the Resume list.
	h.press("q", "y")
	h.until("the menu", func() bool { return h.m.mode() == modeMenu && strings.Contains(h.screen(), "Resume a game") })
	h.press("enter")
	s = h.screen()
	// The row says the game is studied, and so does the footer, both
	// whole at 80 columns.
	if !strings.Contains(s, "played on "+srv.Addr+": a server's game is studied, not resumed") ||
		!strings.Contains(s, "enter study, d delete") || strings.Contains(s, "enter resume") {
		t.Errorf("the Resume list:\n%s", s)
	}
	h.press("enter")
	if h.m.mode() != modeStudy {
		t.Fatalf("enter on a server's kept game does not study it:\n%s", h.screen())
	}
	h.until("the second game's resignation", func() bool {
		return strings.Contains(strings.Join(srv.Received(), "\n"), "2< %TORYO")
	})
}

// A built-in level playing for the person: it plays by itself, with its
// score and line sent to the server as floodgate's comments, and the
// server's ruling (time) ends the game, kept as a record.
func TestOnlineLevelPlays(t *testing.T) {
	// Not parallel: the level thinks by itself, and beside eight other
	// tests on a loaded machine it outlasted the Driver's 20 s.
	srv := csatest.NewServer(t, csatest.Script{Client: game.White, TimeUp: 5})
	games := filepath.Join(t.TempDir(), "games")
	h := newHarness(t, Options{Lang: words.English, GamesDir: games})
	openOnline(t, h)
	fillForm(h, srv.Addr, "bot", "pw", "")
	h.press("down")
	for !strings.Contains(h.screen(), "< beginner >") {
		h.press("right")
	}
	h.press("enter")
	h.until("the game's end", func() bool { return h.m.playReady() && h.m.playShown().Over() && h.m.Quiet() })
	s := h.screen()
	if !strings.Contains(s, "#TIME_UP #LOSE") || !strings.Contains(s, "saved as") {
		t.Errorf("after the server's ruling:\n%s", s)
	}
	var comments int
	for _, l := range srv.Received() {
		if strings.Contains(l, ",'* ") {
			comments++
		}
	}
	if comments == 0 {
		t.Errorf("no move came with the level's comment:\n%s", strings.Join(srv.Received(), "\n"))
	}
	files, _ := filepath.Glob(filepath.Join(games, "*.kif"))
	if len(files) != 1 {
		t.Fatalf("games folder: %v", files)
	}
	if rec := readRecordFile(t, files[0]); len(rec.MainMoves()) != 5 {
		t.Errorf("the record has %d moves, want 5", len(rec.MainMoves()))
	}
	// At 80 columns the record's whole name is on screen.
	if !strings.Contains(s, filepath.Base(files[0])) {
		t.Errorf("the screen does not name the record %s in full:\n%s", filepath.Base(files[0]), s)
	}
}

// Leaving a server's game while the opponent thinks: q resigns it as
// its turn comes, the menu shows at once, and once the server has ruled
// (the record written, the kept file gone) the menu no longer offers a
// game to resume.
func TestOnlineLeaveResigns(t *testing.T) {
	t.Parallel()
	srv := csatest.NewServer(t, csatest.Script{Client: game.Black, Think: 300 * time.Millisecond})
	games := filepath.Join(t.TempDir(), "games")
	h := newHarness(t, Options{Lang: words.English, GamesDir: games})
	loginOnline(t, h, srv.Addr)
	h.typeMove("7g7f")
	h.until("the move kept", func() bool { return len(keptGames(t, h)) == 1 })
	h.press("q", "y")
	h.until("the menu", func() bool { return h.m.mode() == modeMenu })
	h.until("the resignation", func() bool { return strings.Contains(strings.Join(srv.Received(), "\n"), "1< %TORYO") })
	h.until("the record", func() bool {
		files, _ := filepath.Glob(filepath.Join(games, "*.kif"))
		return len(files) == 1 && len(keptGames(t, h)) == 0
	})
	h.until("the menu's list without the game", func() bool { return !strings.Contains(h.screen(), "Resume a game") })
}

// The menu offers the online screen in Japanese and opens it over
// itself (the form's own words are tui/online's tests').
func TestOnlineJapanese(t *testing.T) {
	t.Parallel()
	h := newHarness(t, Options{Lang: words.Japanese})
	if !strings.Contains(h.screen(), "オンライン対局 (CSA)") {
		t.Fatalf("the menu:\n%s", h.screen())
	}
	h.press("down", "enter")
	if _, ok := h.m.top().(*onlineScreen); !ok || !strings.Contains(h.screen(), "CSA サーバーでオンライン対局") {
		t.Errorf("enter on the menu's entry: %T on top:\n%s", h.m.top(), h.screen())
	}
}

// A server that stops answering (its socket open): the move typed is
// said to be sent, a second move is refused while the first is on its
// way, and the first is not applied. What the online screen says of the
// silence under the game, and what it keeps, is tui/online's
// TestGameServerSilent; here the server then goes, so that the app
// closes at once instead of waiting for a ruling that cannot come.
func TestOnlineServerSilent(t *testing.T) {
	t.Parallel()
	srv := csatest.NewServer(t, csatest.Script{Client: game.Black, Moves: []string{"-3334FU"}, Silent: 2})
	// The server never rules: the app, closing, keeps the game after its
	// wait for a ruling, a short one here (the claim holds at any length).
	h := newHarness(t, Options{Lang: words.English, serverRuling: 100 * time.Millisecond})
	loginOnline(t, h, srv.Addr)
	h.typeMove("7g7f")
	// The screen shows the server's move as it comes; the session keeps
	// it and then says so.
	h.until("the server's reply, kept", func() bool {
		k := keptGames(t, h)
		return h.m.playReady() && h.m.playShown().Game.Len() == 2 && len(k) == 1 && len(k[0].Setup.Moves) == 2
	})
	// The move waits for the server's word off the UI loop: the test
	// does not wait for it to settle.
	h.pressNow(":", "2g2f", "enter")
	if s := h.screen(); !strings.Contains(s, "▲２六歩") || !strings.Contains(s, "sent: waiting for the server to confirm it") {
		t.Errorf("the move sent is not said:\n%s", s)
	}
	h.pressNow(":", "6g6f", "enter")
	if st := h.m.playShown().Status; !strings.Contains(st, "your move is on its way") {
		t.Errorf("a second move: status %q", st)
	}
	if h.m.playShown().Game.Len() != 2 {
		t.Errorf("%d moves: the unconfirmed move was applied", h.m.playShown().Game.Len())
	}
	srv.Close()
}

// ? in a server's game is the server game's help: what a server allows,
// nothing of an SSH table's grace period, chat or draw offers.
func TestOnlineHelp(t *testing.T) {
	t.Parallel()
	srv := csatest.NewServer(t, csatest.Script{Client: game.Black})
	h := newHarness(t, Options{Lang: words.English, GamesDir: filepath.Join(t.TempDir(), "games")})
	loginOnline(t, h, srv.Addr)
	// The game screen pushed over the online screen: its help is the
	// game's, told the game is a server's.
	if _, ok := h.m.top().(*playScreen); !ok || h.m.onlineShown() == nil {
		t.Fatalf("on top: %T over %d screens", h.m.top(), len(h.m.stack))
	}
	h.send(windowSize(80, 60)) // the keys and the notes on one page
	h.press("?")
	s := h.screen()
	for _, w := range []string{"On a CSA server", "x       resign", "q       leave (resigns)", "which resigns it"} {
		if !strings.Contains(s, w) {
			t.Errorf("the help lacks %q:\n%s", w, s)
		}
	}
	for _, r := range []string{"grace", "chat", "offers a draw", "At a table", "u       take back", "H       hint"} {
		if strings.Contains(s, r) {
			t.Errorf("the help speaks of %q:\n%s", r, s)
		}
	}
}
