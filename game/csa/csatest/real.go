package csatest

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// ServerEnv names the reference server's start script when it is not
// where RealServer looks (shared/csa-server/start in this directory or
// one above it).
const ServerEnv = "SHOGI_CSA_SERVER"

// StartScript returns the reference server's start script, or why it is
// not here.
func StartScript() (string, string) {
	if p := os.Getenv(ServerEnv); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", ServerEnv + ": " + err.Error()
		}
		return p, ""
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err.Error()
	}
	for {
		p := filepath.Join(dir, "shared", "csa-server", "start")
		if _, err := os.Stat(p); err == nil {
			return p, ""
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", "the CSA reference server is not here (no shared/csa-server/start above the test's directory; set " + ServerEnv + ")"
		}
		dir = up
	}
}

// RealServer starts the reference server (shogi-server, which floodgate
// runs) on a free loopback port, its records under a temporary
// directory, and stops it when the test ends. It returns the address and
// the directory. The test is skipped, saying why, when the server or Ruby
// is not here (.ci/run installs Ruby).
func RealServer(t testing.TB) (addr, dir string) {
	t.Helper()
	script, why := StartScript()
	if script == "" {
		t.Skip(why)
	}
	if err := exec.Command("ruby", "-e", `require "webrick"`).Run(); err != nil {
		t.Skipf("the CSA reference server needs ruby and ruby-webrick (%v); .ci/run installs them", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	dir = t.TempDir()
	out, err := exec.Command(script, strconv.Itoa(port), dir).Output()
	if err != nil {
		t.Fatalf("%s: %v", script, err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatalf("%s printed %q, not a PID", script, out)
	}
	t.Cleanup(func() {
		// Not our child (the script started it in the background): it
		// can be killed, not waited for. Its records are written as it
		// goes.
		if p, err := os.FindProcess(pid); err == nil {
			p.Kill()
		}
	})
	return "127.0.0.1:" + strconv.Itoa(port), dir
}

// Record returns the record the reference server wrote of a game (under
// dir/YYYY/MM/DD/<id>.csa), waiting a moment for it to be complete.
func Record(t testing.TB, dir, gameID string) string {
	t.Helper()
	for i := 0; ; i++ {
		files, _ := filepath.Glob(filepath.Join(dir, "*", "*", "*", gameID+".csa"))
		if len(files) == 1 {
			b, err := os.ReadFile(files[0])
			if err == nil && strings.Contains(string(b), "'$END_TIME:") {
				return string(b)
			}
		}
		if i == 100 {
			t.Fatalf("no complete record of %s under %s", gameID, dir)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// RecordMoves returns the moves of a server's record as it wrote them
// ("+7776FU"), each with its time (T).
func RecordMoves(record string) (moves []string, times []int) {
	for _, l := range strings.Split(record, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case len(l) == 7 && (l[0] == '+' || l[0] == '-'):
			moves = append(moves, l)
		case len(l) > 1 && l[0] == 'T' && len(times) < len(moves):
			n, err := strconv.Atoi(l[1:])
			if err == nil {
				times = append(times, n)
			}
		}
	}
	return moves, times
}
