package online

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"shogi/app/words"
	"shogi/game"
	"shogi/game/csa/csatest"
	"shogi/game/match"
	"shogi/kifu"
	"shogi/tui/common"
	"shogi/tui/internal/screentest"
)

// The server's game as the online screen runs it beneath the game
// screen: the rows it adds under the game (a silence, a lost
// connection), r to log in again, and leaving, which resigns. The app
// pushes the game screen over this one (common.PlayMsg); here the test
// is the app: it takes the PlayMsg's Setup and plays the person's moves
// on its Control. The stack itself (the game screen over the form) is
// the root's tests' (shogi/tui).

// hostScreen is the online screen that keeps the games it asks the app
// to show instead of handing them back to itself.
type hostScreen struct {
	*screen
	games []common.Setup
}

// Update delivers the game's news (common.Addressed) as the root does,
// and keeps the games.
func (s *hostScreen) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case common.PlayMsg:
		s.games = append(s.games, msg.Setup)
		return nil
	case common.Addressed:
		return msg.Deliver()
	}
	return s.screen.Update(msg)
}

// gameHarness is a harness on a hostScreen, in lang.
func gameHarness(t *testing.T, lang words.Lang) (*harness, *hostScreen) {
	t.Helper()
	c := screentest.NewCommon(t)
	c.SetLang(lang)
	s := &hostScreen{screen: &screen{m: New(c)}}
	a, d := screentest.NewAlone(t, c, s)
	return &harness{t: t, c: c, a: a, d: d}, s
}

// loginGame logs alice in through the form and returns the game the server
// started, as the app would show it.
func loginGame(t *testing.T, h *harness, s *hostScreen, addr string) common.Setup {
	t.Helper()
	n := len(s.games)
	fillForm(h, addr, "alice", "pw", "")
	h.press("enter")
	h.until("the server's game", func() bool { return len(s.games) > n })
	return s.games[n]
}

// hostLines are the rows the online screen adds under the game, at width.
func hostLines(g common.Setup, width int) string {
	return strings.Join(g.Table.Host.Lines(width), "\n")
}

// play plays the person's move (USI) for side c, as the game screen
// does. SubmitMove returns once the server has confirmed the move.
func play(t *testing.T, g common.Setup, c game.Color, usi string) {
	t.Helper()
	if err := <-submit(t, g, c, usi); err != nil {
		t.Fatalf("%s: %v", usi, err)
	}
}

// submit submits the person's move (USI) for side c off the test's
// goroutine, as the game screen does off the UI loop, and returns where
// SubmitMove's answer comes.
func submit(t *testing.T, g common.Setup, c game.Color, usi string) <-chan error {
	t.Helper()
	snap := g.Table.Ctl.Snapshot()
	pos := snap.Start
	for _, mv := range snap.Moves {
		pos = pos.Play(mv)
	}
	mv, err := pos.ParseUSI(usi)
	if err != nil {
		t.Fatal(err)
	}
	errc := make(chan error, 1)
	go func() { errc <- g.Table.Ctl.SubmitMove(c, mv) }()
	return errc
}

// awaitGame waits on the game's events until cond holds of its snapshot.
func awaitGame(t *testing.T, g common.Setup, what string, cond func(match.Snapshot) bool) match.Snapshot {
	t.Helper()
	sub := g.Table.Ctl.Subscribe()
	defer sub.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for {
		if snap := g.Table.Ctl.Snapshot(); cond(snap) {
			return snap
		}
		if _, err := sub.Next(ctx); err != nil {
			t.Fatalf("waited in vain for %s: %v", what, err)
		}
	}
}

func plies(n int) func(match.Snapshot) bool {
	return func(s match.Snapshot) bool { return len(s.Moves) == n }
}

// keptNow are the kept games of the harness's state folder.
func keptNow(t *testing.T, h *harness) []common.KeptEntry {
	t.Helper()
	msg := common.LoadKeptCmd(h.c.StateDir)().(common.KeptListMsg)
	if msg.Err != nil {
		t.Fatal(msg.Err)
	}
	return msg.Games
}

// A server that stops answering (its socket open): the silence is said
// under the game once the client's 2 s are out, naming the move sent in
// the screen's notation, and the move is not applied; the app closed
// then (its wait for a ruling over) keeps the game interrupted, the move
// it never confirmed marked, not played.
func TestGameServerSilent(t *testing.T) {
	t.Parallel()
	srv := csatest.NewServer(t, csatest.Script{Client: game.Black, Moves: []string{"-3334FU"}, Silent: 2})
	h, s := gameHarness(t, words.English)
	g := loginGame(t, h, s, srv.Addr)
	if strings.Contains(hostLines(g, 80), "silent") {
		t.Fatalf("a silence said before any:\n%s", hostLines(g, 80))
	}
	play(t, g, game.Black, "7g7f")
	awaitGame(t, g, "the server's reply", plies(2))
	submit(t, g, game.Black, "2g2f") // the server never confirms it
	h.until("the silence said", func() bool { return strings.Contains(hostLines(g, 80), "The server is silent") })
	flat := strings.Join(strings.Fields(hostLines(g, 80)), " ")
	if !strings.Contains(flat, "The server is silent: your move ▲２六歩 was sent and is not confirmed after 2s") {
		t.Errorf("the silence:\n%s", hostLines(g, 80))
	}
	if n := len(g.Table.Ctl.Snapshot().Moves); n != 2 {
		t.Errorf("%d moves: the unconfirmed move was applied", n)
	}
	// The silent server cannot rule on the resignation: Shutdown's wait
	// for it (5 s in the app) is cut short.
	s.m.c.ServerRuling = 50 * time.Millisecond
	s.m.Shutdown()
	k := keptNow(t, h)
	if len(k) != 1 || k[0].Unconfirmed != "+2726FU" || len(k[0].Setup.Moves) != 2 {
		t.Fatalf("kept: %+v", k)
	}
	line := k[0].Record().MainLine()
	if c := line[len(line)-1].Comment(); !strings.Contains(c, "unconfirmed: +2726FU was sent") {
		t.Errorf("the record's last comment: %q", c)
	}
}

// A connection lost in the middle of a game: the rows under the game
// say so, the fault on one and what became of the game and the keys on
// the other, each whole at 80 columns in either language; the game
// stays kept; r logs in again for a new game (the server's second
// script: White).
func TestGameDropped(t *testing.T) {
	for _, c := range []struct {
		lang  words.Lang
		fault string
		keys  string
	}{
		{words.English, "The connection to the server was lost.", "The game is kept (Resume studies it).  r reconnects"},
		{words.Japanese, "サーバーとの接続が切れました。", "対局は保存済み (「対局を再開」で検討)。  r 再接続 (新しい対局)  q メニュー"},
	} {
		t.Run(c.lang.String(), func(t *testing.T) {
			t.Parallel()
			srv := csatest.NewServer(t, csatest.Script{Client: game.Black, Drop: 3}, csatest.Script{Client: game.White})
			h, s := gameHarness(t, c.lang)
			g := loginGame(t, h, s, srv.Addr)
			play(t, g, game.Black, "7g7f")
			awaitGame(t, g, "the server's reply", plies(2))
			play(t, g, game.Black, "2g2f")
			h.until("the lost connection", func() bool { return strings.Contains(hostLines(g, 80), c.fault) })
			lines := g.Table.Host.Lines(80)
			if len(lines) != 2 || !strings.Contains(lines[0], c.fault) || !strings.Contains(lines[1], c.keys) {
				t.Errorf("the rows under the game:\n%s", strings.Join(lines, "\n"))
			}
			for _, l := range lines {
				if w := h.c.Measure.Width(l); w > 80 {
					t.Errorf("a row %d columns wide: %q", w, l)
				}
			}
			if k := keptNow(t, h); len(k) != 1 || len(k[0].Setup.Moves) != 3 || k[0].Server != srv.Addr {
				t.Fatalf("kept after the drop: %+v", k)
			}
			// r: the game screen is asked to leave (the app's menu
			// message), and as it leaves the online screen logs in again.
			h.a.Forget()
			cmd, ok := g.Table.Host.Key(screentest.KeyMsg("r"))
			if !ok {
				t.Fatal("r after the drop is not the online screen's")
			}
			h.d.Run(cmd)
			h.d.Settle()
			if _, ok := screentest.Last[common.ToMenuMsg](h.a); !ok {
				t.Fatalf("r did not ask the game screen to leave: %v", h.a.Asked())
			}
			h.d.Run(s.Uncover(nil))
			h.until("the new game", func() bool { return len(s.games) == 2 })
			second := s.games[1]
			if srv.Connections() != 2 || second.Table.Mine != [2]bool{false, true} || !strings.Contains(hostLines(second, 80), "fake-game-2") {
				t.Errorf("%d connections; the second game: ours %v, rows\n%s", srv.Connections(), second.Table.Mine, hostLines(second, 80))
			}
		})
	}
}

// Quitting the app in the middle of a server's game resigns it there and
// waits for the server's ruling: the record is written, nothing is left
// kept.
func TestGameQuitResigns(t *testing.T) {
	t.Parallel()
	srv := csatest.NewServer(t, csatest.Script{Client: game.Black})
	h, s := gameHarness(t, words.English)
	g := loginGame(t, h, s, srv.Addr)
	play(t, g, game.Black, "7g7f")
	awaitGame(t, g, "the server's reply", plies(2))
	s.m.Shutdown()
	if got := strings.Join(srv.Received(), "\n"); !strings.Contains(got, "1< %TORYO") {
		t.Errorf("the server received:\n%s", got)
	}
	files, _ := filepath.Glob(filepath.Join(h.c.GamesDir(), "*.kif"))
	if len(files) != 1 {
		t.Fatalf("games folder after quitting: %v", files)
	}
	if r, err := kifu.ReadFile(files[0]); err != nil || len(r.MainMoves()) != 2 {
		t.Errorf("the record: %v", err)
	}
	if k := keptNow(t, h); len(k) != 0 {
		t.Errorf("kept after quitting: %+v", k)
	}
}
