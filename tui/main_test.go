package tui

import (
	"os"
	"testing"

	"shogi/game/usi/usitest"
	"shogi/internal/termtest"
	"shogi/internal/testenv"
)

// The test binary doubles as a scripted USI engine (see usitest): the
// app's tests play against it.
func TestMain(m *testing.M) {
	usitest.MaybeRun()
	cleanup := testenv.Isolate()
	testenv.WaitingTests(8)
	code := m.Run()
	termtest.RemoveBinary()
	cleanup()
	os.Exit(code)
}

// fakeEngine is the program to run as the scripted engine: the test
// binary itself, with usitest.Env set by the harness.
func fakeEngine(t testing.TB) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}
