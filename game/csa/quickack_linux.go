package csa

import (
	"net"
	"syscall"
)

// quickAck asks Linux to acknowledge what the server sends at once. The
// reference server writes each line as it comes, with Nagle's algorithm
// on: a move it sends us while our acknowledgement of its last line is
// still delayed (by up to 40 ms) waits for it. The kernel leaves quick
// acknowledgement on its own, so the reader asks again after each read.
func quickAck(c net.Conn) {
	tc, ok := c.(*net.TCPConn)
	if !ok {
		return
	}
	raw, err := tc.SyscallConn()
	if err != nil {
		return
	}
	raw.Control(func(fd uintptr) {
		syscall.SetsockoptInt(int(fd), syscall.IPPROTO_TCP, syscall.TCP_QUICKACK, 1)
	})
}
