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
// the menu took to appear and what the program wrote until then. With answerCPR the terminal answers the cursor
// position query (ESC [ 6 n), as every terminal emulator does, but never
// the colour query; without it the terminal answers nothing at all.
func firstFrame(tb testing.TB, bin string, answerCPR bool) (time.Duration, []byte) {
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
				return time.Since(start), seen
			}
		case <-timeout:
			tb.Fatalf("menu not drawn after 15 s; output %q", seen)
		}
	}
}

// TestFirstFrame checks that the program never asks the terminal for its
// colours: a terminal that does not answer would otherwise hold the first
// frame for termenv's 5 s timeout (Bubble Tea v1.3.10 asks in its package
// init; package termcolor answers for it first). The time it took is
// logged, not asserted; BenchmarkFirstFrame gives the figures.
func TestFirstFrame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildBinary(t)
	for _, answerCPR := range []bool{true, false} {
		d, out := firstFrame(t, bin, answerCPR)
		t.Logf("first frame, terminal answering the cursor query %v: %v", answerCPR, d)
		for _, q := range []string{"\x1b]11;?", "\x1b]10;?", "\x1b[6n"} {
			if bytes.Contains(out, []byte(q)) {
				t.Errorf("the program asked the terminal %q before its first frame", q)
			}
		}
	}
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
