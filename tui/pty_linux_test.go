//go:build linux

package tui

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// openPTY opens a pseudo-terminal pair with the kernel's ioctls (no
// dependency): the master end for the test, the slave for the program.
func openPTY() (master, slave *os.File, err error) {
	master, err = os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, nil, err
	}
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		master.Close()
		return nil, nil, e
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		master.Close()
		return nil, nil, e
	}
	ws := [4]uint16{24, 80, 0, 0} // rows, columns
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCSWINSZ, uintptr(unsafe.Pointer(&ws))); e != 0 {
		master.Close()
		return nil, nil, e
	}
	slave, err = os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		master.Close()
		return nil, nil, err
	}
	return master, slave, nil
}

// buildBinary builds the shogi command into a temporary directory.
func buildBinary(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "shogi")
	out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// firstFrame starts the binary on a pseudo-terminal and returns how long
// the menu took to appear. With answerCPR the terminal answers the cursor
// position query (ESC [ 6 n), as every terminal emulator does, but never
// the colour query; without it the terminal answers nothing at all.
func firstFrame(tb testing.TB, bin string, answerCPR bool) time.Duration {
	master, slave, err := openPTY()
	if err != nil {
		tb.Skipf("no pseudo-terminal: %v", err)
	}
	defer master.Close()
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "TERM=xterm-256color", "SHOGI_STATE_DIR="+tb.TempDir(), "COLORTERM=", "CI=")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	slave.Close()
	defer func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}()
	// Reads happen in a goroutine: a pty master does not take deadlines.
	chunks := make(chan []byte)
	go func() {
		for {
			buf := make([]byte, 4096)
			n, err := master.Read(buf)
			if n > 0 {
				chunks <- buf[:n]
			}
			if err != nil {
				close(chunks)
				return
			}
		}
	}()
	var seen []byte
	timeout := time.After(15 * time.Second)
	for {
		select {
		case c, ok := <-chunks:
			if !ok {
				tb.Fatalf("the program closed the terminal before the menu appeared; output %q", seen)
			}
			if answerCPR && bytes.Contains(c, []byte("\x1b[6n")) {
				_, _ = master.Write([]byte("\x1b[1;1R"))
			}
			seen = append(seen, c...)
			if os.Getenv("PTY_TRACE") != "" {
				tb.Logf("%v %q", time.Since(start), c)
			}
			if bytes.Contains(seen, []byte("New game")) {
				return time.Since(start)
			}
		case <-timeout:
			tb.Fatalf("menu not drawn after 15 s; output %q", seen)
		}
	}
}

// TestFirstFrame reports how long the first frame takes. It is a report,
// not a timed assertion; BenchmarkFirstFrame gives the figures with -bench.
//
// On a terminal that answers nothing, Bubble Tea v1.3.10 itself waits out
// termenv's 5 s query timeout: its package init (tea_init.go) asks for the
// background colour before main runs, so nothing in this program can set
// the answer first. Every terminal emulator answers the cursor-position
// query sent with it, which ends the wait at once; under tmux and screen
// (TERM=screen*, tmux*) termenv does not ask at all.
func TestFirstFrame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildBinary(t)
	t.Logf("first frame, terminal answering the cursor query: %v", firstFrame(t, bin, true))
	t.Logf("first frame, terminal answering nothing: %v", firstFrame(t, bin, false))
}

func BenchmarkFirstFrame(b *testing.B) {
	bin := buildBinary(b)
	b.Run("answers-cursor-query", func(b *testing.B) {
		for b.Loop() {
			firstFrame(b, bin, true)
		}
	})
	b.Run("silent", func(b *testing.B) {
		for b.Loop() {
			firstFrame(b, bin, false)
		}
	})
}
