package sshd

import (
	"testing"

	"shogi/app/lobby"
)

// The players at a table whose server (its referee) is cut off from the
// other nodes read so at their table, and that it is back; when another
// node took the game over meanwhile, they are sent to the lobby's menu,
// told where the game went on and for how long their seat waits there.
func TestTableCutOffAndLostOnScreen(t *testing.T) {
	t.Parallel()
	ts := startServer(t, Config{}, lobby.Config{})
	// At 80 columns: the table's lines fit the smallest screen.
	alice := ts.dial(t, dialOpts{user: "alice", w: 80, h: 24})
	code := openTable(t, ts, alice, "alice")
	bob := ts.dial(t, dialOpts{user: "bob", w: 200, h: 50})
	joinTable(t, bob, "bob", code)
	for _, c := range []*client{alice, bob} {
		c.waitTitle("move 1 ")
	}
	table := ts.Lobby().Table(code)
	table.Cut(true)
	for _, c := range []*client{alice, bob} {
		c.waitFor("This server is cut off from the others: another may take the game over.")
	}
	table.Cut(false)
	for _, c := range []*client{alice, bob} {
		c.waitFor("This server is back in touch with the others.")
	}
	table.Lose("node n1 took the table over while this one was cut off from the others")
	for _, c := range []*client{alice, bob} {
		// The status wraps: its two ends.
		c.waitFor("Another server took your game over while this one was cut off", "offered back for 1m0s.", "Create a table")
	}
	if ts.Lobby().Table(code) != nil {
		t.Error("the lost table is still in this node's lobby")
	}
}
