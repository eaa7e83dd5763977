package sshd

import (
	"bytes"
	"testing"
	"time"

	"shogi/app/lobby"
)

// BenchmarkFirstFrame measures a connection over loopback from dialling
// to the app's first frame (the name prompt) on the client's screen:
// TCP, the SSH handshake, the pty and shell requests, the app's start.
func BenchmarkFirstFrame(b *testing.B) {
	ts := startServer(b, Config{PerIP: 1 << 20, MaxSessions: 1 << 20, PerMinute: 1 << 30}, lobby.Config{})
	b.ResetTimer()
	for range b.N {
		conn, err := ts.dialConn(dialOpts{})
		if err != nil {
			b.Fatal(err)
		}
		c, err := startSession(b, conn, dialOpts{})
		if err != nil {
			b.Fatal(err)
		}
		for !bytes.Contains(c.rawBytes(), []byte("Your name")) {
			time.Sleep(time.Millisecond)
		}
		c.close()
	}
}
