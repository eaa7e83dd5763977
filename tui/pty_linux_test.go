//go:build linux

package tui

import (
	"bytes"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"shogi/internal/termtest"
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

// firstFrame starts `shogi play` on a pseudo-terminal that answers no
// query at all (no cursor position, no colours, no modes), types keys
// into it at once, before the program has drawn anything, and returns how
// long the first frame (the board) took and everything the program wrote
// until the screen showed want (or the deadline passed).
func firstFrame(tb testing.TB, bin string, keys, want string) (time.Duration, []byte) {
	master, slave, err := openPTY()
	if err != nil {
		tb.Skipf("no pseudo-terminal: %v", err)
	}
	cmd := exec.Command(bin, "play")
	cmd.Env = append(os.Environ(), "TERM=xterm-256color", "XDG_STATE_HOME="+tb.TempDir(), "COLORTERM=", "CI=",
		"COLORFGBG=", "TMUX=", "LANG=C.UTF-8", "LC_ALL=")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	start := time.Now()
	err = cmd.Start()
	slave.Close()
	if err != nil {
		master.Close()
		tb.Fatal(err)
	}
	// Reads happen in a goroutine, which ends with the call: when it
	// returns, the reader is told to hand on nothing more, the program
	// is killed, and the master closed, so a read in progress ends too.
	chunks := make(chan []byte)
	done, ended := make(chan struct{}), make(chan struct{})
	defer func() {
		close(done)
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		master.Close()
		<-ended
	}()
	go func() {
		defer close(ended)
		defer close(chunks)
		for {
			buf := make([]byte, 4096)
			n, err := master.Read(buf)
			if n > 0 {
				select {
				case chunks <- buf[:n]:
				case <-done:
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	if keys != "" {
		if _, err := master.Write([]byte(keys)); err != nil {
			tb.Fatal(err)
		}
	}
	var seen []byte
	var first time.Duration
	timeout := time.After(15 * time.Second)
	for {
		select {
		case c, ok := <-chunks:
			if !ok {
				tb.Fatalf("the program closed the terminal; output %q", seen)
			}
			seen = append(seen, c...)
			if os.Getenv("PTY_TRACE") != "" {
				tb.Logf("%v %q", time.Since(start), c)
			}
			if first == 0 && bytes.Contains(seen, []byte("９")) {
				first = time.Since(start)
			}
			if first != 0 && bytes.Contains(seen, []byte(want)) {
				return first, seen
			}
		case <-timeout:
			tb.Fatalf("the screen never showed %q after 15 s (first frame after %v); output %q", want, first, seen)
		}
	}
}

// TestFirstFrame: in a terminal that never answers a query, the first
// frame comes at once (the background colour is asked for, and the answer
// would only change the palette later), and a move typed before it, while
// the terminal was not yet in raw mode, is played. The time is logged,
// not asserted (a bound would depend on the machine's load);
// BenchmarkFirstFrame gives the figures that catch a program waiting for
// an answer (Bubble Tea v1 waited 5 s).
func TestFirstFrame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := termtest.Binary(t)
	d, out := firstFrame(t, bin, "7g7f\r", "７六歩")
	t.Logf("first frame after %v", d)
	if !bytes.Contains(out, []byte("\x1b[?1049h")) {
		t.Errorf("no alternate screen")
	}
}

// firstFrame's reader ends with it, even when the screen showed what was
// wanted in the middle of the program's output, with more to come. No
// other test calls firstFrame while it runs (TestFirstFrame is not
// parallel: it is done before the parallel tests start).
func TestFirstFrameReaderEnds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	t.Parallel()
	bin := termtest.Binary(t)
	before := runtime.NumGoroutine()
	// Three calls: a reader left sending what nobody takes shows up in
	// some runs of one call, not all.
	for range 3 {
		firstFrame(t, bin, "", "９") // the first rank's label, mid-frame
	}
	// A reader that closed its channel may still be returning: give it a
	// moment, but not forever.
	buf := make([]byte, 1<<20)
	var stacks []byte
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		stacks = buf[:runtime.Stack(buf, true)]
		if !bytes.Contains(stacks, []byte("firstFrame")) || time.Now().After(deadline) {
			break
		}
	}
	t.Logf("goroutines before %d, after %d", before, runtime.NumGoroutine())
	if bytes.Contains(stacks, []byte("firstFrame")) {
		t.Fatalf("a reader outlived firstFrame by 5 s:\n%s", stacks)
	}
}

func BenchmarkFirstFrame(b *testing.B) {
	bin := termtest.Binary(b)
	for b.Loop() {
		firstFrame(b, bin, "", "９")
	}
}
