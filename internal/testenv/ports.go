package testenv

import (
	"net"
	"sync"
	"testing"
)

// picked are the ports FreePort has handed out in this test binary.
var picked sync.Map

// FreePort returns a loopback TCP port that nothing listened on a moment
// ago and that no other caller in this test binary got: the kernel may
// hand a port just closed out again, and two servers of one test (or of
// two parallel tests) were given the same one (CI: a node's SSH listener
// on the port another node's NATS routes bound first).
func FreePort(t testing.TB) int {
	t.Helper()
	for {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port := ln.Addr().(*net.TCPAddr).Port
		ln.Close()
		if _, dup := picked.LoadOrStore(port, true); !dup {
			return port
		}
	}
}

// FreePorts returns n ports as FreePort does, all different.
func FreePorts(t testing.TB, n int) []int {
	t.Helper()
	ports := make([]int, n)
	for i := range ports {
		ports[i] = FreePort(t)
	}
	return ports
}
