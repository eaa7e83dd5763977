package sshd

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"shogi/internal/termtest"
	"shogi/internal/testenv"
	"shogi/kifu"
)

// tookOverRE finds when a node's log says it took a table over.
var tookOverRE = regexp.MustCompile(`time=(\S+) level=INFO msg="took a table over" node=\S+ table=([A-Z0-9]+)`)

// readKIF reads a record and its main line's moves and times.
func readKIF(t *testing.T, path string) (moves []string, spent []time.Duration, ending kifu.Ending, text string) {
	t.Helper()
	rec, err := kifu.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range rec.MainLine() {
		if n.Ending != kifu.NoEnding {
			ending = n.Ending
			continue
		}
		moves = append(moves, n.Move.USI())
		spent = append(spent, n.Elapsed)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text, _, _, err = kifu.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return moves, spent, ending, text
}

// Three shogi serve processes with embedded, routed NATS; two OpenSSH
// clients on different nodes play with a spectator on the third, and
// the referee's node (the creator's) gets SIGTERM mid-game. It hands
// the table over instead of ending it: its player is told in the last
// line on the terminal where the game goes on, and no record of an
// interrupted game is written there; another node takes the table over
// at once (not after the lease lapses), the far player and the
// spectator carry on where they are, the stopped node's player connects
// to another node and is offered the seat, and the game ends there with
// every move and its time as before the stop.
func TestThreeNodesRefereeStopped(t *testing.T) {
	if !testenv.Long() {
		t.Skip("three shogi serve processes, one stopped with SIGTERM and its table handed over (about a minute): SHOGI_LONG_TESTS=1")
	}
	termtest.Need(t, "ssh")
	nodes := startServeCluster(t, 3, 2*time.Minute)
	n1, n2, n3 := nodes[0], nodes[1], nodes[2]

	alice, bob, carol, code := seatAcrossNodes(t, n1, n2, n3)

	alice.Keys("7g7f", "Enter")
	bob.WaitFor("７六歩")
	bob.Keys("3c3d", "Enter")
	alice.WaitFor("３四歩")
	bob.Keys("t", "yoroshiku", "Enter")
	alice.WaitFor("bob: yoroshiku")
	alice.Keys("2g2f", "Enter")
	bob.WaitFor("２六歩")
	carol.WaitFor("3 ▲２六歩", "bob: yoroshiku")

	// n1, the referee, is stopped as a service manager stops it.
	stopped := time.Now()
	if err := n1.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-n1.done:
	case <-time.After(30 * time.Second):
		t.Fatal("n1 did not stop within 30 s of SIGTERM")
	}
	if code := n1.cmd.ProcessState.ExitCode(); code != 0 {
		t.Errorf("n1 exited with %d after SIGTERM", code)
	}
	sshExited(t, alice)
	// The line is wider than the pane: its end is on the screen, and n1
	// logs the whole of it as the connection's outcome.
	if s := alice.Screen(); !strings.Contains(s, "where your seat is offered back for 2m0s; the clocks wait for the player to move.") {
		t.Errorf("alice is not told where her game goes on:\n%s", s)
	}
	log1 := n1.log.String()
	if !strings.Contains(log1, `user=alice`) || !strings.Contains(log1, `outcome="This server is stopping: your game goes on on another server.`) {
		t.Errorf("n1 does not log alice's session ending with the handover's line")
	}
	if !strings.Contains(log1, `msg="game handed over" node=n1 code=`+code) && !strings.Contains(log1, `msg="game handed over" code=`+code) {
		t.Errorf("n1 does not log the game handed over")
	}
	if strings.Contains(log1, `msg="game over"`) {
		t.Errorf("n1 ended the game:\n%s", tail([]byte(log1), 3000))
	}
	// n1 kept the game so far, with no ending.
	kept, _ := filepath.Glob(filepath.Join(n1.games, "*"+code+"*.kif*"))
	if len(kept) != 1 {
		t.Fatalf("n1's records of the game: %v", kept)
	}
	keptMoves, keptSpent, ending, text := readKIF(t, kept[0])
	if ending != kifu.NoEnding || strings.Join(keptMoves, " ") != "7g7f 3c3d 2g2f" {
		t.Fatalf("n1's record: moves %v, ending %v:\n%s", keptMoves, ending, text)
	}

	// The new referee took the table over at once: the time its log
	// gives, against the signal's.
	var took time.Time
	var by *serveProc
	waitUntilWithin(t, 30*time.Second, "n2 or n3 takes the table over", func() bool {
		for _, p := range []*serveProc{n2, n3} {
			for _, m := range tookOverRE.FindAllStringSubmatch(p.log.String(), -1) {
				if m[2] == code {
					at, err := time.Parse(time.RFC3339Nano, m[1])
					if err != nil {
						t.Fatalf("%s's log time %q: %v", p.name, m[1], err)
					}
					took, by = at, p
					return true
				}
			}
		}
		return false
	})
	t.Logf("from SIGTERM to %s refereeing the table: %v", by.name, took.Sub(stopped).Round(time.Millisecond))

	// bob's seat on n2 sat down at the new referee by itself: he is to
	// move, and plays on before alice is back.
	bob.Keys("8c8d", "Enter")
	carol.WaitLong(30*time.Second, "4 △８四歩")

	alice2 := sshClient(t, n3.addr, "alice", 110, 36)
	alice2.WaitLong(30*time.Second, "Your name: alice")
	alice2.Keys("Enter")
	waitUntilWithin(t, 30*time.Second, "alice on n3 offered her seat", func() bool {
		if strings.Contains(alice2.Screen(), "Back to your game "+code) {
			return true
		}
		alice2.Keys("Down", "Up")
		return false
	})
	alice2.Keys("Enter")
	alice2.WaitFor("△White bob", "８四歩")
	alice2.Keys("2f2e", "Enter")
	bob.WaitFor("２五歩")
	carol.WaitFor("5 ▲２五歩")
	bob.Keys("x", "y", "Enter")
	alice2.WaitFor("Black wins by resignation after 5 moves")
	carol.WaitFor("Black wins by resignation after 5 moves")

	// The record: written once, by the new referee, with every move; the
	// three before the stop took what they took on n1.
	var found []string
	waitUntilWithin(t, 10*time.Second, "the record written", func() bool {
		found = nil
		for _, p := range []*serveProc{n2, n3} {
			m, _ := filepath.Glob(filepath.Join(p.games, "*"+code+"*.kif*"))
			found = append(found, m...)
		}
		return len(found) > 0
	})
	if len(found) != 1 {
		t.Fatalf("records of the game: %v", found)
	}
	moves, spent, ending, text := readKIF(t, found[0])
	if got := strings.Join(moves, " "); got != "7g7f 3c3d 2g2f 8c8d 2f2e" {
		t.Fatalf("the record's moves: %s", got)
	}
	if ending != kifu.Resign {
		t.Errorf("the record ends in %v, not a resignation:\n%s", ending, text)
	}
	for i := range keptSpent {
		if spent[i] != keptSpent[i] {
			t.Errorf("move %d took %v on n1, %v in the record", i+1, keptSpent[i], spent[i])
		}
	}
	if !strings.Contains(text, "bob: yoroshiku") {
		t.Errorf("the record lacks the chat said before the stop:\n%s", text)
	}
}
