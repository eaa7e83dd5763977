package csatest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
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
	if why := realServerMissing(); why != "" {
		t.Skip(why)
	}
	dir = t.TempDir()
	addr, pid, err := startReal(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stopReal(pid) })
	return addr, dir
}

// shared is the reference server SharedRealServer started, if it did.
var shared struct {
	once      sync.Once
	addr, dir string
	pid       int
	skip, err string
}

// SharedRealServer is RealServer started once per test binary, on the
// first call, for tests that log in under names and play games of names
// no other test uses (the server pairs by game name). Its records are
// under a directory of its own; TestMain calls StopSharedRealServer once
// the tests end. Starting the server costs a Ruby interpreter's start
// and its loading of the server, once instead of once a test.
func SharedRealServer(t testing.TB) (addr, dir string) {
	t.Helper()
	shared.once.Do(func() {
		if shared.skip = realServerMissing(); shared.skip != "" {
			return
		}
		d, err := os.MkdirTemp("", "csa-server-")
		if err != nil {
			shared.err = err.Error()
			return
		}
		shared.dir = d
		if shared.addr, shared.pid, err = startReal(d); err != nil {
			shared.err = err.Error()
		}
	})
	if shared.skip != "" {
		t.Skip(shared.skip)
	}
	if shared.err != "" {
		t.Fatal(shared.err)
	}
	return shared.addr, shared.dir
}

// StopSharedRealServer stops the server SharedRealServer started and
// removes its directory; it does nothing when none was started.
func StopSharedRealServer() {
	if shared.pid != 0 {
		stopReal(shared.pid)
		shared.pid = 0
	}
	if shared.dir != "" {
		_ = os.RemoveAll(shared.dir)
		shared.dir = ""
	}
}

// realServerMissing says why the reference server cannot run here, or
// returns "".
func realServerMissing() string {
	script, why := StartScript()
	if script == "" {
		return why
	}
	if err := exec.Command("ruby", "-e", `require "webrick"`).Run(); err != nil {
		return fmt.Sprintf("the CSA reference server needs ruby and ruby-webrick (%v); .ci/run installs them", err)
	}
	return ""
}

// startReal runs the start script on a free loopback port with dir for
// the records and returns the address and the server's PID.
func startReal(dir string) (addr string, pid int, err error) {
	script, _ := StartScript()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", 0, err
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	out, err := exec.Command(script, strconv.Itoa(port), dir).Output()
	if err != nil {
		return "", 0, fmt.Errorf("%s: %v", script, err)
	}
	pid, err = strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		return "", 0, fmt.Errorf("%s printed %q, not a PID", script, out)
	}
	return "127.0.0.1:" + strconv.Itoa(port), pid, nil
}

// stopReal kills the server. It is not our child (the script started it
// in the background): it can be killed, not waited for. Its records are
// written as it goes.
func stopReal(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		_ = p.Kill()
	}
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
