package main

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"shogi/internal/testenv"
)

// The test binary is also the server the driver starts (-child).
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "-child" {
		runServer()
		return
	}
	cleanup := testenv.Isolate()
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// Four sessions at two tables play for half a second, each table at
// least a move whatever the load: every move typed reaches the opponent's
// screen, and the report says so in its figures. The server keeps a
// dropped seat and a finished table 100 ms, not 2 s, so that it is soon
// idle again after the hang-up.
func TestDrive(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a server and four SSH sessions for a second")
	}
	t.Setenv(graceEnv, "100ms") // the server process inherits it
	var out strings.Builder
	if err := drive(&out, 4, 20*time.Millisecond, 500*time.Millisecond); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	report := out.String()
	t.Log(report)
	m := regexp.MustCompile(`played: (\d+) moves in \S+ \(\S+ a second\); (\d+) games ended, (\d+) moves never seen`).FindStringSubmatch(report)
	if m == nil {
		t.Fatalf("no play line:\n%s", report)
	}
	if moves, _ := strconv.Atoi(m[1]); moves < 2 {
		t.Errorf("%d moves at two tables:\n%s", moves, report)
	}
	if m[3] != "0" {
		t.Errorf("moves never seen:\n%s", report)
	}
	// Once every client has hung up, the server's goroutines are back to
	// their idle number: nothing of a session is left running.
	if m := regexp.MustCompile(`server has (\d+) goroutines \(idle (\d+)\)`).FindStringSubmatch(report); m == nil {
		t.Errorf("no closing line:\n%s", report)
	} else if after, idle := atoi(m[1]), atoi(m[2]); after > idle {
		t.Errorf("%d goroutines left after the sessions closed (idle %d):\n%s", after, idle, report)
	}
	for _, want := range []string{"loadtest: 4 sessions at 2 tables", "seated: 4 sessions", "per session: heap",
		"move → opponent's screen: median", "server CPU:", "load average:", "closed: 4 sessions hung up;"} {
		if !strings.Contains(report, want) {
			t.Errorf("the report lacks %q:\n%s", want, report)
		}
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// Six sessions over three nodes routed to one another: every move still
// reaches the opponent's screen, and the report gives the NATS traffic a
// move.
func TestDriveThreeNodes(t *testing.T) {
	if !testenv.Long() {
		t.Skip("three server processes forming a JetStream cluster: SHOGI_LONG_TESTS=1")
	}
	nodes = 3
	withCluster = true
	defer func() { nodes, withCluster = 1, false }()
	var out strings.Builder
	if err := drive(&out, 6, 20*time.Millisecond, 2*time.Second); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	report := out.String()
	t.Log(report)
	m := regexp.MustCompile(`played: (\d+) moves in \S+ \(\S+ a second\); (\d+) games ended, (\d+) moves never seen`).FindStringSubmatch(report)
	if m == nil || atoi(m[1]) < 3 || m[3] != "0" {
		t.Fatalf("play line:\n%s", report)
	}
	n := regexp.MustCompile(`NATS a move: ([\d.]+) messages and (\d+) bytes at the nodes' clients; ([\d.]+) messages`).FindStringSubmatch(report)
	if n == nil {
		t.Fatalf("no NATS line:\n%s", report)
	}
	// Each move is saved (the state, the list's line) by its table's
	// node: at least two messages out and their answers back.
	if msgs, _ := strconv.ParseFloat(n[1], 64); msgs < 2 {
		t.Errorf("%.1f NATS messages a move:\n%s", msgs, report)
	}
}
