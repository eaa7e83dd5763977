// Package testenv keeps tests off the user's files: a test binary's
// TestMain calls Isolate before the tests run, and every directory the app
// or an engine would write to — home, config, state, data, cache — is a
// fresh temporary one for the whole binary.
package testenv

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
)

// Isolate points HOME and the XDG base directories at a new temporary
// directory and returns a function that removes it. It is meant for
// TestMain, before any test runs (it sets the process's environment).
// The go command that tests run (to build the app for the terminal
// tests) keeps the user's build and module caches and go env settings:
// they are found before HOME moves and named in the environment.
func Isolate() (cleanup func()) {
	keepGoEnv()
	dir, err := os.MkdirTemp("", "shogi-test-home-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "testenv:", err)
		os.Exit(2)
	}
	for _, v := range []struct{ name, sub string }{
		{"HOME", "home"},
		{"XDG_CONFIG_HOME", "config"},
		{"XDG_STATE_HOME", "state"},
		{"XDG_DATA_HOME", "data"},
		{"XDG_CACHE_HOME", "cache"},
	} {
		p := filepath.Join(dir, v.sub)
		if err := os.MkdirAll(p, 0o755); err != nil {
			fmt.Fprintln(os.Stderr, "testenv:", err)
			os.Exit(2)
		}
		os.Setenv(v.name, p)
	}
	return func() { os.RemoveAll(dir) }
}

// Long reports whether the long tier is asked for (SHOGI_LONG_TESTS=1):
// more random positions, games and edits than the default run takes, and
// the full-size runs of tests against real processes (engines, servers,
// clusters) whose default run is a shorter form of the same check. .ci/run
// runs it after the default tier, so that go test ./... stays a quick loop.
func Long() bool { return os.Getenv("SHOGI_LONG_TESTS") != "" }

// keepGoEnv names in the environment where the go command keeps its
// caches and settings, as it finds them now, so that a go command run
// after HOME and the XDG folders have moved still uses them (a cold build
// cache would rebuild the standard library for every test binary).
func keepGoEnv() {
	out, err := exec.Command("go", "env", "-json", "GOCACHE", "GOMODCACHE", "GOPATH", "GOENV").Output()
	if err != nil {
		return // no go command: the tests that need one skip
	}
	var env map[string]string
	if json.Unmarshal(out, &env) != nil {
		return
	}
	for k, v := range env {
		if v != "" && os.Getenv(k) == "" {
			os.Setenv(k, v)
		}
	}
}

// WaitingTests lets n parallel tests run at once unless -parallel says
// otherwise: for a package whose parallel tests mostly wait (on tmux, a
// terminal, an SSH client or an engine) rather than compute, so that the
// default of one per core would leave the cores idle. Call it from
// TestMain before m.Run.
func WaitingTests(n int) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		flag.Set("test.parallel", strconv.Itoa(n))
	}
}
