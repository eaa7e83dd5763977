package sshd

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"shogi/app/lobby"
	"shogi/kifu"
)

// mate7 is a helpmate from the start: Black mates on the 7th move. Each
// move with the text the move list shows for it (KI2).
var mate7 = []struct{ usi, ki2 string }{
	{"9g9f", "９六歩"}, {"5a5b", "５二玉"}, {"8h9g", "９七角"}, {"5c5d", "５四歩"},
	{"9g3a+", "３一角成"}, {"4a5a", "５一金"}, {"S*5c", "５三銀"},
}

// waitTitle waits until the window title holds text.
func (c *client) waitTitle(text string) string {
	c.t.Helper()
	deadline := time.Now().Add(failAfter)
	for {
		s := c.screen()
		if strings.Contains(s.title, text) {
			return s.title
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("the title never held %q: %q\n%s", text, s.title, s.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// openTable has a client open a table with the form's defaults (10
// minutes and 30 s byōyomi, even, the creator Black) and returns its code.
func openTable(t *testing.T, ts *testServer, c *client, name string) string {
	t.Helper()
	c.waitFor("Your name")
	c.send("ctrl+u", name, "enter")
	c.waitFor("Create a table")
	c.send("enter")
	c.waitFor("Open the table")
	c.send("down", "down", "down", "enter")
	c.waitFor("Your table's code:", "Waiting for an opponent")
	var code string
	for _, i := range ts.Lobby().Tables() {
		if i.Names[0] == name {
			code = i.Code
		}
	}
	if code == "" {
		t.Fatal("no table in the lobby")
	}
	c.waitFor(spacedCode(code))
	return code
}

func spacedCode(code string) string { return strings.Join(strings.Split(code, ""), " ") }

// joinTable has a client join the table with code.
func joinTable(t *testing.T, c *client, name, code string) {
	t.Helper()
	c.waitFor("Your name")
	c.send("ctrl+u", name, "enter")
	c.waitFor("Join a table by its code")
	c.send("down", "enter")
	c.waitFor("Table code")
	c.send(strings.ToLower(code[:2])+"-"+code[2:], "enter")
}

// TestTwoPlayersPlayToMate: two people at a table play a game to mate;
// both screens (and a spectator's) show every move as it is played, and
// the result; a premove made and cancelled each turn plays nothing; the
// game is written to the games folder.
func TestTwoPlayersPlayToMate(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{}, lobby.Config{})
	a := ts.dial(t, dialOpts{user: "alice"})
	code := openTable(t, ts, a, "alice")
	b := ts.dial(t, dialOpts{user: "bob", w: 120, h: 40})
	joinTable(t, b, "bob", code)
	for _, c := range []*client{a, b} {
		c.waitTitle("alice vs")
		c.waitTitle("move 1 ")
	}
	w := ts.dial(t, dialOpts{user: "carol", w: 90, h: 30})
	w.waitFor("Your name")
	w.send("enter", "down", "down", "enter")
	w.waitFor(code)
	w.send("enter")
	w.waitTitle("move 1 ")
	everyone := []*client{a, b, w}
	for i, mv := range mate7 {
		mover, other := a, b
		if i%2 == 1 {
			mover, other = b, a
		}
		// A move of the side not to move is a premove; esc cancels it,
		// and nothing is played.
		pre := map[*client]string{a: "1i1h", b: "1a1b"}[other]
		other.send(pre, "enter")
		other.waitFor("premove ")
		other.send("esc")
		other.waitFor("premove cancelled")
		mover.send(mv.usi, "enter")
		for k, c := range everyone {
			if i < len(mate7)-1 {
				c.waitTitle(fmt.Sprintf("move %d ", i+2))
			}
			if !strings.Contains(c.waitFor(mv.ki2), mv.ki2) {
				t.Fatalf("screen %d lacks move %d %s", k, i+1, mv.ki2)
			}
		}
	}
	for _, c := range everyone {
		title := c.waitTitle("checkmate")
		if !strings.Contains(title, "Black wins") && !strings.Contains(title, "▲") {
			t.Errorf("result title %q", title)
		}
	}
	// The game is on the server's disk.
	waitUntil(t, func() bool {
		files, _ := filepath.Glob(filepath.Join(ts.dir, "*"+code+"*.kif"))
		return len(files) == 1
	})
	files, _ := filepath.Glob(filepath.Join(ts.dir, "*"+code+"*.kif"))
	rec, err := kifu.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := rec.Ending(); e != kifu.Mate || len(rec.MainMoves()) != len(mate7) {
		t.Fatalf("record: ending %v, %d moves", e, len(rec.MainMoves()))
	}
	// w copies the finished game: an OSC 52 sequence with the record. The
	// sequence is written by a command of its own, so it may follow the
	// frame that says so.
	a.send("w")
	a.waitFor("clipboard")
	osc52 := regexp.MustCompile("\x1b\\]52;c;([A-Za-z0-9+/=]*)(?:\x07|\x1b\\\\)")
	waitUntil(t, func() bool { return osc52.Match(a.rawBytes()) })
	data, err := base64.StdEncoding.DecodeString(string(osc52.FindSubmatch(a.rawBytes())[1]))
	if err != nil {
		t.Fatal(err)
	}
	if copied, err := kifu.Read(data, "clipboard.kif"); err != nil || len(copied.MainMoves()) != len(mate7) {
		t.Errorf("the clipboard's record: %v\n%s", err, data)
	}
	// The line names the file, so it is logged once the file is written:
	// a moment after it shows up on disk.
	waitUntilWithin(t, 10*time.Second, "the game's line in the log", func() bool {
		return strings.Contains(ts.logs.String(), `msg="game over" code=`+code)
	})
}

// TestReconnectWithinGrace: a player whose connection drops comes back
// under the same name: the menu's first entry is the seat that waits for
// them, and the game goes on; the opponent is told both.
func TestReconnectWithinGrace(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{}, lobby.Config{Grace: time.Minute})
	a := ts.dial(t, dialOpts{user: "alice"})
	code := openTable(t, ts, a, "alice")
	b := ts.dial(t, dialOpts{user: "bob"})
	joinTable(t, b, "bob", code)
	a.waitTitle("move 1 ")
	a.send("7g7f", "enter")
	b.waitTitle("move 2 ")

	a.close() // the connection drops
	b.waitFor("alice is away (left or cut off)")
	a2 := ts.dial(t, dialOpts{user: "alice"})
	a2.waitFor("Your name")
	a2.send("ctrl+u", "alice", "enter")
	a2.waitFor("> ", "Back to your game "+code+": ▲Black alice vs △White bob, 1 move")
	a2.send("enter")
	a2.waitTitle("move 2 ")
	a2.waitFor("７六歩")
	b.waitFor("alice is back.")
	b.send("3c3d", "enter")
	a2.waitTitle("move 3 ")
	a2.send("2g2f", "enter")
	b.waitTitle("move 4 ")
	if s := ts.Lobby().Tables(); len(s) != 1 || s[0].Over || s[0].Moves != 3 {
		t.Fatalf("table after the reconnection: %+v", s)
	}
}

// TestChatAndResign: a line of chat reaches the opponent's screen; a
// resignation ends the game on both.
func TestChatAndResign(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{}, lobby.Config{})
	a := ts.dial(t, dialOpts{user: "alice"})
	code := openTable(t, ts, a, "alice")
	b := ts.dial(t, dialOpts{user: "bob"})
	joinTable(t, b, "bob", code)
	a.waitTitle("move 1 ")
	b.waitTitle("move 1 ")
	b.send("t", "good luck!", "enter")
	a.waitFor("bob: good luck!")
	a.send("x", "y", "enter")
	for _, c := range []*client{a, b} {
		c.waitTitle("resign")
	}
}

// TestDrawByAgreement: a draw offered on one screen is seen on the
// other, and accepted there it ends the game under the impasse rule (both
// sides have their 27 points at the start: a draw).
func TestDrawByAgreement(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{}, lobby.Config{})
	a := ts.dial(t, dialOpts{user: "alice"})
	code := openTable(t, ts, a, "alice")
	b := ts.dial(t, dialOpts{user: "bob", w: 120, h: 36})
	joinTable(t, b, "bob", code)
	a.waitTitle("move 1 ")
	a.send("i")
	a.waitFor("Offer a draw?")
	a.send("y", "enter")
	b.waitFor("alice offers a draw")
	b.send("i", "y", "enter")
	for _, c := range []*client{a, b} {
		c.waitTitle("impasse")
	}
	// The screens hear of the end before the table has noted it: wait
	// for the table, not a moment.
	waitUntil(t, func() bool { return ts.Lobby().Tables()[0].Over })
}

// TestPlayTheComputer: a built-in level answers a move over SSH, and
// leaving the game goes back to the lobby's menu.
func TestPlayTheComputer(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{}, lobby.Config{})
	c := ts.dial(t, dialOpts{user: "dan"})
	c.waitFor("Your name: dan")
	c.send("enter", "down", "down", "down", "enter")
	c.waitFor("Play the computer", "greedy")
	c.send("enter")
	c.waitTitle("move 1 ")
	c.send("7g7f", "enter")
	c.waitTitle("move 3 ") // the computer has answered
	c.send("q")
	c.waitFor("Leave the game?")
	c.send("y")
	c.waitFor("Create a table")
	if len(ts.Lobby().Tables()) != 0 {
		t.Error("a game against the computer opened a table")
	}
}

// TestIdleSparesPlayers: the idle limit closes a session in the menu,
// but not a player thinking at a game in progress.
func TestIdleSparesPlayers(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{Idle: 2 * time.Second}, lobby.Config{})
	a := ts.dial(t, dialOpts{user: "alice"})
	code := openTable(t, ts, a, "alice")
	b := ts.dial(t, dialOpts{user: "bob"})
	joinTable(t, b, "bob", code)
	a.waitTitle("move 1 ")
	b.waitTitle("move 1 ")
	// From here neither player presses a key. The idle check runs every
	// idle/4 (500 ms): six checks that spared a player span at least 2.5 s
	// of stillness, past the idle time.
	var mu sync.Mutex
	spared := map[string]int{}
	enough := make(chan struct{})
	var once sync.Once
	hook := func(user string) {
		mu.Lock()
		defer mu.Unlock()
		spared[user]++
		if spared["alice"] >= 6 && spared["bob"] >= 6 {
			once.Do(func() { close(enough) })
		}
	}
	ts.idleSpared.Store(&hook)
	idler := ts.dial(t, dialOpts{user: "idler"})
	out, _, _ := idler.waitExit()
	if !strings.Contains(out, "without a key pressed") {
		t.Fatalf("the idle session: %q", out[max(0, len(out)-200):])
	}
	select {
	case <-enough:
	case <-a.done:
		t.Fatal("alice, at a game in progress, was closed as idle")
	case <-b.done:
		t.Fatal("bob, at a game in progress, was closed as idle")
	case <-time.After(time.Minute):
		t.Fatal("the idle check never spared both players six times")
	}
	for _, c := range []*client{a, b} {
		select {
		case <-c.done:
			t.Fatal("a player at a game in progress was closed as idle")
		default:
		}
	}
	a.send("7g7f", "enter")
	b.waitTitle("move 2 ")
}

// TestReconnectByKey: where the server checks keys, a player's key finds
// the seat that waits for them, whatever name they type.
func TestReconnectByKey(t *testing.T) {
	t.Parallel()
	signer := func() gossh.Signer {
		_, priv, _ := ed25519.GenerateKey(rand.Reader)
		s, err := gossh.NewSignerFromKey(priv)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	ka, kb := signer(), signer()
	path := filepath.Join(t.TempDir(), "authorized_keys")
	if err := os.WriteFile(path, append(gossh.MarshalAuthorizedKey(ka.PublicKey()), gossh.MarshalAuthorizedKey(kb.PublicKey())...), 0o600); err != nil {
		t.Fatal(err)
	}
	keys, err := ReadAuthorizedKeys(path)
	if err != nil {
		t.Fatal(err)
	}
	ts := startServer(t, Config{AuthorizedKeys: keys}, lobby.Config{Grace: time.Minute})
	a := ts.dial(t, dialOpts{user: "alice", signer: ka})
	code := openTable(t, ts, a, "alice")
	b := ts.dial(t, dialOpts{user: "bob", signer: kb})
	joinTable(t, b, "bob", code)
	a.waitTitle("move 1 ")
	a.close()
	b.waitFor("alice is away (left or cut off)")
	a2 := ts.dial(t, dialOpts{user: "al", signer: ka})
	a2.waitFor("Your name")
	a2.send("ctrl+u", "Alice Liddell", "enter")
	a2.waitFor("Back to your game " + code + ": ▲Black alice vs △White bob")
	a2.send("enter")
	a2.waitTitle("move 1 ")
	b.waitFor("alice is back.")
	a2.send("7g7f", "enter")
	b.waitTitle("move 2 ")
}

// TestBellOverSSH: the bell chosen in the lobby's menu reaches the
// client as a BEL of its own (not an OSC sequence's terminator) when the
// opponent moves, and not when the player does.
func TestBellOverSSH(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{}, lobby.Config{})
	a := ts.dial(t, dialOpts{user: "alice"})
	a.waitFor("Your name")
	a.send("ctrl+u", "alice", "enter")
	a.waitFor("Bell  < off >")
	a.send("down", "down", "down", "down", "right")
	a.waitFor("Bell  < moves >")
	a.send("up", "up", "up", "up")
	a.send("enter")
	a.waitFor("Open the table")
	a.send("down", "down", "down", "enter")
	a.waitFor("Your table's code:")
	code := ts.Lobby().Tables()[0].Code
	b := ts.dial(t, dialOpts{user: "bob"})
	joinTable(t, b, "bob", code)
	a.waitTitle("move 1 ")
	a.send("7g7f", "enter")
	b.waitTitle("move 2 ")
	a.waitTitle("move 2 ")
	b.send("3c3d", "enter")
	a.waitTitle("move 3 ")
	// bob's chat line reaches alice after his move's bell, and after
	// any her own move rang: one bell then is his move's alone.
	b.send("t", "bell?", "enter")
	a.waitFor("bob: bell?")
	if n := bells(a.rawBytes()); n != 1 {
		t.Fatalf("alice (bell on moves) got %d bells for her move and bob's, want 1: his", n)
	}
	if n := bells(b.rawBytes()); n != 0 {
		t.Errorf("bob (bell off) got %d bells", n)
	}
}

// osc is an OSC sequence: its BEL ends it, and is no bell.
var osc = regexp.MustCompile("\x1b\\][^\x07\x1b]*(?:\x07|\x1b\\\\)")

// bells counts the BELs in a terminal's output that ring.
func bells(out []byte) int { return bytes.Count(osc.ReplaceAll(out, nil), []byte{7}) }
