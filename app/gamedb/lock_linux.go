package gamedb

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"syscall"
)

// lockHolder names the process holding the file's lock, from the
// kernel's list of locks (/proc/locks: the lock's pid and the file's
// device and inode), or "" when it cannot tell.
func lockHolder(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return ""
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return ""
	}
	// The device as /proc/locks writes it: major:minor:inode in hex
	// (major and minor as the kernel splits the number).
	dev := uint64(st.Dev)
	major, minor := (dev>>8)&0xfff|(dev>>32)&^0xfff, dev&0xff|(dev>>12)&^0xff
	want := fmt.Sprintf("%02x:%02x:%d", major, minor, st.Ino)
	f, err := os.Open("/proc/locks")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// 1: FLOCK  ADVISORY  WRITE 1211 fe:00:10177946 0 EOF
		fs := strings.Fields(sc.Text())
		if len(fs) < 6 || fs[1] != "FLOCK" || fs[5] != want {
			continue
		}
		pid := fs[4]
		cmd, _ := os.ReadFile("/proc/" + pid + "/cmdline")
		name := strings.TrimSpace(strings.ReplaceAll(string(cmd), "\x00", " "))
		if r := []rune(name); len(r) > 80 {
			name = string(r[:77]) + "..."
		}
		if name == "" {
			return "process " + pid
		}
		return fmt.Sprintf("%s (process %s)", name, pid)
	}
	return ""
}

// heldByWriter reports whether another process holds the file's writer
// lock now (bbolt's exclusive flock): a shared lock taken without
// waiting fails then. The lock taken is let go at once.
func heldByWriter(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB); err != nil {
		return true
	}
	_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return false
}
