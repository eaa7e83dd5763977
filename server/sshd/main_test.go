package sshd

import (
	"os"
	"testing"

	"shogi/internal/testenv"
)

// The server's tests run the app and OpenSSH's client: neither may touch
// the user's files (host keys, known hosts, games, logs).
func TestMain(m *testing.M) {
	cleanup := testenv.Isolate()
	testenv.WaitingTests(8)
	code := m.Run()
	cleanup()
	os.Exit(code)
}
